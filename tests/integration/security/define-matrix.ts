/**
 * The permission matrix of one domain: each of its rows × outsider, student,
 * other-cohort student, tutor, cohort admin and admin, and each input an
 * admin sends with a NUL byte inside. The world (cohorts A and B, their
 * people, a banner) is built once per file and every case runs in a
 * transaction rolled back afterwards, so each case sees the same world and
 * none sees another's writes; the personas' tokens are issued directly (the
 * sign-in itself has its own rows).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '~/lib/shared/constants';
import { ERROR_STATUS } from '~/lib/shared/errors';
import { getDb } from '~/lib/server/db/client';
import { issueTokenPair } from '~/lib/server/services/auth/issue-tokens';
import { getUserSummary } from '~/lib/server/services/users';
import { keepDataBetweenTests, runRolledBack } from '../../support/database';
import { call } from '../../support/http';
import { createBanner, createUser, createWorld, enrollStudent } from '../../factories';
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

/** The world every case of a file starts from, and each persona's tokens. */
async function buildWorld(): Promise<{ world: World; sessions: Record<Persona, Session> }> {
  const base = await createWorld();
  const cohortAdmin = await createUser({ userType: 'staff' });
  await enrollStudent(cohortAdmin, base.cohortA, { roleId: ROLE_IDS.cohortAdmin });
  const world: World = { ...base, cohortAdmin };
  await createBanner({ cohortId: world.cohortA.id, title: 'Banner de la cohorte A' });
  const sessions = { outsider: { email: 'outsider@senda.test' } } as Record<Persona, Session>;
  const db = await getDb();
  for (const persona of ['student', 'otherStudent', 'tutor', 'cohortAdmin', 'admin'] as const) {
    const summary = (await getUserSummary(world[persona].id))!;
    const tokens = await issueTokenPair(db, summary);
    sessions[persona] = { email: summary.email, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  }
  return { world, sessions };
}

/** Declares the matrix of one domain's rows (rows/*.ts): a test per row and persona, and the NUL tests of its inputs. */
export function defineSecurityMatrix(domain: string, rows: readonly Row[]): void {
  keepDataBetweenTests();
  let world: World;
  let sessions: Record<Persona, Session>;

  beforeAll(async () => {
    ({ world, sessions } = await buildWorld());
  });
  describe(`security matrix: ${domain}`, () => {
    for (const row of rows) {
      for (const persona of PERSONAS) {
        const expected = expectedOf(row, persona);
        it(`${persona} ${row.method} ${row.path} → ${expected}`, () =>
          runRolledBack(async () => {
            const response = await call(row.handler, { method: row.method, ...(await row.request(world, sessions[persona])) });
            expect(response.status).toBe(expected);
            if (response.status >= 400 && response.status !== 401 && row.path.startsWith('/api/auth/') === false) {
              expect(Object.keys(ERROR_STATUS)).toContain(response.json.error.code);
            }
            if (expected < 300 && row.check) await row.check(persona, response.json, world);
          }));
      }
    }

    for (const row of rows.filter((item) => !item.path.startsWith('/api/auth/') && takesInput(item))) {
      it(`admin ${row.method} ${row.path} with a NUL byte in any text → 400 naming the field`, () =>
        runRolledBack(async () => {
          const cases = nulCasesOf(row, await row.request(world, sessions.admin));
          expect(cases.length).toBeGreaterThan(0);
          for (const { field, options } of cases) {
            const response = await call(row.handler, { method: row.method, ...options });
            expect(response.status, field).toBe(400);
            expect(response.json.error.code, field).toBe('validation_failed');
            expect(Object.keys(response.json.error.fields ?? {}), field).toContain(field);
          }
        }));
    }
  });
}
