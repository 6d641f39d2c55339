/**
 * What a banner image may be. Kept apart from the zod schemas so the admin
 * island can name the limits without shipping zod to the browser.
 */

/** Largest banner image accepted, in bytes (and as named in the 413 message). */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_IMAGE_MAX_LABEL = '2 MB';
/** Banner images are raster images only (SVG can carry scripts). */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
