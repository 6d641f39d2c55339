/**
 * The page's one live connection (server-sent events, ADR 014): the reader's
 * notification count, and the live events of the forum or thread the page
 * shows (named by the page in `<meta name="senda-live">`, with the last
 * event id its data includes). Islands and the header's bell listen here;
 * an island that mounts after some events arrived first receives those
 * (applying an event twice changes nothing). The browser reconnects by
 * itself with Last-Event-ID; when the server refuses the stream, it asks once
 * why (EventSource hides the status). Refused for the session (401, 403): the
 * session is read at once, as the poll would, and its flows apply (a failed
 * refresh signs in again with "session expired"; a session gone gets the
 * contract's rule for any 403: remove-session, reload, sign in). Anything
 * else (a restart, a thread gone) is opened again later from the last event seen;
 * when it ends the stream for a newer one of the same person (`closed`, too
 * many open), only once this tab is looked at again.
 * Pages without a forum or thread share ONE notifications-only stream per
 * browser (shareNotifications): the tab holding a Web Lock keeps it and
 * passes the count to the other tabs over a BroadcastChannel, so ten open
 * tabs hold one of the browser's six connections to the server, not ten.
 */
import type { NotificationsEvent } from '~/lib/shared/forums';
import type { ForumEventWithId } from '~/lib/shared/schemas/forum-events';
import { getFlowDeps } from './app-client';
import { getSession } from './auth-client';
import { handleForbidden } from './session-flows';
import { applySession } from './session-store';

/** What arrives: a forum event, the unseen notifications count, or "reload your data" (too much was missed). */
export type LiveMessage = ForumEventWithId | NotificationsEvent | { type: 'reset' };
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();
/** Forum events since the page loaded (bounded), for islands that listen later. */
const received: LiveMessage[] = [];
const RECEIVED_MAX = 500;
const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];

let started = false;
let source: EventSource | null = null;
let topics: { forum?: string; thread?: string } = {};
let lastId: number | null = null;
let failures = 0;
/** The tabs' channel for the unseen count (null where BroadcastChannel is missing). */
let channel: BroadcastChannel | null = null;
const CHANNEL_NAME = 'senda-notifications';

/** Hands a message to every listener (the stream's handlers; tests call it to stand in for the server). */
export function emitLiveMessage(message: LiveMessage): void {
  if ('id' in message && typeof message.id === 'number') {
    lastId = Math.max(lastId ?? 0, message.id);
    received.push(message);
    if (received.length > RECEIVED_MAX) received.shift();
  }
  for (const listener of listeners) listener(message);
}

/** Calls `listener` with every live message (first those already received); answers the function that stops it. */
export function onLiveMessage(listener: Listener): () => void {
  for (const message of received) listener(message);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function parse(data: string): LiveMessage | null {
  try {
    return JSON.parse(data) as LiveMessage;
  } catch {
    return null;
  }
}

function open(): void {
  const query = new URLSearchParams();
  if (topics.forum) query.set('forum', topics.forum);
  if (topics.thread) query.set('thread', topics.thread);
  if (lastId !== null) query.set('after', String(lastId));
  const stream = new EventSource(`/api/v2/events/${query.size ? `?${query}` : ''}`);
  source = stream;
  const handle = (event: MessageEvent<string>) => {
    failures = 0;
    const message = parse(event.data);
    if (!message) return;
    emitLiveMessage(message);
    if (message.type === 'notifications') channel?.postMessage(message);
  };
  stream.onmessage = handle;
  stream.addEventListener('notifications', handle);
  stream.addEventListener('reset', handle);
  // The server ended this stream for a newer one of the same person (too many open): reconnecting at once
  // would end another tab's, so this tab waits until it is looked at again.
  stream.addEventListener('closed', () => {
    stream.close();
    if (source !== stream) return;
    source = null;
    const reopen = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', reopen);
      open();
    };
    document.addEventListener('visibilitychange', reopen);
  });
  stream.onerror = () => {
    // The browser retries a dropped connection itself; a refused one (401, 404, a restart) is closed for good.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    void afterRefusal(stream.url);
  };
}

/** A refused stream: the session's flows when the session is why, else another try later. */
async function afterRefusal(url: string): Promise<void> {
  if (await sessionEndedFor(url)) {
    const deps = getFlowDeps();
    const outcome = await getSession().then(
      (session) => applySession(session, deps),
      () => null,
    );
    if (outcome === 'unauthenticated') return handleForbidden(deps);
    // A failed refresh or remove-session: their flows already sign the person in again.
    if (outcome === 'refresh-failed' || outcome === 'removed') return;
  }
  const delay = RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]!;
  setTimeout(open, delay);
}

/** Whether the server refuses the stream because the session ended: the same request, its status read and the body dropped. */
async function sessionEndedFor(url: string): Promise<boolean> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { headers: { accept: 'text/event-stream' }, credentials: 'same-origin', signal: controller.signal });
    return response.status === 401 || response.status === 403;
  } catch {
    return false;
  } finally {
    controller.abort();
  }
}

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const opened = new BroadcastChannel(CHANNEL_NAME);
  opened.onmessage = (event: MessageEvent<LiveMessage>) => {
    if (event.data?.type === 'notifications') emitLiveMessage(event.data);
  };
  return opened;
}

/**
 * On a page without forum events: the unseen count kept current through the
 * browser's one shared notifications stream (this tab opens it only while it
 * holds the lock; the others hear the count on the channel). Starts after the
 * page has loaded, so it never delays what the page itself fetches.
 */
export function shareNotifications(): void {
  if (started || typeof EventSource === 'undefined') return;
  started = true;
  channel = openChannel();
  const lead = () => {
    open();
    window.addEventListener('pagehide', () => source?.close());
  };
  const begin = () => {
    // Held until the tab closes; the next tab waiting for it then opens the stream.
    if (channel && typeof navigator !== 'undefined' && navigator.locks) void navigator.locks.request(CHANNEL_NAME, () => new Promise<void>(() => lead()));
    else lead();
  };
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}

/** Opens the page's live connection once (no-op without EventSource). */
export function startLiveStream(): void {
  if (started || typeof EventSource === 'undefined') return;
  started = true;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="senda-live"]');
  const params = new URLSearchParams(meta?.content ?? '');
  topics = { forum: params.get('forum') ?? undefined, thread: params.get('thread') ?? undefined };
  const after = params.get('after');
  lastId = after && /^\d+$/.test(after) ? Number(after) : null;
  // The count it hears goes to the other tabs too.
  channel = openChannel();
  open();
  window.addEventListener('pagehide', () => source?.close());
}
