#!/usr/bin/env bash
# Serves the game on http://127.0.0.1:8080 with its own server, `connect-four-server`: the
# release build of the site built into the binary, and online play, its games kept in
# SQLite under .data/. Installs what serving needs first (not the tests' tools).
#   PORT=9000 make serve        another port
#   HOST=0.0.0.0 make serve     every interface: a phone on the same network can play (the
#                               server prints the addresses to open there)
#   DATA=dir make serve         the games elsewhere
#   DATABASE_URL=postgres://… make serve    the games in PostgreSQL instead
# Any other option goes through: `bash scripts/serve.sh --log-format json`, and every
# option has an environment variable too (see `connect-four-server --help`).
# `trunk serve` still serves the site alone, rebuilding on changes, without online play.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh serve
source scripts/env.sh
bash scripts/server.sh
# The environment's values, which options on the command line override.
export CONNECT_FOUR_LISTEN="${HOST:-127.0.0.1}:${PORT:-8080}"
# The games in SQLite under DATA, unless DATABASE_URL names a PostgreSQL database
# (`--database-url`: the two cannot both be given).
if [ -z "${DATABASE_URL:-}" ]; then
  export CONNECT_FOUR_DATA="${DATA:-.data}"
fi
exec target/release/connect-four-server "$@"
