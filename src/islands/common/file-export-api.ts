/** Where a file the job engine builds stands (a zip of submissions, a report): one route per kind. */
import { getApi } from '~/lib/client/app-client';
import type { SubmissionExport } from '~/lib/shared/schemas/assignments';
import type { ReportExport } from '~/lib/shared/schemas/reports';

export interface FileExportJobs {
  submissions_zip: SubmissionExport;
  report: ReportExport;
}
export type FileExportKind = keyof FileExportJobs;

const ROUTES: { [K in FileExportKind]: (exportId: number) => string } = {
  submissions_zip: (exportId) => `/api/v2/assignments/submissions/zip/${exportId}/`,
  report: (exportId) => `/api/v2/reports/exports/${exportId}/`,
};

export const readFileExport = <K extends FileExportKind>(kind: K, exportId: number) => getApi().get<FileExportJobs[K]>(ROUTES[kind](exportId));
