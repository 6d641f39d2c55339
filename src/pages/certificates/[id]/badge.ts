import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { getOpenBadge } from '~/lib/server/services/certificates/download-certificate';

/** A certificate's Open Badges 3.0 credential (its VC-JWT) for the signed-in browser, saved as a file. */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.id);
  const badge = id !== null ? await orNotFound(getOpenBadge(callerOf(session), id, lang)) : null;
  if (!badge) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const code = String(badge.credential.id).split('/').pop();
  return fileDownloadResponse({ fileName: `badge-${code}.jwt`, contentType: 'application/vc+jwt', data: new TextEncoder().encode(badge.jwt) as Uint8Array<ArrayBuffer> });
};
