/**
 * Approval rules: a program's (with its pass mark), a cohort's override of
 * it, and the one in force for a cohort (the cohort's, else its program's,
 * else the defaults: 3.0 to pass, every mustPass item, every course).
 */
import { eq, inArray, or } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { DEFAULT_APPROVAL_RULE, type ApprovalRule } from '~/lib/shared/gradebook';
import type { ApprovalRuleBody, ApprovalRuleView } from '~/lib/shared/schemas/gradebook';
import {
  activeCohortRoleOf,
  isAdmin,
  requireReadCohortApprovalRule,
  requireSetCohortApprovalRule,
  requireSetProgramApprovalRule,
  type Caller,
} from '~/lib/server/access/permissions';
import { requireManagedProgram } from '~/lib/server/access/loaders';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { approvalRules, cohorts, programs } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';

export type RuleInForce = ApprovalRule & { source: ApprovalRuleView['source'] };

type RuleRow = typeof approvalRules.$inferSelect;
const ruleOf = (row: RuleRow): ApprovalRule => ({
  minGrade: row.minGrade,
  minCompletionPercent: row.minCompletionPercent,
  minAttendancePercent: row.minAttendancePercent,
  mustPassItems: row.mustPassItems,
  allCoursesRequired: row.allCoursesRequired,
  passMark: row.passMark,
});

/** The rule a cohort's students are held to: the cohort's own, else its program's, else the defaults. */
export async function readRuleInForce(db: DbOrTx, cohort: { id: number; programId: number | null }): Promise<RuleInForce> {
  const [own] = await db.select().from(approvalRules).where(eq(approvalRules.cohortId, cohort.id));
  if (own) return { ...ruleOf(own), source: 'cohort' };
  if (cohort.programId !== null) {
    const [program] = await db.select().from(approvalRules).where(eq(approvalRules.programId, cohort.programId));
    if (program) return { ...ruleOf(program), source: 'program' };
  }
  return { ...DEFAULT_APPROVAL_RULE, source: 'default' };
}

/** `readRuleInForce` for several cohorts in one query (a report over many cohorts), by cohort id. */
export async function readRulesInForce(db: DbOrTx, cohortList: readonly { id: number; programId: number | null }[]): Promise<Map<number, RuleInForce>> {
  const rules = new Map<number, RuleInForce>();
  if (cohortList.length === 0) return rules;
  const programIds = [...new Set(cohortList.flatMap((cohort) => (cohort.programId === null ? [] : [cohort.programId])))];
  const rows = await db
    .select()
    .from(approvalRules)
    .where(or(inArray(approvalRules.cohortId, cohortList.map((cohort) => cohort.id)), programIds.length ? inArray(approvalRules.programId, programIds) : undefined));
  const ofCohort = new Map(rows.flatMap((row) => (row.cohortId === null ? [] : [[row.cohortId, row] as const])));
  const ofProgram = new Map(rows.flatMap((row) => (row.programId === null ? [] : [[row.programId, row] as const])));
  for (const cohort of cohortList) {
    const own = ofCohort.get(cohort.id);
    const program = cohort.programId === null ? undefined : ofProgram.get(cohort.programId);
    rules.set(cohort.id, own ? { ...ruleOf(own), source: 'cohort' } : program ? { ...ruleOf(program), source: 'program' } : { ...DEFAULT_APPROVAL_RULE, source: 'default' });
  }
  return rules;
}

/**
 * The rule in force per cohort, kept for the pages every student lands on
 * (/home, a course page), which ask it on each load to know whether to
 * compute their line at all. Any rule written, and a cohort moved to another
 * program, drop it on every server (the change feed, migration 0021).
 */
const rulesInForce = defineCache<number, RuleInForce>({
  ttlMs: 10 * 60_000,
  max: 20_000,
  invalidatedBy: { approval_rules: () => 'all', cohorts: (keys) => idsOf(keys, 'id') },
});

/** `readRuleInForce` through the per-cohort cache (outside a transaction only). */
export async function cachedRuleInForce(cohort: { id: number; programId: number | null }): Promise<RuleInForce> {
  return rulesInForce.getOrLoad(cohort.id, async () => readRuleInForce(await getDb(), cohort));
}

