/**
 * Matrix rows for the study assistant's chat, AI policy and audit log (the
 * matrix runs without a model: the chat answers from the lessons). A person
 * chats about themself when they are a student; a tutor or cohort admin
 * about their cohorts' students, an admin about anyone (404 otherwise). Every
 * signed-in person reads and accepts the policy for themself; the policy's
 * acceptances and the audit log are for platform admins.
 */
import { expect } from 'vitest';
import { POST as chatRoute } from '~/pages/api/v2/jarvis/chat';
import * as policyRoute from '~/pages/api/v2/jarvis/policy/index';
import { GET as acceptancesRoute } from '~/pages/api/v2/jarvis/policy/acceptances';
import * as logsRoute from '~/pages/api/v2/jarvis/logs';
import { getDb } from '~/lib/server/db/client';
import { aiPolicyAcceptances, jarvisLogs } from '~/lib/server/db/schema';
import { createLesson } from '../../../factories';
import { authed, members, type Expected, type Row, type World } from '../matrix-types';

const ADMINS_ONLY: Expected = { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 };

/** A lesson about variables in each cohort's course: a chat finds its own student's only. */
async function variablesLessons(world: World) {
  const inA = await createLesson({ courseId: world.courseA.id, title: 'Variables (cohorte A)', contentMd: 'Una variable guarda un valor.' });
  const inB = await createLesson({ courseId: world.courseB.id, title: 'Variables (cohorte B)', contentMd: 'Una variable guarda un valor.' });
  return { inA, inB };
}

/** One logged exchange about cohort A's student. */
async function studentLog(world: World) {
  const db = await getDb();
  await db.insert(jarvisLogs).values({ subjectId: world.student.id, askedBy: world.student.id, kind: 'chat', model: 'matrix-model', prompt: [{ role: 'user', content: '¿Qué es una variable?' }], answer: 'Repasa «Variables».', outcome: 'ok' });
}

const chatBody = (extra: Record<string, unknown> = {}) => ({ message: '¿Qué es una variable?', history: [{ role: 'user', content: 'Hola' }], ...extra });

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/jarvis/chat/',
    handler: chatRoute,
    request: async (world, s) => {
      await variablesLessons(world);
      return { path: '/api/v2/jarvis/chat/', body: chatBody(), ...authed(s) };
    },
    // About oneself: only students have study data (staff and admins study nowhere: 404).
    expected: { outsider: 401, student: 200, otherStudent: 200, tutor: 404, admin: 404 },
    check: (persona, json) => {
      expect(json.source).toBe('offline');
      expect(json.sources.map((source: { title: string }) => source.title)).toContain(persona === 'student' ? 'Variables (cohorte A)' : 'Variables (cohorte B)');
      expect(JSON.stringify(json)).not.toContain(persona === 'student' ? 'cohorte B' : 'cohorte A');
    },
  },
  {
    method: 'POST',
    path: "/api/v2/jarvis/chat/ (about cohort A's student)",
    handler: chatRoute,
    request: async (world, s) => {
      await variablesLessons(world);
      return { path: '/api/v2/jarvis/chat/', body: chatBody({ user_id: world.student.id }), ...authed(s) };
    },
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 200, admin: 200 },
    check: (_, json) => {
      expect(json.sources.filter((source: { kind: string }) => source.kind === 'lesson').map((source: { title: string }) => source.title)).toEqual(['Variables (cohorte A)']);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/jarvis/policy/',
    handler: policyRoute.GET,
    request: (_, s) => ({ path: '/api/v2/jarvis/policy/', ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json).toEqual({ version: 1, accepted: false, acceptedAt: null, modelConfigured: false }),
  },
  {
    method: 'POST',
    path: '/api/v2/jarvis/policy/',
    handler: policyRoute.POST,
    request: (_, s) => ({ path: '/api/v2/jarvis/policy/', body: { version: 1 }, ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json).toMatchObject({ version: 1, accepted: true }),
  },
  {
    method: 'GET',
    path: '/api/v2/jarvis/policy/acceptances/',
    handler: acceptancesRoute,
    request: async (world, s) => {
      const db = await getDb();
      await db.insert(aiPolicyAcceptances).values({ userId: world.student.id, version: 1 });
      return { path: '/api/v2/jarvis/policy/acceptances/?page=1', ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json.results).toEqual([expect.objectContaining({ userId: world.student.id, email: world.student.email, version: 1 })]),
  },
  {
    method: 'GET',
    path: '/api/v2/jarvis/logs/',
    handler: logsRoute.GET,
    request: async (world, s) => {
      await studentLog(world);
      return { path: `/api/v2/jarvis/logs/?user_id=${world.student.id}&page=1`, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json).toMatchObject({ count: 1, results: [{ subjectId: world.student.id, kind: 'chat', outcome: 'ok' }] }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/jarvis/logs/',
    handler: logsRoute.DELETE,
    request: async (world, s) => {
      await studentLog(world);
      return { path: `/api/v2/jarvis/logs/?user_id=${world.student.id}&before=2999-01-01`, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toEqual({ deleted: 1 }),
  },
];
