/**
 * The storage adapter: where uploaded files live. Keys are random and
 * unguessable. A file in the public area is as public as its URL (anyone
 * holding the URL can read it), so only store there what may be shown to
 * everyone who sees the URL. The private area (lesson attachments) is never
 * served by the files endpoint: only through an endpoint that checks the reader.
 */

/** The content types the adapter stores, by the extension their keys carry. */
export const STORED_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  /** Reports built in the background (never accepted as an upload: no signature to read it from). */
  csv: 'text/csv',
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

/** A private file opened for reading as a stream, with its size (a download never holds it in memory). */
export interface FileStream {
  stream: NodeJS.ReadableStream & AsyncIterable<Uint8Array>;
  size: number;
  contentType: StoredContentType;
}

export interface FileStorage {
  /** Stores bytes under a new random key. */
  put(data: Uint8Array, contentType: StoredContentType): Promise<StoredFile>;
  /** The file under a key; null for an unknown or malformed key. */
  get(key: string): Promise<FileContent | null>;
  /** Removes a file; unknown keys are ignored. */
  delete(key: string): Promise<void>;
  /** Stores bytes in the private area under a new random key (no URL: `get` and the files endpoint never see it). */
  putPrivate(data: Uint8Array, contentType: StoredContentType): Promise<string>;
  /** A private file; null for an unknown or malformed key. */
  getPrivate(key: string): Promise<FileContent | null>;
  /** Removes a private file; unknown keys are ignored. */
  deletePrivate(key: string): Promise<void>;
  /**
   * Stores a stream in the private area under a new random key, chunk by
   * chunk (never whole in memory), answering the key and the bytes written.
   * If the source fails (a limit, an aborted upload), nothing is left behind
   * and the source's error is thrown.
   */
  putPrivateStream(source: AsyncIterable<Uint8Array>, contentType: StoredContentType): Promise<{ key: string; size: number }>;
  /** A private file as a stream; null for an unknown or malformed key. */
  openPrivate(key: string): Promise<FileStream | null>;
  /**
   * A short-lived link that downloads a private file straight from the
   * storage (saved under `fileName`), where the storage can sign one (S3);
   * absent on the local disk, where the app serves the bytes itself.
   */
  privateDownloadUrl?(key: string, fileName: string, expiresInS: number): Promise<string | null>;
}
