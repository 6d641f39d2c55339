/** Test data builders. Every factory takes overrides; defaults are valid and unique. */
import { eq, sql } from 'drizzle-orm';
import { ROLE_IDS, type RoleId, type UserType } from '~/lib/shared/constants';
import { hashPassword } from '~/lib/server/services/auth/passwords';
import { signAccessToken } from '~/lib/server/services/auth/tokens';
import { getDb } from '~/lib/server/db/client';
import { assignments, banners, cohortCourses, cohorts, courses, learningPaths, lessons, memberships, organizations, programs, users } from '~/lib/server/db/schema';
import { getUserSummary } from '~/lib/server/services/users';

export const DEFAULT_PASSWORD = 'Correct-horse-1';
let sequence = 0;
const next = () => ++sequence;
const hashes = new Map<string, Promise<string>>();
// argon2id is slow on purpose; tests reuse one hash per password.
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export type User = typeof users.$inferSelect;
export type Cohort = typeof cohorts.$inferSelect;

/** A user with a password (DEFAULT_PASSWORD unless given), or, with `invited`, an invited one who has not set it yet. */
export async function createUser(overrides: Partial<typeof users.$inferInsert> & { password?: string; userType?: UserType; invited?: boolean } = {}): Promise<User> {
  const db = await getDb();
  const n = next();
  const { password = DEFAULT_PASSWORD, invited = false, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({ email: `user${n}@senda.test`, firstName: `Nombre${n}`, lastName: `Apellido${n}`, ...rest, passwordHash: invited ? null : await hashOnce(password), ...(invited && { invitedAt: new Date() }) })
    .returning();
  return row!;
}

export async function createOrganization(overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(organizations).values({ name: `Organización ${next()}`, ...overrides }).returning();
  return row!;
}

export async function createLearningPath(overrides: Partial<typeof learningPaths.$inferInsert> = {}) {
  const db = await getDb();
  const organizationId = overrides.organizationId ?? (await createOrganization()).id;
  const [row] = await db.insert(learningPaths).values({ name: `Ruta ${next()}`, ...overrides, organizationId }).returning();
  return row!;
}

export async function createProgram(overrides: Partial<typeof programs.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(programs).values({ name: `Programa ${next()}`, ...overrides }).returning();
  return row!;
}

export async function createCohort(overrides: Partial<typeof cohorts.$inferInsert> = {}): Promise<Cohort> {
  const db = await getDb();
  const learningPathId = overrides.learningPathId ?? (await createLearningPath()).id;
  const programId = overrides.programId === undefined ? (await createProgram()).id : overrides.programId;
  const [row] = await db.insert(cohorts).values({ name: `Cohorte ${next()}`, ...overrides, learningPathId, programId }).returning();
  return row!;
}

export async function enrollStudent(user: { id: number }, cohort: { id: number }, options: { roleId?: RoleId; status?: 'ACTIVE' | 'INACTIVE' } = {}) {
  const db = await getDb();
  await db.insert(memberships).values({ userId: user.id, cohortId: cohort.id, roleId: options.roleId ?? ROLE_IDS.student, status: options.status ?? 'ACTIVE' });
}

export async function createCourse(overrides: Partial<typeof courses.$inferInsert> & { programId: number }) {
  const db = await getDb();
  const [row] = await db.insert(courses).values({ name: `Curso ${next()}`, ...overrides }).returning();
  return row!;
}

/** Releases a course to a cohort (now by default; a future date schedules it). */
export async function releaseCourse(cohort: { id: number }, course: { id: number }, releaseAt: Date = new Date(Date.now() - 1000)) {
  const db = await getDb();
  await db.insert(cohortCourses).values({ cohortId: cohort.id, courseId: course.id, releaseAt });
}

/** Creates a course in the cohort's program and releases it to the cohort now. */
export async function createReleasedCourse(cohort: { id: number; programId: number | null }, overrides: Partial<typeof courses.$inferInsert> = {}) {
  const course = await createCourse({ programId: cohort.programId!, ...overrides });
  await releaseCourse(cohort, course);
  return course;
}

/** A published assignment of a course (students see it) unless overridden. */
export async function createAssignment(overrides: Partial<typeof assignments.$inferInsert> & { courseId: number }) {
  const db = await getDb();
  const [row] = await db.insert(assignments).values({ title: `Actividad ${next()}`, activityType: 'practical', published: true, ...overrides }).returning();
  return row!;
}

/** A lesson of a course; without a position it goes after the course's last lesson. */
export async function createLesson(overrides: Partial<typeof lessons.$inferInsert> & { courseId: number }) {
  const db = await getDb();
  const position =
    overrides.position ??
    (await db.select({ next: sql<number>`coalesce(max(${lessons.position}) + 1, 0)::int` }).from(lessons).where(eq(lessons.courseId, overrides.courseId)))[0]!.next;
  const [row] = await db.insert(lessons).values({ title: `Lección ${next()}`, contentMd: '# Hola', ...overrides, position }).returning();
  return row!;
}

export async function createBanner(overrides: Partial<typeof banners.$inferInsert> & { cohortId: number }) {
  const db = await getDb();
  const [row] = await db.insert(banners).values({ imageUrl: `/uploads/banner-${next()}.png`, ...overrides }).returning();
  return row!;
}

/** A valid access token for a user, as login would issue it. */
export async function accessTokenFor(user: { id: number }, ttlSeconds = 1800): Promise<string> {
  const summary = await getUserSummary(user.id);
  return signAccessToken(summary!, ttlSeconds);
}

/**
 * A small world for permission tests: cohort A (student, tutor) and cohort B
 * (another student) in different learning paths, each with a course, plus an
 * admin with no memberships.
 */
export async function createWorld() {
  const cohortA = await createCohort({ status: 'ACTIVE' });
  const cohortB = await createCohort({ status: 'ACTIVE' });
  const courseA = await createReleasedCourse(cohortA, { name: 'Curso de la cohorte A' });
  const courseB = await createReleasedCourse(cohortB, { name: 'Curso de la cohorte B' });
  const assignmentA = await createAssignment({ courseId: courseA.id, title: 'Tarea A' });
  const assignmentB = await createAssignment({ courseId: courseB.id, title: 'Tarea B' });
  const student = await createUser({ userType: 'student' });
  const otherStudent = await createUser({ userType: 'student' });
  const tutor = await createUser({ userType: 'staff' });
  const admin = await createUser({ userType: 'admin' });
  await enrollStudent(student, cohortA);
  await enrollStudent(otherStudent, cohortB);
  await enrollStudent(tutor, cohortA, { roleId: ROLE_IDS.tutor });
  return { cohortA, cohortB, courseA, courseB, assignmentA, assignmentB, student, otherStudent, tutor, admin };
}
