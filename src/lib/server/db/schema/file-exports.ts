/** Files built by the job engine for whoever asked (services/file-exports/): zips of submissions and large reports. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { assignments } from './assignments';
import { createdAt, id } from './columns';
import { users } from './users';

export const FILE_EXPORT_KINDS = ['submissions_zip', 'report'] as const;
export const FILE_EXPORT_FORMATS = ['zip', 'csv', 'xlsx'] as const;
export const FILE_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;

/**
 * A file built in the background with its progress, kept for a day. What it
 * holds is said by its kind and that kind's columns: a zip of an assignment's
 * submissions (`assignment_id`, optionally one cohort), or a report
 * (`report_type`, optionally a learning path and a cohort).
 */
export const fileExports = pgTable(
  'file_exports',
  {
    id: id(),
    kind: text('kind', { enum: FILE_EXPORT_KINDS }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format', { enum: FILE_EXPORT_FORMATS }).notNull(),
    /** submissions_zip: the assignment whose submissions it holds. */
    assignmentId: integer('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    /** report: which report. */
    reportType: text('report_type'),
    learningPathId: integer('learning_path_id'),
    /** Only this cohort's students (within the requester's). */
    cohortId: integer('cohort_id'),
    /** The language of its labels and folder names. */
    language: text('language').notNull().default('es'),
    status: text('status', { enum: FILE_EXPORT_STATUSES }).notNull().default('queued'),
    /** What is counted: a report's rows, a zip's files. */
    itemsTotal: integer('items_total').notNull().default(0),
    itemsDone: integer('items_done').notNull().default(0),
    /** The source bytes (zips). */
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('file_exports_requester_idx').on(t.requestedBy, t.kind, t.createdAt),
    index('file_exports_created_idx').on(t.createdAt),
    check('file_exports_kind_check', sql`${t.kind} in ('submissions_zip', 'report')`),
    check('file_exports_format_check', sql`${t.format} in ('zip', 'csv', 'xlsx')`),
    check('file_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
    check(
      'file_exports_kind_columns_check',
      sql`(${t.kind} = 'submissions_zip' and ${t.assignmentId} is not null and ${t.format} = 'zip') or (${t.kind} = 'report' and ${t.reportType} is not null and ${t.format} in ('csv', 'xlsx'))`,
    ),
  ],
);
