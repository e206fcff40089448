#!/usr/bin/env bash
# Benchmarks (not tests): engine play+win check, the solver on Pons' sets natively (with the
# connect-four-ai peer in the same run), the solver as wasm under Node, the perfect level's
# time per move (native, wasm under Node, and in Chromium), and the page's figures.
# Extra arguments go to both solver benches, e.g. `scripts/bench.sh --sets L3_R1 --limit 100`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
cargo bench --bench engine
cargo bench --bench solver -- "$@"
cargo bench --bench solver -- --perfect
cargo bench --bench levels
wasm-pack build --release --target nodejs --out-dir pkg-node -- --no-default-features --features solver-js
node benches/wasm.mjs "$@"
node benches/wasm.mjs --perfect
node benches/wasm.mjs --ponder
trunk build --release --offline
node benches/browser.mjs
