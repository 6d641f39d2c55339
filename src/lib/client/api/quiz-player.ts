/** The quiz player's API calls: start or resume an attempt, save one answer, submit. */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** Starts an attempt, or resumes the one under way (same attempt on every tab and device). */
export const startQuiz = (quizId: number) => api.post('/api/v2/quizzes/{id}/answers/start/', { path: { id: quizId } });

/** Saves one answer, stamped with when the student gave it (an older save never replaces a newer one). */
export const saveQuizAnswer = (quizId: number, attemptId: number, answer: Omit<Body<'/api/v2/quizzes/{id}/answers/', 'post'>, 'attemptId'>) =>
  api.post('/api/v2/quizzes/{id}/answers/', { path: { id: quizId }, body: { attemptId, ...answer } });

/** Submits the attempt (submitting twice answers the same). */
export const completeQuiz = (quizId: number, attemptId: number) => api.post('/api/v2/quizzes/{id}/answers/completed/', { path: { id: quizId }, body: { attemptId } });
