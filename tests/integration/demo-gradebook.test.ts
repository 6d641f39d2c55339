/** The demo gradebook: the basics course weighted 60/40, the program's rule, and a cohort with Camila and Laura approved (Laura certified) and Mateo at risk. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { certificates, cohorts } from '~/lib/server/db/schema';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';

it('seeds a cohort where students meet the rule, one of them already certified, and one is at risk', async () => {
  const db = await getDb();
  await seedDemoData(db);
  const [cohort] = await db.select().from(cohorts).where(eq(cohorts.name, 'Cohorte 2026-2 Calificaciones'));
  const rows = await approvalsOf(db, cohort!.id);
  expect(rows.map((row) => [row.email, row.state, row.grade])).toEqual([
    ['mateo.gomez@senda.test', 'at_risk', 0.6],
    ['laura.mendez@senda.test', 'approved', 4.7],
    ['camila.rojas@senda.test', 'approved', 4.3],
  ]);
  expect(rows[0]!.missing).toMatchObject({ assignments: 1, grade: { current: 0.6, required: 3 } });
  // Laura's certificate is issued and valid; Camila's is left for the admin to issue (the e2e journey does).
  const issued = await db.select().from(certificates).where(eq(certificates.cohortId, cohort!.id));
  expect(issued.map((row) => [row.userId, row.revokedAt])).toEqual([[rows[1]!.userId, null]]);
});
