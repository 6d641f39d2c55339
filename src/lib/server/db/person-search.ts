import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '~/lib/server/db/schema';

/** `%`, `_` and `\` match literally in a search. */
const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Users whose first name, last name, "first last" or email contains the text, in any case. */
export function matchesPersonSearch(search: string): SQL {
  const pattern = `%${escapeLikePattern(search)}%`;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
  )!;
}
