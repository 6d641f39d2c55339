#!/usr/bin/env bash
# Senda as several servers: PostgreSQL, two app servers (`npm start` each,
# TRUST_PROXY=true, files in S3) and nginx round-robin in front, all on
# 127.0.0.1, for a try-out. Installs Debian's postgresql and nginx packages
# when missing. CLUSTER_PORT (default 4700) is nginx's port; the servers take
# the next ones. SENDA_CLUSTER_SERVERS (default 2) sets how many.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
PG_TEST_PORT="${PG_TEST_PORT:-55470}" PG_DATABASES=senda bash scripts/with-postgres.sh bash -c 'DATABASE_URL="$PG_URL/senda" npx tsx scripts/cluster.ts'
