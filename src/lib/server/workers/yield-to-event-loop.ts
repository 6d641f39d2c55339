import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop run (I/O, timers, other requests) before going on.
 * Long work made only of awaited promises never gives it a turn: PGlite's
 * queries resolve as microtasks, so a 10,000-row import in one transaction
 * would hold every socket write (its own streamed progress included) and
 * every other request until it ends. Call it between chunks of such work.
 */
export async function yieldToEventLoop(): Promise<void> {
  await setImmediate();
}
