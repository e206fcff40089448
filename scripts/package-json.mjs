// Writes pkg/package.json for the npm package, from the one wasm-pack made (name, version,
// licence, repository) and what the package adds. The declaration files are
// scripts/package-types.mjs's.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../pkg/package.json", import.meta.url);
const made = JSON.parse(readFileSync(path, "utf8"));
const pkg = {
  // The registry's "connect-four" is another, unrelated package: this one is published as
  // "connect-four-wasm" (free when checked with `npm view`).
  name: "connect-four-wasm",
  version: made.version,
  description:
    "Connect Four for the web: the whole game in one line (mount() or <connect-four>), a perfect-play solver and the rules, in Rust compiled to WebAssembly.",
  license: made.license,
  repository: made.repository,
  keywords: ["connect-four", "connect4", "game", "board-game", "solver", "webassembly", "wasm", "canvas", "web-component", "accessibility"],
  type: "module",
  // Tools that read no `exports` (TypeScript's node10 resolution, old bundlers): Node's
  // CommonJS entry and its types, and the browser's module.
  main: "./node/index.cjs",
  module: "./index.js",
  types: "./node/index.d.cts",
  exports: {
    // Conditions match in order: Node's build first (servers that render pages import it
    // too), then the browser's. Each has its own declaration file, with the same names.
    ".": {
      node: {
        import: { types: "./node/index.d.mts", default: "./node/index.mjs" },
        require: { types: "./node/index.d.cts", default: "./node/index.cjs" },
      },
      types: "./index.d.ts",
      default: "./index.js",
    },
    // React's JSX typing for <connect-four>: `import type {} from "connect-four/jsx"`.
    "./jsx": {
      import: { types: "./jsx.d.ts", default: "./jsx.js" },
      require: { types: "./jsx.d.cts", default: "./jsx.cjs" },
    },
    "./package.json": "./package.json",
  },
  files: [
    "index.js", "guard.js", "index.d.ts", "jsx.js", "jsx.d.ts", "jsx.cjs", "jsx.d.cts", "connect_four.js", "connect_four_bg.wasm",
    "connect_four_solver.js", "connect_four_solver_bg.wasm", "worker.js", "computer.js", "files.js", "book.bin",
    "snippets/", "README.md", "node/",
  ],
  sideEffects: ["./index.js"],
  // Node's entry requires the solver's ES module (require(esm): Node 20.19 and later).
  engines: { node: ">=20.19" },
};
writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");

