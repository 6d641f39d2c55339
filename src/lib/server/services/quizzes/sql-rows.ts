/** The rows of a raw `db.execute`: PGlite answers `{ rows }`, node-postgres through Drizzle too, some drivers an array. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
