// The package's entry module: the whole game (`mount`, and the `<connect-four>` element),
// the rules (`Game`) and the solver (`Solver`). It comes in two wasm modules:
//
// - the page's (`connect_four.js` and `_bg.wasm`): the board, the game between people and
//   `Game`. `init()` loads it, and it is all a page needs before its first board.
// - the solver's (`connect_four_solver.js`): the search and the levels. The computer's
//   worker (`worker.js`, which every board of a page shares: see computer.js) loads it when
//   a board first needs the computer; `initSolver()` or `Solver.load()` loads it here.
//
// The worker and the book are named with `new URL("…", import.meta.url)`, and the solver's
// glue with `import("./connect_four_solver.js")`, which bundlers (Vite, webpack, …) follow.
//
// Nothing here touches the DOM when imported: a server that renders a page imports this
// module's Node build (node/index.mjs), and the element is defined only where custom
// elements exist.
import initWasm, {
  initSync as initWasmSync, mount as mountWasm, __setAssets, __defaultTexts, __checkOptions, Game,
  MountHandle,
} from "./connect_four.js";
import { packageFile, preBundled, wasmProblem } from "./files.js";
import { guard } from "./guard.js";

// Whether the page's wasm module has started: until then, every use of it says to call
// `init()` first (instead of failing deep inside the glue).
let started = false;
const notStarted = (what) =>
  new Error(`connect-four: call \`await init()\` first: ${what} needs the game's wasm module, which is not loaded yet`);

/**
 * `Class` (called `name`), guarded (see guard.js), and refusing with a clear error to be
 * made or used before `init()`.
 */
function afterInit(Class, name) {
  const guarded = guard(Class, name);
  const exported = new Proxy(guarded, {
    construct(target, args, newTarget) {
      if (!started) throw notStarted(`new ${name}()`);
      return Reflect.construct(target, args, newTarget);
    },
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (started || typeof value !== "function" || key === "prototype" || key === Symbol.hasInstance) return value;
      return () => {
        throw notStarted(`${name}.${String(key)}`);
      };
    },
  });
  // An object's `constructor` is the class this module exports.
  Object.defineProperty(Class.prototype, "constructor", { value: exported, writable: true, configurable: true });
  return exported;
}
// Named here: a bundler may rename the classes.
const GuardedGame = afterInit(Game, "Game");
const GuardedMountHandle = afterInit(MountHandle, "MountHandle");
export { GuardedGame as Game, GuardedMountHandle as MountHandle };

/**
 * Builds the whole game inside `element` and returns its handle: see `MountOptions`. Call
 * it in a browser, after `await init()`.
 */
export function mount(element, options) {
  if (!started) throw notStarted("mount");
  return mountWasm(element, options);
}

// The English texts, filled in and frozen once the module has started. Each way of reading
// the object says to call `init()` until then.
const texts = {};
const readTraps = ["get", "has", "ownKeys", "getOwnPropertyDescriptor"];
/** Every text of the game in English, by the `texts` option's names. Read it after `init()`. */
export const defaultTexts = new Proxy(texts, Object.fromEntries(readTraps.map((trap) => [trap, (...args) => {
  if (!started) throw notStarted("defaultTexts");
  return Reflect[trap](...args);
}])));

/**
 * The package's opening book, named where bundlers see it (a literal `new URL("…",
 * import.meta.url)`): they copy the file and rewrite the address. The solver's own module
 * finds `book.bin` beside itself at run time, which a bundler cannot follow.
 */
const bookUrl = () => (preBundled ? packageFile("book.bin") : new URL("./book.bin", import.meta.url).href);

/** `error`, said plainly if the wasm module `name` came as something else (see `wasmProblem`). */
const explained = (error, name) => {
  const plainly = error instanceof WebAssembly.CompileError && wasmProblem(error.message, name);
  return plainly ? new Error(plainly, { cause: error }) : error;
};

