#!/usr/bin/env bash
# End-to-end suite: Playwright in Debian's Chromium (never a downloaded browser).
# Builds once, then `npx playwright test` starts the servers with SENDA_SKIP_BUILD=true.
# Extra arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/logout.spec.ts`.
set -euo pipefail

cd "$(dirname "$0")/.."

# Debian's packages only (Playwright never downloads a browser). The headless shell is the same
# Chromium without the desktop browser around it, and costs about 30 % less CPU on this suite
# (docs/decisions/023-test-suite-speed.md); the full chromium is the fallback.
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if [ -z "${SENDA_E2E_CHROMIUM:-}" ]; then
  if [ ! -x /usr/bin/chromium-headless-shell ]; then
    echo "e2e: /usr/bin/chromium-headless-shell is missing; installing Debian's chromium-headless-shell with apt-get."
    { as_root apt-get update && as_root apt-get install -y chromium-headless-shell; } || echo "e2e: chromium-headless-shell could not be installed; the full chromium will do."
  fi
  if [ -x /usr/bin/chromium-headless-shell ]; then SENDA_E2E_CHROMIUM=/usr/bin/chromium-headless-shell; else SENDA_E2E_CHROMIUM=/usr/bin/chromium; fi
fi
if [ ! -x "$SENDA_E2E_CHROMIUM" ]; then
  echo "e2e: $SENDA_E2E_CHROMIUM is missing; installing Debian's chromium with apt-get."
  as_root apt-get update
  as_root apt-get install -y chromium
  SENDA_E2E_CHROMIUM=/usr/bin/chromium
fi
export SENDA_E2E_CHROMIUM
echo "e2e: browser $("$SENDA_E2E_CHROMIUM" --version 2>/dev/null || echo "$SENDA_E2E_CHROMIUM")"

# Playwright must use the system Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "e2e: building the app once"
npm run build

echo "e2e: running Playwright"
npx playwright test "$@"
