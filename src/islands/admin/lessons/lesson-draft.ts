/** The lesson editor's form values, and what of them a save sends. */
import type { RecordStatus } from '~/lib/shared/constants';
import type { Lesson, UpdateLessonBody } from '~/lib/shared/schemas/content';

export interface Draft {
  title: string;
  section: string;
  /** Empty when the lesson has no video. */
  videoUrl: string;
  status: RecordStatus;
  contentMd: string;
}

/** A saved lesson as form values. */
export const draftOf = (lesson: Lesson): Draft => ({
  title: lesson.title,
  section: lesson.section,
  videoUrl: lesson.videoUrl ?? '',
  status: lesson.status,
  contentMd: lesson.contentMd,
});

/** Only what changed is sent: an unchanged lesson keeps its revision (and its cached page); an emptied video link clears the video. */
export function changesBetween(saved: Draft, draft: Draft): UpdateLessonBody {
  const changes: UpdateLessonBody = {};
  if (draft.title !== saved.title) changes.title = draft.title;
  if (draft.section !== saved.section) changes.section = draft.section;
  if (draft.videoUrl.trim() !== saved.videoUrl) changes.videoUrl = draft.videoUrl.trim() || null;
  if (draft.status !== saved.status) changes.status = draft.status;
  if (draft.contentMd !== saved.contentMd) changes.contentMd = draft.contentMd;
  return changes;
}
