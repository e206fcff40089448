// The package's entry module: the whole game (`mount`), the rules (`Game`) and the solver
// (`Solver`). It names the computer's worker and the opening book with
// `new URL("…", import.meta.url)`, which bundlers (Vite, webpack, …) follow and emit, and
// hands them to the wasm module once it is loaded.
import initWasm, { initSync as initWasmSync, __setAssets } from "./connect_four.js";

export { Game, Solver, MountHandle, mount } from "./connect_four.js";

const spawnWorker = () => new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

const ready = (output) => {
  __setAssets(spawnWorker, new URL("./book.bin", import.meta.url).href);
  return output;
};

let loading = null;

/**
 * Loads and starts the wasm module (`connect_four_bg.wasm`, beside this file unless
 * `module_or_path` says otherwise). Await it once before using anything else; later calls
 * return the same promise.
 */
export default function init(module_or_path) {
  loading ??= initWasm(module_or_path).then(ready);
  return loading;
}

/** Starts the wasm module from its bytes or a compiled `WebAssembly.Module`, synchronously. */
export function initSync(module) {
  const output = ready(initWasmSync(module));
  loading ??= Promise.resolve(output);
  return output;
}
