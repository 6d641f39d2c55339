import type { LessonPreview } from '~/lib/shared/schemas/content';
import { requirePreviewLessonContent, type Caller } from '~/lib/server/auth/permissions';
import { renderMarkdown } from '~/lib/server/content/render-markdown';
import { listMembershipsOf } from '~/lib/server/services/memberships';

/** Lesson Markdown rendered and sanitized exactly as the lesson page shows it, for the editor's preview (content managers only; nothing is saved). */
export async function previewLessonContent(caller: Caller, contentMd: string): Promise<LessonPreview> {
  requirePreviewLessonContent(caller, await listMembershipsOf(caller.id));
  return { html: renderMarkdown(contentMd) };
}
