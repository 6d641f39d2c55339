import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';
import { users } from './identity';
import { cohorts, courses } from './structure';

/** Lessons of a course, in position order (0, 1, 2… without gaps). */
export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The syllabus level (section) the lesson belongs to; empty for none. */
    section: text('section').notNull().default(''),
    contentMd: text('content_md').notNull().default(''),
    videoUrl: text('video_url'),
    position: integer('position').notNull(),
    /** Bumped on every content change: rendered HTML is cached per revision. */
    revision: integer('revision').notNull().default(1),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_course_position_idx').on(t.courseId, t.position), statusCheck('lessons', t.status)],
);

/**
 * Files attached to a lesson (PDF, images, office documents, zip), in
 * position order. The bytes live in the storage adapter's private area under
 * `storage_key`; they are served only to whoever may read the lesson.
 */
export const lessonAttachments = pgTable(
  'lesson_attachments',
  {
    id: id(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The name the file had on the uploader's computer (shown and offered on download). */
    fileName: text('file_name').notNull(),
    /** Detected from the bytes, never the type the browser declared. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_attachments_lesson_position_idx').on(t.lessonId, t.position)],
);

/** A user's progress in a lesson: started, percentage, resume point, completion. */
export const lessonHistory = pgTable(
  'lesson_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    progress: smallint('progress').notNull().default(0),
    /** Where to resume (seconds into the video, or scroll percentage for text). */
    resumeAt: integer('resume_at').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('lesson_history_user_lesson_unique').on(t.userId, t.lessonId),
    index('lesson_history_lesson_idx').on(t.lessonId),
    check('lesson_history_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/** A cohort's levels (stages), in order. */
export const cohortLevels = pgTable(
  'cohort_levels',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cohort_levels_cohort_position_idx').on(t.cohortId, t.position)],
);

/** News of a cohort. */
export const news = pgTable(
  'news',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_cohort_published_idx').on(t.cohortId, t.publishedAt)],
);

/**
 * A course released to a cohort: students of the cohort see it from the
 * moment it is released, and its content from `release_at` on (before that,
 * "available on <date>"). Unreleased courses are invisible to students.
 */
export const cohortCourses = pgTable(
  'cohort_courses',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    levelId: integer('level_id').references(() => cohortLevels.id, { onDelete: 'set null' }),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('cohort_courses_cohort_course_unique').on(t.cohortId, t.courseId), index('cohort_courses_course_idx').on(t.courseId)],
);
