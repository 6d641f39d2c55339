#!/usr/bin/env bash
# End-to-end suite: Playwright in Debian's Chromium (never a downloaded browser).
# Builds once, then `npx playwright test` starts the servers with SENDA_SKIP_BUILD=true.
# Extra arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/logout.spec.ts`.
set -euo pipefail

cd "$(dirname "$0")/.."

CHROMIUM="${SENDA_E2E_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "e2e: $CHROMIUM is missing; installing Debian's chromium with apt-get (no Playwright browser download)."
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update
    apt-get install -y chromium
  else
    sudo apt-get update
    sudo apt-get install -y chromium
  fi
  CHROMIUM=/usr/bin/chromium
  export SENDA_E2E_CHROMIUM="$CHROMIUM"
  echo "e2e: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)."
fi

# Playwright must use the system Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "e2e: building the app once"
npm run build

echo "e2e: running Playwright"
npx playwright test "$@"
