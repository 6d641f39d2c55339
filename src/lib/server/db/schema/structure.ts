import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { users } from './identity';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [statusCheck('organizations', t.status)]);

export const learningPaths = pgTable(
  'learning_paths',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('learning_paths_organization_idx').on(t.organizationId), statusCheck('learning_paths', t.status)],
);

export const programs = pgTable('programs', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [statusCheck('programs', t.status)]);

export const cohorts = pgTable(
  'cohorts',
  {
    id: id(),
    learningPathId: integer('learning_path_id')
      .notNull()
      .references(() => learningPaths.id),
    programId: integer('program_id').references(() => programs.id),
    name: text('name').notNull(),
    status: status(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cohorts_learning_path_idx').on(t.learningPathId),
    index('cohorts_program_idx').on(t.programId),
    statusCheck('cohorts', t.status),
  ],
);

/** A user's role in a cohort (role_id 1 student, 2 tutor, 3 cohort admin). */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    roleId: smallint('role_id').notNull(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('memberships_user_cohort_unique').on(t.userId, t.cohortId),
    index('memberships_cohort_idx').on(t.cohortId),
    check('memberships_role_id_check', sql`${t.roleId} in (1, 2, 3)`),
    statusCheck('memberships', t.status),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_program_position_idx').on(t.programId, t.position), statusCheck('courses', t.status)],
);

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
