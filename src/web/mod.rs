//! The browser layer (wasm32 only): thin `#[wasm_bindgen]` wrappers that check input, and the
//! canvas UI. Logic lives in `engine` and `solver`; this layer converts and draws.

#[cfg(feature = "ui")]
mod ai;
#[cfg(feature = "ui")]
mod app;
mod convert;
#[cfg(feature = "ui")]
mod dom;
pub mod game;
#[cfg(feature = "ui")]
pub mod mount;
pub mod solver;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated, on the page or in a worker: it must not
/// assume a `window`.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
