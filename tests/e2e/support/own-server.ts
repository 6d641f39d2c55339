/**
 * A server a spec starts for itself, on fresh demo data, when what it does
 * must not touch the main server's (or what the main server's other specs
 * did must not touch it): started before the spec's tests, stopped after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, serverEnv, type E2EServer } from './servers';

async function isAnswering(target: E2EServer): Promise<boolean> {
  try {
    return (await fetch(`${target.url}/api/v2/status/`)).status === 200;
  } catch {
    return false;
  }
}

/** Starts `npm start` for `target` on an empty data directory (migrated and seeded at start) before the spec's tests, and stops it after them. */
export function useOwnServer(target: E2EServer): void {
  let server: ChildProcess | undefined;
  test.use({ baseURL: target.url });
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    rmSync(target.dataDir, { recursive: true, force: true });
    mkdirSync(target.dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv(target) };
    delete env.DATABASE_URL;
    server = spawn('npm', ['start'], { cwd: REPO_ROOT, env, detached: true, stdio: 'ignore' });
    await expect.poll(() => isAnswering(target), { timeout: 120_000, intervals: [500] }).toBe(true);
  });
  test.afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await expect.poll(() => isAnswering(target), { timeout: 30_000 }).toBe(false);
  });
}
