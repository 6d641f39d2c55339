/**
 * The live stream refused by the server (lib/client/live-stream.ts): EventSource
 * hides the status, so the stream asks once why. Refused for the session, the
 * session is read at once and its flows apply: gone, the contract's rule for
 * any 403 (remove-session, then a reload that signs in); a failed refresh, the
 * "session expired" sign-in. A server away is tried again later, with the
 * session left alone (issue 35).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** An EventSource the test refuses: the browser's CLOSED state and an error event. */
class RefusedEventSource {
  static readonly CLOSED = 2;
  static opened: RefusedEventSource[] = [];
  readyState = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    RefusedEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = RefusedEventSource.CLOSED;
  }
  refuse() {
    this.readyState = RefusedEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  vi.resetModules();
  RefusedEventSource.opened = [];
  vi.stubGlobal('EventSource', RefusedEventSource);
  document.head.innerHTML = '<meta name="senda-live" content="thread=7&after=100">';
});

afterEach(() => {
  vi.useRealTimers();
});

/** Starts the stream and refuses it; the server answers the stream `status` and the session read `session`. */
async function startAndRefuse(status: number | 'network', session: unknown = null) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/auth/session')) return Response.json(session);
    if (url.startsWith('/api/auth/_log')) return new Response(null, { status: 204 });
    return status === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : new Response(null, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  const { startLiveStream } = await import('~/lib/client/live-stream');
  startLiveStream();
  expect(RefusedEventSource.opened).toHaveLength(1);
  RefusedEventSource.opened[0]!.refuse();
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/v2/events/?thread=7&after=100');
  return fetchMock;
}

const SIGNED_IN = { expires: '2099-01-01T00:00:00Z', user: { idUser: 5, email: 'sofia@senda.test', accessToken: 'a', refreshToken: 'r' } };

describe('a live stream the server refuses', () => {
  it.each([401, 403])('because the session is gone (%i): remove-session is set and the page reloads, as for any 403', async (status) => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const fetchMock = await startAndRefuse(status, null);
    await vi.waitFor(() => expect(window.localStorage.getItem('remove-session')).not.toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/session');
    // The reload comes ~150 ms later (the contract's delay).
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('because the refresh failed: the session-expired flow runs (the keys go), not remove-session', async () => {
    window.localStorage.setItem('accessData', JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    await startAndRefuse(401, { ...SIGNED_IN, error: 'RefreshAccessTokenError' });
    await vi.waitFor(() => expect(window.localStorage.getItem('accessData')).toBeNull());
    expect(window.localStorage.getItem('remove-session')).toBeNull();
  });

  it.each([503, 'network'] as const)('because the server is away (%s): opened again later, the session kept', async (status) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await startAndRefuse(status);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(RefusedEventSource.opened).toHaveLength(2);
    expect(window.localStorage.getItem('remove-session')).toBeNull();
  });
});
