import { pacedStream } from './response-pacing';
/** A file a person downloads: its bytes, the type it was stored as, and the name to save it under. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  data: Uint8Array<ArrayBuffer>;
}

/** RFC 5987 percent-encoding (what `filename*=UTF-8''…` carries). */
const encodeExtValue = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The name for clients that ignore `filename*`: accents dropped, anything outside printable ASCII (and quotes, backslashes, %) as `_`. */
const asciiFallback = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');

/** The Content-Disposition of a download saved under `fileName`, safe for any name (quotes, line breaks, non-ASCII). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/**
 * Answers a file as a download: always saved, never shown inline, never
 * sniffed as another type, never able to run anything, never kept by shared
 * caches (it is only for readers allowed to see it).
 */
export function fileDownloadResponse(file: DownloadFile): Response {
  return new Response(file.data, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.data.byteLength),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A file a person downloads as a stream (never whole in memory), with its size. */
export interface DownloadStream {
  fileName: string;
  contentType: string;
  size: number;
  stream: AsyncIterable<Uint8Array>;
}

/** Like fileDownloadResponse, streaming the bytes at the client's pace (response-pacing.ts). */
export function fileStreamResponse(file: DownloadStream): Response {
  return new Response(pacedStream(file.stream), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Answers a streamed export (spreadsheets/write-table-file.ts) as a download, like fileDownloadResponse, read at the client's pace. */
export function tableFileResponse(file: { fileName: string; contentType: string; body: ReadableStream<Uint8Array> }): Response {
  return new Response(pacedStream(file.body as unknown as AsyncIterable<Uint8Array>), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
