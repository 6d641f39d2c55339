/**
 * Quizzes end to end through the endpoints: authoring, starting and
 * resuming, saving answers (idempotent, order-safe), submitting, the clock,
 * attempt limits and windows, versions, manual grading and what a student
 * may see when.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as courseQuizzes from '~/pages/api/v2/courses/[id]/quizzes/index';
import * as quizRoute from '~/pages/api/v2/quizzes/[id]/index';
import { POST as startRoute } from '~/pages/api/v2/quizzes/[id]/answers/start';
import { POST as saveRoute } from '~/pages/api/v2/quizzes/[id]/answers/index';
import { POST as completeRoute } from '~/pages/api/v2/quizzes/[id]/answers/completed';
import { GET as attemptsRoute } from '~/pages/api/v2/quizzes/[id]/attempts/index';
import { GET as attemptRoute } from '~/pages/api/v2/quizzes/[id]/attempts/[attemptId]/index';
import { POST as gradeRoute } from '~/pages/api/v2/quizzes/[id]/attempts/[attemptId]/grade';
import { getDb } from '~/lib/server/db/client';
import { attemptAnswers, quizAttempts } from '~/lib/server/db/schema';
import { closeAllOverdueAttempts } from '~/lib/server/services/quizzes/close-attempts';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { StaffQuiz, StartAttemptResult } from '~/lib/shared/schemas/quizzes';
import { call } from '../support/http';
import { accessTokenFor, createUser, createWorld, enrollStudent } from '../factories';
import { createSixTypeQuiz } from '../factories/quizzes';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  world = await createWorld();
  tokens = {
    student: await accessTokenFor(world.student),
    otherStudent: await accessTokenFor(world.otherStudent),
    tutor: await accessTokenFor(world.tutor),
    admin: await accessTokenFor(world.admin),
  };
});

const params = (quiz: { id: number }) => ({ id: String(quiz.id) });
const start = (quiz: { id: number }, token = tokens.student) => call(startRoute, { path: `/api/v2/quizzes/${quiz.id}/answers/start/`, params: params(quiz), body: {}, token });
const save = (quiz: { id: number }, body: Record<string, unknown>, token = tokens.student) =>
  call(saveRoute, { path: `/api/v2/quizzes/${quiz.id}/answers/`, params: params(quiz), body, token });
const complete = (quiz: { id: number }, attemptId: number, token = tokens.student) =>
  call(completeRoute, { path: `/api/v2/quizzes/${quiz.id}/answers/completed/`, params: params(quiz), body: { attemptId }, token });

const questionOf = (quiz: StaffQuiz, type: string) => quiz.questions.find((question) => question.type === type)!;
const rightOption = (quiz: StaffQuiz, type: string) => questionOf(quiz, type).options!.find((option) => option.correct)!.id;

/** Every key anywhere in a JSON value. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      found.add(key);
      keysIn(item, found);
    }
  }
  return found;
}

/** A payload a student reaches before their attempt is closed must not say what is right. */
function expectNoRightAnswers(payload: unknown) {
  // The attempt's own saved answers are the student's (the contract's attempt.answers), nothing more.
  const attempt = (payload as { attempt?: { answers?: Record<string, unknown>[] } }).attempt;
  for (const answer of attempt?.answers ?? []) expect(Object.keys(answer).every((key) => ['questionId', 'optionIds', 'text', 'number'].includes(key))).toBe(true);
  const { answers: _own, ...attemptRest } = attempt ?? {};
  const keys = keysIn(attempt ? { ...(payload as object), attempt: attemptRest } : payload);
  for (const key of ['correct', 'answers', 'answer', 'tolerance', 'feedback', 'review', 'earned']) expect(keys, `key ${key}`).not.toContain(key);
  const text = JSON.stringify(payload);
  expect(text).not.toContain('SECRET');
  expect(text).not.toContain('4242');
}

/** The six questions answered right (the open one with some text). */
async function answerAllRight(quiz: StaffQuiz, attemptId: number) {
  const multiple = questionOf(quiz, 'multiple').options!.filter((option) => option.correct).map((option) => option.id);
  const answers = [
    { questionId: questionOf(quiz, 'single').id, optionIds: [rightOption(quiz, 'single')] },
    { questionId: questionOf(quiz, 'multiple').id, optionIds: multiple },
    { questionId: questionOf(quiz, 'true_false').id, optionIds: [rightOption(quiz, 'true_false')] },
    { questionId: questionOf(quiz, 'short_text').id, text: '  secret-answer-A ' },
    { questionId: questionOf(quiz, 'numeric').id, number: 4242.4 },
    { questionId: questionOf(quiz, 'open').id, text: 'Un nombre que guarda un valor.' },
  ];
  for (const answer of answers) expect((await save(quiz, { attemptId, ...answer })).status).toBe(200);
}

