/** A cohort's banners (services/banners.ts). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { cohorts } from './structure';

/** Cohort banners; a cohort without any shows the 8 defaults. */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    title: text('title'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_cohort_position_idx').on(t.cohortId, t.position)],
);
