import { ASSIGNMENT_ERROR_STATUS } from './errors/assignments';
import { ATTENDANCE_ERROR_STATUS } from './errors/attendance';
import { AUTH_ERROR_STATUS } from './errors/auth';
import { CERTIFICATE_ERROR_STATUS } from './errors/certificates';
import { COMMON_ERROR_STATUS } from './errors/common';
import { CONSENT_ERROR_STATUS } from './errors/consent';
import { CONTENT_ERROR_STATUS } from './errors/content';
import { FILE_EXPORT_ERROR_STATUS } from './errors/file-exports';
import { FORUM_ERROR_STATUS } from './errors/forums';
import { GRADEBOOK_ERROR_STATUS } from './errors/gradebook';
import { JARVIS_ERROR_STATUS } from './errors/jarvis';
import { LIVE_SESSION_ERROR_STATUS } from './errors/live-sessions';
import { PAYMENT_ERROR_STATUS } from './errors/payments';
import { PEOPLE_ERROR_STATUS } from './errors/people';
import { QUIZ_ERROR_STATUS } from './errors/quizzes';
import { REGISTRATION_ERROR_STATUS } from './errors/registrations';
import { STRUCTURE_ERROR_STATUS } from './errors/structure';
import { UPLOAD_ERROR_STATUS } from './errors/uploads';

/**
 * The one error catalogue: every error code the API answers with, and its HTTP
 * status. Each domain declares its own codes (errors/<domain>.ts), the generic
 * ones are in errors/common.ts; this index only collects them, so a newcomer
 * finds every code from here. A new domain adds one line. Messages live in
 * src/i18n under `errors.<code>`.
 */
export const ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  ...UPLOAD_ERROR_STATUS,
  ...AUTH_ERROR_STATUS,
  ...STRUCTURE_ERROR_STATUS,
  ...CONTENT_ERROR_STATUS,
  ...PEOPLE_ERROR_STATUS,
  ...QUIZ_ERROR_STATUS,
  ...ASSIGNMENT_ERROR_STATUS,
  ...FILE_EXPORT_ERROR_STATUS,
  ...FORUM_ERROR_STATUS,
  ...LIVE_SESSION_ERROR_STATUS,
  ...REGISTRATION_ERROR_STATUS,
  ...PAYMENT_ERROR_STATUS,
  ...JARVIS_ERROR_STATUS,
  ...GRADEBOOK_ERROR_STATUS,
  ...CERTIFICATE_ERROR_STATUS,
  ...ATTENDANCE_ERROR_STATUS,
  ...CONSENT_ERROR_STATUS,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A field's problem, always as an i18n key (`validation.…`), with the
 * parameters its message needs; only the response layer translates.
 */
export type FieldProblem = string | { key: string; params: Record<string, string | number> };

/** Field problems keyed by dotted path (`name`, `lessons.0.videoUrl`, `rows.3.email`). */
export type FieldErrors = Record<string, FieldProblem>;

/** The one application error. Services throw it; the HTTP layer maps it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields?: FieldErrors;
  /** Extra response headers, e.g. Retry-After for rate limits. */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { params?: Record<string, string | number>; fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/**
 * Errors of the shared request helper, word for word from the product contract
 * (§5, §6). They are thrown to calling code, not shown as UI text.
 */
export const REQUEST_HELPER_ERRORS = {
  missingArguments: {
    id: 1,
    message: 'Argumentos faltantes (method=string, route=string body=object(optional))',
    type: 'Missing arguments',
  },
  invalidMethod: {
    id: 2,
    message: "Método inválido, usar 'get' 'post' 'put' 'delete'",
    type: 'Invalid Method',
  },
  missingAccessData: {
    id: 2,
    message: 'Información del usuario no encontrada en localStorage',
    type: 'Missing accessData in localStorage',
  },
} as const;

export type RequestHelperErrorInfo = (typeof REQUEST_HELPER_ERRORS)[keyof typeof REQUEST_HELPER_ERRORS];

/** Error thrown by the shared request helper, carrying the contract's id and type. */
export class RequestHelperError extends Error {
  readonly id: number;
  readonly type: string;

  constructor(info: RequestHelperErrorInfo) {
    super(info.message);
    this.name = 'RequestHelperError';
    this.id = info.id;
    this.type = info.type;
  }
}
