#!/usr/bin/env bash
# The load generator against three server processes on one PostgreSQL database, then
# against one process on SQLite, in the same run on this machine (docs/online.md, "Past
# one machine"): `make load-many` (GAMES=2000 SECONDS=60 by default). It makes a
# throwaway PostgreSQL cluster (Debian's, as the tests do: in a temporary folder, on a
# free port, as `nobody` when run as root), and removes it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
games=${GAMES:-2000}
seconds=${SECONDS_OF_PLAY:-60}
cargo build --release --locked -p connect-four-server --bins
bin=target/release
work=$(mktemp -d /tmp/c4-load-many.XXXXXX)
pg=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown nobody "$work"
  as_pg=(runuser -u nobody --)
fi
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  "${as_pg[@]}" "$pg/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# A server process on `$1` (its port), with the rest of the arguments; its PID in $pids.
start_server() {
  local port=$1
  shift
  "$bin/connect-four-server" --listen "127.0.0.1:$port" --no-site --log-level warn --metrics on \
    --games-per-minute 100000 --max-connections 20000 --max-connections-per-address 20000 \
    "$@" >"$work/server-$port.out" 2>"$work/server-$port.log" &
  pids+=($!)
  for _ in $(seq 200); do
    grep -q http:// "$work/server-$port.out" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "the server on port $port did not start:" >&2
  cat "$work/server-$port.log" >&2
  exit 1
}
"${as_pg[@]}" "$pg/initdb" -D "$work/pg" -U postgres --auth=trust -E UTF8 >/dev/null
pg_port=$(free_port)
# max_connections: three connections a process, and room for more.
"${as_pg[@]}" "$pg/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1" start >/dev/null
"${as_pg[@]}" "$pg/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -qc 'CREATE DATABASE games'
postmaster=$(head -1 "$work/pg/postmaster.pid")
url="postgres://postgres@127.0.0.1:$pg_port/games"
ports=()
for _ in 1 2 3; do
  port=$(free_port)
  start_server "$port" --database-url "$url"
  ports+=("$port")
done
echo "== three processes on PostgreSQL ($("$pg/postgres" --version)), $games games, $seconds s"
"$bin/connect-four-load" --games "$games" --seconds "$seconds" \
  --addr "127.0.0.1:${ports[0]}" --addr "127.0.0.1:${ports[1]}" --addr "127.0.0.1:${ports[2]}" \
  --pid "${pids[0]}" --pid "${pids[1]}" --pid "${pids[2]}" --cpu-tree "$postmaster"
commits() {
  python3 - "$@" <<'PY'
import sys, urllib.request
for port in sys.argv[1:]:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
    values = {}
    for line in text.splitlines():
        for name in ("connect_four_store_commit_seconds_sum", "connect_four_store_commit_seconds_count",
                     "connect_four_stale_changes_total", "connect_four_notes_heard_total"):
            if line.startswith(name + " "):
                values[name] = float(line.split()[1])
    n = values.get("connect_four_store_commit_seconds_count", 0)
    mean = 1000 * values.get("connect_four_store_commit_seconds_sum", 0) / max(n, 1)
    print(f"server on {port}: {n:.0f} commits, {mean:.2f} ms each on average; "
          f"{values.get('connect_four_notes_heard_total', 0):.0f} notes heard, "
          f"{values.get('connect_four_stale_changes_total', 0):.0f} stale changes")
PY
}
commits "${ports[@]}"
for pid in "${pids[@]}"; do kill "$pid"; wait "$pid" || true; done
pids=()
port=$(free_port)
start_server "$port" --data "$work/sqlite"
echo "== one process on SQLite, $games games, $seconds s"
"$bin/connect-four-load" --games "$games" --seconds "$seconds" --addr "127.0.0.1:$port" \
  --pid "${pids[0]}"
commits "$port"
