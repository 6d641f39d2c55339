/**
 * Attendance's API calls for the islands (issue 32, ADR 026, ADR 029):
 * a session's roster and roll call (marks carry the device's `markId` and
 * `markedAt`, so an offline queue replays safely), excuses and their review,
 * the QR check-in and its code, the participant-report import, the audit,
 * a program's thresholds, a cohort's absence alerts and a student's own figures.
 */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** One mark of a roll call, as the device keeps it until it is sent. */
export type AttendanceMarkDraft = Body<'/api/v2/live-session/{id}/attendance/', 'put'>['marks'][number];
export type AttendanceSettingsDraft = Body<'/api/v2/programs/{id}/attendance-settings/', 'put'>;

/** The session's roster with statuses (staff). */
export const getRoster = (sessionId: number, signal?: AbortSignal) => api.get('/api/v2/live-session/{id}/attendance/', { path: { id: sessionId }, signal });
/** Sends a roll call (all marks at once, or an offline queue replayed): idempotent; `reason` for changes after the session. */
export const sendRollCall = (sessionId: number, marks: AttendanceMarkDraft[], reason?: string) =>
  api.put('/api/v2/live-session/{id}/attendance/', { path: { id: sessionId }, body: { marks, ...(reason ? { reason } : {}) } });

/** The session's excuses: all for staff, a student's own for them. */
export const listExcuses = (sessionId: number, signal?: AbortSignal) => api.get('/api/v2/live-session/{id}/attendance/excuses/', { path: { id: sessionId }, signal });
/** A student's excuse for themselves, with an optional file. */
export function sendExcuse(sessionId: number, note: string, file: File | null, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('note', note);
  if (file) form.append('file', file);
  return api.upload('/api/v2/live-session/{id}/attendance/excuses/', { path: { id: sessionId }, body: form, onProgress });
}
/** Staff accept or reject an excuse. */
export const reviewExcuse = (sessionId: number, excuseId: number, review: Body<'/api/v2/live-session/{id}/attendance/excuses/{excuseId}/', 'patch'>) =>
  api.patch('/api/v2/live-session/{id}/attendance/excuses/{excuseId}/', { path: { id: sessionId, excuseId }, body: review });

/** A student checks in with the code on the tutor's screen. */
export const checkIn = (sessionId: number, code: string) => api.post('/api/v2/live-session/{id}/check-in/', { path: { id: sessionId }, body: { code } });
/** The code to show (staff) and when it changes. */
export const getCheckInCode = (sessionId: number, signal?: AbortSignal) => api.get('/api/v2/live-session/{id}/check-in-code/', { path: { id: sessionId }, signal });

/** Uploads a Meet, Zoom or Teams participant report; `preview` only reads it; `reason` goes to the audit (changes after the session). */
export function importParticipantReport(sessionId: number, file: File, preview: boolean, onProgress: (share: number) => void, reason?: string) {
  const form = new FormData();
  form.append('file', file);
  if (reason) form.append('reason', reason);
  return api.upload('/api/v2/live-session/{id}/attendance/import/', { path: { id: sessionId }, query: { preview }, body: form, onProgress });
}

/** The session's changes after it ended (cohort admins and admins). */
export const listAttendanceAudit = (sessionId: number, signal?: AbortSignal) => api.get('/api/v2/live-session/{id}/attendance/audit/', { path: { id: sessionId }, signal });
/** A program's thresholds; set by platform admins. */
export const getAttendanceSettings = (programId: number, signal?: AbortSignal) => api.get('/api/v2/programs/{id}/attendance-settings/', { path: { id: programId }, signal });
export const setAttendanceSettings = (programId: number, settings: AttendanceSettingsDraft) => api.put('/api/v2/programs/{id}/attendance-settings/', { path: { id: programId }, body: settings });
/** A cohort's students absent from N sessions in a row (staff). */
export const listAbsenceAlerts = (cohortId: number, signal?: AbortSignal) => api.get('/api/v2/cohorts/{id}/attendance/alerts/', { path: { id: cohortId }, signal });
/** The caller's own attendance in a cohort they study in. */
export const getMyAttendance = (cohortId: number, signal?: AbortSignal) => api.get('/api/v2/cohorts/{id}/attendance/mine/', { path: { id: cohortId }, signal });
