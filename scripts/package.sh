#!/usr/bin/env bash
# Builds the npm package in pkg/: `wasm-pack build` of the page's module (the root crate:
# the game and `Game`, built for size with the `page` profile) and of the solver's module
# (crates/solver: `Solver`, which the computer's worker loads), each an ES module glue, its
# wasm and their TypeScript types; then the package's own files beside them: the entry
# module (index.js and index.d.ts, with files.js), the worker and its hub (worker.js,
# computer.js, loaded when a board first asks the computer), the game's stylesheet
# (snippets/…/style.js, from wasm-bindgen) and the opening book (book.bin); in node/, the entry modules for Node and server rendering (the solver's
# module, no DOM; the English texts come from the page's module once read); the
# declaration files, one per entry (scripts/package-types.mjs). It writes package.json:
# name, description, licence, keywords, `exports` and `files`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
# Node's build first: the web build below starts pkg/ afresh.
# The solver's module for speed, as on the site (www/index.html): wasm-opt -O3 (its functions
# sorted by name, which compresses better and changes nothing else), told the same
# of its memory as the page's below.
wasm-pack build --release --no-opt --target web --out-dir ../../target/pkg-solver crates/solver
WASM_FEATURES="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-reference-types \
  --enable-sign-ext --enable-mutable-globals"
wasm-opt -O3 --reorder-functions-by-name --low-memory-unused --zero-filled-memory --strip-producers --strip-target-features \
  $WASM_FEATURES target/pkg-solver/connect_four_solver_bg.wasm -o target/pkg-solver/connect_four_solver_bg.wasm
# The page's module for size: the `page` profile (opt-level "z") and wasm-opt -Os, told (as
# in www/index.html) that a new instance's memory is zeros and that its lowest 1 KiB is
# never used (Rust's stack ends there, at 1 MiB of depth); its passes run until the module
# stops shrinking, and the producers' and features' sections go. What counts is the module
# gzipped, not its raw size: a function with one caller stays its own unless it is tiny
# (inlined whole into `mount`, the build of the DOM repeated itself less), and -Os beats
# -Oz. Together 7.4 KB less gzipped for 13 KB more raw (binaryen 132, 2026-11-28). The
# functions are then sorted by their (Rust) names: a module's functions side by side
# compress better, 1.2 KB less again.
wasm-pack build --profile page --no-opt --target web
wasm-opt -Os --one-caller-inline-max-function-size=20 --reorder-functions-by-name --low-memory-unused --zero-filled-memory --converge --strip-producers \
  --strip-target-features $WASM_FEATURES pkg/connect_four_bg.wasm -o pkg/connect_four_bg.wasm
cp target/pkg-solver/connect_four_solver.js target/pkg-solver/connect_four_solver.d.ts \
  target/pkg-solver/connect_four_solver_bg.wasm target/pkg-solver/connect_four_solver_bg.wasm.d.ts pkg/
# The solver's own snippets (src/web/book.js, the book's reader), beside the page's.
mkdir -p pkg/snippets
cp -R target/pkg-solver/snippets/. pkg/snippets/
cp src/web/index.js src/web/guard.js src/web/files.js src/web/worker.js src/web/computer.js pkg/
# React's JSX typing for <connect-four> ("connect-four/jsx"): types, and an empty module.
cp src/web/jsx.d.ts pkg/jsx.d.ts
sed 's|from "./index.js"|from "./node/index.cjs"|' src/web/jsx.d.ts >pkg/jsx.d.cts
echo '// Types only: see jsx.d.ts.' >pkg/jsx.js
echo '// Types only: see jsx.d.cts.' >pkg/jsx.cjs
rm -rf pkg/node && mkdir -p pkg/node
cp src/web/node/index.cjs src/web/node/index.mjs pkg/node/
cp src/solver/book.bin pkg/book.bin
cp src/web/PACKAGE.md pkg/README.md
# The code without its comments and spaces (the sources and index.d.ts keep the docs), in one
# pass once every module is written. wasm-bindgen's snippets (the game's stylesheet,
# src/web/style.js) are in pkg/snippets/.
node scripts/minify-js.mjs pkg/connect_four.js pkg/connect_four_solver.js pkg/index.js pkg/guard.js \
  pkg/files.js pkg/worker.js pkg/computer.js $(find pkg/snippets -name '*.js') pkg/node/index.mjs
# The modules' imports under short names, in each module and its glue alike.
node scripts/minify-imports.mjs pkg/connect_four.js pkg/connect_four_bg.wasm \
  pkg/connect_four_solver.js pkg/connect_four_solver_bg.wasm
# Then the local names, once the glue's `wasm.NAME`s are read.
node scripts/minify-js.mjs --names pkg/connect_four.js pkg/connect_four_solver.js pkg/index.js pkg/guard.js \
  pkg/files.js pkg/worker.js pkg/computer.js $(find pkg/snippets -name '*.js') pkg/node/index.mjs
node scripts/package-types.mjs
node scripts/package-json.mjs
echo "package ready in pkg/ (npm pack pkg/ makes the tarball)"
