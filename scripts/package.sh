#!/usr/bin/env bash
# Builds the npm package in pkg/: `wasm-pack build` (ES module, TypeScript types), plus the
# computer's worker, worker.js, and the opening book, book.bin, which it fetches; both sit
# beside connect_four.js. (wasm-pack lists only its own files in package.json; these two are
# added to that list.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
wasm-pack build --release --target web
cp src/solver/book.bin pkg/book.bin
cp src/web/worker.js pkg/worker.js
node -e '
const fs = require("fs");
const pkg = JSON.parse(fs.readFileSync("pkg/package.json", "utf8"));
for (const file of ["worker.js", "book.bin"]) if (!pkg.files.includes(file)) pkg.files.push(file);
fs.writeFileSync("pkg/package.json", JSON.stringify(pkg, null, 2) + "\n");
'
echo "package ready in pkg/ (npm pack pkg/ makes the tarball)"
