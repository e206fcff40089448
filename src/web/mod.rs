//! The browser layer (wasm32 only), thin: `#[wasm_bindgen]` classes that check input
//! (`game`, `solver`), and the game UI (`mount`): `options` reads the mount options, `view`
//! builds the DOM and applies `ui::Mirror`, `paint` paints `ui::Scene`, `input` turns events
//! into `ui::Command`s, `ai` talks to the worker (`worker.js`), and `app` wires them to the
//! `ui::Controller`. Logic lives in `engine`, `solver` and `ui`; this layer converts and draws.

#[cfg(feature = "ui")]
mod ai;
#[cfg(feature = "ui")]
mod app;
mod convert;
#[cfg(feature = "ui")]
mod dom;
pub mod game;
#[cfg(feature = "ui")]
mod input;
#[cfg(feature = "ui")]
pub mod mount;
#[cfg(feature = "ui")]
mod options;
#[cfg(feature = "ui")]
mod paint;
pub mod solver;
#[cfg(feature = "ui")]
mod view;

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

/// The absolute URL of `file` beside the glue module (the worker, the opening book).
#[cfg(feature = "ui")]
pub(crate) fn beside_glue(file: &str) -> Result<String, JsValue> {
    Ok(web_sys::Url::new_with_base(file, &glue_url())?.href())
}

/// The text of a JS error (or of any thrown value).
pub(crate) fn error_text(e: &JsValue) -> String {
    use wasm_bindgen::JsCast;
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| convert::describe(e))
}

/// Runs once when the module is instantiated, on the page or in a worker: it must not
/// assume a `window`.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
