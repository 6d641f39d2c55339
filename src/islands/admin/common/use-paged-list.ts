/**
 * Paginated API lists (`{ count, next, previous, results }`) for the admin
 * islands: the first page, "load more", and local updates after a change.
 * Nothing is requested until the session is known: calling the API before
 * the app shell stored the tokens would sign the user out.
 */
import { useCallback, useEffect, useState } from 'react';
import { getApi } from '~/lib/client/app-client';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export { useSessionReady } from '~/islands/common/use-session';

/** Every item of a paginated list, following `next` until the last page. */
export async function fetchAllPages<T>(route: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = route;
  while (next) {
    const page: Page<T> = await getApi().get<Page<T>>(next);
    items.push(...page.results);
    next = page.next;
  }
  return items;
}

export type PagedListState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T[]; count: number; next: string | null };

export interface PagedList<T> {
  state: PagedListState<T>;
  /** True while a further page is being read. */
  loadingMore: boolean;
  /** Set when reading a further page failed (the items already shown stay). */
  moreFailed: boolean;
  loadMore(): Promise<void>;
  reload(): void;
  /** Puts a new item first (it was just created). */
  add(item: T): void;
  /** Replaces the item with the same id. */
  replace(item: T): void;
}

/**
 * The list at `route`, one page at a time; `route` null waits (e.g. until the
 * session is ready). With `initial` (the first page, rendered by the server)
 * nothing is read until "load more" or a reload.
 */
export function usePagedList<T extends { id: number }>(route: string | null, initial?: Page<T>): PagedList<T> {
  const [state, setState] = useState<PagedListState<T>>(initial ? { status: 'ready', items: initial.results, count: initial.count, next: initial.next } : { status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!route || (initial && attempt === 0)) return;
    let cancelled = false;
    setState({ status: 'loading' });
    getApi()
      .get<Page<T>>(route)
      .then(
        (page) => !cancelled && setState({ status: 'ready', items: page.results, count: page.count, next: page.next }),
        () => !cancelled && setState({ status: 'error' }),
      );
    return () => {
      cancelled = true;
    };
  }, [route, attempt]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.next || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await getApi().get<Page<T>>(state.next);
      setState((current) => {
        if (current.status !== 'ready') return current;
        // An item created meanwhile may also arrive on a later page: keep it once.
        const known = new Set(current.items.map((item) => item.id));
        return { status: 'ready', items: [...current.items, ...page.results.filter((item) => !known.has(item.id))], count: page.count, next: page.next };
      });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [state, loadingMore]);

  const add = useCallback((item: T) => {
    setState((current) => (current.status === 'ready' ? { ...current, items: [item, ...current.items], count: current.count + 1 } : current));
  }, []);

  const replace = useCallback((item: T) => {
    setState((current) => (current.status === 'ready' ? { ...current, items: current.items.map((known) => (known.id === item.id ? item : known)) } : current));
  }, []);

  return { state, loadingMore, moreFailed, loadMore, reload: () => setAttempt((value) => value + 1), add, replace };
}
