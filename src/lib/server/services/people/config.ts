import { z } from 'zod';

const ONE_HOUR_S = 60 * 60;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** People's invitations and password recovery: the environment variables they read (config.ts collects every domain's). */
export const PeopleConfigSchema = z.object({
  /** How long an invitation's set-password link works. */
  INVITATION_TTL_S: z.coerce.number().int().min(ONE_HOUR_S).default(SEVEN_DAYS_S),
  /** How long a password-recovery link works. */
  PASSWORD_RESET_TTL_S: z.coerce.number().int().min(5 * 60).max(SEVEN_DAYS_S).default(ONE_HOUR_S),
  /** Recovery requests per hour: e-mails one account receives, and requests one address may make. */
  RECOVERY_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  RECOVERY_MAX_PER_IP: z.coerce.number().int().positive().default(20),
});
