/** Business constants from the product contract (§9) and the architecture. */

/** Access tokens count as expired when within this many seconds of expiry. */
export const TOKEN_EXPIRY_WINDOW_S = 300;
/** Delay before reloading the page after any 403 response. */
export const FORBIDDEN_RELOAD_DELAY_MS = 150;
/** Simple notifications disappear after this long. */
export const SIMPLE_NOTIFICATION_DURATION_MS = 3000;
/** Number of default banners (idBanner 1 to 8). */
export const DEFAULT_BANNER_COUNT = 8;

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** Translation loading: retries and parallel reads (contract §9). */
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_MAX_PARALLEL_READS = 10;
/** Cookie that mirrors currentSettings.lang so server-rendered pages respect it. */
export const LANGUAGE_COOKIE = 'senda-lang';

export const LOG_LEVELS = ['none', 'error', 'warn', 'info'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_CLIENT_LOG_LEVEL: LogLevel = 'none';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const USER_TYPES = ['student', 'staff', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const RECORD_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Per-cohort roles carried as role_id in memberships and token claims. */
export const ROLE_IDS = { student: 1, tutor: 2, cohortAdmin: 3 } as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

/** statusStudent: 0 until the terms and conditions are accepted, then 1. */
export const STATUS_STUDENT = { pending: 0, termsAccepted: 1 } as const;

export const ACTIVITY_TYPES = ['practical', 'evaluation', 'nivelation'] as const;

export const TOAST_STATUSES = ['success', 'error', 'warning'] as const;
export type ToastStatus = (typeof TOAST_STATUSES)[number];
export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Sidebar entries of the home screen, in contract order. */
export const SIDEBAR_FEATURES = [
  'live-streaming',
  'suggested-classes',
  'practice',
  'forums',
  'quizzes',
  'evaluations',
] as const;
/** Features that have a "coming soon" page until they are built. */
export const UPCOMING_FEATURES = [...SIDEBAR_FEATURES, 'nivelations'] as const;

/** Lesson import (a folder of Markdown files or one spreadsheet): the whole upload, as named in the 413 message. */
export const LESSON_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const LESSON_IMPORT_MAX_LABEL = '5 MB';
/** Lessons one import may create. */
export const LESSON_IMPORT_MAX_LESSONS = 500;

/** One lesson attachment, as named in the 413 message. */
export const LESSON_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const LESSON_ATTACHMENT_MAX_LABEL = '20 MB';
/** Files one lesson may carry. */
export const LESSON_ATTACHMENTS_MAX_PER_LESSON = 30;
