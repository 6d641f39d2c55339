/** Schemas of the learning structure: organizations, learning paths, cohorts, their members and levels. */
import { z } from 'zod';
import { WITHDRAWAL_REASONS } from './withdrawals';
import { RECORD_STATUSES, ROLE_IDS } from '~/lib/shared/constants';
import { IdSchema, SessionBodySchema, textSchema } from './common';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;
const SEARCH_MAX = 100;
/** Users assigned or removed in one call, and levels of one cohort. */
const LIST_MAX = 1000;

const NameSchema = textSchema('validation.required.name')
  .trim()
  .min(1, 'validation.required.name')
  .max(NAME_MAX, 'validation.length.max');
const DescriptionSchema = textSchema().trim().max(DESCRIPTION_MAX, 'validation.length.max');
const StatusSchema = z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' });
/** A calendar date, `YYYY-MM-DD`. */
const DateSchema = z.iso.date({ message: 'validation.date.invalid' });
export const RoleIdSchema = z.union([z.literal(ROLE_IDS.student), z.literal(ROLE_IDS.tutor), z.literal(ROLE_IDS.cohortAdmin)], {
  message: 'validation.role_id.invalid',
});
const hasNoDuplicates = (ids: readonly number[]) => new Set(ids).size === ids.length;
const datesInOrder = (value: { startsOn?: string | null; endsOn?: string | null }) => !value.startsOn || !value.endsOn || value.endsOn >= value.startsOn;
const DATE_ORDER = { message: 'validation.date.endBeforeStart', path: ['endsOn'] };

export const IdParamsSchema = z.object({ id: IdSchema });
export const LevelParamsSchema = z.object({ id: IdSchema, levelId: IdSchema });

// ── Organizations ──────────────────────────────────────────────────────────
export const OrganizationSchema = z
  .object({ id: z.number().int(), name: z.string(), status: z.enum(RECORD_STATUSES) })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof OrganizationSchema>;

export const CreateOrganizationBodySchema = SessionBodySchema.extend({ name: NameSchema }).meta({ id: 'CreateOrganizationBody' });
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBodySchema>;

export const UpdateOrganizationBodySchema = SessionBodySchema.extend({ name: NameSchema.optional(), status: StatusSchema.optional() }).meta({
  id: 'UpdateOrganizationBody',
});
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBodySchema>;

// ── Learning paths ─────────────────────────────────────────────────────────
export const LearningPathSchema = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    name: z.string(),
    description: z.string(),
    status: z.enum(RECORD_STATUSES),
    /** Whether its students have the study assistant (admins turn it off per path). */
    assistantEnabled: z.boolean(),
  })
  .meta({ id: 'LearningPath' });
export type LearningPath = z.infer<typeof LearningPathSchema>;

export const CreateLearningPathBodySchema = SessionBodySchema.extend({
  organizationId: IdSchema,
  name: NameSchema,
  description: DescriptionSchema.optional(),
}).meta({ id: 'CreateLearningPathBody' });
export type CreateLearningPathBody = z.infer<typeof CreateLearningPathBodySchema>;

export const UpdateLearningPathBodySchema = SessionBodySchema.extend({
  name: NameSchema.optional(),
  description: DescriptionSchema.optional(),
  status: StatusSchema.optional(),
  /** Turns the study assistant on or off for the path's students. */
  assistantEnabled: z.boolean({ message: 'validation.invalid_type' }).optional(),
}).meta({ id: 'UpdateLearningPathBody' });
export type UpdateLearningPathBody = z.infer<typeof UpdateLearningPathBodySchema>;

/** `?organization=`: only that organization's paths. */
export const LearningPathFilterSchema = z.object({ organization: IdSchema.optional() });

// ── Cohorts ────────────────────────────────────────────────────────────────
export const CohortSchema = z
  .object({
    id: z.number().int(),
    learningPathId: z.number().int(),
    programId: z.number().int().nullable(),
    name: z.string(),
    status: z.enum(RECORD_STATUSES),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
  })
  .meta({ id: 'Cohort' });
export type Cohort = z.infer<typeof CohortSchema>;

