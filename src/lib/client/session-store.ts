/** The browser session as a nanostores store: loading, authenticated or unauthenticated (contract §4). */
import { map } from 'nanostores';
import type { SessionUser } from '~/lib/shared/schemas/auth';
import { getSession, type BrowserSession } from './auth-client';
import { logger } from './logger';
import { handleRefreshFailure, removeSession, type FlowDeps } from './session-flows';
import { isRemoveSessionSet, readAccessData, writeSessionToStorage } from './storage';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const $session = map<SessionState>({ status: 'loading', user: null });

export type SessionOutcome = 'authenticated' | 'unauthenticated' | 'removed' | 'refresh-failed';

/**
 * Applies a session read from the server: a refresh error clears the token
 * keys; remove-session signs the user out; otherwise tokens and user info are
 * copied to storage when absent (or when the server rotated them).
 */
export async function applySession(session: BrowserSession | null, deps: FlowDeps): Promise<SessionOutcome> {
  if (session?.error) {
    $session.set({ status: 'unauthenticated', user: null });
    await handleRefreshFailure(deps, session.error);
    return 'refresh-failed';
  }
  if (!session) {
    $session.set({ status: 'unauthenticated', user: null });
    return 'unauthenticated';
  }
  if (isRemoveSessionSet(deps.env.storage)) {
    $session.set({ status: 'unauthenticated', user: null });
    await removeSession(deps);
    return 'removed';
  }
  const stored = readAccessData(deps.env.storage);
  if (!stored || stored.accessToken !== session.user.accessToken) writeSessionToStorage(deps.env.storage, session.user);
  $session.set({ status: 'authenticated', user: session.user });
  return 'authenticated';
}

/**
 * Reads the session now and every `pollIntervalS` seconds (0 turns polling
 * off). There is deliberately no refetch on window focus.
 */
export function startSessionSync(options: { pollIntervalS: number; deps: FlowDeps; fetchSession?: () => Promise<BrowserSession | null> }): () => void {
  const fetchSession = options.fetchSession ?? getSession;
  let stopped = false;
  const run = async () => {
    try {
      const session = await fetchSession();
      // A read still in flight when the sync stopped (maintenance, unmount) must not write storage.
      if (!stopped) await applySession(session, options.deps);
    } catch (error) {
      logger.error('session read failed', error);
    }
  };
  void run();
  const timer = options.pollIntervalS > 0 ? setInterval(run, options.pollIntervalS * 1000) : null;
  return () => {
    stopped = true;
    if (timer) clearInterval(timer);
  };
}
