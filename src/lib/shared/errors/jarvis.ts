/** The study assistant (services/jarvis). */
export const JARVIS_ERROR_STATUS = {
  assistant_disabled: 409,
  ai_policy_required: 409,
} as const;
