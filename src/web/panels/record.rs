//! The record's disclosure: wins, losses and draws against the computer at each level, and
//! Reset record (which asks for a second press); the recent online games, each a button
//! that opens it in the review.

use crate::solver::Level;
use crate::ui::stats::RecordView;
use crate::ui::text::Key;
use crate::ui::text::Texts;
use crate::ui::Command;
use crate::web::dom::{append, attr, bool_attr, button, el, set_attr, set_hidden, text};
use crate::web::labels::Labels;
use crate::web::panels::Listener;
use crate::web::parts::{disclosure, heading_row};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlButtonElement, HtmlDetailsElement, HtmlElement};

pub struct RecordPanel {
    pub details: HtmlDetailsElement,
    /// Which board the record is for: "On the 8 × 7 board".
    board: HtmlElement,
    /// Each level's row and its five cells.
    rows: Vec<(HtmlElement, [HtmlElement; 5])>,
    reset: HtmlButtonElement,
    /// The recent online games: their heading and list (a button each).
    played: HtmlElement,
    played_list: HtmlElement,
    /// What the list shows (how many, and its first and last lines), to build it again
    /// only when it changes.
    shown: std::cell::RefCell<(usize, String, String)>,
}

impl RecordPanel {
    pub fn build(doc: &Document, labels: &mut Labels) -> Result<RecordPanel, JsValue> {
        let (details, pop) = disclosure(doc, labels, "c4-record", Key::record);
        let board: HtmlElement = el(doc, "p", "c4-record-board");
        append(&pop, &board);
        let grid: HtmlElement = el(doc, "table", "");
        let caption: HtmlElement = el(doc, "caption", "");
        labels.text(&caption, Key::record_caption);
        append(&grid, &caption);
        let head = heading_row(
            doc,
            labels,
            &[
                Key::record_level,
                Key::record_wins,
                Key::record_losses,
                Key::record_draws,
                Key::record_helped,
            ],
        );
        append(&grid, &head);
        let mut rows = Vec::new();
        // A row for each level, and one for the games against a friend online.
        for _ in 0..=Level::ALL.len() {
            let tr: HtmlElement = el(doc, "tr", "");
            let th: HtmlElement = el(doc, "th", "");
            attr(&th, "scope", "row");
            append(&tr, &th);
            let mut row = vec![th];
            for _ in 0..4 {
                let td: HtmlElement = el(doc, "td", "");
                append(&tr, &td);
                row.push(td);
            }
            append(&grid, &tr);
            rows.push((tr, row.try_into().map_err(|_| "five cells")?));
        }
        // Its text says whether a second press is awaited: set with the record.
        let reset = button(doc, "c4-btn", "");
        append(&pop, &grid);
        append(&pop, &reset);
        let played: HtmlElement = el(doc, "div", "c4-played");
        let heading: HtmlElement = el(doc, "h3", "");
        labels.text(&heading, Key::played_heading);
        let played_list: HtmlElement = el(doc, "ol", "");
        append(&played, &heading);
        append(&played, &played_list);
        append(&pop, &played);
        Ok(RecordPanel {
            details,
            board,
            rows,
            reset,
            played,
            played_list,
            shown: Default::default(),
        })
    }

    /// What the panel listens to, and the commands it gives.
    pub fn listeners(&self) -> Vec<Listener> {
        vec![
            Listener::click(&self.reset, Command::ResetRecord),
            // A game of the list, by its button's place.
            Listener {
                target: self.played_list.clone(),
                event: "click",
                read: Box::new(|event| {
                    let target: web_sys::Element = event.target()?.dyn_into().ok()?;
                    let i = target.closest("button").ok()??.get_attribute("data-i")?;
                    let i = crate::ui::fields::number(&i).ok()?;
                    Some(Command::ReviewPlayed(i as usize))
                }),
            },
        ]
    }

    pub fn apply(&self, record: &RecordView, texts: &Texts) {
        let label = if record.armed {
            &texts.confirm_reset()
        } else {
            &texts.reset_record()
        };
        text(&self.reset, label);
        text(&self.board, &record.board);
        // The levels' rows, in order; a level the board does not offer has none.
        for (i, (tr, cells)) in self.rows.iter().enumerate() {
            let row = record.rows.get(i);
            set_hidden(tr, row.is_none());
            for (cell, value) in cells.iter().zip(row.into_iter().flatten()) {
                text(cell, value);
            }
        }
        // aria-disabled, not disabled: the button keeps the focus once pressed.
        set_attr(&self.reset, "aria-disabled", bool_attr(record.empty));
        set_hidden(&self.played, record.played.is_empty());
        let first_last = |i: Option<&String>| i.cloned().unwrap_or_default();
        let shown = (
            record.played.len(),
            first_last(record.played.first()),
            first_last(record.played.last()),
        );
        if *self.shown.borrow() != shown {
            self.played_list.set_text_content(None);
            let Some(doc) = self.played_list.owner_document() else {
                return;
            };
            for (i, line) in record.played.iter().enumerate() {
                let li: HtmlElement = el(&doc, "li", "");
                let b = button(&doc, "c4-btn c4-played-game", line);
                set_attr(&b, "data-i", &i.to_string());
                append(&li, &b);
                append(&self.played_list, &li);
            }
            *self.shown.borrow_mut() = shown;
        }
    }
}
