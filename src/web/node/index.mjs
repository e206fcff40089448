// The package in Node (and wherever a server renders pages: Vite SSR, Next.js, …): the same
// names as the browser's entry. The solver (`Solver`) comes from the solver's module, the one
// the browser's worker loads, compiled here synchronously from the package's file when this
// module is imported; the rules (`Game`) and the English texts from the page's module, the
// first time either is used. `Solver.load()` reads the opening book from
// the package (or from `bookUrl`: a path, a file: URL, or an http(s) URL). `defaultTexts`
// are the page's module's own, read from it the first time they are asked for. There is no DOM:
// `mount` throws, saying so, and `<connect-four>` is not defined. node/index.cjs gives the
// same module to `require`.
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  initSync as initSolverSync, Solver as SolverClass, __fetchBook as fetchBook, __gatherBook as gatherBook,
} from "../connect_four_solver.js";
import { initSync as initPageSync, __defaultTexts as pageTexts, Game as GameClass } from "../connect_four.js";
import { guard } from "../guard.js";

// The package's files, found from this module's own URL at run time. (Not written as
// `new URL("…", import.meta.url)`: a bundler that builds a server's code, such as Next.js's,
// would turn that into the address its browser build serves the file at.)
const here = import.meta.url;
const file = (name) => new URL(name, here);

initSolverSync({ module: readFileSync(file("../connect_four_solver_bg.wasm")) });

const BOOK = file("../book.bin");

/** Reads the file at `path` as a book, refusing it past the largest size a book has (a
 * device such as /dev/zero never ends). */
async function readFile(path) {
  const file = await open(path, "r");
  try {
    return await gatherBook(async () => {
      const chunk = new Uint8Array(1 << 16);
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      return bytesRead === 0 ? null : chunk.subarray(0, bytesRead);
    });
  } finally {
    await file.close();
  }
}

/** The book's bytes: an http(s) address is downloaded as in browsers (the same limits on
 * its size and on a stall), a path or a file: URL is read. */
async function readBook(where) {
  const url = where instanceof URL ? where.href : where === undefined ? undefined : String(where);
  if (url !== undefined && /^https?:/i.test(url)) return fetchBook(url);
  const path = url === undefined ? BOOK : url.startsWith("file:") ? new URL(url) : url;
  try {
    return await readFile(path);
  } catch (e) {
    throw new Error(`could not load the opening book from ${url === undefined ? fileURLToPath(BOOK) : url}: ${e.message}`, { cause: e });
  }
}

const LOAD_KEYS = ["columns", "rows", "tableMiB", "seed", "bookUrl"];

/**
 * A solver with the opening book, read from the package unless `options.bookUrl` says
 * otherwise. Rejects, saying why, if an option is unknown or the book cannot be read. Only
 * the 7 x 6 board has a book: for another `columns` and `rows` nothing is read.
 */
async function load(options) {
  if (options !== undefined && options !== null && (typeof options !== "object" || Array.isArray(options))) {
    const what = typeof options === "string" ? `the string ${JSON.stringify(options.slice(0, 40))}` : Array.isArray(options) ? "an array" : `a ${typeof options}`;
    throw new TypeError(`Solver options must be a plain object, such as { columns: 8, rows: 7 }, not ${what}`);
  }
  if (options !== undefined && options !== null) {
    const unknown = Object.keys(options).find((key) => !LOAD_KEYS.includes(key));
    if (unknown !== undefined) {
      throw new Error(`unknown Solver option ${JSON.stringify(unknown)}, expected one of ${LOAD_KEYS.map((k) => JSON.stringify(k)).join(", ")}`);
    }
  }
  const { bookUrl, ...rest } = options ?? {};
  // Checked by the constructor, which refuses a bad size, saying why.
  if ((rest.columns ?? 7) !== 7 || (rest.rows ?? 6) !== 6) return new Solver(rest);
  return new Solver({ ...rest, book: await readBook(bookUrl) });
}
Object.defineProperty(SolverClass, "load", { value: load, writable: true, configurable: true });

// The page's module, compiled the first time `Game` or the texts are used (a server that
// uses neither never compiles it).
let pageStarted = false;
const startPage = () => {
  if (!pageStarted) initPageSync({ module: readFileSync(file("../connect_four_bg.wasm")) });
  pageStarted = true;
};

// Every method checks its `this` first: see guard.js.
const GuardedGame = guard(GameClass, "Game");
/** `Game`, which starts the page's module when first made or its statics first read. */
export const Game = new Proxy(GuardedGame, {
  construct(target, args, newTarget) {
    startPage();
    return Reflect.construct(target, args, newTarget);
  },
  get(target, key, receiver) {
    if (key !== "prototype") startPage();
    return Reflect.get(target, key, receiver);
  },
});
Object.defineProperty(GameClass.prototype, "constructor", { value: Game, writable: true, configurable: true });
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

// The English texts: the page's module is compiled, and the texts copied and frozen, the
// first time anything reads them (a server that never does never compiles it).
const texts = {};
let textsRead = false;
const withTexts = (trap) => (target, ...args) => {
  if (!textsRead) {
    startPage();
    Object.freeze(Object.assign(texts, pageTexts()));
    textsRead = true;
  }
  return Reflect[trap](target, ...args);
};
const TRAPS = ["get", "has", "ownKeys", "getOwnPropertyDescriptor", "isExtensible", "set", "defineProperty",
  "deleteProperty", "preventExtensions", "getPrototypeOf", "setPrototypeOf"];
/** Every text of the game in English, by the `texts` option's names. */
export const defaultTexts = new Proxy(texts, Object.fromEntries(TRAPS.map((trap) => [trap, withTexts(trap)])));

/** Nothing to wait for in Node: the module is ready once imported. */
export default async function init() {}

/** Nothing to do in Node: the module is ready once imported. */
export function initSync() {}

/** The same: in Node the solver is ready once imported (the browser loads it apart). */
export async function initSolver() {}
