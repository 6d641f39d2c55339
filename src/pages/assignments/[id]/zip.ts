import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { attachmentDisposition } from '~/lib/server/http/file-download';
import { orHidden } from '~/lib/server/http/not-found';
import { pacedStream } from '~/lib/server/http/response-pacing';
import { parseRowId } from '~/lib/server/http/row-id';
import { isStreamable, planZip, requestZipExport, writeZip } from '~/lib/server/services/assignments/submission-zip';

/**
 * The zip of an assignment's submissions for the signed-in browser (the
 * grading view's link): streamed as it is written, like the API's. A set
 * too large to stream is built by the job engine: back to the grading view,
 * which shows its progress and then the link to download it.
 */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.id);
  const plan = id !== null ? await orHidden(planZip(callerOf(session), id, { lang })) : null;
  if (!plan) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!isStreamable(plan)) {
    const job = await requestZipExport(callerOf(session), id!, plan, { lang });
    return redirect(`/assignments/${id}/grading?zip=${job.id}`, 303);
  }
  const zip = writeZip(plan);
  return new Response(pacedStream(zip, () => zip.destroy()), {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachmentDisposition(plan.fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
  });
};
