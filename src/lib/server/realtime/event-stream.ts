/**
 * A reader's server-sent events stream (`GET /api/v2/events/`): a forum's or
 * a thread's live events, and the reader's notification count, as
 * `text/event-stream`. Opening it with a last event id (the page's, or the
 * browser's Last-Event-ID on a reconnect) first replays what was missed;
 * events that arrive meanwhile are held and sent after, each once.
 */
import { AppError } from '~/lib/shared/errors';
import { findForumWithAccess } from '~/lib/server/auth/access';
import type { Caller } from '~/lib/server/auth/permissions';
import { findReadableThread } from '~/lib/server/services/forums/write-threads';
import { addReader, catchUp, encodedUnseenCount, type LiveReader } from './live-hub';

/** A reader far enough behind (a stalled connection) is dropped; it reconnects and catches up. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** Browsers wait this long before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

export interface StreamRequest {
  caller: Caller;
  /** Whether the stream may go on (checked on every heartbeat). */
  isAllowed(): Promise<boolean>;
  forum?: number;
  thread?: number;
  /** The last event the reader has (the page's, or the browser's Last-Event-ID). */
  after?: number;
}

/**
 * The bytes of the last chunks sent: the hub hands the same string to every
 * reader of a forum or thread, so 2,000 readers share one encoding.
 */
const recentBytes = new Map<string, Uint8Array>();
const RECENT_BYTES_MAX = 64;
const encoder = new TextEncoder();
function bytesOf(chunk: string): Uint8Array {
  let bytes = recentBytes.get(chunk);
  if (!bytes) {
    bytes = encoder.encode(chunk);
    recentBytes.set(chunk, bytes);
    if (recentBytes.size > RECENT_BYTES_MAX) recentBytes.delete(recentBytes.keys().next().value!);
  }
  return bytes;
}

const idOf = (chunk: string) => (chunk.startsWith('id: ') ? Number(chunk.slice(4, chunk.indexOf('\n'))) : null);

/** Checks what the reader may follow, then answers the stream (404 for a forum or thread they may not read). */
export async function openEventStream(request: StreamRequest): Promise<Response> {
  const { caller } = request;
  let forumId: number | null = null;
  let threadId: number | null = null;
  let moderates = false;
  if (request.thread !== undefined) {
    const found = await findReadableThread(caller, request.thread);
    threadId = found.thread.id;
    moderates = found.access === 'moderate';
  } else if (request.forum !== undefined) {
    const found = await findForumWithAccess(caller, request.forum);
    forumId = found.forum.id;
    moderates = found.access === 'moderate';
  }
  const firstCount = await encodedUnseenCount(caller.id);
  let remove: () => void = () => {};
  let closed = false;

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        // Events arriving while the missed ones are read wait here, so nothing is sent twice or out of order.
        let held: string[] | null = [];
        // What the reader already has (its page's data, or what was replayed): an event the hub hears late is not sent again.
        let floor = request.after ?? 0;
        const send = (chunk: string) => controller.enqueue(bytesOf(chunk));
        const reader: LiveReader = {
          userId: caller.id,
          forumId,
          threadId,
          moderates,
          write(chunk) {
            if (closed) return false;
            const id = idOf(chunk);
            if (id !== null && id <= floor) return true;
            if (held) {
              held.push(chunk);
              return true;
            }
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
              reader.close();
              return false;
            }
            send(chunk);
            return true;
          },
          close() {
            if (closed) return;
            closed = true;
            remove();
            try {
              controller.close();
            } catch {
              // Already closed by the client.
            }
          },
          isAllowed: request.isAllowed,
        };
        remove = addReader(reader);
        send(`retry: ${RETRY_MS}\n\n`);
        send(firstCount);
        let lastReplayed = 0;
        if (request.after !== undefined && (forumId !== null || threadId !== null)) {
          const missed = await catchUp(reader, request.after);
          if (missed === 'reset') send('event: reset\ndata: {"type":"reset"}\n\n');
          else {
            for (const chunk of missed.chunks) send(chunk);
            lastReplayed = missed.lastId;
            floor = Math.max(floor, lastReplayed);
          }
        }
        const waiting = held;
        held = null;
        for (const chunk of waiting) {
          const id = idOf(chunk);
          if (id === null || id > lastReplayed) send(chunk);
        }
      },
      cancel() {
        closed = true;
        remove();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves it alone (it would hold events back to fill a block).
      'Cache-Control': 'private, no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx (scripts/cluster): pass events on as they come.
      'X-Accel-Buffering': 'no',
    },
  });
}

/** A stream needs a forum or a thread, or neither (notifications only), never both. */
export function requireOneTopic(query: { forum?: number; thread?: number }): void {
  if (query.forum !== undefined && query.thread !== undefined) throw new AppError('validation_failed', { fields: { thread: 'validation.forum.oneTopic' } });
}
