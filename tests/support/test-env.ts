/**
 * Environment variables set for one test and put back after it, the
 * configuration reloaded each time: a test file calls `useEnv` (in a test or
 * its `beforeEach`) and `restoreEnv` in its `afterEach`.
 */
import { resetConfig } from '~/lib/server/config';

// What each variable was before the test changed it (one map per test file: vitest loads modules per file).
const saved = new Map<string, string | undefined>();

const put = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

/** Sets (or, given undefined, unsets) variables until restoreEnv, and reloads the configuration. */
export function useEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    put(name, value);
  }
  resetConfig();
}

/** Puts back every variable useEnv changed, and reloads the configuration. */
export function restoreEnv(): void {
  for (const [name, value] of saved) put(name, value);
  saved.clear();
  resetConfig();
}
