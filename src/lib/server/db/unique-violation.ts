/** The constraint a write broke when it is a unique violation (SQLSTATE 23505), on PGlite and PostgreSQL alike; null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
