/**
 * The person form and Colombia's Ley 1581: a person reads and saves their own
 * profile (the contract's messages, in Spanish and English); staff reads,
 * changes and exports are logged (who, when, whose); a person downloads their
 * data and asks for its deletion; an admin anonymises an account and the
 * progress stays for the statistics.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { lessonHistory, memberships, personalDataAccess, profiles, users } from '~/lib/server/db/schema';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { GET as myProfile, PUT as saveMyProfile } from '~/pages/api/v2/profiles/me/index';
import { GET as myExport } from '~/pages/api/v2/profiles/me/export';
import { POST as deletionRequest } from '~/pages/api/v2/profiles/me/deletion-request';
import { GET as userProfile, PUT as saveUserProfile } from '~/pages/api/v2/users/[id]/profile';
import { GET as userExport } from '~/pages/api/v2/users/[id]/export';
import { POST as anonymize } from '~/pages/api/v2/users/[id]/anonymize';
import { GET as getAccount } from '~/pages/api/v2/users/[id]/index';
import { GET as listUsers } from '~/pages/api/v2/users/index';
import { call } from '../support/http';
import { personFormFor } from '../factories/person-form';
import { accessTokenFor, createCohort, createLesson, createReleasedCourse, createUser, DEFAULT_PASSWORD, enrollStudent } from '../factories';

const PERSON = { ...personFormFor('sofia@correo.co'), employmentType: 'student', worksInIndustry: false };

async function personWithToken(email = 'sofia@correo.co') {
  const person = await createUser({ email, firstName: 'Sofía', lastName: 'Martínez' });
  return { person, token: await accessTokenFor(person) };
}

describe('a person\'s own profile', () => {
  it('starts empty and incomplete, saves the whole form, and reads back what was saved with the department of the municipality', async () => {
    const { person, token } = await personWithToken();
    const empty = await call(myProfile, { path: '/api/v2/profiles/me/', token });
    expect(empty.json).toMatchObject({ userId: person.id, firstName: 'Sofía', email: 'sofia@correo.co', documentType: null, isComplete: false, updatedAt: null });
    const saved = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...PERSON, idUser: person.id } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ documentNumber: '1020304050', stratum: 3, childrenCount: 0, householdSize: 4, department: '11', municipality: '11001', worksInIndustry: false, isComplete: true });
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token })).json).toEqual(saved.json);
  });

  it('answers the contract\'s messages word for word, field by field, in Spanish and in English', async () => {
    const { token } = await personWithToken();
    const bad = { ...PERSON, contact: '12ab', email: 'sofia@', confirmEmail: 'otra@correo.co', genre: 'x', housingType: 'castillo', stratum: '9', childrenCount: 'dos', municipality: '', documentNumber: '12A45' };
    const es = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: bad, headers: { 'accept-language': 'es' } });
    expect(es.status).toBe(400);
    expect(es.json.error.fields).toEqual({
      contact: 'El contacto no es válido',
      email: 'El correo no es válido',
      confirmEmail: 'Los correos no coinciden',
      genre: 'Seleccione un género',
      housingType: 'Seleccione un tipo de vivienda',
      stratum: 'Seleccione un estrato',
      childrenCount: 'Este campo solo acepta números',
      municipality: 'El municipio es obligatorio',
      documentNumber: 'Este campo solo acepta números',
    });
    const en = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: bad, headers: { 'accept-language': 'en' } });
    expect(en.json.error.fields).toMatchObject({ contact: 'The contact is not valid', genre: 'Select a gender', stratum: 'Select a stratum', childrenCount: 'This field only accepts numbers' });
    // A passport number may hold letters.
    expect((await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...PERSON, documentType: 'PA', documentNumber: 'AB123456' } })).status).toBe(200);
  });

  it('refuses an e-mail or identity document someone else has', async () => {
    await createUser({ email: 'ocupado@correo.co' });
    const other = await personWithToken('otra@correo.co');
    await call(saveMyProfile, { path: '/api/v2/profiles/me/', token: other.token, method: 'PUT', body: { ...PERSON, email: 'otra@correo.co', confirmEmail: 'otra@correo.co' } });
    const { token } = await personWithToken();
    const taken = await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: { ...PERSON, email: 'ocupado@correo.co', confirmEmail: 'ocupado@correo.co' } });
    expect(taken.json.error.fields).toEqual({ email: 'Ya existe una cuenta con este correo', documentNumber: 'Ya hay una persona con este documento' });
  });
});

describe('staff reading and changing someone\'s data (Ley 1581)', () => {
  it('logs every read, change and export by an admin (who, when, whose), never the person\'s own reads', async () => {
    const { person, token } = await personWithToken();
    await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: PERSON });
    await call(myProfile, { path: '/api/v2/profiles/me/', token });
    const admin = await createUser({ userType: 'admin', firstName: 'Adriana', lastName: 'Gómez', email: 'adriana@senda.test' });
    const adminToken = await accessTokenFor(admin);
    const params = { id: String(person.id) };
    const read = await call(userProfile, { path: `/api/v2/users/${person.id}/profile/`, params, token: adminToken });
    expect(read.json.documentNumber).toBe('1020304050');
    const changed = await call(saveUserProfile, { path: `/api/v2/users/${person.id}/profile/`, params, token: adminToken, method: 'PUT', body: { ...PERSON, neighborhood: 'Teusaquillo' } });
    expect(changed.json.neighborhood).toBe('Teusaquillo');
    const exported = await call(userExport, { path: `/api/v2/users/${person.id}/export/`, params, token: adminToken });
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    expect(exported.json.profile.neighborhood).toBe('Teusaquillo');

    const account = await call(getAccount, { path: `/api/v2/users/${person.id}/`, params, token: adminToken });
    expect(account.json.accessLog.map((entry: { action: string }) => entry.action)).toEqual(['export', 'update', 'read']);
    expect(account.json.accessLog[0].actor).toEqual({ id: admin.id, name: 'Adriana Gómez', email: 'adriana@senda.test' });
    const db = await getDb();
    expect(await db.select({ actorId: personalDataAccess.actorId }).from(personalDataAccess)).toHaveLength(3);

    // The person sees the same log in their own download.
    const own = await call(myExport, { path: '/api/v2/profiles/me/export/', token });
    expect(own.json.accessLog).toHaveLength(3);
  });
});

describe('a person\'s data rights', () => {
  it('downloads everything kept about them as JSON: account, profile, progress, e-mails', async () => {
    const { person, token } = await personWithToken();
    const cohort = await createCohort();
    await enrollStudent(person, cohort);
    const course = await createReleasedCourse(cohort, { name: 'Bases de datos' });
    const lesson = await createLesson({ courseId: course.id, title: 'Consultas SQL' });
    const db = await getDb();
    await db.insert(lessonHistory).values({ userId: person.id, lessonId: lesson.id, progress: 40 });
    await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: PERSON });
    const data = await call(myExport, { path: '/api/v2/profiles/me/export/', token });
    expect(data.status).toBe(200);
    expect(data.headers.get('content-disposition')).toBe('attachment; filename="senda-mis-datos.json"');
    expect(data.json).toMatchObject({
      account: { id: person.id, email: 'sofia@correo.co', cohorts: [{ cohortId: cohort.id, role_id: 1 }] },
      profile: { documentNumber: '1020304050', isComplete: true },
      lessonHistory: [{ lessonId: lesson.id, lessonTitle: 'Consultas SQL', courseName: 'Bases de datos', progress: 40, completedAt: null }],
      accessLog: [],
      emails: [],
    });
  });

  it('asks for deletion (admins find the request), and an admin anonymises the account: the person is gone, their progress stays', async () => {
    const { person, token } = await personWithToken();
    await call(saveMyProfile, { path: '/api/v2/profiles/me/', token, method: 'PUT', body: PERSON });
    const cohort = await createCohort();
    await enrollStudent(person, cohort);
    const course = await createReleasedCourse(cohort);
    const lesson = await createLesson({ courseId: course.id });
    const db = await getDb();
    await db.insert(lessonHistory).values({ userId: person.id, lessonId: lesson.id, progress: 100, completedAt: new Date() });
    const session = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.8.0.1' });

    const asked = await call(deletionRequest, { path: '/api/v2/profiles/me/deletion-request/', token, body: {} });
    expect(asked.status).toBe(202);
    const again = await call(deletionRequest, { path: '/api/v2/profiles/me/deletion-request/', token, body: {} });
    expect(again.json.deletionRequestedAt).toBe(asked.json.deletionRequestedAt);

    const admin = await createUser({ userType: 'admin' });
    const adminToken = await accessTokenFor(admin);
    const requests = await call(listUsers, { path: '/api/v2/users/?status=DELETION_REQUESTED', token: adminToken });
    expect(requests.json.results.map((user: { id: number }) => user.id)).toEqual([person.id]);

    const params = { id: String(person.id) };
    const done = await call(anonymize, { path: `/api/v2/users/${person.id}/anonymize/`, params, token: adminToken, body: {} });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ email: `anonymized-${person.id}@anonymized.invalid`, firstName: '', lastName: '', status: 'INACTIVE', invitationPending: false, deletionRequestedAt: null });
    expect(done.json.anonymizedAt).not.toBeNull();
    expect(await db.select().from(profiles).where(eq(profiles.userId, person.id))).toEqual([]);
    expect(await db.select({ progress: lessonHistory.progress }).from(lessonHistory).where(eq(lessonHistory.userId, person.id))).toEqual([{ progress: 100 }]);
    expect(await db.select({ cohortId: memberships.cohortId }).from(memberships).where(eq(memberships.userId, person.id))).toEqual([{ cohortId: cohort.id }]);
    expect((await db.select({ email: users.email }).from(users).where(eq(users.email, 'sofia@correo.co')))).toEqual([]);
    // Signed out everywhere, and never back.
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token: session.accessToken })).status).toBe(401);
    await expect(loginWithPassword({ email: 'sofia@correo.co', password: DEFAULT_PASSWORD, ip: '10.8.0.1' })).rejects.toMatchObject({ code: 'invalid_credentials' });
    const log = await call(getAccount, { path: `/api/v2/users/${person.id}/`, params, token: adminToken });
    expect(log.json.accessLog[0].action).toBe('anonymize');

    expect((await call(anonymize, { path: `/api/v2/users/${person.id}/anonymize/`, params, token: adminToken, body: {} })).status).toBe(409);
    const own = await call(anonymize, { path: `/api/v2/users/${admin.id}/anonymize/`, params: { id: String(admin.id) }, token: adminToken, body: {} });
    expect(own.status).toBe(403);
    expect(own.json.error.code).toBe('forbidden_own_account');
  });
});
