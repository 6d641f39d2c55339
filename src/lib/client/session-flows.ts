/**
 * The session workflows of the product contract (§4): logout, maintenance,
 * any 403, a failed token refresh, and the remove-session marker.
 */
import { FORBIDDEN_RELOAD_DELAY_MS } from '~/lib/shared/constants';
import type { BrowserEnv } from './browser-env';
import { clearAfterRefreshFailure, isRemoveSessionSet, markRemoveSession, readAccessData } from './storage';
import { logger, reportToServer } from './logger';

export interface FlowDeps {
  env: BrowserEnv;
  /** Server-side sign-out (clears the HttpOnly session cookie). */
  signOut(): Promise<void>;
  /** Revokes the stored refresh token through the API (best effort). */
  revokeTokens?(): Promise<void>;
}

/** Any 403: set remove-session unless it is set, then reload after about 150 ms. */
export function handleForbidden({ env }: Pick<FlowDeps, 'env'>): void {
  if (!isRemoveSessionSet(env.storage)) markRemoveSession(env.storage);
  env.setTimeout(() => env.reload(), FORBIDDEN_RELOAD_DELAY_MS);
}

/**
 * Logout: when accessData exists, sign out and go to /signin, clearing local
 * storage (and the pages kept offline, and the downloads: the next person to sign in is not assumed to be the same);
 * when signing out fails, still clear them and go to /signin.
 */
export async function logout({ env, signOut, revokeTokens }: FlowDeps): Promise<void> {
  try {
    if (readAccessData(env.storage)) await revokeTokens?.().catch(() => undefined);
    await signOut();
  } catch (error) {
    logger.error('sign-out failed', error);
  } finally {
    env.storage.clear();
    await env.forgetOfflinePages();
    await env.forgetDownloads();
    env.navigate('/signin');
  }
}

/** Maintenance: warn, clear local storage, every cookie and session storage, then go to /signin. */
export async function enterMaintenance({ env, signOut }: FlowDeps, warn: () => void): Promise<void> {
  warn();
  env.storage.clear();
  env.sessionStorage.clear();
  env.clearCookies();
  await env.forgetOfflinePages();
  await env.forgetDownloads();
  await signOut().catch(() => undefined);
  env.navigate('/signin');
}

/**
 * A failed token refresh: remove accessData, userInfo, aiFeedback and logged, log it, and sign in again. The downloads
 * stay: the sign-in page keeps them if the same person signs in (lib/client/signin-page.ts).
 */
export async function handleRefreshFailure({ env, signOut }: FlowDeps, error: string): Promise<void> {
  clearAfterRefreshFailure(env.storage);
  await env.forgetOfflinePages();
  logger.error('token refresh failed', error);
  await reportToServer('RefreshAccessTokenError', error);
  await signOut().catch(() => undefined);
  env.navigate('/signin?error=RefreshAccessTokenError');
}

/** remove-session set: clear storage and sign the user out. */
export async function removeSession({ env, signOut }: FlowDeps): Promise<void> {
  env.storage.clear();
  await env.forgetOfflinePages();
  await env.forgetDownloads();
  await signOut().catch((error: unknown) => logger.error('sign-out failed', error));
  env.navigate('/signin');
}
