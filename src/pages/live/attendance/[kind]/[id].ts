import type { APIRoute } from 'astro';
import { callerOf } from '~/lib/server/services/auth/page-session';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { orNotFound } from '~/lib/server/http/not-found';
import { parseRowId } from '~/lib/server/http/row-id';
import { exportCohortAttendance, exportSessionAttendance } from '~/lib/server/services/live-sessions/attendance';
import { isAppError } from '~/lib/shared/errors';
import { AttendanceExportQuerySchema } from '~/lib/shared/schemas/live-sessions';

/**
 * Attendance files for the signed-in browser (the Live Streaming page's
 * links carry the session cookie, not an API token): `/live/attendance/session/{id}`
 * and `/live/attendance/cohort/{id}`, `?format=csv|xlsx`; the same rule and
 * file as the API's attendance exports. Anyone else finds nothing.
 */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const { session, t, lang } = locals;
  if (!session) return new Response(null, { status: 401 });
  const id = parseRowId(params.id);
  const query = AttendanceExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const exporters = { session: exportSessionAttendance, cohort: exportCohortAttendance } as const;
  const exporter = params.kind === 'session' || params.kind === 'cohort' ? exporters[params.kind] : null;
  const load = (rowId: number, format: 'csv' | 'xlsx') =>
    exporter!(callerOf(session), rowId, { format, lang, t, courseId: query.success ? query.data.course_id : undefined }).catch((error: unknown) => (isAppError(error) && error.code === 'forbidden' ? null : Promise.reject(error)));
  const file = exporter && id !== null && query.success ? await orNotFound(load(id, query.data.format)) : null;
  if (!file) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return tableFileResponse(file);
};
