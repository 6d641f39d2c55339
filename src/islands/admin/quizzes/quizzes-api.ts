/** The quiz screens' API calls: a quiz, its course's bank and import, its attempts and grading. */
import { getApi } from '~/lib/client/app-client';
import type { Page } from '~/lib/shared/pagination';
import type {
  AttemptDetail,
  AttemptRow,
  BankQuestion,
  CreateQuizBody,
  QuestionImportResult,
  StaffQuiz,
  UpdateQuizBody,
} from '~/lib/shared/schemas/quizzes';
import { withQuery } from '~/islands/common/api';

type QuizBody = Omit<CreateQuizBody, 'idUser' | 'idTrainingPath'>;

export const createQuiz = (courseId: number, body: QuizBody) => getApi().post<StaffQuiz>(`/api/v2/courses/${courseId}/quizzes/`, body);
export const updateQuiz = (quizId: number, body: Omit<UpdateQuizBody, 'idUser' | 'idTrainingPath'>) => getApi().patch<StaffQuiz>(`/api/v2/quizzes/${quizId}/`, body);
export const deleteQuiz = (quizId: number) => getApi().delete<null>(`/api/v2/quizzes/${quizId}/`);

/** A page of the course's bank: by tag, by words of the prompt. */
export const listBank = (courseId: number, query: { tag?: string; search?: string; page?: number }, signal: AbortSignal) =>
  getApi().get<Page<BankQuestion>>(withQuery(`/api/v2/courses/${courseId}/questions/`, query), { signal });
export const listBankTags = (courseId: number, signal: AbortSignal) => getApi().get<{ tag: string; count: number }[]>(`/api/v2/courses/${courseId}/questions/tags/`, { signal });

/** Imports a GIFT, Aiken or spreadsheet file into the bank; `dryRun` only checks it and says what it would add. */
export function importQuestions(courseId: number, file: File, options: { dryRun: boolean; tags: string }, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('file', file);
  if (options.tags.trim()) form.append('tags', options.tags);
  return getApi().upload<QuestionImportResult>(withQuery(`/api/v2/courses/${courseId}/questions/import/`, { dryRun: options.dryRun || undefined }), form, onProgress);
}

export const listAttempts = (quizId: number, query: { cohort?: number; status?: string; page?: number }, signal: AbortSignal) =>
  getApi().get<Page<AttemptRow>>(withQuery(`/api/v2/quizzes/${quizId}/attempts/`, query), { signal });
export const readAttemptsPage = (url: string, signal: AbortSignal) => getApi().get<Page<AttemptRow>>(url, { signal });
export const getAttempt = (quizId: number, attemptId: number, signal: AbortSignal) => getApi().get<AttemptDetail>(`/api/v2/quizzes/${quizId}/attempts/${attemptId}/`, { signal });
export const gradeAnswer = (quizId: number, attemptId: number, body: { questionId: number; points: number; feedback?: string }) =>
  getApi().post<AttemptDetail>(`/api/v2/quizzes/${quizId}/attempts/${attemptId}/grade/`, body);
