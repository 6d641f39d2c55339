#!/usr/bin/env bash
# `npm test`: every test layer. Unit and integration run on PGlite in memory;
# end-to-end runs the built app in Debian's Chromium (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

echo "== Unit, component and integration tests (vitest; islands in happy-dom, the database on PGlite in memory)"
npx vitest run

echo "== End-to-end tests (Playwright, Chromium)"
bash scripts/e2e.sh
