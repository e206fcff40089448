//! `mount(element, options)`: the whole game inside any element.

use super::app::{App, MountOptions, Shared};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Options of `mount`. */
export interface MountOptions {
  /** Pieces appear without falling; the end fade is short. Default: `prefers-reduced-motion`. */
  reducedMotion?: boolean;
  /** Who plays Red (first): "human" (default) or a computer level. */
  red?: "human" | Level;
  /** Who plays Yellow (second): "human" (default) or a computer level. */
  yellow?: "human" | Level;
  /** Show each column's outcome (win in n, draw, loses in n) above the board. */
  analysis?: boolean;
  /** Start from this position, in move notation (e.g. "4453"). */
  moves?: string;
  /**
   * Where the computer's worker fetches the opening book, relative to the page. Default:
   * `book.bin` beside the package's `connect_four.js`. Set it if your bundler moves the file.
   */
  bookUrl?: string;
}
"#;

const KNOWN_OPTIONS: [&str; 6] = [
    "reducedMotion",
    "red",
    "yellow",
    "analysis",
    "moves",
    "bookUrl",
];

/// A mounted game. `destroy()` removes it and everything it started.
#[wasm_bindgen]
pub struct MountHandle {
    app: Option<Shared>,
}

#[wasm_bindgen]
impl MountHandle {
    /// Removes the game's DOM, listeners, animation frames and worker. Safe to call twice.
    pub fn destroy(&mut self) {
        if let Some(app) = self.app.take() {
            if let Ok(mut app) = app.try_borrow_mut() {
                app.destroy();
            }
        }
    }

    /// Whether `destroy()` has been called.
    #[wasm_bindgen(getter)]
    pub fn destroyed(&self) -> bool {
        self.app.is_none()
    }
}

/// Builds the whole game inside `element`, which keeps its other children.
///
/// Throws if `element` is not an HTML element or an option is unknown or invalid.
#[wasm_bindgen]
pub fn mount(
    #[wasm_bindgen(unchecked_param_type = "HTMLElement")] element: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MountOptions")] options: Option<JsValue>,
) -> Result<MountHandle, JsError> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let element: web_sys::HtmlElement = element.dyn_into().map_err(|v| {
        JsError::new(&format!(
            "mount needs an HTML element, got {}",
            super::convert::describe(&v)
        ))
    })?;
    let options: MountOptions = if options.is_undefined() || options.is_null() {
        MountOptions::default()
    } else {
        if !options.is_object() {
            return Err(JsError::new("invalid mount options: expected an object"));
        }
        for key in js_sys::Object::keys(options.unchecked_ref::<js_sys::Object>()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !KNOWN_OPTIONS.contains(&key.as_str()) {
                return Err(JsError::new(&format!(
                    "invalid mount options: unknown field {key:?}, expected one of {KNOWN_OPTIONS:?}"
                )));
            }
        }
        serde_wasm_bindgen::from_value(options).map_err(|e| {
            // serde_wasm_bindgen's errors read "Error: ..." (a JS Error's text).
            let e = e.to_string();
            let why = e.strip_prefix("Error: ").unwrap_or(&e);
            JsError::new(&format!("invalid mount options: {why}"))
        })?
    };
    let app = App::mount(&element, options)
        .map_err(|e| JsError::new(&e.as_string().unwrap_or_else(|| "mount failed".into())))?;
    Ok(MountHandle { app: Some(app) })
}
