#!/usr/bin/env bash
# Runs every test level: linters, native tests, wasm tests in headless Chrome, and the
# browser end-to-end tests against the release build. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

step "lint: rustfmt"
cargo fmt --all --check
cargo fmt --manifest-path fuzz/Cargo.toml --check
step "lint: clippy (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings
step "lint: clippy (wasm32: the page's module, then with the solver's class)"
cargo clippy --workspace --exclude connect-four-server --all-targets --locked --target wasm32-unknown-unknown -- -D warnings
cargo clippy --all-targets --locked --target wasm32-unknown-unknown --features solver-js -- -D warnings

step "level 1: native tests (cargo test), and the game's server as it runs"
cargo test --locked
cargo test --locked -p connect-four-server

step "level 1b: a fuzz smoke run (3 s a target; \`make fuzz\` runs longer)"
bash scripts/fuzz.sh 3

step "level 2: wasm tests in headless Chrome (wasm-pack test)"
wasm-pack test --headless --chrome --features solver-js

step "level 3: browser end-to-end tests against the release build and the npm package"
trunk build --release --offline
bash scripts/package.sh
# The online tests play through the game's own server, as `make serve` runs it; the proxy
# test through Debian's nginx in front of it; the binary test runs the one static file to
# host (`make server-static`), its site built in.
cargo build --locked -p connect-four-server
bash scripts/server.sh static
node --test --test-concurrency=1 tests/e2e/

step "all tests passed"