describe('authoring', () => {
  it('a tutor creates a quiz with the six types: the staff view names every question and option with an id and keeps the right answers', async () => {
    const response = await call(courseQuizzes.POST, {
      path: `/api/v2/courses/${world.courseA.id}/quizzes/`,
      params: { id: String(world.courseA.id) },
      body: { title: 'Evaluación 1', activityType: 'evaluation', timeLimitS: 600, published: true, questions: (await import('../factories/quizzes')).SIX_QUESTIONS },
      token: tokens.tutor,
    });
    expect(response.status).toBe(201);
    const quiz = response.json as StaffQuiz;
    expect(quiz).toMatchObject({ title: 'Evaluación 1', maxAttempts: 1, passPercent: 60, showResults: 'after_submit', published: true, questionCount: 6, timeLimitS: 600 });
    expect(quiz.questions.map((question) => question.type)).toEqual(['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open']);
    for (const question of quiz.questions) {
      expect(question.id).toBeGreaterThan(0);
      for (const option of question.options ?? []) expect(option.id).toBeGreaterThan(0);
    }
    expect(questionOf(quiz, 'short_text').answers).toEqual(['SECRET-ANSWER-a', 'ancla']);
    expect(questionOf(quiz, 'numeric')).toMatchObject({ answer: 4242, tolerance: 0.5 });
  });

  it('refuses a question that breaks its type\'s rules, naming the field in the caller\'s language', async () => {
    const response = await call(courseQuizzes.POST, {
      path: `/api/v2/courses/${world.courseA.id}/quizzes/`,
      params: { id: String(world.courseA.id) },
      body: { title: 'Mal', activityType: 'practical', questions: [{ type: 'single', prompt: '¿?', options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] }] },
      token: tokens.tutor,
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields['questions.0.options']).toBe('Marca exactamente una opción correcta');
  });

  it('refuses to publish a quiz without questions', async () => {
    const response = await call(courseQuizzes.POST, {
      path: `/api/v2/courses/${world.courseA.id}/quizzes/`,
      params: { id: String(world.courseA.id) },
      body: { title: 'Vacío', activityType: 'practical', published: true },
      token: tokens.tutor,
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.questions).toBe('Agrega al menos una pregunta antes de publicar');
  });

  it('a student lists published quizzes with their own state, and gets a quiz without its questions; an unpublished quiz does not exist for them', async () => {
    const published = await createSixTypeQuiz(world.courseA.id);
    const draft = await createSixTypeQuiz(world.courseA.id, { title: 'Borrador', published: false });
    const list = await call(courseQuizzes.GET, { path: `/api/v2/courses/${world.courseA.id}/quizzes/`, params: { id: String(world.courseA.id) }, token: tokens.student });
    expect(list.status).toBe(200);
    expect(list.json.results.map((quiz: { id: number }) => quiz.id)).toEqual([published.id]);
    expect(list.json.results[0]).toMatchObject({ attemptsUsed: 0, bestPercent: null, status: 'not_started', availability: 'open' });
    expectNoRightAnswers(list.json);
    const staffList = await call(courseQuizzes.GET, { path: `/api/v2/courses/${world.courseA.id}/quizzes/`, params: { id: String(world.courseA.id) }, token: tokens.tutor });
    expect(staffList.json.results.map((quiz: { id: number }) => quiz.id)).toEqual([published.id, draft.id]);

    const reader = await call(quizRoute.GET, { path: `/api/v2/quizzes/${published.id}/`, params: params(published), token: tokens.student });
    expect(reader.status).toBe(200);
    expect(reader.json).not.toHaveProperty('questions');
    expectNoRightAnswers(reader.json);
    expect((await call(quizRoute.GET, { path: `/api/v2/quizzes/${draft.id}/`, params: params(draft), token: tokens.student })).status).toBe(404);
    expect((await call(quizRoute.GET, { path: `/api/v2/quizzes/${published.id}/`, params: params(published), token: tokens.otherStudent })).status).toBe(404);
  });

  it('a student read carries the questions to answer offline only for an untimed quiz without draws they may start now; never a right answer (issue 34)', async () => {
    const untimed = await createSixTypeQuiz(world.courseA.id, { maxAttempts: 1 });
    const read = (quiz: { id: number }) => call(quizRoute.GET, { path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), token: tokens.student });
    const offline = (await read(untimed)).json;
    expect(offline.offlineQuestions.map((question: { id: number }) => question.id)).toEqual(untimed.questions.map((question) => question.id));
    expectNoRightAnswers(offline);

    const timed = await createSixTypeQuiz(world.courseA.id, { title: 'Con tiempo', timeLimitS: 600 });
    expect((await read(timed)).json.offlineQuestions).toBeNull();
    const closed = await createSixTypeQuiz(world.courseA.id, { title: 'Cerrado', closesAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await read(closed)).json.offlineQuestions).toBeNull();
    // Its one attempt used: nothing left to answer offline.
    const { attempt } = (await start(untimed)).json as StartAttemptResult;
    await complete(untimed, attempt.id);
    expect((await read(untimed)).json.offlineQuestions).toBeNull();
  });

  it('deleting a quiz with attempts is refused (unpublish instead); without attempts it goes', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    await start(quiz);
    const refused = await call(quizRoute.DELETE, { method: 'DELETE', path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), token: tokens.tutor });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('quiz_has_attempts');
    const empty = await createSixTypeQuiz(world.courseA.id);
    expect((await call(quizRoute.DELETE, { method: 'DELETE', path: `/api/v2/quizzes/${empty.id}/`, params: params(empty), token: tokens.tutor })).status).toBe(204);
  });
});

