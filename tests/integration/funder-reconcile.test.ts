/**
 * Issue 33: the funder report reconciles with the other reports and the
 * dashboard on random data. Each seed (in the test's name, so a failure can
 * be replayed) builds a few cohorts of random students: profiles with and
 * without data, birth dates from children to older adults, consents given,
 * withdrawn or given again, withdrawals with reasons on random days,
 * memberships taken back by staff, lessons done, graded work, live sessions
 * with random attendance, certificates issued and revoked, and sign-ups
 * that never enrolled. The test keeps its own account of that world and
 * checks the report against it, against the users and attendance reports,
 * the dashboard and the gradebook's approvals, today and at a past cut-off.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as reportRoute } from '~/pages/api/v2/reports/index';
import { getT } from '~/i18n';
import { getDb } from '~/lib/server/db/client';
import { certificates, lessonHistory, liveAttendance, liveSessions, memberships, profiles } from '~/lib/server/db/schema';
import { grantConsent, withdrawConsent } from '~/lib/server/services/people/consents';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';
import { getDashboardFigures } from '~/lib/server/services/reports/dashboard';
import { getFunderReport, readFunderInput } from '~/lib/server/services/reports/funder/get-funder-report';
import { buildFunderSections, type FunderCell, type FunderSection } from '~/lib/server/services/reports/funder/build-funder-sections';
import { todayInBogota } from '~/lib/shared/age-bands';
import { GENRES, POPULATION_GROUPS } from '~/lib/shared/colombia';
import { WITHDRAWAL_REASONS, type WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import { ORIGIN } from '../support/http';
import { seededRandom } from '../support/seeded-random';
import { callerOf } from '../factories/forums';
import { createOffer, createRegistration } from '../factories/registrations';
import { designCertificateFor, issueTo } from '../factories/certificates';
import { createGradeCategory, createSession, gradeSubmission } from '../factories/gradebook';
import { accessTokenFor, createAssignment, createCohort, createLesson, createReleasedCourse, createUser, enrollStudent, type User } from '../factories';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Days back of the past cut-off; nothing random happens within a day and a half of it, so "by the cut-off" is never a matter of hours. */
const PAST_CUTOFF_DAYS = 30;
const SEEDS = [33, 1581, 20_261_128];
const t = getT('es');

/** The seeded generator, with the days this test's world needs. */
function randomFrom(seed: number) {
  const { int, chance, pick } = seededRandom(seed);
  return {
    chance,
    int,
    pick,
    /** Whole days back (plus some hours), never near `PAST_CUTOFF_DAYS` nor the 14-day activity window's edge. */
    daysAgo(max: number, avoidActivityEdge = false): number {
      for (;;) {
        const days = int(0, max);
        if (days >= PAST_CUTOFF_DAYS - 2 && days <= PAST_CUTOFF_DAYS + 2) continue;
        if (avoidActivityEdge && days >= 12 && days <= 16) continue;
        return days;
      }
    },
  };
}
type Random = ReturnType<typeof randomFrom>;

/** An instant `days` whole days and a few hours back (never in the future). */
const ago = (random: Random, days: number) => new Date(Date.now() - days * DAY_MS - random.int(0, 20) * HOUR_MS);
const bogotaDay = (instant: Date) => todayInBogota(instant);
/** The first instant after a day in Bogotá (UTC−5 all year), worked out here on its own. */
const endOfDay = (day: string) => Date.parse(`${day}T05:00:00Z`) + DAY_MS;

/** Whole years on a day, counted here on its own (a birthday on 29 February comes on 1 March in common years). */
function ageBandOf(birthDate: string, on: string): string {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  const age = oy - by - (om * 100 + od >= bm * 100 + bd ? 0 : 1);
  if (age < 18) return 'under_18';
  if (age <= 28) return '18_28';
  if (age <= 40) return '29_40';
  if (age <= 59) return '41_59';
  return '60_plus';
}

interface Person {
  user: User;
  genre: string | null;
  stratum: number | null;
  municipality: string | null;
  birthDate: string | null;
  /** The group on the profile (kept there even without the sensitive-data consent, as data given before it existed). */
  populationGroup: string | null;
  funder: boolean;
  sensitive: boolean;
  /** The latest lesson, submission or quiz activity anywhere (the dashboard's "last activity"). */
  lastActivity: number | null;
}

