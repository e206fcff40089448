//! Where the package's files are: beside the glue module, whatever it is called and wherever
//! it is served from.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `import.meta.url` of the glue module itself (wasm-bindgen inlines it there), whatever
    /// the file is called: `connect_four.js` from wasm-pack, `connect-four.js` from Trunk.
    /// (ES modules only: the Node build for benchmarks, without `ui`, is CommonJS.)
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// The glue module's own URL: its files (the wasm, `book.bin`) sit beside it.
pub fn glue_url() -> String {
    GLUE_URL.with(String::clone)
}

/// The absolute URL of `file` beside the glue module (the worker, the opening book).
pub fn beside_glue(file: &str) -> Result<String, JsValue> {
    Ok(web_sys::Url::new_with_base(file, &glue_url())?.href())
}
