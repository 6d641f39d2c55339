/**
 * The server-sent events hub of one app server (ADR 014). Readers subscribe
 * to a forum's or a thread's events and to their own notification count;
 * the hub hears every write through the database's change feed
 * (senda_changes: PGlite in process, PostgreSQL's LISTEN/NOTIFY on the one
 * listening connection each server keeps), reads the new `forum_events`
 * rows once per batch, encodes each once per audience and writes it to every
 * reader of that forum or thread, whichever server made the write. A
 * reconnecting reader catches up from its last event id (catchUp). A
 * reader who may no longer read what they follow (removed from the cohort,
 * another role, account deactivated) loses the stream as soon as the feed
 * says their memberships or account changed, before any later event.
 */
import { and, asc, eq, gt, inArray, min } from 'drizzle-orm';
import type { ForumEvent } from '~/lib/shared/schemas/forum-events';
import { forgetWithCaches, idsOf } from '~/lib/server/cache/define-cache';
import { onDataChange } from '~/lib/server/cache/change-feed';
import { getDb } from '~/lib/server/db/client';
import { isDatabaseUnavailable } from '~/lib/server/db/connection-errors';
import { forumEvents } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { countUnseenNotifications } from '~/lib/server/services/notifications';

/** One connected reader. */
export interface LiveReader {
  userId: number;
  forumId: number | null;
  threadId: number | null;
  /** Moderators receive the moderators' version of events (hidden posts, who hid them). */
  moderates: boolean;
  /** Writes an encoded event; false when the reader is gone or too far behind (the hub then drops it). */
  write(chunk: EncodedChunk): boolean;
  /** Ends the reader's stream (it reconnects and catches up). */
  close(): void;
  /**
   * Whether the stream may go on: the session is live, the account active, and the reader still reads
   * the forum as when it opened. Checked with every heartbeat and when the reader's memberships or
   * account change; false ends the stream.
   */
  isAllowed(): Promise<boolean>;
}

interface EventRow {
  id: number;
  forumId: number;
  threadId: number | null;
  payload: ForumEvent | null;
  staffPayload: ForumEvent | null;
}

/** At most this many missed events are replayed; past that the reader is told to reload. */
export const CATCH_UP_MAX = 500;
/** How often every stream is pinged and its reader's access checked again. */
export const HEARTBEAT_MS = 20_000;
/**
 * Streams one person may hold on one server (a browser needs one per open forum or thread page and one
 * for the bell); a new one beyond it ends their oldest. Per server is enough: what a stream costs (a
 * socket, memory, the hub's work per event) is each server's own, so a person holds at most this many
 * times the number of servers, with no shared state to consult on every open.
 */
export const MAX_STREAMS_PER_PERSON = 10;

const byForum = new Map<number, Set<LiveReader>>();
const byThread = new Map<number, Set<LiveReader>>();
const byUser = new Map<number, Set<LiveReader>>();

const addTo = <K>(map: Map<K, Set<LiveReader>>, key: K, reader: LiveReader) => {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(reader);
};
const removeFrom = <K>(map: Map<K, Set<LiveReader>>, key: K, reader: LiveReader) => {
  const set = map.get(key);
  if (!set) return;
  set.delete(reader);
  if (set.size === 0) map.delete(key);
};

/** An SSE message as bytes, encoded once and written to every reader it is for; `id` for forum events (null: state, a ping). */
export interface EncodedChunk {
  id: number | null;
  bytes: Buffer;
}

const chunkOf = (id: number | null, text: string): EncodedChunk => ({ id, bytes: Buffer.from(text, 'utf8') });
/** Encodes an event as an SSE message (`id:` so a reconnecting reader resumes after it). */
export const encodeEvent = (id: number, event: ForumEvent): EncodedChunk => chunkOf(id, `id: ${id}\ndata: ${JSON.stringify({ ...event, id })}\n\n`);
/** A message without an id (the stream's opening lines, a reset). */
export const encodeText = (text: string): EncodedChunk => chunkOf(null, text);
const encodeCount = (unseen: number) => encodeText(`event: notifications\ndata: {"type":"notifications","unseen":${unseen}}\n\n`);
const PING = encodeText(': ping\n\n');
/** Tells a stream ended for a newer one of the same person not to reconnect at once (the browser would end another). */
const CLOSED = encodeText('event: closed\ndata: {"type":"closed"}\n\n');

/** What a forum's thread list needs of an event: thread changes and likes as they are, comments as the thread's new activity. */
function forForumList(event: ForumEvent | null): ForumEvent | null {
  if (!event) return null;
  if (event.type === 'comment.created' || event.type === 'comment.updated' || event.type === 'comment.removed') return { type: 'thread.activity', thread: event.thread };
  if (event.type === 'likes.changed' && event.targetType !== 'thread') return null;
  return event;
}

