import { z } from 'zod';
import { TOKEN_EXPIRY_WINDOW_S } from '~/lib/shared/constants';

const THIRTY_MINUTES_S = 30 * 60;
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const FIFTEEN_MINUTES_S = 15 * 60;

/** Signing in and sessions: the environment variables they read (config.ts collects every domain's). */
export const AuthConfigSchema = z.object({
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must have at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .refine((v) => v > TOKEN_EXPIRY_WINDOW_S, `ACCESS_TOKEN_TTL_S must exceed the ${TOKEN_EXPIRY_WINDOW_S} s expiry window`)
    .default(THIRTY_MINUTES_S),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().positive().default(THIRTY_DAYS_S),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_FAILURE_WINDOW_S: z.coerce.number().int().positive().default(FIFTEEN_MINUTES_S),
  SESSION_POLL_INTERVAL_S: z.coerce.number().int().min(0).default(5 * 60),
});
