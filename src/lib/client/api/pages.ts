/** Lists read page by page: the next page of one, or every page of a route. */
import { api, getApi } from '~/lib/client/app-client';
import type { Page } from '~/lib/shared/pagination';
import type { Answer, GetArgs, RoutesWith } from './typed-api';

type PageItem<A> = A extends Page<infer T> ? T : never;

/** The page after `page` (its `next` link, which the server wrote), typed like `page`. */
export function readNextPage<P extends Page<unknown>>(page: P, signal?: AbortSignal): Promise<P> {
  if (!page.next) throw new TypeError('The last page has no next page');
  return getApi().get<P>(page.next, { signal });
}

/** Every item of a list, following `next` from the route's first page until the last one. */
export async function readAllPages<R extends RoutesWith<'get'>>(route: R, ...args: GetArgs<R>): Promise<PageItem<Answer<R, 'get'>>[]> {
  type Item = PageItem<Answer<R, 'get'>>;
  let page = (await api.get(route, ...args)) as Page<Item>;
  const items: Item[] = [...page.results];
  while (page.next) {
    page = await readNextPage(page, args[0]?.signal);
    items.push(...page.results);
  }
  return items;
}
