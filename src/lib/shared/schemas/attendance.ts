/**
 * Attendance's API (issue 32, ADR 029): a session's roster and its bulk
 * roll call, excuses and their review, QR check-in, the participant-report
 * import, a program's thresholds, a student's own figures and a cohort's
 * absence alerts. The islands import these types through lib/client (ADR 026).
 */
import { z } from 'zod';
import { ATTENDANCE_NOTE_MAX_CHARS, ATTENDANCE_STATUSES, EXCUSE_STATUSES, ROLL_CALL_MAX_MARKS, SESSION_KINDS } from '~/lib/shared/attendance';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { UploadedFileSchema } from './uploads';

const date = z.string().meta({ format: 'date-time' });
const NOTE_MAX = ATTENDANCE_NOTE_MAX_CHARS;
const REASON_MAX = 500;
const noteSchema = textSchema().trim().max(NOTE_MAX, 'validation.length.max');

export const AttendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, { message: 'validation.attendance.status' });
export const SessionKindSchema = z.enum(SESSION_KINDS, { message: 'validation.attendance.kind' });

/** One student's line of a session's roster. */
export const RosterRowSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** Null: nothing recorded yet (counts as absent once the session is held). */
    status: AttendanceStatusSchema.nullable(),
    minutes: z.number().int().nullable(),
    note: z.string().nullable(),
    markedBy: z.number().int().nullable(),
    markedAt: date.nullable(),
    firstJoinedAt: date.nullable(),
    lastJoinedAt: date.nullable(),
    joins: z.number().int(),
    /** Their excuse for this session, if they sent one. */
    excuse: z.object({ id: z.number().int(), status: z.enum(EXCUSE_STATUSES) }).nullable(),
  })
  .meta({ id: 'AttendanceRosterRow' });
export type RosterRow = z.infer<typeof RosterRowSchema>;

/** A mark of a roll call: the client's `markId` and `markedAt` make an offline replay change nothing. */
export const AttendanceMarkSchema = z.object({
  userId: IdSchema,
  status: AttendanceStatusSchema,
  note: noteSchema.optional(),
  /** The client's id for this mark (e.g. a UUID kept on the device with it). */
  markId: textSchema().trim().min(1, 'validation.required.field').max(100, 'validation.length.max').optional(),
  /** When the tutor made the mark on the device; an older mark never overwrites a newer one. */
  markedAt: z.iso.datetime({ offset: true, message: 'validation.date.invalid' }).optional(),
});

export const MarkAttendanceBodySchema = SessionBodySchema.extend({
  marks: z.array(AttendanceMarkSchema, { message: 'validation.attendance.marks' }).min(1, 'validation.attendance.marks').max(ROLL_CALL_MAX_MARKS, 'validation.number.max'),
  /** Why, for changes after the session ended (kept in the audit). */
  reason: textSchema().trim().max(REASON_MAX, 'validation.length.max').optional(),
}).meta({ id: 'MarkAttendanceBody' });
export type MarkAttendanceBody = z.infer<typeof MarkAttendanceBodySchema>;

export const MarkAttendanceResultSchema = z
  .object({
    /** How many marks changed something (a replay changes none). */
    changed: z.number().int(),
    roster: z.array(RosterRowSchema),
  })
  .meta({ id: 'MarkAttendanceResult' });
export type MarkAttendanceResult = z.infer<typeof MarkAttendanceResultSchema>;

export const ExcuseSchema = z
  .object({
    id: z.number().int(),
    sessionId: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    note: z.string(),
    status: z.enum(EXCUSE_STATUSES),
    /** Where the supporting file downloads (its owner and the cohort's staff), if there is one. */
    fileUrl: z.string().nullable(),
    fileName: z.string().nullable(),
    reviewedBy: z.number().int().nullable(),
    reviewedAt: date.nullable(),
    reviewNote: z.string().nullable(),
    createdAt: date,
  })
  .meta({ id: 'AttendanceExcuse' });
export type Excuse = z.infer<typeof ExcuseSchema>;

/** A student's excuse for themselves: a note and an optional file (multipart). */
export const SubmitExcuseBodySchema = SessionBodySchema.extend({
  note: textSchema('validation.required.field').trim().min(1, 'validation.required.field').max(NOTE_MAX, 'validation.length.max'),
  file: UploadedFileSchema.optional(),
}).meta({ id: 'SubmitExcuseBody' });
export type SubmitExcuseBody = z.infer<typeof SubmitExcuseBodySchema>;

export const ReviewExcuseBodySchema = SessionBodySchema.extend({
  status: z.enum(['accepted', 'rejected'], { message: 'validation.attendance.review' }),
  note: noteSchema.optional(),
}).meta({ id: 'ReviewExcuseBody' });
export type ReviewExcuseBody = z.infer<typeof ReviewExcuseBodySchema>;

export const ExcuseParamsSchema = z.object({ id: IdSchema, excuseId: IdSchema });

