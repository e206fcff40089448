//! The puzzle's panel, in the controls' place while a puzzle is played (its line, Retry,
//! Next puzzle, Back), and the puzzles' disclosure: today's puzzle, and the list by
//! difficulty, each marked once solved.

use crate::ui::mirror::Mirror;
use crate::ui::puzzle::{self, PuzzleChoice, PuzzleView, Solved, MAX_MOVES, MIN_MOVES};
use crate::ui::text::Key;
use crate::ui::text::{fill, Texts};
use crate::ui::Command;
use crate::web::dom::{append, attr, changed, el, set_attr, set_hidden, text};
use crate::web::labels::Labels;
use crate::web::panels::Listener;
use crate::web::parts::{disclosure, text_button};
use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlDetailsElement, HtmlElement, HtmlSelectElement};

use crate::web::convert::today;

pub struct PuzzlePanel {
    pub section: HtmlElement,
    line: HtmlElement,
    retry: HtmlButtonElement,
    answer: HtmlButtonElement,
    pub next: HtmlButtonElement,
    back: HtmlButtonElement,
    /// The puzzles' disclosure.
    pub list: HtmlDetailsElement,
    pub daily: HtmlButtonElement,
    pub select: HtmlSelectElement,
    pub start: HtmlButtonElement,
    solved: HtmlElement,
}

impl PuzzlePanel {
    pub fn build(doc: &Document, labels: &mut Labels) -> Result<PuzzlePanel, JsValue> {
        let section: HtmlElement = el(doc, "section", "c4-puzzle");
        labels.attr(&section, "aria-label", Key::puzzles);
        section.set_hidden(true);
        let line: HtmlElement = el(doc, "p", "c4-puzzle-line");
        let actions: HtmlElement = el(doc, "div", "c4-actions");
        let retry = text_button(doc, labels, "c4-btn", Key::retry);
        let answer = text_button(doc, labels, "c4-btn", Key::show_answer);
        answer.set_hidden(true);
        let next = text_button(doc, labels, "c4-btn", Key::next_puzzle);
        let back = text_button(doc, labels, "c4-btn", Key::back);
        for part in [&retry, &answer, &next, &back] {
            append(&actions, part);
        }
        append(&section, &line);
        append(&section, &actions);

        let (list, pop) = disclosure(doc, labels, "c4-puzzles", Key::puzzles);
        let daily = text_button(doc, labels, "c4-btn c4-primary", Key::daily_puzzle);
        let pick: HtmlElement = el(doc, "label", "c4-pick");
        let pick_text: HtmlElement = el(doc, "span", "");
        labels.text(&pick_text, Key::puzzle_list);
        let select: HtmlSelectElement = el(doc, "select", "");
        append(&pick, &pick_text);
        append(&pick, &select);
        let start = text_button(doc, labels, "c4-btn", Key::start_puzzle);
        let solved: HtmlElement = el(doc, "p", "c4-help");
        for part in [&daily, &pick, &start, &solved] {
            append(&pop, part);
        }
        Ok(PuzzlePanel {
            section,
            line,
            retry,
            answer,
            next,
            back,
            list,
            daily,
            select,
            start,
            solved,
        })
    }

    /// The next puzzle, while a puzzle shows.
    pub fn main_control(&self) -> Option<&HtmlElement> {
        (!self.section.hidden()).then(|| self.next.as_ref())
    }

    /// What the panel listens to, and the commands it gives.
    pub fn listeners(&self) -> Vec<Listener> {
        let select = self.select.clone();
        vec![
            Listener::click(&self.retry, Command::Retry),
            Listener::click(&self.answer, Command::ShowAnswer),
            Listener::click(&self.next, Command::Puzzle(PuzzleChoice::Next)),
            Listener::click(&self.back, Command::Back),
            Listener {
                target: self.daily.clone().into(),
                event: "click",
                read: Box::new(|_| Some(Command::Puzzle(PuzzleChoice::Daily(today())))),
            },
            Listener {
                target: self.start.clone().into(),
                event: "click",
                read: Box::new(move |_| {
                    let id = select.value().parse().ok()?;
                    Some(Command::Puzzle(PuzzleChoice::Id(id)))
                }),
            },
        ]
    }

    /// Shows the puzzle in `m` (hidden while none is played) and the list, given what `old`
    /// showed.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>, texts: &Texts) -> Result<(), JsValue> {
        if changed(old, |o| o.puzzle == m.puzzle) {
            self.show(m.puzzle.as_ref());
        }
        if changed(old, |o| {
            o.solved == m.solved && o.texts_version == m.texts_version
        }) {
            let doc = self.section.owner_document().ok_or("no document")?;
            self.fill_list(&doc, &m.solved, texts)?;
        }
        if changed(old, |o| o.puzzles_solved == m.puzzles_solved) {
            text(&self.solved, &m.puzzles_solved);
        }
        Ok(())
    }

    fn show(&self, puzzle: Option<&PuzzleView>) {
        set_hidden(&self.section, puzzle.is_none());
        if let Some(p) = puzzle {
            text(&self.line, &p.line);
            let state = match (p.solved, p.failed) {
                (true, _) => "solved",
                (_, true) => "failed",
                _ => "playing",
            };
            set_attr(&self.section, "data-state", state);
            set_hidden(&self.answer, !p.can_show_answer);
        }
    }

    /// The puzzles' list, by difficulty, each marked once solved; the choice is kept.
    fn fill_list(&self, doc: &Document, solved: &Solved, texts: &Texts) -> Result<(), JsValue> {
        let chosen = self.select.value();
        self.select.set_text_content(None);
        for n in MIN_MOVES..=MAX_MOVES {
            let group = doc.create_element("optgroup")?;
            let label = fill(texts.win_in_group(), &[("n", &n.to_string())]);
            attr(&group, "label", &label);
            for p in puzzle::all().iter().filter(|p| p.moves == n) {
                let option: web_sys::Element = el(doc, "option", "");
                attr(&option, "value", &p.id.to_string());
                option.set_text_content(Some(&texts.puzzle_item_text(p, solved.contains(p.id))));
                append(&group, &option);
            }
            append(&self.select, &group);
        }
        if !chosen.is_empty() {
            self.select.set_value(&chosen);
        }
        Ok(())
    }
}