interface Enrolment {
  person: Person;
  cohortId: number;
  cohortName: string;
  createdAt: number;
  kind: 'active' | 'withdrawn' | 'taken_back';
  withdrawnOn: string | null;
  reason: WithdrawalReason | null;
  /** Lesson activity in this cohort's course. */
  activity: number[];
  attendedHours: number;
  submitted: boolean;
  certificates: { issuedAt: number; revokedAt: number | null }[];
}

interface CohortModel {
  id: number;
  name: string;
  plannedHours: number;
  isDuePast: boolean;
}

interface World {
  admin: User;
  cohorts: CohortModel[];
  enrolments: Enrolment[];
  /** `userId:cohortId` of registrations to the cohorts' offers, with when they were made. */
  registrations: { key: string; createdAt: number }[];
}

async function createPerson(random: Random, index: number): Promise<Person> {
  const db = await getDb();
  const user = await createUser({ userType: 'student', firstName: `Persona ${index}`, lastName: random.pick(['Gómez', 'Arias', 'Mosquera', 'Ñáñez', 'Zapata']), email: `persona${index}@correo.co` });
  const today = todayInBogota();
  const hasProfile = random.chance(0.9);
  const birthYearsAgo = random.pick([null, 9, 15, 17, 18, 22, 28, 29, 35, 41, 52, 60, 67]);
  let birthDate: string | null = null;
  if (birthYearsAgo !== null) {
    const year = Number(today.slice(0, 4)) - birthYearsAgo;
    // Some turn a year older today or tomorrow: the band's edge.
    const shift = random.pick([-200, -1, 0, 1, 45]);
    const day = new Date(Date.parse(`${year}${today.slice(4)}T12:00:00Z`) + shift * DAY_MS);
    birthDate = day.toISOString().slice(0, 10);
  }
  const person: Person = {
    user,
    genre: hasProfile && random.chance(0.85) ? random.pick(GENRES) : null,
    stratum: hasProfile && random.chance(0.8) ? random.int(1, 6) : null,
    municipality: hasProfile && random.chance(0.85) ? random.pick(['76001', '11001', '05001', '76109', '19001']) : null,
    birthDate: hasProfile ? birthDate : null,
    populationGroup: hasProfile && random.chance(0.7) ? random.pick(POPULATION_GROUPS) : null,
    funder: false,
    sensitive: false,
    lastActivity: null,
  };
  if (hasProfile) {
    await db.insert(profiles).values({
      userId: user.id,
      genre: person.genre,
      stratum: person.stratum,
      municipality: person.municipality,
      birthDate: person.birthDate,
      populationGroup: person.populationGroup,
      documentType: person.birthDate && birthYearsAgo! < 18 ? 'TI' : 'CC',
      documentNumber: String(1_000_000 + index),
    });
  }
  // Funder reports: never asked, given, given and withdrawn, or withdrawn and given again.
  const funder = random.pick(['none', 'granted', 'withdrawn', 'again'] as const);
  if (funder !== 'none') await grantConsent(db, user.id, 'funder_reports', random.pick(['sign_up', 'account', 'import'] as const));
  if (funder === 'withdrawn' || funder === 'again') await withdrawConsent(db, user.id, 'funder_reports');
  if (funder === 'again') await grantConsent(db, user.id, 'funder_reports', 'account');
  person.funder = funder === 'granted' || funder === 'again';
  const sensitive = random.pick(['none', 'granted', 'granted', 'withdrawn'] as const);
  if (sensitive !== 'none') await grantConsent(db, user.id, 'sensitive_data', 'account');
  if (sensitive === 'withdrawn') {
    // Withdrawing it erases the group from the profile.
    await withdrawConsent(db, user.id, 'sensitive_data');
    person.populationGroup = null;
  }
  person.sensitive = sensitive === 'granted';
  return person;
}

