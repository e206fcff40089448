// The package in Node (and wherever a server renders pages: Vite SSR, Next.js, …): the same
// names as the browser's entry. The rules (`Game`) and the solver (`Solver`) come from the
// solver's module, the one the browser's worker loads, compiled here synchronously from the
// package's file when this module is imported. `Solver.load()` reads the opening book from
// the package (or from `bookUrl`: a path, a file: URL, or an http(s) URL). There is no DOM:
// `mount` throws, saying so, and `<connect-four>` is not defined. node/index.cjs gives the
// same module to `require`.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { initSync as initSolverSync, Game as GameClass, Solver as SolverClass } from "../connect_four_solver.js";
import { guard } from "../guard.js";
import texts from "./texts.mjs";

// The package's files, found from this module's own URL at run time. (Not written as
// `new URL("…", import.meta.url)`: a bundler that builds a server's code, such as Next.js's,
// would turn that into the address its browser build serves the file at.)
const here = import.meta.url;
const file = (name) => new URL(name, here);

initSolverSync({ module: readFileSync(file("../connect_four_solver_bg.wasm")) });

const BOOK = file("../book.bin");

async function readBook(where) {
  const url = where instanceof URL ? where.href : where === undefined ? undefined : String(where);
  if (url !== undefined && /^https?:/.test(url)) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return readFile(url === undefined ? BOOK : url.startsWith("file:") ? new URL(url) : url);
}

const LOAD_KEYS = ["columns", "rows", "tableMiB", "seed", "bookUrl"];

/**
 * A solver with the opening book, read from the package unless `options.bookUrl` says
 * otherwise. Rejects, saying why, if an option is unknown or the book cannot be read. Only
 * the 7 x 6 board has a book: for another `columns` and `rows` nothing is read.
 */
async function load(options) {
  if (options !== undefined && options !== null && typeof options === "object") {
    const unknown = Object.keys(options).find((key) => !LOAD_KEYS.includes(key));
    if (unknown !== undefined) {
      throw new Error(`unknown Solver option ${JSON.stringify(unknown)}, expected one of ${LOAD_KEYS.map((k) => JSON.stringify(k)).join(", ")}`);
    }
  }
  const { bookUrl, ...rest } = options ?? {};
  // Checked by the constructor, which refuses a bad size, saying why.
  if ((rest.columns ?? 7) !== 7 || (rest.rows ?? 6) !== 6) return new Solver(rest);
  let book;
  try {
    book = await readBook(bookUrl);
  } catch (e) {
    const where = bookUrl ?? fileURLToPath(BOOK);
    throw new Error(`could not load the opening book from ${where}: ${e.message}`);
  }
  return new Solver({ ...rest, book });
}
Object.defineProperty(SolverClass, "load", { value: load, writable: true, configurable: true });

// Every method checks its `this` first: see guard.js.
export const Game = guard(GameClass, "Game");
export const Solver = guard(SolverClass, "Solver");

const NO_DOM =
  "there is no DOM here (Node, or a server rendering the page): mount the game in the browser, " +
  "e.g. in a useEffect or once the component is on the page";

/** Throws: the game needs a browser's DOM. */
export function mount() {
  throw new Error(`connect-four: mount needs a browser: ${NO_DOM}`);
}

/** What `mount` returns in a browser; there is none in Node. */
export class MountHandle {
  constructor() {
    throw new TypeError(`connect-four: a MountHandle comes from mount(), and ${NO_DOM}`);
  }
}

/** Every text of the game in English, by the `texts` option's names. */
export const defaultTexts = texts;

/** Nothing to wait for in Node: the module is ready once imported. */
export default async function init() {}

/** Nothing to do in Node: the module is ready once imported. */
export function initSync() {}

/** The same: in Node the solver is ready once imported (the browser loads it apart). */
export async function initSolver() {}
