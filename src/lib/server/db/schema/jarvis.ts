/**
 * The study assistant (services/jarvis/): the lessons an author links to a
 * question, the AI policy each person accepted, the model's answers cached by
 * the data they were built from, and the audit log of what reached a model.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { lessons } from './content';
import { bankQuestions } from './quizzes';
import { users } from './users';

/** The lessons that teach a question, as its author set them (else the assistant searches the lessons' text). */
export const questionLessons = pgTable(
  'question_lessons',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'question_lessons_pk', columns: [t.questionId, t.lessonId] }), index('question_lessons_lesson_idx').on(t.lessonId)],
);

/** A person's acceptance of a version of the AI policy, before their first use of the model. */
export const aiPolicyAcceptances = pgTable(
  'ai_policy_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ai_policy_acceptances_pk', columns: [t.userId, t.version] }), index('ai_policy_acceptances_at_idx').on(t.acceptedAt)],
);

/**
 * The model's phrasing of a student's feedback, keyed by a hash of the facts
 * it was given (and the language and model): the same data gives the same
 * answer without asking again; new data, a new key. Shared by every server.
 */
export const jarvisAnswers = pgTable(
  'jarvis_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dataHash: text('data_hash').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'jarvis_answers_pk', columns: [t.userId, t.dataHash] }), index('jarvis_answers_created_idx').on(t.createdAt)],
);

/** Every exchange with a model, for admins to audit and purge: whose data, who asked, what was sent and answered. */
export const jarvisLogs = pgTable(
  'jarvis_logs',
  {
    id: id(),
    subjectId: integer('subject_id').references(() => users.id, { onDelete: 'cascade' }),
    askedBy: integer('asked_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['feedback', 'chat'] }).notNull(),
    model: text('model').notNull(),
    /** The messages sent to the model. */
    prompt: jsonb('prompt').$type<{ role: string; content: string }[]>().notNull(),
    answer: text('answer'),
    /** ok, timeout, error, malformed, rate_limited. */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('jarvis_logs_subject_idx').on(t.subjectId, t.createdAt),
    index('jarvis_logs_created_idx').on(t.createdAt),
    check('jarvis_logs_kind_check', sql`${t.kind} in ('feedback', 'chat')`),
  ],
);
