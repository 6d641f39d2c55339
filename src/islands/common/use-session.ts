/**
 * The browser session for islands. The first render always sees the store's
 * initial value ("loading"), exactly like the server-rendered HTML, and the
 * real value follows right after hydration. Without this, an island hydrating
 * after the shell had already read the session would render "ready" during
 * hydration, and React keeps the server's attributes (a `disabled` button
 * would stay disabled for good).
 */
import { useStore } from '@nanostores/react';
import { $session, type SessionState } from '~/lib/client/session-store';

export function useSession(): SessionState {
  return useStore($session, { ssr: 'initial' });
}
