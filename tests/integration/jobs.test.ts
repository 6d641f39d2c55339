/**
 * The job engine (pg-boss) on the test database, PGlite here and PostgreSQL
 * in CI: a job runs, a failing one retries with backoff and ends in its
 * dead-letter queue, and the operator's report shows it.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase, getDb } from '~/lib/server/db/client';
import { authThrottle, refreshTokens } from '~/lib/server/db/schema';
import { enqueueJob, startJobEngine, type JobEngine } from '~/lib/server/jobs/job-engine';
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { runOperatorCommand } from '~/lib/server/ops/commands';
import { purgeExpiredSessions } from '~/lib/server/services/auth/purge-expired-sessions';
import { createUser } from '../factories';

let engine: JobEngine | null = null;
afterEach(async () => {
  await engine?.stop();
  engine = null;
});

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the job engine', () => {
  it('runs a job, and retries a failing one with backoff until it lands in the dead-letter queue, where the report shows it', async () => {
    const done: unknown[] = [];
    let attempts = 0;
    const queues: JobQueue[] = [
      { name: 'test.greet', retryLimit: 0, retryDelayS: 1, pollingIntervalS: 0.5, handle: async (data) => void done.push(data) },
      {
        name: 'test.fail',
        retryLimit: 1,
        retryDelayS: 1,
        pollingIntervalS: 0.5,
        handle: async () => {
          attempts++;
          throw new Error('el servicio externo no responde');
        },
      },
    ];
    engine = await startJobEngine(await getDatabase(), { runWorkers: true, queues });
    // Services queue through enqueueJob, which finds the engine the app started.
    await enqueueJob('test.greet', { hola: 'mundo' });
    const failing = await engine.send('test.fail', {});
    await until(async () => done.length === 1);
    expect(done).toEqual([{ hola: 'mundo' }]);

    await until(async () => (await runOperatorCommand({ name: 'jobs' })).lines?.some((line) => line.params.id === failing) ?? false);
    expect(attempts).toBe(2);
    const { lines: more = [], ...first } = await runOperatorCommand({ name: 'jobs' });
    const lines = [first, ...more];
    expect(lines).toContainEqual({ key: 'cli.jobsQueue', params: { name: 'test.fail', created: 0, retry: 0, active: 0, completed: 0, failed: 1 } });
    expect(lines).toContainEqual({ key: 'cli.jobsQueue', params: expect.objectContaining({ name: 'test.fail.failed', created: 1 }) });
    expect(lines).toContainEqual({ key: 'cli.jobsFailure', params: expect.objectContaining({ queue: 'test.fail', id: failing, message: 'el servicio externo no responde' }) });
  }, 60_000);
});

describe('the hourly session purge', () => {
  it('deletes refresh tokens past their expiry and finished sign-in counters, and keeps the live ones', async () => {
    const user = await createUser();
    const db = await getDb();
    const hour = 3600_000;
    await db.insert(refreshTokens).values([
      { userId: user.id, familyId: crypto.randomUUID(), tokenHash: 'expired', expiresAt: new Date(Date.now() - hour) },
      { userId: user.id, familyId: crypto.randomUUID(), tokenHash: 'live', expiresAt: new Date(Date.now() + hour) },
    ]);
    await db.insert(authThrottle).values([
      { key: 'login:ip:old', windowStartedAt: new Date(Date.now() - 2 * hour), failures: 3 },
      { key: 'login:ip:new', windowStartedAt: new Date(), failures: 1 },
    ]);
    expect(await purgeExpiredSessions()).toEqual({ refreshTokens: 1, throttles: 1 });
    expect((await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((row) => row.hash)).toEqual(['live']);
    expect(await db.select({ key: authThrottle.key }).from(authThrottle).where(eq(authThrottle.key, 'login:ip:new'))).toHaveLength(1);
    expect(await db.select().from(authThrottle)).toHaveLength(1);
  });
});
