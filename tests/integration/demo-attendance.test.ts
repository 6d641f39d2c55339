/** The demo attendance (issue 32): Cali's in-person workshop with mixed statuses and an excuse, the online class with imported minutes, and Brayan's absence alert on the admin's dashboard. */
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { cohorts, liveSessions, users } from '~/lib/server/db/schema';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { listAbsenceAlerts } from '~/lib/server/services/attendance/absence-alerts';
import { listAttendanceAudit } from '~/lib/server/services/attendance/audit';
import { listExcuses } from '~/lib/server/services/attendance/excuses';
import { getSessionRoster } from '~/lib/server/services/attendance/roster';
import { listCohortsWithAbsenceAlerts } from '~/lib/server/services/attendance/staff-pages';
import { callerOf } from '../factories/forums';

it('seeds an in-person session with mixed statuses and excuses, an online one with imported minutes, and one student with an absence alert', async () => {
  const db = await getDb();
  await seedDemoData(db);
  const [cali] = await db.select().from(cohorts).where(eq(cohorts.name, 'Cohorte 2026-1 Cali'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@senda.test'));
  const caller = await callerOf(admin!);
  const [workshop, online] = await db.select().from(liveSessions).where(eq(liveSessions.cohortId, cali!.id)).orderBy(asc(liveSessions.startsAt));
  expect(workshop).toMatchObject({ kind: 'in_person', place: 'Sede Cali, aula 204' });
  const statuses = new Set((await getSessionRoster(caller, workshop!.id)).map((row) => row.status));
  expect([...statuses].sort()).toEqual(['absent', 'excused', 'late', 'present']);
  expect((await listExcuses(caller, workshop!.id)).map((excuse) => excuse.status).sort()).toEqual(['accepted', 'pending']);

  expect(online).toMatchObject({ kind: 'online' });
  const roster = await getSessionRoster(caller, online!.id);
  expect(roster.every((row) => row.minutes !== null)).toBe(true);
  expect((await listAttendanceAudit(caller, online!.id)).every((entry) => entry.reason === 'Reporte de participantes de Zoom')).toBe(true);

  expect((await listAbsenceAlerts(db, cali!.id)).map((alert) => [alert.email, alert.consecutiveAbsences])).toEqual([['cali09@senda.test', 3]]);
  expect((await listCohortsWithAbsenceAlerts(caller)).filter((cohort) => cohort.alerts > 0)).toEqual([{ cohortId: cali!.id, name: 'Cohorte 2026-1 Cali', alerts: 1 }]);
});
