/** Signing in and keeping a session (services/auth). */
export const AUTH_ERROR_STATUS = {
  invalid_credentials: 401,
  account_inactive: 401,
  refresh_token_invalid: 401,
  refresh_token_reused: 401,
} as const;
