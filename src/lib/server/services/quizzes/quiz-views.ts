/**
 * The API shapes of quizzes, questions and attempts. Whether a shape may
 * carry right answers is decided here, once: `toTakingQuestion` and the
 * reader's views are built field by field and never copy a version's
 * `correct`, `answers`, `answer`, `tolerance` or `feedback`.
 */
import type { Answer, Attempt, ReviewItem, StaffQuestion, TakingQuestion } from '~/lib/shared/schemas/quizzes';
import { isChoiceType } from '~/lib/shared/quizzes';
import { scoreQuestion, type GivenAnswer, type ScorableQuestion } from '~/lib/shared/quiz-scoring';
import type { attemptAnswers, quizAttempts } from '~/lib/server/db/schema';
import type { QuizSettings, VersionContent } from './quiz-cache';

export type AttemptRecord = typeof quizAttempts.$inferSelect;
export type AnswerRecord = typeof attemptAnswers.$inferSelect;

/** A quiz's settings as both staff and readers see them (never its questions). */
export function toQuizSettingsView(quiz: QuizSettings) {
  return {
    id: quiz.id,
    courseId: quiz.courseId,
    title: quiz.title,
    description: quiz.description,
    activityType: quiz.activityType,
    timeLimitS: quiz.timeLimitS,
    maxAttempts: quiz.maxAttempts,
    passPercent: quiz.passPercent,
    opensAt: quiz.opensAt,
    closesAt: quiz.closesAt,
    showResults: quiz.showResults,
    questionCount: quiz.questionCount,
  };
}

/** A version with everything its authors wrote, right answers included (staff only). */
export function toStaffQuestion(version: VersionContent, tags: string[]): StaffQuestion {
  return {
    id: version.questionId,
    version: version.version,
    versionId: version.versionId,
    type: version.type,
    prompt: version.prompt,
    points: version.points,
    ...(isChoiceType(version.type) && { options: version.options.map((option) => ({ id: option.id, text: option.text, correct: option.correct })) }),
    ...(version.type === 'short_text' && { answers: [...version.answers] }),
    ...(version.type === 'numeric' && { answer: version.answer, tolerance: version.tolerance }),
    feedback: version.feedback,
    tags: [...tags],
  };
}

/** A version as a student taking the quiz sees it, options in the attempt's order: no field that could say what is right. */
export function toTakingQuestion(version: VersionContent, optionOrder?: readonly number[]): TakingQuestion {
  const question: TakingQuestion = { id: version.questionId, type: version.type, prompt: version.prompt, promptHtml: version.promptHtml, points: version.points };
  if (isChoiceType(version.type)) {
    const byId = new Map(version.options.map((option) => [option.id, option]));
    const ordered = optionOrder ? optionOrder.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) : version.options;
    question.options = ordered.map((option) => ({ id: option.id, text: option.text }));
  }
  return question;
}

/** What scoring reads of a version. */
export const toScorable = (version: VersionContent): ScorableQuestion => ({
  questionId: version.questionId,
  type: version.type,
  points: version.points,
  options: version.options,
  answers: version.answers,
  answer: version.answer,
  tolerance: version.tolerance,
});

/** A saved answer as given (the fields its question type uses). */
export function toGiven(row: Pick<AnswerRecord, 'optionIds' | 'text' | 'number' | 'manualPoints'>): GivenAnswer {
  return { optionIds: row.optionIds, text: row.text, number: row.number, manualPoints: row.manualPoints };
}

/** A saved answer in the API's shape: only the fields it holds. */
export function toAnswer(row: Pick<AnswerRecord, 'questionId' | 'optionIds' | 'text' | 'number'>): Answer {
  return {
    questionId: row.questionId,
    ...(row.optionIds !== null && { optionIds: [...row.optionIds] }),
    ...(row.text !== null && { text: row.text }),
    ...(row.number !== null && { number: row.number }),
  };
}

export function toAttempt(row: AttemptRecord): Attempt {
  return {
    id: row.id,
    quizId: row.quizId,
    number: row.number,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    score: row.score,
    maxScore: row.maxScore,
    percent: row.percent,
    passed: row.passed,
    pendingManualGrading: row.pendingManualGrading,
  };
}

/** One question of an attempt with what was given, what is right and the points (a closed attempt's review, or staff). */
export function toReviewItem(version: VersionContent, answer: AnswerRecord | undefined): ReviewItem {
  const score = scoreQuestion(toScorable(version), answer ? toGiven(answer) : undefined);
  const { questionId: _, ...given } = answer ? toAnswer(answer) : { questionId: 0 };
  return {
    questionId: version.questionId,
    version: version.version,
    type: version.type,
    prompt: version.prompt,
    promptHtml: version.promptHtml,
    points: version.points,
    ...(isChoiceType(version.type) && { options: version.options.map((option) => ({ ...option })) }),
    ...(version.type === 'short_text' && { answers: [...version.answers] }),
    ...(version.type === 'numeric' && { answer: version.answer, tolerance: version.tolerance }),
    feedback: version.feedback,
    given: answer ? given : null,
    earned: score.earned,
    correct: score.correct,
    pending: score.earned === null,
    graderFeedback: answer?.graderFeedback ?? null,
  };
}
