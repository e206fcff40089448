//! Small helpers for building DOM nodes.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlButtonElement, HtmlElement};

pub fn el<T: JsCast>(doc: &Document, tag: &str, class: &str) -> Result<T, JsValue> {
    let e = doc.create_element(tag)?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    e.dyn_into::<T>()
        .map_err(|_| JsValue::from_str("unexpected element type"))
}

pub fn attr(e: &Element, name: &str, value: &str) -> Result<(), JsValue> {
    e.set_attribute(name, value)
}

pub fn text(e: &Element, s: &str) {
    if e.text_content().as_deref() != Some(s) {
        e.set_text_content(Some(s));
    }
}

pub fn append(parent: &Element, child: &Element) -> Result<(), JsValue> {
    parent.append_child(child).map(|_| ())
}

pub fn set_hidden(e: &HtmlElement, hidden: bool) {
    if e.hidden() != hidden {
        e.set_hidden(hidden);
    }
}

/// Sets an attribute only when it changes, so assistive technology hears real changes only.
pub fn set_attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        // Setting a plain attribute on a live element cannot fail for valid names.
        let _ = e.set_attribute(name, value);
    }
}

/// A `type="button"` button with `class` and the text `label`.
pub fn button(doc: &Document, class: &str, label: &str) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = el(doc, "button", class)?;
    b.set_type("button");
    b.set_text_content(Some(label));
    Ok(b)
}

/// Whether what `same` compares has changed since `old` was shown (always, when nothing
/// was): a view touches only the parts of the DOM whose part of the mirror changed.
pub fn changed<T>(old: Option<&T>, same: impl Fn(&T) -> bool) -> bool {
    old.is_none_or(|o| !same(o))
}

/// An ARIA or data attribute's boolean value.
pub fn bool_attr(on: bool) -> &'static str {
    if on {
        "true"
    } else {
        "false"
    }
}

/// The SVG namespace, for icons and the review's chart.
pub const SVG: &str = "http://www.w3.org/2000/svg";
