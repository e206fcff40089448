//! Where the package's files are: the computer's worker and the opening book (`book.bin`).
//! The package's entry module (`index.js`) hands over the worker's `connect` (its own, which
//! loads computer.js with a board's first request; computer.js names `worker.js` with
//! `new URL("./worker.js", import.meta.url)`, as bundlers follow) and the book's URL with
//! [`set_assets`]. Without it (the glue imported directly)
//! the board plays between people only; the book is looked for beside the glue module.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `import.meta.url` of the glue module itself (wasm-bindgen inlines it there), whatever
    /// the file is called: `connect_four.js` from wasm-pack, `connect-four.js` from Trunk.
    /// (ES modules only: the Node build, without `ui`, is CommonJS.)
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

#[wasm_bindgen]
extern "C" {
    /// A board's link to the shared worker (`connect` in computer.js): `post(request)`,
    /// `cancel()` (drop the board's queued requests), `close()`.
    pub type Link;
    #[wasm_bindgen(method, catch)]
    pub fn post(this: &Link, request: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    pub fn cancel(this: &Link);
    #[wasm_bindgen(method)]
    pub fn close(this: &Link);
}

struct Assets {
    /// `connect(bookUrl, tableMiB, onReply)`: a board's link to the page's worker.
    connect: js_sys::Function,
    book_url: String,
}

thread_local! {
    static ASSETS: RefCell<Option<Assets>> = const { RefCell::new(None) };
}

/// Internal: the package's entry module says how to reach the computer's worker and where
/// the book is, as the page's bundler (if any) resolved them.
#[wasm_bindgen(js_name = __setAssets, skip_typescript)]
pub fn set_assets(connect: js_sys::Function, book_url: String) {
    ASSETS.with(|a| *a.borrow_mut() = Some(Assets { connect, book_url }));
}

/// The opening book's URL.
pub fn book_url() -> Result<String, JsValue> {
    match ASSETS.with(|a| a.borrow().as_ref().map(|a| a.book_url.clone())) {
        Some(url) => Ok(url),
        None => Ok(web_sys::Url::new_with_base("book.bin", &GLUE_URL.with(String::clone))?.href()),
    }
}

/// Connects a board to the page's worker for the book at `book_url`.
pub fn connect(book_url: &str, table_mib: u32, on_reply: &JsValue) -> Result<Link, JsValue> {
    let connect = ASSETS.with(|a| a.borrow().as_ref().map(|a| a.connect.clone()));
    let connect = connect.ok_or_else(|| {
        JsValue::from_str(
            "the package's entry module (index.js) was not loaded: it starts the worker",
        )
    })?;
    Ok(connect
        .call3(
            &JsValue::UNDEFINED,
            &JsValue::from_str(book_url),
            &JsValue::from(table_mib),
            on_reply,
        )?
        .unchecked_into())
}
