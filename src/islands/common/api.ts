/**
 * What every island's `*-api.ts` module builds on: query strings, one page of
 * a list, and every page of one. Calls go through the shared request helper
 * (getApi), which waits for the session and rejects with the HTTP Response.
 */
import { getApi } from '~/lib/client/app-client';
import type { Page } from '~/lib/shared/pagination';

/** `path?name=value&…`, leaving out the names whose value is empty. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One page of a list: its route, or the `next`/`previous` link of another page. */
export const readPage = <T>(route: string, signal?: AbortSignal) => getApi().get<Page<T>>(route, { signal });

/** Every item of a list, following `next` until the last page. */
export async function readAllPages<T>(route: string, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = route;
  while (next) {
    const page: Page<T> = await readPage<T>(next, signal);
    items.push(...page.results);
    next = page.next;
  }
  return items;
}

/** A page with `item` put first (it was just created). */
export const withItemFirst = <T>(page: Page<T>, item: T): Page<T> => ({ ...page, count: page.count + 1, results: [item, ...page.results] });

/** A page (or list) with the item of the same id replaced. */
export const withItemReplaced = <T extends { id: number }>(items: T[], item: T): T[] => items.map((known) => (known.id === item.id ? item : known));
