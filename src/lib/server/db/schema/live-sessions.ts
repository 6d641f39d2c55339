/** Live sessions of a cohort and their attendance (services/live-sessions/), and calendar feeds (services/calendar/). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
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
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_cohort_idx').on(t.cohortId, t.startsAt),
    index('live_sessions_series_idx').on(t.seriesId),
    check('live_sessions_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('live_sessions_duration_check', sql`${t.durationS} > 0`),
  ],
);

/** Who joined a session and when (first and last time, and how many times). */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull().defaultNow(),
    joins: integer('joins').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('live_attendance_user_idx').on(t.userId)],
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
