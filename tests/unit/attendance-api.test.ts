/** Attendance's client calls address the routes of the OpenAPI document with the path, query and body the server reads. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
const record =
  (verb: string) =>
  (...args: unknown[]) => {
    calls.push([verb, ...args]);
    return Promise.resolve(null);
  };
vi.mock('~/lib/client/app-client', () => ({ api: { get: record('get'), post: record('post'), put: record('put'), patch: record('patch'), delete: record('delete'), upload: record('upload') } }));

const attendance = await import('~/lib/client/api/attendance');

describe('attendance client calls', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('send each request to its route', async () => {
    const noProgress = () => undefined;
    await attendance.getRoster(5);
    await attendance.sendRollCall(5, [{ userId: 3, status: 'late', markId: 'a1', markedAt: '2030-03-02T14:20:00Z' }]);
    await attendance.listExcuses(5);
    await attendance.sendExcuse(5, 'Cita médica', null, noProgress);
    await attendance.reviewExcuse(5, 8, { status: 'accepted' });
    await attendance.checkIn(5, '123456');
    await attendance.getCheckInCode(5);
    await attendance.importParticipantReport(5, new File(['x'], 'zoom.csv'), true, noProgress);
    await attendance.listAttendanceAudit(5);
    await attendance.getAttendanceSettings(2);
    await attendance.setAttendanceSettings(2, { lateAfterMinutes: 10, presentPercent: 80, latePercent: 50, absenceAlertAfter: 3 });
    await attendance.listAbsenceAlerts(7);
    await attendance.getMyAttendance(7);
    expect(calls.map(([verb, route]) => `${verb as string} ${route as string}`)).toEqual([
      'get /api/v2/live-session/{id}/attendance/',
      'put /api/v2/live-session/{id}/attendance/',
      'get /api/v2/live-session/{id}/attendance/excuses/',
      'upload /api/v2/live-session/{id}/attendance/excuses/',
      'patch /api/v2/live-session/{id}/attendance/excuses/{excuseId}/',
      'post /api/v2/live-session/{id}/check-in/',
      'get /api/v2/live-session/{id}/check-in-code/',
      'upload /api/v2/live-session/{id}/attendance/import/',
      'get /api/v2/live-session/{id}/attendance/audit/',
      'get /api/v2/programs/{id}/attendance-settings/',
      'put /api/v2/programs/{id}/attendance-settings/',
      'get /api/v2/cohorts/{id}/attendance/alerts/',
      'get /api/v2/cohorts/{id}/attendance/mine/',
    ]);
    expect(calls[1]![2]).toMatchObject({ path: { id: 5 }, body: { marks: [{ userId: 3, status: 'late', markId: 'a1' }] } });
    expect(calls[4]![2]).toMatchObject({ path: { id: 5, excuseId: 8 }, body: { status: 'accepted' } });
    expect(calls[7]![2]).toMatchObject({ path: { id: 5 }, query: { preview: true } });
  });
});
