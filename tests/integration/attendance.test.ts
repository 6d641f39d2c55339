/**
 * Issue 32: attendance a funder accepts. Statuses and the roll call
 * (idempotent, safe to replay offline), the audit of changes after a
 * session, excuses with a real file and their review, QR check-in on an
 * injected clock, a program's thresholds, the participant reports of Meet,
 * Zoom and Teams, the attendance % the approval rule reads, and the
 * consecutive-absence alerts.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUT as rollCallEndpoint } from '~/pages/api/v2/live-session/[id]/attendance/index';
import { POST as checkInEndpoint } from '~/pages/api/v2/live-session/[id]/check-in';
import { POST as importEndpoint } from '~/pages/api/v2/live-session/[id]/attendance/import';
import { POST as createSessionEndpoint } from '~/pages/api/v2/live-session/index';
import { GET as sessionExportEndpoint } from '~/pages/api/v2/live-session/[id]/attendance/export';
import { GET as cohortExportEndpoint } from '~/pages/api/v2/cohorts/[id]/attendance/export';
import { getDb } from '~/lib/server/db/client';
import { attendanceAudit, attendanceExcuses, liveAttendance, liveSessions, mailMessages } from '~/lib/server/db/schema';
import { sendAbsenceDigests } from '~/lib/server/services/attendance/absence-digest';
import { listCohortsWithAbsenceAlerts } from '~/lib/server/services/attendance/staff-pages';
import { renderMail } from '~/lib/server/services/mail/render-mail';
import { getStorage } from '~/lib/server/storage';
import { listAbsenceAlerts } from '~/lib/server/services/attendance/absence-alerts';
import { listAttendanceAudit } from '~/lib/server/services/attendance/audit';
import { checkIn, checkInCodeOf, checkInWindowOf, getCheckInCode } from '~/lib/server/services/attendance/check-in';
import { getExcuseFile, reviewExcuse, submitExcuse } from '~/lib/server/services/attendance/excuses';
import { importSessionMinutes } from '~/lib/server/services/attendance/import-minutes';
import { getMyAttendance } from '~/lib/server/services/attendance/my-attendance';
import { parseParticipantReport } from '~/lib/server/services/attendance/parse-participant-report';
import { getSessionRoster, markAttendance } from '~/lib/server/services/attendance/roster';
import { joinLiveSession } from '~/lib/server/services/live-sessions/attendance';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';
import { getT } from '~/i18n';
import { CHECK_IN_WINDOW_MS } from '~/lib/shared/attendance';
import { call } from '../support/http';
import { createUser, createWorld, enrollStudent } from '../factories';
import { createAttendance, setAttendanceSettings } from '../factories/attendance';
import { accessTokenFor, callerOf, createLiveSessionRow } from '../factories/forums';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/participant-reports/${name}`, import.meta.url)));
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function statusesOf(sessionId: number): Promise<Record<number, string>> {
  const db = await getDb();
  const rows = await db.select({ userId: liveAttendance.userId, status: liveAttendance.status }).from(liveAttendance).where(eq(liveAttendance.sessionId, sessionId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.status]));
}

async function auditCount(sessionId: number): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: attendanceAudit.id }).from(attendanceAudit).where(eq(attendanceAudit.sessionId, sessionId))).length;
}

/** Cohort A with three more students whose e-mails the participant-report fixtures name. */
async function onlineWorld() {
  const world = await createWorld();
  const ana = await createUser({ userType: 'student', firstName: 'Ana', lastName: 'Pérez', email: 'ana.perez@senda.test' });
  const bruno = await createUser({ userType: 'student', firstName: 'Bruno', lastName: 'Díaz', email: 'bruno.diaz@senda.test' });
  const carla = await createUser({ userType: 'student', firstName: 'Carla', lastName: 'Rojas', email: 'carla.rojas@senda.test' });
  for (const student of [ana, bruno, carla]) await enrollStudent(student, world.cohortA);
  const session = await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - 2 * DAY), kind: 'online' });
  return { ...world, ana, bruno, carla, session };
}

