/** A student's progress in each lesson (services/lesson-history.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, unique } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns';
import { lessons } from './content';
import { users } from './users';

/** A user's progress in a lesson: started, percentage, resume point, completion. */
export const lessonHistory = pgTable(
  'lesson_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    progress: smallint('progress').notNull().default(0),
    /** Where to resume (seconds into the video, or scroll percentage for text). */
    resumeAt: integer('resume_at').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('lesson_history_user_lesson_unique').on(t.userId, t.lessonId),
    index('lesson_history_lesson_idx').on(t.lessonId),
    check('lesson_history_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
