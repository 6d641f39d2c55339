/**
 * A list's filters as a page's address carries them (`?status=&offer=…`):
 * each value its schema accepts, and no filter for an empty or unreadable
 * one — a select or a date input never sends one, and a hand-edited address
 * is not an error on a page.
 */
import type { z } from 'zod';

/** The filters of `shape` found in `params` (values trimmed and cut at `maxLength` before they are checked). */
export function readUrlFilters<S extends Record<string, z.ZodType>>(shape: S, params: URLSearchParams, maxLength = 100): Partial<{ [K in keyof S]: z.output<S[K]> }> {
  const filters: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const raw = params.get(name)?.trim().slice(0, maxLength);
    if (!raw) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  return filters as Partial<{ [K in keyof S]: z.output<S[K]> }>;
}
