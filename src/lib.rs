//! Connect Four: a bitboard rules engine and a perfect-play solver, compiled to WebAssembly.
//!
//! - [`engine`]: the pure rules (no wasm dependencies).
//! - `web` (wasm32 only): the `#[wasm_bindgen]` API and the browser UI.

pub mod engine;
pub mod hex;
pub mod joined;
pub mod json;
pub mod online;
pub mod solver;
pub mod ui;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The allocator of both wasm modules (the page's and the solver's): talc, smaller in the
/// module than Rust's default for wasm (dlmalloc) and faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
