import { eq } from 'drizzle-orm';
import { createTtlCache } from '~/lib/server/cache/ttl-cache';
import { getDb } from '~/lib/server/db/client';
import { settings } from '~/lib/server/db/schema';

const MAINTENANCE_KEY = 'maintenance';
/** Other app servers see a change within this long. */
const SETTINGS_CACHE_TTL_MS = 2000;

export interface Maintenance {
  enabled: boolean;
  /** The operator's message, or null for the default 'Mantenimiento en curso'. */
  message: string | null;
}

const cache = createTtlCache<typeof MAINTENANCE_KEY, Maintenance>(SETTINGS_CACHE_TTL_MS);

/** The maintenance state, cached briefly because every request asks. */
export async function getMaintenance(): Promise<Maintenance> {
  const cached = cache.get(MAINTENANCE_KEY);
  if (cached) return cached;
  const db = await getDb();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MAINTENANCE_KEY));
  const stored = row?.value as Partial<Maintenance> | undefined;
  const value: Maintenance = { enabled: stored?.enabled === true, message: typeof stored?.message === 'string' ? stored.message : null };
  cache.set(MAINTENANCE_KEY, value);
  return value;
}

/** Turns maintenance mode on or off, with an optional message. */
export async function setMaintenance(enabled: boolean, message: string | null = null): Promise<Maintenance> {
  const db = await getDb();
  const value: Maintenance = { enabled, message: enabled ? message : null };
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  cache.clear();
  return value;
}

