/** The matrix misses nothing: a final check fails when an endpoint exists without a row in rows/*.ts. */
import { expect, it } from 'vitest';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { collectEndpoints } from '~/lib/server/http/openapi';
import type { Row } from './matrix-types';

const ROWS: Row[] = Object.values(import.meta.glob<{ ROWS: Row[] }>('./rows/*.ts', { eager: true })).flatMap((module) => module.ROWS);

it('has a row for every endpoint the app serves', async () => {
  const endpoints = collectEndpoints(await listRouteModules());
  const covered = new Set(ROWS.map((row) => `${row.method} ${row.path.replace(/ \(.*\)$/, '')}`));
  const missing = endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !covered.has(key));
  expect(missing).toEqual([]);
  expect(endpoints.length).toBeGreaterThanOrEqual(17);
});
