import sharp from 'sharp';
import { AppError } from '~/lib/shared/errors';
import type { ImageWidth } from '~/lib/shared/responsive-images';
import { defineCache } from '~/lib/server/cache/define-cache';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import type { FileContent, StoredContentType } from '~/lib/server/storage/types';

/** A public stored file (banner images…) by its unguessable key; 404 when there is none. */
export async function getPublicFile(key: string): Promise<FileContent> {
  const file = await getStorage().get(key);
  if (!file) throw new AppError('not_found');
  return file;
}

/** The pictures sharp can make smaller (a GIF may move; anything else is not a picture). */
const RESIZABLE_TYPES = new Set<StoredContentType>(['image/png', 'image/jpeg', 'image/webp']);

/** WebP at this quality: a phone's screen shows no difference from the original, at a fraction of its bytes. */
const WEBP_QUALITY = 75;

/**
 * The narrower copies made so far, by key and width, in the house's shared-cache vocabulary. Keyed by content: a
 * stored key never changes bytes (storage/types.ts), so no write can make a copy stale and there is no table for the
 * change feed to name; every server makes the same copy. The original is still read on every request, so a deleted
 * file is a 404 on every server at once.
 */
const resized = defineCache<string, FileContent>({ ttlMs: 24 * 60 * 60_000, max: 500, maxBytes: 32 * 1024 * 1024, sizeOf: (file) => Math.max(1, file.data.byteLength) });

/**
 * A public stored image at most `width` pixels wide, as WebP (issue 34; lib/shared/responsive-images.ts). Never
 * larger than the original: a small or already light picture, a type that cannot be resized, or bytes sharp cannot
 * read (a file that only claims to be a picture) are served as stored.
 */
export async function getPublicImage(key: string, width: ImageWidth): Promise<FileContent> {
  const file = await getPublicFile(key);
  if (!RESIZABLE_TYPES.has(file.contentType)) return file;
  return resized.getOrLoad(`${key} ${width}`, async () => {
    try {
      const data = await sharp(file.data).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
      if (data.byteLength < file.data.byteLength) return { data: new Uint8Array(data), contentType: 'image/webp' as const };
    } catch (error) {
      log.warn({ event: 'image_not_resized', key, reason: error instanceof Error ? error.message : String(error) }, 'a stored image could not be resized; served as stored');
    }
    return file;
  });
}