/** A world of 2–4 cohorts and its account, written through the factories and the services that record consents. */
async function buildWorld(random: Random): Promise<World> {
  const db = await getDb();
  const admin = await createUser({ userType: 'admin' });
  const people: Person[] = [];
  const cohortCount = random.int(2, 4);
  for (let index = 0; index < cohortCount * 9; index++) people.push(await createPerson(random, index));
  const world: World = { admin, cohorts: [], enrolments: [], registrations: [] };
  const seen = (person: Person, at: number) => {
    if (person.lastActivity === null || at > person.lastActivity) person.lastActivity = at;
  };

  for (let c = 0; c < cohortCount; c++) {
    const cohort = await createCohort({ status: 'ACTIVE', name: `Cohorte ${c + 1}`, startsOn: bogotaDay(new Date(Date.now() - 120 * DAY_MS)), endsOn: bogotaDay(new Date(Date.now() + 120 * DAY_MS)) });
    const course = await createReleasedCourse(cohort);
    const lessons = [await createLesson({ courseId: course.id }), await createLesson({ courseId: course.id })];
    const category = await createGradeCategory(course.id);
    const isDuePast = random.chance(0.5);
    const assignment = await createAssignment({ courseId: course.id, gradeCategoryId: category.id, dueAt: new Date(Date.now() + (isDuePast ? -3 : 30) * DAY_MS) });
    await designCertificateFor(cohort);
    const offer = await createOffer({ cohortId: cohort.id });
    // Sessions held on past days (each ended long before now), and one to come.
    const sessions: { id: number; hours: number }[] = [];
    for (let s = random.int(2, 4); s > 0; s--) {
      const session = await createSession(cohort.id, ago(random, random.daysAgo(60) + 1));
      const planned = random.pick([null, 0.75, 1.5, 2]);
      if (planned !== null) await db.update(liveSessions).set({ plannedHours: planned }).where(eq(liveSessions.id, session.id));
      sessions.push({ id: session.id, hours: planned ?? 1 });
    }
    await createSession(cohort.id, new Date(Date.now() + 3 * DAY_MS));
    const model: CohortModel = { id: cohort.id, name: cohort.name, plannedHours: sessions.reduce((sum, session) => sum + session.hours, 0), isDuePast };
    world.cohorts.push(model);

    // Nine of the people, and now and then someone of another cohort too (an enrolment is the unit counted).
    const members = people.slice(c * 9, c * 9 + 9);
    for (const other of people) if (!members.includes(other) && random.chance(0.06)) members.push(other);
    for (const person of members) {
      await enrollStudent(person.user, cohort);
      const createdDaysAgo = random.daysAgo(90);
      const createdAt = ago(random, createdDaysAgo);
      const where = and(eq(memberships.userId, person.user.id), eq(memberships.cohortId, cohort.id));
      await db.update(memberships).set({ createdAt }).where(where);
      const enrolment: Enrolment = {
        person,
        cohortId: cohort.id,
        cohortName: cohort.name,
        createdAt: createdAt.getTime(),
        kind: 'active',
        withdrawnOn: null,
        reason: null,
        activity: [],
        attendedHours: 0,
        submitted: false,
        certificates: [],
      };
      for (const lesson of lessons) {
        if (!random.chance(0.5)) continue;
        const at = ago(random, random.daysAgo(60, true));
        await db.insert(lessonHistory).values({ userId: person.user.id, lessonId: lesson.id, progress: 100, startedAt: at, completedAt: at, updatedAt: at });
        enrolment.activity.push(at.getTime());
        seen(person, at.getTime());
      }
      if (random.chance(0.6)) {
        const at = ago(random, random.daysAgo(60, true));
        await gradeSubmission(assignment.id, person.user.id, random.chance(0.8) ? random.int(30, 100) : null, { submittedAt: at });
        enrolment.submitted = true;
        seen(person, at.getTime());
      }
      for (const session of sessions) {
        const status = random.pick([null, 'present', 'late', 'absent', 'excused'] as const);
        if (status === null) continue;
        await db.insert(liveAttendance).values({ sessionId: session.id, userId: person.user.id, status });
        if (status === 'present' || status === 'late') enrolment.attendedHours += session.hours;
      }
      if (random.chance(0.3)) {
        // Issued some day since enrolling; now and then revoked later (and then issued again).
        const issuedAt = ago(random, random.daysAgo(createdDaysAgo));
        const certificate = await issueTo(person.user, cohort);
        await db.update(certificates).set({ issuedAt }).where(eq(certificates.id, certificate.id));
        if (random.chance(0.4)) {
          const revokedDaysAgo = random.daysAgo(Math.floor((Date.now() - issuedAt.getTime()) / DAY_MS));
          const revokedAt = new Date(Math.max(issuedAt.getTime() + HOUR_MS, Date.now() - revokedDaysAgo * DAY_MS - HOUR_MS));
          await db.update(certificates).set({ status: 'revoked', revokedAt, revokedReason: 'Error en el nombre' }).where(eq(certificates.id, certificate.id));
          enrolment.certificates.push({ issuedAt: issuedAt.getTime(), revokedAt: revokedAt.getTime() });
          if (random.chance(0.5)) {
            const again = await issueTo(person.user, cohort);
            enrolment.certificates.push({ issuedAt: new Date(again.issuedAt).getTime(), revokedAt: null });
          }
        } else enrolment.certificates.push({ issuedAt: issuedAt.getTime(), revokedAt: null });
      }
      const ending = random.int(1, 10);
      if (ending <= 3) {
        // Withdrawn on a day since enrolling, for a reason.
        const day = bogotaDay(new Date(Date.now() - random.daysAgo(createdDaysAgo) * DAY_MS));
        const withdrawnOn = day < bogotaDay(createdAt) ? bogotaDay(createdAt) : day;
        const reason = random.pick(WITHDRAWAL_REASONS);
        await db
          .update(memberships)
          .set({ status: 'INACTIVE', withdrawnOn, withdrawalReason: reason, withdrawalNote: reason === 'other' ? 'Se fue a vivir al exterior' : null, withdrawnBy: admin.id })
          .where(where);
        Object.assign(enrolment, { kind: 'withdrawn', withdrawnOn, reason });
      } else if (ending === 4) {
        // Taken back by staff (INACTIVE without a withdrawal): counted nowhere.
        await db.update(memberships).set({ status: 'INACTIVE' }).where(where);
        enrolment.kind = 'taken_back';
      }
      world.enrolments.push(enrolment);
      if (random.chance(0.2)) {
        const at = ago(random, random.daysAgo(createdDaysAgo));
        await createRegistration(offer, person.user, { status: 'enrolled', createdAt: at });
        world.registrations.push({ key: `${person.user.id}:${cohort.id}`, createdAt: at.getTime() });
      }
    }
    // People who signed up to the offer and never enrolled.
    for (let v = random.int(0, 3); v > 0; v--) {
      const visitor = await createUser({ userType: 'student' });
      const at = ago(random, random.daysAgo(60));
      await createRegistration(offer, visitor, { status: random.pick(['pending_payment', 'expired', 'cancelled'] as const), createdAt: at });
      world.registrations.push({ key: `${visitor.id}:${cohort.id}`, createdAt: at.getTime() });
    }
  }
  return world;
}

