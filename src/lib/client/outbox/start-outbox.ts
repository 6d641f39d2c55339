/** Replays the line on page load, when the connection returns, and when a session is (re)read: once per page. */
import { $session } from '~/lib/client/session-store';
import { replayOutbox } from './replay-outbox';

let started = false;

export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const replay = () => void replayOutbox().catch(() => undefined);
  window.addEventListener('online', replay);
  // After signing in again (a token that expired offline was refreshed): the line waiting for it goes.
  $session.listen((state) => state.status === 'authenticated' && replay());
  replay();
}
