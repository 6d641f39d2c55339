import { randomBytes } from 'node:crypto';
import { STORED_CONTENT_TYPES, type StoredContentType, type StoredExtension } from './types';

/** 24 random bytes: 192 bits, written as 32 base64url characters. */
const KEY_RANDOM_BYTES = 24;
const EXTENSIONS = Object.keys(STORED_CONTENT_TYPES) as StoredExtension[];
// Strict on purpose: a key is only ever base64url + one known extension, so it can never name a path.
const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{32}\\.(${EXTENSIONS.join('|')})$`);

/** Where the files endpoint serves a key. */
export const FILES_URL_PREFIX = '/api/v2/files/';

/** A new random key carrying the extension of its content type. */
export function createStorageKey(contentType: StoredContentType): string {
  const extension = EXTENSIONS.find((ext) => STORED_CONTENT_TYPES[ext] === contentType);
  if (!extension) throw new Error(`Storage does not accept ${contentType}`);
  return `${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}.${extension}`;
}

/** Whether a string is a well-formed key (anything else is "not found"). */
export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

/** The content type a key's extension stands for; null for a malformed key. */
export function contentTypeOfKey(key: string): StoredContentType | null {
  if (!isStorageKey(key)) return null;
  return STORED_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as StoredExtension];
}

/** The public URL path of a key. */
export const urlOfKey = (key: string): string => `${FILES_URL_PREFIX}${key}`;

/** The key behind one of our file URLs; null for any other URL (default banners, external images). */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length);
  return isStorageKey(key) ? key : null;
}