describe('taking a quiz', () => {
  it('start answers the questions without a hint of what is right, and a second start (another tab or device) resumes the same attempt with its order and answers', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { shuffleQuestions: true, shuffleOptions: true, timeLimitS: 900 });
    const first = await start(quiz);
    expect(first.status).toBe(200);
    const taking = first.json as StartAttemptResult;
    expectNoRightAnswers(taking);
    expect(taking.attempt).toMatchObject({ status: 'in_progress', answers: [] });
    expect(taking.questions).toHaveLength(6);
    expect(Date.parse(taking.attempt.deadline!) - Date.parse(taking.attempt.startedAt)).toBe(900_000);
    expect(taking.questions.find((question) => question.type === 'single')!.promptHtml).toContain('<p>');

    const single = questionOf(quiz, 'single');
    expect((await save(quiz, { attemptId: taking.attempt.id, questionId: single.id, optionIds: [single.options![1]!.id] })).status).toBe(200);
    const again = (await start(quiz)).json as StartAttemptResult;
    expect(again.attempt.id).toBe(taking.attempt.id);
    expect(again.questions.map((question) => [question.id, question.options?.map((option) => option.id)])).toEqual(
      taking.questions.map((question) => [question.id, question.options?.map((option) => option.id)]),
    );
    expect(again.attempt.answers).toEqual([{ questionId: single.id, optionIds: [single.options![1]!.id] }]);
    expectNoRightAnswers(again);
  });

  it('two tabs starting at the same moment get one attempt', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { maxAttempts: 3 });
    const [a, b] = await Promise.all([start(quiz), start(quiz)]);
    expect(a.json.attempt.id).toBe(b.json.attempt.id);
    const db = await getDb();
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).toHaveLength(1);
  });

  it('saving the same answer again changes nothing', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const text = { attemptId: attempt.id, questionId: questionOf(quiz, 'open').id, text: 'Mi respuesta', clientSavedAt: '2026-03-01T10:00:00.000Z' };
    const first = await save(quiz, text);
    const second = await save(quiz, text);
    expect(first.json).toMatchObject({ applied: true });
    expect(second.json).toMatchObject({ applied: false, savedAt: first.json.savedAt });
    const db = await getDb();
    expect(await db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id))).toHaveLength(1);
  });

  it('an older save arriving after a newer one (by clientSavedAt) does not overwrite it, and says what the server keeps', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const question = questionOf(quiz, 'numeric');
    const newer = await save(quiz, { attemptId: attempt.id, questionId: question.id, number: 42, clientSavedAt: '2026-03-01T10:00:05.000Z' });
    const older = await save(quiz, { attemptId: attempt.id, questionId: question.id, number: 41, clientSavedAt: '2026-03-01T10:00:01.000Z' });
    expect(newer.json.applied).toBe(true);
    expect(older.status).toBe(200);
    expect(older.json).toMatchObject({ applied: false, kept: { questionId: question.id, number: 42 } });
    const latest = await save(quiz, { attemptId: attempt.id, questionId: question.id, number: 40, clientSavedAt: '2026-03-01T10:00:09.000Z' });
    expect(latest.json.applied).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(attemptAnswers).where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, question.id)));
    expect(row!.number).toBe(40);
  });

  it('a device clock ahead of the server never outranks later answers', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const question = questionOf(quiz, 'short_text');
    await save(quiz, { attemptId: attempt.id, questionId: question.id, text: 'del futuro', clientSavedAt: '2099-01-01T00:00:00.000Z' });
    const now = await save(quiz, { attemptId: attempt.id, questionId: question.id, text: 'de ahora', clientSavedAt: new Date(Date.now() + 1000).toISOString() });
    expect(now.json.applied).toBe(true);
  });

  it("another student's attempt, a question the attempt does not have, or an answer of the wrong kind are refused", async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const other = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const classmate = await createUser({ userType: 'student' });
    await enrollStudent(classmate, world.cohortA);
    const classmateToken = await accessTokenFor(classmate);
    const single = questionOf(quiz, 'single');
    expect((await save(quiz, { attemptId: attempt.id, questionId: single.id, optionIds: [single.options![0]!.id] }, classmateToken)).status).toBe(404);
    expect((await save(quiz, { attemptId: attempt.id, questionId: questionOf(other, 'single').id, optionIds: [1] })).status).toBe(404);
    expect((await save(other, { attemptId: attempt.id, questionId: single.id, optionIds: [single.options![0]!.id] })).status).toBe(404);
    const wrongKind = await save(quiz, { attemptId: attempt.id, questionId: single.id, text: 'Bogotá' });
    expect(wrongKind.status, JSON.stringify(wrongKind.json)).toBe(400);
    expect(wrongKind.json.error.fields?.text, JSON.stringify(wrongKind.json)).toBe('Esta respuesta no corresponde al tipo de la pregunta');
    const foreignOption = await save(quiz, { attemptId: attempt.id, questionId: single.id, optionIds: [questionOf(quiz, 'multiple').options![0]!.id] });
    expect(foreignOption.status).toBe(400);
    const twoOptions = await save(quiz, { attemptId: attempt.id, questionId: single.id, optionIds: single.options!.slice(0, 2).map((option) => option.id) });
    expect(twoOptions.json.error.fields.optionIds).toBe('Esta pregunta admite una sola opción');
  });

  it('submitting scores the attempt (idempotent), shows the review after submit, and later saves are refused', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    await answerAllRight(quiz, attempt.id);
    const done = await complete(quiz, attempt.id);
    expect(done.status).toBe(200);
    // 2 + 2 + 1 + 1 + 1 right; the open question (3) waits for a person.
    expect(done.json.attempt).toMatchObject({ status: 'completed', closedBy: 'student', score: 7, maxScore: 10, percent: 70, passed: true, pendingManualGrading: true });
    expect(done.json.review).toHaveLength(6);
    expect(done.json.review.find((item: { type: string }) => item.type === 'short_text')).toMatchObject({ correct: true, earned: 1, answers: ['SECRET-ANSWER-a', 'ancla'] });
    expect(done.json.review.find((item: { type: string }) => item.type === 'open')).toMatchObject({ pending: true, earned: null });
    const again = await complete(quiz, attempt.id);
    expect(again.json).toEqual(done.json);
    const late = await save(quiz, { attemptId: attempt.id, questionId: questionOf(quiz, 'single').id, optionIds: [] });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('attempt_closed');
  });

  it('multiple choice earns in proportion; a wrong number outside the tolerance earns nothing', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const multiple = questionOf(quiz, 'multiple');
    await save(quiz, { attemptId: attempt.id, questionId: multiple.id, optionIds: [multiple.options![0]!.id] });
    await save(quiz, { attemptId: attempt.id, questionId: questionOf(quiz, 'numeric').id, number: 4243 });
    const done = await complete(quiz, attempt.id);
    expect(done.json.attempt).toMatchObject({ score: 1, maxScore: 10, percent: 10, passed: false, pendingManualGrading: false });
  });
});

