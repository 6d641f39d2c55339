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
import { createBanner, createWorld, DEFAULT_PASSWORD } from '../../factories';
import { PERSONAS, type Persona, type Row, type Session, type World } from './matrix-types';

const ROWS: Row[] = Object.values(import.meta.glob<{ ROWS: Row[] }>('./rows/*.ts', { eager: true })).flatMap((module) => module.ROWS);

describe('security matrix', () => {
  let world: World;
  const sessions = {} as Record<Persona, Session>;

  beforeEach(async () => {
    world = await createWorld();
    await createBanner({ cohortId: world.cohortA.id, title: 'Banner de la cohorte A' });
    sessions.outsider = { email: 'outsider@senda.test' };
    for (const persona of ['student', 'otherStudent', 'tutor', 'admin'] as const) {
      const { email } = world[persona];
      const result = await loginWithPassword({ email, password: DEFAULT_PASSWORD, ip: `10.1.0.${PERSONAS.indexOf(persona)}` });
      sessions[persona] = { email, accessToken: result.accessToken, refreshToken: result.refreshToken };
    }
  });

  for (const row of ROWS) {
    for (const persona of PERSONAS) {
      const expected = row.expected[persona];
      it(`${persona} ${row.method} ${row.path} → ${expected}`, async () => {
        const response = await call(row.handler, { method: row.method, ...(await row.request(world, sessions[persona])) });
        expect(response.status).toBe(expected);
        if (response.status >= 400 && response.status !== 401 && row.path.startsWith('/api/auth/') === false) {
          expect(response.json.error.code).toBeTruthy();
        }
        if (expected < 300 && row.check) row.check(persona, response.json, world);
      });
    }
  }

  it('has a row for every endpoint the app serves', async () => {
    const endpoints = collectEndpoints(await listRouteModules());
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.path.replace(/ \(.*\)$/, '')}`));
    const missing = endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
    expect(endpoints.length).toBeGreaterThanOrEqual(17);
  });
});
