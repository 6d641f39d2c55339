import { AppError } from '~/lib/shared/errors';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { authenticateRequest } from '~/lib/server/http/caller';
import { readFreshCaller } from '~/lib/server/services/auth/page-session';
import { openEventStream, requireOneTopic } from '~/lib/server/realtime/event-stream';
import { MAX_STREAMS_PER_PERSON } from '~/lib/server/realtime/live-hub';
import { EventsQuerySchema } from '~/lib/shared/schemas/forums';

/** The browser's Last-Event-ID on a reconnect (a number), or undefined. */
function lastEventIdOf(request: Request): number | undefined {
  const value = request.headers.get('last-event-id');
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/events/',
  summary:
    "Server-sent events (`text/event-stream`): a forum's (`?forum=`) or a thread's (`?thread=`) new threads, comments, edits, likes and moderation, and the caller's unseen notification count, from any app server. Each forum event has an id; `?after=` (or Last-Event-ID) replays what came after it (`event: reset` when too much did). " +
    `The stream ends once the caller may no longer read its forum or their account is deactivated, and with "event: closed" when the same person opens more than ${MAX_STREAMS_PER_PERSON} (their oldest ends). ` +
    "Signed in by token, or by the browser's session cookie",
  tags: ['forums', 'notifications'],
  access: 'public',
  query: EventsQuerySchema,
  success: { status: 200, description: 'The event stream', contentType: 'text/event-stream' },
  errors: ['unauthenticated', 'not_found'],
  handle: async ({ caller, query, request }) => {
    requireOneTopic(query);
    // A reconnecting browser says where it stopped (Last-Event-ID): that wins over the page's first `after`.
    const after = lastEventIdOf(request) ?? query.after;
    if (caller) return openEventStream({ caller, isAllowed: () => authenticateRequest(request).then(Boolean), ...query, after });
    // EventSource cannot send a header: the browser's session cookie signs it in, never refreshed here.
    const fresh = await readFreshCaller(request);
    if (!fresh) throw new AppError('unauthenticated');
    return openEventStream({ caller: fresh.caller, isAllowed: async () => Date.now() / 1000 < fresh.freshUntilS && (await fresh.isLive()), ...query, after });
  },
});
