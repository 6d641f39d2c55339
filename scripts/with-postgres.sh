#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server on 127.0.0.1, then stops
# and removes it. Installs Debian's postgresql package when no server binaries
# are found. PostgreSQL refuses to run as root, so the server runs as the
# `postgres` user then. The command sees PG_URL (postgres://postgres@127.0.0.1:PORT)
# and one empty database per name in PG_DATABASES (default: senda), and
# PG_CTL: a command that runs pg_ctl on this server as the user it runs as
# (`"$PG_CTL" stop -m immediate`, then `"$PG_CTL" start -w`: a test restarts
# the database under a running app).
#   usage: bash scripts/with-postgres.sh <command> [args…]
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
DATABASES="${PG_DATABASES:-senda}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "== PostgreSQL server not found: installing Debian's postgresql package"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

DATA="$(mktemp -d /tmp/senda-pg-XXXXXX)"
run_pg() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$DATA"; fi
cleanup() {
  run_pg "'$BIN/pg_ctl' -D '$DATA/db' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT

run_pg "'$BIN/initdb' -D '$DATA/db' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
# A port another server holds (a run that did not stop) moves us to the next one; any other failure shows the server's log.
for attempt in 1 2 3; do
  OPTIONS="-p $PORT -k '$DATA' -c listen_addresses=127.0.0.1 -c fsync=off"
  if run_pg "'$BIN/pg_ctl' -D '$DATA/db' -l '$DATA/server.log' -w -o \"$OPTIONS\" start" >/dev/null; then break; fi
  echo "== PostgreSQL did not start on port $PORT; its log says:"; tail -n 5 "$DATA/server.log" || true
  if [ "$attempt" -eq 3 ]; then exit 1; fi
  PORT=$((PORT + 1))
done
echo "== PostgreSQL ($BIN) started on 127.0.0.1:$PORT (data in $DATA, removed afterwards)"
for name in $DATABASES; do run_pg "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres $name"; done

# pg_ctl with this server's data, log and options (a start after a stop comes back on the same port).
cat >"$DATA/pg-ctl" <<SCRIPT
#!/usr/bin/env bash
set -euo pipefail
command="'$BIN/pg_ctl' -D '$DATA/db' -l '$DATA/server.log' -o \"$OPTIONS\" \$(printf '%q ' "\$@")"
if [ "\$(id -u)" -eq 0 ]; then exec su postgres -s /bin/bash -c "\$command"; else exec bash -c "\$command"; fi
SCRIPT
chmod 755 "$DATA/pg-ctl"

export PG_URL="postgres://postgres@127.0.0.1:$PORT"
export PG_CTL="$DATA/pg-ctl"
"$@"
