// Writes pkg/package.json for the npm package, from the one wasm-pack made (name, version,
// licence, repository) and what the package adds. Also drops `[Symbol.dispose]` from the
// generated types: it needs TypeScript's `esnext.disposable` lib, which ES2022 projects lack.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../pkg/package.json", import.meta.url);
const made = JSON.parse(readFileSync(path, "utf8"));
const pkg = {
  name: made.name,
  version: made.version,
  description:
    "Connect Four for the web: the whole game in one line (mount() or <connect-four>), a perfect-play solver and the rules, in Rust compiled to WebAssembly.",
  license: made.license,
  repository: made.repository,
  keywords: ["connect-four", "connect4", "game", "board-game", "solver", "webassembly", "wasm", "canvas", "web-component", "accessibility"],
  type: "module",
  main: "./index.js",
  module: "./index.js",
  types: "./index.d.ts",
  exports: {
    // Conditions match in order: Node's build first, then the browser's.
    ".": {
      node: { types: "./node/index.d.ts", import: "./node/index.mjs", require: "./node/index.cjs" },
      types: "./index.d.ts",
      default: "./index.js",
    },
    "./book.bin": "./book.bin",
    "./package.json": "./package.json",
  },
  // Not the glue's `_bg.wasm.d.ts` files: the exports above reach no file that uses them.
  files: [
    "index.js", "guard.js", "index.d.ts", "connect_four.js", "connect_four.d.ts", "connect_four_bg.wasm",
    "connect_four_solver.js", "connect_four_solver.d.ts", "connect_four_solver_bg.wasm", "worker.js",
    "computer.js", "book.bin", "README.md", "node/",
  ],
  sideEffects: ["./index.js"],
  // Node's entry requires the solver's ES module (require(esm): Node 20.19 and later).
  engines: { node: ">=20.19" },
};
writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");

for (const file of ["../pkg/connect_four.d.ts", "../pkg/connect_four_solver.d.ts"]) {
  const types = new URL(file, import.meta.url);
  const text = readFileSync(types, "utf8").replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, "");
  writeFileSync(types, text);
}

// The solver module's types, less its loader (`init`, `initSync`), which names the DOM's
// types: no entry exports it (index.d.ts types the browser's loaders itself), and Node's
// types (node/index.d.ts) read the rest without the DOM library.
{
  const path = new URL("../pkg/connect_four_solver.d.ts", import.meta.url);
  const solver = readFileSync(path, "utf8");
  const loader = solver.indexOf("\nexport type InitInput");
  if (loader < 0) throw new Error("connect_four_solver.d.ts: no loader section to leave out");
  writeFileSync(path, solver.slice(0, loader + 1));
}
