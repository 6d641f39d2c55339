/**
 * Tells the database being away (a restart, a failover, a network cut) from
 * a statement that failed: the first is answered 503 with Retry-After and the
 * request may simply be sent again, the second is a bug (ADR 022).
 */

/** SQLSTATEs of a server that is going or not yet back: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** The socket's failures on the way to the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What pg and pg-pool say of a connection they lost or could not get (they give these no code). */
const LOST_CONNECTION = /^Connection terminated|is not queryable|^timeout exceeded when trying to connect/;

/** Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (SHUTDOWN_STATES.has(code) || CONNECTION_EXCEPTION.test(code) || NETWORK_CODES.has(code)) return true;
    // Not only Errors: pg-boss reports a worker's failure as a plain copy of the error.
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}
