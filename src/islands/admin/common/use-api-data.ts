import { useCallback, useEffect, useState } from 'react';
import { getApi } from '~/lib/client/app-client';

export type ApiData<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

export interface LoadedApiData<T> {
  state: ApiData<T>;
  /** Reads the route again (after a failure, or when the server's copy changed). */
  reload(): void;
  /** Changes the data shown after a successful change, without reading it again. */
  update(change: (data: T) => T): void;
}

/** What the API answers at `route` (read again when the route changes): loading, failed or ready. */
export function useApiData<T>(route: string): LoadedApiData<T> {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    getApi()
      .get<T>(route)
      .then(
        (data) => setState({ status: 'ready', data }),
        () => setState({ status: 'error' }),
      );
  }, [route]);

  useEffect(reload, [reload]);

  const update = useCallback((change: (data: T) => T) => setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current)), []);

  return { state, reload, update };
}
