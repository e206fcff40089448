//! The choice of board size, beside the choice of opponent: a list of common sizes and a
//! custom width and height, the question asked before a new size replaces a game in
//! progress, and the line that says why the top level is not offered on the board.

use super::dom::{append, attr, button, changed, el, set_hidden, text};
use super::labels::{Labels, Text};
use super::parts::text_button;
use crate::engine::Size;
use crate::ui::mirror::Mirror;
use crate::ui::settings::COMMON_SIZES;
use crate::ui::text::Key;
use crate::ui::{Action, Command};
use gloo_events::EventListener;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlSelectElement};

/// The value of the list's last entry, which shows the custom width and height.
const CUSTOM: &str = "custom";

pub struct SizeChoice {
    /// The list of sizes.
    pick: HtmlSelectElement,
    /// The custom width and height, shown for a size not in the list or once "Custom" is
    /// picked.
    custom: HtmlElement,
    columns: HtmlSelectElement,
    rows: HtmlSelectElement,
    /// "Custom" was picked: the width and height stay shown.
    custom_open: Rc<Cell<bool>>,
    /// The question before a new size replaces the game in progress, and its answers.
    ask: HtmlElement,
    question: HtmlElement,
    replace: HtmlButtonElement,
    keep: HtmlButtonElement,
    /// Why the top level is not offered on this board.
    note: HtmlElement,
}

/// A `<select>` of `values` at the end of `parent`, each shown as its text makes it.
fn select(
    doc: &Document,
    parent: &HtmlElement,
    labels: &mut Labels,
    values: impl IntoIterator<Item = (String, Text)>,
) -> Result<HtmlSelectElement, JsValue> {
    let select: HtmlSelectElement = el(doc, "select", "");
    for (value, shown) in values {
        let option: web_sys::Element = el(doc, "option", "");
        attr(&option, "value", &value);
        labels.label(&option, None, shown);
        append(&select, &option);
    }
    append(parent, &select);
    Ok(select)
}

impl SizeChoice {
    /// Builds the choice in `parent` (the main choice), next to its first part, the choice
    /// of opponent; the question and the note go at its end.
    pub fn build(
        doc: &Document,
        parent: &HtmlElement,
        labels: &mut Labels,
    ) -> Result<SizeChoice, JsValue> {
        let row: HtmlElement = el(doc, "div", "c4-size");
        let field: HtmlElement = el(doc, "label", "c4-size-field");
        let caption: HtmlElement = el(doc, "span", "c4-size-label");
        labels.text(&caption, Key::board_size);
        append(&field, &caption);
        let listed = COMMON_SIZES.map(|size| -> (String, Text) {
            (
                size.to_string(),
                Text::Made(Box::new(move |t| t.size_text(size))),
            )
        });
        let custom_entry = Text::Of(Key::custom_size);
        let entries = listed
            .into_iter()
            .chain([(CUSTOM.to_owned(), custom_entry)]);
        let pick = select(doc, &field, labels, entries)?;
        append(&row, &field);
        // The custom width and height: "Columns [9] × Rows [4]".
        let custom: HtmlElement = el(doc, "span", "c4-size-custom");
        let range = || {
            (Size::MIN..=Size::MAX).map(|n| -> (String, Text) {
                (n.to_string(), Text::Made(Box::new(move |_| n.to_string())))
            })
        };
        // Each in its own <label> with a visible caption, which is also its name (as an
        // aria-label, so the name is the caption alone, not the caption and the value).
        let labelled = |labels: &mut Labels, caption: Key| {
            let field: HtmlElement = el(doc, "label", "c4-size-part");
            let name: HtmlElement = el(doc, "span", "c4-size-part-name");
            attr(&name, "aria-hidden", "true");
            labels.text(&name, caption);
            append(&field, &name);
            let pick = select(doc, &field, labels, range())?;
            labels.attr(&pick, "aria-label", caption);
            append(&custom, &field);
            Ok::<_, JsValue>(pick)
        };
        let columns = labelled(labels, Key::columns_label)?;
        let by: HtmlElement = el(doc, "span", "");
        attr(&by, "aria-hidden", "true");
        text(&by, "×");
        append(&custom, &by);
        let rows = labelled(labels, Key::rows_label)?;
        append(&row, &custom);
        let second = parent
            .first_element_child()
            .and_then(|first| first.next_element_sibling());
        parent.insert_before(&row, second.as_ref().map(|e| e.as_ref()))?;

        let ask: HtmlElement = el(doc, "div", "c4-size-ask");
        attr(&ask, "role", "group");
        let question: HtmlElement = el(doc, "p", "");
        // Its text names the size asked about (`apply`).
        let replace = button(doc, "c4-btn c4-primary", "");
        let keep = text_button(doc, labels, "c4-btn", Key::size_keep);
        for part in [&question, replace.as_ref(), keep.as_ref()] {
            append(&ask, part);
        }
        ask.set_hidden(true);
        append(parent, &ask);
        let note: HtmlElement = el(doc, "p", "c4-level-note");
        note.set_hidden(true);
        append(parent, &note);
        Ok(SizeChoice {
            pick,
            custom,
            columns,
            rows,
            custom_open: Rc::new(Cell::new(false)),
            ask,
            question,
            replace,
            keep,
            note,
        })
    }