/** The account's figures at a cut-off day. */
function expectedAt(world: World, cutoff: string) {
  const end = endOfDay(cutoff);
  const activeFrom = end - 14 * DAY_MS;
  const counted = world.enrolments.filter((enrolment) => enrolment.kind !== 'taken_back' && enrolment.createdAt < end);
  const isWithdrawn = (enrolment: Enrolment) => enrolment.withdrawnOn !== null && enrolment.withdrawnOn <= cutoff;
  const isCertified = (enrolment: Enrolment) => enrolment.certificates.some((certificate) => certificate.issuedAt < end && (certificate.revokedAt === null || certificate.revokedAt >= end));
  const byReason = new Map<WithdrawalReason, number>();
  for (const enrolment of counted) if (isWithdrawn(enrolment)) byReason.set(enrolment.reason!, (byReason.get(enrolment.reason!) ?? 0) + 1);
  const signUps = new Set(counted.map((enrolment) => `${enrolment.person.user.id}:${enrolment.cohortId}`));
  for (const registration of world.registrations) if (registration.createdAt < end) signUps.add(registration.key);
  return {
    counted,
    isWithdrawn,
    isCertified,
    isActive: (enrolment: Enrolment) => enrolment.activity.some((at) => at >= activeFrom && at < end),
    signedUp: signUps.size,
    enrolled: counted.length,
    withdrawn: counted.filter(isWithdrawn).length,
    certified: counted.filter(isCertified).length,
    byReason,
  };
}

