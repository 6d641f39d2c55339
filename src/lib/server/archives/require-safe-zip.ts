/**
 * A zip is checked before anything parses it (an XLSX is a zip of XML): the
 * number of entries, each entry's declared and actual uncompressed size, the
 * total and the compression ratio. Every entry is inflated once, counting
 * bytes and keeping none, and inflating stops the moment a limit is passed:
 * declared sizes are checked, never trusted.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '~/lib/shared/errors';

export interface ZipLimits {
  maxEntries: number;
  /** Largest uncompressed entry and largest uncompressed total, in bytes, and the total for people ("50 MB"). */
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxTotalLabel: string;
  /** Largest uncompressed/compressed ratio of an entry, checked once the entry passes `ratioGraceBytes`. */
  maxRatio: number;
  ratioGraceBytes: number;
}

const tooLarge = (limits: ZipLimits) => new AppError('archive_too_large', { params: { limit: limits.maxTotalLabel } });
const unsafe = () => new AppError('archive_unsafe');
const unreadable = (expected: string) => new AppError('unsupported_media_type', { params: { expected } });
/** yauzl's own check (validateEntrySizes): an entry inflating to more, or fewer, bytes than it declares. */
const isSizeMismatch = (error: unknown) => /(too many|not enough) bytes in the stream/.test(String(error));

/** Inflates one entry, counting its bytes against the limits; destroys the stream at the first byte too many. */
async function countEntryBytes(stream: Readable, entry: Entry, limits: ZipLimits, totalBefore: number): Promise<number> {
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    let violation: AppError | null = null;
    if (size > limits.maxEntryBytes || totalBefore + size > limits.maxTotalBytes) violation = tooLarge(limits);
    else if (size > limits.ratioGraceBytes && size > limits.maxRatio * Math.max(entry.compressedSize, 1)) violation = unsafe();
    if (violation) {
      stream.destroy();
      throw violation;
    }
  }
  return size;
}

async function checkEntries(zip: ZipFile, limits: ZipLimits): Promise<void> {
  if (zip.entryCount > limits.maxEntries) throw unsafe();
  let declaredTotal = 0;
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    declaredTotal += entry.uncompressedSize;
    if (entry.uncompressedSize > limits.maxEntryBytes || declaredTotal > limits.maxTotalBytes) throw tooLarge(limits);
    if (entry.fileName.endsWith('/')) continue;
    total += await countEntryBytes(await zip.openReadStreamPromise(entry), entry, limits, total);
  }
}

/**
 * Throws unless `data` is a zip within `limits`: 413 `archive_too_large` when
 * it unpacks to more than the limits allow; 400 `archive_unsafe` for too many
 * entries, a zip bomb's ratio, or an entry larger than it declares; 415 naming
 * `expected` when it is not a zip that can be read (corrupt, encrypted).
 */
export async function requireSafeZip(data: Uint8Array, limits: ZipLimits, expected: string): Promise<void> {
  try {
    const zip = await yauzl.fromBufferPromise(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
    try {
      await checkEntries(zip, limits);
    } finally {
      zip.close();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw isSizeMismatch(error) ? unsafe() : unreadable(expected);
  }
}
