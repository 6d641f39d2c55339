import { atom } from 'nanostores';
import type { AttendanceStatus } from '~/lib/shared/attendance';

/**
 * The student's status in the session as they changed it on this page (a
 * check-in), so the "Estado:" line in another section shows it at once;
 * undefined until then (the line shows what the server rendered).
 */
export const $myCheckedInStatus = atom<AttendanceStatus | undefined>(undefined);
