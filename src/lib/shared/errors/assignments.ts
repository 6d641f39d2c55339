/** Assignments, submissions and grading (services/assignments). */
export const ASSIGNMENT_ERROR_STATUS = {
  grading_sheet_invalid: 400,
  assignment_has_submissions: 409,
  submission_late: 409,
  submission_quota_exceeded: 413,
} as const;
