import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SECRET_FILE = 'auth-secret';

export class MissingSecretError extends Error {}

/**
 * Makes sure AUTH_SECRET is set. In production it must come from the
 * environment; in development a random one is generated once and kept in
 * the data directory. Returns the file path when one was created.
 */
export function ensureAuthSecret(env: NodeJS.ProcessEnv, dataDir: string): { created: string | null } {
  if (env.AUTH_SECRET) return { created: null };
  if (env.NODE_ENV === 'production') throw new MissingSecretError('AUTH_SECRET');
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
    return { created: null };
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(33).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  env.AUTH_SECRET = secret;
  return { created: file };
}
