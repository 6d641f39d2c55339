import type { LessonPreview } from '../../../shared/schemas/content';
import { requirePreviewLessonContent, type Caller } from '../../auth/permissions';
import { renderMarkdown } from '../../content/render-markdown';
import { listMembershipsOf } from '../memberships';

/** Lesson Markdown rendered and sanitized exactly as the lesson page shows it, for the editor's preview (content managers only; nothing is saved). */
export async function previewLessonContent(caller: Caller, contentMd: string): Promise<LessonPreview> {
  requirePreviewLessonContent(caller, await listMembershipsOf(caller.id));
  return { html: renderMarkdown(contentMd) };
}
