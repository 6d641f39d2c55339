/** What one live session's page (/live/{id}, issue 32) shows its viewer: the session, and which of attendance's tools are theirs. */
import type { Caller } from '~/lib/server/access/permission-basics';
import { getLiveSession } from '~/lib/server/services/live-sessions/live-sessions';
import type { LiveSession } from '~/lib/shared/schemas/live-sessions';
import { canAttendAsStudent, canReadAttendanceAudit, canTakeAttendance } from './permissions';
import { findAttendanceSession } from './session-access';

export interface SessionPage {
  session: LiveSession;
  /** Roll call, the QR screen, the import and the excuses' review (its cohort's tutors and cohort admins, platform admins). */
  takesAttendance: boolean;
  /** Checks in and sends an excuse (its cohort's students). */
  attends: boolean;
  /** Reads the changes made after the session (cohort admins, platform admins). */
  readsAudit: boolean;
}

/** The session (404 outside its cohort) and the caller's tools on it. */
export async function getSessionPage(caller: Caller, sessionId: number, now = new Date()): Promise<SessionPage> {
  const { roleId } = await findAttendanceSession(caller, sessionId);
  const session = await getLiveSession(caller, sessionId, now);
  return { session, takesAttendance: canTakeAttendance(caller, roleId), attends: canAttendAsStudent(roleId), readsAudit: canReadAttendanceAudit(caller, roleId) };
}
