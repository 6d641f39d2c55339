/** Ley 1581: who read, exported, changed or anonymised whose personal data, and when. */
import { desc, eq } from 'drizzle-orm';
import type { AccessLogEntry } from '~/lib/shared/schemas/people';
import type { DbOrTx } from '~/lib/server/db/client';
import { personalDataAccess, users } from '~/lib/server/db/schema';

export type PersonalDataAction = 'read' | 'export' | 'update' | 'anonymize';

/** Records that a member of staff touched someone's personal data (a person's own reads are not logged). */
export async function logPersonalDataAccess(db: DbOrTx, actorId: number, subjectId: number, action: PersonalDataAction): Promise<void> {
  if (actorId === subjectId) return;
  await db.insert(personalDataAccess).values({ actorId, subjectId, action });
}

/** The newest entries about one person, with who did it. */
export async function listPersonalDataAccess(db: DbOrTx, subjectId: number, limit = 50): Promise<AccessLogEntry[]> {
  const rows = await db
    .select({ action: personalDataAccess.action, at: personalDataAccess.at, actorId: personalDataAccess.actorId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(personalDataAccess)
    .leftJoin(users, eq(users.id, personalDataAccess.actorId))
    .where(eq(personalDataAccess.subjectId, subjectId))
    .orderBy(desc(personalDataAccess.at), desc(personalDataAccess.id))
    .limit(limit);
  return rows.map((row) => ({
    action: row.action,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email ?? '' },
  }));
}