describe('attendance', () => {
  it('takes roll in bulk: the same marks again change nothing, an offline replay is not doubled, and only changes after the session are audited', async () => {
    const world = await createWorld();
    const second = await createUser({ userType: 'student', firstName: 'Beto' });
    await enrollStudent(second, world.cohortA);
    const startsAt = new Date(Date.now() - 30 * MINUTE);
    const session = await createLiveSessionRow(world.cohortA.id, { startsAt, kind: 'in_person', place: 'Aula 3' });
    const tutor = await callerOf(world.tutor);
    const during = new Date(startsAt.getTime() + 10 * MINUTE);
    const marks = [
      { userId: world.student.id, status: 'present' as const, markId: 'm-1', markedAt: during.toISOString() },
      { userId: second.id, status: 'absent' as const, note: 'No avisó', markId: 'm-2', markedAt: during.toISOString() },
    ];
    const first = await markAttendance(tutor, session.id, { marks }, during);
    expect(first.changed).toBe(2);
    expect(await statusesOf(session.id)).toEqual({ [world.student.id]: 'present', [second.id]: 'absent' });
    // The device sends the same marks again when the connection returns.
    expect((await markAttendance(tutor, session.id, { marks }, new Date(during.getTime() + MINUTE))).changed).toBe(0);
    // During the session nothing is audited.
    expect(await auditCount(session.id)).toBe(0);

    // After the session: a change is audited once, with who, from what, to what and why.
    const after = new Date(session.endsAt.getTime() + 5 * MINUTE);
    const change = { marks: [{ userId: second.id, status: 'late' as const, note: 'Llegó 9:40', markId: 'm-3' }], reason: 'Corrección de la lista' };
    // The same request sent twice at once (a flaky connection) is written and audited once.
    const twice = await Promise.all([markAttendance(tutor, session.id, change, after), markAttendance(tutor, session.id, change, after)]);
    expect(twice.map((result) => result.changed).sort()).toEqual([0, 1]);
    expect((await markAttendance(tutor, session.id, change, after)).changed).toBe(0);
    // An older offline mark (made during the class, sent late) does not undo the newer one.
    expect((await markAttendance(tutor, session.id, { marks: [{ ...marks[1]!, markId: 'm-2b' }] }, after)).changed).toBe(0);
    const audit = await listAttendanceAudit(await callerOf(world.admin), session.id);
    expect(audit).toEqual([expect.objectContaining({ userId: second.id, changedBy: world.tutor.id, fromStatus: 'absent', toStatus: 'late', reason: 'Corrección de la lista' })]);
    const roster = await getSessionRoster(tutor, session.id);
    expect(roster.find((row) => row.userId === second.id)).toMatchObject({ status: 'late', note: 'Llegó 9:40', markedBy: world.tutor.id });
  });

  it('answers a bad roll call with 4xx in the caller’s language, and a student can mark no one', async () => {
    const world = await createWorld();
    const session = await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - 5 * MINUTE) });
    const tutorToken = await accessTokenFor(world.tutor);
    const at = { path: `/api/v2/live-session/${session.id}/attendance/`, method: 'PUT', params: { id: String(session.id) } };
    const bad = await call(rollCallEndpoint, { ...at, token: tutorToken, body: { marks: [{ userId: world.student.id, status: 'gone' }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields['marks.0.status']).toBe('El estado debe ser presente, tarde, ausente o excusado');
    const english = await call(rollCallEndpoint, { ...at, token: tutorToken, headers: { 'accept-language': 'en' }, body: { marks: [{ userId: world.otherStudent.id, status: 'present' }] } });
    expect(english.status).toBe(400);
    expect(english.json.error.fields['marks.0.userId']).toBe("This person is not a student of the session's cohort");
    const empty = await call(rollCallEndpoint, { ...at, token: tutorToken, body: { marks: [] } });
    expect(empty.status).toBe(400);
    const malformed = await call(rollCallEndpoint, { ...at, token: tutorToken, rawBody: '{"marks": [' });
    expect(malformed.status).toBe(400);
    // A student marking themselves or anyone else: 403, and nothing is written.
    const studentToken = await accessTokenFor(world.student);
    const self = await call(rollCallEndpoint, { ...at, token: studentToken, body: { marks: [{ userId: world.student.id, status: 'present' }] } });
    expect(self.status).toBe(403);
    // Checking in for another user: the identity is the token's.
    const forOther = await call(checkInEndpoint, { path: `/api/v2/live-session/${session.id}/check-in/`, params: { id: String(session.id) }, token: studentToken, body: { code: '123456', idUser: world.tutor.id } });
    expect(forOther.status).toBe(403);
    expect(await statusesOf(session.id)).toEqual({});
  });

  it('checks in with the current or the previous 30-second code only, inside the session’s window, late after the program’s threshold', async () => {
    const world = await createWorld();
    await setAttendanceSettings(world.cohortA.programId!, { lateAfterMinutes: 15 });
    const startsAt = new Date(Date.UTC(2030, 2, 2, 14, 0, 0));
    const session = await createLiveSessionRow(world.cohortA.id, { startsAt, kind: 'in_person' });
    const student = await callerOf(world.student);
    const tutor = await callerOf(world.tutor);
    const shown = new Date(startsAt.getTime() + 5 * MINUTE);
    const { code, changesAt } = await getCheckInCode(tutor, session.id, shown);
    expect(Date.parse(changesAt) - shown.getTime()).toBeLessThanOrEqual(CHECK_IN_WINDOW_MS);
    // Every server derives the same code from the stored secret.
    const [row] = await (await getDb()).select({ secret: liveSessions.checkInSecret }).from(liveSessions).where(eq(liveSessions.id, session.id));
    expect(checkInCodeOf(row!.secret, session.id, checkInWindowOf(shown))).toBe(code);

    // A code photographed and sent a minute later is refused.
    await expect(checkIn(student, session.id, code, new Date(shown.getTime() + 61_000))).rejects.toMatchObject({ code: 'check_in_code_invalid' });
    // Within the next window it is still accepted (the screen just changed).
    const result = await checkIn(student, session.id, code, new Date(Date.parse(changesAt) + 1_000));
    expect(result.status).toBe('present');
    // Outside the session's window: refused, whatever the code.
    const after = new Date(session.endsAt.getTime() + MINUTE);
    const late = await getCheckInCode(tutor, session.id, after);
    await expect(checkIn(student, session.id, late.code, after)).rejects.toMatchObject({ code: 'check_in_not_open' });

    // 20 minutes after the start (threshold 15): late.
    const other = await createUser({ userType: 'student' });
    await enrollStudent(other, world.cohortA);
    const twenty = new Date(startsAt.getTime() + 20 * MINUTE);
    const current = await getCheckInCode(tutor, session.id, twenty);
    expect((await checkIn(await callerOf(other), session.id, current.code, twenty)).status).toBe('late');
    // Checking in again keeps the first arrival.
    expect((await checkIn(student, session.id, current.code, twenty)).status).toBe('present');
    // A join click is present or late by the same threshold.
    const joiner = await createUser({ userType: 'student' });
    await enrollStudent(joiner, world.cohortA);
    await joinLiveSession(await callerOf(joiner), session.id, new Date(startsAt.getTime() + 16 * MINUTE));
    expect(await statusesOf(session.id)).toEqual({ [world.student.id]: 'present', [other.id]: 'late', [joiner.id]: 'late' });

    // Over HTTP a malformed code is a 400 with a clear message.
    const token = await accessTokenFor(world.student);
    const bad = await call(checkInEndpoint, { path: `/api/v2/live-session/${session.id}/check-in/`, params: { id: String(session.id) }, token, headers: { 'accept-language': 'en' }, body: { code: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.code).toBe('The code has 6 digits');
  });

  it('keeps an excuse with its file on the storage, and staff acceptance makes the session excused (audited after the session)', async () => {
    const world = await createWorld();
    const session = await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - DAY) });
    await createAttendance(session.id, world.student.id, { status: 'absent' });
    const student = await callerOf(world.student);
    const excuse = await submitExcuse(student, session.id, { note: 'Estuve incapacitado', file: { name: 'incapacidad.pdf', declaredType: 'application/pdf', data: PDF } });
    expect(excuse).toMatchObject({ status: 'pending', fileName: 'incapacidad.pdf' });
    const db = await getDb();
    const [stored] = await db.select({ key: attendanceExcuses.fileKey }).from(attendanceExcuses).where(eq(attendanceExcuses.id, excuse.id));
    expect(Buffer.from((await getStorage().getPrivate(stored!.key!))!.data)).toEqual(Buffer.from(PDF));
    expect(Buffer.from((await getExcuseFile(await callerOf(world.tutor), session.id, excuse.id)).data)).toEqual(Buffer.from(PDF));
    // A file that is neither a document nor an image: 415.
    await expect(submitExcuse(student, session.id, { note: 'x', file: { name: 'virus.exe', declaredType: 'application/pdf', data: new Uint8Array([0x4d, 0x5a, 0, 1]) } })).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });

    const reviewed = await reviewExcuse(await callerOf(world.tutor), session.id, excuse.id, { status: 'accepted', note: 'Incapacidad médica válida' });
    expect(reviewed).toMatchObject({ status: 'accepted', reviewedBy: world.tutor.id });
    expect(await statusesOf(session.id)).toEqual({ [world.student.id]: 'excused' });
    expect(await listAttendanceAudit(await callerOf(world.admin), session.id)).toEqual([
      expect.objectContaining({ fromStatus: 'absent', toStatus: 'excused', reason: 'Incapacidad médica válida' }),
    ]);
    await expect(submitExcuse(student, session.id, { note: 'Otra vez' })).rejects.toMatchObject({ code: 'excuse_already_accepted' });
    // Rejected after all: back to absent.
    await reviewExcuse(await callerOf(world.tutor), session.id, excuse.id, { status: 'rejected', note: 'El soporte no corresponde' });
    expect(await statusesOf(session.id)).toEqual({ [world.student.id]: 'absent' });
    // Another student never reads the file.
    const stranger = await createUser({ userType: 'student' });
    await enrollStudent(stranger, world.cohortA);
    await expect(getExcuseFile(await callerOf(stranger), session.id, excuse.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['meet', 'meet-attendance.csv', { ana: 58, bruno: 35, carla: 10 }, ['invitado.externo@gmail.com']],
    ['zoom', 'zoom-participants.csv', { ana: 59, bruno: 36, carla: 11 }, ['tutor@senda.test', 'invitado.externo@gmail.com']],
    ['teams', 'teams-attendance.csv', { ana: 59, bruno: 35, carla: 10 }, ['tutor@senda.test', null]],
  ] as const)('imports %s’s participant report: previews without saving, then sets minutes and statuses by the thresholds', async (provider, file, minutes, unmatched) => {
    const world = await onlineWorld();
    const tutor = await callerOf(world.tutor);
    const data = fixture(file);
    const preview = await importSessionMinutes(tutor, world.session.id, { file: { name: file, declaredType: 'text/csv', data }, preview: true });
    expect(preview.provider).toBe(provider);
    expect(preview.sessionMinutes).toBe(60);
    expect(Object.fromEntries(preview.matched.map((row) => [row.email, [row.minutes, row.status]]))).toEqual({
      'ana.perez@senda.test': [minutes.ana, 'present'],
      'bruno.diaz@senda.test': [minutes.bruno, 'late'],
      'carla.rojas@senda.test': [minutes.carla, 'absent'],
    });
    expect(preview.unmatched.map((row) => row.email)).toEqual(unmatched);
    expect(preview.missing.map((row) => row.userId)).toEqual([world.student.id]);
    expect(await statusesOf(world.session.id)).toEqual({});

    const saved = await importSessionMinutes(tutor, world.session.id, { file: { name: file, declaredType: 'text/csv', data }, preview: false, reason: `Reporte de ${provider}` });
    expect(saved.changed).toBe(4);
    expect(await statusesOf(world.session.id)).toEqual({ [world.ana.id]: 'present', [world.bruno.id]: 'late', [world.carla.id]: 'absent', [world.student.id]: 'absent' });
    const [ana] = await (await getDb())
      .select({ minutes: liveAttendance.minutes })
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sessionId, world.session.id), eq(liveAttendance.userId, world.ana.id)));
    expect(ana!.minutes).toBe(minutes.ana);
    // The same report again changes nothing.
    expect((await importSessionMinutes(tutor, world.session.id, { file: { name: file, declaredType: 'text/csv', data }, preview: false })).changed).toBe(0);
  });

  it('reads the program’s thresholds, and refuses a file that is no participant report with a 400', async () => {
    const world = await onlineWorld();
    await setAttendanceSettings(world.cohortA.programId!, { presentPercent: 99, latePercent: 15 });
    const tutor = await callerOf(world.tutor);
    const preview = await importSessionMinutes(tutor, world.session.id, { file: { name: 'x.csv', declaredType: 'text/csv', data: fixture('zoom-participants.csv') }, preview: true });
    expect(Object.fromEntries(preview.matched.map((row) => [row.email, row.status]))).toEqual({
      'ana.perez@senda.test': 'late',
      'bruno.diaz@senda.test': 'late',
      'carla.rojas@senda.test': 'late',
    });
    expect(() => parseParticipantReport(new TextEncoder().encode('nombre,nota\nAna,4.5\n'))).toThrow(expect.objectContaining({ code: 'participant_report_unreadable' }));
    const BOUNDARY = 'senda-test';
    const rawBody = [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="file"; filename="notas.csv"', 'Content-Type: text/csv', '', 'nombre,nota', 'Ana,4.5', `--${BOUNDARY}--`, ''].join('\r\n');
    const answer = await call(importEndpoint, {
      path: `/api/v2/live-session/${world.session.id}/attendance/import/?preview=true`,
      params: { id: String(world.session.id) },
      token: await accessTokenFor(world.tutor),
      rawBody,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'accept-language': 'en' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toMatch(/participant report/);
  });

  it('counts attendance % with excused sessions left out and hours attended, for the student and for the approval rule', async () => {
    const world = await createWorld();
    const sessions = [];
    for (let day = 4; day >= 1; day -= 1) sessions.push(await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY), plannedHours: 2 }));
    await createAttendance(sessions[0]!.id, world.student.id, { status: 'present' });
    await createAttendance(sessions[1]!.id, world.student.id, { status: 'late' });
    await createAttendance(sessions[2]!.id, world.student.id, { status: 'excused' });
    // sessions[3]: no record, absent.
    const mine = await getMyAttendance(await callerOf(world.student), getT('es'), world.cohortA.id);
    expect(mine.figures).toEqual({ sessions: 4, attended: 2, excused: 1, absent: 1, percent: 66.67, plannedHours: 8, attendedHours: 4 });
    expect(mine.line).toBe('Asististe a 2 de 4 sesiones, 4 de 8 horas');
    expect((await getMyAttendance(await callerOf(world.student), getT('en'), world.cohortA.id)).line).toBe('You attended 2 of 4 sessions, 4 of 8 hours');
    const approvals = await approvalsOf(await getDb(), world.cohortA.id);
    expect(approvals.find((row) => row.userId === world.student.id)?.attendancePercent).toBe(66.67);
  });

  it('lists students absent from the program’s N consecutive sessions, an excused one neither counting nor breaking the run', async () => {
    const world = await createWorld();
    const steady = await createUser({ userType: 'student' });
    const excused = await createUser({ userType: 'student' });
    for (const student of [steady, excused]) await enrollStudent(student, world.cohortA);
    const sessions = [];
    for (let day = 5; day >= 1; day -= 1) sessions.push(await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY) }));
    // world.student: present at the first, then absent from the last 4 (absent marked or no record).
    await createAttendance(sessions[0]!.id, world.student.id, { status: 'present' });
    await createAttendance(sessions[1]!.id, world.student.id, { status: 'absent' });
    for (const session of sessions) await createAttendance(session.id, steady.id, { status: session === sessions[3] ? 'absent' : 'present' });
    // excused: absent, absent, excused, absent (run of 3 with the excused one skipped), after a present.
    await createAttendance(sessions[0]!.id, excused.id, { status: 'present' });
    await createAttendance(sessions[2]!.id, excused.id, { status: 'excused' });
    const db = await getDb();
    expect((await listAbsenceAlerts(db, world.cohortA.id)).map((alert) => [alert.userId, alert.consecutiveAbsences])).toEqual([
      [world.student.id, 4],
      [excused.id, 3],
    ]);
    await setAttendanceSettings(world.cohortA.programId!, { absenceAlertAfter: 4 });
    expect((await listAbsenceAlerts(db, world.cohortA.id)).map((alert) => alert.userId)).toEqual([world.student.id]);
  });

  it('counts alerts on the tutor’s dashboard and mails each tutor one daily digest in their language', async () => {
    const world = await createWorld();
    for (let day = 3; day >= 1; day -= 1) await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY) });
    expect(await listCohortsWithAbsenceAlerts(await callerOf(world.tutor))).toEqual([{ cohortId: world.cohortA.id, name: world.cohortA.name, alerts: 1 }]);
    expect(await sendAbsenceDigests()).toBe(1);
    const db = await getDb();
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.userId, world.tutor.id));
    expect(message).toMatchObject({ kind: 'absence_digest', recipient: world.tutor.email, language: 'es' });
    const mail = renderMail('absence_digest', 'es', message!.recipient, { name: 'Tutor', email: message!.recipient, signInUrl: 'https://senda.test/login', forgotUrl: 'https://senda.test/forgot', params: message!.params ?? {} });
    expect(mail.subject).toBe('Asistencia: 1 estudiante dejó de asistir');
    expect(mail.text).toContain(`${world.student.lastName}, ${world.student.firstName} (${world.cohortA.name}): 3 sesiones seguidas`);
    // The job retried, or run again by hand, the same day: no second e-mail; the next day, a new one.
    expect(await sendAbsenceDigests()).toBe(0);
    expect(await sendAbsenceDigests(new Date(Date.now() + DAY))).toBe(1);
    await db.delete(mailMessages).where(eq(mailMessages.userId, world.tutor.id));
    // The student comes back: no alert, no digest.
    const [last] = await db.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.cohortId, world.cohortA.id)).orderBy(liveSessions.startsAt).offset(2);
    await createAttendance(last!.id, world.student.id, { status: 'present' });
    expect(await sendAbsenceDigests()).toBe(0);
  });

  it('schedules an in-person weekly series with its place and planned hours, and refuses an unknown kind in the caller’s language', async () => {
    const world = await createWorld();
    const token = await accessTokenFor(world.tutor);
    const form = {
      cohort: world.cohortA.id,
      className: 'Taller presencial',
      videoLink: 'https://meet.example.co/taller',
      duration: { minutes: 120, seconds: 0 },
      startDate: '2030-03-02T14:00:00Z',
      endDate: '2030-03-02T16:00:00Z',
      wasLive: true,
    };
    const created = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, body: { ...form, kind: 'in_person', place: 'Aula 3', plannedHours: 1.5, repeatWeeks: 3 } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind: 'in_person', place: 'Aula 3', plannedHours: 1.5 });
    const series = await (await getDb()).select({ kind: liveSessions.kind, place: liveSessions.place, plannedHours: liveSessions.plannedHours }).from(liveSessions).where(eq(liveSessions.cohortId, world.cohortA.id));
    expect(series).toEqual(Array.from({ length: 3 }, () => ({ kind: 'in_person', place: 'Aula 3', plannedHours: 1.5 })));
    const online = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, body: form });
    expect(online.json).toMatchObject({ kind: 'online', place: null, plannedHours: 2 });
    const bad = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, headers: { 'accept-language': 'en' }, body: { ...form, kind: 'outdoors' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.kind).toBe('The kind must be online, in person or hybrid');
  });

  it('exports statuses, minutes and hours by session and by student', async () => {
    const world = await onlineWorld();
    await importSessionMinutes(await callerOf(world.tutor), world.session.id, { file: { name: 'zoom.csv', declaredType: 'text/csv', data: fixture('zoom-participants.csv') }, preview: false });
    const token = await accessTokenFor(world.tutor);
    const bySession = String(
      (await call(sessionExportEndpoint, { path: `/api/v2/live-session/${world.session.id}/attendance/export/?format=csv`, params: { id: String(world.session.id) }, token })).json,
    );
    expect(bySession).toMatch(/Estado.*Minutos.*Horas/);
    expect(bySession.split('\n').find((line) => line.includes('bruno.diaz@senda.test'))).toMatch(/Tarde.*36.*1/);
    const byStudent = String((await call(cohortExportEndpoint, { path: `/api/v2/cohorts/${world.cohortA.id}/attendance/export/?format=csv`, params: { id: String(world.cohortA.id) }, token })).json);
    expect(byStudent).toMatch(/Horas asistidas.*Horas planeadas/);
    expect(byStudent.split('\n').find((line) => line.includes('ana.perez@senda.test'))).toMatch(/1;1;0;100;1;1|1,1,0,100,1,1/);
  });
});
