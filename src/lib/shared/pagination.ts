/**
 * Paginated lists, on both sides: `?page=` (1-based), the page size, and the
 * envelope every list answers, `{ count, next, previous, results }`.
 */
import { z } from 'zod';

/** Items per page of every paginated list. */
export const PAGE_SIZE = 20;

/** `?page=` (1-based); anything else is a 400 with a field message. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(1, 'validation.number.min').max(100_000, 'validation.number.max').default(1),
});

/** A page's `?page=` for a server-rendered list: anything PageQuerySchema refuses shows the first page. */
export function pageNumberOf(value: string | null): number {
  const parsed = PageQuerySchema.safeParse({ page: value ?? undefined });
  return parsed.success ? parsed.data.page : 1;
}

/** The envelope of a paginated list of `item`s (also what the OpenAPI document shows). */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

/** One page of a paginated list: the total, links to the neighbouring pages, and the items. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** SQL offset and limit of a page. */
export const pageWindow = (page: number) => ({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
