#!/usr/bin/env bash
# Runs the integration suite against a real PostgreSQL server that this script
# starts (and stops) itself on 127.0.0.1. Installs Debian's postgresql package
# when no server binaries are found. PostgreSQL refuses to run as root, so the
# server runs as the `postgres` user then.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
PORT="${PG_TEST_PORT:-55432}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "== PostgreSQL server not found: installing Debian's postgresql package"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi
echo "== Using PostgreSQL from $BIN"

DATA="$(mktemp -d /tmp/senda-pg-XXXXXX)"
run_pg() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$DATA"; fi

cleanup() {
  run_pg "'$BIN/pg_ctl' -D '$DATA/db' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT

run_pg "'$BIN/initdb' -D '$DATA/db' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
run_pg "'$BIN/pg_ctl' -D '$DATA/db' -l '$DATA/server.log' -w -o \"-p $PORT -k '$DATA' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
echo "== PostgreSQL started on 127.0.0.1:$PORT (data in $DATA, removed afterwards)"
run_pg "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres senda_test"
run_pg "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres senda_app"

URL="postgres://postgres@127.0.0.1:$PORT"
echo "== The app's migrations and operator CLI on PostgreSQL"
DATABASE_URL="$URL/senda_app" npm run --silent db:migrate
DATABASE_URL="$URL/senda_app" SENDA_DATA_DIR="$DATA/app" npm run --silent senda -- create-user --email ops@senda.test --password Ops-pass-123 --first-name Ops --last-name Check --type admin
DATABASE_URL="$URL/senda_app" SENDA_DATA_DIR="$DATA/app" npm run --silent senda -- maintenance status

echo "== Integration tests against PostgreSQL"
TEST_DATABASE_URL="$URL/senda_test" npx vitest run --project integration
