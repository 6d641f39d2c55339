import { describe, expect, it } from 'vitest';
import { ensureSharedAuthSecret, MissingSecretError } from '~/lib/server/boot/secret';
import { getDb } from '~/lib/server/db/client';

describe('the development secret on PostgreSQL', () => {
  it('is generated once and kept in the database, so every app server signs and accepts the same tokens (issue 9)', async () => {
    const db = await getDb();
    const first: NodeJS.ProcessEnv = {};
    const second: NodeJS.ProcessEnv = {};
    expect(await ensureSharedAuthSecret(first, db, true)).toBe(true);
    expect(await ensureSharedAuthSecret(second, db, true)).toBe(false);
    expect(first.AUTH_SECRET).toMatch(/^[\w-]{44}$/);
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it('is never generated in production, and a secret from the environment wins', async () => {
    const db = await getDb();
    await expect(ensureSharedAuthSecret({}, db, false)).rejects.toThrow(MissingSecretError);
    const given: NodeJS.ProcessEnv = { AUTH_SECRET: 'x'.repeat(40) };
    expect(await ensureSharedAuthSecret(given, db, false)).toBe(false);
    expect(given.AUTH_SECRET).toBe('x'.repeat(40));
  });
});