/** What a module's glue loads its wasm from: its own default, unless pre-bundled. */
const wasmFrom = (module_or_path, name) =>
  module_or_path === undefined && preBundled ? { module_or_path: packageFile(name) } : module_or_path;

// The computer's hub (computer.js) loads when a board first asks the computer: a game
// between two people never fetches it.
let hub = null;

/**
 * A board's link to the computer's worker, as computer.js's `connect` gives: `post`,
 * `cancel` and `close`, held here until the hub has loaded. A hub that cannot load fails
 * the board's requests, saying why.
 */
function connect(bookUrl, tableMiB, onReply) {
  let link = null;
  let queued = [];
  let closed = false;
  const load = () => {
    hub ??= import("./computer.js").catch((e) => {
      hub = null; // tried again at the next request
      throw e;
    });
    hub.then(({ connect: connectHub }) => {
      if (closed || link) return;
      link = connectHub(bookUrl, tableMiB, onReply);
      for (const request of queued) link.post(request);
      queued = [];
    }, (e) => {
      if (closed || link) return;
      queued = [];
      onReply({ failed: { id: null, error: `the computer could not load: ${e?.message ?? e}` } });
    });
  };
  return {
    post(request) {
      if (closed) return;
      if (link) return link.post(request);
      queued.push(request);
      load();
    },
    cancel() {
      if (link) link.cancel();
      else queued = [];
    },
    close() {
      closed = true;
      link?.close();
    },
  };
}

const ready = () => {
  __setAssets(connect, bookUrl());
  if (!started) Object.freeze(Object.assign(texts, __defaultTexts()));
  started = true;
};

let loading = null;

/**
 * Loads and starts the page's wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise): `mount`, `<connect-four>` and `Game`. Await it once
 * before using them; later calls return the same promise. The solver's module is loaded
 * apart: see `initSolver`.
 */
export default function init(module_or_path) {
  loading ??= initWasm(wasmFrom(module_or_path, "connect_four_bg.wasm")).then(ready, (e) => {
    loading = null; // a failed load (say, offline) can be tried again
    throw explained(e, "connect_four_bg.wasm");
  });
  return loading;
}

/** Starts the page's wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module) {
  if (loading) return;
  initWasmSync(module);
  ready();
  loading = Promise.resolve();
}

// The solver's module, once loaded: its guarded `Solver` class.
let SolverClass = null;
let solverLoading = null;

/**
 * Loads and starts the solver's wasm module (`connect_four_solver_bg.wasm`, beside this
 * file unless `module_or_path` says otherwise), for `new Solver()`. `Solver.load()` calls it
 * itself. The game's computer needs none of this: its worker loads the module.
 */
export function initSolver(module_or_path) {
  solverLoading ??= import("./connect_four_solver.js").then(async (glue) => {
    await glue.default(wasmFrom(module_or_path, "connect_four_solver_bg.wasm"));
    SolverClass = guard(glue.Solver, "Solver");
  }).catch((e) => {
    solverLoading = null;
    throw explained(e, "connect_four_solver_bg.wasm");
  });
  return solverLoading;
}

/** The real class, or a clear error if its module is not loaded yet. */
const solverClass = () => {
  if (SolverClass) return SolverClass;
  throw new TypeError("the solver's module is not loaded: call `await initSolver()` first (or use `await Solver.load()`)");
};

/**
 * `Solver.load`'s options, with the package's book unless they name one. Anything but a
 * plain object goes on as it is, for the solver to refuse.
 */
function withBook(options) {
  if (options === undefined) return { bookUrl: bookUrl() };
  const plain = options !== null && typeof options === "object"
    && [Object.prototype, null].includes(Object.getPrototypeOf(options));
  return plain && options.bookUrl === undefined ? { ...options, bookUrl: bookUrl() } : options;
}

