import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { isReportStreamable, requestReportExport } from '~/lib/server/services/reports/report-exports';
import { planReport, writeReport } from '~/lib/server/services/reports/write-report';
import { ReportQuerySchema } from '~/lib/shared/schemas/reports';

/**
 * The reports page's form, for the signed-in browser (its links carry the
 * session cookie, not an API token): the same rule and file as
 * `GET /api/v2/reports/`. A report past REPORT_STREAM_MAX_ROWS is queued and
 * the page shows its progress; a cohort or path the caller does not see is 404.
 */
export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const { session, lang, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  // An empty select ("all cohorts") sends an empty value: no filter.
  const query = ReportQuerySchema.safeParse(Object.fromEntries([...url.searchParams].filter(([, value]) => value !== '')));
  if (!query.success) return redirect('/admin/reports', 303);
  const { type, learning_path_id: learningPathId, cohort_id: cohortId, export_format: format, delivery } = query.data;
  const caller = callerOf(session);
  const plan = await orHidden(planReport(caller, type, { learningPathId, cohortId }));
  if (!plan) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (delivery === 'job' || (delivery === 'auto' && !isReportStreamable(plan))) {
    const job = await requestReportExport(caller, plan, { learningPathId, cohortId, format, lang });
    const back = new URLSearchParams({ type, export_format: format, export: String(job.id) });
    if (learningPathId) back.set('learning_path_id', String(learningPathId));
    if (cohortId) back.set('cohort_id', String(cohortId));
    return redirect(`/admin/reports?${back}`, 303);
  }
  return tableFileResponse(writeReport(plan, { format, lang }));
};
