/** Certificates: issuing, revoking and the program's design (services/certificates). */
export const CERTIFICATE_ERROR_STATUS = {
  approval_rules_unavailable: 409,
  certificate_design_missing: 409,
  certificate_already_revoked: 409,
  certificate_image_invalid: 415,
} as const;
