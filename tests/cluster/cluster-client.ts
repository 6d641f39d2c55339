/** What the cluster tests do as clients of an app server: API calls, a browser's pages, a live event stream. */
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'Senda-demo-1';

/**
 * A request not answered within this long rejects ("no answer") instead of
 * waiting for ever: a server that hangs a request fails the test by name, not
 * by the test's timeout.
 */
export const ANSWER_TIMEOUT_MS = 15_000;

export interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/** One API call in Spanish (with a Bearer token and a JSON body when given); a dropped connection, or no answer within ANSWER_TIMEOUT_MS, rejects. */
export async function api(base: string, method: string, path: string, options: { token?: string; body?: object } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'es' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a page, or nothing).
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A browser's cookies on one server: signs in through Auth.js and reads pages. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  private keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
  }

  private header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async signIn(email: string) {
    const csrf = await fetch(`${this.base}/api/auth/csrf`);
    this.keep(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${this.base}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.header(), origin: this.base, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ email, password: DEMO_PASSWORD, csrfToken, callbackUrl: `${this.base}/home`, json: 'true' }).toString(),
    });
    this.keep(response);
    expect(this.header()).toContain('session-token');
  }

  /** A page as the signed-in browser gets it (a dropped connection rejects). */
  async open(path: string): Promise<{ status: number; headers: Headers; html: string }> {
    const response = await fetch(`${this.base}${path}`, { headers: { cookie: this.header(), 'accept-language': 'es' }, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    return { status: response.status, headers: response.headers, html: await response.text() };
  }

  async page(path: string): Promise<string> {
    return (await this.open(path)).html;
  }
}

/** An open server-sent events stream: the events received so far, by their `data:` JSON and `id:`. */
export class EventReader {
  readonly events: { id: number | null; data: any }[] = [];
  /** False once the server ended the stream or the connection dropped (not when the test closed it). */
  isOpen = true;
  private constructor(private readonly controller: AbortController) {}

  static async open(url: string, token: string, lastEventId?: number): Promise<EventReader> {
    const controller = new AbortController();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const response = await fetch(url, { headers, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = new EventReader(controller);
    void reader.pump(response.body!.getReader());
    return reader;
  }

  private async pump(stream: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await stream.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(message)?.[1];
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (data) this.events.push({ id: id ? Number(id) : null, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by close(), or dropped.
    }
    if (!this.controller.signal.aborted) this.isOpen = false;
  }

  /** Waits (up to `timeoutMs`, 5 s unless said) for an event that passes `check`. */
  async waitFor(check: (data: any) => boolean, timeoutMs = 5_000): Promise<{ id: number | null; data: any }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((event) => check(event.data));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; received: ${JSON.stringify(this.events).slice(0, 400)}`);
      await new Promise((done) => setTimeout(done, 10));
    }
  }

  close() {
    this.controller.abort();
  }
}
