import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileStreamResponse } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { pacedStream } from '~/lib/server/http/response-pacing';
import { parseRowId } from '~/lib/server/http/row-id';
import { openSubmissionFile } from '~/lib/server/services/assignments/submission-files';

/** Types a browser shows by itself without running anything of the file's: PDF and plain images (never SVG or HTML). */
const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * A submitted file for the signed-in browser (the session cookie, not an API
 * token): the same rule as the API download (the student who sent it and
 * their graders). `?view=1` shows a PDF or an image inline for the grading
 * view's sandboxed frame; anything else is always a download.
 */
export const GET: APIRoute = async ({ params, locals, redirect, url }) => {
  const { session, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const id = parseRowId(params.fileId);
  const file = id !== null ? await orNotFound(openSubmissionFile(callerOf(session), id)) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (url.searchParams.get('view') === '1' && PREVIEWABLE.has(file.contentType)) {
    return new Response(pacedStream(file.stream), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        // Shown in a frame of our own pages only. Images run nothing (sandboxed); a PDF gets the browser's own viewer,
        // which a sandboxed document cannot open (ADR 013).
        'Content-Security-Policy': file.contentType === 'application/pdf' ? "frame-ancestors 'self'" : "default-src 'none'; sandbox; frame-ancestors 'self'",
        'X-Frame-Options': 'SAMEORIGIN',
        'Cache-Control': 'private, no-store',
      },
    });
  }
  return fileStreamResponse(file);
};
