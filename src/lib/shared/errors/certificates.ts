/** Certificates: issuing, revoking and the program's design (services/certificates). */
export const CERTIFICATE_ERROR_STATUS = {
  certificate_design_missing: 409,
  certificate_already_revoked: 409,
  certificate_image_invalid: 415,
} as const;
