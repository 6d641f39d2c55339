/**
 * The gradebook (services/gradebook/): a course's grade categories and their
 * weights, the approval rule of a program (or one cohort's override of it),
 * and the tutors' overrides of a course grade, every one kept (the audit).
 * Which quiz or assignment counts in which category lives on the item
 * (quizzes and assignments: grade_category_id, counts_for_grade, must_pass).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { courses, programs } from './content';
import { cohorts } from './structure';
import { users } from './users';

/** A course's grade category ("Quices 30 %"): its weight in the course grade and how many of its lowest scores are dropped. */
export const gradeCategories = pgTable(
  'grade_categories',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Percent of the course grade; a course's categories add up to 100. */
    weight: doublePrecision('weight').notNull(),
    dropLowest: integer('drop_lowest').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('grade_categories_course_idx').on(t.courseId, t.position),
    check('grade_categories_weight_check', sql`${t.weight} > 0 and ${t.weight} <= 100`),
    check('grade_categories_drop_lowest_check', sql`${t.dropLowest} >= 0`),
  ],
);

/**
 * What a student must meet to pass: a program's rule (program_id), or one
 * cohort's override of it (cohort_id). Grades on the Colombian 0.0–5.0
 * scale; `pass_mark` is the grade an item or course passes with.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: id(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'cascade' }),
    minGrade: doublePrecision('min_grade').notNull().default(3),
    minCompletionPercent: doublePrecision('min_completion_percent').notNull().default(0),
    minAttendancePercent: doublePrecision('min_attendance_percent').notNull().default(0),
    mustPassItems: boolean('must_pass_items').notNull().default(true),
    allCoursesRequired: boolean('all_courses_required').notNull().default(true),
    passMark: doublePrecision('pass_mark').notNull().default(3),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('approval_rules_program_idx').on(t.programId),
    uniqueIndex('approval_rules_cohort_idx').on(t.cohortId),
    check('approval_rules_one_owner_check', sql`num_nonnulls(${t.programId}, ${t.cohortId}) = 1`),
    check('approval_rules_grades_check', sql`${t.minGrade} between 0 and 5 and ${t.passMark} between 0 and 5`),
  ],
);

/**
 * A tutor's override of a student's course grade in a cohort. Rows are never
 * changed: the latest per (cohort, course, user) is in force (a null
 * `new_grade` clears it), and all of them are the audit (who, when, old, new, why).
 */
export const gradeOverrides = pgTable(
  'grade_overrides',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The course grade before (computed or the previous override), 0.0–5.0. */
    oldGrade: doublePrecision('old_grade'),
    newGrade: doublePrecision('new_grade'),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_overrides_cohort_course_idx').on(t.cohortId, t.courseId, t.userId, t.id)],
);