describe('the clock, the limits and the window', () => {
  it('past its deadline (and the grace) an attempt refuses answers and is closed with what was saved in time — on the next read, or by the job engine', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { timeLimitS: 60 });
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const single = questionOf(quiz, 'single');
    await save(quiz, { attemptId: attempt.id, questionId: single.id, optionIds: [rightOption(quiz, 'single')] });
    const db = await getDb();
    await db.update(quizAttempts).set({ deadline: sql`now() - interval '31 seconds'` }).where(eq(quizAttempts.id, attempt.id));
    const late = await save(quiz, { attemptId: attempt.id, questionId: questionOf(quiz, 'true_false').id, optionIds: [rightOption(quiz, 'true_false')] });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('attempt_closed');
    const [closed] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(closed).toMatchObject({ status: 'completed', closedBy: 'deadline', score: 2 });

    // Another student's attempt, left to the job engine's sweep.
    const classmate = await createUser({ userType: 'student' });
    await enrollStudent(classmate, world.cohortA);
    const token = await accessTokenFor(classmate);
    const theirs = ((await start(quiz, token)).json as StartAttemptResult).attempt;
    await db.update(quizAttempts).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(quizAttempts.id, theirs.id));
    expect(await closeAllOverdueAttempts()).toBe(1);
    const [swept] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, theirs.id));
    expect(swept).toMatchObject({ status: 'completed', closedBy: 'deadline', score: 0 });
  });

  it('within the grace after the deadline an answer in flight is still kept', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { timeLimitS: 60 });
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const db = await getDb();
    await db.update(quizAttempts).set({ deadline: sql`now() - interval '5 seconds'` }).where(eq(quizAttempts.id, attempt.id));
    const late = await save(quiz, { attemptId: attempt.id, questionId: questionOf(quiz, 'single').id, optionIds: [rightOption(quiz, 'single')] });
    expect(late.status).toBe(200);
  });

  it('a student who used every attempt gets 409 attempts_exhausted; with attempts left a new one starts', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { maxAttempts: 2 });
    const first = (await start(quiz)).json as StartAttemptResult;
    await complete(quiz, first.attempt.id);
    const second = (await start(quiz)).json as StartAttemptResult;
    expect(second.attempt.id).not.toBe(first.attempt.id);
    await complete(quiz, second.attempt.id);
    const third = await start(quiz);
    expect(third.status).toBe(409);
    expect(third.json.error).toMatchObject({ code: 'attempts_exhausted', message: 'Ya usaste los 2 intentos de este cuestionario.' });
  });

  it('a quiz not open (before opensAt, after closesAt, unpublished) cannot be started: 409 quiz_closed', async () => {
    const later = await createSixTypeQuiz(world.courseA.id, { opensAt: new Date(Date.now() + 86_400_000).toISOString() });
    const past = await createSixTypeQuiz(world.courseA.id, { opensAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), closesAt: new Date(Date.now() - 86_400_000).toISOString() });
    const draft = await createSixTypeQuiz(world.courseA.id, { published: false });
    for (const quiz of [later, past, draft]) {
      const response = await start(quiz);
      expect(response.status).toBe(409);
      expect(response.json.error.code).toBe('quiz_closed');
    }
  });

  it('the deadline is the closing date when it comes before the time limit', async () => {
    const closesAt = new Date(Date.now() + 120_000);
    const quiz = await createSixTypeQuiz(world.courseA.id, { timeLimitS: 3600, closesAt: closesAt.toISOString() });
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    expect(Date.parse(attempt.deadline!)).toBe(closesAt.getTime());
  });

  it('staff never take a quiz (403), and a student of another cohort finds nothing (404)', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    expect((await start(quiz, tokens.tutor)).status).toBe(403);
    expect((await start(quiz, tokens.otherStudent)).status).toBe(404);
  });
});

