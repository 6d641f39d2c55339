/**
 * Matrix rows for attendance (issue 32). Cohort A's tutor, cohort admin
 * and platform admins take roll, import minutes, review excuses, show the
 * check-in code and read the alerts; only cohort A's student checks in and
 * sends an excuse, for themselves (a student never marks anyone); the audit
 * is for cohort admins and platform admins; a program's thresholds are set
 * by platform admins. Cohort B's student finds nothing (404).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { PUT as rollCallRoute } from '~/pages/api/v2/live-session/[id]/attendance/index';
import * as excusesRoute from '~/pages/api/v2/live-session/[id]/attendance/excuses/index';
import { PATCH as reviewRoute } from '~/pages/api/v2/live-session/[id]/attendance/excuses/[excuseId]/index';
import { GET as excuseFileRoute } from '~/pages/api/v2/live-session/[id]/attendance/excuses/[excuseId]/file';
import { POST as importRoute } from '~/pages/api/v2/live-session/[id]/attendance/import';
import { GET as auditRoute } from '~/pages/api/v2/live-session/[id]/attendance/audit';
import { POST as checkInRoute } from '~/pages/api/v2/live-session/[id]/check-in';
import { GET as checkInCodeRoute } from '~/pages/api/v2/live-session/[id]/check-in-code';
import * as settingsRoute from '~/pages/api/v2/programs/[id]/attendance-settings';
import { GET as alertsRoute } from '~/pages/api/v2/cohorts/[id]/attendance/alerts';
import { GET as mineRoute } from '~/pages/api/v2/cohorts/[id]/attendance/mine';
import { checkInCodeOf, checkInWindowOf } from '~/lib/server/services/attendance/check-in';
import { submitExcuse } from '~/lib/server/services/attendance/excuses';
import { getDb } from '~/lib/server/db/client';
import { liveSessions } from '~/lib/server/db/schema';
import { eq } from 'drizzle-orm';
import { createAttendance, createExcuse } from '../../../factories/attendance';
import { callerOf, createLiveSessionRow } from '../../../factories/forums';
import { authed, members, type Expected, type Row, type World } from '../matrix-types';

const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
const studentsOnly = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: 403, admin: 403 });
const idParams = (id: number) => ({ params: { id: String(id) } });

/** An in-person session of cohort A that started 5 minutes ago (inside the check-in window). */
const liveNow = (world: World) => createLiveSessionRow(world.cohortA.id, { className: 'Clase presencial', kind: 'in_person', place: 'Aula 3', startsAt: new Date(Date.now() - 5 * 60_000) });
/** A session of cohort A that ended yesterday. */
const past = (world: World) => createLiveSessionRow(world.cohortA.id, { className: 'Clase pasada', startsAt: new Date(Date.now() - 26 * 60 * 60_000) });

