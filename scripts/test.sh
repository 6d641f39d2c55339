#!/usr/bin/env bash
# `npm test`: every test layer. Unit and integration run on PGlite in memory;
# end-to-end runs the built app in Debian's Chromium (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

echo "== Unit and integration tests (vitest, PGlite in memory)"
npx vitest run

echo "== End-to-end tests (Playwright, Chromium)"
bash scripts/e2e.sh
