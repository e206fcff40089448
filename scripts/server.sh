#!/usr/bin/env bash
# Builds the one file to host: the release site (Trunk's dist/), then the release server
# with that site built in (target/release/connect-four-server). `server.sh static` builds
# it for x86_64-unknown-linux-musl instead: a static binary for any Linux machine, with no
# Rust and no C library needed there (target/x86_64-unknown-linux-musl/release/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
trunk build --release --offline
if [ "${1:-}" = static ]; then
  # SQLite (bundled) is C: musl's compiler builds it for the static binary.
  CC_x86_64_unknown_linux_musl=musl-gcc \
    cargo build --release --locked -p connect-four-server --features embed-site \
    --target x86_64-unknown-linux-musl
  bin=target/x86_64-unknown-linux-musl/release/connect-four-server
else
  cargo build --release --locked -p connect-four-server --features embed-site
  bin=target/release/connect-four-server
fi
printf '[server] %s: %s bytes, the site built in\n' "$bin" "$(stat -c %s "$bin")"
