/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/** Integration files that must load the app's modules afresh (see the project `integration-isolated`). */
const INTEGRATION_FILES_ISOLATED = ['tests/integration/database-outage.test.ts'];

/** What both integration projects share. */
const integration = {
  // Migrated once per run (a PGlite dump, or a PostgreSQL template); each file starts from it, each worker's files on
  // PostgreSQL in a database of their own, so files run in parallel on both.
  globalSetup: ['tests/support/migrated-database.ts'],
  setupFiles: ['tests/support/env.ts', 'tests/support/database.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Astro's Vite config gives tests the same aliases, virtual modules
// (auth:config) and import.meta.glob as the app, its React renderer and its
// patches of Astro's code (ADR 018; tests/unit/framework-patches.test.ts checks
// the tests run them).
export default getViteConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles: ['tests/support/env.ts'] },
      },
      {
        extends: true,
        test: {
          // Islands rendered in a simulated DOM, talking to a fake API at the fetch boundary.
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://senda.test/' } },
          setupFiles: ['tests/components/support/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Two built app servers on one PostgreSQL behind nginx: only with CLUSTER_DATABASE_URL (scripts/pg-test.sh).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          // One file at a time: database-restart.test.ts stops the PostgreSQL server every file uses.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_FILES_ISOLATED,
          ...integration,
          // A worker keeps the app's modules loaded from one file to the next (the next file gets its own database,
          // caches emptied and configuration reread: tests/support/database.ts); loading them afresh for each file
          // took more than half the suite's time (ADR 023).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that need the app's modules loaded afresh: fake timers over an interval a module starts on first use.
          name: 'integration-isolated',
          include: INTEGRATION_FILES_ISOLATED,
          ...integration,
        },
      },
    ],
  },
});
