/** Who joins a live session, and when (collected by access/permissions.ts). */
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';

/**
 * A cohort's live sessions are read by its ACTIVE members and platform admins
 * (cohort action `view`); created, changed and deleted, and their attendance
 * read and exported, by its tutors and cohort admins and platform admins
 * (cohort action `manageLiveSessions`). Only students join: joining records
 * attendance.
 */
export function canJoinLiveSession(roleId: RoleId | null): boolean {
  return roleId === ROLE_IDS.student;
}

/**
 * The join window: the link is given from `JOIN_OPENS_BEFORE_MS` before the
 * start until the end, and never outside it.
 */
export function isJoinWindowOpen(session: { startsAt: Date; endsAt: Date }, opensBeforeMs: number, now: Date = new Date()): boolean {
  return now.getTime() >= session.startsAt.getTime() - opensBeforeMs && now.getTime() <= session.endsAt.getTime();
}
