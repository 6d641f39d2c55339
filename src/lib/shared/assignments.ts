/** Assignments on both sides: what a submission may hold, the late policy's arithmetic, and the grading list's states. */

export const SUBMISSION_TYPES = ['file', 'text', 'link'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const LATE_POLICY_MODES = ['accept', 'penalize', 'refuse'] as const;

export const GRADE_RELEASES = ['automatic', 'manual'] as const;
export type GradeRelease = (typeof GRADE_RELEASES)[number];

/** The file types a submission may be (the storage adapter's, recognised by their bytes), by extension. */
export const SUBMISSION_FILE_TYPES = ['pdf', 'png', 'jpg', 'webp', 'gif', 'zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt'] as const;
export type SubmissionFileType = (typeof SUBMISSION_FILE_TYPES)[number];

export const ASSIGNMENT_TITLE_MAX_LENGTH = 200;
export const ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH = 20_000;
export const ASSIGNMENT_MAX_SCORE_LIMIT = 1000;
/** What an assignment may allow per file, and its default. */
export const ASSIGNMENT_MAX_FILE_MB_LIMIT = 100;
/** Files in one submission. */
export const SUBMISSION_MAX_FILES = 10;
export const SUBMISSION_TEXT_MAX_LENGTH = 50_000;
export const SUBMISSION_LINK_MAX_LENGTH = 2000;
export const FEEDBACK_MAX_LENGTH = 10_000;
/** Grades one bulk request (or one grading sheet) may carry. */
export const GRADES_BULK_MAX = 5000;
export const GRADING_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const GRADING_SHEET_MAX_LABEL = '5 MB';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days (started) a submission came after its due date: 1 minute late is 1 day. 0 when on time or undated. */
export function lateDaysOf(submittedAt: string | Date, dueAt: string | Date | null): number {
  if (!dueAt) return 0;
  const late = new Date(submittedAt).getTime() - new Date(dueAt).getTime();
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

/** The share of the score a late submission loses: days late × the percent per day, at most 100. */
export function penaltyPercentOf(lateDays: number, percentPerDay: number | null): number {
  if (lateDays <= 0 || !percentPerDay) return 0;
  return Math.min(100, Math.round(lateDays * percentPerDay * 100) / 100);
}

/** The score a student gets: the grader's, less the late penalty, to two decimals. */
export function finalScoreOf(score: number | null, penaltyPercent: number): number | null {
  if (score === null) return null;
  return Math.round(score * (100 - penaltyPercent)) / 100;
}

/** Where a student stands on an assignment in the grading list. */
export const ROSTER_STATES = ['submitted', 'resubmitted', 'missing', 'graded'] as const;
/** The grading list's filter: missing, submitted (not graded yet), late (the latest came late), graded. */
export const ROSTER_FILTERS = ['missing', 'submitted', 'late', 'graded'] as const;
export type RosterFilter = (typeof ROSTER_FILTERS)[number];
export const ROSTER_SORTS = ['name', 'submittedAt', 'status'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

/** Whether a student sees the grade of an assignment now: automatic release, or the staff released the grades. */
export const isGradeVisible = (assignment: { gradeRelease: GradeRelease; gradesReleasedAt: string | null }): boolean =>
  assignment.gradeRelease === 'automatic' || assignment.gradesReleasedAt !== null;

/** Names hidden from graders: an anonymous assignment until its grades are released. */
export const isAnonymousNow = (assignment: { anonymousGrading: boolean; gradesReleasedAt: string | null }): boolean =>
  assignment.anonymousGrading && assignment.gradesReleasedAt === null;
