// Trunk names the glue module after the crate (connect-four.js); the package's modules
// (index.js, worker.js) import it as wasm-pack names it. This file bridges the two names.
export * from "./connect-four.js";
export { default } from "./connect-four.js";
