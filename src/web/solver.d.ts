// The TypeScript types of `Solver`'s options and answers (src/web/solver.rs), as the
// package's declarations carry them.
/** Options of `new Solver(options)`. */
export interface SolverOptions {
  /** The board's columns, 4 to 9 (default 7). */
  columns?: number;
  /** The board's rows, 4 to 9 (default 6). */
  rows?: number;
  /** Transposition table size in MiB, 1 to 64 (default 64). */
  tableMiB?: number;
  /**
   * The opening book: the bytes of the package's `book.bin` (fetch it, e.g. in a worker),
   * for the standard 7 x 6 board only. With it the perfect level answers at once early in
   * a game; without it (the default, or `false`) every answer is still exact, but the first
   * moves take far longer.
   */
  book?: Uint8Array | ArrayBuffer | false;
  /**
   * Seeds the random choices (the perfect level's pick among equally good moves, and the
   * lower levels' noise): an integer from 0 to 2^53 - 1. Two solvers with one seed make
   * the same choices. Default: a fresh random seed, so games differ.
   */
  seed?: number;
}
/** Options of `Solver.load(options)`. */
export interface SolverLoadOptions {
  /** The board's columns, 4 to 9 (default 7). Only 7 x 6 has a book to fetch. */
  columns?: number;
  /** The board's rows, 4 to 9 (default 6). */
  rows?: number;
  /** Transposition table size in MiB, 1 to 64 (default 64). */
  tableMiB?: number;
  /** Seeds the random choices, as `SolverOptions.seed` (default: a fresh random seed). */
  seed?: number;
  /**
   * Where to fetch the opening book (a relative URL resolves as `fetch` resolves it).
   * Default: the package's `book.bin` (in Node, read from the package's folder).
   */
  bookUrl?: string | URL;
}
/** What `Solver.bestMoves` finds. */
export interface BestMoves {
  /** The position's score for the side to move (Pons' convention, as `score`). */
  score: number;
  /** Every 0-based column that reaches that score, in column order (never empty). */
  columns: number[];
}
/** What `Solver.analyzeEachWithin` finds. */
export interface ColumnScores {
  /** One score per column, as `analyze`: null for a full column, and for an unproved one. */
  scores: (number | null)[];
  /** The 0-based playable columns not worked out within the budget, in column order. */
  unproved: number[];
}
