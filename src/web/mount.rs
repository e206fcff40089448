//! `mount(element, options)`: the whole game inside any element.

use super::app::{App, Shared};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
    let element: web_sys::HtmlElement = element.dyn_into().map_err(|v| {
        JsError::new(&format!(
            "mount needs an HTML element, got {}",
            super::convert::describe(&v)
        ))
    })?;
    let options = super::options::parse(&options.unwrap_or(JsValue::UNDEFINED))
        .map_err(|e| JsError::new(&e))?;
    let window = web_sys::window().ok_or_else(|| JsError::new("mount needs a window"))?;
    let base = window
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let reduced_motion = window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    let start = options
        .start(&base, reduced_motion)
        .map_err(|e| JsError::new(&e))?;
    let app =
        App::mount(&element, start).map_err(|e| JsError::new(&super::convert::error_text(&e)))?;
    Ok(MountHandle { app: Some(app) })
}