describe('versions', () => {
  it('editing a question an attempt used makes a new version: the old attempt keeps being shown and scored on the one it saw', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { maxAttempts: 2 });
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const single = questionOf(quiz, 'single');
    // The student picks Medellín; the author then decides Medellín is the answer they want.
    await save(quiz, { attemptId: attempt.id, questionId: single.id, optionIds: [single.options![1]!.id] });
    const edited = quiz.questions.map(({ id, type, prompt, points, options, answers, answer, tolerance, feedback }) => ({
      id,
      type,
      prompt: type === 'single' ? '¿Cuál es la ciudad de la eterna primavera?' : prompt,
      points,
      ...(options && { options: options.map((option, index) => ({ text: option.text, correct: type === 'single' ? index === 1 : option.correct })) }),
      ...(answers && { answers }),
      ...(answer !== undefined && answer !== null && { answer, tolerance }),
      ...(feedback && { feedback }),
    }));
    const patched = await call(quizRoute.PATCH, { method: 'PATCH', path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), body: { questions: edited }, token: tokens.tutor });
    expect(patched.status).toBe(200);
    expect(questionOf(patched.json, 'single')).toMatchObject({ id: single.id, version: 2 });
    expect(questionOf(patched.json, 'multiple')).toMatchObject({ version: 1 });

    const resumed = (await start(quiz)).json as StartAttemptResult;
    expect(resumed.questions.find((question) => question.id === single.id)!.prompt).toBe('¿Cuál es la capital de Colombia?');
    const done = await complete(quiz, attempt.id);
    const item = done.json.review.find((entry: { questionId: number }) => entry.questionId === single.id);
    expect(item).toMatchObject({ version: 1, prompt: '¿Cuál es la capital de Colombia?', correct: false, earned: 0 });

    const next = (await start(quiz)).json as StartAttemptResult;
    expect(next.questions.find((question) => question.id === single.id)!.prompt).toBe('¿Cuál es la ciudad de la eterna primavera?');
  });
});

