/**
 * What every page of an assignment reads: its row, and the due dates its
 * cohorts moved. Both are dropped by the change feed when they change (ADR
 * 006); submissions and grades are never cached, they are read fresh by index.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignmentDueDates, assignments } from '~/lib/server/db/schema';

export type AssignmentRow = typeof assignments.$inferSelect;

const CACHE_TTL_MS = 10 * 60_000;

/** Rows by id (false: no such assignment, kept until one with that id is written). */
const assignmentRows = defineCache<number, AssignmentRow | false>({
  ttlMs: CACHE_TTL_MS,
  max: 20_000,
  invalidatedBy: { assignments: (keys) => idsOf(keys, 'id') },
});

/** An assignment's row (cached); null when there is none. */
export async function findAssignmentRow(assignmentId: number): Promise<AssignmentRow | null> {
  const row = await assignmentRows.getOrLoad(assignmentId, async () => {
    const db = await getDb();
    const [found] = await db.select().from(assignments).where(eq(assignments.id, assignmentId));
    return found ?? false;
  });
  return row || null;
}

/** The due dates cohorts moved, by assignment id: cohort id → ISO date. */
const movedDueDates = defineCache<number, ReadonlyMap<number, string>>({
  ttlMs: CACHE_TTL_MS,
  max: 20_000,
  invalidatedBy: { assignment_due_dates: (keys) => idsOf(keys, 'assignment_id') },
});

/** The due dates some assignments' cohorts moved (cached per assignment). */
export function getMovedDueDates(assignmentIds: readonly number[]): Promise<Map<number, ReadonlyMap<number, string>>> {
  return movedDueDates.getManyOrLoad([...new Set(assignmentIds)], async (missing) => {
    const db = await getDb();
    const rows = await db
      .select()
      .from(assignmentDueDates)
      .where(inArray(assignmentDueDates.assignmentId, missing))
      .orderBy(asc(assignmentDueDates.assignmentId));
    const found = new Map<number, Map<number, string>>(missing.map((id) => [id, new Map()]));
    for (const row of rows) found.get(row.assignmentId)!.set(row.cohortId, row.dueAt.toISOString());
    return found;
  });
}
