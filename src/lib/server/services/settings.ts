import { eq } from 'drizzle-orm';
import { defineCache } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { settings } from '~/lib/server/db/schema';

const MAINTENANCE_KEY = 'maintenance';

export interface Maintenance {
  enabled: boolean;
  /** The operator's message, or null for the default 'Mantenimiento en curso'. */
  message: string | null;
}

/** Settings by key: every server drops one the moment it changes anywhere. */
const cache = defineCache<string, Maintenance>({ ttlMs: 60_000, max: 10, invalidatedBy: { settings: (keys) => (keys.key ?? []).map(String) } });

/** The maintenance state (cached: every request asks). */
export function getMaintenance(): Promise<Maintenance> {
  return cache.getOrLoad(MAINTENANCE_KEY, async () => {
    const db = await getDb();
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MAINTENANCE_KEY));
    const stored = row?.value as Partial<Maintenance> | undefined;
    return { enabled: stored?.enabled === true, message: typeof stored?.message === 'string' ? stored.message : null };
  });
}

/** Turns maintenance mode on or off, with an optional message. */
export async function setMaintenance(enabled: boolean, message: string | null = null): Promise<Maintenance> {
  const db = await getDb();
  const value: Maintenance = { enabled, message: enabled ? message : null };
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