describe('results and grading', () => {
  it('the tutor grades the open answer: the score and passed are computed again, and the student sees the final score', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { passPercent: 80 });
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    await answerAllRight(quiz, attempt.id);
    expect((await complete(quiz, attempt.id)).json.attempt).toMatchObject({ score: 7, percent: 70, passed: false, pendingManualGrading: true });

    const attempts = await call(attemptsRoute, { path: `/api/v2/quizzes/${quiz.id}/attempts/`, params: params(quiz), token: tokens.tutor });
    expect(attempts.json.results).toHaveLength(1);
    expect(attempts.json.results[0]).toMatchObject({ id: attempt.id, student: { id: world.student.id }, pendingManualGrading: true });
    const open = questionOf(quiz, 'open');
    const tooMany = await call(gradeRoute, { path: `/api/v2/quizzes/${quiz.id}/attempts/${attempt.id}/grade/`, params: { id: String(quiz.id), attemptId: String(attempt.id) }, body: { questionId: open.id, points: 4 }, token: tokens.tutor });
    expect(tooMany.status).toBe(400);
    const graded = await call(gradeRoute, {
      path: `/api/v2/quizzes/${quiz.id}/attempts/${attempt.id}/grade/`,
      params: { id: String(quiz.id), attemptId: String(attempt.id) },
      body: { questionId: open.id, points: 2.5, feedback: 'Bien explicado' },
      token: tokens.tutor,
    });
    expect(graded.status).toBe(200);
    expect(graded.json.attempt).toMatchObject({ score: 9.5, percent: 95, passed: true, pendingManualGrading: false });

    const mine = await call(attemptRoute, { path: `/api/v2/quizzes/${quiz.id}/attempts/${attempt.id}/`, params: { id: String(quiz.id), attemptId: String(attempt.id) }, token: tokens.student });
    expect(mine.json.attempt).toMatchObject({ score: 9.5, passed: true });
    expect(mine.json.review.find((item: { type: string }) => item.type === 'open')).toMatchObject({ earned: 2.5, graderFeedback: 'Bien explicado' });
    const student = await call(quizRoute.GET, { path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), token: tokens.student });
    expect(student.json).toMatchObject({ status: 'completed', bestPercent: 95, attemptsUsed: 1 });
  });

  it('grading an attempt still in progress is refused, and students cannot grade', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const { attempt } = (await start(quiz)).json as StartAttemptResult;
    const body = { questionId: questionOf(quiz, 'open').id, points: 1 };
    const route = { path: `/api/v2/quizzes/${quiz.id}/attempts/${attempt.id}/grade/`, params: { id: String(quiz.id), attemptId: String(attempt.id) }, body };
    expect((await call(gradeRoute, { ...route, token: tokens.tutor })).json.error.code).toBe('attempt_in_progress');
    expect((await call(gradeRoute, { ...route, token: tokens.student })).status).toBe(403);
  });

  it('with showResults never a student gets no review; with after_close, only once the quiz has closed', async () => {
    const never = await createSixTypeQuiz(world.courseA.id, { showResults: 'never' });
    const a = (await start(never)).json as StartAttemptResult;
    const doneNever = await complete(never, a.attempt.id);
    expect(doneNever.json).not.toHaveProperty('review');
    expect(doneNever.json.attempt.score).toBe(0);
    expectNoRightAnswers((await call(attemptRoute, { path: '/x', params: { id: String(never.id), attemptId: String(a.attempt.id) }, token: tokens.student })).json);

    const closesAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const afterClose = await createSixTypeQuiz(world.courseA.id, { showResults: 'after_close', closesAt });
    const b = (await start(afterClose)).json as StartAttemptResult;
    expect((await complete(afterClose, b.attempt.id)).json).not.toHaveProperty('review');
    const db = await getDb();
    await db.execute(sql`update quizzes set closes_at = now() - interval '1 minute' where id = ${afterClose.id}`);
    const detail = await call(attemptRoute, { path: '/x', params: { id: String(afterClose.id), attemptId: String(b.attempt.id) }, token: tokens.student });
    expect(detail.json.review).toHaveLength(6);
  });

  it("a tutor sees only their cohorts' students' attempts; an admin everyone's, by cohort when asked; a student only their own", async () => {
    // One course released to both cohorts: the tutor manages cohort A only.
    const shared = await createSixTypeQuiz(world.courseA.id);
    const db = await getDb();
    await db.execute(sql`update cohorts set program_id = ${world.cohortA.programId} where id = ${world.cohortB.id}`);
    await db.execute(sql`insert into cohort_courses (cohort_id, course_id, release_at) values (${world.cohortB.id}, ${world.courseA.id}, now() - interval '1 day')`);
    await start(shared);
    await start(shared, tokens.otherStudent);
    const list = (token: string, query = '') => call(attemptsRoute, { path: `/api/v2/quizzes/${shared.id}/attempts/${query}`, params: params(shared), token });
    expect((await list(tokens.tutor)).json.results.map((row: { student: { id: number } }) => row.student.id)).toEqual([world.student.id]);
    expect((await list(tokens.admin)).json.count).toBe(2);
    expect((await list(tokens.admin, `?cohort=${world.cohortB.id}`)).json.results.map((row: { student: { id: number } }) => row.student.id)).toEqual([world.otherStudent.id]);
    expect((await list(tokens.student)).json.results.map((row: { student: { id: number } }) => row.student.id)).toEqual([world.student.id]);
    const theirs = (await list(tokens.admin, `?cohort=${world.cohortB.id}`)).json.results[0].id;
    expect((await call(attemptRoute, { path: '/x', params: { id: String(shared.id), attemptId: String(theirs) }, token: tokens.tutor })).status).toBe(404);
  });
});

