/**
 * The student's day: how far they are in each of their courses, the lesson
 * to go on with, and lessons worth starting or reviewing next. Everything is
 * computed from the cached lesson lists and the student's cached history, so
 * a warm /home runs no query for it.
 */
import type { CourseSummary } from '~/lib/shared/schemas/app-shell';
import type { LessonSummary } from '~/lib/shared/schemas/content';
import type { CourseProgress, LessonHistory } from '~/lib/shared/schemas/lesson-history';
import type { Caller } from '~/lib/server/access/permissions';
import { activeLessonsWithHistory, progressOf, resumeRowOf, type LessonWithHistory } from './lesson-history';

export interface CourseStudy {
  course: CourseSummary;
  /** Null while the course is scheduled to open later. */
  progress: CourseProgress | null;
  /** The lesson to go on with; null when every lesson is completed or the course is not open yet. */
  next: LessonWithHistory | null;
  /** The caller's latest start or completion in the course (ms), null if they never opened it. */
  lastActivityAt: number | null;
}

export interface StudyOverview {
  courses: CourseStudy[];
  /** Where the student left off: the open course they touched last with a lesson pending, else the first with one. */
  resume: CourseStudy | null;
}

const activityOf = (history: LessonHistory | null) =>
  history ? Math.max(Date.parse(history.startedAt), history.completedAt ? Date.parse(history.completedAt) : 0) : null;

/** What /home shows of one course, worked out once per set of rows (activeLessonsWithHistory shares them until a cached value changes). */
const studyMemo = new WeakMap<readonly LessonWithHistory[], Omit<CourseStudy, 'course'>>();

function studyOf(courseId: number, rows: readonly LessonWithHistory[]): Omit<CourseStudy, 'course'> {
  let study = studyMemo.get(rows);
  if (!study) {
    const activity = rows.map((row) => activityOf(row.history)).filter((at): at is number => at !== null);
    study = { progress: progressOf(courseId, rows), next: resumeRowOf(rows), lastActivityAt: activity.length > 0 ? Math.max(...activity) : null };
    studyMemo.set(rows, study);
  }
  return study;
}

/**
 * The caller's progress and next lesson in each of their courses (as listed
 * for them; the list already checked membership and release). `withProgress:
 * false` (staff, who teach rather than take the courses) lists the courses only.
 */
export async function getStudyOverview(
  caller: Caller,
  courses: readonly CourseSummary[],
  { withProgress = true, now = Date.now() }: { withProgress?: boolean; now?: number } = {},
): Promise<StudyOverview> {
  const studies = await Promise.all(
    courses.map(async (course): Promise<CourseStudy> => {
      if (!withProgress || !course.releaseAt || Date.parse(course.releaseAt) > now) return { course, progress: null, next: null, lastActivityAt: null };
      return { course, ...studyOf(course.id, await activeLessonsWithHistory(caller, course.id)) };
    }),
  );
  const pending = studies.filter((study) => study.next);
  const touched = pending.filter((study) => study.lastActivityAt !== null).sort((a, b) => b.lastActivityAt! - a.lastActivityAt!);
  return { courses: studies, resume: touched[0] ?? pending[0] ?? null };
}

export interface SuggestedLesson {
  lesson: LessonSummary;
  course: CourseSummary;
  /** 'continue': started, not completed; 'start': the next lesson not opened yet. */
  reason: 'continue' | 'start';
  history: LessonHistory | null;
}

const SUGGESTED_PER_COURSE = 3;

/** Lessons to study next in each open course: the ones started and not finished (latest first), then the next not opened. */
export async function listSuggestedLessons(caller: Caller, courses: readonly CourseSummary[], now = Date.now()): Promise<SuggestedLesson[]> {
  const open = courses.filter((course) => course.releaseAt && Date.parse(course.releaseAt) <= now);
  const perCourse = await Promise.all(
    open.map(async (course) => {
      const rows = await activeLessonsWithHistory(caller, course.id);
      const started = rows
        .filter((row) => row.history && !row.history.completedAt)
        .sort((a, b) => activityOf(b.history)! - activityOf(a.history)!)
        .map((row): SuggestedLesson => ({ lesson: row.lesson, course, reason: 'continue', history: row.history }));
      const fresh = rows.filter((row) => !row.history).map((row): SuggestedLesson => ({ lesson: row.lesson, course, reason: 'start', history: null }));
      return [...started, ...fresh].slice(0, SUGGESTED_PER_COURSE);
    }),
  );
  return perCourse.flat();
}
