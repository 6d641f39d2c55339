/**
 * Quizzes (services/quizzes/): a course's question bank with versioned
 * questions, its quizzes (fixed questions and random draws by tag), and the
 * students' attempts with their answers.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { courses } from './content';
import { gradeCategories } from './gradebook';
import { users } from './users';

const QUESTION_TYPE_CHECK = sql`in ('single', 'multiple', 'true_false', 'short_text', 'numeric', 'open')`;

/** A question of a course's bank; its content lives in versions (the current one is what new attempts get). */
export const bankQuestions = pgTable(
  'bank_questions',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The version new attempts get (set once the first version exists). */
    currentVersionId: integer('current_version_id'),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_questions_course_idx').on(t.courseId), statusCheck('bank_questions', t.status)],
);

/**
 * What a question says and what is right, frozen once written: editing a
 * question adds a version, and attempts keep the version they saw.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: id(),
    questionId: integer('question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    type: text('type', { enum: ['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open'] }).notNull(),
    prompt: text('prompt').notNull(),
    points: doublePrecision('points').notNull().default(1),
    /** short_text: accepted answers. */
    answers: jsonb('answers').$type<string[]>().notNull().default([]),
    /** numeric: the right number and the tolerance. */
    answer: doublePrecision('answer'),
    tolerance: doublePrecision('tolerance').notNull().default(0),
    feedback: text('feedback'),
    createdAt: createdAt(),
  },
  (t) => [unique('question_versions_question_version_unique').on(t.questionId, t.version), check('question_versions_type_check', sql`${t.type} ${QUESTION_TYPE_CHECK}`)],
);

/** The options of a choice question's version, in order. */
export const questionOptions = pgTable(
  'question_options',
  {
    id: id(),
    versionId: integer('version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [index('question_options_version_idx').on(t.versionId, t.position)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    activityType: text('activity_type', { enum: ['practical', 'evaluation', 'nivelation'] }).notNull(),
    timeLimitS: integer('time_limit_s'),
    maxAttempts: integer('max_attempts').notNull().default(1),
    passPercent: doublePrecision('pass_percent').notNull().default(60),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    showResults: text('show_results', { enum: ['never', 'after_submit', 'after_close'] }).notNull().default('after_submit'),
    published: boolean('published').notNull().default(false),
    /** The gradebook's category (gradebook.ts); none: the item is not in the course grade. */
    gradeCategoryId: integer('grade_category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
    countsForGrade: boolean('counts_for_grade').notNull().default(true),
    /** With an approval rule's mustPassItems, the student must pass this item. */
    mustPass: boolean('must_pass').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quizzes_course_idx').on(t.courseId),
    check('quizzes_activity_type_check', sql`${t.activityType} in ('practical', 'evaluation', 'nivelation')`),
    check('quizzes_show_results_check', sql`${t.showResults} in ('never', 'after_submit', 'after_close')`),
  ],
);

/** A quiz's questions in order: a bank question, or a draw of `draw_count` questions with a tag (each attempt its own). */
export const quizItems = pgTable(
  'quiz_items',
  {
    id: id(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: integer('question_id').references(() => bankQuestions.id, { onDelete: 'cascade' }),
    drawTag: text('draw_tag'),
    drawCount: integer('draw_count'),
  },
  (t) => [
    index('quiz_items_quiz_idx').on(t.quizId, t.position),
    check('quiz_items_kind_check', sql`(${t.questionId} is not null) <> (${t.drawTag} is not null and ${t.drawCount} is not null)`),
  ],
);

/** One question an attempt shows: the bank question, the version it saw, and (shuffled) the order of its options. */
export interface AttemptQuestion {
  q: number;
  v: number;
  o?: number[];
}

/**
 * A student's attempt at a quiz. Its questions, their versions and order are
 * fixed when it starts; its clock is the server's (deadline). At most one is
 * in progress per student and quiz.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['in_progress', 'completed'] }).notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: ['student', 'deadline'] }),
    questions: jsonb('questions').$type<AttemptQuestion[]>().notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    percent: doublePrecision('percent'),
    passed: boolean('passed'),
    pendingManualGrading: boolean('pending_manual_grading').notNull().default(false),
  },
  (t) => [
    unique('quiz_attempts_number_unique').on(t.quizId, t.userId, t.number),
    uniqueIndex('quiz_attempts_one_open_idx').on(t.quizId, t.userId).where(sql`${t.status} = 'in_progress'`),
    index('quiz_attempts_open_deadline_idx').on(t.deadline).where(sql`${t.status} = 'in_progress' and ${t.deadline} is not null`),
    index('quiz_attempts_user_idx').on(t.userId, t.quizId),
    index('quiz_attempts_quiz_started_idx').on(t.quizId, t.startedAt),
    check('quiz_attempts_status_check', sql`${t.status} in ('in_progress', 'completed')`),
  ],
);

/** An attempt's answer to one question, as last given (by the device's clock), and a person's grade for an open one. */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    optionIds: integer('option_ids').array(),
    text: text('text'),
    number: doublePrecision('number'),
    /** When the student gave it (their device, never later than the server's clock): an older save never replaces a newer one. */
    clientSavedAt: timestamp('client_saved_at', { withTimezone: true }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    manualPoints: doublePrecision('manual_points'),
    graderFeedback: text('grader_feedback'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'attempt_answers_pk', columns: [t.attemptId, t.questionId] })],
);
