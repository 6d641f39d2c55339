import type { EndpointContext, EndpointHandler } from '~/lib/server/http/endpoint';
import { requireDocumentedResponse } from './documented-response';

export const ORIGIN = 'http://localhost:4321';

export interface CallOptions {
  method?: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  /** Raw body text (malformed JSON tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/**
 * Calls an endpoint handler the way Astro does, with a real Request; the answer
 * of a declared endpoint must be one its OpenAPI document describes
 * (documented-response.ts), or the test fails.
 */
// Astro's APIContext is wider than what handlers read.
export async function call(handler: (context: any) => Promise<Response>, options: CallOptions) {
  const url = new URL(options.path, ORIGIN);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const request = new Request(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const context: EndpointContext & { url: URL } = { request, params: options.params ?? {}, clientAddress: options.ip ?? '127.0.0.1', url };
  const response = await handler(context);
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  const answer = { status: response.status, headers: response.headers, json: json as any };
  const { definition } = handler as Partial<EndpointHandler>;
  if (definition) requireDocumentedResponse(definition, answer);
  return answer;
}
