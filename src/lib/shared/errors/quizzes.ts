/** Quizzes, their question bank and attempts (services/quizzes). */
export const QUIZ_ERROR_STATUS = {
  question_import_invalid: 400,
  question_import_too_many: 400,
  attempts_exhausted: 409,
  quiz_closed: 409,
  attempt_closed: 409,
  attempt_in_progress: 409,
  quiz_has_attempts: 409,
} as const;