/**
 * `Solver`, from the solver's module: `new Solver(options)` once `initSolver()` is done;
 * `Solver.load(options)` loads the module first if need be.
 */
export const Solver = new Proxy(function Solver() {}, {
  construct(_, args) {
    return Reflect.construct(solverClass(), args);
  },
  get(target, key) {
    if (key === "load") return (options) => initSolver().then(() => SolverClass.load(withBook(options)));
    if (SolverClass) return Reflect.get(SolverClass, key);
    // Before the module is loaded nothing is a Solver.
    if (key === Symbol.hasInstance) return () => false;
    return Reflect.get(target, key);
  },
});

/** The element's attributes and the options they set. */
const ATTRIBUTES = {
  red: "red",
  yellow: "yellow",
  columns: "columns",
  rows: "rows",
  moves: "moves",
  theme: "theme",
  "reduced-motion": "reducedMotion",
  analysis: "analysis",
  "book-url": "bookUrl",
  sound: "sound",
  "storage-key": "storageKey",
  online: "online",
  "invite-url": "inviteUrl",
  join: "join",
  links: "links",
};
const BOOLEAN = new Set(["reducedMotion", "analysis", "sound", "links"]);
/** The size's attributes, and the size a removed one leaves. */
const NUMBER = { columns: 7, rows: 6 };

/** The option an attribute's value sets; a removed attribute sets the option's default. */
function optionOf(attribute, value) {
  const name = ATTRIBUTES[attribute];
  if (BOOLEAN.has(name)) {
    if (value !== null) return { [name]: value !== "false" };
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (name === "reducedMotion") return { reducedMotion: reduced };
    return { [name]: false };
  }
  // Plain digits are a number; any other text ("0x8", "1e1", "8.5", "eight") goes on as
  // the text it is, to be refused, quoted as written.
  if (name in NUMBER) return { [name]: value === null ? NUMBER[name] : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value };
  if (value !== null) return { [name]: value };
  if (name === "red" || name === "yellow") return { [name]: "human" };
  if (name === "theme") return { theme: "auto" };
  if (name === "online") return { online: "" };
  if (name === "inviteUrl") return { inviteUrl: "" };
  return {};
}

