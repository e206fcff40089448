//! Connect Four: a bitboard rules engine and a perfect-play solver, compiled to WebAssembly.
//!
//! - [`engine`]: the pure rules (no wasm dependencies).
//! - `web` (wasm32 only): the `#[wasm_bindgen]` API and the browser UI.

pub mod engine;
pub mod solver;
pub mod ui;

#[cfg(target_arch = "wasm32")]
pub mod web;
