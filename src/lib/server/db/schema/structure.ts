/** The learning structure: organizations, learning paths, cohorts, their members and levels (services/structure/). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { programs } from './content';
import { users } from './users';

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
    /** Whether its students have the study assistant (admins turn it off per path). */
    assistantEnabled: boolean('assistant_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('learning_paths_organization_idx').on(t.organizationId), statusCheck('learning_paths', t.status)],
);

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
    /** The day a student left the cohort (ADR 030); a withdrawn membership is INACTIVE. Null while they take part. */
    withdrawnOn: date('withdrawn_on', { mode: 'string' }),
    withdrawalReason: text('withdrawal_reason', { enum: ['work', 'health', 'finances', 'moved', 'no_contact', 'other'] }),
    withdrawalNote: text('withdrawal_note'),
    /** Who recorded the withdrawal: the student themselves, or staff (null once that account is gone). */
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('memberships_user_cohort_unique').on(t.userId, t.cohortId),
    index('memberships_cohort_idx').on(t.cohortId),
    check('memberships_role_id_check', sql`${t.roleId} in (1, 2, 3)`),
    statusCheck('memberships', t.status),
    check(
      'memberships_withdrawal_check',
      sql`(${t.withdrawnOn} is null and ${t.withdrawalReason} is null) or (${t.withdrawnOn} is not null and ${t.withdrawalReason} in ('work', 'health', 'finances', 'moved', 'no_contact', 'other') and ${t.status} = 'INACTIVE')`,
    ),
  ],
);

/** A cohort's levels (stages), in order. */
export const cohortLevels = pgTable(
  'cohort_levels',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cohort_levels_cohort_position_idx').on(t.cohortId, t.position)],
);
