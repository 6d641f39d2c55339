import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { LANGUAGE_COOKIE, LANGUAGES } from '~/lib/shared/constants';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export const LanguageBodySchema = z
  .object({
    lang: z.enum(LANGUAGES, { message: 'validation.invalid_value' }),
    /** Where a plain form post goes back to; only paths of this site. */
    returnTo: z
      .string()
      .regex(/^\/(?!\/)[^\s\\]*$/, 'validation.invalid_value')
      .optional(),
  })
  .meta({ id: 'LanguageBody' });

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/preferences/language/',
  summary: 'Choose the interface language (kept in a cookie so server-rendered pages respect it)',
  tags: ['platform'],
  access: 'public',
  maintenance: 'exempt',
  body: LanguageBodySchema,
  success: { status: 200, description: 'Language saved', schema: z.object({ lang: z.enum(LANGUAGES) }) },
  otherSuccesses: [{ status: 303, description: 'Language saved; a form post goes back to returnTo (Location)' }],
  errors: [],
  handle: async ({ body, request }) => {
    const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
    const cookie = `${LANGUAGE_COOKIE}=${body.lang}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax; HttpOnly${secure}`;
    const isForm = (request.headers.get('content-type') ?? '').includes('form');
    if (isForm && body.returnTo) {
      return new Response(null, { status: 303, headers: { Location: body.returnTo, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
    }
    return { body: { lang: body.lang }, headers: { 'Set-Cookie': cookie } };
  },
});
