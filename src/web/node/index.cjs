// The package in Node (CommonJS; index.mjs re-exports it for ES modules): the rules (`Game`)
// and the solver (`Solver`), from the solver's module, the one the browser's worker loads
// (an ES module: Node 20.19 and later `require` it), compiled here synchronously from the
// package's file. `Solver.load()` reads the opening book from the package (or from
// `bookUrl`: a path, a file: URL, or an http(s) URL).
"use strict";
const wasm = require("../connect_four_solver.js");
const { guard } = require("./guard.cjs");
const { readFileSync } = require("node:fs");
const { readFile } = require("node:fs/promises");
const { join } = require("node:path");
const { fileURLToPath } = require("node:url");

wasm.initSync({ module: readFileSync(join(__dirname, "..", "connect_four_solver_bg.wasm")) });

const BOOK = join(__dirname, "..", "book.bin");

async function readBook(where) {
  const url = where instanceof URL ? where.href : where === undefined ? undefined : String(where);
  if (url !== undefined && /^https?:/.test(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  const file = url === undefined ? BOOK : url.startsWith("file:") ? fileURLToPath(url) : url;
  return readFile(file);
}

/**
 * A solver with the opening book, read from the package unless `options.bookUrl` says
 * otherwise. Rejects, saying why, if the book cannot be read.
 */
const LOAD_KEYS = ["tableMiB", "seed", "bookUrl"];

async function load(options) {
  if (options !== undefined && options !== null && typeof options === "object") {
    const unknown = Object.keys(options).find((key) => !LOAD_KEYS.includes(key));
    if (unknown !== undefined) {
      throw new TypeError(`unknown Solver option ${JSON.stringify(unknown)}, expected one of ${LOAD_KEYS.map((k) => JSON.stringify(k)).join(", ")}`);
    }
  }
  const { bookUrl, ...rest } = options ?? {};
  let book;
  try {
    book = await readBook(bookUrl);
  } catch (e) {
    throw new Error(`could not load the opening book from ${bookUrl ?? BOOK}: ${e.message}`);
  }
  return new Solver({ ...rest, book });
}
Object.defineProperty(wasm.Solver, "load", { value: load, writable: true, configurable: true });

// Every method checks its `this` first: see guard.cjs (src/web/guard.js).
const Game = guard(wasm.Game);
const Solver = guard(wasm.Solver);

module.exports = {
  Game,
  Solver,
  /** Nothing to wait for in Node: the module is ready once imported. */
  default: async () => {},
  /** The same: in Node the solver is in the one module. */
  initSolver: async () => {},
};
