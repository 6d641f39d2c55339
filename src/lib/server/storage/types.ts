/**
 * The storage adapter: where uploaded files live. Keys are random and
 * unguessable; a stored file is as public as its URL (anyone holding the URL
 * can read it), so only store what may be shown to everyone who sees the URL.
 */

/** The content types the adapter stores, by the extension their keys carry. */
export const STORED_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type StoredExtension = keyof typeof STORED_CONTENT_TYPES;
export type StoredContentType = (typeof STORED_CONTENT_TYPES)[StoredExtension];

export interface StoredFile {
  key: string;
  /** Public URL path that serves the file (`/api/v2/files/<key>`). */
  url: string;
}

export interface FileContent {
  data: Uint8Array<ArrayBuffer>;
  contentType: StoredContentType;
}

export interface FileStorage {
  /** Stores bytes under a new random key. */
  put(data: Uint8Array, contentType: StoredContentType): Promise<StoredFile>;
  /** The file under a key; null for an unknown or malformed key. */
  get(key: string): Promise<FileContent | null>;
  /** Removes a file; unknown keys are ignored. */
  delete(key: string): Promise<void>;
}
