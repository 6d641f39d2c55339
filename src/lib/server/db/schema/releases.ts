/** Courses released to cohorts: where content (content.ts) meets the learning structure (structure.ts). */
import { index, integer, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { courses } from './content';
import { cohortLevels, cohorts } from './structure';

/**
 * A course released to a cohort: students of the cohort see it from the
 * moment it is released, and its content from `release_at` on (before that,
 * "available on <date>"). Unreleased courses are invisible to students.
 */
export const cohortCourses = pgTable(
  'cohort_courses',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    levelId: integer('level_id').references(() => cohortLevels.id, { onDelete: 'set null' }),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('cohort_courses_cohort_course_unique').on(t.cohortId, t.courseId), index('cohort_courses_course_idx').on(t.courseId)],
);
