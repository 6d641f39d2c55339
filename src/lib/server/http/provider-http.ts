/**
 * Calls to services outside our walls (payment providers, the CRM, the
 * assistant's model): JSON in and out, a time limit (PROVIDER_TIMEOUT_MS
 * unless the caller gives its own), and one error type that says
 * whether trying again later can help (a timeout, a refused connection, 429
 * or 5xx) or not (any other 4xx: the request itself is wrong).
 */
import { getConfig } from '~/lib/server/config';

export class ProviderCallError extends Error {
  /** The HTTP status, or null when no answer came (timeout, connection refused). */
  readonly status: number | null;
  readonly body: unknown;
  /** No answer came within the time limit (status is then null). */
  readonly timedOut: boolean;

  constructor(message: string, status: number | null, body: unknown = null, timedOut = false) {
    super(message);
    this.name = 'ProviderCallError';
    this.status = status;
    this.body = body;
    this.timedOut = timedOut;
  }

  /** Whether the same call may succeed later: no answer, 429, or a 5xx. */
  get isRetryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

export interface ProviderResponse<T> {
  status: number;
  body: T;
}

/** The answer's body as JSON, or its text when it is not JSON (an error page). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
}

/**
 * Sends a request and answers the status and body of a 2xx; anything else
 * (including no answer in time) throws ProviderCallError. `accept` lists
 * other statuses the caller reads itself (PayPal's 422 on a second capture);
 * `timeoutMs` replaces PROVIDER_TIMEOUT_MS (the assistant's model has its own).
 */
export async function callProvider<T>(url: string, init: RequestInit & { accept?: number[]; timeoutMs?: number } = {}): Promise<ProviderResponse<T>> {
  const { accept = [], timeoutMs, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs ?? getConfig().PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut ? 'timed out' : error instanceof Error ? error.message : String(error);
    throw new ProviderCallError(`${request.method ?? 'GET'} ${new URL(url).host}: ${reason}`, null, null, timedOut);
  }
  const body = await readBody(response);
  if (response.ok || accept.includes(response.status)) return { status: response.status, body: body as T };
  const detail = typeof body === 'string' ? body : JSON.stringify(body)?.slice(0, 300);
  throw new ProviderCallError(`${request.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${detail ?? ''}`, response.status, body);
}
