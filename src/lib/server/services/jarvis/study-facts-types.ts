/**
 * The shape of one student's study facts: what the offline answer, the home
 * card and the model's prompt are all drawn from. Language-neutral (titles,
 * numbers, URLs), so one cached copy serves every reader's language.
 */
import type { Language } from '~/lib/shared/constants';
import type { JarvisAnswer, JarvisSource } from '~/lib/shared/schemas/jarvis';

/** One step of the week plan, before it is put into words. */
export interface PlanStep {
  /** `YYYY-MM-DD` in Bogotá. */
  day: string;
  kind: 'review' | 'assignment' | 'quiz' | 'lesson';
  title: string;
  courseName: string;
  url: string;
  /** For due work: when it is due (ISO), else null. */
  dueAt: string | null;
}

/** Everything Senda knows about where one student stands, from their own data only. */
export interface StudyFacts {
  userId: number;
  /** The student's first name. */
  studentName: string;
  /** The student's language (users.language): their own answers are written in it. */
  language: Language;
  /** When the facts were built (ISO). */
  builtAt: string;
  courses: JarvisAnswer['courses'];
  dueNext: JarvisAnswer['dueNext'];
  review: JarvisAnswer['review'];
  /** The newest few; `unseenFeedbackCount` counts them all. */
  unseenFeedback: JarvisAnswer['unseenFeedback'];
  unseenFeedbackCount: number;
  weekPlan: PlanStep[];
  sources: JarvisSource[];
  /** Quizzes with an attempt still in progress: nothing may be said about them. */
  openQuizIds: number[];
  /** The courses the facts cover (of the student's active cohorts with the assistant on). */
  courseIds: number[];
}
