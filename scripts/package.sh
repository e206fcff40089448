#!/usr/bin/env bash
# Builds the npm package in pkg/: `wasm-pack build` (ES module, TypeScript types), plus the
# opening book, book.bin, which the game's worker fetches from beside connect_four.js.
# (wasm-pack lists only its own files in package.json; book.bin is added to that list.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
wasm-pack build --release --target web
cp src/solver/book.bin pkg/book.bin
node -e '
const fs = require("fs");
const pkg = JSON.parse(fs.readFileSync("pkg/package.json", "utf8"));
if (!pkg.files.includes("book.bin")) pkg.files.push("book.bin");
fs.writeFileSync("pkg/package.json", JSON.stringify(pkg, null, 2) + "\n");
'
echo "package ready in pkg/ (npm pack pkg/ makes the tarball)"