/** The version of an event a reader receives (null: none). */
const versionFor = (row: EventRow, moderates: boolean): ForumEvent | null => (moderates ? (row.staffPayload ?? row.payload) : row.payload);

function deliver(rows: readonly EventRow[]): void {
  for (const row of rows) {
    const threadReaders = row.threadId === null ? undefined : byThread.get(row.threadId);
    const forumReaders = byForum.get(row.forumId);
    if (!threadReaders && !forumReaders) continue;
    // Encoded once per audience, not once per reader: 2,000 readers of a thread share four Buffers.
    const encoded = new Map<string, EncodedChunk | null>();
    const encodedFor = (key: string, make: () => ForumEvent | null) => {
      if (!encoded.has(key)) {
        const event = make();
        encoded.set(key, event ? encodeEvent(row.id, event) : null);
      }
      return encoded.get(key)!;
    };
    for (const reader of threadReaders ?? []) {
      const chunk = encodedFor(`thread:${reader.moderates}`, () => versionFor(row, reader.moderates));
      if (chunk && !reader.write(chunk)) dropReader(reader);
    }
    for (const reader of forumReaders ?? []) {
      const chunk = encodedFor(`forum:${reader.moderates}`, () => forForumList(versionFor(row, reader.moderates)));
      if (chunk && !reader.write(chunk)) dropReader(reader);
    }
  }
}

// ── Hearing the database ─────────────────────────────────────────────────

const pendingIds = new Set<number>();
let pendingUnknown = false;
const pendingUsers = new Set<number>();
/** People whose memberships or account changed: their readers' access is checked again. */
const pendingChecks = new Set<number>();
/** The access checks under way: events are delivered only once they are done. */
let accessChecks: Promise<void> = Promise.resolve();
let flushScheduled = false;
/** The newest event id delivered, to catch up after a table-wide notification or a lost feed. */
let lastDeliveredId = 0;
const recentlyDelivered = new Set<number>();
// Emptied with the caches (tests start each case from an empty database, where event ids begin again).
forgetWithCaches(() => {
  recentlyDelivered.clear();
  lastDeliveredId = 0;
});

function remember(ids: readonly number[]): void {
  for (const id of ids) {
    recentlyDelivered.add(id);
    if (id > lastDeliveredId) lastDeliveredId = id;
  }
  if (recentlyDelivered.size > 10_000) for (const id of [...recentlyDelivered].slice(0, 5_000)) recentlyDelivered.delete(id);
}

const eventColumns = { id: forumEvents.id, forumId: forumEvents.forumId, threadId: forumEvents.threadId, payload: forumEvents.payload, staffPayload: forumEvents.staffPayload };

async function flush(): Promise<void> {
  flushScheduled = false;
  const ids = [...pendingIds];
  const unknown = pendingUnknown;
  const userIds = [...pendingUsers];
  const checkIds = [...pendingChecks];
  pendingIds.clear();
  pendingUsers.clear();
  pendingChecks.clear();
  pendingUnknown = false;
  if (checkIds.length) accessChecks = Promise.all([accessChecks, endStreamsThatLostAccess(checkIds)]).then(() => undefined);
  if (ids.length || unknown) {
    const db = await getDb();
    const where = unknown ? gt(forumEvents.id, Math.max(0, lastDeliveredId - 1_000)) : inArray(forumEvents.id, ids);
    const rows = (await db.select(eventColumns).from(forumEvents).where(where).orderBy(asc(forumEvents.id)).limit(5_000)) as EventRow[];
    // A change heard before these events (a removal committed first) is checked before they go out.
    await accessChecks;
    const fresh = rows.filter((row) => !recentlyDelivered.has(row.id));
    remember(fresh.map((row) => row.id));
    deliver(fresh);
  }
  for (const userId of userIds) {
    const readers = byUser.get(userId);
    if (!readers) continue;
    const chunk = encodeCount(await countUnseenNotifications(userId));
    for (const reader of readers) if (!reader.write(chunk)) dropReader(reader);
  }
}

/** Ends the streams of these people that may no longer go on (each reader checked at once, all through the caches). */
async function endStreamsThatLostAccess(userIds: readonly number[]): Promise<void> {
  const readers = userIds.flatMap((userId) => [...(byUser.get(userId) ?? [])]);
  await Promise.all(
    readers.map(async (reader) => {
      if (!(await reader.isAllowed().catch(() => false))) endReader(reader);
    }),
  );
}

function scheduleFlush(): void {
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(() => void flush().catch((error: unknown) => log.error({ err: error, event: 'live_hub_flush_failed' }, 'the live events hub could not read new events')));
}

