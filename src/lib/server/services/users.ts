import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { UserType } from '~/lib/shared/constants';
import { STATUS_STUDENT } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { CohortClaim, UserSummary } from '~/lib/shared/schemas/auth';
import { hashPassword, MIN_PASSWORD_LENGTH } from '~/lib/server/services/auth/passwords';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { cohorts, memberships, users } from '~/lib/server/db/schema';

export type UserRow = typeof users.$inferSelect;

/** Finds a user by email (case-insensitive). */
export async function findUserByEmail(email: string, db?: DbOrTx): Promise<UserRow | null> {
  const handle = db ?? (await getDb());
  const [row] = await handle.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** The names and e-mails of a few users by id (admin screens whose rows carry only ids); unknown ids are left out. */
export async function listUserLabels(ids: readonly number[]): Promise<Map<number, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`.trim() || row.email, email: row.email }]));
}

/**
 * The user as the token and the session describe them: cohorts with the
 * effective status (ACTIVE only while membership and cohort both are), and
 * the current training path (the newest active cohort's learning path).
 */
export async function getUserSummary(userId: number, db?: DbOrTx): Promise<UserSummary | null> {
  const handle = db ?? (await getDb());
  const [user] = await handle.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const rows = await handle
    .select({
      cohortId: cohorts.id,
      cohortStatus: cohorts.status,
      learningPathId: cohorts.learningPathId,
      membershipStatus: memberships.status,
      roleId: memberships.roleId,
    })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(cohorts.id), asc(memberships.id));
  const cohortClaims: CohortClaim[] = rows.map((row) => ({
    id: row.cohortId,
    status: row.cohortStatus === 'ACTIVE' && row.membershipStatus === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    role_id: row.roleId as CohortClaim['role_id'],
  }));
  const current = rows.find((row) => row.cohortStatus === 'ACTIVE' && row.membershipStatus === 'ACTIVE') ?? rows[0];
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    userType: user.userType,
    status: user.status,
    statusStudent: user.statusStudent,
    idStudent: user.userType === 'student' ? user.id : null,
    idTrainingPath: current?.learningPathId ?? null,
    cohorts: cohortClaims,
  };
}

const passwordTooShort = () => new AppError('validation_failed', { fields: { password: { key: 'validation.length.min', params: { count: MIN_PASSWORD_LENGTH } } } });

export interface CreateUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType?: UserType;
}

/** Creates a user with an argon2id password hash; refuses a taken email or a short password. */
export async function createUser(input: CreateUserInput): Promise<UserRow> {
  if (input.password.length < MIN_PASSWORD_LENGTH) throw passwordTooShort();
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(email, db)) throw new AppError('validation_failed', { fields: { email: 'validation.email.taken' } });
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      userType: input.userType ?? 'student',
    })
    .returning();
  return row!;
}

/** Sets a new password. The caller decides whether to revoke sessions too. */
export async function setUserPassword(userId: number, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw passwordTooShort();
  const db = await getDb();
  await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Records that a user accepted the terms and conditions (statusStudent becomes 1). Idempotent. */
export async function acceptTerms(userId: number): Promise<{ id: number; statusStudent: 1 }> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ statusStudent: STATUS_STUDENT.termsAccepted, termsAcceptedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new AppError('not_found');
  return { id: row.id, statusStudent: STATUS_STUDENT.termsAccepted };
}
