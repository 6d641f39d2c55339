import { ZodError } from 'zod';
import type { Language } from '~/lib/shared/constants';
import { AppError, isAppError } from '~/lib/shared/errors';
import { fieldErrorsOf, translateFieldErrors } from '~/lib/shared/validation';
import { getT } from '~/i18n';
import { isDatabaseUnavailable } from '~/lib/server/db/connection-errors';
import { log } from '~/lib/server/log';
import { createDatabaseUnavailableError } from './database-unavailable';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A JSON response that is never cached (answers carry personal data). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers: { ...NO_STORE, ...headers } });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

/** Turns a zod failure into the catalogue's 400, a problem (i18n key) per field. */
export function validationError(error: ZodError): AppError {
  return new AppError('validation_failed', { fields: fieldErrorsOf(error.issues) });
}

/** PostgreSQL's "invalid byte sequence" (a NUL byte) and "untranslatable character" codes. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

/** Whether the database refused a text's bytes; Drizzle wraps the driver's error in `cause`. */
function isInvalidTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (INVALID_TEXT_CODES.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

/** The client closed the connection while its request was still arriving: no server failure, nobody to answer. */
function isClientAbort(error: unknown): boolean {
  return error instanceof Error && error.message === 'aborted' && (error as { code?: unknown }).code === 'ECONNRESET';
}

/** The database away (a restart, a failover) is the operator's to see, not a bug: a warning, and the catalogue's 503. */
function reportDatabaseUnavailable(error: unknown, context: Record<string, unknown>): AppError {
  log.warn({ err: error, ...context, event: 'database_unavailable' }, 'the database is unavailable');
  return createDatabaseUnavailableError();
}

/**
 * Maps any thrown value to the one error shape: text the database refuses is a
 * 400 (input validation refuses control characters first: textSchema); a
 * database that cannot be reached (a restart) is a 503 with Retry-After; other
 * unknown errors are logged and answered as 500 without details.
 */
export function errorResponse(error: unknown, lang: Language, context: Record<string, unknown> = {}): Response {
  const appError = isAppError(error)
    ? error
    : error instanceof ZodError
      ? validationError(error)
      : isInvalidTextError(error)
        ? new AppError('invalid_characters')
        : isClientAbort(error)
          ? new AppError('request_aborted')
          : isDatabaseUnavailable(error)
            ? reportDatabaseUnavailable(error, context)
            : null;
  if (!appError) {
    log.error({ err: error, ...context }, 'unhandled error');
    return errorResponse(new AppError('internal'), lang);
  }
  const t = getT(lang);
  const message = appError.code === 'maintenance' ? appError.params.message || t('maintenance.default') : t(`errors.${appError.code}`, appError.params);
  // Field problems are i18n keys everywhere until here: this is the one place they become text.
  const fields = appError.fields && translateFieldErrors(appError.fields, t);
  const body = { error: { code: appError.code, message: String(message), ...(fields ? { fields } : {}) } };
  return jsonResponse(body, appError.status, appError.headers);
}
