import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getPublicFile, getPublicImage } from '~/lib/server/services/public-files';
import { IMAGE_WIDTHS, type ImageWidth } from '~/lib/shared/responsive-images';
import { textSchema } from '~/lib/shared/schemas/common';

/** Keys never change content, so browsers and proxies may keep a file for a year. */
const FILE_CACHE_MAX_AGE_S = 31_536_000;

// Public on purpose: <img> tags send no token. A file is as public as its
// unguessable URL (192 random bits), see src/lib/server/storage/types.ts.
export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/files/{key}',
  summary: 'A stored file (banner images…), by its unguessable key; a picture also at a phone-sized width',
  tags: ['files'],
  access: 'public',
  params: z.object({ key: textSchema() }),
  // A stored picture at most this wide, as WebP (lib/shared/responsive-images.ts); without it, the file as stored.
  query: z.object({
    w: z
      .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]])
      .transform((width) => Number(width) as ImageWidth)
      .optional(),
  }),
  success: { status: 200, description: 'The file bytes', schema: z.string().meta({ format: 'binary' }), contentType: 'image/*' },
  errors: ['not_found'],
  handle: async ({ params, query }) => {
    const file = query.w ? await getPublicImage(params.key, query.w) : await getPublicFile(params.key);
    return new Response(file.data, {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.data.byteLength),
        'X-Content-Type-Options': 'nosniff',
        // Even if a file were opened directly, it may run nothing.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': `public, max-age=${FILE_CACHE_MAX_AGE_S}, immutable`,
      },
    });
  },
});
