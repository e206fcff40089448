// The package's types in Node: the rules and the solver, from the solver's module (the
// browser game is not in Node). The package leaves that module's loader (`init`, `initSync`)
// out of its types, which name the DOM's: scripts/package-json.mjs.
export { Game, Solver } from "../connect_four_solver.js";
export type {
  Cell, GameStatus, MoveResult, Level, SolverOptions, SolverLoadOptions, BestMoves,
} from "../connect_four_solver.js";

/** Nothing to wait for in Node: the module is ready once imported. */
export default function init(): Promise<void>;

/** The same: in Node the solver is in the one module (the browser loads it apart). */
export function initSolver(): Promise<void>;
