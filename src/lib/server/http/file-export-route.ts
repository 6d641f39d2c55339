import type { APIRoute } from 'astro';
import type { Caller } from '~/lib/server/access/permissions';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileStreamResponse, type DownloadStream } from './file-download';
import { orHidden } from './not-found';
import { parseRowId } from './row-id';

/**
 * The signed-in browser's download of a file the job engine built (a
 * submissions zip, a large report), for whoever asked for it: `open` finds
 * the caller's own export; anything else is a plain 404.
 */
export function fileExportRoute(open: (caller: Caller, exportId: number) => Promise<DownloadStream>): APIRoute {
  return async ({ params, locals, redirect }) => {
    const { session, t } = locals;
    if (!session) return new Response(null, { status: 401 });
    if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
    const id = parseRowId(params.exportId);
    const file = id !== null ? await orHidden(open(callerOf(session), id)).catch(() => null) : null;
    if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return fileStreamResponse(file);
  };
}
