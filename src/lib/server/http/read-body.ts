import { AppError } from '../../shared/errors';

/** JSON and form bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BODY_LABEL = '1 MB';

async function readBounded(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new AppError('payload_too_large', { params: { limit: MAX_BODY_LABEL } });
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError('payload_too_large', { params: { limit: MAX_BODY_LABEL } });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a request body as a plain object: JSON (the default) or a form.
 * An empty body is `{}`; malformed JSON is a 400, never a 500.
 */
export async function readRequestBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
  }
  const text = await readBounded(request);
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) {
    throw new AppError('unsupported_media_type', { params: { expected: 'application/json' } });
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('malformed_json');
  }
}
