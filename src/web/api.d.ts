// The package's own declarations, beside those wasm-bindgen writes from the Rust source
// (the classes, `mount`, the options, the state and the texts). scripts/package-types.mjs
// puts them all in one declaration file per entry: index.d.ts (browsers and bundlers),
// node/index.d.mts and node/index.d.cts (Node). The names are the same everywhere.
//
// The DOM's types are named through `DomType`, so that Node code compiled without the DOM
// library still type-checks: there they are `never`.

/** The DOM's type `K` (its instances) where the DOM library is loaded; `never` elsewhere. */
type DomType<K extends string> = typeof globalThis extends { [P in K]: { prototype: infer T } } ? T : never;

/** Where `init` finds the wasm module: its URL, a `Response`, its bytes, or the module. */
export type InitInput =
  | string
  | DomType<"URL">
  | DomType<"Request">
  | DomType<"Response">
  | ArrayBuffer
  | ArrayBufferView
  | WasmModule;

/** A compiled `WebAssembly.Module`. */
type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer M } } } ? M : never;

/** What `initSync` starts the wasm module from: its bytes, or the compiled module. */
export type SyncInitInput = ArrayBuffer | ArrayBufferView | WasmModule;

/**
 * Loads and starts the page's wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise): `mount`, `Game`, `defaultTexts`. Await it once before
 * using them; until then each says "call `await init()` first". Later calls return the same
 * promise. `<connect-four>` calls it itself. In Node there is nothing to wait for.
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>;

/** Starts the page's wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): void;

/**
 * Loads and starts the solver's wasm module (`connect_four_solver_bg.wasm`, beside this file
 * unless `module_or_path` says otherwise), for `new Solver()`. `Solver.load()` calls it
 * itself; the game's computer needs none of it (its worker loads the module). Later calls
 * return the same promise. In Node there is nothing to wait for.
 */
