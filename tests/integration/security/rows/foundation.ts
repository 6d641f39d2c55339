/** Matrix rows for the foundation: auth, platform and app-shell endpoints. */
import { expect } from 'vitest';
import * as authRoute from '~/pages/api/auth/[...auth]';
import { POST as login } from '~/pages/api/v2/auth/login';
import { POST as refresh } from '~/pages/api/v2/auth/refresh';
import { POST as logout } from '~/pages/api/v2/auth/logout';
import { GET as status } from '~/pages/api/v2/status';
import { GET as docs } from '~/pages/api/v2/docs';
import { POST as language } from '~/pages/api/v2/preferences/language';
import { POST as showBanner } from '~/pages/api-showBanner';
import { POST as coursesXUser } from '~/pages/api-getCoursesXUser';
import { GET as trainingPath } from '~/pages/api-trainingPath';
import { POST as terms } from '~/pages/api-termsAndConditions';
import { GET as homework } from '~/pages/training_path/[idTrainingPath]/user/[idUser]/homework';
import { DEFAULT_PASSWORD } from '../../../factories';
import { authed, everyone, isMemberOfA, members, type Row } from '../matrix-types';

const names = (list: { name: string }[]) => list.map((item) => item.name);

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/auth/login/',
    handler: login,
    request: (_, session) => ({ path: '/api/v2/auth/login/', body: { email: session.email, password: DEFAULT_PASSWORD } }),
    expected: { ...everyone(200), outsider: 401 },
  },
  {
    method: 'POST',
    path: '/api/v2/auth/refresh/',
    handler: refresh,
    request: (_, session) => ({ path: '/api/v2/auth/refresh/', body: { refresh_token: session.refreshToken ?? 'n'.repeat(43) } }),
    expected: { ...everyone(200), outsider: 401 },
  },
  {
    method: 'POST',
    path: '/api/v2/auth/logout/',
    handler: logout,
    request: (_, session) => ({ path: '/api/v2/auth/logout/', body: {}, ...authed(session) }),
    expected: members(204),
  },
  { method: 'GET', path: '/api/v2/status/', handler: status, request: (_, s) => ({ path: '/api/v2/status/', ...authed(s) }), expected: everyone(200) },
  { method: 'GET', path: '/api/v2/docs', handler: docs, request: (_, s) => ({ path: '/api/v2/docs', ...authed(s) }), expected: everyone(200) },
  {
    method: 'POST',
    path: '/api/v2/preferences/language/',
    handler: language,
    request: (_, s) => ({ path: '/api/v2/preferences/language/', body: { lang: 'en' }, ...authed(s) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    path: '/api-showBanner/',
    handler: showBanner,
    request: (_, s) => ({ path: '/api-showBanner/', body: {}, ...authed(s) }),
    expected: members(200),
    check: (persona, json: { title: string | null }[]) => {
      const seesCohortA = json.some((banner) => banner.title === 'Banner de la cohorte A');
      expect(seesCohortA).toBe(isMemberOfA(persona));
    },
  },
  {
    method: 'POST',
    path: '/api-getCoursesXUser/',
    handler: coursesXUser,
    request: (_, s) => ({ path: '/api-getCoursesXUser/', body: {}, ...authed(s) }),
    expected: members(200),
    check: (persona, json) => {
      expect(names(json).includes('Curso de la cohorte A')).toBe(isMemberOfA(persona));
      expect(names(json).includes('Curso de la cohorte B')).toBe(persona === 'otherStudent');
    },
  },
  {
    method: 'POST',
    path: '/api-getCoursesXUser/ (as another user)',
    handler: coursesXUser,
    request: (world, s) => ({ path: '/api-getCoursesXUser/', body: { idUser: world.student.id }, ...authed(s) }),
    expected: { outsider: 401, student: 200, otherStudent: 403, tutor: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api-trainingPath/',
    handler: trainingPath,
    request: (_, s) => ({ path: '/api-trainingPath/', ...authed(s) }),
    expected: members(200),
    check: (persona, json: { cohorts: { id: number }[] }[], world) => {
      const cohortIds = json.flatMap((path) => path.cohorts.map((cohort) => cohort.id));
      expect(cohortIds.includes(world.cohortA.id)).toBe(persona !== 'otherStudent');
      expect(cohortIds.includes(world.cohortB.id)).toBe(persona === 'otherStudent' || persona === 'admin');
    },
  },
  {
    method: 'POST',
    path: '/api-termsAndConditions/',
    handler: terms,
    request: (world, s) => ({ path: '/api-termsAndConditions/', body: { id: world.student.id, status: 1 }, ...authed(s) }),
    expected: { outsider: 401, student: 200, otherStudent: 403, tutor: 403, admin: 403 },
  },
  {
    method: 'GET',
    path: '/training_path/{idTrainingPath}/user/{idUser}/homework/',
    handler: homework,
    request: (world, s) => ({
      path: `/training_path/${world.cohortA.learningPathId}/user/${world.student.id}/homework/`,
      params: { idTrainingPath: String(world.cohortA.learningPathId), idUser: String(world.student.id) },
      ...authed(s),
    }),
    expected: { outsider: 401, student: 200, otherStudent: 403, tutor: 403, admin: 200 },
    check: (_, json) => expect(json.map((item: { title: string }) => item.title)).toEqual(['Tarea A']),
  },
  { method: 'GET', path: '/api/auth/session', handler: authRoute.GET, request: () => ({ path: '/api/auth/session' }), expected: everyone(200), check: (_, json) => expect(json).toBeNull() },
  { method: 'GET', path: '/api/auth/csrf', handler: authRoute.GET, request: () => ({ path: '/api/auth/csrf' }), expected: everyone(200) },
  { method: 'GET', path: '/api/auth/providers', handler: authRoute.GET, request: () => ({ path: '/api/auth/providers' }), expected: everyone(200) },
  {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    handler: authRoute.POST,
    // Without the CSRF token Auth.js refuses to sign anyone in (redirect to the error page, no session cookie).
    request: (_, s) => ({
      path: '/api/auth/callback/credentials',
      rawBody: new URLSearchParams({ email: s.email, password: DEFAULT_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expected: everyone(302),
  },
  {
    method: 'POST',
    path: '/api/auth/signout',
    handler: authRoute.POST,
    request: () => ({ path: '/api/auth/signout', rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    expected: everyone(302),
  },
  {
    method: 'POST',
    path: '/api/auth/_log',
    handler: authRoute.POST,
    request: (_, s) => ({ path: '/api/auth/_log', body: { level: 'error', code: 'matrix', message: 'hola' }, ...authed(s) }),
    expected: everyone(204),
  },
];

