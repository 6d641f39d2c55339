/**
 * The permission matrix: every endpoint × outsider, student, other-cohort
 * student, tutor and admin. Rows live per domain in rows/*.ts; a final check
 * fails when an endpoint exists without a row.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { collectEndpoints } from '~/lib/server/http/openapi';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { call } from '../../support/http';
import { ROLE_IDS } from '~/lib/shared/constants';
import { ERROR_STATUS } from '~/lib/shared/errors';
import { createBanner, createUser, createWorld, DEFAULT_PASSWORD, enrollStudent } from '../../factories';
import { expectedOf, PERSONAS, type Persona, type Row, type Session, type World } from './matrix-types';

const NUL = '\u0000';

/** Every string and number in a JSON body, by its dotted path (as field errors name it). */
function leavesOf(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string' || typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  return [];
}

function withLeaf(value: unknown, path: string[], replace: (text: string) => string): unknown {
  if (path.length === 0) return replace(String(value));
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, replace);
  return copy;
}

type Inputs = { definition?: { body?: { shape?: object }; upload?: object; query?: { shape?: object }; params?: unknown } };
const definitionOf = (row: Row) => (row.handler as Inputs).definition;
/** The names a query schema accepts (`?search=`, `?cohort=`, `?page=`…). */
const queryNamesOf = (row: Row): string[] => Object.keys(definitionOf(row)?.query?.shape ?? {});
const isMultipart = (row: Row) => Boolean(definitionOf(row)?.upload);
/** Whether the endpoint reads input a NUL byte could hide in (multipart bodies have their own NUL tests beside their endpoints). */
const takesInput = (row: Row) => Boolean((definitionOf(row)?.body && !isMultipart(row)) || definitionOf(row)?.query || definitionOf(row)?.params);
/** Whether the body schema reads the request helper's session data (contract §7). */
const readsSessionData = (row: Row) => 'idTrainingPath' in (definitionOf(row)?.body?.shape ?? {});

/**
 * The NUL cases of one row, as an admin sends them: each path parameter, each
 * value of its JSON body and each query parameter its endpoint reads, one at
 * a time, with a NUL byte inside (issue 17: these once answered 500).
 */
function nulCasesOf(row: Row, request: Awaited<ReturnType<Row['request']>>): { field: string; options: typeof request }[] {
  const cases: { field: string; options: typeof request }[] = [];
  for (const name of Object.keys(request.params ?? {})) {
    cases.push({ field: name, options: { ...request, params: { ...request.params, [name]: `${request.params![name]}${NUL}` } } });
  }
  // An empty JSON body still carries the request helper's session data.
  const isEmpty = request.body && typeof request.body === 'object' && Object.keys(request.body).length === 0;
  const body = isEmpty && readsSessionData(row) ? { idTrainingPath: 1 } : request.body;
  for (const leaf of leavesOf(body)) {
    cases.push({ field: leaf.join('.'), options: { ...request, body: withLeaf(body, leaf, (text) => `${text}${NUL}x`) } });
  }
  for (const name of queryNamesOf(row)) {
    const url = new URL(request.path, 'http://localhost');
    url.searchParams.set(name, `ab${NUL}c`);
    cases.push({ field: name, options: { ...request, path: `${url.pathname}${url.search}` } });
  }
  return cases;
}

const ROWS: Row[] = Object.values(import.meta.glob<{ ROWS: Row[] }>('./rows/*.ts', { eager: true })).flatMap((module) => module.ROWS);

describe('security matrix', () => {
  let world: World;
  const sessions = {} as Record<Persona, Session>;

  beforeEach(async () => {
    const base = await createWorld();
    const cohortAdmin = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, base.cohortA, { roleId: ROLE_IDS.cohortAdmin });
    world = { ...base, cohortAdmin };
    await createBanner({ cohortId: world.cohortA.id, title: 'Banner de la cohorte A' });
    sessions.outsider = { email: 'outsider@senda.test' };
    const people = { student: world.student, otherStudent: world.otherStudent, tutor: world.tutor, cohortAdmin: world.cohortAdmin, admin: world.admin };
    for (const persona of ['student', 'otherStudent', 'tutor', 'cohortAdmin', 'admin'] as const) {
      const { email } = people[persona];
      const result = await loginWithPassword({ email, password: DEFAULT_PASSWORD, ip: `10.1.0.${PERSONAS.indexOf(persona)}` });
      sessions[persona] = { email, accessToken: result.accessToken, refreshToken: result.refreshToken };
    }
  });

  for (const row of ROWS) {
    for (const persona of PERSONAS) {
      const expected = expectedOf(row, persona);
      it(`${persona} ${row.method} ${row.path} → ${expected}`, async () => {
        const response = await call(row.handler, { method: row.method, ...(await row.request(world, sessions[persona])) });
        expect(response.status).toBe(expected);
        if (response.status >= 400 && response.status !== 401 && row.path.startsWith('/api/auth/') === false) {
          expect(Object.keys(ERROR_STATUS)).toContain(response.json.error.code);
        }
        if (expected < 300 && row.check) row.check(persona, response.json, world);
      });
    }
  }

  for (const row of ROWS.filter((item) => !item.path.startsWith('/api/auth/') && takesInput(item))) {
    it(`admin ${row.method} ${row.path} with a NUL byte in any text → 400 naming the field`, async () => {
      const cases = nulCasesOf(row, await row.request(world, sessions.admin));
      expect(cases.length).toBeGreaterThan(0);
      for (const { field, options } of cases) {
        const response = await call(row.handler, { method: row.method, ...options });
        expect(response.status, field).toBe(400);
        expect(response.json.error.code, field).toBe('validation_failed');
        expect(Object.keys(response.json.error.fields ?? {}), field).toContain(field);
      }
    });
  }

  it('has a row for every endpoint the app serves', async () => {
    const endpoints = collectEndpoints(await listRouteModules());
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.path.replace(/ \(.*\)$/, '')}`));
    const missing = endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
    expect(endpoints.length).toBeGreaterThanOrEqual(17);
  });
});
