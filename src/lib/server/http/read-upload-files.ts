import { AppError } from '~/lib/shared/errors';
import type { UploadedFile } from '~/lib/shared/schemas/uploads';
import { readMultipartForm, type UploadLimits } from './read-upload';

/** Room for the multipart headers of each part and the text fields beside the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * A body reader for endpoints that receive many files at once (a folder):
 * a `multipart/form-data` body, read with a bound on the files' total size,
 * answered as its text fields plus every file field as a list of
 * `UploadedFile` (in the order sent). Too large → 413 naming the limit; not
 * multipart → 415; unparsable → 400. Empty file inputs count as absent.
 */
export function readUploadFilesBody(limits: UploadLimits) {
  const tooLarge = () => new AppError('payload_too_large', { params: { limit: limits.maxFileLabel } });
  return async (request: Request): Promise<Record<string, string | UploadedFile[]>> => {
    const form = await readMultipartForm(request, limits.maxFileBytes + FORM_OVERHEAD_BYTES, tooLarge);
    // A Map, then fromEntries: a field named __proto__ stays a plain own property.
    const body = new Map<string, string | UploadedFile[]>();
    let total = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        if (!body.has(name)) body.set(name, value);
        continue;
      }
      if (value.size === 0 && !value.name) continue;
      total += value.size;
      if (total > limits.maxFileBytes) throw tooLarge();
      const files = body.get(name);
      const file: UploadedFile = { name: value.name, declaredType: value.type, data: new Uint8Array(await value.arrayBuffer()) };
      if (Array.isArray(files)) files.push(file);
      else body.set(name, [file]);
    }
    return Object.fromEntries(body);
  };
}
