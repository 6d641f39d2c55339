/// <reference types="astro/client" />

declare module 'auth:config' {
  const config: import('@auth/core/types').AuthConfig;
  export default config;
}

declare module 'virtual:senda/hold-early-actions' {
  /** holdEarlyActions (lib/client/keep-early-actions.ts) as a minified inline script (build/inline-scripts.mjs). */
  const script: string;
  export default script;
}

declare module 'virtual:senda/register-service-worker' {
  /** startServiceWorker (lib/client/register-service-worker.ts) as a minified inline script (build/inline-scripts.mjs). */
  const script: string;
  export default script;
}

declare namespace App {
  interface Locals {
    lang: import('./lib/shared/constants').Language;
    t: import('./i18n').Translate;
    session: import('./lib/server/services/auth/auth-js').SendaSession | null;
    sessionError: string | null;
  }
}

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE?: string;
}
