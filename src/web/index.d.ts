// The package's types: what index.js exports. The classes and their options are declared in
// connect_four.d.ts, which wasm-bindgen writes from the Rust source.
import type { InitInput, InitOutput, SyncInitInput } from "./connect_four.js";

export { Game, Solver, MountHandle, mount } from "./connect_four.js";
export type {
  Cell, GameStatus, MoveResult, Level, SolverOptions, SolverLoadOptions, BestMoves, MountOptions,
  InitInput, InitOutput, SyncInitInput,
} from "./connect_four.js";

/**
 * Loads and starts the wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise). Await it once before using anything else; later calls
 * return the same promise.
 */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<InitOutput>;

/** Starts the wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;
