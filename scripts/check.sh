#!/usr/bin/env bash
# The quick loop for contributors: formatting, clippy (natively and for wasm32, where
# src/web is built) and the native tests. It installs nothing: `make setup` (or a first
# `make test`) does. `make test` runs everything, the browsers' tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

step "rustfmt"
cargo fmt --all --check
step "clippy (native, then wasm32 with the solver's class)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy --all-targets --locked --target wasm32-unknown-unknown --features solver-js -- -D warnings
step "native tests (cargo test), and the game's server"
cargo test --locked
cargo test --locked -p connect-four-server
step "checked"
