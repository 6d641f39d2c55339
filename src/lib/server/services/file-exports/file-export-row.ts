/**
 * Files built by the job engine for whoever asked (ADR 013, ADR 017): a zip
 * of submissions or a report too large for one request. One table
 * (`file_exports`), one life: queued → running → ready | failed, progress
 * written while it is built, downloaded by its requester only, swept after a
 * day. Each kind says what it holds and how its file is written; this folder
 * does the rest, the same way for every kind.
 */
import type { fileExports, FILE_EXPORT_FORMATS, FILE_EXPORT_KINDS } from '~/lib/server/db/schema';

export type FileExportRow = typeof fileExports.$inferSelect;
export type FileExportKind = (typeof FILE_EXPORT_KINDS)[number];
export type FileExportFormat = (typeof FILE_EXPORT_FORMATS)[number];

/** What an export holds: its kind, format and that kind's own columns (unset ones are null). */
export interface FileExportSubject {
  kind: FileExportKind;
  format: FileExportFormat;
  assignmentId?: number;
  reportType?: string;
  learningPathId?: number;
  cohortId?: number;
}

/** How far a build is: items (a report's rows, a zip's files) and source bytes. */
export interface FileExportProgress {
  itemsDone?: number;
  itemsTotal?: number;
  bytesDone?: number;
  bytesTotal?: number;
}

export const CONTENT_TYPES = {
  zip: 'application/zip',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<FileExportFormat, string>;

/** Built files are kept this long, then removed with their row. */
export const KEEP_FILE_EXPORT_MS = 24 * 60 * 60_000;