let listening = false;
/** Starts hearing the change feed (once per process, on the first reader). */
function listen(): void {
  if (listening) return;
  listening = true;
  onDataChange((change) => {
    if (change.table === '*') {
      // The feed was down or is back: anything may have been missed.
      if (byForum.size || byThread.size) pendingUnknown = true;
      for (const userId of byUser.keys()) pendingUsers.add(userId);
      scheduleFlush();
      return;
    }
    if (change.table === 'forum_events') {
      if (!change.keys) pendingUnknown = true;
      else {
        const forums = idsOf(change.keys, 'forum_id');
        const threads = idsOf(change.keys, 'thread_id');
        if (!forums.some((id) => byForum.has(id)) && !threads.some((id) => byThread.has(id))) return;
        for (const id of idsOf(change.keys, 'id')) pendingIds.add(id);
      }
      scheduleFlush();
    } else if (change.table === 'notifications') {
      const users = change.keys ? idsOf(change.keys, 'user_id') : [...byUser.keys()];
      for (const userId of users) if (byUser.has(userId)) pendingUsers.add(userId);
      if (pendingUsers.size) scheduleFlush();
    } else if (change.table === 'memberships' || change.table === 'users') {
      // Someone may have lost a forum or their account: only their own readers are checked, now rather than
      // at the next heartbeat (cohort and forum changes, rarer, wait for the heartbeat, which checks everyone).
      const users = change.keys ? idsOf(change.keys, change.table === 'users' ? 'id' : 'user_id') : [...byUser.keys()];
      for (const userId of users) if (byUser.has(userId)) pendingChecks.add(userId);
      if (pendingChecks.size) scheduleFlush();
    }
  });
  setInterval(() => void heartbeat(), HEARTBEAT_MS).unref();
}

async function heartbeat(): Promise<void> {
  const readers = new Set([...byUser.values()].flatMap((set) => [...set]));
  for (const reader of readers) {
    // A session that cannot be checked because the database is away (a restart) keeps its stream until the next
    // heartbeat checks again; any other failure ends it (fail closed).
    const allowed = await reader.isAllowed().catch((error: unknown) => isDatabaseUnavailable(error));
    if (!allowed || !reader.write(PING)) endReader(reader);
  }
}

// ── Readers ──────────────────────────────────────────────────────────────

/** Registers a reader; answers the function that removes it. */
export function addReader(reader: LiveReader): () => void {
  listen();
  const own = byUser.get(reader.userId);
  // Oldest first (a Set keeps insertion order): the stream least likely to be the page in front of them.
  for (const oldest of [...(own ?? [])].slice(0, Math.max(0, (own?.size ?? 0) - MAX_STREAMS_PER_PERSON + 1))) {
    oldest.write(CLOSED);
    endReader(oldest);
  }
  addTo(byUser, reader.userId, reader);
  if (reader.forumId !== null) addTo(byForum, reader.forumId, reader);
  if (reader.threadId !== null) addTo(byThread, reader.threadId, reader);
  return () => dropReader(reader);
}

/** Stops delivering to a reader and ends its stream. */
function endReader(reader: LiveReader): void {
  dropReader(reader);
  reader.close();
}

function dropReader(reader: LiveReader): void {
  removeFrom(byUser, reader.userId, reader);
  if (reader.forumId !== null) removeFrom(byForum, reader.forumId, reader);
  if (reader.threadId !== null) removeFrom(byThread, reader.threadId, reader);
}

/**
 * The events a reader missed after `afterId`, encoded for it, or 'reset'
 * when there are more than CATCH_UP_MAX or some were already purged (the
 * page reloads its data).
 */
export async function catchUp(reader: Pick<LiveReader, 'forumId' | 'threadId' | 'moderates'>, afterId: number): Promise<{ chunks: EncodedChunk[]; lastId: number } | 'reset'> {
  const db = await getDb();
  const scope = reader.threadId !== null ? eq(forumEvents.threadId, reader.threadId) : eq(forumEvents.forumId, reader.forumId!);
  const rows = (await db.select(eventColumns).from(forumEvents).where(and(scope, gt(forumEvents.id, afterId))).orderBy(asc(forumEvents.id)).limit(CATCH_UP_MAX + 1)) as EventRow[];
  if (rows.length > CATCH_UP_MAX) return 'reset';
  if (afterId > 0) {
    // Events after `afterId` were purged (a reader away longer than they are kept): what it shows cannot be completed.
    const [oldest] = await db.select({ id: min(forumEvents.id) }).from(forumEvents);
    if (oldest?.id != null && Number(oldest.id) > afterId + 1) return 'reset';
  }
  const chunks: EncodedChunk[] = [];
  for (const row of rows) {
    const version = versionFor(row, reader.moderates);
    const event = reader.threadId !== null ? version : forForumList(version);
    if (event) chunks.push(encodeEvent(row.id, event));
  }
  return { chunks, lastId: rows.at(-1)?.id ?? afterId };
}

/** The encoded unseen-count message of a person (sent when a stream opens). */
export async function encodedUnseenCount(userId: number): Promise<EncodedChunk> {
  return encodeCount(await countUnseenNotifications(userId));
}
