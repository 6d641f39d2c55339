import { AppError, type ErrorCode } from '~/lib/shared/errors';
import type { UploadedFile } from '~/lib/shared/schemas/uploads';

/** Room for the text fields sent beside the file (title, ids…). */
const FORM_FIELDS_BYTES = 64 * 1024;

export interface UploadLimits {
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  /** The same limit for people ("2 MB"), named in the 413 message. */
  maxFileLabel: string;
}

/** Reads a body up to `limit` bytes (declared or streamed); past it, throws `tooLarge()` without reading further. */
export async function readBoundedBytes(request: Request, limit: number, tooLarge: () => AppError): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** What the upload body readers answer with, for the `errors` of the endpoints that use one. */
export const UPLOAD_ERRORS = ['malformed_form', 'payload_too_large', 'unsupported_media_type', 'request_aborted'] as const satisfies readonly ErrorCode[];

/** Reads and parses a `multipart/form-data` body of at most `limit` bytes: not multipart → 415, past the limit → `tooLarge()`, unparsable → 400. */
export async function readMultipartForm(request: Request, limit: number, tooLarge: () => AppError): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('unsupported_media_type', { params: { expected: 'multipart/form-data' } });
  }
  const bytes = await readBoundedBytes(request, limit, tooLarge);
  try {
    // The boundary is case-sensitive: hand the header on as sent.
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('malformed_form');
  }
}

/**
 * A body reader for endpoints that receive one file (`upload` of
 * defineEndpoint): a `multipart/form-data` body, read with a size bound before
 * parsing, answered as its text fields plus the file(s) as `UploadedFile`.
 * Too large → 413 naming the limit; not multipart → 415; unparsable → 400.
 * An empty file input (a form sent without choosing a file) counts as absent.
 */
export function readUploadBody(limits: UploadLimits) {
  const tooLarge = () => new AppError('payload_too_large', { params: { limit: limits.maxFileLabel } });
  return async (request: Request): Promise<Record<string, string | UploadedFile>> => {
    const form = await readMultipartForm(request, limits.maxFileBytes + FORM_FIELDS_BYTES, tooLarge);
    // A Map, then fromEntries: a field named __proto__ stays a plain own property.
    const body = new Map<string, string | UploadedFile>();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        if (!body.has(name)) body.set(name, value);
        continue;
      }
      if (value.size === 0 && !value.name) continue;
      if (value.size > limits.maxFileBytes) throw tooLarge();
      if (!body.has(name)) body.set(name, { name: value.name, declaredType: value.type, data: new Uint8Array(await value.arrayBuffer()) });
    }
    return Object.fromEntries(body);
  };
}
