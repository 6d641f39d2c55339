/** Ids are PostgreSQL `integer` identity columns: a larger number can name no row (and would make the query fail). */
export const MAX_ROW_ID = 2_147_483_647;

/** A page's `[id]` parameter as a row id, or null when it cannot name a row (the page answers 404). */
export function parseRowId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
}
