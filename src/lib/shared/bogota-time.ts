/**
 * Release dates are chosen and shown in Bogotá time: America/Bogota is UTC−5
 * all year (Colombia has no daylight saving), so a fixed offset converts
 * between an instant and what a `datetime-local` input shows.
 */

const BOGOTA_OFFSET = '-05:00';
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
/** What a `datetime-local` input gives: date and minutes, no zone (seconds are optional). */
const LOCAL_INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The value a `datetime-local` input shows for an instant, in Bogotá time ("2025-03-01T08:00"). */
export function toBogotaInputValue(instant: string | Date): string {
  const ms = new Date(instant).getTime() + BOGOTA_OFFSET_MS;
  return new Date(ms).toISOString().slice(0, 16);
}

/**
 * The instant a `datetime-local` value names when read as Bogotá time, as an
 * ISO date-time with its offset ("2025-03-01T08:00:00-05:00"); null when the
 * value is empty or not a real date.
 */
export function fromBogotaInputValue(value: string): string | null {
  const match = LOCAL_INPUT_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${BOGOTA_OFFSET}`;
  const parsed = new Date(iso);
  // Rejects 2025-02-30 and 24:61: the instant must read back as the same wall-clock time.
  if (Number.isNaN(parsed.getTime()) || toBogotaInputValue(parsed) !== `${year}-${month}-${day}T${hour}:${minute}`) return null;
  return iso;
}
