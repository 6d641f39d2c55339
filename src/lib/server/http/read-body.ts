import { AppError, type ErrorCode } from '~/lib/shared/errors';
import { readBoundedBytes, readMultipartForm } from './read-upload';

/** What readRequestBody answers, for the OpenAPI document. */
export const JSON_BODY_ERRORS = ['malformed_json', 'malformed_form', 'payload_too_large', 'unsupported_media_type', 'request_aborted'] as const satisfies readonly ErrorCode[];

/** JSON and form bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BODY_LABEL = '1 MB';

const tooLarge = () => new AppError('payload_too_large', { params: { limit: MAX_BODY_LABEL } });

/**
 * Reads a request body as a plain object: JSON (the default) or a form.
 * An empty body is `{}`; malformed JSON, or JSON that is not an object, is a
 * 400, never a 500.
 */
export async function readRequestBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    // Bounded like every other body, then parsed.
    const form = await readMultipartForm(request, MAX_BODY_BYTES, tooLarge);
    return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
  }
  const text = Buffer.from(await readBoundedBytes(request, MAX_BODY_BYTES, tooLarge)).toString('utf8');
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) {
    throw new AppError('unsupported_media_type', { params: { expected: 'application/json' } });
  }
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new AppError('malformed_json');
  }
  // Every body is an object of fields: `null`, a number, a string or an array is refused here, before any schema reads it.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('validation_failed', { fields: { body: 'validation.body.object' } });
  return parsed;
}
