/**
 * Lets V8 give back a burst's memory once a server is idle (ADR 015).
 *
 * V8's memory reducer runs memory-reducing collections (which also return
 * its pooled pages to the system) once it judges the allocation rate low.
 * In Node 24 (V8 13.6) that judgement also needs the embedder heap (cppgc)
 * to have allocated at some point recently: an allocation rate of exactly
 * zero counts as the highest there is (nodejs/node#66564, V8 bug 570738027).
 * A server whose code never touches that heap therefore never runs the
 * reducer, and keeps the RSS of its busiest minute (measured: 415 MiB an
 * hour after a load, against ~260 MiB once reduced).
 *
 * Only `node:vm` allocates on the embedder heap in Node's core, so this
 * compiles a one-token script now and then: a few hundred bytes, enough for
 * the rate to be small but not zero.
 */
import { Script } from 'node:vm';

/** Often enough that the rate has not decayed to zero between two of the reducer's 8-second ticks. */
const NUDGE_INTERVAL_MS = 4_000;

/** Starts the nudges; the returned function stops them. The timer does not keep the process alive. */
export function keepMemoryReducerWorking(): () => void {
  const nudge = () => void new Script('0');
  nudge();
  const timer = setInterval(nudge, NUDGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
