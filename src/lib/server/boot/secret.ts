import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/server/db/client';
import { settings } from '~/lib/server/db/schema';

export const SECRET_FILE = 'auth-secret';

export class MissingSecretError extends Error {}

const newSecret = () => randomBytes(33).toString('base64url');

/**
 * Makes sure AUTH_SECRET is set, on the embedded database (PGlite, one
 * process). In production it must come from the environment; in development
 * a random one is generated once and kept in the data directory. Returns the
 * file path when one was created.
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
  const secret = newSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  env.AUTH_SECRET = secret;
  return { created: file };
}

const SECRET_SETTING = 'development_auth_secret';

/**
 * The same on PostgreSQL, where several app servers (on several machines)
 * must sign and accept the same tokens: the development secret is generated
 * once and kept in the database, where every server finds it. Production
 * still requires AUTH_SECRET. Returns true when this call created it.
 */
export async function ensureSharedAuthSecret(env: NodeJS.ProcessEnv, db: Db, isDevelopment: boolean): Promise<boolean> {
  if (env.AUTH_SECRET) return false;
  if (!isDevelopment) throw new MissingSecretError('AUTH_SECRET');
  const created = await db.insert(settings).values({ key: SECRET_SETTING, value: { secret: newSecret() } }).onConflictDoNothing().returning();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_SETTING));
  env.AUTH_SECRET = (row!.value as { secret: string }).secret;
  return created.length > 0;
}
