/** A student taking a quiz through the services: start, answer each question given, and (unless told not to) submit. */
import type { Caller } from '~/lib/server/access/permissions';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';
import { saveAnswer } from '~/lib/server/services/quizzes/save-answer';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';
import type { StaffQuiz } from '~/lib/shared/schemas/quizzes';

/** One answer, as the player sends it: chosen options, a text or a number. */
export type GivenAnswer = { optionIds: number[] } | { text: string } | { number: number };

/** The caller a student is when they take quizzes. */
export const studentCaller = (student: { id: number; email: string }): Caller => ({ id: student.id, email: student.email, userType: 'student', cohorts: [] });

/**
 * Takes a quiz as a student: answers the questions by position (undefined
 * leaves one blank) and submits, unless `submit: false` leaves the attempt
 * in progress. Answers the attempt's id.
 */
export async function takeQuiz(student: { id: number; email: string }, quiz: StaffQuiz, answers: readonly (GivenAnswer | undefined)[], options: { submit?: boolean } = {}): Promise<number> {
  const caller = studentCaller(student);
  const { attempt } = await startAttempt(caller, quiz.id);
  for (const [index, answer] of answers.entries()) {
    if (answer) await saveAnswer(caller, quiz.id, { attemptId: attempt.id, questionId: quiz.questions[index]!.id, ...answer });
  }
  if (options.submit !== false) await completeAttempt(caller, quiz.id, attempt.id);
  return attempt.id;
}

/** The id of a question's option by its text. */
export const optionOf = (quiz: StaffQuiz, index: number, text: string): number => quiz.questions[index]!.options!.find((option) => option.text === text)!.id;
