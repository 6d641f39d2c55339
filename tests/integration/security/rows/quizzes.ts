/**
 * Matrix rows for quizzes, their question bank, attempts and results. Cohort
 * A's student takes cohort A's quizzes; its staff author and grade them and
 * never take them (403); cohort B's student finds nothing (404). Every row a
 * student reads is also checked for right answers.
 */
import { expect } from 'vitest';
import * as courseQuizzes from '~/pages/api/v2/courses/[id]/quizzes/index';
import { GET as bankList } from '~/pages/api/v2/courses/[id]/questions/index';
import { GET as bankTags } from '~/pages/api/v2/courses/[id]/questions/tags';
import { POST as bankImport } from '~/pages/api/v2/courses/[id]/questions/import';
import { PATCH as bankUpdate } from '~/pages/api/v2/questions/[id]';
import * as quizRoute from '~/pages/api/v2/quizzes/[id]/index';
import { POST as startRoute } from '~/pages/api/v2/quizzes/[id]/answers/start';
import { POST as saveRoute } from '~/pages/api/v2/quizzes/[id]/answers/index';
import { POST as completeRoute } from '~/pages/api/v2/quizzes/[id]/answers/completed';
import { GET as attemptsRoute } from '~/pages/api/v2/quizzes/[id]/attempts/index';
import { GET as exportRoute } from '~/pages/api/v2/quizzes/[id]/attempts/export';
import { GET as attemptRoute } from '~/pages/api/v2/quizzes/[id]/attempts/[attemptId]/index';
import { POST as gradeRoute } from '~/pages/api/v2/quizzes/[id]/attempts/[attemptId]/grade';
import type { Caller } from '~/lib/server/access/permissions';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';
import { saveAnswer } from '~/lib/server/services/quizzes/save-answer';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';
import type { StaffQuiz } from '~/lib/shared/schemas/quizzes';
import { createSixTypeQuiz } from '../../../factories/quizzes';
import { authed, members, type Expected, type Persona, type Row, type World } from '../matrix-types';

/** Members of cohort A read; the other cohort's student gets 404. */
const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
/** Staff of the course: cohort A's tutor and cohort admin, platform admins; A's student 403, B's 404. */
const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
/** Students of the course only: staff never take a quiz (403). */
const takers = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: 403, admin: 403 });

const studentOf = (world: World): Caller => ({ id: world.student.id, email: world.student.email, userType: 'student', cohorts: [] });
const quizOfA = (world: World) => createSixTypeQuiz(world.courseA.id);
const attemptOf = async (world: World, quiz: StaffQuiz) => (await startAttempt(studentOf(world), quiz.id)).attempt.id;
const openOf = (quiz: StaffQuiz) => quiz.questions.find((question) => question.type === 'open')!;

/** Keys that would tell a student what is right, anywhere in a payload. */
function expectNoRightAnswers(json: unknown) {
  const text = JSON.stringify(json);
  for (const key of ['"correct"', '"tolerance"', '"feedback"', '"review"', '"earned"']) expect(text).not.toContain(key);
  expect(text).not.toContain('SECRET');
}
const onlyStudentBlind = (persona: Persona, json: unknown) => {
  if (persona === 'student') expectNoRightAnswers(json);
};

