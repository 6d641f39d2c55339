/** Astro pages rendered as the server renders them for a signed-in user: the container with the app's React renderer (build/react-renderer.mjs), and the session the middleware would give. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { getT } from '~/i18n';
import { toSessionUser, type SendaSession } from '~/lib/server/services/auth/auth-js';
import { getUserSummary } from '~/lib/server/services/users';
import type { SessionUser } from '~/lib/shared/schemas/auth';
import { reactContainerRenderer } from '../../build/react-renderer.mjs';
import { ORIGIN } from './http';

/** The signed-in session the middleware puts on `locals` for a user (pages do not call the API: the tokens are placeholders). */
export async function pageSessionOf(userId: number, overrides: Partial<SessionUser> = {}): Promise<SendaSession> {
  const user = (await getUserSummary(userId))!;
  return {
    expires: new Date(Date.now() + 3_600_000).toISOString(),
    user: { ...toSessionUser({ accessToken: 'access', refreshToken: 'refresh', accessTokenExpires: 0, user }), ...overrides },
  };
}

type AstroPage = Parameters<AstroContainer['renderToResponse']>[0];

export interface PageRequest {
  path: string;
  params?: Record<string, string>;
  /** The signed-in visitor (see pageSessionOf). */
  userId: number;
  /** The page's language (Spanish unless said). */
  lang?: 'es' | 'en';
}

let container: Promise<AstroContainer> | undefined;

/**
 * Renders a whole page, islands included, for a signed-in user (in Spanish unless `lang` says).
 * The HTML is what people get: without the dev renderer's source tags and the
 * islands' props (their dictionaries are not what people see).
 */
export async function renderPage(page: AstroPage, { path, params = {}, userId, lang = 'es' }: PageRequest) {
  container ??= loadRenderers([reactContainerRenderer]).then((renderers) => AstroContainer.create({ renderers }));
  const response = await (await container).renderToResponse(page, {
    params,
    locals: { t: getT(lang), lang, session: await pageSessionOf(userId), sessionError: null },
    request: new Request(`${ORIGIN}${path}`),
  });
  const html = (await response.text()).replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '').replace(/ props="[^"]*"/g, '');
  return { status: response.status, html };
}
