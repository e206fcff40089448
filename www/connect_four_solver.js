// Trunk names the solver's glue after the crate (connect-four-solver.js); the package's
// modules (index.js, worker.js) import it as wasm-pack names it. This file bridges the two.
export * from "./connect-four-solver.js";
export { default } from "./connect-four-solver.js";
