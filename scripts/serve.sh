#!/usr/bin/env bash
# Serves the game on http://127.0.0.1:8080 (PORT to change it) with its own server,
# `connect-four-server`: the release build of the site, and online play, its games kept in
# SQLite under .data/ (DATA to change it). Installs what is missing first.
# `trunk serve` still serves the site alone, rebuilding on changes, without online play.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
trunk build --release --offline
cargo build --release --locked -p connect-four-server
exec target/release/connect-four-server \
  --listen "127.0.0.1:${PORT:-8080}" --site dist --data "${DATA:-.data}" "$@"
