/** The quiz player's API calls: start or resume an attempt, save one answer, submit. */
import { api } from '~/lib/client/app-client';
import { DOWNLOADS_CACHE } from '~/lib/shared/offline-pages'; // where the level download keeps each item, under its exact URL (ADR 035)
import type { ReaderQuizRead } from '~/lib/shared/schemas/quizzes';
import type { Body } from './typed-api';

/** Starts an attempt, or resumes the one under way (same attempt on every tab and device). */
export const startQuiz = (quizId: number) => api.post('/api/v2/quizzes/{id}/answers/start/', { path: { id: quizId } });

/** Saves one answer, stamped with when the student gave it (an older save never replaces a newer one). */
export const saveQuizAnswer = (quizId: number, attemptId: number, answer: Omit<Body<'/api/v2/quizzes/{id}/answers/', 'post'>, 'attemptId'>) =>
  api.post('/api/v2/quizzes/{id}/answers/', { path: { id: quizId }, body: { attemptId, ...answer } });

/** Submits the attempt (submitting twice answers the same). */
export const completeQuiz = (quizId: number, attemptId: number) => api.post('/api/v2/quizzes/{id}/answers/completed/', { path: { id: quizId }, body: { attemptId } });

/**
 * The quiz's student read as the level download kept it (`GET /api/v2/quizzes/{id}/`), read straight from
 * Cache Storage (no network, no service worker needed): null when it was not downloaded or is unreadable.
 */
export async function readDownloadedQuiz(quizId: number): Promise<ReaderQuizRead | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(DOWNLOADS_CACHE);
    const response = await cache.match(`/api/v2/quizzes/${quizId}/`, { ignoreVary: true });
    if (!response) return null;
    const read = (await response.json()) as Partial<ReaderQuizRead> | null;
    // The download keeps what the server answered; a staff view or an older read has no `offlineQuestions` to offer.
    if (!read || read.id !== quizId || !('offlineQuestions' in read) || !('availability' in read)) return null;
    return read as ReaderQuizRead;
  } catch {
    return null;
  }
}