const BOUNDARY = 'senda-matrix-questions';
const giftUpload = {
  rawBody: [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="file"; filename="banco.gift"', 'Content-Type: text/plain', '', '¿2 + 2? {#4}', '', `--${BOUNDARY}--`, ''].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
};

const at = (quiz: StaffQuiz, suffix = '') => ({ path: `/api/v2/quizzes/${quiz.id}/${suffix}`, params: { id: String(quiz.id) } });

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/quizzes/',
    handler: courseQuizzes.GET,
    request: async (world, s) => {
      await quizOfA(world);
      return { path: `/api/v2/courses/${world.courseA.id}/quizzes/`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    expected: readers(200),
    check: (persona, json: { results: { status?: string; attemptsCount?: number }[] }) => {
      expect(json.results).toHaveLength(1);
      if (persona === 'student') expect(json.results[0]!.status).toBe('not_started');
      else expect(json.results[0]!.attemptsCount).toBe(0);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/quizzes/',
    handler: courseQuizzes.POST,
    request: (world, s) => ({
      path: `/api/v2/courses/${world.courseA.id}/quizzes/`,
      params: { id: String(world.courseA.id) },
      body: { title: 'Quiz de la matriz', activityType: 'practical', timeLimitS: 600, questions: [{ type: 'numeric', prompt: '¿2 + 2?', answer: 4, tolerance: 0 }] },
      ...authed(s),
    }),
    expected: staff(201),
    check: (_, json: StaffQuiz) => expect(json.questions[0]).toMatchObject({ type: 'numeric', answer: 4 }),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/questions/',
    handler: bankList,
    request: async (world, s) => {
      await quizOfA(world);
      return { path: `/api/v2/courses/${world.courseA.id}/questions/?search=capital`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { count: number }) => expect(json.count).toBe(1),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/questions/tags/',
    handler: bankTags,
    request: async (world, s) => {
      await createSixTypeQuiz(world.courseA.id, { questions: [{ type: 'open', prompt: 'Cuéntanos', tags: ['ensayo'] }], published: false });
      return { path: `/api/v2/courses/${world.courseA.id}/questions/tags/`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: unknown) => expect(json).toEqual([{ tag: 'ensayo', count: 1 }]),
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/questions/import/',
    handler: bankImport,
    request: (world, s) => ({ path: `/api/v2/courses/${world.courseA.id}/questions/import/`, params: { id: String(world.courseA.id) }, ...giftUpload, ...authed(s) }),
    expected: staff(200),
    check: (_, json: { questions: { type: string; answer: number }[] }) => expect(json.questions).toMatchObject([{ type: 'numeric', answer: 4 }]),
  },
  {
    method: 'PATCH',
    path: '/api/v2/questions/{id}/',
    handler: bankUpdate,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      const id = String(quiz.questions[0]!.id);
      return { method: 'PATCH', path: `/api/v2/questions/${id}/`, params: { id }, body: { tags: ['geografía'] }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { tags: string[] }) => expect(json.tags).toEqual(['geografía']),
  },
  {
    method: 'GET',
    path: '/api/v2/quizzes/{id}/',
    handler: quizRoute.GET,
    request: async (world, s) => ({ ...at(await quizOfA(world)), ...authed(s) }),
    expected: readers(200),
    check: (persona, json: { questions?: unknown[] }) => {
      if (persona === 'student') expect(json).not.toHaveProperty('questions');
      else expect(json.questions).toHaveLength(6);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/quizzes/{id}/',
    handler: quizRoute.PATCH,
    request: async (world, s) => ({ method: 'PATCH', ...at(await quizOfA(world)), body: { title: 'Nuevo título', closesAt: '2099-01-01T00:00:00-05:00' }, ...authed(s) }),
    expected: staff(200),
    check: (_, json: StaffQuiz) => expect(json.title).toBe('Nuevo título'),
  },
  {
    method: 'DELETE',
    path: '/api/v2/quizzes/{id}/',
    handler: quizRoute.DELETE,
    request: async (world, s) => ({ method: 'DELETE', ...at(await quizOfA(world)), ...authed(s) }),
    expected: staff(204),
  },
  {
    method: 'POST',
    path: '/api/v2/quizzes/{id}/answers/start/',
    handler: startRoute,
    request: async (world, s) => ({ ...at(await quizOfA(world), 'answers/start/'), body: {}, ...authed(s) }),
    expected: takers(200),
    check: (persona, json: { questions: unknown[] }) => {
      expect(json.questions).toHaveLength(6);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/quizzes/{id}/answers/',
    handler: saveRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      const single = quiz.questions[0]!;
      return {
        ...at(quiz, 'answers/'),
        body: { attemptId: await attemptOf(world, quiz), questionId: single.id, optionIds: [single.options![1]!.id], clientSavedAt: '2026-03-01T10:00:00-05:00' },
        ...authed(s),
      };
    },
    expected: takers(200),
    check: (persona, json: { applied: boolean }) => {
      expect(json.applied).toBe(true);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/quizzes/{id}/answers/completed/',
    handler: completeRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      return { ...at(quiz, 'answers/completed/'), body: { attemptId: await attemptOf(world, quiz) }, ...authed(s) };
    },
    expected: takers(200),
    check: (_, json: { attempt: { status: string } }) => expect(json.attempt.status).toBe('completed'),
  },
  {
    method: 'GET',
    path: '/api/v2/quizzes/{id}/attempts/',
    handler: attemptsRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      await attemptOf(world, quiz);
      return { ...at(quiz, 'attempts/'), ...authed(s) };
    },
    expected: readers(200),
    check: (persona, json: { results: { student: { id: number } }[] }, world) => {
      expect(json.results.map((row) => row.student.id)).toEqual([world.student.id]);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/quizzes/{id}/attempts/export/',
    handler: exportRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      await attemptOf(world, quiz);
      return { path: `/api/v2/quizzes/${quiz.id}/attempts/export/?format=csv`, params: { id: String(quiz.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, text: string, world) => expect(text).toContain(world.student.email),
  },
  {
    method: 'GET',
    path: '/api/v2/quizzes/{id}/attempts/{attemptId}/',
    handler: attemptRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      const attemptId = String(await attemptOf(world, quiz));
      return { path: `/api/v2/quizzes/${quiz.id}/attempts/${attemptId}/`, params: { id: String(quiz.id), attemptId }, ...authed(s) };
    },
    expected: readers(200),
    check: (persona, json: { review?: unknown[] }) => {
      // The attempt is still in progress: staff see its answers, its student nothing that is right.
      if (persona === 'student') expect(json).not.toHaveProperty('review');
      else expect(json.review).toHaveLength(6);
      onlyStudentBlind(persona, json);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/quizzes/{id}/attempts/{attemptId}/grade/',
    handler: gradeRoute,
    request: async (world, s) => {
      const quiz = await quizOfA(world);
      const attemptId = await attemptOf(world, quiz);
      await saveAnswer(studentOf(world), quiz.id, { attemptId, questionId: openOf(quiz).id, text: 'Una variable guarda un valor.' });
      await completeAttempt(studentOf(world), quiz.id, attemptId);
      return {
        path: `/api/v2/quizzes/${quiz.id}/attempts/${attemptId}/grade/`,
        params: { id: String(quiz.id), attemptId: String(attemptId) },
        body: { questionId: openOf(quiz).id, points: 2, feedback: 'Bien' },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_, json: { attempt: { score: number; pendingManualGrading: boolean } }) => expect(json.attempt).toMatchObject({ score: 2, pendingManualGrading: false }),
  },
];