export const CreateCohortBodySchema = SessionBodySchema.extend({
  learningPathId: IdSchema,
  programId: IdSchema.nullish(),
  name: NameSchema,
  startsOn: DateSchema.nullish(),
  endsOn: DateSchema.nullish(),
})
  .refine(datesInOrder, DATE_ORDER)
  .meta({ id: 'CreateCohortBody' });
export type CreateCohortBody = z.infer<typeof CreateCohortBodySchema>;

/** Tutors and cohort admins may change name and dates; status and program are for platform admins. */
export const UpdateCohortBodySchema = SessionBodySchema.extend({
  name: NameSchema.optional(),
  startsOn: DateSchema.nullish(),
  endsOn: DateSchema.nullish(),
  status: StatusSchema.optional(),
  programId: IdSchema.nullish(),
})
  .refine(datesInOrder, DATE_ORDER)
  .meta({ id: 'UpdateCohortBody' });
export type UpdateCohortBody = z.infer<typeof UpdateCohortBodySchema>;

// ── Cohort members ─────────────────────────────────────────────────────────
export const CohortMemberSchema = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role_id: RoleIdSchema,
    status: z.enum(RECORD_STATUSES),
    /** The day a student withdrew from the cohort, and why (ADR 030); null while they take part. */
    withdrawnOn: z.string().meta({ format: 'date' }).nullable(),
    withdrawalReason: z.enum(WITHDRAWAL_REASONS).nullable(),
  })
  .meta({ id: 'CohortMember' });
export type CohortMember = z.infer<typeof CohortMemberSchema>;

/** `?search=`: part of a member's name or email. */
export const CohortMembersFilterSchema = z.object({
  search: textSchema().trim().max(SEARCH_MAX, 'validation.length.max').optional(),
});

const AssignmentSchema = z.object({ userId: IdSchema, role_id: RoleIdSchema, status: StatusSchema.optional() });

/**
 * Adds or updates memberships (`users`) and removes them (`remove`), in one
 * all-or-nothing call. POST rather than DELETE: the shared request helper
 * sends no body with DELETE.
 */
export const AssignUsersBodySchema = SessionBodySchema.extend({
  users: z.array(AssignmentSchema).max(LIST_MAX, 'validation.number.max').default([]),
  remove: z.array(IdSchema).max(LIST_MAX, 'validation.number.max').default([]),
})
  .refine((body) => body.users.length + body.remove.length > 0, { message: 'validation.assign.empty', path: ['users'] })
  .refine((body) => hasNoDuplicates(body.users.map((item) => item.userId)), { message: 'validation.duplicate_ids', path: ['users'] })
  .refine((body) => hasNoDuplicates(body.remove), { message: 'validation.duplicate_ids', path: ['remove'] })
  .refine((body) => !body.users.some((item) => body.remove.includes(item.userId)), { message: 'validation.assign.both', path: ['remove'] })
  .meta({ id: 'AssignUsersBody' });
export type AssignUsersBody = z.infer<typeof AssignUsersBodySchema>;

export const AssignUsersResultSchema = z
  .object({
    assigned: z.array(z.object({ userId: z.number().int(), role_id: RoleIdSchema, status: z.enum(RECORD_STATUSES) })),
    removed: z.array(z.number().int()),
  })
  .meta({ id: 'AssignUsersResult' });
export type AssignUsersResult = z.infer<typeof AssignUsersResultSchema>;

// ── Cohort levels ──────────────────────────────────────────────────────────
export const CohortLevelSchema = z
  .object({ id: z.number().int(), name: z.string(), position: z.number().int() })
  .meta({ id: 'CohortLevel' });
export type CohortLevel = z.infer<typeof CohortLevelSchema>;

export const LevelBodySchema = SessionBodySchema.extend({ name: NameSchema }).meta({ id: 'LevelBody' });

export const ReorderLevelsBodySchema = SessionBodySchema.extend({
  order: z.array(IdSchema, { message: 'validation.required.field' }).max(LIST_MAX, 'validation.number.max'),
})
  .refine((body) => hasNoDuplicates(body.order), { message: 'validation.duplicate_ids', path: ['order'] })
  .meta({ id: 'ReorderLevelsBody' });