export const CheckInBodySchema = SessionBodySchema.extend({
  code: textSchema('validation.attendance.code').trim().regex(/^\d{6}$/, 'validation.attendance.code'),
}).meta({ id: 'CheckInBody' });

export const CheckInResultSchema = z.object({ status: z.enum(['present', 'late']), checkedInAt: date }).meta({ id: 'CheckInResult' });
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

export const CheckInCodeSchema = z
  .object({
    code: z.string(),
    /** When this code stops being the current one (the screen fetches the next then). */
    changesAt: date,
    windowS: z.number().int(),
  })
  .meta({ id: 'CheckInCode' });
export type CheckInCode = z.infer<typeof CheckInCodeSchema>;

export const PARTICIPANT_REPORT_PROVIDERS = ['meet', 'zoom', 'teams'] as const;
export type ParticipantReportProvider = (typeof PARTICIPANT_REPORT_PROVIDERS)[number];

export const ImportMinutesQuerySchema = z.object({
  preview: z.enum(['true', 'false'], { message: 'validation.invalid_value' }).default('false').transform((value) => value === 'true'),
});

export const ImportMinutesBodySchema = SessionBodySchema.extend({
  file: UploadedFileSchema,
  /** Whose export it is; recognised from its header row when left out. */
  provider: z.enum(PARTICIPANT_REPORT_PROVIDERS, { message: 'validation.invalid_value' }).optional(),
  reason: textSchema().trim().max(REASON_MAX, 'validation.length.max').optional(),
}).meta({ id: 'ImportMinutesBody' });

export const ImportMinutesResultSchema = z
  .object({
    provider: z.enum(PARTICIPANT_REPORT_PROVIDERS),
    preview: z.boolean(),
    sessionMinutes: z.number().int(),
    matched: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string(), minutes: z.number().int(), status: z.enum(['present', 'late', 'absent']) })),
    /** Rows of the report no student of the cohort matched by e-mail. */
    unmatched: z.array(z.object({ name: z.string(), email: z.string().nullable(), minutes: z.number().int() })),
    /** Students of the cohort the report does not name (marked absent when saved). */
    missing: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string() })),
    changed: z.number().int(),
  })
  .meta({ id: 'ImportMinutesResult' });
export type ImportMinutesResult = z.infer<typeof ImportMinutesResultSchema>;

export const AttendanceAuditEntrySchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    changedBy: z.number().int().nullable(),
    changedByName: z.string().nullable(),
    changedAt: date,
    fromStatus: AttendanceStatusSchema.nullable(),
    toStatus: AttendanceStatusSchema,
    fromMinutes: z.number().int().nullable(),
    toMinutes: z.number().int().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'AttendanceAuditEntry' });
export type AttendanceAuditEntry = z.infer<typeof AttendanceAuditEntrySchema>;

export const AttendanceSettingsSchema = z
  .object({
    lateAfterMinutes: z.number().int().min(0, 'validation.number.min').max(600, 'validation.number.max'),
    presentPercent: z.number().min(0, 'validation.number.min').max(100, 'validation.number.max'),
    latePercent: z.number().min(0, 'validation.number.min').max(100, 'validation.number.max'),
    absenceAlertAfter: z.number().int().min(1, 'validation.number.min').max(50, 'validation.number.max'),
  })
  .meta({ id: 'AttendanceSettings' });

export const UpdateAttendanceSettingsBodySchema = SessionBodySchema.extend(AttendanceSettingsSchema.shape)
  .refine((value) => value.latePercent <= value.presentPercent, { path: ['latePercent'], message: 'validation.attendance.latePercent' })
  .meta({ id: 'UpdateAttendanceSettingsBody' });
export type UpdateAttendanceSettingsBody = z.infer<typeof UpdateAttendanceSettingsBodySchema>;

export const AttendanceFiguresSchema = z
  .object({
    sessions: z.number().int(),
    attended: z.number().int(),
    excused: z.number().int(),
    absent: z.number().int(),
    percent: z.number(),
    plannedHours: z.number(),
    attendedHours: z.number(),
  })
  .meta({ id: 'AttendanceFigures' });

export const MyAttendanceSchema = z
  .object({ cohortId: z.number().int(), figures: AttendanceFiguresSchema, line: z.string() })
  .meta({ id: 'MyAttendance' });
export type MyAttendance = z.infer<typeof MyAttendanceSchema>;


export const AbsenceAlertSchema = z
  .object({ userId: z.number().int(), name: z.string(), email: z.string(), consecutiveAbsences: z.number().int(), lastSessionAt: date })
  .meta({ id: 'AbsenceAlert' });
export type AbsenceAlert = z.infer<typeof AbsenceAlertSchema>;

export const SessionKindFieldsSchema = z.object({
  kind: SessionKindSchema.optional(),
  place: textSchema().trim().max(200, 'validation.length.max').optional(),
  plannedHours: z.coerce.number({ message: 'validation.numeric' }).min(0, 'validation.number.min').max(24, 'validation.number.max').nullable().optional(),
});
