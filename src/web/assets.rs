//! Where the package's files are: the computer's worker (`worker.js`) and the opening book
//! (`book.bin`). The package's entry module (`index.js`) names them with
//! `new URL("./worker.js", import.meta.url)`, which bundlers follow, and hands them over
//! with [`set_assets`]. Without it (the glue imported directly), they are looked for beside
//! the glue module.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Worker, WorkerOptions, WorkerType};

#[wasm_bindgen]
extern "C" {
    /// `import.meta.url` of the glue module itself (wasm-bindgen inlines it there), whatever
    /// the file is called: `connect_four.js` from wasm-pack, `connect-four.js` from Trunk.
    /// (ES modules only: the Node build, without `ui`, is CommonJS.)
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

struct Assets {
    /// Starts the worker: `() => new Worker(new URL("./worker.js", import.meta.url), …)`.
    spawn_worker: js_sys::Function,
    book_url: String,
}

thread_local! {
    static ASSETS: RefCell<Option<Assets>> = const { RefCell::new(None) };
}

/// Internal: the package's entry module says how to start the worker and where the book
/// is, as the page's bundler (if any) resolved them.
#[wasm_bindgen(js_name = __setAssets, skip_typescript)]
pub fn set_assets(spawn_worker: js_sys::Function, book_url: String) {
    ASSETS.with(|a| {
        *a.borrow_mut() = Some(Assets {
            spawn_worker,
            book_url,
        })
    });
}

/// The absolute URL of `file` beside the glue module.
fn beside_glue(file: &str) -> Result<String, JsValue> {
    Ok(web_sys::Url::new_with_base(file, &GLUE_URL.with(String::clone))?.href())
}

/// The opening book's URL.
pub fn book_url() -> Result<String, JsValue> {
    match ASSETS.with(|a| a.borrow().as_ref().map(|a| a.book_url.clone())) {
        Some(url) => Ok(url),
        None => beside_glue("book.bin"),
    }
}

/// Starts a new worker for the computer.
pub fn spawn_worker() -> Result<Worker, JsValue> {
    let spawn = ASSETS.with(|a| a.borrow().as_ref().map(|a| a.spawn_worker.clone()));
    match spawn {
        Some(spawn) => spawn.call0(&JsValue::UNDEFINED)?.dyn_into::<Worker>(),
        None => {
            let options = WorkerOptions::new();
            options.set_type(WorkerType::Module);
            Worker::new_with_options(&beside_glue("worker.js")?, &options)
        }
    }
}
