//! The game's stylesheet: a constructable stylesheet, which a strict Content-Security-Policy
//! (`style-src 'self'`) allows where an injected `<style>` is refused. It is made once and
//! adopted by each document or shadow root that shows a game, until its last game goes.

use crate::ui::theme::BOARD_PROPERTIES;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

#[wasm_bindgen(module = "/src/web/style.js")]
extern "C" {
    /// The game's stylesheet, from its own module (style.js): a change to the styles
    /// downloads that file again, not this wasm.
    #[wasm_bindgen(js_name = gameStyle)]
    fn game_style() -> String;
}

/// The game's stylesheet, and the documents or shadow roots that adopted it with how many
/// games each shows.
type Shared = (web_sys::CssStyleSheet, Vec<(web_sys::Node, usize)>);

thread_local! {
    static SHEET: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// One game fewer in `root`: the last one takes the stylesheet with it.
pub fn release(root: &web_sys::Node) {
    SHEET.with(|sheet| {
        let mut sheet = sheet.borrow_mut();
        let Some((style, roots)) = sheet.as_mut() else {
            return;
        };
        if let Some(i) = roots.iter().position(|(r, _)| r == root) {
            roots[i].1 -= 1;
            if roots[i].1 == 0 {
                roots.swap_remove(i);
                let adopted = adopted_sheets(root, Some(style.as_ref()));
                let _ = js_sys::Reflect::set(root, &ADOPTED.into(), &adopted);
            }
        }
    });
}

const ADOPTED: &str = "adoptedStyleSheets";

/// The probe that follows each of the board's colours: `--_probe-board` for `--c4-board`…
fn probes() -> impl Iterator<Item = String> {
    BOARD_PROPERTIES
        .into_iter()
        .map(|p| format!("--_probe-{}", p.strip_prefix("--c4-").unwrap_or(p)))
}

/// The probes' rule: each follows its colour, and a change runs a 1 ms transition.
fn probes_css() -> String {
    // Written by one loop: collecting them cost the page's module more.
    let (mut values, mut transitions) = (String::new(), String::new());
    for (probe, property) in probes().zip(BOARD_PROPERTIES) {
        let sep = if transitions.is_empty() { "" } else { ", " };
        values.push_str(&format!("{probe}: var({property}, transparent); "));
        transitions.push_str(&format!("{sep}{probe} 1ms"));
    }
    format!(".c4 {{ {values}transition: {transitions}; }}")
}

/// Registers the probes as colours, for the whole page: a registered property transitions,
/// and the transition's end tells the game that a colour changed. An `@property` rule would
/// do it, but not from a shadow root. A name registered before (by an earlier copy of the
/// module on the page) stays as it is.
fn register_probes() {
    let Ok(css) = js_sys::Reflect::get(&js_sys::global(), &"CSS".into()) else {
        return;
    };
    let Ok(register) = js_sys::Reflect::get(&css, &"registerProperty".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    else {
        return;
    };
    for name in probes() {
        let definition = js_sys::Object::new();
        for (key, value) in [
            ("name", name.as_str()),
            ("syntax", "<color>"),
            ("initialValue", "transparent"),
        ] {
            let _ = js_sys::Reflect::set(&definition, &key.into(), &value.into());
        }
        let _ = js_sys::Reflect::set(&definition, &"inherits".into(), &false.into());
        // Throws if the name is taken: then it is ours from an earlier module.
        let _ = register.call1(&css, &definition);
    }
}

/// The style sheets a document or shadow root has adopted.
/// The sheets `root` adopted, but `leaving` (a new array: the root's own is frozen).
fn adopted_sheets(root: &web_sys::Node, leaving: Option<&JsValue>) -> js_sys::Array {
    let adopted = js_sys::Array::new();
    let sheets = js_sys::Reflect::get(root, &ADOPTED.into()).ok();
    if let Some(sheets) = sheets.and_then(|a| a.dyn_into::<js_sys::Array>().ok()) {
        for sheet in sheets.iter() {
            if Some(&sheet) != leaving {
                adopted.push(&sheet);
            }
        }
    }
    adopted
}

/// Adopts the game's stylesheet in the document or shadow root that holds `element`, once;
/// returns that root.
pub fn adopt(element: &HtmlElement) -> Result<web_sys::Node, JsValue> {
    let root = element.get_root_node();
    SHEET.with(|sheet| {
        let mut sheet = sheet.borrow_mut();
        if sheet.is_none() {
            register_probes();
            let style = web_sys::CssStyleSheet::new()?;
            style.replace_sync(&format!("{}\n{}", game_style(), probes_css()))?;
            *sheet = Some((style, Vec::new()));
        }
        let Some((style, roots)) = sheet.as_mut() else {
            return Ok(root);
        };
        match roots.iter_mut().find(|(r, _)| *r == root) {
            Some((_, games)) => *games += 1,
            None => {
                let adopted = adopted_sheets(&root, None);
                adopted.push(style);
                js_sys::Reflect::set(&root, &ADOPTED.into(), &adopted)?;
                roots.push((root.clone(), 1));
            }
        }
        Ok(root)
    })
}