const BOUNDARY = 'senda-matrix-attendance';
const multipart = (parts: { name: string; value: string; file?: { name: string; type: string } }[]) => ({
  rawBody: [
    ...parts.flatMap((part) => [
      `--${BOUNDARY}`,
      part.file ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"` : `Content-Disposition: form-data; name="${part.name}"`,
      ...(part.file ? [`Content-Type: ${part.file.type}`] : []),
      '',
      part.value,
    ]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

const currentCode = async (sessionId: number) => {
  const db = await getDb();
  const [row] = await db.select({ secret: liveSessions.checkInSecret }).from(liveSessions).where(eq(liveSessions.id, sessionId));
  return checkInCodeOf(row!.secret, sessionId, checkInWindowOf(new Date()));
};

export const ROWS: Row[] = [
  {
    method: 'PUT',
    path: '/api/v2/live-session/{id}/attendance/',
    handler: rollCallRoute,
    request: async (world, s) => ({
      path: '/api/v2/live-session/x/attendance/',
      method: 'PUT',
      ...idParams((await liveNow(world)).id),
      body: { marks: [{ userId: world.student.id, status: 'late', note: 'Llegó 9:20' }] },
      ...authed(s),
    }),
    expected: staff(200),
    check: (_persona, json: { changed: number; roster: { userId: number; status: string }[] }, world) => {
      expect(json.changed).toBe(1);
      expect(json.roster.find((row) => row.userId === world.student.id)?.status).toBe('late');
    },
  },
  {
    method: 'PUT',
    path: '/api/v2/live-session/{id}/attendance/ (marking a student of another cohort)',
    handler: rollCallRoute,
    request: async (world, s) => ({
      path: '/api/v2/live-session/x/attendance/',
      method: 'PUT',
      ...idParams((await liveNow(world)).id),
      body: { marks: [{ userId: world.otherStudent.id, status: 'present' }] },
      ...authed(s),
    }),
    expected: staff(400),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/attendance/excuses/',
    handler: excusesRoute.GET,
    request: async (world, s) => {
      const session = await past(world);
      await createExcuse(session.id, world.student.id);
      return { path: '/api/v2/live-session/x/attendance/excuses/', ...idParams(session.id), ...authed(s) };
    },
    expected: { ...members(200), otherStudent: 404 },
    check: (persona, json: { note: string }[]) => expect(json.map((excuse) => excuse.note)).toEqual(['Cita médica']),
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/attendance/excuses/',
    handler: excusesRoute.POST,
    request: async (world, s) => ({
      path: '/api/v2/live-session/x/attendance/excuses/',
      ...idParams((await past(world)).id),
      ...multipart([
        { name: 'note', value: 'Estuve incapacitado' },
        { name: 'file', value: PDF, file: { name: 'incapacidad.pdf', type: 'application/pdf' } },
      ]),
      ...authed(s),
    }),
    expected: studentsOnly(201),
    check: (_persona, json: { status: string; fileUrl: string | null }) => {
      expect(json.status).toBe('pending');
      expect(json.fileUrl).toMatch(/\/file\/$/);
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/live-session/{id}/attendance/excuses/{excuseId}/',
    handler: reviewRoute,
    request: async (world, s) => {
      const session = await past(world);
      const excuse = await createExcuse(session.id, world.student.id);
      return {
        path: '/api/v2/live-session/x/attendance/excuses/y/',
        method: 'PATCH',
        params: { id: String(session.id), excuseId: String(excuse.id) },
        body: { status: 'accepted', note: 'Soporte válido' },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_persona, json: { status: string }) => expect(json.status).toBe('accepted'),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/attendance/excuses/{excuseId}/file/',
    handler: excuseFileRoute,
    request: async (world, s) => {
      const session = await past(world);
      const excuse = await submitExcuse(await callerOf(world.student), session.id, {
        note: 'Adjunto la incapacidad',
        file: { name: 'incapacidad.pdf', declaredType: 'application/pdf', data: new TextEncoder().encode(PDF) },
      });
      return { path: '/api/v2/live-session/x/attendance/excuses/y/file/', params: { id: String(session.id), excuseId: String(excuse.id) }, ...authed(s) };
    },
    expected: { ...members(200), otherStudent: 404 },
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/attendance/import/',
    handler: importRoute,
    request: async (world, s) => ({
      path: '/api/v2/live-session/x/attendance/import/?preview=true',
      ...idParams((await past(world)).id),
      ...multipart([{ name: 'file', value: readFileSync(new URL('../../../fixtures/participant-reports/zoom-participants.csv', import.meta.url), 'utf8'), file: { name: 'participants.csv', type: 'text/csv' } }]),
      ...authed(s),
    }),
    expected: staff(200),
    check: (_persona, json: { provider: string; preview: boolean; changed: number }) => {
      expect(json.provider).toBe('zoom');
      expect(json.changed).toBe(0);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/attendance/audit/',
    handler: auditRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/attendance/audit/', ...idParams((await past(world)).id), ...authed(s) }),
    expected: { ...staff(200), tutor: 403, cohortAdmin: 200 },
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/check-in/',
    handler: checkInRoute,
    request: async (world, s) => {
      const session = await liveNow(world);
      return { path: '/api/v2/live-session/x/check-in/', ...idParams(session.id), body: { code: await currentCode(session.id) }, ...authed(s) };
    },
    expected: studentsOnly(200),
    check: (_persona, json: { status: string }) => expect(json.status).toBe('present'),
  },
  {
    method: 'POST',
    path: '/api/v2/live-session/{id}/check-in/ (a wrong code)',
    handler: checkInRoute,
    request: async (world, s) => {
      const session = await liveNow(world);
      const code = await currentCode(session.id);
      return { path: '/api/v2/live-session/x/check-in/', ...idParams(session.id), body: { code: code === '000000' ? '111111' : '000000' }, ...authed(s) };
    },
    expected: studentsOnly(400),
  },
  {
    method: 'GET',
    path: '/api/v2/live-session/{id}/check-in-code/',
    handler: checkInCodeRoute,
    request: async (world, s) => ({ path: '/api/v2/live-session/x/check-in-code/', ...idParams((await liveNow(world)).id), ...authed(s) }),
    expected: staff(200),
    check: (_persona, json: { code: string; windowS: number }) => {
      expect(json.code).toMatch(/^\d{6}$/);
      expect(json.windowS).toBe(30);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/attendance-settings/',
    handler: settingsRoute.GET,
    request: (world, s) => ({ path: '/api/v2/programs/x/attendance-settings/', ...idParams(world.cohortA.programId!), ...authed(s) }),
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 200, admin: 200 },
    check: (_persona, json: { presentPercent: number; absenceAlertAfter: number }) => expect(json).toMatchObject({ presentPercent: 80, absenceAlertAfter: 3 }),
  },
  {
    method: 'PUT',
    path: '/api/v2/programs/{id}/attendance-settings/',
    handler: settingsRoute.PUT,
    request: (world, s) => ({
      path: '/api/v2/programs/x/attendance-settings/',
      method: 'PUT',
      ...idParams(world.cohortA.programId!),
      body: { lateAfterMinutes: 15, presentPercent: 75, latePercent: 40, absenceAlertAfter: 2 },
      ...authed(s),
    }),
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/attendance/alerts/',
    handler: alertsRoute,
    request: async (world, s) => {
      for (const days of [3, 2, 1]) await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - days * 24 * 60 * 60_000) });
      return { path: '/api/v2/cohorts/x/attendance/alerts/', ...idParams(world.cohortA.id), ...authed(s) };
    },
    expected: staff(200),
    check: (_persona, json: { userId: number; consecutiveAbsences: number }[], world) => expect(json).toEqual([expect.objectContaining({ userId: world.student.id, consecutiveAbsences: 3 })]),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/attendance/mine/',
    handler: mineRoute,
    request: async (world, s) => {
      const session = await past(world);
      await createAttendance(session.id, world.student.id, { status: 'present' });
      return { path: '/api/v2/cohorts/x/attendance/mine/', ...idParams(world.cohortA.id), ...authed(s) };
    },
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 404, admin: 404 },
    check: (_persona, json: { line: string; figures: { attended: number; sessions: number } }) => {
      expect(json.figures).toMatchObject({ attended: 1, sessions: 1 });
      expect(json.line).toBe('Asististe a 1 de 1 sesión, 1 de 1 hora');
    },
  },
];
