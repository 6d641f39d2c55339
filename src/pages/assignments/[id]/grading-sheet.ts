import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { buildGradingSheet } from '~/lib/server/services/assignments/grading-sheet';

/** The grading sheet (XLSX) for the signed-in browser: the grading view's download link. */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.id);
  const sheet = id !== null ? await orHidden(buildGradingSheet(callerOf(session), id, { lang, t })) : null;
  if (!sheet) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileDownloadResponse(sheet);
};
