import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { getFunderReport } from '~/lib/server/services/reports/funder/get-funder-report';
import { readFunderPageQuery } from '~/lib/server/services/reports/funder/funder-page-query';
import { writeFunderFile } from '~/lib/server/services/reports/funder/write-funder-file';

/**
 * The reports page's funder form, for the signed-in browser: the same file
 * as `GET /api/v2/reports/?type=funder`. A bad cut-off goes back to the
 * form, which says what is wrong; a cohort or path the caller does not see is 404.
 */
export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const { session, lang, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const query = readFunderPageQuery(url.searchParams);
  if (query.cutoffIssue) return redirect(`/admin/reports?${new URLSearchParams([...url.searchParams])}#funder`, 303);
  const report = await orHidden(getFunderReport(callerOf(session), { learningPathId: query.learningPathId, cohortId: query.cohortId }, query.cutoff, lang));
  if (!report) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileDownloadResponse(await writeFunderFile(report, query.format));
};
