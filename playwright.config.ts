/**
 * End-to-end suite: real Chromium (Debian's /usr/bin/chromium; Playwright never
 * downloads a browser) against the app started with `npm start` on fresh data
 * directories. `npm run test:e2e` (scripts/e2e.sh) builds once first; the
 * servers then skip the build check, so two servers never build at once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKES, FAKES_ENV, MAIN_SERVER, REPO_ROOT, SERVERS, serverEnv } from './tests/e2e/support/servers';

export { MAIN_SERVER, REFRESH_SERVER, SERVERS } from './tests/e2e/support/servers';

if (!existsSync(join(REPO_ROOT, 'dist', 'server', 'entry.mjs'))) {
  throw new Error('No build in dist/: run `npm run test:e2e` (or `npm run build` before `npx playwright test`).');
}

export const CHROMIUM_PATH = process.env.SENDA_E2E_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The flows share the demo accounts and the maintenance switch: one at a time.
  fullyParallel: false,
  workers: 1,
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
