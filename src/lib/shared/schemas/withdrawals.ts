import { z } from 'zod';
import { isCalendarDate } from '~/lib/shared/age-bands';
import { IdSchema, textSchema } from './common';

/** Why a student left a cohort (ADR 030); `other` needs a note. */
export const WITHDRAWAL_REASONS = ['work', 'health', 'finances', 'moved', 'no_contact', 'other'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];
export const WITHDRAWAL_NOTE_MAX = 500;

const reason = z.enum(WITHDRAWAL_REASONS, { message: 'validation.withdrawal.reason' });
const note = textSchema().trim().max(WITHDRAWAL_NOTE_MAX, 'validation.length.max').optional();

/** `other` is told in words. */
function checkNote(value: { reason?: unknown; note?: string } | null, context: z.core.$RefinementCtx): void {
  if (typeof value !== 'object' || value === null) return;
  if (value.reason === 'other' && !value.note?.trim()) context.addIssue({ code: 'custom', path: ['note'], message: 'validation.required.withdrawalNote' });
}
const always = { when: () => true };

/** A student leaves the cohort by their own hand: today, for a reason. */
export const MyWithdrawalBodySchema = z.object({ reason, note }).superRefine(checkNote, always).meta({ id: 'MyWithdrawalBody' });
export type MyWithdrawalBody = z.infer<typeof MyWithdrawalBodySchema>;

/** Staff withdraw a student: the day they left (today when not given; never a future day) and why. */
export const WithdrawalBodySchema = z
  .object({
    userId: IdSchema,
    reason,
    note,
    withdrawnOn: z
      .string({ message: 'validation.date.invalid' })
      .refine(isCalendarDate, 'validation.date.invalid')
      .optional(),
  })
  .superRefine(checkNote, always)
  .meta({ id: 'WithdrawalBody' });
export type WithdrawalBody = z.infer<typeof WithdrawalBodySchema>;

export const WithdrawalUserParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

export const WithdrawalSchema = z
  .object({
    cohortId: z.number().int(),
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    /** The day the student left (Bogotá calendar day). */
    withdrawnOn: z.string().meta({ format: 'date' }),
    reason: z.enum(WITHDRAWAL_REASONS),
    note: z.string().nullable(),
    /** Whether the student withdrew themselves. */
    isSelf: z.boolean(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalListSchema = z
  .object({
    results: z.array(WithdrawalSchema),
    /** Withdrawals by reason, every reason listed (0 when none). */
    byReason: z.record(z.enum(WITHDRAWAL_REASONS), z.number().int()),
  })
  .meta({ id: 'WithdrawalList' });
export type WithdrawalList = z.infer<typeof WithdrawalListSchema>;

/** A cohort the caller takes part in (or took part in) as a student, for their account page. */
export const MyStudentCohortSchema = z
  .object({ cohortId: z.number().int(), name: z.string(), status: z.enum(['ACTIVE', 'INACTIVE']), withdrawnOn: z.string().meta({ format: 'date' }).nullable() })
  .meta({ id: 'MyStudentCohort' });
export const MyStudentCohortListSchema = z.object({ results: z.array(MyStudentCohortSchema) }).meta({ id: 'MyStudentCohortList' });
export type MyStudentCohort = z.infer<typeof MyStudentCohortSchema>;
