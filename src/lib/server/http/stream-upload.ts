/**
 * Multipart uploads read as a stream (busboy) with each file piped straight
 * to the storage adapter: a file is never whole in memory, whatever its
 * size. The first bytes of each file decide its type (magic numbers, never
 * the declared type) before anything is stored; limits on the number of
 * files, each file's size and their total stop the upload at the first byte
 * too many. On any failure the files already stored are removed.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from '~/lib/shared/errors';
import { getStorage } from '~/lib/server/storage';
import type { StoredContentType } from '~/lib/server/storage/types';
import { log } from '~/lib/server/log';

/** Bytes read before deciding a file's type (the longest signature is 12 bytes; a little more costs nothing). */
const HEAD_BYTES = 64;
/** Room for each text field (a submission's text is the largest). */
const FIELD_MAX_BYTES = 256 * 1024;
const MAX_FIELDS = 20;

export interface StreamedFile {
  /** The name as sent (the service cleans it). */
  name: string;
  key: string;
  contentType: StoredContentType;
  size: number;
}

export interface StreamUploadOptions {
  /** The field whose parts are files (others are ignored). */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** "25 MB", for the 413 message. */
  maxFileLabel: string;
  /** Bytes all the files may take together (a quota's room); past it, `quotaError()`. */
  maxTotalBytes: number;
  quotaError(): AppError;
  /** The stored type of a file from its first bytes and name; null refuses it (415 through `typeError`). */
  detectType(head: Uint8Array, fileName: string): StoredContentType | null;
  typeError(): AppError;
}

export interface StreamedUpload {
  fields: Record<string, string>;
  files: StreamedFile[];
}

const isMultipart = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** Reads a part until `HEAD_BYTES` (or its end), keeping the iterator for the rest. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/** Reads what is left of a part and drops it; a broken part ends it. */
async function drain(iterator: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await iterator.next()).done);
  } catch {
    // The part or the request broke: nothing more to read.
  }
}

/** Removes stored files after a failure (logged, never thrown: the request's own error matters). */
export async function deleteStreamedFiles(files: readonly StreamedFile[]): Promise<void> {
  const storage = getStorage();
  const results = await Promise.allSettled(files.map((file) => storage.deletePrivate(file.key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log.error({ event: 'upload_cleanup_failed', err: result.reason, storageKey: files[index]!.key }, 'could not remove an uploaded file');
  });
}

/**
 * Reads a `multipart/form-data` request: text fields (first value of each
 * name) and the files of `fileField`, stored privately one after the other
 * as they arrive. Not multipart → 415; unparsable → 400 malformed_form; a
 * file too large → 413 naming the limit; too many files → 400 (field
 * `files`); the client gone → 400 request_aborted.
 */
export async function streamUploadToStorage(request: Request, options: StreamUploadOptions): Promise<StreamedUpload> {
  if (!isMultipart(request)) throw new AppError('unsupported_media_type', { params: { expected: 'multipart/form-data' } });
  if (!request.body) throw new AppError('malformed_form');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type')! },
      // Browsers send a file's name as raw UTF-8 in `filename="…"`; busboy reads it as latin1 unless told (issue 28: año.pdf stored as aÃ±o.pdf).
      defParamCharset: 'utf8',
      limits: { fieldSize: FIELD_MAX_BYTES, fields: MAX_FIELDS, files: options.maxFiles + 1, parts: MAX_FIELDS + options.maxFiles + 1 },
    });
  } catch {
    throw new AppError('malformed_form');
  }
  const storage = getStorage();
  const fields = new Map<string, string>();
  const files: StreamedFile[] = [];
  let total = 0;
  let fileCount = 0;
  let failure: unknown = null;
  const fail = (error: unknown) => (failure ??= error);
  // Parts are stored one after the other: busboy waits while a file's stream is not read, so this is the pace.
  let chain: Promise<void> = Promise.resolve();

  const storeOne = async (iterator: AsyncIterator<Buffer>, name: string): Promise<void> => {
    const { head, done } = await readHead(iterator);
    // A form sent without choosing a file: an empty part without a name.
    if (head.byteLength === 0 && !name) return;
    if (head.byteLength === 0) throw new AppError('validation_failed', { fields: { files: 'validation.attachments.empty' } });
    const contentType = options.detectType(head, name);
    if (!contentType) throw options.typeError();
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > options.maxFileBytes) throw new AppError('payload_too_large', { params: { limit: options.maxFileLabel } });
      if (total + size > options.maxTotalBytes) throw options.quotaError();
    };
    async function* body() {
      count(head);
      yield new Uint8Array(head);
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        count(next.value);
        yield new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      }
    }
    const stored = await storage.putPrivateStream(body(), contentType);
    total += stored.size;
    files.push({ name, key: stored.key, contentType, size: stored.size });
  };

  const finished = new Promise<void>((resolve) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new AppError('payload_too_large', { params: { limit: '256 KB' } }));
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (failure || name !== options.fileField) {
        stream.resume();
        return;
      }
      fileCount += 1;
      if (fileCount > options.maxFiles) {
        fail(new AppError('validation_failed', { fields: { files: { key: 'validation.array.max', params: { count: options.maxFiles } } } }));
        stream.resume();
        return;
      }
      chain = chain.then(async () => {
        // Once iterated, a part is read through its iterator only (resume() would not drain it).
        const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        try {
          if (!failure) await storeOne(iterator, info.filename ?? '');
        } catch (error) {
          fail(error);
        }
        // The rest of this part is read and dropped, so the parser reaches the end.
        await drain(iterator);
      });
    });
    parser.on('filesLimit', () => fail(new AppError('validation_failed', { fields: { files: { key: 'validation.array.max', params: { count: options.maxFiles } } } })));
    parser.on('fieldsLimit', () => fail(new AppError('malformed_form')));
    parser.on('partsLimit', () => fail(new AppError('malformed_form')));
    parser.on('error', () => {
      fail(new AppError('malformed_form'));
      resolve();
    });
    parser.on('close', () => resolve());
  });

  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', () => {
    fail(new AppError('request_aborted'));
    parser.destroy();
  });
  source.pipe(parser);
  await finished;
  await chain;
  if (failure) {
    source.destroy();
    await deleteStreamedFiles(files);
    throw failure;
  }
  return { fields: Object.fromEntries(fields), files };
}
