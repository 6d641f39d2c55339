import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserEnv } from '~/lib/client/browser-env';
import { enterMaintenance, handleForbidden, handleRefreshFailure, logout, removeSession, type FlowDeps } from '~/lib/client/session-flows';
import { $session, applySession } from '~/lib/client/session-store';
import type { BrowserSession } from '~/lib/client/auth-client';
import { MemoryStorage } from '../support/memory-storage';

function fakeBrowser() {
  const storage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const env: BrowserEnv & { visits: string[]; reloads: number; cookiesCleared: number; pagesForgotten: number; downloadsForgotten: number } = {
    storage,
    sessionStorage,
    visits: [],
    reloads: 0,
    cookiesCleared: 0,
    pagesForgotten: 0,
    downloadsForgotten: 0,
    reload: () => void env.reloads++,
    navigate: (url) => void env.visits.push(url),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearCookies: () => void env.cookiesCleared++,
    // The offline copy of the person's pages is gone before the next page (the sign-in page) opens.
    forgetOfflinePages: async () => void (env.visits.length === 0 && env.pagesForgotten++),
    // So are the downloads, when the session ends for good (not when only the token expired).
    forgetDownloads: async () => void (env.visits.length === 0 && env.downloadsForgotten++),
  };
  const signOut = vi.fn(async () => {});
  const revokeTokens = vi.fn(async () => {});
  const deps: FlowDeps = { env, signOut, revokeTokens };
  return { env, storage, sessionStorage, signOut, revokeTokens, deps };
}

const USER = {
  id: 5,
  email: 'ana@senda.test',
  name: 'Ana Ruiz',
  statusUser: 'ACTIVE' as const,
  typeUser: 'student' as const,
  cohorts: [{ id: 1, status: 'ACTIVE' as const, role_id: 1 as const }],
  statusStudent: 0,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  idUser: 5,
  idTrainingPath: 2,
};
const session = (overrides: Partial<BrowserSession> = {}): BrowserSession => ({ user: USER, expires: '2030-01-01', ...overrides });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('any 403', () => {
  it('sets remove-session and reloads after about 150 ms', () => {
    vi.useFakeTimers();
    const { env, storage } = fakeBrowser();
    handleForbidden({ env });
    expect(storage.getItem('remove-session')).not.toBeNull();
    vi.advanceTimersByTime(149);
    expect(env.reloads).toBe(0);
    vi.advanceTimersByTime(1);
    expect(env.reloads).toBe(1);
  });

  it('keeps an existing remove-session marker as it is', () => {
    vi.useFakeTimers();
    const { env, storage } = fakeBrowser();
    storage.setItem('remove-session', 'earlier');
    handleForbidden({ env });
    expect(storage.getItem('remove-session')).toBe('earlier');
  });
});

describe('logout', () => {
  it('revokes the tokens, signs out, clears local storage, the pages kept offline and the downloads, and goes to /signin', async () => {
    const { deps, env, storage, signOut, revokeTokens } = fakeBrowser();
    storage.setItem('accessData', JSON.stringify({ accessToken: 'a', refreshToken: 'r', idUser: 5, idTrainingPath: 2 }));
    storage.setItem('userInfo', '{}');
    await logout(deps);
    expect(revokeTokens).toHaveBeenCalledOnce();
    expect(signOut).toHaveBeenCalledOnce();
    expect(storage.keys()).toEqual([]);
    expect(env.pagesForgotten).toBe(1);
    expect(env.downloadsForgotten).toBe(1);
    expect(env.visits).toEqual(['/signin']);
  });

  it('still clears storage and the pages kept offline, and goes to /signin, when signing out fails', async () => {
    const { deps, env, storage, signOut } = fakeBrowser();
    storage.setItem('accessData', '{"accessToken":"a","idUser":1}');
    signOut.mockRejectedValueOnce(new Error('offline'));
    await logout(deps);
    expect(storage.keys()).toEqual([]);
    expect(env.pagesForgotten).toBe(1);
    expect(env.visits).toEqual(['/signin']);
  });
});

