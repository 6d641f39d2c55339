import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { getCertificatePdf } from '~/lib/server/services/certificates/download-certificate';

/** A certificate's PDF for the signed-in browser (the session cookie, not an API token): the same rule as the API (its holder, its cohort's staff). */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.id);
  const file = id !== null ? await orNotFound(getCertificatePdf(callerOf(session), id, lang)) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileDownloadResponse(file);
};
