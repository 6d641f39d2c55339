/**
 * The one way an island reads data. `useLoader(load, deps)` calls `load` on
 * mount and whenever `deps` change, and answers its state: `loading`, `error`
 * (with the message in the caller's language: the API's own, else
 * `common.loadError`), `ready` (with the data), or `idle` while `load` is null
 * (nothing to read yet, e.g. a search too short). It also reloads, updates the
 * data after a change, reads more (the next page of a list), and ignores an
 * answer that arrives after the island moved on (unmount, other deps), whose
 * request it aborts. The session is awaited by the request helper itself
 * (getApi), so islands never gate on it. The first render is `loading` (or
 * `idle`), on the server as in the browser, so hydration agrees.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { readNextPage } from '~/lib/client/api/pages';
import type { Page } from '~/lib/shared/pagination';

export type LoadState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export interface Loader<T> {
  state: LoadState<T>;
  /** Reads again; the data shown stays until the new answer (`isReloading` meanwhile). */
  reload(): void;
  isReloading: boolean;
  /** Changes the data shown after a successful change, without reading it again. */
  update(change: (data: T) => T): void;
  /** Reads more and shows the merged whole (`more` answers it: the next page appended); failures go to `moreError`. */
  loadMore(more: (data: T, signal: AbortSignal) => Promise<T>): Promise<void>;
  isLoadingMore: boolean;
  moreError: string | null;
}

export type Load<T> = (signal: AbortSignal) => Promise<T>;

export interface LoaderOptions<T> {
  /** The data the server already rendered: shown at once, and read again only on reload or new deps. */
  initial?: T;
  /** New deps keep the data shown until the new answer (`isReloading` meanwhile), e.g. the next page of a table or a live preview. */
  keepData?: boolean;
  /** What a failure says when the API says nothing (default: `common.loadError`). */
  errorFallback?: string;
}

/** What an island says when a read fails: the API's message for the field concerned, else its message, else `fallback`. */
export async function loadErrorOf(failure: unknown, fallback: string): Promise<string> {
  const problem = await readApiProblem(failure, fallback);
  return Object.values(problem.fields)[0] ?? problem.message;
}

export function useLoader<T>(load: Load<T> | null, deps: DependencyList, options: LoaderOptions<T> = {}): Loader<T> {
  const t = useT();
  const [state, setState] = useState<LoadState<T>>(options.initial !== undefined ? { status: 'ready', data: options.initial } : load ? { status: 'loading' } : { status: 'idle' });
  const hasInitial = useRef(options.initial !== undefined);
  const [attempt, setAttempt] = useState(0);
  const [isReloading, setIsReloading] = useState(false);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // The controller of the read under way: replaced by the next read, aborted on unmount.
  const current = useRef<AbortController | null>(null);
  const isReloadPending = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  const fallback = options.errorFallback ?? t('common.loadError');
  const messageOf = useCallback((failure: unknown) => loadErrorOf(failure, fallback), [fallback]);

  useEffect(() => {
    current.current?.abort();
    if (hasInitial.current) {
      // The server's data is shown; a later reload or new deps read again.
      hasInitial.current = false;
      current.current = new AbortController();
      return () => current.current?.abort();
    }
    if (!load) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    current.current = controller;
    // A reload keeps what is shown (so do new deps with `keepData`); a first read shows loading.
    const isReload = isReloadPending.current || options.keepData === true;
    isReloadPending.current = false;
    if (isReload && latest.current.status === 'ready') setIsReloading(true);
    else setState({ status: 'loading' });
    setMoreError(null);
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', data });
        setIsReloading(false);
      },
      async (failure: unknown) => {
        const message = await messageOf(failure);
        if (controller.signal.aborted) return;
        setState({ status: 'error', message });
        setIsReloading(false);
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render: `deps` say when it reads something else.
  }, [...deps, attempt, load === null]);

  const update = useCallback((change: (data: T) => T) => setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous)), []);

  const loadMore = useCallback(
    async (more: (data: T, signal: AbortSignal) => Promise<T>) => {
      const shown = latest.current;
      const controller = current.current;
      if (shown.status !== 'ready' || !controller) return;
      setIsLoadingMore(true);
      setMoreError(null);
      try {
        const data = await more(shown.data, controller.signal);
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      } catch (failure) {
        const message = await messageOf(failure);
        if (!controller.signal.aborted) setMoreError(message);
      } finally {
        if (!controller.signal.aborted) setIsLoadingMore(false);
      }
    },
    [messageOf],
  );

  const reload = useCallback(() => {
    isReloadPending.current = true;
    setAttempt((value) => value + 1);
  }, []);

  return { state, reload, isReloading, update, loadMore, isLoadingMore, moreError };
}

/**
 * `loadMore`'s reader for a paginated list: reads the page `data.next` names
 * (typed like `data`)
 * and appends its items, each once (an item created meanwhile may also arrive
 * on a later page).
 */
export async function appendNextPage<T extends { id: number }>(data: Page<T>, signal: AbortSignal): Promise<Page<T>> {
  if (!data.next) return data;
  const page = await readNextPage(data, signal);
  const known = new Set(data.results.map((item) => item.id));
  return { ...page, results: [...data.results, ...page.results.filter((item) => !known.has(item.id))] };
}
