/** Reports too large to stream in one request, built by the job engine (services/reports/). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** A report built in the background with its progress, kept for a day (like submission_exports). */
export const reportExports = pgTable(
  'report_exports',
  {
    id: id(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    learningPathId: integer('learning_path_id'),
    cohortId: integer('cohort_id'),
    /** The language of its header and labels. */
    language: text('language').notNull().default('es'),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] }).notNull().default('queued'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_exports_requester_idx').on(t.requestedBy, t.createdAt),
    check('report_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
    check('report_exports_format_check', sql`${t.format} in ('csv', 'xlsx')`),
  ],
);
