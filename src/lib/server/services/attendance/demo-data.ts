/**
 * Demo attendance (issue 32), in "Cohorte 2026-1 Cali" (the admin's, so the
 * demo tutor's screens stay as they were): an in-person workshop six days
 * ago with mixed statuses, an accepted excuse and a pending one; an online
 * class four days ago with the minutes imported from its Zoom report; and
 * a second workshop two days ago. Brayan Palacios missed all three: his
 * absence alert is on the admin's dashboard. The online class's marks went
 * through the same path as an import after the class (audited).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { statusFromMinutes, DEFAULT_ATTENDANCE_SETTINGS, type AttendanceStatus } from '~/lib/shared/attendance';
import type { Tx } from '~/lib/server/db/client';
import { attendanceExcuses, cohorts, liveAttendance, liveSessions, users } from '~/lib/server/db/schema';
import { applyMarks } from './apply-marks';

const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

/** Each Cali student's line, by e-mail: the first workshop's status, the online class's minutes, whether they came to the second workshop. */
const PLAN: Record<string, { workshop: AttendanceStatus; note?: string; minutes: number; second: boolean }> = {
  'cali01@senda.test': { workshop: 'present', minutes: 60, second: true },
  'cali02@senda.test': { workshop: 'present', minutes: 58, second: true },
  'cali03@senda.test': { workshop: 'late', note: 'Llegó 20 minutos tarde por el transporte', minutes: 40, second: true },
  'cali04@senda.test': { workshop: 'present', minutes: 55, second: true },
  'cali05@senda.test': { workshop: 'present', minutes: 60, second: true },
  'cali06@senda.test': { workshop: 'absent', minutes: 25, second: true },
  'cali07@senda.test': { workshop: 'present', minutes: 52, second: true },
  'cali08@senda.test': { workshop: 'late', minutes: 49, second: true },
  'cali09@senda.test': { workshop: 'absent', minutes: 0, second: false },
  'cali10@senda.test': { workshop: 'excused', minutes: 60, second: true },
  'cali11@senda.test': { workshop: 'present', minutes: 31, second: true },
  'cali12@senda.test': { workshop: 'present', minutes: 57, second: true },
};

/** Writes the demo attendance into the seed's transaction (see the module comment). */
export async function seedDemoAttendance(tx: Tx, options: { admin: number }): Promise<void> {
  const [cali] = await tx.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.name, 'Cohorte 2026-1 Cali'));
  if (!cali) return;
  const students = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.keys(PLAN))).orderBy(asc(users.email));
  const [workshop, online, second] = await tx
    .insert(liveSessions)
    .values([
      {
        cohortId: cali.id,
        className: 'Taller presencial: depuración paso a paso',
        description: 'Traer el portátil con el proyecto de la semana.',
        videoLink: 'https://meet.example.co/senda-cali-taller',
        durationS: 3 * 3600,
        startsAt: hoursAgo(6 * 24 + 3),
        endsAt: hoursAgo(6 * 24),
        kind: 'in_person' as const,
        place: 'Sede Cali, aula 204',
        plannedHours: 3,
        createdBy: options.admin,
      },
      {
        cohortId: cali.id,
        className: 'Clase en línea: funciones y ciclos',
        videoLink: 'https://zoom.example.co/j/81234567890',
        durationS: 3600,
        startsAt: hoursAgo(4 * 24 + 1),
        endsAt: hoursAgo(4 * 24),
        kind: 'online' as const,
        plannedHours: 1,
        createdBy: options.admin,
      },
      {
        cohortId: cali.id,
        className: 'Taller presencial: arreglos',
        videoLink: 'https://meet.example.co/senda-cali-taller-2',
        durationS: 2 * 3600,
        startsAt: hoursAgo(2 * 24 + 2),
        endsAt: hoursAgo(2 * 24),
        kind: 'hybrid' as const,
        place: 'Sede Cali, aula 204',
        plannedHours: 2,
        createdBy: options.admin,
      },
    ])
    .returning();
  const planOf = (email: string) => PLAN[email]!;

  // The workshop's roll call, taken on a phone during it (no audit).
  await applyMarks(
    tx,
    workshop!,
    students.map((student) => ({ userId: student.id, status: planOf(student.email).workshop === 'excused' ? 'absent' : planOf(student.email).workshop, note: planOf(student.email).note })),
    { by: options.admin, now: new Date(workshop!.startsAt.getTime() + 30 * 60_000) },
  );
  // Two excuses: Esteban's accepted (his absence became excused, audited), María José's waiting for review.
  const byEmail = new Map(students.map((student) => [student.email, student.id]));
  const reviewedAt = hoursAgo(5 * 24);
  await tx.insert(attendanceExcuses).values([
    { sessionId: workshop!.id, userId: byEmail.get('cali10@senda.test')!, note: 'Tuve cita médica en la EPS a la misma hora; adjunto la constancia por correo.', status: 'accepted', reviewedBy: options.admin, reviewedAt, reviewNote: 'Constancia recibida' },
    { sessionId: workshop!.id, userId: byEmail.get('cali06@senda.test')!, note: 'Se me cruzó con el turno del trabajo.' },
  ]);
  await applyMarks(tx, workshop!, [{ userId: byEmail.get('cali10@senda.test')!, status: 'excused' }], { by: options.admin, reason: 'Constancia recibida', now: reviewedAt });

  // The online class's minutes from its Zoom report, imported after the class (audited), by the default thresholds.
  const sessionMinutes = 60;
  await applyMarks(
    tx,
    online!,
    students.map((student) => {
      const { minutes } = planOf(student.email);
      return { userId: student.id, minutes, status: statusFromMinutes(minutes, sessionMinutes, DEFAULT_ATTENDANCE_SETTINGS) };
    }),
    { by: options.admin, reason: 'Reporte de participantes de Zoom', now: new Date(online!.endsAt.getTime() + 2 * HOUR_MS) },
  );

  // The second workshop: everyone checked in with the QR code but Brayan (no record: absent).
  const checkedIn = students.filter((student) => planOf(student.email).second);
  await tx.insert(liveAttendance).values(checkedIn.map((student, index) => ({ sessionId: second!.id, userId: student.id, status: 'present' as const, firstJoinedAt: new Date(second!.startsAt.getTime() + index * 20_000), lastJoinedAt: new Date(second!.startsAt.getTime() + index * 20_000), markedAt: new Date(second!.startsAt.getTime() + index * 20_000) })));
}
