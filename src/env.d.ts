/// <reference types="astro/client" />

declare module 'auth:config' {
  const config: import('@auth/core/types').AuthConfig;
  export default config;
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
