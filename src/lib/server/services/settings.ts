import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { settings } from '../db/schema';

const MAINTENANCE_KEY = 'maintenance';
/** Other app servers see a change within this long. */
const SETTINGS_CACHE_TTL_MS = 2000;

export interface Maintenance {
  enabled: boolean;
  /** The operator's message, or null for the default 'Mantenimiento en curso'. */
  message: string | null;
}

let cache: { value: Maintenance; expiresAt: number } | null = null;

/** The maintenance state, cached briefly because every request asks. */
export async function getMaintenance(): Promise<Maintenance> {
  const now = Date.now();
  if (cache && cache.expiresAt > now) return cache.value;
  const db = await getDb();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MAINTENANCE_KEY));
  const stored = row?.value as Partial<Maintenance> | undefined;
  const value: Maintenance = { enabled: stored?.enabled === true, message: typeof stored?.message === 'string' ? stored.message : null };
  cache = { value, expiresAt: now + SETTINGS_CACHE_TTL_MS };
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
  cache = null;
  return value;
}

/** Drops cached settings (tests and the operator socket). */
export function clearSettingsCache(): void {
  cache = null;
}
