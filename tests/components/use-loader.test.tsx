import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IslandI18n } from '~/i18n/islands';
import { pickMessages } from '~/i18n';
import { getApi } from '~/lib/client/app-client';

/** A list the fake API answers (not a route of Senda's). */
const readThings = (route: string, signal: AbortSignal) => getApi().get<Page<{ id: number }>>(route, { signal });
import type { Page } from '~/lib/shared/pagination';
import { appendNextPage, useLoader, type Load } from '~/islands/common/use-loader';
import { apiError, fakeApi, gate, json, page } from './support/fake-api';

const wrapper = ({ children }: { children: ReactNode }) => (
  <IslandI18n lang="es" messages={pickMessages('es', ['common.'])}>
    {children}
  </IslandI18n>
);

describe('useLoader', () => {
  it('shows loading, then the data the API answers', async () => {
    const api = fakeApi();
    const answer = gate();
    api.on('GET /api/v2/things/', async () => {
      await answer.opened;
      return json(['a', 'b']);
    });
    const { result } = renderHook(() => useLoader((signal) => readThings('/api/v2/things/', signal), []), { wrapper });
    expect(result.current.state).toEqual({ status: 'loading' });
    answer.open();
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] }));
  });

  it("says why reading failed in the API's words, and reads again on retry", async () => {
    const api = fakeApi();
    api.on('GET /api/v2/things/', () => apiError(503, 'maintenance', 'Senda está en mantenimiento.'));
    const { result } = renderHook(() => useLoader((signal) => readThings('/api/v2/things/', signal), []), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', message: 'Senda está en mantenimiento.' }));

    api.on('GET /api/v2/things/', () => json(page([{ id: 1 }])));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(api.calls).toEqual(['GET /api/v2/things/', 'GET /api/v2/things/']);
  });

  it('falls back to the common message, in Spanish, when the failure says nothing', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/things/', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const { result } = renderHook(() => useLoader((signal) => readThings('/api/v2/things/', signal), []), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', message: 'No se pudo cargar la información. Vuelve a intentarlo.' }));
  });

  it('keeps the answer of the latest deps when an older one arrives last', async () => {
    const api = fakeApi();
    const slow = gate();
    api.on('GET /api/v2/things/?page=1', async () => {
      await slow.opened;
      return json('page one');
    });
    api.on('GET /api/v2/things/?page=2', () => json('page two'));
    const { result, rerender } = renderHook(({ n }) => useLoader((signal) => readThings(`/api/v2/things/?page=${n}`, signal), [n]), { wrapper, initialProps: { n: 1 } });
    rerender({ n: 2 });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'page two' }));
    slow.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.state).toEqual({ status: 'ready', data: 'page two' });
  });

  it('aborts the request of an island that goes away', async () => {
    fakeApi();
    let seen: AbortSignal | null = null;
    const load: Load<string> = (signal) => {
      seen = signal;
      return new Promise(() => {});
    };
    const { unmount } = renderHook(() => useLoader(load, []), { wrapper });
    await waitFor(() => expect(seen).not.toBeNull());
    unmount();
    expect(seen!.aborted).toBe(true);
  });

  it("shows the server's data at once and reads only when asked", async () => {
    const api = fakeApi();
    api.on('GET /api/v2/things/', () => json(page([{ id: 1 }, { id: 2 }])));
    const initial = page([{ id: 1 }]);
    const { result } = renderHook(() => useLoader((signal) => readThings('/api/v2/things/', signal), [], { initial }), { wrapper });
    expect(result.current.state).toEqual({ status: 'ready', data: initial });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);

    act(() => result.current.reload());
    // The data stays on screen while it is read again.
    expect(result.current.state).toEqual({ status: 'ready', data: initial });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: page([{ id: 1 }, { id: 2 }]) }));
  });

  it('is idle while there is nothing to read', () => {
    const api = fakeApi();
    const { result } = renderHook(() => useLoader(null, []), { wrapper });
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(api.calls).toEqual([]);
  });

  it('appends the next page, each item once, and keeps what is shown when the next page fails', async () => {
    const api = fakeApi();
    api.on('GET /api/v2/things/', () => json(page([{ id: 1 }, { id: 2 }], { count: 4, next: '/api/v2/things/?page=2' })));
    api.on('GET /api/v2/things/?page=2', () => json(page([{ id: 2 }, { id: 3 }], { count: 4, next: '/api/v2/things/?page=3' })));
    api.on('GET /api/v2/things/?page=3', () => apiError(500, 'internal', 'Algo falló en Senda.'));
    const { result } = renderHook(() => useLoader((signal) => readThings('/api/v2/things/', signal), []), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    await act(() => result.current.loadMore(appendNextPage));
    const ids = () => (result.current.state.status === 'ready' ? result.current.state.data.results.map((item) => item.id) : []);
    expect(ids()).toEqual([1, 2, 3]);

    await act(() => result.current.loadMore(appendNextPage));
    expect(ids()).toEqual([1, 2, 3]);
    expect(result.current.moreError).toBe('Algo falló en Senda.');
  });
});
