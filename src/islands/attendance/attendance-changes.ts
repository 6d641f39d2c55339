/**
 * A session page's attendance changed (an import saved, marks sent): the
 * page's other attendance islands read theirs again (the audit shows the
 * change at once). A counter, so every change is a new value.
 */
import { atom } from 'nanostores';

export const $attendanceChanges = atom(0);

/** Tells the page's attendance islands that the session's attendance changed. */
export function markAttendanceChanged(): void {
  $attendanceChanges.set($attendanceChanges.get() + 1);
}
