import type { APIRoute } from 'astro';
import { isAppError } from '~/lib/shared/errors';
import { callerOf } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { parseRowId } from '~/lib/server/http/row-id';
import { previewCertificateDesign } from '~/lib/server/services/certificates/designs';

/** A program's certificate preview for the signed-in admin's browser (the session cookie, not an API token); anything refused is "not found". */
export const GET: APIRoute = async ({ params, locals }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  const id = parseRowId(params.id);
  const file = id === null ? null : await previewCertificateDesign(callerOf(session), id, lang).catch((error: unknown) => (isAppError(error) ? null : Promise.reject(error)));
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileDownloadResponse(file);
};
