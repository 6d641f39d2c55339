/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config gives tests the same aliases, virtual modules
// (auth:config) and import.meta.glob as the app.
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
          setupFiles: ['tests/support/env.ts', 'tests/support/database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One database per file on PGlite; PostgreSQL runs the files one at a time.
          fileParallelism: !process.env.TEST_DATABASE_URL,
        },
      },
    ],
  },
});
