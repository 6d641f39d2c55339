/**
 * Writing a forum's live events, in the transaction of the change they tell
 * about: the row's insert notifies every server (senda_changes), whose hub
 * (realtime/live-hub.ts) sends it to the readers of that forum or thread;
 * a reconnecting reader gets what it missed from the table (ADR 014).
 */
import { lt, sql } from 'drizzle-orm';
import type { ForumEvent } from '~/lib/shared/schemas/forum-events';
import type { DbOrTx } from '~/lib/server/db/client';
import { getDb } from '~/lib/server/db/client';
import { forumEvents } from '~/lib/server/db/schema';

/** Live events are kept this long: a reader away longer reloads the page. */
export const FORUM_EVENTS_KEPT_MS = 24 * 60 * 60_000;

export interface ForumEventInput {
  forumId: number;
  threadId: number | null;
  /** What participants receive (null: nothing, e.g. inside a hidden thread). */
  payload: ForumEvent | null;
  /** What moderators receive, when it differs. */
  staffPayload?: ForumEvent | null;
}

/** Records live events (inside the caller's transaction). */
export async function recordForumEvents(db: DbOrTx, events: readonly ForumEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(forumEvents).values(
    events.map((event) => ({
      forumId: event.forumId,
      threadId: event.threadId,
      kind: (event.staffPayload ?? event.payload)?.type ?? 'none',
      payload: event.payload as Record<string, unknown> | null,
      staffPayload: (event.staffPayload ?? null) as Record<string, unknown> | null,
    })),
  );
}

/** The newest event id of a thread (or, without one, of a forum): a page shows the data as of it. */
export async function readLastEventId(db: DbOrTx, scope: { threadId: number } | { forumId: number }): Promise<number> {
  const condition = 'threadId' in scope ? sql`${forumEvents.threadId} = ${scope.threadId}` : sql`${forumEvents.forumId} = ${scope.forumId}`;
  const [row] = await db.select({ last: sql<string | number | null>`max(${forumEvents.id})` }).from(forumEvents).where(condition);
  return Number(row?.last ?? 0);
}

/** Deletes live events older than FORUM_EVENTS_KEPT_MS (an hourly job). */
export async function purgeForumEvents(now = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(forumEvents).where(lt(forumEvents.createdAt, new Date(now.getTime() - FORUM_EVENTS_KEPT_MS))).returning({ id: forumEvents.id });
  return deleted.length;
}
