import { PAGE_SIZE, type Page } from '~/lib/shared/pagination';

/** Wraps one page of results with links to the neighbouring pages (same URL, other `page`); pages hold `pageSize` items. */
export function toPage<T>(results: T[], count: number, page: number, requestUrl: string, pageSize = PAGE_SIZE): Page<T> {
  const link = (target: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set('page', String(target));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
