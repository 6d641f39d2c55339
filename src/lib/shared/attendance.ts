/**
 * Attendance's vocabulary and pure arithmetic (ADR 029), shared by the
 * services and the islands: statuses, session kinds, a program's default
 * thresholds, a student's attendance figures and their run of absences.
 */

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** The statuses that count as attending (a late arrival attended). */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late'];

export const SESSION_KINDS = ['online', 'in_person', 'hybrid'] as const;

export const EXCUSE_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/** The QR check-in code changes every 30 seconds; the current and the previous window are accepted. */
export const CHECK_IN_WINDOW_MS = 30_000;
export const CHECK_IN_CODE_DIGITS = 6;

/** A roll call of one bulk PUT marks at most this many students (a cohort's roster fits many times over). */
export const ROLL_CALL_MAX_MARKS = 2_000;
/** An excuse's note, a mark's note and a review's note: at most this many characters. */
export const ATTENDANCE_NOTE_MAX_CHARS = 500;
/** An excuse's supporting file: up to 5 MB. */
export const EXCUSE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const EXCUSE_FILE_MAX_LABEL = '5 MB';
/** A participant report (Meet, Zoom, Teams CSV): up to 2 MB. */
export const PARTICIPANT_REPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PARTICIPANT_REPORT_MAX_LABEL = '2 MB';

export interface AttendanceSettings {
  /** A join or check-in this many minutes after the start is `late`. */
  lateAfterMinutes: number;
  /** An imported participant with at least this % of the session's minutes is `present`… */
  presentPercent: number;
  /** …with at least this % `late`; below it `absent`. */
  latePercent: number;
  /** A student absent from this many consecutive sessions raises an alert. */
  absenceAlertAfter: number;
}

/** What a program without settings holds its cohorts to. */
export const DEFAULT_ATTENDANCE_SETTINGS: AttendanceSettings = { lateAfterMinutes: 10, presentPercent: 80, latePercent: 50, absenceAlertAfter: 3 };

/** Whether an arrival at `at` is late for a session starting at `startsAt`. */
export function isLateArrival(startsAt: Date, at: Date, settings: Pick<AttendanceSettings, 'lateAfterMinutes'>): boolean {
  return at.getTime() > startsAt.getTime() + settings.lateAfterMinutes * 60_000;
}

/** The status an online participant's minutes earn against the session's length, by the program's thresholds. */
export function statusFromMinutes(minutes: number, sessionMinutes: number, settings: Pick<AttendanceSettings, 'presentPercent' | 'latePercent'>): 'present' | 'late' | 'absent' {
  const share = sessionMinutes > 0 ? (minutes / sessionMinutes) * 100 : 0;
  if (share >= settings.presentPercent) return 'present';
  if (share >= settings.latePercent && minutes > 0) return 'late';
  return 'absent';
}

/** A session's hours for funders: its planned hours, else its scheduled length. */
export function plannedHoursOf(session: { plannedHours: number | null; startsAt: Date; endsAt: Date }): number {
  if (session.plannedHours !== null) return session.plannedHours;
  return (session.endsAt.getTime() - session.startsAt.getTime()) / 3_600_000;
}

/** A held session as a student's figures read it: their status (null: no record, absent) and its planned hours. */
export interface HeldSession {
  status: AttendanceStatus | null;
  hours: number;
}

export interface AttendanceFigures {
  /** Sessions held (started), attended (present or late), excused and absent (no record counts as absent). */
  sessions: number;
  attended: number;
  excused: number;
  absent: number;
  /** Attended over held sessions less the excused ones (ADR 029), 0–100 to two decimals; 100 with nothing to count. */
  percent: number;
  plannedHours: number;
  attendedHours: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A student's attendance figures over the sessions held (ADR 029: an excused session leaves the %'s denominator and counts no hours). */
export function attendanceFiguresOf(held: readonly HeldSession[]): AttendanceFigures {
  let attended = 0;
  let excused = 0;
  let plannedHours = 0;
  let attendedHours = 0;
  for (const session of held) {
    plannedHours += session.hours;
    if (session.status === 'excused') excused += 1;
    else if (session.status !== null && ATTENDED_STATUSES.includes(session.status)) {
      attended += 1;
      attendedHours += session.hours;
    }
  }
  const counted = held.length - excused;
  return {
    sessions: held.length,
    attended,
    excused,
    absent: counted - attended,
    percent: counted > 0 ? round2((attended / counted) * 100) : 100,
    plannedHours: round2(plannedHours),
    attendedHours: round2(attendedHours),
  };
}

/**
 * How many sessions in a row a student missed, counting back from the most
 * recent one (statuses oldest first; null: no record, absent). An excused
 * session neither counts nor breaks the run (ADR 029).
 */
export function consecutiveAbsencesOf(statuses: readonly (AttendanceStatus | null)[]): number {
  let run = 0;
  for (let index = statuses.length - 1; index >= 0; index -= 1) {
    const status = statuses[index];
    if (status === 'excused') continue;
    if (status === null || status === 'absent') run += 1;
    else break;
  }
  return run;
}
