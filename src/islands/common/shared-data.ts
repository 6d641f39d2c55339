/**
 * Data that two islands of one page show and change together (a cohort's
 * levels: edited in one section, offered in another). It lives in a store
 * instead of one island's `useLoader`, with the same states, read once for
 * both and changed in both at once; `useSharedData` gives an island the same
 * loader face (`state`, `reload`, `update`) that LoadStatus shows.
 */
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import { useCallback, useEffect } from 'react';
import { useT } from '~/i18n/islands';
import { loadErrorOf, type Load, type LoadState, type Loader } from './use-loader';

export interface SharedData<T> {
  $state: ReadableAtom<LoadState<T>>;
  /** Reads the data unless it is read or being read already; `force` reads again. Failures say `fallback` when the API says nothing. */
  load(fallback: string, force?: boolean): Promise<void>;
  /** Changes the data shown after a successful change, without reading it again. */
  update(change: (data: T) => T): void;
}

export function defineSharedData<T>(read: Load<T>): SharedData<T> {
  const $state = atom<LoadState<T>>({ status: 'loading' });
  let reading: Promise<void> | null = null;
  let controller: AbortController | null = null;

  function load(fallback: string, force = false): Promise<void> {
    if (reading && !force) return reading;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    if (force && $state.get().status !== 'ready') $state.set({ status: 'loading' });
    reading = read(mine.signal).then(
      (data) => {
        if (!mine.signal.aborted) $state.set({ status: 'ready', data });
      },
      async (failure: unknown) => {
        const message = await loadErrorOf(failure, fallback);
        if (mine.signal.aborted) return;
        $state.set({ status: 'error', message });
        // A later call may try again.
        reading = null;
      },
    );
    return reading;
  }

  function update(change: (data: T) => T): void {
    const shown = $state.get();
    if (shown.status === 'ready') $state.set({ status: 'ready', data: change(shown.data) });
  }

  return { $state, load, update };
}

/** The shared data for an island: read on mount (once for all islands), with reload and update. */
export function useSharedData<T>(shared: SharedData<T>): Pick<Loader<T>, 'state' | 'reload' | 'update'> {
  const t = useT();
  // Hydration renders the store's first value, as the server did: another island may have read the data already
  // (the release scheduler reads a cohort's levels before the levels section hydrates), which would not match.
  const state = useStore(shared.$state, { ssr: 'initial' });
  const fallback = t('common.loadError');
  useEffect(() => {
    void shared.load(fallback);
  }, [shared, fallback]);
  const reload = useCallback(() => void shared.load(fallback, true), [shared, fallback]);
  return { state, reload, update: shared.update };
}
