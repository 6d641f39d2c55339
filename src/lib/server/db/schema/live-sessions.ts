/** Live sessions of a cohort and their attendance (services/live-sessions/), and calendar feeds (services/calendar/). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { courses, programs } from './content';
import { cohorts } from './structure';
import { users } from './users';

/**
 * A class of a cohort (contract §3 "live-video form"): live (its link opens
 * from 10 minutes before the start until the end) or a recorded video. Times
 * in UTC; shown in Bogotá time. Sessions of a weekly series share `seriesId`.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id'),
    className: text('class_name').notNull(),
    description: text('description').notNull().default(''),
    /** The meeting (or, for a recorded class, the video): given to students only inside the join window. */
    videoLink: text('video_link').notNull(),
    recordingUrl: text('recording_url'),
    durationS: integer('duration_s').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    wasLive: boolean('was_live').notNull().default(true),
    /** `online`, `in_person` or `hybrid` (ADR 029). */
    kind: text('kind', { enum: ['online', 'in_person', 'hybrid'] }).notNull().default('online'),
    /** Where an in-person or hybrid class meets. */
    place: text('place'),
    /** The course of the cohort it teaches (its attendance counts for that course); null: the whole cohort's, counted for every course. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** Hours the funder counts for this session; null: its scheduled length. */
    plannedHours: numeric('planned_hours', { precision: 6, scale: 2, mode: 'number' }),
    /** The QR check-in's HMAC key (never leaves the server): each server derives the same 30-second codes from it. */
    checkInSecret: text('check_in_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_cohort_idx').on(t.cohortId, t.startsAt),
    index('live_sessions_series_idx').on(t.seriesId),
    check('live_sessions_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('live_sessions_duration_check', sql`${t.durationS} > 0`),
    check('live_sessions_kind_check', sql`${t.kind} in ('online', 'in_person', 'hybrid')`),
    check('live_sessions_planned_hours_check', sql`${t.plannedHours} is null or ${t.plannedHours} >= 0`),
  ],
);

/**
 * A student's attendance of a session: its status (a join click or a QR
 * check-in sets present or late; roll call, an import or an accepted excuse
 * set any), minutes online, a note, who marked it and when; and who joined
 * and when (first and last time, and how many times).
 */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the row was marked by staff (roll call, import) and the student never joined. */
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).defaultNow(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).defaultNow(),
    joins: integer('joins').notNull().default(1),
    status: text('status', { enum: ['present', 'late', 'absent', 'excused'] }).notNull().default('present'),
    /** Minutes in the meeting, from an imported participant report. */
    minutes: integer('minutes'),
    note: text('note'),
    /** Who set the status (null: the student themselves, by joining or checking in). */
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** The id the client gave its last mark (offline roll call), so a replay of it changes nothing. */
    markId: text('mark_id'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('live_attendance_user_idx').on(t.userId),
    check('live_attendance_status_check', sql`${t.status} in ('present', 'late', 'absent', 'excused')`),
    check('live_attendance_minutes_check', sql`${t.minutes} is null or ${t.minutes} >= 0`),
  ],
);

/**
 * A student's excuse for missing a session: a note and an optional
 * supporting file (private storage), reviewed by the cohort's staff; an
 * accepted one sets the attendance to `excused`. One per student and session
 * (sending it again while not accepted replaces it).
 */
export const attendanceExcuses = pgTable(
  'attendance_excuses',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('attendance_excuses_session_user_idx').on(t.sessionId, t.userId),
    index('attendance_excuses_user_idx').on(t.userId),
    check('attendance_excuses_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

/** Every change of a student's attendance after the session ended: who, when, from what to what, why. Never changed. */
export const attendanceAudit = pgTable(
  'attendance_audit',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromMinutes: integer('from_minutes'),
    toMinutes: integer('to_minutes'),
    reason: text('reason'),
  },
  (t) => [index('attendance_audit_session_idx').on(t.sessionId, t.changedAt)],
);

/** A program's attendance thresholds (defaults in lib/shared/attendance.ts when it has none). */
export const attendanceSettings = pgTable(
  'attendance_settings',
  {
    programId: integer('program_id')
      .primaryKey()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** A join or check-in this many minutes after the start is `late`. */
    lateAfterMinutes: integer('late_after_minutes').notNull().default(10),
    /** An imported participant with at least this share of the session's minutes is `present`… */
    presentPercent: doublePrecision('present_percent').notNull().default(80),
    /** …with at least this share `late`, and below it `absent`. */
    latePercent: doublePrecision('late_percent').notNull().default(50),
    /** A student absent from this many consecutive sessions raises an alert. */
    absenceAlertAfter: integer('absence_alert_after').notNull().default(3),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('attendance_settings_late_check', sql`${t.lateAfterMinutes} >= 0`),
    check('attendance_settings_percent_check', sql`${t.latePercent} >= 0 and ${t.latePercent} <= ${t.presentPercent} and ${t.presentPercent} <= 100`),
    check('attendance_settings_alert_check', sql`${t.absenceAlertAfter} >= 1`),
  ],
);

/**
 * A person's calendar feed: its URL carries an HMAC of the user and this
 * version (no secret is stored); a new version retires the old URL, and
 * deleting the row turns the feed off.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
