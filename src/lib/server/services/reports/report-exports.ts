/**
 * Reports too large for one request (more than REPORT_STREAM_MAX_ROWS rows,
 * or asked for with `delivery=job`): file exports of kind `report`, built by
 * the job engine (services/file-exports/, ADR 017).
 */
import type { Language } from '~/lib/shared/constants';
import type { ReportExport, ReportType } from '~/lib/shared/schemas/reports';
import { getT } from '~/i18n';
import type { Caller } from '~/lib/server/access/permissions';
import { getConfig } from '~/lib/server/config';
import { BUILD_REPORT_QUEUE } from '~/lib/server/jobs/queue-names';
import { buildFileExport } from '~/lib/server/services/file-exports/build-file-export';
import type { FileExportRow } from '~/lib/server/services/file-exports/file-export-row';
import { findOwnFileExport, openFileExport } from '~/lib/server/services/file-exports/open-file-export';
import { requestFileExport } from '~/lib/server/services/file-exports/request-file-export';
import type { TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { planReport, reportFileNameOf, writeReport, type ReportFilters, type ReportPlan } from './write-report';


/** Whether a report is small enough to stream to the client now (REPORT_STREAM_MAX_ROWS). */
export const isReportStreamable = (plan: ReportPlan): boolean => plan.rowsTotal <= getConfig().REPORT_STREAM_MAX_ROWS;

const filtersOf = (row: FileExportRow): ReportFilters => ({ learningPathId: row.learningPathId ?? undefined, cohortId: row.cohortId ?? undefined });

const toExport = (row: FileExportRow): ReportExport => ({
  id: row.id,
  type: row.reportType as ReportType,
  format: row.format as TableFormat,
  status: row.status,
  rowsTotal: row.itemsTotal,
  rowsDone: row.itemsDone,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  downloadUrl: row.status === 'ready' ? `/api/v2/reports/exports/${row.id}/download/` : null,
});

/** Asks the job engine for a report (answers it, queued); the same request while one of the caller's is still being built answers that one. */
export async function requestReportExport(caller: Caller, plan: ReportPlan, options: ReportFilters & { format: TableFormat; lang: Language }): Promise<ReportExport> {
  const row = await requestFileExport(
    caller,
    { kind: 'report', format: options.format, reportType: plan.type, learningPathId: options.learningPathId, cohortId: options.cohortId },
    { queue: BUILD_REPORT_QUEUE, lang: options.lang, fileName: reportFileNameOf(plan.type, options.format, getT(options.lang)), itemsTotal: plan.rowsTotal },
  );
  return toExport(row);
}

/** Builds a queued report into private storage, writing its progress (the `reports.build` job). */
export async function buildReportExport(exportId: number): Promise<void> {
  await buildFileExport(exportId, 'report', async ({ row, requester, lang, onProgress }) => {
    const plan = await planReport(requester, row.reportType as ReportType, filtersOf(row));
    const file = writeReport(plan, {
      format: row.format as TableFormat,
      lang,
      onRows: (done) => onProgress({ itemsDone: done, itemsTotal: Math.max(plan.rowsTotal, done) }),
    });
    return { body: file.body as unknown as AsyncIterable<Uint8Array>, done: { itemsTotal: plan.rowsTotal, itemsDone: plan.rowsTotal } };
  });
}

/** Where an export of the caller's stands (its progress). */
export async function getReportExport(caller: Caller, exportId: number): Promise<ReportExport> {
  return toExport(await findOwnFileExport(caller, 'report', exportId));
}

/** A ready export of the caller's, to download as a stream; not ready yet → 409 export_not_ready. Their rights are checked again. */
export function openReportExport(caller: Caller, exportId: number): Promise<{ fileName: string; contentType: string; size: number; stream: AsyncIterable<Uint8Array> }> {
  return openFileExport(caller, 'report', exportId, (row) => planReport(caller, row.reportType as ReportType, filtersOf(row)));
}
