/** People's accounts, invitations and spreadsheets of people (services/people). */
export const PEOPLE_ERROR_STATUS = {
  bulk_rows_invalid: 400,
  bulk_too_many_rows: 400,
  account_link_invalid: 400,
  forbidden_own_account: 403,
  account_anonymized: 409,
} as const;
