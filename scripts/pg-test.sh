#!/usr/bin/env bash
# The app's migrations and operator CLI, the integration suite, and two app
# servers behind nginx, against a real PostgreSQL server started (and
# removed) by scripts/with-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1

steps() {
  # A function run by `bash -c` does not inherit this shell's options: without these, a failed step would not stop the run.
  set -euo pipefail
  echo "== The app's migrations and operator CLI on PostgreSQL"
  DATABASE_URL="$PG_URL/senda_app" npm run --silent db:migrate
  DATABASE_URL="$PG_URL/senda_app" SENDA_DATA_DIR="$(mktemp -d)" npm run --silent senda -- create-user --email ops@senda.test --password Ops-pass-123 --first-name Ops --last-name Check --type admin
  DATABASE_URL="$PG_URL/senda_app" SENDA_DATA_DIR="$(mktemp -d)" npm run --silent senda -- maintenance status
  echo "== Integration tests against PostgreSQL"
  TEST_DATABASE_URL="$PG_URL/senda_test" npx vitest run --project integration --project integration-isolated
  echo "== Two app servers on one PostgreSQL behind nginx, and a PostgreSQL restart under them (builds the app if needed; installs nginx if missing)"
  CLUSTER_DATABASE_URL="$PG_URL/senda_cluster" npx vitest run --project cluster
}
export -f steps
PG_DATABASES="senda_app senda_test senda_cluster" bash scripts/with-postgres.sh bash -c steps
