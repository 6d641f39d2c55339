import { isDeepStrictEqual } from 'node:util';
import type { ZodType } from 'zod';
import { impliedErrorsOf, type EndpointDefinition } from '~/lib/server/http/endpoint';
import { ERROR_STATUS, type ErrorCode } from '~/lib/shared/errors';
import { ErrorBodySchema } from '~/lib/shared/schemas/common';

/** The statuses the OpenAPI document lists for an operation (openapi.ts builds them the same way). */
function documentedStatusesOf(definition: EndpointDefinition): Set<number> {
  return new Set([...successesOf(definition).map((success) => success.status), ...documentedCodesOf(definition).map((code) => ERROR_STATUS[code])]);
}

const successesOf = (definition: EndpointDefinition) => [definition.success, ...(definition.otherSuccesses ?? [])];
const documentedCodesOf = (definition: EndpointDefinition): ErrorCode[] => [...definition.errors, ...impliedErrorsOf(definition)];

/** The first place where a response body is not what its schema documents: an invalid value, or a key the schema does not describe. */
function mismatchOf(schema: ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
  // Response objects are documented with additionalProperties: false; zod strips what it does not know, so compare.
  const documented: unknown = JSON.parse(JSON.stringify(parsed.data));
  return isDeepStrictEqual(documented, body) ? null : `undocumented keys: ${undocumentedKeysOf(body, documented).join(', ')}`;
}

function undocumentedKeysOf(actual: unknown, documented: unknown, path = ''): string[] {
  if (typeof actual !== 'object' || actual === null || typeof documented !== 'object' || documented === null) {
    return isDeepStrictEqual(actual, documented) ? [] : [path || '(root)'];
  }
  return Object.entries(actual).flatMap(([key, value]) =>
    key in documented ? undocumentedKeysOf(value, (documented as Record<string, unknown>)[key], `${path}${path ? '.' : ''}${key}`) : [`${path}${path ? '.' : ''}${key}`],
  );
}

/**
 * Throws when an endpoint's answer is not what the OpenAPI document says of it
 * (issue 28): a status it does not list, an error code beyond its definition's,
 * an error body not in the one error shape, or a success body its schema does
 * not describe.
 */
export function requireDocumentedResponse(definition: EndpointDefinition, response: { status: number; headers: Headers; json: unknown }): void {
  const operation = `${definition.method} ${definition.path}`;
  const { status, json } = response;
  if (!documentedStatusesOf(definition).has(status)) {
    throw new Error(`${operation} answered ${status} ${JSON.stringify(json)}, a status its OpenAPI document does not list`);
  }
  if (definition.answeredBy) return;
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  if (status >= 400) {
    const mismatch = isJson ? mismatchOf(ErrorBodySchema, json) : 'not JSON';
    if (mismatch) throw new Error(`${operation} answered ${status} outside the error shape (${mismatch}): ${JSON.stringify(json)}`);
    const { code } = (json as { error: { code: ErrorCode } }).error;
    if (!documentedCodesOf(definition).includes(code)) throw new Error(`${operation} answered ${status} ${code}, a code its definition does not list`);
    return;
  }
  const { schema, contentType } = successesOf(definition).find((success) => success.status === status)!;
  if (!schema || !isJson || (contentType && !contentType.startsWith('application/json'))) return;
  const mismatch = mismatchOf(schema, json);
  if (mismatch) throw new Error(`${operation} answered a body its documented schema does not describe (${mismatch}): ${JSON.stringify(json).slice(0, 2000)}`);
}