    /// Brings the choice in line with `m`, given what `old` showed.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>) {
        if changed(old, |o| o.size == m.size) {
            let listed = COMMON_SIZES.contains(&m.size);
            if !listed {
                self.custom_open.set(true);
            }
            self.show_size(m.size);
        }
        if changed(old, |o| o.question == m.question) {
            if let Some((question, replace)) = &m.question {
                text(&self.question, question);
                text(&self.replace, replace);
            }
            set_hidden(&self.ask, m.question.is_none());
        }
        if changed(old, |o| o.level_note == m.level_note) {
            text(&self.note, m.level_note.as_deref().unwrap_or_default());
            set_hidden(&self.note, m.level_note.is_none());
        }
    }

    /// Shows `size` in the list (or as a custom one) and in the width and height.
    fn show_size(&self, size: Size) {
        let custom = self.custom_open.get();
        self.pick.set_value(&match custom {
            true => CUSTOM.to_owned(),
            false => size.to_string(),
        });
        self.columns.set_value(&size.width().to_string());
        self.rows.set_value(&size.height().to_string());
        set_hidden(&self.custom, !custom);
    }

    /// Listens to the choice, handing what it asks for to `send`.
    pub fn listen(&self, send: &Rc<dyn Fn(Action)>) -> Vec<EventListener> {
        let command = |command, focus_selected| Action {
            command,
            focus_selected,
        };
        let (pick, custom, open) = (
            self.pick.clone(),
            self.custom.clone(),
            self.custom_open.clone(),
        );
        let (columns, rows) = (self.columns.clone(), self.rows.clone());
        let s = send.clone();
        let on_pick = EventListener::new(&self.pick, "change", move |_| {
            let value = pick.value();
            open.set(value == CUSTOM);
            set_hidden(&custom, value != CUSTOM);
            // "Custom" shows the width and height, which start at the size shown.
            if let Ok(size) = value.parse::<Size>() {
                s(command(Command::SetSize(size), false));
            }
        });
        let mut listeners = vec![on_pick];
        for field in [&self.columns, &self.rows] {
            let (columns, rows, s) = (columns.clone(), rows.clone(), send.clone());
            listeners.push(EventListener::new(field, "change", move |_| {
                let (w, h) = (columns.value().parse(), rows.value().parse());
                if let (Ok(w), Ok(h)) = (w, h) {
                    if let Ok(size) = Size::new(w, h) {
                        s(command(Command::SetSize(size), false));
                    }
                }
            }));
        }
        for (button, confirmed) in [(&self.replace, true), (&self.keep, false)] {
            let s = send.clone();
            listeners.push(EventListener::new(button, "click", move |_| {
                s(command(Command::Confirm(confirmed), confirmed));
            }));
        }
        listeners
    }
}
