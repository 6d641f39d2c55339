/**
 * `npm start` supervises its app server (issue 17): when the server process
 * dies, a new one is started and the next request is answered, with the data
 * saved before the death still there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, REPO_ROOT, serverEnv, SUPERVISED_SERVER as SUPERVISED } from './support/servers';

const pidOf = () => readFileSync(join(SUPERVISED.dataDir, 'server.pid'), 'utf8').trim();

async function statusAnswered(): Promise<boolean> {
  try {
    return (await fetch(`${SUPERVISED.url}/api/v2/status/`)).status === 200;
  } catch {
    return false;
  }
}

let supervisor: ChildProcess;

test.beforeAll(async () => {
  rmSync(SUPERVISED.dataDir, { recursive: true, force: true });
  mkdirSync(SUPERVISED.dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv(SUPERVISED) };
  delete env.DATABASE_URL;
  supervisor = spawn('npm', ['start'], { cwd: REPO_ROOT, env, detached: true, stdio: 'ignore' });
  await expect.poll(statusAnswered, { timeout: 90_000, intervals: [500] }).toBe(true);
});

test.afterAll(async () => {
  if (supervisor.pid) process.kill(-supervisor.pid, 'SIGTERM');
  await expect.poll(statusAnswered, { timeout: 30_000 }).toBe(false);
});

test('a server process that dies is replaced, answers the next request, and what was saved is still there', async ({ request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${SUPERVISED.url}/api/v2/auth/login/`, { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  expect((await request.post(`${SUPERVISED.url}/api/v2/programs/`, { headers, data: { name: 'Guardado antes de la caída' } })).status()).toBe(201);

  const dead = pidOf();
  process.kill(Number(dead), 'SIGKILL');
  await expect.poll(statusAnswered, { timeout: 60_000, intervals: [250] }).toBe(true);
  expect(pidOf()).not.toBe(dead);

  const programs = await request.get(`${SUPERVISED.url}/api/v2/programs/`, { headers });
  expect(((await programs.json()) as { results: { name: string }[] }).results.map((program) => program.name)).toContain('Guardado antes de la caída');
});
