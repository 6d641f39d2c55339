import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { writeGradebookReport } from '~/lib/server/services/gradebook/gradebook-export';
import { isAppError } from '~/lib/shared/errors';

/**
 * The gradebook page's download links, for the signed-in browser (its links
 * carry the session cookie, not an API token): the same file as
 * `GET /api/v2/reports/?type=gradebook&cohort_id=&course_id=&export_format=`.
 * Anyone but the cohort's staff, or a course whose weights are not 100 yet, gets a plain 404.
 */
export const GET: APIRoute = async ({ locals, params, url, redirect }) => {
  const { session, lang, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const cohortId = parseRowId(params.id);
  const courseId = parseRowId(url.searchParams.get('course_id') ?? undefined);
  const format = url.searchParams.get('export_format') === 'csv' ? 'csv' : 'xlsx';
  const notFound = () => new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (cohortId === null || courseId === null) return notFound();
  const file = await orHidden(writeGradebookReport(callerOf(session), { cohortId, courseId, format, lang }).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'grade_weights_incomplete') return null;
    throw error;
  }));
  return file ? tableFileResponse(file) : notFound();
};
