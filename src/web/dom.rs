//! Small helpers for building DOM nodes.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlButtonElement, HtmlElement, Node};

#[wasm_bindgen]
extern "C" {
    // The DOM calls that build the game, without a catch: they throw only for a bad tag or
    // attribute name or a child that cannot go there, and the game passes none (its names
    // are constants). Each `?` after a call that can fail costs the module the code to
    // undo everything built before it: these never fail, so none is needed.
    type Raw;
    #[wasm_bindgen(method, js_name = createElement)]
    fn create(this: &Raw, tag: &str) -> Element;
    #[wasm_bindgen(method, js_name = createElementNS)]
    fn create_ns(this: &Raw, namespace: &str, tag: &str) -> Element;
    #[wasm_bindgen(method, js_name = setAttribute)]
    fn set(this: &Raw, name: &str, value: &str);
    #[wasm_bindgen(method, js_name = appendChild)]
    fn add(this: &Raw, child: &Node);
    #[wasm_bindgen(method, getter)]
    fn style(this: &Raw) -> Raw;
    #[wasm_bindgen(method, getter, js_name = classList)]
    fn class_list(this: &Raw) -> Raw;
    #[wasm_bindgen(method, js_name = setProperty)]
    fn set_property(this: &Raw, name: &str, value: &str);
    #[wasm_bindgen(method, js_name = add)]
    fn add_token(this: &Raw, token: &str);
}

/// Sets the CSS property `name` (a custom one too) on `e`'s own style, through the CSSOM
/// (a strict CSP refuses a `style` attribute).
pub fn set_style(e: &Element, name: &str, value: &str) {
    raw(e).style().set_property(name, value);
}

/// Adds `class` to `e`'s classes.
pub fn add_class(e: &Element, class: &str) {
    raw(e).class_list().add_token(class);
}

fn raw(value: &JsValue) -> &Raw {
    value.unchecked_ref()
}

/// A new `tag` element of `class` (none if empty). `T` must be the tag's element type.
pub fn el<T: JsCast>(doc: &Document, tag: &str, class: &str) -> T {
    let e = raw(doc).create(tag);
    if !class.is_empty() {
        e.set_class_name(class);
    }
    e.unchecked_into::<T>()
}

/// A new SVG element (an icon's, the review chart's).
pub fn svg(doc: &Document, tag: &str) -> Element {
    raw(doc).create_ns(SVG, tag)
}

pub fn attr(e: &Element, name: &str, value: &str) {
    raw(e).set(name, value);
}

pub fn text(e: &Element, s: &str) {
    if e.text_content().as_deref() != Some(s) {
        e.set_text_content(Some(s));
    }
}

pub fn append(parent: &Element, child: &Element) {
    raw(parent).add(child);
}

pub fn set_hidden(e: &HtmlElement, hidden: bool) {
    if e.hidden() != hidden {
        e.set_hidden(hidden);
    }
}

/// Sets an attribute only when it changes, so assistive technology hears real changes only.
pub fn set_attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        attr(e, name, value);
    }
}

/// A `type="button"` button with `class` and the text `label`.
pub fn button(doc: &Document, class: &str, label: &str) -> HtmlButtonElement {
    let b: HtmlButtonElement = el(doc, "button", class);
    b.set_type("button");
    b.set_text_content(Some(label));
    b
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
