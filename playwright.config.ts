/**
 * End-to-end suite: real Chromium (Debian's /usr/bin/chromium; Playwright never
 * downloads a browser) against the app started with `npm start` on fresh data
 * directories. `npm run test:e2e` (scripts/e2e.sh) builds once first; the
 * servers then skip the build check, so two servers never build at once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKES, FAKES_ENV, MAIN_SERVER, REPO_ROOT, SECOND_SERVER, SERVERS, serverEnv } from './tests/e2e/support/servers';

export { MAIN_SERVER, REFRESH_SERVER, SERVERS } from './tests/e2e/support/servers';

if (!existsSync(join(REPO_ROOT, 'dist', 'server', 'entry.mjs'))) {
  throw new Error('No build in dist/: run `npm run test:e2e` (or `npm run build` before `npx playwright test`).');
}

/** Debian's Chromium headless shell when installed (scripts/e2e.sh installs it), else Debian's chromium. */
export const CHROMIUM_PATH = process.env.SENDA_E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Four lines of specs (issue 30), each one spec after the other because its specs share a server's demo accounts and
 * maintenance switch: those of the main server (and the refresh server), those of a second server configured as the
 * main one, and two lines of specs that start a server of their own (tests/e2e/support/own-server.ts). At most three
 * run at once: with four, a two-core machine's load reached 16 and 60-second tests ran out of time (docs/benchmarks.md).
 */
const OWN_SERVER_SPECS = ['**/accessibility.spec.ts', '**/journeys-clicks.spec.ts', '**/jarvis.spec.ts', '**/supervisor.spec.ts', '**/quiz-offline.spec.ts'];
const OWN_SERVER_SPECS_2 = ['**/accessibility-phone.spec.ts', '**/page-routes.spec.ts'];
/** Specs that set up their own people and courses and pay nothing (the fakes' payment notifications go to the main server). */
const SECOND_SERVER_SPECS = [
  '**/admin-cohort-tools.spec.ts',
  '**/attendance-check-in.spec.ts',
  '**/attendance-import.spec.ts',
  '**/assignments.spec.ts',
  '**/attendance-roll-call.spec.ts',
  '**/consent.spec.ts',
  '**/forums.spec.ts',
  '**/funder-report.spec.ts',
  '**/gradebook.spec.ts',
  '**/grading-setup.spec.ts',
  '**/offline-writes.spec.ts',
  '**/people.spec.ts',
  '**/quizzes.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 3,
  projects: [
    { name: 'main server', testIgnore: [...OWN_SERVER_SPECS, ...OWN_SERVER_SPECS_2, ...SECOND_SERVER_SPECS], workers: 1 },
    { name: 'second server', testMatch: SECOND_SERVER_SPECS, use: { baseURL: SECOND_SERVER.url }, workers: 1 },
    { name: 'own servers', testMatch: OWN_SERVER_SPECS, workers: 1 },
    { name: 'own servers 2', testMatch: OWN_SERVER_SPECS_2, workers: 1 },
  ],
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    baseURL: MAIN_SERVER.url,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // The built app registers a service worker (ADR 032); Playwright's routes and timings do not see what a worker
    // fetches, so every spec runs without it but the one about it (pwa.spec.ts), which allows it for itself.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // The payment providers and the CRM are outside our walls: fakes that answer as they document (INTEGRATIONS.md).
      command: 'npx tsx tests/support/fakes/serve-fakes.ts',
      cwd: REPO_ROOT,
      url: `${FAKES.crm}/__control/health`,
      env: FAKES_ENV,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    },
    ...SERVERS.map((target) => ({
      // A fresh data directory each run: migrated and seeded with the demo accounts at start.
      command: `rm -rf '${target.dataDir}' && mkdir -p '${target.dataDir}' && env -u DATABASE_URL npm start`,
      cwd: REPO_ROOT,
      url: `${target.url}/api/v2/status/`,
      env: serverEnv(target),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    })),
  ],
});
