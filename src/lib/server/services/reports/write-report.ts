/**
 * Reports as spreadsheets (GET /api/v2/reports/): the caller's cohorts
 * (filtered by learning path and cohort), counted first to choose between
 * streaming now and building in the background (REPORT_STREAM_MAX_ROWS),
 * then read a page of memberships at a time (keyset on the membership id,
 * never the whole report in memory) and written as they are read.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { ReportType } from '~/lib/shared/schemas/reports';
import { getT, type Translate } from '~/i18n';
import { requireCohortInReportScope, type Caller, type ReportScope } from '~/lib/server/access/permissions';
import { requireReportAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { cohorts, learningPaths, personalDataAccess } from '~/lib/server/db/schema';
import { fileNameOf, writeTableFile, type TableCell, type TableFile, type TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { REPORT_DEFINITIONS } from './report-types';

/** Memberships read per page: some tens of thousands of rows at most for the widest report, one query each. */
const MEMBERS_PER_PAGE = 1000;

export interface ReportFilters {
  learningPathId?: number;
  cohortId?: number;
}

export interface ReportPlan {
  type: ReportType;
  /** The cohorts the report covers (the caller's, within the filters). */
  cohortIds: number[];
  rowsTotal: number;
  /** Who asked: their exports of people's data are logged (Ley 1581). */
  requesterId: number;
}

/** The cohorts a report or dashboard covers: the caller's scope within the filters; a cohort or path they do not see is 404. */
export async function listScopeCohorts(scope: ReportScope, filters: ReportFilters): Promise<number[]> {
  if (filters.cohortId !== undefined) requireCohortInReportScope(scope, filters.cohortId);
  const db = await getDb();
  if (filters.learningPathId !== undefined) {
    const [path] = await db.select({ id: learningPaths.id }).from(learningPaths).where(eq(learningPaths.id, filters.learningPathId));
    if (!path) throw new AppError('not_found');
  }
  const conditions: SQL[] = [];
  if (scope.kind === 'cohorts') conditions.push(inArray(cohorts.id, scope.cohortIds));
  if (filters.cohortId !== undefined) conditions.push(eq(cohorts.id, filters.cohortId));
  if (filters.learningPathId !== undefined) conditions.push(eq(cohorts.learningPathId, filters.learningPathId));
  const rows = await db.select({ id: cohorts.id }).from(cohorts).where(and(...conditions)).orderBy(asc(cohorts.id));
  if (filters.cohortId !== undefined && rows.length === 0 && filters.learningPathId === undefined) throw new AppError('not_found');
  return rows.map((row) => row.id);
}

/** The SQL condition over `m`: ACTIVE student memberships of these cohorts. */
export function studentMembersOf(cohortIds: readonly number[]): SQL {
  if (cohortIds.length === 0) return sql`false`;
  return sql`m.role_id = 1 and m.status = 'ACTIVE' and m.cohort_id in (${sql.join(
    cohortIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** What a report will hold for the caller (403 for students, 404 for a cohort or path they do not see), with its row count. */
export async function planReport(caller: Caller, type: ReportType, filters: ReportFilters): Promise<ReportPlan> {
  const scope = await requireReportAccess(caller);
  const cohortIds = await listScopeCohorts(scope, filters);
  const db = await getDb();
  const [count] = cohortIds.length ? rowsOf<{ n: number }>(await db.execute(REPORT_DEFINITIONS[type].countSql(studentMembersOf(cohortIds)))) : [];
  return { type, cohortIds, rowsTotal: Number(count?.n ?? 0), requesterId: caller.id };
}

/** The file's name: the report's type and today's date in Bogotá ("reporte-progreso-2026-11-25.xlsx"). */
export function reportFileNameOf(type: ReportType, format: TableFormat, t: Translate, now = new Date()): string {
  const day = new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return fileNameOf(`${t(`reports.file.${type}`)} ${day}`, format, `reporte-${day}`);
}

/** The report's rows, a page of memberships at a time; `onRows` hears how many were read so far. */
export async function* readReportRows(plan: ReportPlan, t: Translate, onRows?: (done: number) => void): AsyncGenerator<TableCell[]> {
  const definition = REPORT_DEFINITIONS[plan.type];
  const members = studentMembersOf(plan.cohortIds);
  const db = await getDb();
  let after = 0;
  let done = 0;
  for (;;) {
    const page = rowsOf<{ id: number }>(await db.execute(sql`select m.id from memberships m where ${members} and m.id > ${after} order by m.id limit ${MEMBERS_PER_PAGE}`));
    if (page.length === 0) return;
    const last = page.at(-1)!.id;
    const raws = rowsOf<Record<string, unknown>>(await db.execute(definition.pageSql(sql`${members} and m.id > ${after} and m.id <= ${last}`)));
    if (plan.type === 'users') await logProfileExports(plan.requesterId, raws.map((raw) => Number(raw.subject_id)));
    for (const raw of raws) yield definition.toRow(raw, t);
    done += raws.length;
    onRows?.(done);
    after = last;
  }
}

/** Ley 1581: a users report exports each person's data; one log row per person and export (not for one's own). */
async function logProfileExports(actorId: number, subjectIds: number[]): Promise<void> {
  const others = [...new Set(subjectIds)].filter((id) => id !== actorId);
  if (others.length === 0) return;
  const db = await getDb();
  await db.insert(personalDataAccess).values(others.map((subjectId) => ({ actorId, subjectId, action: 'export' as const })));
}

/** The report as a CSV or XLSX file, written as its rows are read. */
export function writeReport(plan: ReportPlan, options: { format: TableFormat; lang: Language; onRows?: (done: number) => void }): TableFile {
  const t = getT(options.lang);
  const definition = REPORT_DEFINITIONS[plan.type];
  return writeTableFile({
    format: options.format,
    lang: options.lang,
    fileName: reportFileNameOf(plan.type, options.format, t),
    sheetName: t(`reports.type.${plan.type}`),
    header: definition.columns.map((column) => t(`reports.column.${column.key}`)),
    kinds: definition.columns.map((column) => column.kind),
    rows: () => readReportRows(plan, t, options.onRows),
  });
}
