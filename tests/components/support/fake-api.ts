/**
 * The API as islands see it from a test: real islands and the real request
 * helper, with `fetch` (the network boundary) answered by route handlers.
 * Each handler may wait on a gate, so a test can look at the loading state
 * before the answer arrives.
 */
import { vi } from 'vitest';
import { $session } from '~/lib/client/session-store';
import type { SessionUser } from '~/lib/shared/schemas/auth';
import { STORAGE_KEYS } from '~/lib/shared/storage-keys';

type Handler = (request: Request) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API error as the server answers it (message in the caller's language, field messages). */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);

/** A page of a paginated list. */
export const page = <T>(results: T[], { count = results.length, next = null as string | null, previous = null as string | null } = {}) => ({ count, next, previous, results });

export interface FakeApi {
  /** The requests received, as `METHOD /path?query`. */
  calls: string[];
  /** Answers `METHOD /path?query` (exact) with the handler; later definitions win. */
  on(route: string, handler: Handler): void;
}

/** Signs a user in (tokens in storage, session settled) and answers fetch with the routes given. */
export function fakeApi(user: Partial<SessionUser> = {}): FakeApi {
  const routes = new Map<string, Handler>();
  const calls: string[] = [];
  window.localStorage.setItem(STORAGE_KEYS.accessData, JSON.stringify({ accessToken: 'token', refreshToken: 'refresh', idUser: user.idUser ?? 1, idTrainingPath: user.idTrainingPath ?? null }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}${url.search}`;
    calls.push(route);
    const handler = routes.get(route);
    if (!handler) return apiError(404, 'not_found', `No route in the test for ${route}`);
    return handler(request);
  });
  $session.set({ status: 'authenticated', user: { idUser: 1, typeUser: 'admin', idTrainingPath: null, ...user } as SessionUser });
  return { calls, on: (route, handler) => void routes.set(route, handler) };
}

/** A promise the test resolves when it wants the API to answer. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * XMLHttpRequest as the request helper's `upload` uses it, over the same
 * fake routes: the upload reports its progress, and an answer is handed over
 * line by line (onprogress), as a streamed answer arrives.
 */
export class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onprogress: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = new Headers();

  open(method: string, url: string) {
    this.method = method;
    this.url = new URL(url, window.location.href).href;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string) {
    return this.responseHeaders.get(name);
  }

  send(body: FormData) {
    void (async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 });
      const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
      this.status = response.status;
      this.responseHeaders = response.headers;
      const text = await response.text();
      let received = '';
      for (const line of text.split(/(?<=\n)/)) {
        received += line;
        this.responseText = received;
        this.onprogress?.();
      }
      this.onload?.();
    })();
  }
}
