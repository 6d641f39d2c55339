/** The browser's singletons: the request helper and the flow dependencies, created on first use. */
import { createApiClient, type ApiClient } from './api';
import { signOut } from './auth-client';
import { getBrowserEnv } from './browser-env';
import { handleForbidden, removeSession, type FlowDeps } from './session-flows';
import { readAccessData } from './storage';

let deps: FlowDeps | null = null;
let api: ApiClient | null = null;

export function getFlowDeps(): FlowDeps {
  deps ??= {
    env: getBrowserEnv(),
    signOut,
    revokeTokens: async () => {
      const access = readAccessData(window.localStorage);
      if (access?.refreshToken) await getApi().post('/api/v2/auth/logout/', { refresh_token: access.refreshToken });
    },
  };
  return deps;
}

/** The shared request helper for islands. */
export function getApi(): ApiClient {
  api ??= createApiClient({
    baseUrl: import.meta.env.PUBLIC_API_BASE ?? '',
    storage: window.localStorage,
    onForbidden: () => handleForbidden(getFlowDeps()),
    onMissingAccessData: () => void removeSession(getFlowDeps()),
  });
  return api;
}
