/** Assignments of a course: practical work, evaluations and nivelations. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { courses } from './content';

/** Activities of a course: practical activities, evaluations and nivelations. */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    activityType: text('activity_type', { enum: ['practical', 'evaluation', 'nivelation'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    isCheckpoint: boolean('is_checkpoint').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_course_idx').on(t.courseId),
    check('assignments_activity_type_check', sql`${t.activityType} in ('practical', 'evaluation', 'nivelation')`),
  ],
);
