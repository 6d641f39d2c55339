/**
 * A reader's server-sent events stream (`GET /api/v2/events/`): a forum's or
 * a thread's live events, and the reader's notification count, as
 * `text/event-stream`. Opening it with a last event id (the page's, or the
 * browser's Last-Event-ID on a reconnect) first replays what was missed;
 * events that arrive meanwhile are held and sent after, each once.
 */
import { AppError } from '~/lib/shared/errors';
import { findForumWithAccess } from '~/lib/server/access/loaders';
import type { Caller } from '~/lib/server/access/permissions';
import { findReadableThread } from '~/lib/server/services/forums/write-threads';
import { isAccountActive } from '~/lib/server/services/auth/live-sessions';
import { currentNodeResponse } from '~/lib/server/http/response-pacing';
import { addReader, catchUp, encodedUnseenCount, encodeText, type EncodedChunk, type LiveReader } from './live-hub';

/** A reader far enough behind (a stalled connection) is dropped; it reconnects and catches up. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** Browsers wait this long before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
const RETRY = encodeText(`retry: ${RETRY_MS}\n\n`);
const RESET = encodeText('event: reset\ndata: {"type":"reset"}\n\n');

export interface StreamRequest {
  caller: Caller;
  /** Whether the caller's sign-in may go on (checked on every heartbeat, and when their account or memberships change). */
  isAllowed(): Promise<boolean>;
  forum?: number;
  thread?: number;
  /** The last event the reader has (the page's, or the browser's Last-Event-ID). */
  after?: number;
}

/** Checks what the reader may follow, then answers the stream (404 for a forum or thread they may not read). */
export async function openEventStream(request: StreamRequest): Promise<Response> {
  const { caller } = request;
  let forumId: number | null = null;
  let threadId: number | null = null;
  /** The forum whose access the stream depends on (a thread's forum too). */
  let readForumId: number | null = null;
  let moderates = false;
  if (request.thread !== undefined) {
    const found = await findReadableThread(caller, request.thread);
    threadId = found.thread.id;
    readForumId = found.forum.id;
    moderates = found.access === 'moderate';
  } else if (request.forum !== undefined) {
    const found = await findForumWithAccess(caller, request.forum);
    forumId = found.forum.id;
    readForumId = forumId;
    moderates = found.access === 'moderate';
  }
  // A reader who may no longer read the forum, or only as another audience (a tutor made a student must not
  // keep receiving moderators' events), loses the stream; a reconnect then gets the 404 or the right version.
  const readsAsOpened = async (): Promise<boolean> => {
    if (readForumId === null) return true;
    const found = await findForumWithAccess(caller, readForumId).catch(() => null);
    return found !== null && (found.access === 'moderate') === moderates;
  };
  const isAllowed = async (): Promise<boolean> => (await isAccountActive(caller.id)) && (await request.isAllowed()) && (await readsAsOpened());
  const firstCount = await encodedUnseenCount(caller.id);
  let remove: () => void = () => {};
  let closed = false;

  // In the server, once the opening chunks are written, events go straight to the Node response (no web
  // stream per reader): the Buffer every reader shares, a reader's writes of one tick corked into one
  // writev (measured: half the CPU per delivery of writing at once). Tests and scripts (no Node response)
  // stay on the web stream.
  const nodeResponse = currentNodeResponse();
  // No chunked encoding: the stream ends with its connection, so each event is one write of its own bytes
  // (chunked framing added two more writes per event: a third of the server's time with 2,000 readers).
  nodeResponse?.removeHeader('transfer-encoding');
  let direct = false;
  let corked = false;
  const uncork = () => {
    corked = false;
    nodeResponse?.uncork();
  };
  const writeDirect = (bytes: Uint8Array): boolean => {
    if (!nodeResponse || nodeResponse.destroyed || nodeResponse.writableEnded) return false;
    if (nodeResponse.writableLength > MAX_QUEUED_BYTES) return false;
    if (!corked) {
      corked = true;
      nodeResponse.cork();
      process.nextTick(uncork);
    }
    nodeResponse.write(bytes);
    return true;
  };
  let endStream: () => void = () => {};

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        endStream = () => {
          try {
            controller.close();
          } catch {
            // Already closed by the client.
          }
        };
        // Events arriving while the missed ones are read wait here, so nothing is sent twice or out of order.
        let held: EncodedChunk[] | null = [];
        // What the reader already has (its page's data, or what was replayed): an event the hub hears late is not sent again.
        let floor = request.after ?? 0;
        const send = (chunk: EncodedChunk) => controller.enqueue(chunk.bytes);
        const reader: LiveReader = {
          userId: caller.id,
          forumId,
          threadId,
          moderates,
          write(chunk) {
            if (closed) return false;
            if (chunk.id !== null && chunk.id <= floor) return true;
            if (held) {
              held.push(chunk);
              return true;
            }
            if (direct) {
              if (writeDirect(chunk.bytes)) return true;
              reader.close();
              return false;
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
            endStream();
          },
          isAllowed,
        };
        remove = addReader(reader);
        send(RETRY);
        send(firstCount);
        let lastReplayed = 0;
        if (request.after !== undefined && (forumId !== null || threadId !== null)) {
          const missed = await catchUp(reader, request.after);
          if (missed === 'reset') send(RESET);
          else {
            for (const chunk of missed.chunks) send(chunk);
            lastReplayed = missed.lastId;
            floor = Math.max(floor, lastReplayed);
          }
        }
        const waiting = held;
        held = null;
        for (const chunk of waiting) if (chunk.id === null || chunk.id > lastReplayed) send(chunk);
      },
      pull() {
        // Asked for more with nothing queued: the adapter has written everything enqueued so far, so from
        // here events may go to the Node response directly, in order. The stream stays open until closed.
        if (!nodeResponse || closed) return;
        direct = true;
        return new Promise<void>(() => {});
      },
      cancel() {
        closed = true;
        remove();
      },
    },
    // Nothing read ahead: pull() is called only when the adapter waits for more (desiredSize counts bytes).
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves it alone (it would hold events back to fill a block).
      'Cache-Control': 'private, no-cache, no-transform',
      // nginx (scripts/cluster): pass events on as they come.
      'X-Accel-Buffering': 'no',
    },
  });
}

/** A stream needs a forum or a thread, or neither (notifications only), never both. */
export function requireOneTopic(query: { forum?: number; thread?: number }): void {
  if (query.forum !== undefined && query.thread !== undefined) throw new AppError('validation_failed', { fields: { thread: 'validation.forum.oneTopic' } });
}
