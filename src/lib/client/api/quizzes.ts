/** The quiz screens' API calls: a quiz, its course's bank and import, its attempts and grading. */
import { api } from '~/lib/client/app-client';
import type { Body, Query } from './typed-api';

export type QuizBody = Body<'/api/v2/courses/{id}/quizzes/', 'post'>;
export type QuizChange = Body<'/api/v2/quizzes/{id}/', 'patch'>;

export const createQuiz = (courseId: number, body: QuizBody) => api.post('/api/v2/courses/{id}/quizzes/', { path: { id: courseId }, body });
export const updateQuiz = (quizId: number, body: QuizChange) => api.patch('/api/v2/quizzes/{id}/', { path: { id: quizId }, body });
export const deleteQuiz = (quizId: number) => api.delete('/api/v2/quizzes/{id}/', { path: { id: quizId } });

/** A page of the course's bank: by tag, by words of the prompt. */
export const listBank = (courseId: number, query: Query<'/api/v2/courses/{id}/questions/', 'get'>, signal: AbortSignal) =>
  api.get('/api/v2/courses/{id}/questions/', { path: { id: courseId }, query, signal });
export const listBankTags = (courseId: number, signal: AbortSignal) => api.get('/api/v2/courses/{id}/questions/tags/', { path: { id: courseId }, signal });

/** Imports a GIFT, Aiken or spreadsheet file into the bank; `dryRun` only checks it and says what it would add. */
export function importQuestions(courseId: number, file: File, options: { dryRun: boolean; tags: string }, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('file', file);
  if (options.tags.trim()) form.append('tags', options.tags);
  return api.upload('/api/v2/courses/{id}/questions/import/', { path: { id: courseId }, query: { dryRun: options.dryRun || undefined }, body: form, onProgress });
}

export const listAttempts = (quizId: number, query: Query<'/api/v2/quizzes/{id}/attempts/', 'get'>, signal: AbortSignal) =>
  api.get('/api/v2/quizzes/{id}/attempts/', { path: { id: quizId }, query, signal });
export const getAttempt = (quizId: number, attemptId: number, signal: AbortSignal) => api.get('/api/v2/quizzes/{id}/attempts/{attemptId}/', { path: { id: quizId, attemptId }, signal });
export const gradeAnswer = (quizId: number, attemptId: number, body: Body<'/api/v2/quizzes/{id}/attempts/{attemptId}/grade/', 'post'>) =>
  api.post('/api/v2/quizzes/{id}/attempts/{attemptId}/grade/', { path: { id: quizId, attemptId }, body });
