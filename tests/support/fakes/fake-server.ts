/**
 * What the fakes of outside services share: an HTTP server on 127.0.0.1,
 * each request read whole (its body as text), answers as JSON, HTML or a
 * redirect, scripted failures (an error status, or no answer at all until
 * the caller gives up), a log of what was asked and answered, and the
 * `/__control/` routes the end-to-end launcher drives.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** What a fake logs of each request to its service's routes (the control routes are not logged). */
export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  /** The headers as received, lower-case names. */
  headers: IncomingHttpHeaders;
  body: string;
  /** The status answered; null when the request was left hanging. */
  status: number | null;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export const html = (status: number, page: string): FakeAnswer => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page });

export const redirect = (location: string): FakeAnswer => ({ status: 303, headers: { location } });

/** Text safe inside HTML (element content and double-quoted attributes). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small accessible page: a language, a title, one main landmark. */
export const page = (title: string, main: string): string =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${main}</main></body></html>`;

/**
 * How a scripted failure answers: an HTTP status (500, 429…); `hang`: no
 * answer until the caller gives up; `lost-answer`: the request is carried
 * out (an order captured, a payment made) but its answer never arrives, as
 * when a connection drops on the way back.
 */
export type FailureMode = number | 'hang' | 'lost-answer';

/**
 * Failures scripted by a test, per route (`*`: any route): the next N
 * requests, or every one until `recover`. The oldest script that matches
 * answers first.
 */
export class ScriptedFailures {
  private scripts: { route: string; mode: FailureMode; remaining: number }[] = [];

  /** The next `count` requests to `route` fail with `mode`. */
  failNext(count: number, mode: FailureMode, route = '*'): void {
    if (count > 0) this.scripts.push({ route, mode, remaining: count });
  }

  /** Every request to `route` fails with `mode` until `recover`. */
  failUntilTold(mode: FailureMode, route = '*'): void {
    this.scripts.push({ route, mode, remaining: Number.POSITIVE_INFINITY });
  }

  /** Ends the failures of `route` (every route's, without one). */
  recover(route?: string): void {
    this.scripts = route === undefined ? [] : this.scripts.filter((script) => script.route !== route);
  }

  /** The failure this request to `route` gets, if any (counted as used). */
  take(route: string): FailureMode | null {
    const script = this.scripts.find((candidate) => candidate.route === '*' || candidate.route === route);
    if (!script) return null;
    script.remaining -= 1;
    if (script.remaining <= 0) this.scripts = this.scripts.filter((candidate) => candidate !== script);
    return script.mode;
  }
}

/** A request left unanswered: kept open until the caller gives up or the fake closes (the connection is then cut). */
export const HANG = Symbol('hang');

export interface StartedFake {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts a fake on 127.0.0.1 (`port` 0: any free port). `handle` answers each
 * request, or HANG to leave it without an answer; a thrown error is a 500.
 */
export async function startFakeServer(port: number, handle: (request: FakeRequest) => Promise<FakeAnswer | typeof HANG>): Promise<StartedFake> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const target = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = { method: incoming.method ?? 'GET', path: target.pathname, query: target.searchParams, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      handle(request).then(
        (answer) => {
          if (answer === HANG) return;
          outgoing.writeHead(answer.status, answer.headers ?? {});
          outgoing.end(answer.body ?? '');
        },
        (error: unknown) => {
          outgoing.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          outgoing.end(`fake failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The request's body as JSON; undefined when it is not JSON. */
export function jsonOf(request: FakeRequest): unknown {
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Posts JSON to an address (a notification or webhook); answers the status and body, or the error when nothing answered. */
export async function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number | null; answer: unknown; error?: string }> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      // An HTML or plain-text answer is kept as it came.
    }
    return { status: response.status, answer };
  } catch (error) {
    return { status: null, answer: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The hidden and filled fields of a page's first form, and where it posts: what a browser would send. */
export function formOf(pageHtml: string, baseUrl: string): { action: string; fields: URLSearchParams } {
  const form = /<form\b[^>]*>[\s\S]*?<\/form>/i.exec(pageHtml)?.[0];
  if (!form) throw new Error('the page has no form');
  const action = /\baction="([^"]*)"/i.exec(form)?.[1] ?? '';
  const fields = new URLSearchParams();
  for (const input of form.match(/<input\b[^>]*>/gi) ?? []) {
    const name = /\bname="([^"]*)"/i.exec(input)?.[1];
    const type = /\btype="([^"]*)"/i.exec(input)?.[1] ?? 'text';
    if (!name || type === 'radio' || type === 'checkbox') continue;
    fields.set(decodeEntities(name), decodeEntities(/\bvalue="([^"]*)"/i.exec(input)?.[1] ?? ''));
  }
  return { action: new URL(decodeEntities(action), baseUrl).toString(), fields };
}

const decodeEntities = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
