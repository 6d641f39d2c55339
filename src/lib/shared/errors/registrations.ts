/** Offers and public sign-up (services/registrations). */
export const REGISTRATION_ERROR_STATUS = {
  offer_closed: 409,
  offer_full: 409,
  already_registered: 409,
} as const;
