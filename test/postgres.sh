#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests of the PostgreSQL store, from the Debian
# package's binaries (apt-get install postgresql), and prints the lines that hand it to them:
#   eval "$(bash test/postgres.sh)"   # sets FRAY_TEST_PG_URL; then npm test
#   bash test/postgres.sh stop        # stops it (FRAY_TEST_PG_DATA says which)
# Its data is in a new folder under /tmp, on port FRAY_TEST_PG_PORT (55432 by default). PostgreSQL
# refuses to run as root, so as root it runs as the user postgres (made here if missing).
set -euo pipefail
initdb=$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$initdb" ]; then
  echo "test/postgres.sh: no initdb: install PostgreSQL (sudo apt-get install postgresql)" >&2
  exit 1
fi
bin=$(dirname "$initdb")
as=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  as=(runuser -u postgres --)
fi
if [ "${1:-}" = "stop" ]; then
  exec "${as[@]}" "$bin/pg_ctl" -D "$FRAY_TEST_PG_DATA" -m fast stop >&2
fi
port=${FRAY_TEST_PG_PORT:-55432}
dir=$(mktemp -d /tmp/fray-pg.XXXXXX)
[ ${#as[@]} -eq 0 ] || chown postgres "$dir"
"${as[@]}" "$bin/initdb" -D "$dir/data" -U fray --auth=trust -E UTF8 --no-sync >"$dir/initdb.log"
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
echo "export FRAY_TEST_PG_URL=postgres://fray@127.0.0.1:$port/postgres"
echo "export FRAY_TEST_PG_DATA=$dir/data"
