/** The lesson editor's form values, and what of them a save sends. */
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import { publicationOf } from '~/lib/shared/lesson-publication';
import type { Lesson, UpdateLessonBody } from '~/lib/shared/schemas/content';

/** One choice in the editor for who sees the lesson: a draft, published, scheduled for a date, or archived. */
export const LESSON_STATES = ['draft', 'published', 'scheduled', 'archived'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export interface Draft {
  title: string;
  section: string;
  /** Empty when the lesson has no video. */
  videoUrl: string;
  state: LessonState;
  /** With `scheduled`: when it publishes, as a `datetime-local` value in Bogotá time. */
  publishAt: string;
  contentMd: string;
  /** The saved lesson's publication date (not edited: the state and publishAt say what changes). */
  publishedAt: string | null;
}

/** The state a saved lesson is in (archived first: an archived lesson reaches no student whatever its date). */
export function lessonStateOf(lesson: Pick<Lesson, 'status' | 'publishedAt'>, now = Date.now()): LessonState {
  if (lesson.status === 'INACTIVE') return 'archived';
  return publicationOf(lesson.publishedAt, now);
}

/** A saved lesson as form values. */
export const draftOf = (lesson: Lesson): Draft => {
  const state = lessonStateOf(lesson);
  return {
    title: lesson.title,
    section: lesson.section,
    videoUrl: lesson.videoUrl ?? '',
    state,
    publishAt: state === 'scheduled' && lesson.publishedAt ? toBogotaInputValue(lesson.publishedAt) : '',
    contentMd: lesson.contentMd,
    publishedAt: lesson.publishedAt,
  };
};

/** The status and publication date a chosen state means (null: a scheduled date that is missing or not a date). */
function publicationFields(draft: Draft, saved: Draft): Pick<UpdateLessonBody, 'status' | 'publishedAt'> | null {
  switch (draft.state) {
    case 'archived':
      return { status: 'INACTIVE' };
    case 'draft':
      return { status: 'ACTIVE', publishedAt: null };
    case 'published':
      // Published from now on; one that already was (archived since, say) keeps its date.
      return saved.publishedAt !== null && publicationOf(saved.publishedAt) === 'published'
        ? { status: 'ACTIVE' }
        : { status: 'ACTIVE', publishedAt: new Date().toISOString() };
    case 'scheduled': {
      const at = fromBogotaInputValue(draft.publishAt);
      return at ? { status: 'ACTIVE', publishedAt: at } : null;
    }
  }
}

/** Whether the chosen state can be saved: a scheduled lesson needs a valid date. */
export const isPublicationValid = (draft: Draft): boolean => draft.state !== 'scheduled' || fromBogotaInputValue(draft.publishAt) !== null;

/** Only what changed is sent: an unchanged lesson keeps its revision (and its cached page); an emptied video link clears the video. */
export function changesBetween(saved: Draft, draft: Draft): UpdateLessonBody {
  const changes: UpdateLessonBody = {};
  if (draft.title !== saved.title) changes.title = draft.title;
  if (draft.section !== saved.section) changes.section = draft.section;
  if (draft.videoUrl.trim() !== saved.videoUrl) changes.videoUrl = draft.videoUrl.trim() || null;
  if (draft.state !== saved.state || (draft.state === 'scheduled' && draft.publishAt !== saved.publishAt)) {
    Object.assign(changes, publicationFields(draft, saved) ?? {});
  }
  if (draft.contentMd !== saved.contentMd) changes.contentMd = draft.contentMd;
  return changes;
}
