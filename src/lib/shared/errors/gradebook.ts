/** The gradebook and approval rules (services/gradebook). */
export const GRADEBOOK_ERROR_STATUS = {
  /** A category created or changed would take the course's weights over 100. */
  grade_weights_exceeded: 400,
  /** The gradebook of a course whose weights do not add up to 100. */
  grade_weights_incomplete: 400,
} as const;
