// The package's entry module: the whole game (`mount`, and the `<connect-four>` element),
// the rules (`Game`) and the solver (`Solver`). It names the computer's worker and the
// opening book with `new URL("…", import.meta.url)`, which bundlers (Vite, webpack, …)
// follow and emit, and hands them to the wasm module once it is loaded.
import initWasm, {
  initSync as initWasmSync, mount, __setAssets, Game, Solver, MountHandle,
} from "./connect_four.js";

import { guard } from "./guard.js";

// The classes, guarded: see guard.js.
const GuardedGame = guard(Game);
const GuardedSolver = guard(Solver);
const GuardedMountHandle = guard(MountHandle);
export { GuardedGame as Game, GuardedSolver as Solver, GuardedMountHandle as MountHandle, mount };

const spawnWorker = () => new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

const ready = () => {
  __setAssets(spawnWorker, new URL("./book.bin", import.meta.url).href);
};

let loading = null;

/**
 * Loads and starts the wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise). Await it once before using anything else; later calls
 * return the same promise.
 */
export default function init(module_or_path) {
  loading ??= initWasm(module_or_path).then(ready, (e) => {
    loading = null; // a failed load (say, offline) can be tried again
    throw e;
  });
  return loading;
}

/** Starts the wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module) {
  if (loading) return;
  initWasmSync(module);
  ready();
  loading = Promise.resolve();
}

/** The element's attributes and the options they set. */
const ATTRIBUTES = {
  red: "red",
  yellow: "yellow",
  moves: "moves",
  theme: "theme",
  "reduced-motion": "reducedMotion",
  analysis: "analysis",
  "book-url": "bookUrl",
  sound: "sound",
  "storage-key": "storageKey",
};
const BOOLEAN = new Set(["reducedMotion", "analysis", "sound"]);

/** The option an attribute's value sets; a removed attribute sets the option's default. */
function optionOf(attribute, value) {
  const name = ATTRIBUTES[attribute];
  if (BOOLEAN.has(name)) {
    if (value !== null) return { [name]: value !== "false" };
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (name === "analysis") return { analysis: false };
    if (name === "sound") return { sound: !reduced };
    return { reducedMotion: reduced };
  }
  if (value !== null) return { [name]: value };
  if (name === "red" || name === "yellow") return { [name]: "human" };
  if (name === "theme") return { theme: "auto" };
  return {};
}

/** Defines `<connect-four>` where custom elements exist (not in Node). */
function defineElement() {
  if (typeof customElements === "undefined" || customElements.get("connect-four")) return;

  /**
   * `<connect-four red="human" yellow="hard" theme="dark">`: the whole game. Its attributes
   * mirror `mount`'s options (`red`, `yellow`, `moves`, `theme`, `reduced-motion`,
   * `analysis`, `book-url`), and changing one updates the game. It fires the same events
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

    connectedCallback() {
      init().then(() => {
        if (!this.isConnected || this.#handle) return;
        let options = {};
        for (const attribute of Object.keys(ATTRIBUTES)) {
          const value = this.getAttribute(attribute);
          if (value !== null) options = { ...options, ...optionOf(attribute, value) };
        }
        try {
          this.#handle = mount(this, options);
          this.#resolve();
        } catch (e) {
          this.#fail(e);
        }
      }, (e) => this.#fail(e));
    }

    disconnectedCallback() {
      this.#handle?.destroy();
      this.#handle = null;
      this.#ready = new Promise((resolve) => (this.#resolve = resolve));
    }

    attributeChangedCallback(attribute, old, value) {
      if (!this.#handle || old === value) return;
      try {
        this.#handle.setOptions(optionOf(attribute, value));
      } catch (e) {
        this.#fail(e);
      }
    }

    #fail(e) {
      console.error("connect-four:", e);
      this.dispatchEvent(new CustomEvent("c4-error", {
        bubbles: true, composed: true, detail: { message: String(e?.message ?? e) },
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
  }

  customElements.define("connect-four", ConnectFourElement);
}

defineElement();
