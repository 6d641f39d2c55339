/** Organizations, learning paths, cohorts and their members (services/structure). */
export const STRUCTURE_ERROR_STATUS = {
  unknown_users: 400,
  level_order_mismatch: 400,
  forbidden_own_membership: 403,
} as const;
