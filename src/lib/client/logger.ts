import { DEFAULT_CLIENT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '~/lib/shared/constants';

/**
 * The client logger: levels none < error < warn < info, default none (contract
 * §8). Errors can also be sent to the server's /api/auth/_log.
 */
export interface ClientLogger {
  level: LogLevel;
  error(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
}

const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

export function createLogger(level: LogLevel = DEFAULT_CLIENT_LOG_LEVEL, sink: Pick<Console, 'error' | 'warn' | 'info'> = console): ClientLogger {
  const logger: ClientLogger = {
    level,
    error: (message, detail) => rank(logger.level) >= rank('error') && sink.error(message, detail ?? ''),
    warn: (message, detail) => rank(logger.level) >= rank('warn') && sink.warn(message, detail ?? ''),
    info: (message, detail) => rank(logger.level) >= rank('info') && sink.info(message, detail ?? ''),
  } as ClientLogger;
  return logger;
}

export const logger = createLogger();

/** Reports an error to the server log (best effort, never throws). */
export async function reportToServer(code: string, message: string): Promise<void> {
  try {
    await fetch('/api/auth/_log', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ level: 'error', code, message: message.slice(0, 2000) }),
      keepalive: true,
    });
  } catch {
    // The page may be unloading; the local log still has it.
  }
}