async function download(path: string, user: { id: number }) {
  const token = await accessTokenFor(user);
  const response = await reportRoute({ request: new Request(new URL(path, ORIGIN), { headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' } }), params: {}, clientAddress: '127.0.0.1' });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer()).toString('utf8');
}

/** A section's rows keyed by their first cell. */
const rowsByLabel = (section: FunderSection): Map<string, FunderCell[]> => new Map(section.rows.map((row) => [String(row[0]), row.slice(1)]));
const sectionTitled = (sections: FunderSection[], title: string) => {
  const found = sections.find((section) => section.title === title);
  expect(found, title).toBeDefined();
  return found!;
};
const DIMENSIONS = ['ageBand', 'genre', 'stratum', 'department', 'municipality', 'populationGroup'] as const;
/** Every count of a breakdown row is 5× the people: no cell is 1–4, so nothing is suppressed (see below). */
const REPLICAS = 5;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

describe('the funder report reconciles on random data', () => {
  for (const seed of SEEDS) {
    it(`agrees with the account of the world, the other reports, the dashboard and the approvals (seed ${seed})`, async () => {
      const random = randomFrom(seed);
      const world = await buildWorld(random);
      const caller = await callerOf(world.admin);
      const cutoff = todayInBogota();
      const expected = expectedAt(world, cutoff);
      const report = await getFunderReport(caller, {}, cutoff, 'es');
      const db = await getDb();

      // The funnel against the account.
      let approved = 0;
      for (const cohort of world.cohorts) approved += (await approvalsOf(db, cohort.id)).filter((row) => row.state === 'approved').length;
      const taking = expected.counted.filter((enrolment) => !expected.isWithdrawn(enrolment));
      expect(report.totals).toEqual({
        signedUp: expected.signedUp,
        enrolled: expected.enrolled,
        active: expected.counted.filter(expected.isActive).length,
        approved,
        certified: expected.certified,
        withdrawn: expected.withdrawn,
        plannedHours: round2(sum(world.cohorts.map((cohort) => cohort.plannedHours))),
        attendedHours: round2(sum(expected.counted.map((enrolment) => enrolment.attendedHours))),
        approvalRate: expected.enrolled === 0 ? null : Math.round((approved * 1000) / expected.enrolled) / 10,
      });

      // Taking part now = enrolled − withdrawn: the dashboard's students and the users report's rows.
      const dashboard = await getDashboardFigures(caller, {});
      expect(dashboard.students).toBe(report.totals.enrolled - report.totals.withdrawn);
      expect(dashboard.students).toBe(taking.length);
      const users = parse((await download('/api/v2/reports/?type=users&export_format=csv', world.admin)).slice(1), { delimiter: ';' }) as string[][];
      expect(users.length - 1).toBe(taking.length);
      // Withdrawn students are no longer at risk: the count is that of the students taking part (inactive 14 days, or behind).
      const inactive = (enrolment: Enrolment) => enrolment.person.lastActivity === null || enrolment.person.lastActivity < Date.now() - 14 * DAY_MS;
      const behind = (enrolment: Enrolment) => world.cohorts.find((cohort) => cohort.id === enrolment.cohortId)!.isDuePast && !enrolment.submitted;
      expect(dashboard.atRisk).toMatchObject({ count: taking.filter((enrolment) => inactive(enrolment) || behind(enrolment)).length, inactive: taking.filter(inactive).length, behind: taking.filter(behind).length });
      const gone = new Set(expected.counted.filter(expected.isWithdrawn).map((enrolment) => enrolment.person.user.email));
      const stillIn = new Set(taking.map((enrolment) => enrolment.person.user.email));
      for (const listed of dashboard.atRisk.listed) expect(gone.has(listed.email) && !stillIn.has(listed.email), listed.email).toBe(false);

      // Hours: the attendance report lists the students taking part; the funder report also counts what the withdrawn attended.
      const attendance = parse((await download('/api/v2/reports/?type=attendance&export_format=csv', world.admin)).slice(1), { delimiter: ';', columns: true }) as Record<string, string>[];
      const reportedHours = round2(sum(attendance.map((row) => Number((row['Horas asistidas'] ?? '0').replace(',', '.')))));
      expect(reportedHours).toBe(round2(sum(taking.map((enrolment) => enrolment.attendedHours))));
      const withdrawnHours = sum(expected.counted.filter(expected.isWithdrawn).map((enrolment) => enrolment.attendedHours));
      expect(round2(report.totals.attendedHours - withdrawnHours)).toBe(reportedHours);

      // Certified = the certificates valid now, but for those of memberships staff took back (not enrolments: ADR 031);
      // withdrawals by reason add up to the withdrawn.
      const valid = await db
        .select({ id: certificates.id })
        .from(certificates)
        .innerJoin(memberships, and(eq(memberships.userId, certificates.userId), eq(memberships.cohortId, certificates.cohortId)))
        .where(and(eq(certificates.status, 'valid'), or(eq(memberships.status, 'ACTIVE'), isNotNull(memberships.withdrawnOn))));
      expect(report.totals.certified).toBe(valid.length);
      const input = await readFunderInput(world.cohorts.map((cohort) => cohort.id), cutoff);
      expect(Object.fromEntries(input.withdrawalsByReason)).toEqual(Object.fromEntries(expected.byReason));
      expect(sum([...input.withdrawalsByReason.values()])).toBe(report.totals.withdrawn);
      const reasons = rowsByLabel(sectionTitled(report.sections, t('reports.funder.section.withdrawals')));
      expect(reasons.get(t('reports.funder.total'))).toEqual([expected.withdrawn]);
      for (const reason of WITHDRAWAL_REASONS) {
        const count = expected.byReason.get(reason) ?? 0;
        const shown = reasons.get(t(`withdrawal.reason.${reason}`))![0];
        if (count >= 1 && count <= 4) expect(shown, reason).toBe('<5');
        else expect([count, '<5'], reason).toContain(shown);
      }

      // The breakdowns before suppression: the same input with every enrolment five times over has no cell of 1–4.
      const unsuppressed = buildFunderSections({ ...input, students: input.students.flatMap((student) => Array.from({ length: REPLICAS }, () => student)) }, t);
      const measures = ['enrolled', 'active', 'approved', 'certified', 'withdrawn'] as const;
      const approvedKeys = input.approved;
      const measureOf = (enrolment: Enrolment): Record<(typeof measures)[number], boolean> => ({
        enrolled: true,
        active: expected.isActive(enrolment),
        approved: approvedKeys.has(`${enrolment.cohortId}:${enrolment.person.user.id}`),
        certified: expected.isCertified(enrolment),
        withdrawn: expected.isWithdrawn(enrolment),
      });
      for (const key of DIMENSIONS) {
        const title = t(`reports.funder.dimension.${key}`);
        const full = sectionTitled(unsuppressed, title).rows.map((row) => [String(row[0]), ...row.slice(1, 6).map((cell) => Number(cell) / REPLICAS)] as [string, ...number[]]);
        const total = full.at(-1)!;
        const noConsent = full.at(-2)!;
        const counting = (enrolment: Enrolment) => enrolment.person.funder && (key !== 'populationGroup' || enrolment.person.sensitive);
        const consenting = expected.counted.filter(counting);
        measures.forEach((measure, index) => {
          const column = full.slice(0, -1).map((row) => row[index + 1] as number);
          // Every column adds up to its total, everyone's; the people who authorised it are the rows above "Sin autorización".
          expect(sum(column), `${title}: ${measure}`).toBe(total[index + 1]);
          expect(total[index + 1], `${title}: ${measure}`).toBe(expected.counted.filter((enrolment) => measureOf(enrolment)[measure]).length);
          expect(sum(column.slice(0, -1)), `${title}: ${measure}`).toBe(consenting.filter((enrolment) => measureOf(enrolment)[measure]).length);
          expect(noConsent[index + 1], `${title}: ${measure}`).toBe(expected.counted.filter((enrolment) => !counting(enrolment) && measureOf(enrolment)[measure]).length);
        });
        // Group by group, for the groups this test can name on its own.
        const groupOf: Partial<Record<(typeof DIMENSIONS)[number], (person: Person) => string | null>> = {
          ageBand: (person) => (person.birthDate ? t(`ageBand.${ageBandOf(person.birthDate, cutoff)}`) : null),
          genre: (person) => (person.genre ? t(`person.genre.${person.genre}`) : null),
          stratum: (person) => (person.stratum === null ? null : t('reports.funder.group.stratum', { stratum: String(person.stratum) })),
          populationGroup: (person) => (person.populationGroup ? t(`person.populationGroup.${person.populationGroup}`) : null),
        };
        const labelOf = groupOf[key];
        if (labelOf) {
          const counts = new Map<string, number>();
          for (const enrolment of consenting) {
            const label = labelOf(enrolment.person) ?? full.at(-3)![0];
            counts.set(label, (counts.get(label) ?? 0) + 1);
          }
          const shown = new Map(full.slice(0, -2).map((row) => [row[0], row[1] as number]));
          for (const [label, count] of shown) expect(count, `${title}: ${label}`).toBe(counts.get(label) ?? 0);
          for (const label of counts.keys()) expect(shown.has(label), `${title}: ${label}`).toBe(true);
        }

        // The report as delivered: each cell is the true count or "<5"; a true 1–4 is always "<5"; a column never hides just one cell among others.
        const delivered = sectionTitled(report.sections, title).rows;
        expect(delivered.map((row) => row[0])).toEqual(full.map((row) => row[0]));
        measures.forEach((measure, index) => {
          const cells = delivered.slice(0, -1).map((row) => row[index + 1]);
          const truth = full.slice(0, -1).map((row) => row[index + 1] as number);
          cells.forEach((cell, row) => {
            const count = truth[row]!;
            if (count >= 1 && count <= 4) expect(cell, `${title}: ${full[row]![0]}, ${measure}`).toBe('<5');
            else if (count === 0) expect(cell, `${title}: ${full[row]![0]}, ${measure}`).toBe(0);
            else expect([count, '<5'], `${title}: ${full[row]![0]}, ${measure}`).toContain(cell);
          });
          const hidden = cells.filter((cell) => cell === '<5').length;
          if (hidden === 1) expect(truth.filter((count) => count > 0).length, `${title}: ${measure}`).toBe(1);
          expect(delivered.at(-1)![index + 1], `${title}: total ${measure}`).toBe(total[index + 1]);
        });
      }

      // The annex: exactly the enrolments of people who authorised reports to funders, each with its status and hours.
      const annex = sectionTitled(report.sections, t('reports.funder.sheet.annex'));
      const statusOf = (enrolment: Enrolment) => {
        const is = measureOf(enrolment);
        return is.withdrawn ? 'withdrawn' : is.certified ? 'certified' : is.approved ? 'approved' : is.active ? 'active' : 'enrolled';
      };
      const line = (cohort: unknown, email: unknown, status: unknown, hours: unknown) => `${String(cohort)} | ${String(email)} | ${String(status)} | ${String(hours)}`;
      expect(annex.rows.map((row) => line(row[0], row[5], row[9], row[10])).sort()).toEqual(
        expected.counted
          .filter((enrolment) => enrolment.person.funder)
          .map((enrolment) => line(enrolment.cohortName, enrolment.person.user.email, t(`reports.funder.status.${statusOf(enrolment)}`), round2(enrolment.attendedHours)))
          .sort(),
      );

      // A past cut-off: enrolments, withdrawals and certificates as they stood then.
      const pastCutoff = todayInBogota(new Date(Date.now() - PAST_CUTOFF_DAYS * DAY_MS));
      const then = expectedAt(world, pastCutoff);
      const past = await getFunderReport(caller, {}, pastCutoff, 'es');
      expect(past.totals).toMatchObject({ signedUp: then.signedUp, enrolled: then.enrolled, withdrawn: then.withdrawn, certified: then.certified });
      const pastInput = await readFunderInput(world.cohorts.map((cohort) => cohort.id), pastCutoff);
      expect(Object.fromEntries(pastInput.withdrawalsByReason)).toEqual(Object.fromEntries(then.byReason));
      expect(sectionTitled(past.sections, t('reports.funder.sheet.annex')).rows).toHaveLength(then.counted.filter((enrolment) => enrolment.person.funder).length);
    });
  }
});
