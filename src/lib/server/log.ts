import pino from 'pino';

/** Server logs with levels (LOG_LEVEL). Never log passwords or tokens. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'senda' },
  redact: { paths: ['password', '*.password', 'refreshToken', 'accessToken', 'refresh_token', '*.refresh_token'], censor: '[redacted]' },
});
