/**
 * Live sessions of a cohort (contract §7 "live-session and history"; the
 * form is the contract's live-video form, §3 and §5), their attendance, and
 * the calendar feed.
 */
import { z } from 'zod';
import { SERIES_MAX_WEEKS, LIVE_SESSION_STATES } from '~/lib/shared/live-sessions';
import { PageQuerySchema } from '~/lib/shared/pagination';
import { IdSchema, SessionBodySchema } from './common';
import { liveVideoFields, refineLiveVideo, videoLinkSchema } from './live-video';
import { EXPORT_FORMATS } from './quizzes';
import { AttendanceStatusSchema, SessionKindFieldsSchema, SessionKindSchema } from './attendance';

const date = z.string().meta({ format: 'date-time' });

export const LiveSessionParamsSchema = z.object({ id: IdSchema });
/** `?cohort=` (else every cohort of the caller) and `?page=`. */
export const LiveSessionsQuerySchema = PageQuerySchema.extend({ cohort: IdSchema.optional() });

/** A session's course: one of its cohort's courses (checked by the service), or null for the whole cohort. */
const courseField = IdSchema.nullable().optional();

/** The recording, when there is one: an http(s) link ('Ingrese un link válido'), or empty to remove it. */
const recordingField = z.union([z.literal(''), videoLinkSchema()]).optional();

export const CreateLiveSessionBodySchema = refineLiveVideo(
  SessionBodySchema.extend({
    cohort: IdSchema,
    ...liveVideoFields,
    recordingUrl: recordingField,
    /** Online (default), in person or hybrid; where it meets; the hours funders count (else its length). */
    ...SessionKindFieldsSchema.shape,
    /** The cohort's course it teaches (its attendance counts for that course); none: the whole cohort's. */
    course: courseField,
    /** Repeats the session every week at the same time, this many sessions in all (1: just this one). */
    repeatWeeks: z.coerce.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(SERIES_MAX_WEEKS, 'validation.number.max').default(1),
  }),
).meta({ id: 'CreateLiveSessionBody' });
export type CreateLiveSessionBody = z.infer<typeof CreateLiveSessionBodySchema>;

/** Any field of the form (the dates are checked together with the stored ones), and the recording. */
export const UpdateLiveSessionBodySchema = SessionBodySchema.extend({
  className: liveVideoFields.className.optional(),
  description: liveVideoFields.description.optional(),
  videoLink: liveVideoFields.videoLink.optional(),
  duration: liveVideoFields.duration.optional(),
  startDate: liveVideoFields.startDate.optional(),
  endDate: liveVideoFields.endDate.optional(),
  wasLive: liveVideoFields.wasLive.optional(),
  recordingUrl: recordingField,
  ...SessionKindFieldsSchema.shape,
  course: courseField,
}).meta({ id: 'UpdateLiveSessionBody' });
export type UpdateLiveSessionBody = z.infer<typeof UpdateLiveSessionBodySchema>;

/** `?series=following`: also the later sessions of its weekly series. */
export const DeleteLiveSessionQuerySchema = z.object({ series: z.enum(['following'], { message: 'validation.invalid_value' }).optional() });

export const LiveSessionSchema = z
  .object({
    id: z.number().int(),
    cohortId: z.number().int(),
    cohortName: z.string(),
    seriesId: z.string().nullable(),
    className: z.string(),
    description: z.string(),
    durationS: z.number().int(),
    startsAt: date,
    endsAt: date,
    wasLive: z.boolean(),
    kind: SessionKindSchema,
    place: z.string().nullable(),
    /** The hours funders count: its planned hours, else its scheduled length. */
    plannedHours: z.number(),
    /** The course it teaches; null: the whole cohort's session (it counts for every course). */
    courseId: z.number().int().nullable(),
    courseName: z.string().nullable(),
    /** Where it stands by the server's clock when answered. */
    state: z.enum(LIVE_SESSION_STATES),
    recordingUrl: z.string().nullable(),
    /** The meeting link: for the cohort's staff only; students get it by joining, inside the join window. */
    videoLink: z.string().nullable(),
    /** Whether the caller attended it (students: present or late). */
    attended: z.boolean(),
    /** The caller's status in it (students), null when nothing is recorded. */
    myStatus: AttendanceStatusSchema.nullable(),
    /** How many students joined (staff). */
    attendanceCount: z.number().int().nullable(),
    /** Whether the caller may change it and read its attendance. */
    canManage: z.boolean(),
  })
  .meta({ id: 'LiveSession' });
export type LiveSession = z.infer<typeof LiveSessionSchema>;

export const JoinAnswerSchema = z.object({ url: z.string(), joinedAt: date }).meta({ id: 'LiveSessionJoin' });

export const AttendanceRowSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    firstJoinedAt: date.nullable(),
    lastJoinedAt: date.nullable(),
    joins: z.number().int(),
    status: AttendanceStatusSchema.nullable(),
    minutes: z.number().int().nullable(),
    hours: z.number(),
  })
  .meta({ id: 'LiveAttendanceRow' });
export type AttendanceRow = z.infer<typeof AttendanceRowSchema>;

export const StudentAttendanceSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    attended: z.number().int(),
    sessions: z.number().int(),
    excused: z.number().int(),
    percent: z.number(),
    plannedHours: z.number(),
    attendedHours: z.number(),
  })
  .meta({ id: 'StudentAttendance' });
export type StudentAttendance = z.infer<typeof StudentAttendanceSchema>;

/** `?course_id=`: only the sessions of that course (and the whole cohort's). */
export const CohortAttendanceQuerySchema = z.object({ course_id: IdSchema.optional() });
export const AttendanceExportQuerySchema = CohortAttendanceQuerySchema.extend({ format: z.enum(EXPORT_FORMATS, { message: 'validation.invalid_value' }).default('xlsx') });

export const CalendarFeedSchema = z.object({ url: z.string().nullable() }).meta({ id: 'CalendarFeed' });
