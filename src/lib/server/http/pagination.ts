import { z } from 'zod';

/** Items per page of every paginated list. */
export const PAGE_SIZE = 20;

/** `?page=` (1-based); anything else is a 400 with a field message. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(1, 'validation.number.min').max(100_000, 'validation.number.max').default(1),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page's `?page=` for a server-rendered list: anything PageQuerySchema refuses shows the first page. */
export function pageNumberOf(value: string | null): number {
  const parsed = PageQuerySchema.safeParse({ page: value ?? undefined });
  return parsed.success ? parsed.data.page : 1;
}

/** The response envelope of a paginated list (a zod schema, for the OpenAPI document). */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** SQL offset and limit of a page. */
export const pageWindow = (page: number) => ({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });

/** Wraps one page of results with links to the neighbouring pages (same URL, other `page`). */
export function toPage<T>(results: T[], count: number, page: number, requestUrl: string): Page<T> {
  const link = (target: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set('page', String(target));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: page * PAGE_SIZE < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