/** Defines `<connect-four>` where custom elements exist (not in Node). */
function defineElement() {
  if (typeof customElements === "undefined" || customElements.get("connect-four")) return;

  /**
   * `<connect-four red="human" yellow="hard" theme="dark">`: the whole game. Its attributes
   * mirror `mount`'s options (`red`, `yellow`, `columns`, `rows`, `moves`, `theme`,
   * `reduced-motion`, `analysis`, `book-url`, `sound`, `storage-key`, `online`, `invite-url`,
   * `join`, `links`), and changing one updates the game. It fires the same events
   * as `mount`'s host element and has the same methods as its handle.
   */
  class ConnectFourElement extends HTMLElement {
    static observedAttributes = Object.keys(ATTRIBUTES);
    #handle = null;
    #ready = null;
    #resolve = null;

    constructor() {
      super();
      this.#ready = new Promise((resolve) => (this.#resolve = resolve));
    }

    /** Resolves once the game is on the page. */
    get ready() {
      return this.#ready;
    }

    #pending = null;

    connectedCallback() {
      init().then(() => {
        if (!this.isConnected || this.#handle) return;
        // Each attribute on its own: a bad one is reported (c4-error) and left out, and the
        // game starts with the others; setting it right later applies it.
        const options = this.#read(Object.keys(ATTRIBUTES), {});
        try {
          this.#handle = mount(this, options);
          this.#resolve();
        } catch (e) {
          this.#fail(e);
        }
      }, (e) => this.#fail(e));
    }

    /**
     * The options that `attributes` set, each checked on its own (the moves on the board
     * the others, or else `board`, give): a bad one is reported and left out.
     */
    #read(attributes, board) {
      let options = {};
      for (const attribute of attributes) {
        const value = this.getAttribute(attribute);
        if (value === null && !this.#handle) continue;
        const option = optionOf(attribute, value);
        try {
          if (ATTRIBUTES[attribute] in NUMBER && typeof option[ATTRIBUTES[attribute]] === "string") {
            throw new Error(`it takes a whole number from 4 to 9, written in digits`);
          }
          const size = attribute === "moves" ? { columns: options.columns ?? board.columns, rows: options.rows ?? board.rows } : {};
          // A game to join is checked with the server it is on.
          const server = attribute === "join" ? { online: options.online ?? this.getAttribute("online") ?? undefined } : {};
          __checkOptions({ ...size, ...server, ...option });
          options = { ...options, ...option };
        } catch (e) {
          // Said as the attribute it is, not as the option it sets.
          const why = String(e?.message ?? e).replace(/^invalid mount options: /, "");
          const written = value === null ? "(removed)" : JSON.stringify(value.slice(0, 40));
          this.#fail(new Error(`the attribute ${attribute}=${written} is not used: ${why}`, { cause: e }), "attribute");
        }
      }
      return options;
    }

    disconnectedCallback() {
      this.#handle?.destroy();
      this.#handle = null;
      this.#pending = null;
      this.#ready = new Promise((resolve) => (this.#resolve = resolve));
    }

    attributeChangedCallback(attribute, old, value) {
      if (!this.#handle || old === value) return;
      // The attributes changed in one task apply together, once: `columns` then `rows` is
      // one new game on the new size, not two.
      if (this.#pending) {
        this.#pending.add(attribute);
        return;
      }
      this.#pending = new Set([attribute]);
      queueMicrotask(() => {
        const changed = this.#pending;
        this.#pending = null;
        if (!changed || !this.#handle) return;
        // The moves come last: they are checked on the board the new size gives; a game to
        // join after the server it is on.
        const last = (a) => a === "moves" || a === "join";
        const ordered = [...changed].sort((a, b) => last(a) - last(b));
        const { columns, rows } = this.#handle.state;
        const options = this.#read(ordered, { columns, rows });
        if (Object.keys(options).length === 0) return;
        try {
          this.#handle.setOptions(options);
        } catch (e) {
          this.#fail(e, "attribute");
        }
      });
    }

    #fail(e, code = "load") {
      console.error("connect-four:", e);
      this.dispatchEvent(new CustomEvent("c4-error", {
        bubbles: true, composed: true, detail: { code, message: String(e?.message ?? e) },
      }));
    }

    #game() {
      if (this.#handle) return this.#handle;
      throw new Error(this.isConnected
        ? "the game is not ready yet: await element.ready"
        : "the element is not on the page: add it, then await element.ready");
    }

    /** Removes the element, and with it the game, its listeners, frames and worker. */
    destroy() {
      this.remove();
    }

    /** The game's state: moves, board, status, winner, winning line, player to move. */
    get state() { return this.#game().state; }
    /** Plays `column` (0-based) for the player to move; throws like the handle's `play`. */
    play(column) { return this.#game().play(column); }
    /** Takes back the last move (against the computer, its reply too). */
    undo() { this.#game().undo(); }
    /** Starts a new game, from `options.moves` if given. */
    newGame(options) { this.#game().newGame(options); }
    /** Changes the options it names; throws on an invalid one, changing nothing. */
    setOptions(options) { this.#game().setOptions(options); }
    /** Starts an online game on the board's size (needs `online`). */
    playOnline(colour) { this.#game().playOnline(colour); }
    /** Leaves the online game shown, if one is. */
    leaveOnline() { this.#game().leaveOnline(); }
    /** Resigns the online game the person plays. */
    resign() { this.#game().resign(); }
    /** The invite link of the online game waiting for the friend, or `null`. */
    get inviteUrl() { return this.#game().inviteUrl; }
  }

  customElements.define("connect-four", ConnectFourElement);
}

defineElement();
