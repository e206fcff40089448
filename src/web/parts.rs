//! Labelled parts the game's views share: each part's texts come from the [`Texts`] and
//! change with them (see [`Labels`]).

use super::dom::{append, attr, button, el, svg};
use super::labels::Labels;
use crate::ui::text::Key;
use web_sys::{Document, HtmlButtonElement, HtmlDetailsElement, HtmlElement, HtmlInputElement};

/// A disclosure in the "more" row: its summary, and the floating panel it opens.
pub fn disclosure(
    doc: &Document,
    labels: &mut Labels,
    class: &str,
    summary: Key,
) -> (HtmlDetailsElement, HtmlElement) {
    let details: HtmlDetailsElement = el(doc, "details", &format!("c4-disclosure {class}"));
    let head: HtmlElement = el(doc, "summary", "");
    labels.text(&head, summary);
    let pop: HtmlElement = el(doc, "div", "c4-pop");
    append(&details, &head);
    append(&details, &pop);
    (details, pop)
}

/// A table's row of column headings.
pub fn heading_row(doc: &Document, labels: &mut Labels, headings: &[Key]) -> HtmlElement {
    let row: HtmlElement = el(doc, "tr", "");
    for &heading in headings {
        let th: HtmlElement = el(doc, "th", "");
        attr(&th, "scope", "col");
        labels.text(&th, heading);
        append(&row, &th);
    }
    row
}

/// A button with an icon (an SVG path in a 24-unit box) and a spoken name.
pub fn icon_button(
    doc: &Document,
    labels: &mut Labels,
    path: &str,
    name: Key,
) -> HtmlButtonElement {
    let b = button(doc, "c4-btn c4-step", "");
    let icon_svg = svg(doc, "svg");
    attr(&icon_svg, "viewBox", "0 0 24 24");
    attr(&icon_svg, "aria-hidden", "true");
    let icon = svg(doc, "path");
    attr(&icon, "d", path);
    append(&icon_svg, &icon);
    append(&b, &icon_svg);
    labels.attr(&b, "aria-label", name);
    labels.attr(&b, "title", name);
    b
}

/// A button with the text `label` (which changes with the texts).
pub fn text_button(
    doc: &Document,
    labels: &mut Labels,
    class: &str,
    label: Key,
) -> HtmlButtonElement {
    let b = button(doc, class, "");
    labels.text(&b, label);
    b
}

/// A checkbox, then its label's text (a span, so that it can change).
pub fn checkbox(
    doc: &Document,
    parent: &HtmlElement,
    labels: &mut Labels,
    label: Key,
) -> HtmlInputElement {
    let input: HtmlInputElement = el(doc, "input", "");
    input.set_type("checkbox");
    append(parent, &input);
    let span: HtmlElement = el(doc, "span", "");
    append(parent, &span);
    labels.text(&span, label);
    input
}
