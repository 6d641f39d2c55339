/** Forums, threads and comments (services/forums). */
export const FORUM_ERROR_STATUS = {
  forum_archived: 409,
  thread_locked: 409,
  edit_window_closed: 409,
} as const;
