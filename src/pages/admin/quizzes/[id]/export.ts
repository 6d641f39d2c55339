import type { APIRoute } from 'astro';
import { callerOf } from '~/lib/server/services/auth/page-session';
import { attachmentDisposition } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { exportResults } from '~/lib/server/services/quizzes/export-results';
import { isAppError } from '~/lib/shared/errors';
import { ExportQuerySchema } from '~/lib/shared/schemas/quizzes';

/**
 * A quiz's results file for the signed-in browser (the attempts table's
 * links carry the session cookie, not an API token): the same rule and
 * file as GET /api/v2/quizzes/{id}/attempts/export/.
 */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  const id = parseRowId(params.id);
  const query = ExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // Someone who may read the quiz but not its results (a student) finds nothing here either.
  const load = (quizId: number, format: 'csv' | 'xlsx', cohort?: number) =>
    exportResults(callerOf(session), quizId, { format, cohort, lang, t }).catch((error: unknown) => (isAppError(error) && error.code === 'forbidden' ? null : Promise.reject(error)));
  const file = id !== null && query.success ? await orNotFound(load(id, query.data.format, query.data.cohort)) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(file.body, {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': attachmentDisposition(file.fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
  });
};
