/**
 * Compression on the wire. Static files (the client build) are served by
 * sirv with the brotli and gzip copies made at build time
 * (build/precompress.mjs), fingerprinted `/_astro/` files cached for a year;
 * pages and API answers are compressed on the fly by `compression` (brotli
 * when the browser accepts it, else gzip; files that are already compressed,
 * like XLSX, ZIP and images, are left alone).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import sirv from 'sirv';

type Next = () => void;
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

/** The service worker's script (build/service-worker.mjs). */
const SERVICE_WORKER_PATH = '/sw.js';

/** Brotli quality 4 on the fly: most of the size gain for a fraction of the CPU of the best quality. */
const DYNAMIC_BROTLI_QUALITY = 4;

const compress = compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } } });

/** Compresses what the rest of the chain answers, when the client accepts it. */
export const compressPages: Middleware = (request, response, next) => compress(request as never, response as never, next);

/** Serves the client build's files (their precompressed copies when accepted); anything else goes on to `next`. */
export function staticFiles(folder: string): Middleware {
  return sirv(folder, {
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    setHeaders: (response, pathname) => {
      // The service worker is asked for again on every check, so a new build's worker is found at once (ADR 032).
      const cacheControl = pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : pathname === SERVICE_WORKER_PATH ? 'no-cache' : 'public, max-age=3600';
      response.setHeader('Cache-Control', cacheControl);
    },
  });
}

/**
 * Whether a request may be for one of the client build's files: they all have an extension in their last segment
 * (`/_astro/…`, `/favicon.svg`, `/banners/…`, `/templates/…`; the build writes no HTML). A page's path skips the
 * static lookup, which tried several file names for each (~1.5 % of a page's CPU).
 */
export function mayBeStaticFile(url: string | undefined): boolean {
  if (!url) return false;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.lastIndexOf('.') > path.lastIndexOf('/');
}
