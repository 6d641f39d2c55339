/** Programs, courses, lessons and their files (services/content). */
export const CONTENT_ERROR_STATUS = {
  course_order_mismatch: 400,
  lesson_import_invalid: 400,
  lesson_import_too_many: 400,
  lesson_attachments_full: 409,
} as const;
