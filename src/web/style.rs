//! The game's stylesheet: a constructable stylesheet, which a strict Content-Security-Policy
//! (`style-src 'self'`) allows where an injected `<style>` is refused. It is made once and
//! adopted by each document or shadow root that shows a game, until its last game goes.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// `style.css`, without its comments (build.rs).
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/style.css"));

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
                let style: &JsValue = style.as_ref();
                let adopted = adopted_sheets(root).filter(|s| s != style);
                let _ = js_sys::Reflect::set(
                    root,
                    &ADOPTED.into(),
                    &adopted.collect::<js_sys::Array>(),
                );
            }
        }
    });
}

const ADOPTED: &str = "adoptedStyleSheets";

/// The style sheets a document or shadow root has adopted.
fn adopted_sheets(root: &web_sys::Node) -> impl Iterator<Item = JsValue> {
    js_sys::Reflect::get(root, &ADOPTED.into())
        .ok()
        .and_then(|a| a.dyn_into::<js_sys::Array>().ok())
        .map(|a| a.to_vec())
        .unwrap_or_default()
        .into_iter()
}

/// Adopts the game's stylesheet in the document or shadow root that holds `host`, once;
/// returns that root.
pub fn adopt(host: &HtmlElement) -> Result<web_sys::Node, JsValue> {
    let root = host.get_root_node();
    SHEET.with(|sheet| {
        let mut sheet = sheet.borrow_mut();
        if sheet.is_none() {
            let style = web_sys::CssStyleSheet::new()?;
            style.replace_sync(CSS)?;
            *sheet = Some((style, Vec::new()));
        }
        let Some((style, roots)) = sheet.as_mut() else {
            return Ok(root);
        };
        match roots.iter_mut().find(|(r, _)| *r == root) {
            Some((_, games)) => *games += 1,
            None => {
                let adopted: js_sys::Array = adopted_sheets(&root).collect();
                adopted.push(style);
                js_sys::Reflect::set(&root, &ADOPTED.into(), &adopted)?;
                roots.push((root.clone(), 1));
            }
        }
        Ok(root)
    })
}
