/**
 * What a request gets while the database is away (a restart, a failover:
 * ADR 022): the API answers the catalogue's 503 in its one error shape, a
 * page answers a small 503 page that loads itself again; both say when to
 * come back (Retry-After). Nothing here reads the database.
 */
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';

/** A PostgreSQL restart takes a few seconds: clients are told to try again after this. */
export const DATABASE_RETRY_AFTER_S = 5;

/** The catalogue's 503 for a database that cannot be reached, with Retry-After. */
export function createDatabaseUnavailableError(): AppError {
  return new AppError('database_unavailable', { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_S) } });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page a visitor gets instead of the one asked for: the catalogue's message, a link to try again, and a reload after Retry-After. */
export function renderDatabaseUnavailablePage(lang: Language): Response {
  const t = getT(lang);
  const title = escapeHtml(t('unavailable.title'));
  // The page depends on nothing else: no stylesheet, no script, no session (all may need the database).
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_S}">
<title>${title} · ${escapeHtml(t('app.name'))}</title>
</head>
<body>
<main>
<h1>${title}</h1>
<p role="alert">${escapeHtml(t('errors.database_unavailable'))}</p>
<p><a href="">${escapeHtml(t('unavailable.retry'))}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  });
}
