/**
 * Assignments (services/assignments/): a course's practical work, evaluations
 * and nivelations; the due dates a cohort moves for its students; the
 * students' submissions (every one kept: a resubmission is a new row) with
 * their files; and the feedback a tutor gives (the zips of submissions the job
 * engine builds are file_exports).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { cohorts } from './structure';
import { courses, lessons } from './content';
import { gradeCategories } from './gradebook';
import { quizAttempts } from './quizzes';
import { users } from './users';

/** Activities of a course: practical activities, evaluations and nivelations, with what a submission may hold and how it is graded. */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Markdown. */
    instructions: text('instructions').notNull().default(''),
    activityType: text('activity_type', { enum: ['practical', 'evaluation', 'nivelation'] }).notNull(),
    /** The due date of every cohort that has not moved it (assignment_due_dates). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    isCheckpoint: boolean('is_checkpoint').notNull().default(false),
    maxScore: doublePrecision('max_score').notNull().default(100),
    /** After the due date: accept, accept with a penalty per day late, or refuse. */
    latePolicy: text('late_policy', { enum: ['accept', 'penalize', 'refuse'] }).notNull().default('accept'),
    latePenaltyPercentPerDay: doublePrecision('late_penalty_percent_per_day'),
    submissionTypes: text('submission_types').array().notNull().default(sql`'{file,text,link}'::text[]`),
    /** Extensions of the stored types a file may have (null: any type Senda stores). */
    allowedFileTypes: text('allowed_file_types').array(),
    maxFileMb: integer('max_file_mb').notNull().default(25),
    published: boolean('published').notNull().default(false),
    /** Graders see "Estudiante n" instead of names until the grades are released. */
    anonymousGrading: boolean('anonymous_grading').notNull().default(false),
    /** `automatic`: a grade shows to its student once saved; `manual`: when the staff release the assignment's grades. */
    gradeRelease: text('grade_release', { enum: ['automatic', 'manual'] }).notNull().default('automatic'),
    gradesReleasedAt: timestamp('grades_released_at', { withTimezone: true }),
    /** The gradebook's category (gradebook.ts); none: the item is not in the course grade. */
    gradeCategoryId: integer('grade_category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
    countsForGrade: boolean('counts_for_grade').notNull().default(true),
    /** With an approval rule's mustPassItems, the student must pass this item. */
    mustPass: boolean('must_pass').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_course_idx').on(t.courseId),
    check('assignments_activity_type_check', sql`${t.activityType} in ('practical', 'evaluation', 'nivelation')`),
    check('assignments_late_policy_check', sql`${t.latePolicy} in ('accept', 'penalize', 'refuse')`),
    check('assignments_grade_release_check', sql`${t.gradeRelease} in ('automatic', 'manual')`),
  ],
);

/** A cohort's own due date for an assignment (its students see and are held to it). */
export const assignmentDueDates = pgTable(
  'assignment_due_dates',
  {
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.assignmentId] }), index('assignment_due_dates_assignment_idx').on(t.assignmentId)],
);

/**
 * One submission of a student to an assignment. A resubmission is a new row
 * (`number` 2, 3, …): the latest is what gets graded, the others are the
 * history. Whether it was late, by how many days and the penalty are fixed
 * when it arrives; `score` is the grader's, before the penalty.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['submitted', 'late'] }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    text: text('text'),
    link: text('link'),
    /** The student's due date when it arrived (their cohort's, if moved). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    lateDays: integer('late_days').notNull().default(0),
    penaltyPercent: doublePrecision('penalty_percent').notNull().default(0),
    score: doublePrecision('score'),
    feedback: text('feedback'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** The idempotency key the student's browser sent (its outbox, ADR 036): the same key again answers this submission. */
    clientKey: uuid('client_key'),
  },
  (t) => [
    unique('submissions_assignment_user_number_unique').on(t.assignmentId, t.userId, t.number),
    uniqueIndex('submissions_user_client_key_unique').on(t.userId, t.clientKey),
    index('submissions_user_idx').on(t.userId, t.assignmentId),
    check('submissions_status_check', sql`${t.status} in ('submitted', 'late')`),
  ],
);

/** A file of a submission, stored privately (storage adapter); `user_id` repeats the submitter's for the quota. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('submission_files_submission_idx').on(t.submissionId, t.position), index('submission_files_user_idx').on(t.userId)],
);

/**
 * What a tutor tells a student about a submission, a quiz attempt or a
 * lesson. A grade's feedback is released with the grade (`released_at`);
 * the student's unseen count is of released feedback without `seen_at`.
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    submissionId: integer('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    quizAttemptId: integer('quiz_attempt_id').references(() => quizAttempts.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    /** The feedback written with a grade (one per submission, changed when the grade is). */
    fromGrade: boolean('from_grade').notNull().default(false),
    body: text('body').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('feedbacks_student_idx').on(t.studentId, t.createdAt),
    uniqueIndex('feedbacks_grade_of_submission_idx').on(t.submissionId).where(sql`${t.fromGrade}`),
    check('feedbacks_one_target_check', sql`num_nonnulls(${t.submissionId}, ${t.quizAttemptId}, ${t.lessonId}) = 1`),
  ],
);