/** The caller's ACTIVE role in a cohort (null for platform admins and non-members). */
export async function cohortRoleOf(caller: Caller, cohortId: number) {
  return isAdmin(caller) ? null : activeCohortRoleOf(await listMembershipsOf(caller.id), cohortId);
}

/** A cohort row (404 when there is none). */
export async function requireCohortRow(db: DbOrTx, cohortId: number): Promise<{ id: number; programId: number | null }> {
  const [row] = await db.select({ id: cohorts.id, programId: cohorts.programId }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!row) throw new AppError('not_found');
  return row;
}

async function requireProgram(db: DbOrTx, programId: number): Promise<void> {
  const [row] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId));
  if (!row) throw new AppError('not_found');
}

/** A program's rule (its staff: admins, and tutors and cohort admins of a cohort following it); the defaults when it has none. */
export async function getProgramApprovalRule(caller: Caller, programId: number): Promise<ApprovalRuleView> {
  const db = await getDb();
  await requireProgram(db, programId);
  await requireManagedProgram(caller, programId);
  const [row] = await db.select().from(approvalRules).where(eq(approvalRules.programId, programId));
  return row ? { ...ruleOf(row), source: 'program' } : { ...DEFAULT_APPROVAL_RULE, source: 'default' };
}

/** Sets a program's rule and pass mark (platform admins). */
export async function setProgramApprovalRule(caller: Caller, programId: number, body: ApprovalRuleBody): Promise<ApprovalRuleView> {
  requireSetProgramApprovalRule(caller);
  const db = await getDb();
  await requireProgram(db, programId);
  const values = { ...ruleValuesOf(body), updatedBy: caller.id, updatedAt: new Date() };
  const [row] = await db
    .insert(approvalRules)
    .values({ programId, ...values })
    .onConflictDoUpdate({ target: approvalRules.programId, set: values })
    .returning();
  return { ...ruleOf(row!), source: 'program' };
}

/** The rule a cohort's students are held to (its members). */
export async function getCohortApprovalRule(caller: Caller, cohortId: number): Promise<ApprovalRuleView> {
  requireReadCohortApprovalRule(caller, await cohortRoleOf(caller, cohortId));
  const db = await getDb();
  return readRuleInForce(db, await requireCohortRow(db, cohortId));
}

/** Sets a cohort's own rule over its program's (its cohort admins and platform admins). */
export async function setCohortApprovalRule(caller: Caller, cohortId: number, body: ApprovalRuleBody): Promise<ApprovalRuleView> {
  requireSetCohortApprovalRule(caller, await cohortRoleOf(caller, cohortId));
  const db = await getDb();
  await requireCohortRow(db, cohortId);
  const values = { ...ruleValuesOf(body), updatedBy: caller.id, updatedAt: new Date() };
  const [row] = await db.insert(approvalRules).values({ cohortId, ...values }).onConflictDoUpdate({ target: approvalRules.cohortId, set: values }).returning();
  return { ...ruleOf(row!), source: 'cohort' };
}

/** Removes a cohort's own rule, so its program's (or the defaults) holds again; answers the rule now in force (its cohort admins and platform admins). */
export async function removeCohortApprovalRule(caller: Caller, cohortId: number): Promise<ApprovalRuleView> {
  requireSetCohortApprovalRule(caller, await cohortRoleOf(caller, cohortId));
  const db = await getDb();
  const cohort = await requireCohortRow(db, cohortId);
  await db.delete(approvalRules).where(eq(approvalRules.cohortId, cohortId));
  return readRuleInForce(db, cohort);
}

const ruleValuesOf = (body: ApprovalRuleBody): ApprovalRule => ({
  minGrade: body.minGrade,
  minCompletionPercent: body.minCompletionPercent,
  minAttendancePercent: body.minAttendancePercent,
  mustPassItems: body.mustPassItems,
  allCoursesRequired: body.allCoursesRequired,
  passMark: body.passMark,
});
