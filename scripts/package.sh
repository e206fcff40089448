#!/usr/bin/env bash
# Builds the npm package in pkg/: `wasm-pack build` (the ES module glue, the wasm and their
# TypeScript types), then the package's own files beside them: the entry module (index.js and
# index.d.ts), the computer's worker (worker.js) and the opening book (book.bin). It writes
# package.json: name, description, licence, keywords, `exports` and `files`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
wasm-pack build --release --target web
cp src/web/index.js src/web/index.d.ts src/web/worker.js pkg/
cp src/solver/book.bin pkg/book.bin
cp src/web/PACKAGE.md pkg/README.md
node scripts/package-json.mjs
echo "package ready in pkg/ (npm pack pkg/ makes the tarball)"
