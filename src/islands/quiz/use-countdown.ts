import { useEffect, useRef, useState } from 'react';
import { TIME_WARNINGS_S } from '~/lib/shared/quizzes';

/**
 * The seconds left before an attempt's deadline by the server's clock: the
 * device's clock is only used to measure time passing since the server
 * answered (`serverNow`), so a wrong clock on the phone changes nothing.
 * `warning` is the last threshold crossed (300, then 60 s), once each.
 */
export function useCountdown(deadline: string | null, serverNow: string | null, onTimeUp: () => void) {
  const offsetMs = useRef(0);
  const [left, setLeft] = useState<number | null>(null);
  const [warning, setWarning] = useState<number | null>(null);
  const fired = useRef(false);
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;

  useEffect(() => {
    if (!deadline || !serverNow) return;
    offsetMs.current = Date.parse(serverNow) - Date.now();
    fired.current = false;
    const warned = new Set<number>();
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + offsetMs.current)) / 1000));
      setLeft(seconds);
      for (const threshold of TIME_WARNINGS_S) {
        if (seconds <= threshold && seconds > 0 && !warned.has(threshold)) {
          // Every larger threshold counts as passed too (a resume at 40 s warns once, for the minute).
          for (const other of TIME_WARNINGS_S) if (other >= threshold) warned.add(other);
          setWarning(threshold);
        }
      }
      if (seconds === 0 && !fired.current) {
        fired.current = true;
        timeUp.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, serverNow]);

  return { left, warning };
}

/** "mm:ss", or "h:mm:ss" past an hour. */
export function formatClock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
