/**
 * Ley 1581 consents, birth dates and minors, and withdrawals from a cohort
 * (ADR 030): consents are recorded per purpose with their text version,
 * date and channel; a withdrawal takes effect at once (the sensitive fields
 * are erased, a report's join drops the person); a withdrawn student leaves
 * the at-risk lists (the gradebook's and the dashboard's), the absence
 * alerts and the dashboard's count of students, and is counted by reason.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { consents, memberships, profiles, users } from '~/lib/server/db/schema';
import { consentInForce, grantConsent, hasConsent, listUsersWithConsent, withdrawConsent } from '~/lib/server/services/people/consents';
import { countWithdrawalsByReason } from '~/lib/server/services/structure/withdrawals';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';
import { listAbsenceAlerts } from '~/lib/server/services/attendance/absence-alerts';
import { listCohortsAtRisk } from '~/lib/server/services/gradebook/staff-pages';
import { getDashboardFigures } from '~/lib/server/services/reports/dashboard';
import { CONSENT_TEXT_VERSIONS } from '~/lib/shared/schemas/consents';
import { todayInBogota } from '~/lib/shared/age-bands';
import { ROLE_IDS } from '~/lib/shared/constants';
import { GET as myProfile, PUT as saveMyProfile } from '~/pages/api/v2/profiles/me/index';
import { PUT as saveUserProfile } from '~/pages/api/v2/users/[id]/profile';
import { GET as myConsents } from '~/pages/api/v2/profiles/me/consents/index';
import * as consentRoute from '~/pages/api/v2/profiles/me/consents/[purpose]';
import * as withdrawalsRoute from '~/pages/api/v2/cohorts/[id]/withdrawals/index';
import { DELETE as readmitRoute } from '~/pages/api/v2/cohorts/[id]/withdrawals/[userId]';
import { POST as myWithdrawalRoute } from '~/pages/api/v2/cohorts/[id]/my-withdrawal';
import { GET as myCohortsRoute } from '~/pages/api/v2/profiles/me/cohorts';
import { POST as assignUsersRoute } from '~/pages/api/v2/cohorts/[id]/assign_users';
import { GET as reportRoute } from '~/pages/api/v2/reports/index';
import { call } from '../support/http';
import { personFormFor } from '../factories/person-form';
import { registerVisitorFor, createOffer } from '../factories/registrations';
import { accessTokenFor, createUser, createWorld, enrollStudent } from '../factories';
import { callerOf, createLiveSessionRow } from '../factories/forums';
import { createGradeCategory, gradeSubmission, putAssignmentIn } from '../factories/gradebook';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A birth date `years` years before today (Bogotá). */
function bornYearsAgo(years: number): string {
  const today = new Date(`${todayInBogota()}T12:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
}

async function personWithToken(email = 'sofia@correo.co') {
  const person = await createUser({ email, firstName: 'Sofía', lastName: 'Martínez', userType: 'student' });
  return { person, token: await accessTokenFor(person) };
}

async function consentRowsOf(userId: number) {
  const db = await getDb();
  return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));
}

describe('consents on the person form', () => {
  it('keeps the population group only under the sensitive-data consent the form gives, recorded with its text version and channel', async () => {
    const { person, token } = await personWithToken();
    const saved = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...personFormFor('sofia@correo.co'), populationGroup: 'conflict_victim' } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ populationGroup: 'conflict_victim', sensitiveDataConsent: true, birthDate: '1998-04-12', guardian: null, isComplete: true });
    expect(await consentRowsOf(person.id)).toMatchObject([{ purpose: 'sensitive_data', channel: 'account', textVersion: CONSENT_TEXT_VERSIONS.sensitive_data, recordedBy: null, withdrawnAt: null }]);

    // Declined on the next save: the consent is withdrawn and the group erased, and the form is still complete.
    const { populationGroup: _group, ...declining } = personFormFor('sofia@correo.co');
    const declined = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...declining, sensitiveDataConsent: false } });
    expect(declined.json).toMatchObject({ populationGroup: null, sensitiveDataConsent: false, isComplete: true });
    const db = await getDb();
    expect((await db.select({ group: profiles.populationGroup }).from(profiles).where(eq(profiles.userId, person.id)))[0]).toEqual({ group: null });
    expect((await consentRowsOf(person.id))[0]!.withdrawnAt).not.toBeNull();
  });

  it('takes "prefer not to say" as the population group, and still requires a choice under the consent, in Spanish and English', async () => {
    const { token } = await personWithToken();
    const { populationGroup: _group, ...withoutGroup } = personFormFor('sofia@correo.co');
    const es = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: withoutGroup, headers: { 'accept-language': 'es' } });
    expect(es.status).toBe(400);
    expect(es.json.error.fields).toEqual({ populationGroup: 'El grupo poblacional es obligatorio' });
    const en = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: withoutGroup, headers: { 'accept-language': 'en' } });
    expect(en.json.error.fields).toEqual({ populationGroup: 'Population group is required' });
    const declined = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...withoutGroup, populationGroup: 'prefer_not_to_say' } });
    expect(declined.json).toMatchObject({ populationGroup: 'prefer_not_to_say', sensitiveDataConsent: true });
  });

  it("records a consent an admin enters as the staff's, naming who recorded it", async () => {
    const { person } = await personWithToken();
    const admin = await createUser({ userType: 'admin' });
    const saved = await call(saveUserProfile, { path: `/api/v2/users/${person.id}/profile/`, params: { id: String(person.id) }, token: await accessTokenFor(admin), method: 'PUT', body: personFormFor('sofia@correo.co') });
    expect(saved.status).toBe(200);
    expect(await consentRowsOf(person.id)).toMatchObject([{ purpose: 'sensitive_data', channel: 'staff', recordedBy: admin.id }]);
  });

  it("registers a minor only with their guardian's name, document and authorisation, and with a tarjeta de identidad", async () => {
    const { person, token } = await personWithToken();
    const minor = { ...personFormFor('sofia@correo.co'), birthDate: bornYearsAgo(16) };
    const refused = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: minor });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({
      documentType: 'Una persona menor de edad se identifica con tarjeta de identidad (o registro civil si tiene menos de 7 años)',
      'guardian.name': 'El nombre del acudiente es obligatorio para una persona menor de edad',
    });
    const guardian = { name: 'Marta Ruiz', documentType: 'CC', documentNumber: '52123456', consent: true };
    const saved = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...minor, documentType: 'TI', guardian } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ documentType: 'TI', guardian: { name: 'Marta Ruiz', documentType: 'CC', documentNumber: '52123456' }, isComplete: true });
    expect(saved.json.guardian.consentedAt).toEqual(expect.any(String));
    // Given as an adult later, the guardian is cleared.
    const adult = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...personFormFor('sofia@correo.co'), guardian } });
    expect(adult.json.guardian).toBeNull();
    const db = await getDb();
    expect((await db.select({ name: profiles.guardianName }).from(profiles).where(eq(profiles.userId, person.id)))[0]).toEqual({ name: null });
  });
});

describe('consents of a visitor who signs up', () => {
  it('records the general policy, the sensitive-data choice and the funder reports one with the sign-up channel', async () => {
    const offer = await createOffer();
    const { populationGroup: _group, ...declining } = personFormFor('x@correo.co');
    const { user } = await registerVisitorFor(offer, { ...declining, sensitiveDataConsent: false, funderReportsConsent: true, email: 'laura@correo.co' });
    const rows = await consentRowsOf(user.id);
    expect(rows.map((row) => [row.purpose, row.channel, row.withdrawnAt])).toEqual([
      ['general', 'sign_up', null],
      ['funder_reports', 'sign_up', null],
    ]);
    const db = await getDb();
    expect((await db.select({ group: profiles.populationGroup, birthDate: profiles.birthDate }).from(profiles).where(eq(profiles.userId, user.id)))[0]).toEqual({ group: null, birthDate: '1998-04-12' });
  });
});

describe('a person\'s consents on their account', () => {
  it('lists every purpose, withdraws and grants again (a new record, the old one kept), and never withdraws the general one', async () => {
    const { person, token } = await personWithToken();
    await grantConsent(await getDb(), person.id, 'general', 'sign_up');
    const listed = await call(myConsents, { path: '/api/v2/profiles/me/consents/', token });
    expect(listed.json.results.map((item: { purpose: string; isGranted: boolean; channel: string | null }) => [item.purpose, item.isGranted, item.channel])).toEqual([
      ['general', true, 'sign_up'],
      ['sensitive_data', false, null],
      ['funder_reports', false, null],
    ]);
    const path = (purpose: string) => `/api/v2/profiles/me/consents/${purpose}/`;
    const granted = await call(consentRoute.PUT, { method: 'PUT', path: path('funder_reports'), params: { purpose: 'funder_reports' }, token, body: {} });
    expect(granted.status).toBe(200);
    expect(granted.json.results[2]).toMatchObject({ purpose: 'funder_reports', isGranted: true, channel: 'account', textVersion: CONSENT_TEXT_VERSIONS.funder_reports, withdrawnAt: null, isWithdrawable: true });
    const withdrawn = await call(consentRoute.DELETE, { method: 'DELETE', path: path('funder_reports'), params: { purpose: 'funder_reports' }, token });
    expect(withdrawn.json.results[2]).toMatchObject({ isGranted: false, withdrawnAt: expect.any(String) });
    await call(consentRoute.PUT, { method: 'PUT', path: path('funder_reports'), params: { purpose: 'funder_reports' }, token, body: {} });
    expect((await consentRowsOf(person.id)).filter((row) => row.purpose === 'funder_reports').map((row) => row.withdrawnAt === null)).toEqual([false, true]);

    const general = await call(consentRoute.DELETE, { method: 'DELETE', path: path('general'), params: { purpose: 'general' }, token, headers: { 'accept-language': 'es' } });
    expect(general.status).toBe(409);
    expect(general.json.error).toMatchObject({ code: 'consent_not_withdrawable', message: 'La autorización general se retira solicitando la eliminación de tus datos.' });
    const unknown = await call(consentRoute.PUT, { method: 'PUT', path: path('marketing'), params: { purpose: 'marketing' }, token, body: {}, headers: { 'accept-language': 'en' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields).toEqual({ purpose: 'That purpose does not exist' });
  });

  it('erases the sensitive fields when their consent is withdrawn from the account page', async () => {
    const { person, token } = await personWithToken();
    await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...personFormFor('sofia@correo.co'), populationGroup: 'indigenous' } });
    await call(consentRoute.DELETE, { method: 'DELETE', path: '/api/v2/profiles/me/consents/sensitive_data/', params: { purpose: 'sensitive_data' }, token });
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token })).json).toMatchObject({ populationGroup: null, sensitiveDataConsent: false });
    const db = await getDb();
    expect((await db.select({ group: profiles.populationGroup }).from(profiles).where(eq(profiles.userId, person.id)))[0]).toEqual({ group: null });
    // Granted again, nothing comes back by itself: the person gives the group again.
    await call(consentRoute.PUT, { method: 'PUT', path: '/api/v2/profiles/me/consents/sensitive_data/', params: { purpose: 'sensitive_data' }, token, body: {} });
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token })).json).toMatchObject({ populationGroup: null, sensitiveDataConsent: true, isComplete: false });
  });
});

describe('readers of consented data', () => {
  it('hasConsent, the bulk list and the SQL join agree, and drop a person the moment they withdraw', async () => {
    const db = await getDb();
    const [ana, luis, marta] = [await createUser(), await createUser(), await createUser()];
    await grantConsent(db, ana.id, 'funder_reports', 'sign_up');
    await grantConsent(db, luis.id, 'funder_reports', 'import', { recordedBy: marta.id });
    await grantConsent(db, marta.id, 'sensitive_data', 'account');
    const ids = [ana.id, luis.id, marta.id];
    const joined = async () =>
      (await db.select({ id: users.id }).from(users).where(and(sql`${users.id} in ${ids}`, consentInForce(users.id, 'funder_reports'))).orderBy(asc(users.id))).map((row) => row.id);
    expect(await hasConsent(db, ana.id, 'funder_reports')).toBe(true);
    expect(await hasConsent(db, marta.id, 'funder_reports')).toBe(false);
    expect([...(await listUsersWithConsent(db, 'funder_reports', ids))].sort((a, b) => a - b)).toEqual([ana.id, luis.id]);
    expect(await joined()).toEqual([ana.id, luis.id]);
    // A grant while one is in force keeps the first (its date and channel).
    await grantConsent(db, ana.id, 'funder_reports', 'account');
    expect((await consentRowsOf(ana.id)).map((row) => row.channel)).toEqual(['sign_up']);

    await withdrawConsent(db, ana.id, 'funder_reports');
    expect(await hasConsent(db, ana.id, 'funder_reports')).toBe(false);
    expect([...(await listUsersWithConsent(db, 'funder_reports', ids))]).toEqual([luis.id]);
    expect(await joined()).toEqual([luis.id]);
    expect(await listUsersWithConsent(db, 'funder_reports', [])).toEqual(new Set());
  });

  it('the users report prints the population group only under the sensitive-data consent', async () => {
    const world = await createWorld();
    const db = await getDb();
    await db.insert(profiles).values({ userId: world.student.id, populationGroup: 'indigenous', municipality: '05001' });
    const csv = async () => {
      const response = await reportRoute({
        request: new Request('http://localhost/api/v2/reports/?type=users&export_format=csv', { headers: { authorization: `Bearer ${await accessTokenFor(world.admin)}`, 'accept-language': 'es' } }),
        params: {},
        clientAddress: '127.0.0.1',
      });
      return Buffer.from(await response.arrayBuffer()).toString('utf8');
    };
    // Stored before consents existed (no record): not printed.
    expect(await csv()).not.toContain('Indígena');
    await grantConsent(db, world.student.id, 'sensitive_data', 'staff', { recordedBy: world.admin.id });
    expect(await csv()).toContain('Indígena');
  });

  it('refuses two consents in force for the same purpose at the database', async () => {
    const db = await getDb();
    const person = await createUser();
    await db.insert(consents).values({ userId: person.id, purpose: 'general', channel: 'import', textVersion: 'v1' });
    await expect(db.insert(consents).values({ userId: person.id, purpose: 'general', channel: 'import', textVersion: 'v1' })).rejects.toThrow();
  });
});

describe('withdrawals from a cohort', () => {
  async function cohortAdminOf(cohort: { id: number }) {
    const admin = await createUser({ userType: 'staff' });
    await enrollStudent(admin, cohort, { roleId: ROLE_IDS.cohortAdmin });
    return accessTokenFor(admin);
  }
  const withdraw = (cohortId: number, token: string, body: Record<string, unknown>, lang = 'es') =>
    call(withdrawalsRoute.POST, { method: 'POST', path: `/api/v2/cohorts/${cohortId}/withdrawals/`, params: { id: String(cohortId) }, token, body, headers: { 'accept-language': lang } });

  it('a cohort admin withdraws a student with a day and a reason: the membership ends, the student leaves the at-risk and absence lists and is counted by reason', async () => {
    const world = await createWorld();
    const db = await getDb();
    for (let day = 3; day >= 1; day -= 1) await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY_MS) });
    // A failed practice: the rule cannot hold any more, so the gradebook counts the student at risk; no activity in 14 days, so does the dashboard.
    await putAssignmentIn(world.assignmentA.id, (await createGradeCategory(world.courseA.id)).id);
    await gradeSubmission(world.assignmentA.id, world.student.id, 20, { submittedAt: new Date(Date.now() - 30 * DAY_MS) });
    const adminCaller = await callerOf(world.admin);
    const dashboardOfA = () => getDashboardFigures(adminCaller, { cohortId: world.cohortA.id });
    expect((await listAbsenceAlerts(db, world.cohortA.id)).map((alert) => alert.userId)).toEqual([world.student.id]);
    expect((await approvalsOf(db, world.cohortA.id)).map((row) => row.userId)).toContain(world.student.id);
    expect(await listCohortsAtRisk(adminCaller, world.cohortA.id)).toMatchObject([{ cohortId: world.cohortA.id, atRisk: 1 }]);
    expect(await dashboardOfA()).toMatchObject({ students: 1, atRisk: { count: 1, inactive: 1, listed: [{ email: world.student.email }] } });

    const token = await cohortAdminOf(world.cohortA);
    const done = await withdraw(world.cohortA.id, token, { userId: world.student.id, reason: 'work', withdrawnOn: '2026-01-15' });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ cohortId: world.cohortA.id, userId: world.student.id, withdrawnOn: '2026-01-15', reason: 'work', note: null, isSelf: false });
    expect((await db.select({ status: memberships.status }).from(memberships).where(and(eq(memberships.cohortId, world.cohortA.id), eq(memberships.userId, world.student.id))))[0]).toEqual({ status: 'INACTIVE' });
    expect(await listAbsenceAlerts(db, world.cohortA.id)).toEqual([]);
    expect((await approvalsOf(db, world.cohortA.id)).map((row) => row.userId)).not.toContain(world.student.id);
    expect(await listCohortsAtRisk(adminCaller, world.cohortA.id)).toMatchObject([{ cohortId: world.cohortA.id, atRisk: 0 }]);
    expect(await dashboardOfA()).toMatchObject({ students: 0, atRisk: { count: 0, inactive: 0, behind: 0, listed: [] } });

    const again = await withdraw(world.cohortA.id, token, { userId: world.student.id, reason: 'work' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('membership_not_active');
    const listed = await call(withdrawalsRoute.GET, { path: `/api/v2/cohorts/${world.cohortA.id}/withdrawals/`, params: { id: String(world.cohortA.id) }, token: await accessTokenFor(world.tutor) });
    expect(listed.json).toMatchObject({ results: [{ userId: world.student.id, reason: 'work' }], byReason: { work: 1, health: 0, finances: 0, moved: 0, no_contact: 0, other: 0 } });
    expect(await countWithdrawalsByReason(db, [world.cohortA.id, world.cohortB.id], '2026-01-14')).toEqual([]);
    expect(await countWithdrawalsByReason(db, [world.cohortA.id, world.cohortB.id], '2026-01-15')).toEqual([{ cohortId: world.cohortA.id, reason: 'work', count: 1 }]);
  });

  it('refuses tutors, a future day, an unknown reason and "other" without words, in the caller\'s language', async () => {
    const world = await createWorld();
    const tutor = await withdraw(world.cohortA.id, await accessTokenFor(world.tutor), { userId: world.student.id, reason: 'work' });
    expect(tutor.status).toBe(403);
    const admin = await accessTokenFor(world.admin);
    const future = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const late = await withdraw(world.cohortA.id, admin, { userId: world.student.id, reason: 'work', withdrawnOn: future }, 'en');
    expect(late.status).toBe(400);
    expect(late.json.error.fields).toEqual({ withdrawnOn: 'The withdrawal date cannot be after today' });
    const bad = await withdraw(world.cohortA.id, admin, { userId: world.student.id, reason: 'other' });
    expect(bad.json.error.fields).toEqual({ note: 'Cuente el motivo del retiro' });
    const notStudent = await withdraw(world.cohortA.id, admin, { userId: world.tutor.id, reason: 'work' });
    expect(notStudent.status).toBe(404);
  });

  it('a student withdraws themselves today; an admin readmits them; assigning the membership ACTIVE again forgets the withdrawal too', async () => {
    const world = await createWorld();
    const token = await accessTokenFor(world.student);
    const mine = await call(myCohortsRoute, { path: '/api/v2/profiles/me/cohorts/', token });
    expect(mine.json.results).toEqual([{ cohortId: world.cohortA.id, name: world.cohortA.name, status: 'ACTIVE', withdrawnOn: null }]);
    const elsewhere = await call(myWithdrawalRoute, { method: 'POST', path: `/api/v2/cohorts/${world.cohortB.id}/my-withdrawal/`, params: { id: String(world.cohortB.id) }, token, body: { reason: 'health' } });
    expect(elsewhere.status).toBe(404);
    const done = await call(myWithdrawalRoute, { method: 'POST', path: `/api/v2/cohorts/${world.cohortA.id}/my-withdrawal/`, params: { id: String(world.cohortA.id) }, token, body: { reason: 'other', note: 'Me mudé a otra ciudad por estudio' } });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ withdrawnOn: todayInBogota(), reason: 'other', note: 'Me mudé a otra ciudad por estudio', isSelf: true });
    expect((await call(myCohortsRoute, { path: '/api/v2/profiles/me/cohorts/', token })).json.results[0]).toMatchObject({ status: 'INACTIVE', withdrawnOn: todayInBogota() });

    const admin = await accessTokenFor(world.admin);
    const readmit = (userId: number) => call(readmitRoute, { method: 'DELETE', path: `/api/v2/cohorts/${world.cohortA.id}/withdrawals/${userId}/`, params: { id: String(world.cohortA.id), userId: String(userId) }, token: admin });
    expect((await readmit(world.student.id)).status).toBe(204);
    expect((await readmit(world.student.id)).status).toBe(404);
    const db = await getDb();
    const membershipOf = async () => (await db.select().from(memberships).where(and(eq(memberships.cohortId, world.cohortA.id), eq(memberships.userId, world.student.id))))[0]!;
    expect(await membershipOf()).toMatchObject({ status: 'ACTIVE', withdrawnOn: null, withdrawalReason: null });

    await withdraw(world.cohortA.id, admin, { userId: world.student.id, reason: 'no_contact' });
    const assigned = await call(assignUsersRoute, { method: 'POST', path: `/api/v2/cohorts/${world.cohortA.id}/assign_users/`, params: { id: String(world.cohortA.id) }, token: admin, body: { users: [{ userId: world.student.id, role_id: 1, status: 'ACTIVE' }] } });
    expect(assigned.status).toBe(200);
    expect(await membershipOf()).toMatchObject({ status: 'ACTIVE', withdrawnOn: null, withdrawalReason: null, withdrawnBy: null });
  });
});
