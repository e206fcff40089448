// The package's types: what index.js exports. The classes and their options are declared in
// connect_four.d.ts (the page's module) and connect_four_solver.d.ts (the solver's), which
// wasm-bindgen writes from the Rust source.
import type { Cell, GameState, Level, MoveResult, MountOptions } from "./connect_four.js";

export { Game, MountHandle, mount } from "./connect_four.js";
export { Solver } from "./connect_four_solver.js";
export type {
  Cell, GameStatus, MoveResult, Level, MountOptions, GameState, Texts,
} from "./connect_four.js";
export type { SolverOptions, SolverLoadOptions, BestMoves } from "./connect_four_solver.js";

/** Where `init` finds the wasm module: its URL, a `Response`, its bytes, or the module. */
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

/** What `initSync` starts the wasm module from: its bytes, or the compiled module. */
export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Loads and starts the page's wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise): `mount`, `<connect-four>` and `Game`. Await it once
 * before using them; later calls return the same promise. `Solver` is in the solver's
 * module: see `initSolver`.
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>;

/** Starts the wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): void;

/**
 * Loads and starts the solver's wasm module (`connect_four_solver_bg.wasm`, beside this file
 * unless `module_or_path` says otherwise), for `new Solver()`. `Solver.load()` calls it
 * itself; the game's computer needs none of it (its worker loads the module). Later calls
 * return the same promise.
 */
export function initSolver(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>;

/**
 * `<connect-four red="human" yellow="hard" theme="dark">`: the whole game, defined when the
 * package is imported in a browser. Its attributes mirror `mount`'s options (`red`,
 * `yellow`, `moves`, `theme`, `reduced-motion`, `analysis`, `book-url`); changing one
 * updates the game. It fires `mount`'s events and has its handle's methods.
 */
export interface ConnectFourElement extends HTMLElement {
  /** Resolves once the game is on the page. */
  readonly ready: Promise<void>;
  /** The game's state: moves, board, status, winner, winning line, player to move. */
  readonly state: GameState;
  /** Plays `column` (0-based) for the player to move; throws like the handle's `play`. */
  play(column: number): MoveResult;
  /** Takes back the last move (against the computer, its reply too). */
  undo(): void;
  /** Starts a new game, from `options.moves` if given. */
  newGame(options?: MountOptions): void;
  /** Changes the options it names; throws on an invalid one, changing nothing. */
  setOptions(options: MountOptions): void;
  /** Removes the element, and with it the game, its listeners, frames and worker. */
  destroy(): void;
}

/** `c4-move`'s detail: the move's result, the moves so far, and who played it. */
export interface MoveEventDetail extends MoveResult {
  /** The moves so far, the new one included. */
  moves: string;
  /** "human", or the computer's level. */
  by: "human" | Level;
}

/** `c4-end`'s detail: how the game ended. */
export interface EndEventDetail {
  status: "win" | "draw";
  winner: 1 | 2 | null;
  winLine: Cell[];
  moves: string;
}

/** `c4-refused`'s detail: the column asked for, and why it was refused. */
export interface RefusedEventDetail {
  column: number;
  /** The column is full, the game is over, or it is the computer's turn or a piece falls. */
  reason: "full" | "over" | "busy";
}

/** `c4-newgame`'s detail: the start position. */
export interface NewGameEventDetail {
  moves: string;
}

/** `c4-error`'s detail: what went wrong, in words for developers. */
export interface ErrorEventDetail {
  message: string;
}

declare global {
  interface HTMLElementTagNameMap {
    "connect-four": ConnectFourElement;
  }
  /** The game's events, fired on the host element; they bubble and are composed. */
  interface GlobalEventHandlersEventMap {
    "c4-move": CustomEvent<MoveEventDetail>;
    "c4-end": CustomEvent<EndEventDetail>;
    "c4-refused": CustomEvent<RefusedEventDetail>;
    "c4-newgame": CustomEvent<NewGameEventDetail>;
    "c4-error": CustomEvent<ErrorEventDetail>;
  }
}
