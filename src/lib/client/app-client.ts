/** The browser's singletons: the request helper and the flow dependencies, created on first use. */
import { createApiClient, type ApiClient, type RequestArgs, type RequestBody, type UploadOptions } from './api';
import { createTypedApi } from './api/typed-api';
import { signOut } from './auth-client';
import { getBrowserEnv } from './browser-env';
import { handleForbidden, removeSession, type FlowDeps } from './session-flows';
import { $session } from './session-store';
import { readAccessData } from './storage';

let deps: FlowDeps | null = null;
let helper: ApiClient | null = null;

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

/**
 * Resolves once the shell has read the session (and stored fresh tokens), or
 * found there is none. An island calling the API on mount, before that, would
 * find no tokens yet and sign the user out: every call waits for it here, the
 * one place islands wait for the session.
 */
function sessionSettled(): Promise<void> {
  if ($session.get().status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = $session.listen((state) => {
      if (state.status === 'loading') return;
      stop();
      resolve();
    });
  });
}

/** The shared request helper for islands: every call waits for the session to be settled first. */
export function getApi(): ApiClient {
  if (helper) return helper;
  const client = createApiClient({
    baseUrl: import.meta.env.PUBLIC_API_BASE ?? '',
    storage: window.localStorage,
    onForbidden: () => handleForbidden(getFlowDeps()),
    onMissingAccessData: () => void removeSession(getFlowDeps()),
  });
  const settled = async <T>(call: () => Promise<T>): Promise<T> => {
    await sessionSettled();
    return call();
  };
  helper = {
    request: <T>(args: RequestArgs) => settled(() => client.request<T>(args)),
    get: <T>(route: string, options?: { signal?: AbortSignal }) => settled(() => client.get<T>(route, options)),
    post: <T>(route: string, body?: RequestBody) => settled(() => client.post<T>(route, body)),
    put: <T>(route: string, body?: RequestBody) => settled(() => client.put<T>(route, body)),
    patch: <T>(route: string, body?: RequestBody) => settled(() => client.patch<T>(route, body)),
    delete: <T>(route: string) => settled(() => client.delete<T>(route)),
    upload: <T>(route: string, body: FormData, onProgress: (sent: number) => void, options?: UploadOptions) => settled(() => client.upload<T>(route, body, onProgress, options)),
  };
  return helper;
}

/** The typed calls islands make, through lib/client/api's modules (ADR 026). */
export const api = createTypedApi(getApi);
