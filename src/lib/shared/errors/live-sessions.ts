/** Live sessions and their attendance (services/live-sessions). */
export const LIVE_SESSION_ERROR_STATUS = {
  live_session_not_open: 409,
} as const;
