/** Content: programs, courses, lessons and their attachments (services/content/); courses released to cohorts are in releases.ts. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';

export const programs = pgTable('programs', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [statusCheck('programs', t.status)]);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_program_position_idx').on(t.programId, t.position), statusCheck('courses', t.status)],
);

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
    /**
     * Null: a draft only the course's staff see. A date: published from then on
     * (a future date is a scheduled publication). Rows written without it are
     * published at once; the lesson editor creates drafts.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_course_position_idx').on(t.courseId, t.position),
    statusCheck('lessons', t.status),
    // The study assistant finds the lessons that teach a question by their text (Spanish stemming, services/jarvis/).
    index('lessons_search_idx').using('gin', sql`to_tsvector('spanish'::regconfig, ${t.title} || ' ' || ${t.contentMd})`),
  ],
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