describe('random draws by tag', () => {
  it('each attempt draws its own questions from the tag and keeps them', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, {
      questions: [],
      draws: [{ tag: 'capitales', count: 2 }],
      published: false,
    });
    const pool = ['Perú', 'Chile', 'Ecuador', 'Bolivia', 'Argentina'].map((country) => ({
      type: 'short_text',
      prompt: `¿Capital de ${country}?`,
      answers: ['x'],
      tags: ['capitales'],
    }));
    // The bank gets its questions through another quiz of the course.
    await createSixTypeQuiz(world.courseA.id, { questions: pool, published: false });
    const published = await call(quizRoute.PATCH, { method: 'PATCH', path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), body: { published: true }, token: tokens.tutor });
    expect(published.status).toBe(200);
    expect(published.json.draws).toEqual([{ tag: 'capitales', count: 2, available: 5 }]);
    const { attempt, questions } = (await start(quiz)).json as StartAttemptResult;
    expect(questions).toHaveLength(2);
    const again = (await start(quiz)).json as StartAttemptResult;
    expect(again.attempt.id).toBe(attempt.id);
    expect(again.questions.map((question) => question.id)).toEqual(questions.map((question) => question.id));
  });
});

describe('a cohort admin', () => {
  it('authors quizzes of their cohort\'s courses like a tutor', async () => {
    const admin = await createUser({ userType: 'staff' });
    await enrollStudent(admin, world.cohortA, { roleId: ROLE_IDS.cohortAdmin });
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const response = await call(quizRoute.GET, { path: `/api/v2/quizzes/${quiz.id}/`, params: params(quiz), token: await accessTokenFor(admin) });
    expect(response.json.questions).toHaveLength(6);
  });
});
