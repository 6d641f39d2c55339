/** Local browser storage keys, exactly as the product contract names them (§3). */
export const STORAGE_KEYS = {
  accessData: 'accessData',
  userInfo: 'userInfo',
  currentSettings: 'currentSettings',
  aiFeedback: 'aiFeedback',
  logged: 'logged',
  removeSession: 'remove-session',
} as const;

/** Keys removed when a token refresh fails (contract §4). */
export const REFRESH_FAILURE_KEYS = [
  STORAGE_KEYS.accessData,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.aiFeedback,
  STORAGE_KEYS.logged,
] as const;
