// The package's types in Node: the rules and the solver (the browser game is not in the
// Node build).
export { Game, Solver } from "./connect_four.js";
export type {
  Cell, GameStatus, MoveResult, Level, SolverOptions, SolverLoadOptions, BestMoves,
} from "./connect_four.js";

/** Nothing to wait for in Node: the module is ready once imported. */
export default function init(): Promise<void>;

/** The same: in Node the solver is in the one module (the browser loads it apart). */
export function initSolver(): Promise<void>;
