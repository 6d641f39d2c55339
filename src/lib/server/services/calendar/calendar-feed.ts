/**
 * A person's calendar feed: an iCalendar file (ical-generator) at a secret
 * URL they add to Google Calendar, Outlook or their phone, with their
 * cohorts' live sessions and the closing dates of their quizzes and the due
 * dates of their activities. The URL carries an HMAC of the person and a
 * version (no secret is stored); a new URL retires the old one, and turning
 * the feed off retires it too (ADR 014).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { BOGOTA_TIME_ZONE } from '~/lib/shared/format';
import { canSeeCohortCourse, type Caller } from '~/lib/server/access/permissions';
import { publicUrlOf } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { getMovedDueDates } from '~/lib/server/services/assignments/assignment-cache';
import { assignments, calendarFeeds, cohorts, liveSessions, quizzes, users } from '~/lib/server/db/schema';
import { listActiveCatalogsOf } from '~/lib/server/services/cohort-catalog';

const DAY_MS = 24 * 60 * 60_000;
/** The feed lists what happens from this long ago… */
const PAST_MS = 60 * DAY_MS;
/** …to this far ahead. */
const AHEAD_MS = 366 * DAY_MS;
/** How often calendar apps are asked to read the feed again. */
const REFRESH_S = 60 * 60;
const TOKEN_PATTERN = /^(\d{1,10})-(\d{1,9})-([0-9a-f]{40})$/;

function macOf(userId: number, version: number): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set');
  return createHmac('sha256', secret).update(`senda-calendar:${userId}:${version}`).digest('hex').slice(0, 40);
}

const tokenOf = (userId: number, version: number) => `${userId}-${version}-${macOf(userId, version)}`;
const urlOf = (token: string) => `${publicUrlOf()}/calendar/${token}.ics`;

/** The caller's feed URL, or null when they have none (or turned it off). */
/** Published assignments whose due date for the owner (their cohort's moved date, else the assignment's) falls in the window. */
async function dueInWindow(rows: readonly { id: number; title: string; dueAt: Date | null }[], cohortIds: readonly number[], from: Date, to: Date): Promise<{ id: number; title: string; dueAt: Date }[]> {
  const moved = await getMovedDueDates(rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const byCohort = moved.get(row.id);
    const movedFor = cohortIds.map((cohortId) => byCohort?.get(cohortId)).find((date) => date !== undefined);
    const dueAt = movedFor ? new Date(movedFor) : row.dueAt;
    return dueAt && dueAt >= from && dueAt <= to ? [{ id: row.id, title: row.title, dueAt }] : [];
  });
}

export async function getCalendarFeed(caller: Caller): Promise<{ url: string | null }> {
  const db = await getDb();
  const [row] = await db.select({ version: calendarFeeds.version }).from(calendarFeeds).where(eq(calendarFeeds.userId, caller.id));
  return { url: row ? urlOf(tokenOf(caller.id, row.version)) : null };
}

/** Gives the caller a new feed URL; the previous one, if any, stops working. */
export async function renewCalendarFeed(caller: Caller): Promise<{ url: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: caller.id })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: new Date() } })
    .returning({ version: calendarFeeds.version });
  return { url: urlOf(tokenOf(caller.id, row!.version)) };
}

/** Turns the caller's feed off: its URL stops working. */
export async function deleteCalendarFeed(caller: Caller): Promise<void> {
  const db = await getDb();
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, caller.id));
}

/** The person a feed token belongs to, if it is their current one and they are active; else null (the URL answers 404). */
async function ownerOf(token: string): Promise<{ id: number; language: Language } | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = Number(match[2]);
  const expected = Buffer.from(macOf(userId, version));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.version, version), eq(users.status, 'ACTIVE')));
  return row ?? null;
}

/** The iCalendar text of a feed, or null for a token that is not (or no longer) valid. */
export async function buildCalendarFeed(token: string, now = new Date()): Promise<string | null> {
  const owner = await ownerOf(token);
  if (!owner) return null;
  const t = getT(owner.language);
  const base = publicUrlOf();
  const catalogs = await listActiveCatalogsOf(owner.id);
  const cohortIds = catalogs.map(({ catalog }) => catalog.cohort.id);
  const courseIds = [...new Set(catalogs.flatMap(({ catalog, roleId }) => catalog.courses.filter((course) => canSeeCohortCourse(roleId, course.releaseAt)).map((course) => course.id)))];
  const from = new Date(now.getTime() - PAST_MS);
  const to = new Date(now.getTime() + AHEAD_MS);
  const db = await getDb();
  const [sessions, quizRows, assignmentRows] = await Promise.all([
    cohortIds.length
      ? db
          .select({ id: liveSessions.id, className: liveSessions.className, description: liveSessions.description, startsAt: liveSessions.startsAt, endsAt: liveSessions.endsAt, updatedAt: liveSessions.updatedAt, cohortName: cohorts.name })
          .from(liveSessions)
          .innerJoin(cohorts, eq(cohorts.id, liveSessions.cohortId))
          .where(and(inArray(liveSessions.cohortId, cohortIds), gte(liveSessions.endsAt, from), lte(liveSessions.startsAt, to)))
      : [],
    courseIds.length
      ? db
          .select({ id: quizzes.id, title: quizzes.title, closesAt: quizzes.closesAt })
          .from(quizzes)
          .where(and(inArray(quizzes.courseId, courseIds), eq(quizzes.published, true), isNotNull(quizzes.closesAt), gte(quizzes.closesAt, from), lte(quizzes.closesAt, to)))
      : [],
    courseIds.length
      ? db
          .select({ id: assignments.id, title: assignments.title, dueAt: assignments.dueAt })
          .from(assignments)
          .where(and(inArray(assignments.courseId, courseIds), eq(assignments.published, true)))
      : [],
  ]);
  const assignmentsDue = await dueInWindow(assignmentRows, cohortIds, from, to);
  const calendar = ical({ name: t('calendar.feedName'), prodId: { company: 'Senda', product: 'senda-lms', language: owner.language.toUpperCase() }, method: ICalCalendarMethod.PUBLISH, ttl: REFRESH_S, x: { 'X-WR-TIMEZONE': BOGOTA_TIME_ZONE } });
  const host = new URL(base).hostname;
  for (const session of sessions) {
    calendar.createEvent({
      id: `live-session-${session.id}@${host}`,
      start: session.startsAt,
      end: session.endsAt,
      stamp: session.updatedAt,
      summary: t('calendar.liveSession', { name: session.className }),
      description: [session.cohortName, session.description].filter(Boolean).join('\n\n'),
      url: `${base}/live`,
    });
  }
  for (const quiz of quizRows) {
    calendar.createEvent({ id: `quiz-${quiz.id}-closes@${host}`, start: quiz.closesAt!, end: quiz.closesAt!, summary: t('calendar.quizCloses', { title: quiz.title }), url: `${base}/quizzes/${quiz.id}` });
  }
  for (const assignment of assignmentsDue) {
    calendar.createEvent({ id: `assignment-${assignment.id}-due@${host}`, start: assignment.dueAt, end: assignment.dueAt, summary: t('calendar.assignmentDue', { title: assignment.title }), url: `${base}/assignments/${assignment.id}` });
  }
  return calendar.toString();
}
