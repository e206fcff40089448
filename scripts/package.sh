#!/usr/bin/env bash
# Builds the npm package in pkg/: `wasm-pack build` (the ES module glue, the wasm and their
# TypeScript types), then the package's own files beside them: the entry module (index.js and
# index.d.ts), the computer's worker (worker.js) and the opening book (book.bin); and, in
# node/, the build for Node (CommonJS, without the browser UI) with its entry modules. It
# writes package.json: name, description, licence, keywords, `exports` and `files`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
# Node's build first: the web build below starts pkg/ afresh.
wasm-pack build --release --target nodejs --no-default-features --out-dir target/pkg-node
wasm-pack build --release --target web
cp src/web/index.js src/web/guard.js src/web/index.d.ts src/web/worker.js pkg/
mkdir -p pkg/node
cp target/pkg-node/connect_four.js target/pkg-node/connect_four.d.ts target/pkg-node/connect_four_bg.wasm pkg/node/
cp src/web/node/index.cjs src/web/node/index.mjs src/web/node/index.d.ts src/web/node/package.json pkg/node/
# The same guard.js for Node, as CommonJS.
sed 's/^export function guard/function guard/' src/web/guard.js >pkg/node/guard.cjs
echo 'module.exports = { guard };' >>pkg/node/guard.cjs
cp src/solver/book.bin pkg/book.bin
cp src/web/PACKAGE.md pkg/README.md
node scripts/package-json.mjs
echo "package ready in pkg/ (npm pack pkg/ makes the tarball)"
