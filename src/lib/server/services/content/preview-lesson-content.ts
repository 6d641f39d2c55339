import type { LessonPreview } from '~/lib/shared/schemas/content';
import { requireLessonPreviewAccess } from '~/lib/server/access/loaders';
import type { Caller } from '~/lib/server/access/permissions';
import { renderMarkdown } from '~/lib/server/markdown/render-markdown';

/** Lesson Markdown rendered and sanitized exactly as the lesson page shows it, for the editor's preview (content managers only; nothing is saved). */
export async function previewLessonContent(caller: Caller, contentMd: string): Promise<LessonPreview> {
  await requireLessonPreviewAccess(caller);
  return { html: renderMarkdown(contentMd) };
}
