/** Quizzes on both sides: question types, result policies and the limits the API and the player share. */
import type { ACTIVITY_TYPES } from './constants';

/** Practical activities, evaluations and nivelations (the contract's activity types). */
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Types whose answer is a choice of options. */
export const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple', 'true_false'];
export const isChoiceType = (type: QuestionType): boolean => CHOICE_TYPES.includes(type);

/** When a student sees the review (right answers and feedback): never, once they submit, or once the quiz closes. */
export const SHOW_RESULTS = ['never', 'after_submit', 'after_close'] as const;
export type ShowResults = (typeof SHOW_RESULTS)[number];

export const ATTEMPT_STATUSES = ['in_progress', 'completed'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Answers still arriving this long after an attempt's deadline are accepted (the network, not the student, was late). */
export const ANSWER_GRACE_S = 30;
/** The player warns when this many seconds are left (5 minutes, then 1). */
export const TIME_WARNINGS_S = [300, 60] as const;

export const QUIZ_MAX_QUESTIONS = 200;
export const QUIZ_MAX_DRAWS = 20;
export const QUESTION_MAX_OPTIONS = 20;
export const QUESTION_MAX_POINTS = 1000;
export const QUIZ_TIME_LIMIT_MIN_S = 60;
export const QUIZ_TIME_LIMIT_MAX_S = 24 * 60 * 60;
export const QUIZ_MAX_ATTEMPTS = 100;
/** An open answer; a short-text answer is bounded much lower. */
export const OPEN_ANSWER_MAX_LENGTH = 20_000;
export const SHORT_ANSWER_MAX_LENGTH = 500;

/** The question-bank import: a GIFT or Aiken text file, or one spreadsheet. */
export const QUESTION_IMPORT_FORMATS = ['gift', 'aiken', 'spreadsheet'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];
export const QUESTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const QUESTION_IMPORT_MAX_LABEL = '2 MB';
export const QUESTION_IMPORT_MAX_QUESTIONS = 500;

/** Where a quiz's window stands: not open yet, open, or closed (past its closing date, or unpublished). */
export type QuizAvailability = 'upcoming' | 'open' | 'closed';

/** A quiz's window at `now`: unpublished quizzes are closed to students. */
export function availabilityOf(quiz: { published: boolean; opensAt: string | null; closesAt: string | null }, now = Date.now()): QuizAvailability {
  if (!quiz.published) return 'closed';
  if (quiz.opensAt && Date.parse(quiz.opensAt) > now) return 'upcoming';
  if (quiz.closesAt && Date.parse(quiz.closesAt) <= now) return 'closed';
  return 'open';
}

/** Whether a student may see the review of a completed attempt: as the quiz's `showResults` says (after_close: once its closing date passed). */
export function canSeeReview(quiz: { showResults: ShowResults; closesAt: string | null }, now = Date.now()): boolean {
  if (quiz.showResults === 'after_submit') return true;
  if (quiz.showResults === 'after_close') return quiz.closesAt !== null && Date.parse(quiz.closesAt) <= now;
  return false;
}

/** The deadline of an attempt started at `startedAt`: the time limit or the quiz's closing date, whichever comes first; null for neither. */
export function deadlineOf(quiz: { timeLimitS: number | null; closesAt: string | null }, startedAt: Date): Date | null {
  const limits = [
    ...(quiz.timeLimitS ? [startedAt.getTime() + quiz.timeLimitS * 1000] : []),
    ...(quiz.closesAt ? [Date.parse(quiz.closesAt)] : []),
  ];
  return limits.length > 0 ? new Date(Math.min(...limits)) : null;
}
