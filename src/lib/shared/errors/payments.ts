/** Paying for a registration and the providers' notifications (services/payments). */
export const PAYMENT_ERROR_STATUS = {
  notification_invalid: 400,
  registration_not_payable: 409,
  already_paid: 409,
  payment_provider_unavailable: 502,
} as const;
