/**
 * Saving one answer: the hot path of a synchronized start. The checks that
 * need data read caches (the quiz, the course access, the attempt's
 * questions and their versions); the write is one call of a database
 * function (`senda_save_answer`, migration 0014) that checks the attempt is
 * the caller's, open and within its deadline (holding it FOR SHARE, so a
 * close waits for it), and upserts the answer unless a newer one (by the
 * device's clientSavedAt) is already there or it changes nothing.
 * Saving again is harmless; an older save arriving late changes nothing.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { ANSWER_GRACE_S, SHORT_ANSWER_MAX_LENGTH } from '~/lib/shared/quizzes';
import type { SaveAnswerBody, SaveAnswerResult } from '~/lib/shared/schemas/quizzes';
import { requireTakeQuiz, type Caller } from '~/lib/server/access/permissions';
import { findQuizWithAccess } from '~/lib/server/access/loaders';
import { getDb } from '~/lib/server/db/client';
import { closeAttempt } from './close-attempts';
import { findAttemptShape, getVersions, type VersionContent } from './quiz-cache';
import { toAnswer } from './quiz-views';
import { rowsOf } from './sql-rows';

interface StoredAnswer {
  optionIds: number[] | null;
  text: string | null;
  number: number | null;
}

const invalid = (field: string, key: string, params?: Record<string, number>) =>
  new AppError('validation_failed', { fields: { [field]: params ? { key, params } : key } });

/** The answer as stored for its question's type; a value of the wrong kind → 400 naming it. */
function storedAnswerOf(version: VersionContent, body: SaveAnswerBody): StoredAnswer {
  // The schema lets exactly one of the three through: a wrong kind is named by the field that was sent.
  const sent = body.optionIds !== undefined ? 'optionIds' : body.text !== undefined ? 'text' : 'number';
  const wrongKind = () => invalid(sent, 'validation.quiz.answerKind');
  switch (version.type) {
    case 'single':
    case 'true_false':
    case 'multiple': {
      if (body.optionIds === undefined) throw wrongKind();
      const ids = [...new Set(body.optionIds)];
      if (version.type !== 'multiple' && ids.length > 1) throw invalid('optionIds', 'validation.quiz.oneOption');
      const known = new Set(version.options.map((option) => option.id));
      if (ids.some((id) => !known.has(id))) throw invalid('optionIds', 'validation.quiz.unknownOption');
      return { optionIds: ids.sort((a, b) => a - b), text: null, number: null };
    }
    case 'short_text':
    case 'open':
      if (body.text === undefined) throw wrongKind();
      if (version.type === 'short_text' && body.text.length > SHORT_ANSWER_MAX_LENGTH) throw invalid('text', 'validation.length.max', { count: SHORT_ANSWER_MAX_LENGTH });
      return { optionIds: null, text: body.text, number: null };
    case 'numeric':
      if (body.number === undefined) throw wrongKind();
      return { optionIds: null, text: null, number: body.number };
  }
}

interface SaveRow {
  status: string;
  past_grace: boolean;
  saved_at: string | Date | null;
  previous_saved_at: string | Date | null;
  previous_option_ids: number[] | string | null;
  previous_text: string | null;
  previous_number: number | null;
}

const toIso = (value: string | Date) => new Date(value).toISOString();
/** int[] from either driver (node-postgres parses arrays; a text form `{1,2}` otherwise). */
const toIds = (value: number[] | string | null): number[] | null =>
  value === null ? null : Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/**
 * Saves one answer of the caller's attempt (see the module comment). Another
 * student's attempt, another quiz's, or a question the attempt does not
 * have → 404; the attempt completed, or past its deadline and the grace →
 * 409 attempt_closed.
 */
export async function saveAnswer(caller: Caller, quizId: number, body: SaveAnswerBody): Promise<SaveAnswerResult> {
  const { course, access } = await findQuizWithAccess(caller, quizId);
  requireTakeQuiz(access, course.status);
  const shape = await findAttemptShape(body.attemptId);
  if (!shape || shape.userId !== caller.id || shape.quizId !== quizId) throw new AppError('not_found');
  const question = shape.questions.find((item) => item.q === body.questionId);
  if (!question) throw new AppError('not_found');
  const version = (await getVersions([question.v])).get(question.v);
  if (!version) throw new AppError('not_found');
  const answer = storedAnswerOf(version, body);

  const db = await getDb();
  // One call of the function migration 0014 defines (ADR 019: its plan is kept for the session). A device clock ahead
  // of the server's never makes an answer outrank later ones (the function takes the earlier of it and now()).
  const optionIds = answer.optionIds ? `{${answer.optionIds.join(',')}}` : null;
  const result = await db.execute(sql`
    select * from senda_save_answer(${body.attemptId}, ${caller.id}, ${quizId}, ${body.questionId}, ${optionIds}::int[], ${answer.text}::text,
      ${answer.number}::double precision, ${body.clientSavedAt ?? null}::timestamptz, ${ANSWER_GRACE_S})
  `);
  const [row] = rowsOf<SaveRow>(result);
  if (!row) throw new AppError('not_found');
  if (row.status !== 'in_progress' || row.past_grace) {
    // Close on read: the clock ran out and the job has not closed it yet.
    if (row.status === 'in_progress') await closeAttempt(body.attemptId, { onlyPastGrace: true });
    throw new AppError('attempt_closed');
  }
  if (row.saved_at !== null) return { questionId: body.questionId, savedAt: toIso(row.saved_at), applied: true };
  // Not applied: a newer answer is kept, or this one is the same. Say which, so the device shows what the server keeps.
  const kept = { questionId: body.questionId, optionIds: toIds(row.previous_option_ids), text: row.previous_text, number: row.previous_number };
  return { questionId: body.questionId, savedAt: toIso(row.previous_saved_at ?? new Date()), applied: false, kept: toAnswer(kept) };
}
