import { useEffect, useRef } from 'react';
import { onLiveMessage, startLiveStream, type LiveMessage } from '~/lib/client/live-stream';

/** Calls `handle` with every live message of the page's connection (first those that came before the island mounted). */
export function useLiveEvents(handle: (message: LiveMessage) => void): void {
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    startLiveStream();
    return onLiveMessage((message) => latest.current(message));
  }, []);
}
