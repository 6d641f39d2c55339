import type { APIRoute } from 'astro';
import { callerOf, mustAcceptTermsFirst } from '~/lib/server/services/auth/page-session';
import { fileDownloadResponse } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { getLessonAttachmentFile } from '~/lib/server/services/content/lesson-attachments';
import { LessonAttachmentParamsSchema } from '~/lib/shared/schemas/lesson-attachments';

/**
 * An attachment's file for the signed-in browser (links on the lesson page and
 * in the admin screens carry the session cookie, not an API token); the same
 * read rule as the lesson and the API download.
 */
export const GET: APIRoute = async ({ params, locals, redirect }) => {
  const { session, t } = locals;
  // The middleware sends signed-out visitors to /signin before this runs.
  if (!session) return new Response(null, { status: 401 });
  if (mustAcceptTermsFirst(session)) return redirect('/home', 303);
  const parsed = LessonAttachmentParamsSchema.safeParse(params);
  const file = parsed.success ? await orNotFound(getLessonAttachmentFile(callerOf(session), parsed.data.id, parsed.data.attachmentId)) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return fileDownloadResponse(file);
};
