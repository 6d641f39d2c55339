/** Attendance: roll call, QR check-in, excuses and participant reports (services/attendance). */
export const ATTENDANCE_ERROR_STATUS = {
  /** A check-in outside the session's window (10 minutes before the start until the end). */
  check_in_not_open: 409,
  /** A check-in code that is not the current one nor the previous one (a stale photo, a typo). */
  check_in_code_invalid: 400,
  /** An excuse sent again once staff accepted it. */
  excuse_already_accepted: 409,
  /** A participant report that is no Meet, Zoom or Teams export we read. */
  participant_report_unreadable: 400,
} as const;
