import { z } from 'zod';

/** Public sign-up: the environment variables it reads (config.ts collects every domain's). */
export const RegistrationConfigSchema = z.object({
  /** How long a verified sign-up keeps its seat while the payment is made (hours). */
  REGISTRATION_HOLD_H: z.coerce.number().int().min(1).max(24 * 30).default(48),
  /** How long a sign-up's verification link works (hours); a sign-up never verified is deleted once it has expired. */
  REGISTRATION_VERIFY_H: z.coerce.number().int().min(1).max(24 * 30).default(48),
  /** Sign-ups one address may make per hour. */
  REGISTRATION_MAX_PER_IP: z.coerce.number().int().positive().default(20),
});