describe('maintenance', () => {
  it('warns, clears local storage, session storage and cookies, then goes to /signin', async () => {
    const { deps, env, storage, sessionStorage } = fakeBrowser();
    storage.setItem('accessData', '{}');
    sessionStorage.setItem('draft', 'x');
    const warn = vi.fn();
    await enterMaintenance(deps, warn);
    expect(warn).toHaveBeenCalledOnce();
    expect(storage.keys()).toEqual([]);
    expect(sessionStorage.keys()).toEqual([]);
    expect(env.cookiesCleared).toBe(1);
    expect(env.pagesForgotten).toBe(1);
    expect(env.downloadsForgotten).toBe(1);
    expect(env.visits).toEqual(['/signin']);
  });
});

describe('a failed token refresh', () => {
  it('removes accessData, userInfo, aiFeedback and logged only, keeps the downloads for the same person, and reports it', async () => {
    const { deps, env, storage } = fakeBrowser();
    for (const key of ['accessData', 'userInfo', 'aiFeedback', 'logged', 'currentSettings']) storage.setItem(key, '1');
    await handleRefreshFailure(deps, 'RefreshAccessTokenError');
    expect(storage.keys()).toEqual(['currentSettings']);
    expect(env.pagesForgotten).toBe(1);
    expect(env.downloadsForgotten).toBe(0);
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/auth/_log', expect.objectContaining({ method: 'POST' }));
    expect(env.visits).toEqual(['/signin?error=RefreshAccessTokenError']);
  });
});

describe('the session store', () => {
  it('copies tokens and user info to storage when authenticated and accessData is absent', async () => {
    const { deps, storage } = fakeBrowser();
    expect(await applySession(session(), deps)).toBe('authenticated');
    expect(JSON.parse(storage.getItem('accessData')!)).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', idUser: 5, idTrainingPath: 2 });
    expect(JSON.parse(storage.getItem('userInfo')!)).toMatchObject({ id: 5, name: 'Ana Ruiz', statusStudent: 0 });
    expect(JSON.parse(storage.getItem('userInfo')!)).not.toHaveProperty('accessToken');
    expect(storage.getItem('logged')).toBe('true');
    expect($session.get()).toMatchObject({ status: 'authenticated', user: { idUser: 5 } });
  });

  it('refreshes stored tokens when the server rotated them', async () => {
    const { deps, storage } = fakeBrowser();
    await applySession(session(), deps);
    await applySession(session({ user: { ...USER, accessToken: 'access-2', refreshToken: 'refresh-2' } }), deps);
    expect(JSON.parse(storage.getItem('accessData')!).accessToken).toBe('access-2');
  });

  it('with remove-session set, clears storage and signs the user out', async () => {
    const { deps, env, storage, signOut } = fakeBrowser();
    storage.setItem('remove-session', 'true');
    storage.setItem('accessData', '{}');
    expect(await applySession(session(), deps)).toBe('removed');
    expect(storage.keys()).toEqual([]);
    expect(env.pagesForgotten).toBe(1);
    expect(env.downloadsForgotten).toBe(1);
    expect(signOut).toHaveBeenCalledOnce();
    expect(env.visits).toEqual(['/signin']);
    expect($session.get().status).toBe('unauthenticated');
  });

  it('with a refresh error on the session, runs the refresh-failure flow', async () => {
    const { deps, storage } = fakeBrowser();
    storage.setItem('accessData', '{}');
    expect(await applySession(session({ error: 'RefreshAccessTokenError' }), deps)).toBe('refresh-failed');
    expect(storage.getItem('accessData')).toBeNull();
  });

  it('without a session is unauthenticated and leaves storage alone', async () => {
    const { deps, storage } = fakeBrowser();
    storage.setItem('currentSettings', '{"lang":"en"}');
    expect(await applySession(null, deps)).toBe('unauthenticated');
    expect(storage.keys()).toEqual(['currentSettings']);
  });

  it('remove-session signs out even without a server session (helper action)', async () => {
    const { deps, storage, signOut } = fakeBrowser();
    storage.setItem('remove-session', 'true');
    await removeSession(deps);
    expect(storage.keys()).toEqual([]);
    expect(signOut).toHaveBeenCalledOnce();
  });
});
