/** Schemas of accounts (created, invited, changed by admins), passwords, and personal data (Ley 1581). */
import { z } from 'zod';
import { LANGUAGES, RECORD_STATUSES, USER_TYPES } from '~/lib/shared/constants';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { AccountFieldsSchema, PartialProfileSchema, PersonProfileSchema } from './person';
import { RoleIdSchema } from './structure';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;
/** Cohorts one account creation may assign. */
const ACCOUNT_COHORTS_MAX = 20;

const newPassword = (field: string) =>
  textSchema(`validation.required.${field}`)
    .min(1, `validation.required.${field}`)
    .min(PASSWORD_MIN_LENGTH, 'validation.length.min')
    .max(PASSWORD_MAX_LENGTH, 'validation.length.max');

/** A new password typed twice. */
const passwordPair = { password: newPassword('password'), confirmPassword: textSchema('validation.required.confirmPassword').min(1, 'validation.required.confirmPassword') };
const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;
const mismatch = { message: 'validation.password.mismatch', path: ['confirmPassword'] };

export const ForgotPasswordBodySchema = z
  .object({ email: textSchema('validation.required.email').trim().min(1, 'validation.required.email').max(254, 'validation.length.max').pipe(z.email('validation.email.invalid')) })
  .meta({ id: 'ForgotPasswordBody' });

export const ResetPasswordBodySchema = z
  .object({ token: textSchema('validation.token.invalid').min(1, 'validation.token.invalid').max(100, 'validation.token.invalid'), ...passwordPair })
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = SessionBodySchema.extend({
  currentPassword: textSchema('validation.required.currentPassword').min(1, 'validation.required.currentPassword').max(1024, 'validation.length.max'),
  ...passwordPair,
})
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** What recovery always answers, whether or not the e-mail belongs to an account. */
export const RecoveryAnswerSchema = z.object({ sent: z.literal(true) }).meta({ id: 'RecoveryAnswer' });

export const AccountCohortSchema = z.object({
  cohortId: z.number().int(),
  cohortName: z.string(),
  role_id: RoleIdSchema,
  status: z.enum(RECORD_STATUSES),
});

export const AccountSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userType: z.enum(USER_TYPES),
    status: z.enum(RECORD_STATUSES),
    /** The language of the e-mails Senda sends them. */
    language: z.enum(LANGUAGES),
    /** Active, and the invitation not yet accepted (no password set). */
    invitationPending: z.boolean(),
    invitedAt: z.string().nullable(),
    createdAt: z.string(),
    deletionRequestedAt: z.string().nullable(),
    anonymizedAt: z.string().nullable(),
    cohorts: z.array(AccountCohortSchema),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

export const AccessLogEntrySchema = z.object({
  action: z.enum(['read', 'export', 'update', 'anonymize']),
  at: z.string(),
  /** Who did it (null once their own account is gone). */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccountDetailSchema = AccountSchema.extend({
  /** Ley 1581: the newest staff reads, exports, changes of this person's data. */
  accessLog: z.array(AccessLogEntrySchema),
}).meta({ id: 'AccountDetail' });
export type AccountDetail = z.infer<typeof AccountDetailSchema>;

export const CreateAccountBodySchema = SessionBodySchema.extend({
  ...AccountFieldsSchema.shape,
  /** When given, must equal `email`. */
  confirmEmail: textSchema().trim().optional(),
  userType: z.enum(USER_TYPES, { message: 'validation.userType.invalid' }).default('student'),
  language: z.enum(LANGUAGES, { message: 'validation.invalid_value' }).default('es'),
  profile: PartialProfileSchema.optional(),
  cohorts: z
    .array(z.object({ cohortId: IdSchema, role_id: RoleIdSchema }))
    .max(ACCOUNT_COHORTS_MAX, 'validation.array.max')
    .default([])
    .refine((list) => new Set(list.map((item) => item.cohortId)).size === list.length, 'validation.duplicate_ids'),
  /** Queue the invitation e-mail (a set-password link) now; default true. */
  sendInvitation: z.boolean({ message: 'validation.invalid_value' }).default(true),
})
  .refine((body) => body.confirmEmail === undefined || body.confirmEmail.toLowerCase() === body.email.toLowerCase(), { path: ['confirmEmail'], message: 'validation.email.mismatch' })
  .meta({ id: 'CreateAccountBody' });
export type CreateAccountBody = z.infer<typeof CreateAccountBodySchema>;

export const UpdateAccountBodySchema = SessionBodySchema.extend({
  userType: z.enum(USER_TYPES, { message: 'validation.userType.invalid' }).optional(),
  /** INACTIVE signs the person out everywhere at once. */
  status: z.enum(RECORD_STATUSES, { message: 'validation.status.invalid' }).optional(),
  language: z.enum(LANGUAGES, { message: 'validation.invalid_value' }).optional(),
})
  .refine((body) => body.userType !== undefined || body.status !== undefined || body.language !== undefined, { message: 'validation.account.nothingToChange', path: ['status'] })
  .meta({ id: 'UpdateAccountBody' });
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

export const DeletionRequestSchema = z.object({ deletionRequestedAt: z.string() }).meta({ id: 'DeletionRequest' });

/** Everything Senda keeps about a person, as they download it (Ley 1581, habeas data). */
export const PersonalDataExportSchema = z
  .object({
    exportedAt: z.string(),
    account: AccountSchema,
    profile: PersonProfileSchema,
    lessonHistory: z.array(z.object({ lessonId: z.number().int(), lessonTitle: z.string(), courseName: z.string(), progress: z.number(), startedAt: z.string().nullable(), completedAt: z.string().nullable() })),
    accessLog: z.array(AccessLogEntrySchema),
    emails: z.array(z.object({ kind: z.string(), subject: z.string().nullable(), status: z.string(), createdAt: z.string(), sentAt: z.string().nullable() })),
  })
  .meta({ id: 'PersonalDataExport' });
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;
