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

#[cfg(feature = "ui")]
#[wasm_bindgen]
extern "C" {
    /// `import.meta.url` of the glue module itself (wasm-bindgen inlines it there), whatever
    /// the file is called: `connect_four.js` from wasm-pack, `connect-four.js` from Trunk.
    /// (ES modules only: the Node build for benchmarks, without `ui`, is CommonJS.)
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// The glue module's own URL: its files (the wasm, `book.bin`) sit beside it.
#[cfg(feature = "ui")]
pub(crate) fn glue_url() -> String {
    GLUE_URL.with(String::clone)
}

/// Runs once when the module is instantiated, on the page or in a worker: it must not
/// assume a `window`.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
