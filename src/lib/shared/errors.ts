/**
 * The one error catalogue: every error code the API answers with, and its HTTP
 * status. Messages live in src/i18n under `errors.<code>`.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  malformed_form: 400,
  request_aborted: 400,
  unknown_users: 400,
  unknown_reference: 400,
  level_order_mismatch: 400,
  course_order_mismatch: 400,
  bulk_rows_invalid: 400,
  bulk_too_many_rows: 400,
  lesson_import_invalid: 400,
  lesson_import_too_many: 400,
  question_import_invalid: 400,
  question_import_too_many: 400,
  archive_unsafe: 400,
  grading_sheet_invalid: 400,
  invalid_characters: 400,
  account_link_invalid: 400,
  notification_invalid: 400,
  unauthenticated: 401,
  invalid_token: 401,
  invalid_credentials: 401,
  account_inactive: 401,
  refresh_token_invalid: 401,
  refresh_token_reused: 401,
  forbidden: 403,
  forbidden_other_user: 403,
  cross_site_request: 403,
  forbidden_own_membership: 403,
  forbidden_own_account: 403,
  not_found: 404,
  method_not_allowed: 405,
  lesson_attachments_full: 409,
  attempts_exhausted: 409,
  quiz_closed: 409,
  attempt_closed: 409,
  attempt_in_progress: 409,
  quiz_has_attempts: 409,
  account_anonymized: 409,
  assignment_has_submissions: 409,
  submission_late: 409,
  export_not_ready: 409,
  forum_archived: 409,
  thread_locked: 409,
  edit_window_closed: 409,
  live_session_not_open: 409,
  offer_closed: 409,
  offer_full: 409,
  already_registered: 409,
  registration_not_payable: 409,
  already_paid: 409,
  assistant_disabled: 409,
  ai_policy_required: 409,
  payload_too_large: 413,
  archive_too_large: 413,
  spreadsheet_too_complex: 413,
  submission_quota_exceeded: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  payment_provider_unavailable: 502,
  maintenance: 503,
  database_unavailable: 503,
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
