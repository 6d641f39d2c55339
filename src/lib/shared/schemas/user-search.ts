/** Schemas of the platform's user list: finding people to assign to a cohort, and the admin users page. */
import { z } from 'zod';
import { RECORD_STATUSES, ROLE_IDS, USER_TYPES } from '~/lib/shared/constants';
import { IdSchema, textSchema } from './common';

/** Shortest search accepted: one letter would match most of the platform. */
export const USER_SEARCH_MIN_LENGTH = 2;
const USER_SEARCH_MAX_LENGTH = 100;

/** An account's state in the admin list: ACTIVE, INACTIVE, INVITED (active, invitation not yet accepted: no password), DELETION_REQUESTED (Ley 1581). */
export const ACCOUNT_STATES = ['ACTIVE', 'INACTIVE', 'INVITED', 'DELETION_REQUESTED'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/**
 * `?search=` (name or email, at least 2 characters) and `?cohort=`: also say
 * whether each user is already a member there (assigning people). Platform
 * admins may leave the search out and filter: `inCohort` (its members),
 * `learningPath` (members of its cohorts), `type`, `status`.
 */
export const UserSearchFilterSchema = z.object({
  search: textSchema('validation.search.min').trim().min(USER_SEARCH_MIN_LENGTH, 'validation.search.min').max(USER_SEARCH_MAX_LENGTH, 'validation.length.max').optional(),
  cohort: IdSchema.optional(),
  inCohort: IdSchema.optional(),
  learningPath: IdSchema.optional(),
  type: z.enum(USER_TYPES, { message: 'validation.userType.invalid' }).optional(),
  status: z.enum(ACCOUNT_STATES, { message: 'validation.accountState.invalid' }).optional(),
});
export type UserSearchFilter = z.infer<typeof UserSearchFilterSchema>;

export const FoundUserSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** Only with `?cohort=`: the user's membership there, or null when they are not a member. */
    membership: z
      .object({
        role_id: z.union([z.literal(ROLE_IDS.student), z.literal(ROLE_IDS.tutor), z.literal(ROLE_IDS.cohortAdmin)]),
        status: z.enum(RECORD_STATUSES),
      })
      .nullable()
      .optional(),
    /** The account as platform admins see it (never sent to cohort admins). */
    account: z
      .object({
        userType: z.enum(USER_TYPES),
        status: z.enum(RECORD_STATUSES),
        /** Active, invitation not accepted yet (no password set). */
        invitationPending: z.boolean(),
        invitedAt: z.string().nullable(),
        deletionRequestedAt: z.string().nullable(),
        anonymized: z.boolean(),
      })
      .optional(),
  })
  .meta({ id: 'FoundUser' });
export type FoundUser = z.infer<typeof FoundUserSchema>;
