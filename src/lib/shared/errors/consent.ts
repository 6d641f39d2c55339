/** Consents and withdrawals from cohorts (services/people/consents.ts, services/structure/withdrawals.ts). */
export const CONSENT_ERROR_STATUS = {
  /** The general data-processing consent is withdrawn by asking for the account's deletion, not from the consents list. */
  consent_not_withdrawable: 409,
  /** Withdrawing a student who already left the cohort (or is not taking part in it). */
  membership_not_active: 409,
} as const;
