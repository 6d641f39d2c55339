import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/lib/server/config';
import { ensureAuthSecret, MissingSecretError } from '~/lib/server/boot/secret';

describe('configuration', () => {
  it('has working defaults', () => {
    expect(parseConfig({})).toMatchObject({ PORT: 4321, SENDA_DATA_DIR: './data', ACCESS_TOKEN_TTL_S: 1800 });
  });

  it('refuses an access-token lifetime inside the 300 s window, saying why', () => {
    expect(() => parseConfig({ ACCESS_TOKEN_TTL_S: '300' })).toThrow(/ACCESS_TOKEN_TTL_S must exceed the 300 s expiry window/);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads TRUST_PROXY as the number of proxies in front: true is one, false none', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be true, false or the number of proxies/);
  });
});

describe('the auth secret', () => {
  it('is generated once in development and kept in the data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'senda-secret-'));
    const first: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    expect(ensureAuthSecret(first, dir).created).toBe(join(dir, 'auth-secret'));
    expect(first.AUTH_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    const second: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    expect(ensureAuthSecret(second, dir).created).toBeNull();
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.AUTH_SECRET);
  });

  it('is required in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'senda-secret-'));
    expect(() => ensureAuthSecret({ NODE_ENV: 'production' }, dir)).toThrow(MissingSecretError);
    expect(ensureAuthSecret({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }, dir).created).toBeNull();
  });
});
