/** Schemas of the platform user search (finding people to assign to a cohort). */
import { z } from 'zod';
import { RECORD_STATUSES, ROLE_IDS } from '~/lib/shared/constants';
import { IdSchema, textSchema } from './common';

/** Shortest search accepted: one letter would match most of the platform. */
export const USER_SEARCH_MIN_LENGTH = 2;
const USER_SEARCH_MAX_LENGTH = 100;

/** `?search=` (name or email, at least 2 characters) and `?cohort=`: also say whether each user is already a member there. */
export const UserSearchFilterSchema = z.object({
  search: textSchema('validation.search.min')
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, 'validation.search.min')
    .max(USER_SEARCH_MAX_LENGTH, 'validation.length.max')
    // No search at all gets the same message as one too short.
    .prefault(''),
  cohort: IdSchema.optional(),
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
  })
  .meta({ id: 'FoundUser' });
export type FoundUser = z.infer<typeof FoundUserSchema>;