export function initSolver(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<void>;

/**
 * Every text of the game in English, by the names the `texts` option takes: start a
 * translation from it. Frozen. In the browser, read it after `await init()`.
 */
export const defaultTexts: Readonly<Texts>;

/** What `<connect-four>` adds to an HTML element: its handle's methods and `ready`. */
export interface ConnectFourMethods {
  /** Resolves once the game is on the page. */
  readonly ready: Promise<void>;
  /** The game's state: moves, board, status, winner, winning line, player to move. */
  readonly state: GameState;
  /**
   * Plays `column` (0-based) for the player to move; throws like the handle's `play`. A
   * move made while a piece falls counts at once; its piece falls next.
   */
  play(column: number): MoveResult;
  /** Takes back the last move (against the computer, its reply too). */
  undo(): void;
  /** Starts a new game, from `options.moves` if given. */
  newGame(options?: MountOptions): void;
  /** Changes the options it names; throws on an invalid one, changing nothing. */
  setOptions(options: MountOptions): void;
  /**
   * Starts an online game on the board's size (needs `online`), the person in `colour` (by
   * default the colour the main choice shows); the invite link shows.
   */
  playOnline(colour?: "red" | "yellow" | "random"): void;
  /** Leaves the online game shown, if one is. */
  leaveOnline(): void;
  /** Resigns the online game the person plays; throws if there is none going on. */
  resign(): void;
  /** The invite link of the online game waiting for the friend, or `null`. */
  readonly inviteUrl: string | null;
  /** Removes the element, and with it the game, its listeners, frames and worker. */
  destroy(): void;
}

/**
 * `<connect-four red="human" yellow="hard" theme="dark">`: the whole game, defined when the
 * package is imported in a browser (never in Node). Its attributes
 * (`ConnectFourAttributes`) mirror `mount`'s options; changing one updates the game. It
 * fires `mount`'s events and has its handle's methods.
 */
export type ConnectFourElement = DomType<"HTMLElement"> & ConnectFourMethods;

/** The attributes of `<connect-four>`, as strings: each sets the `mount` option it names. */
export interface ConnectFourAttributes {
  /** Who plays Red: "human" (default) or a level. */
  red?: "human" | Level;
  /** Who plays Yellow: "human" (default) or a level. */
  yellow?: "human" | Level;
  /** The board's columns, "4" to "9" (default 7): a new size starts a new game. */
  columns?: number | `${number}`;
  /** The board's rows, "4" to "9" (default 6). */
  rows?: number | `${number}`;
  /** The start position, in move notation ("4453"), on the board's size. */
  moves?: string;
  /** "auto" (default), "light", "dark" or "high-contrast". */
  theme?: "auto" | "light" | "dark" | "high-contrast";
  /** Present (or "true") for pieces that appear without falling; "false" for motion. */
  "reduced-motion"?: boolean | "true" | "false" | "";
  /** Present (or "true") to show each column's outcome above the board. */
  analysis?: boolean | "true" | "false" | "";
  /** Where the computer's worker fetches the opening book. */
  "book-url"?: string;
  /** Present (or "true") to turn the sound on. Default: off. */
  sound?: boolean | "true" | "false" | "";
  /** Where the game saves itself in `localStorage`. Default: nowhere. */
  "storage-key"?: string;
  /** Your game server's WebSocket address: offers "A friend online". Default: none. */
  online?: string;
  /** The address invite links send the friend to, before `#join=…`. Default: this page's. */
  "invite-url"?: string;
  /** An online game to join, by its id (from an invite link's `#join=…`). Needs `online`. */
  join?: string;
  /** Present (or "true") to open what the page's address shows (`#join=…`, `#moves=…`) when
   * the game starts, and offer Copy link. Default: off, the fragment is the page's. */
  links?: boolean | "true" | "false" | "";
}

/** `c4-move`'s detail: the move's result, the moves so far, and who played it. */
export interface MoveEventDetail extends MoveResult {
  /** The moves so far, the new one included. */
  moves: string;
  /** "human", or the computer's level. */
  by: "human" | Level;
}

/**
 * The board an event is about: its columns and rows, 4 to 9. Every event's detail but
 * `c4-error`'s carries them.
 */
export type EventBoard = Required<BoardSize>;

/** `c4-end`'s detail: how the game ended (also fired for a game that starts finished). */
export interface EndEventDetail extends EventBoard {
  status: "win" | "draw";
  winner: 1 | 2 | null;
  winLine: Cell[];
  moves: string;
}

/**
 * `c4-change`'s detail: the state after any change of the position on the board (a move,
 * an undo, a new game, `setOptions` with `moves`, a restored or linked game, a review's
 * step); once after mounting, too. The same as the handle's `state`.
 */
export type ChangeEventDetail = GameState;

/** `c4-undo`'s detail: the moves left, and those taken back. */
export interface UndoEventDetail extends EventBoard {
  /** The moves left. */
  moves: string;
  /** The moves taken back, last first: who had played each, and its column (0-based).
   * Empty when the undo brought back the game a new game had replaced. */
  undone: { player: 1 | 2; column: number }[];
}

/** `c4-refused`'s detail: the column asked for, and why it was refused. */
export interface RefusedEventDetail extends EventBoard {
  column: number;
  /** The column is full, the game is over, or it is the computer's turn. */
  reason: "full" | "over" | "busy";
}

/** `c4-newgame`'s detail: the board's size and the start position. */
export interface NewGameEventDetail extends EventBoard {
  moves: string;
}

/**
 * `c4-online`'s detail, whenever an online game's id, the person's seat, the connection, the
 * friend's presence or a name changes: the game's id (`null` until the server gives one), the seat (`null` until then),
 * and the connection: "connecting" (the first time), "open", "reconnecting" (it dropped; the
 * page tries again by itself), "unreachable" (three tries in a row could not connect: the
 * server is down, or does not accept this page's origin; it is still tried), "refused" (the
 * server turned the page away, or the page's policy blocks the connection: `reason` says
 * why) or "closed" (the person left the game: `game` and `seat` are then `null`).
 */
export interface OnlineEventDetail {
  game: string | null;
  seat: "red" | "yellow" | "watcher" | null;
  connection: "connecting" | "open" | "reconnecting" | "unreachable" | "refused" | "closed";
  /** Why the page was refused: "blocked" (its Content-Security-Policy), or the server's
   * reason ("too-many-games", "no-such-game", "version", …); `null` otherwise. */
  reason: string | null;
  /** For a player, the other seat: "here", "away" (lost the connection), "empty" (the
   * friend has not come yet) or "left" (gone for good from a game that is over); `null` for
   * a watcher, before the server says, and after. */
  opponent: "here" | "away" | "empty" | "left" | null;
  /** The names Red's and Yellow's players go by (at most 20 characters, plain text: never
   * markup), `null` for one who gave none. */
  names: [string | null, string | null];
}

/**
 * `c4-error`'s detail: what went wrong, in words for developers, and its `code`: "computer"
 * (the computer cannot play), "book" (the opening book could not be read), "unreachable",
 * "blocked" or the server's reason for refusing the page (online play), "attribute" (an
 * attribute of `<connect-four>` is not used), "load" (the element could not start).
 */
export interface ErrorEventDetail {
  code: string;
  message: string;
}

/** A game event: a DOM `CustomEvent` with its `detail`. */
export type ConnectFourEvent<T> = DomType<"Event"> & { readonly detail: T };

/** The game's events by name, with their details: they bubble and are composed. */
export interface ConnectFourEventMap {
  "c4-move": ConnectFourEvent<MoveEventDetail>;
  "c4-end": ConnectFourEvent<EndEventDetail>;
  "c4-change": ConnectFourEvent<ChangeEventDetail>;
  "c4-undo": ConnectFourEvent<UndoEventDetail>;
  "c4-refused": ConnectFourEvent<RefusedEventDetail>;
  "c4-newgame": ConnectFourEvent<NewGameEventDetail>;
  "c4-online": ConnectFourEvent<OnlineEventDetail>;
  "c4-error": ConnectFourEvent<ErrorEventDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    "connect-four": ConnectFourElement;
  }
  interface GlobalEventHandlersEventMap extends ConnectFourEventMap {}
}
