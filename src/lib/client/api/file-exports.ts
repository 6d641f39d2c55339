/** Where a file the job engine builds stands (a zip of submissions, a report): one route per kind. */
import { api } from '~/lib/client/app-client';
import type { Answer } from './typed-api';

export interface FileExportJobs {
  submissions_zip: Answer<'/api/v2/assignments/submissions/zip/{exportId}/', 'get'>;
  report: Answer<'/api/v2/reports/exports/{exportId}/', 'get'>;
}
export type FileExportKind = keyof FileExportJobs;

const READERS: { [K in FileExportKind]: (exportId: number) => Promise<FileExportJobs[K]> } = {
  submissions_zip: (exportId) => api.get('/api/v2/assignments/submissions/zip/{exportId}/', { path: { exportId } }),
  report: (exportId) => api.get('/api/v2/reports/exports/{exportId}/', { path: { exportId } }),
};

export const readFileExport = <K extends FileExportKind>(kind: K, exportId: number): Promise<FileExportJobs[K]> => READERS[kind](exportId);
