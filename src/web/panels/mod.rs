//! The DOM of what surrounds a game, one module per activity: the review ([`review`]), the
//! puzzle and the puzzles' list ([`puzzle`]), the online game ([`online`]), the record
//! ([`record`]), and here the notice line. Built once, then brought in line with each
//! [`Mirror`], touching only what changed.

pub mod online;
pub mod puzzle;
pub mod record;
pub mod review;

use super::dom::{append, changed, el, set_hidden, text};
use super::labels::Labels;
use crate::ui::mirror::Mirror;
use crate::ui::text::Texts;
use crate::ui::Command;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Event, HtmlButtonElement, HtmlElement};

/// Reads the command an event means, if any.
pub type Reader = Box<dyn Fn(&Event) -> Option<Command>>;

/// What a panel listens to: an element, an event on it, and the command it means.
pub struct Listener {
    pub target: HtmlElement,
    pub event: &'static str,
    pub read: Reader,
}

impl Listener {
    /// A click on `button` gives `command`.
    pub fn click(button: &HtmlButtonElement, command: Command) -> Listener {
        Listener {
            target: button.clone().into(),
            event: "click",
            read: Box::new(move |_| Some(command)),
        }
    }
}

pub struct Panels {
    pub review: review::ReviewPanel,
    pub puzzle: puzzle::PuzzlePanel,
    pub record: record::RecordPanel,
    pub online: online::OnlinePanel,
    /// Why a link or a puzzle could not be opened.
    notice: HtmlElement,
}

impl Panels {
    /// Builds the panels: the review and the puzzle go into `dock` (beside the controls),
    /// the puzzles' and the record's disclosures into `more`, the notice before the dock's
    /// first child.
    pub fn build(
        doc: &Document,
        labels: &mut Labels,
        dock: &HtmlElement,
        more: &HtmlElement,
    ) -> Result<Panels, JsValue> {
        let notice: HtmlElement = el(doc, "p", "c4-notice");
        notice.set_hidden(true);
        dock.prepend_with_node_1(&notice)?;
        let review = review::ReviewPanel::build(doc, labels)?;
        let puzzle = puzzle::PuzzlePanel::build(doc, labels)?;
        let record = record::RecordPanel::build(doc, labels)?;
        let online = online::OnlinePanel::build(doc, labels)?;
        append(dock, &review.section);
        append(dock, &online.section);
        append(dock, &puzzle.section);
        append(more, &puzzle.list);
        append(more, &record.details);
        Ok(Panels {
            review,
            puzzle,
            record,
            online,
            notice,
        })
    }

    /// What every panel listens to, and the commands it gives.
    pub fn listeners(&self) -> Vec<Listener> {
        let mut listeners = self.review.listeners();
        listeners.extend(self.puzzle.listeners());
        listeners.extend(self.record.listeners());
        listeners.extend(self.online.listeners());
        listeners
    }

    /// The main control of the panel showing: where the focus goes when its activity says
    /// so.
    pub fn main_control(&self) -> Option<&HtmlElement> {
        self.review
            .main_control()
            .or_else(|| self.puzzle.main_control())
            .or_else(|| self.online.main_control())
    }

    /// The panels' parts that take keys as their own, and what keys mean there.
    pub fn key_areas(&self) -> Vec<(HtmlElement, crate::ui::KeyTarget)> {
        self.review.key_areas()
    }

    /// Brings the panels in line with `m`, given what `old` showed.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>, texts: &Texts) -> Result<(), JsValue> {
        if changed(old, |o| o.notice == m.notice) {
            text(&self.notice, m.notice.as_deref().unwrap_or_default());
            set_hidden(&self.notice, m.notice.is_none());
        }
        if changed(old, |o| o.review == m.review) {
            let old_review = old.and_then(|o| o.review.as_ref());
            self.review.apply(m.review.as_ref(), old_review)?;
        }
        self.puzzle.apply(m, old, texts)?;
        if changed(old, |o| o.online == m.online && o.question == m.question) {
            self.online.apply(m.online.as_ref(), m.question.as_ref());
        }
        if changed(old, |o| {
            o.record == m.record && o.texts_version == m.texts_version
        }) {
            self.record.apply(&m.record, texts);
        }
        Ok(())
    }
}
