/**
 * The funder report of the caller's cohorts at a cut-off date (ADR 031):
 * the same scope as every report (requireReportAccess, listScopeCohorts),
 * read in a few grouped queries and turned into its tables.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import type { WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import { getT } from '~/i18n';
import type { Caller } from '~/lib/server/access/permissions';
import { requireReportAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { cohorts } from '~/lib/server/db/schema';
import { approvalsOfCohorts } from '~/lib/server/services/gradebook/approvals';
import { figuresOf, readCohortsHeldSessions } from '~/lib/server/services/attendance/figures';
import { countWithdrawalsByReason } from '~/lib/server/services/structure/withdrawals';
import { listScopeCohorts, type ReportFilters } from '../write-report';
import { buildFunderSections, totalsOf, type FunderInput, type FunderSection, type FunderTotals } from './build-funder-sections';
import { countSignUps, endOfCutoff, readFunderStudents } from './read-funder-students';

export interface FunderReport {
  cutoff: string;
  lang: Language;
  totals: FunderTotals;
  sections: FunderSection[];
}

/** Everything the report is computed from, for the cohorts given (no access check: the caller's scope chose them). */
export async function readFunderInput(cohortIds: readonly number[], cutoff: string): Promise<FunderInput> {
  const db = await getDb();
  const names = cohortIds.length
    ? await db.select({ name: cohorts.name }).from(cohorts).where(inArray(cohorts.id, [...cohortIds])).orderBy(asc(cohorts.name), asc(cohorts.id))
    : [];
  const students = await readFunderStudents(db, cohortIds, cutoff);
  const heldBy = new Date(endOfCutoff(cutoff).getTime() - 1);
  const approved = new Set<string>();
  const attendedHoursOf = new Map<number, number>();
  let plannedHours = 0;
  const byCohort = new Map<number, typeof students>();
  for (const student of students) {
    const list = byCohort.get(student.cohortId);
    if (list) list.push(student);
    else byCohort.set(student.cohortId, [student]);
  }
  // ADR 031: approval is read as it stands now (the gradebook keeps no history); certificates and withdrawals at the cut-off.
  // Both are read set-wise over every cohort in scope: a report over 200 cohorts is a dozen queries, not 2,400.
  const [approvals, heldOf] = await Promise.all([approvalsOfCohorts(db, [...byCohort.keys()]), readCohortsHeldSessions(db, cohortIds, heldBy, 'ended')]);
  // Planned hours are every session of the scope ended by the cut-off, in cohorts with nobody enrolled too.
  for (const held of heldOf.values()) for (const session of held.sessions) plannedHours += session.hours;
  for (const [cohortId, mine] of byCohort) {
    for (const approval of approvals.get(cohortId) ?? []) if (approval.state === 'approved') approved.add(`${cohortId}:${approval.userId}`);
    const held = heldOf.get(cohortId)!;
    for (const student of mine) attendedHoursOf.set(student.membershipId, figuresOf(held, student.userId).attendedHours);
  }
  const withdrawalsByReason = new Map<WithdrawalReason, number>();
  for (const row of await countWithdrawalsByReason(db, cohortIds, cutoff)) withdrawalsByReason.set(row.reason, (withdrawalsByReason.get(row.reason) ?? 0) + row.count);
  return {
    cutoff,
    cohortNames: names.map((row) => row.name),
    students,
    signedUp: await countSignUps(db, cohortIds, cutoff, students),
    approved,
    attendedHoursOf,
    plannedHours,
    withdrawalsByReason,
  };
}

/** The funder report for the caller (403 for students, 404 for a cohort or path they do not see), in their language. */
export async function getFunderReport(caller: Caller, filters: ReportFilters, cutoff: string, lang: Language): Promise<FunderReport> {
  const scope = await requireReportAccess(caller);
  const cohortIds = await listScopeCohorts(scope, filters);
  const input = await readFunderInput(cohortIds, cutoff);
  return { cutoff, lang, totals: totalsOf(input), sections: buildFunderSections(input, getT(lang)) };
}
