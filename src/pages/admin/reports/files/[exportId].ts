import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/auth/page-session';
import { fileStreamResponse } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { openReportExport } from '~/lib/server/services/reports/report-exports';

/** A report the job engine built, for the signed-in browser of whoever asked for it (the reports page's link once ready). */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.exportId);
  const file = id !== null ? await orHidden(openReportExport(callerOf(session), id)).catch(() => null) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileStreamResponse(file);
};
