/** The quiz player's API calls: start or resume an attempt, save one answer, submit. */
import { getApi } from '~/lib/client/app-client';
import type { Answer, CompleteAttemptResult, SaveAnswerResult, StartAttemptResult } from '~/lib/shared/schemas/quizzes';

const quizRoute = (quizId: number) => `/api/v2/quizzes/${quizId}/`;

/** Starts an attempt, or resumes the one under way (same attempt on every tab and device). */
export const startQuiz = (quizId: number) => getApi().post<StartAttemptResult>(`${quizRoute(quizId)}answers/start/`, {});

/** Saves one answer, stamped with when the student gave it (an older save never replaces a newer one). */
export const saveQuizAnswer = (quizId: number, attemptId: number, answer: Answer & { clientSavedAt: string }) =>
  getApi().post<SaveAnswerResult>(`${quizRoute(quizId)}answers/`, { attemptId, ...answer });

/** Submits the attempt (submitting twice answers the same). */
export const completeQuiz = (quizId: number, attemptId: number) => getApi().post<CompleteAttemptResult>(`${quizRoute(quizId)}answers/completed/`, { attemptId });
