//! The DOM of what surrounds a game: the review (steps, slider, chart, table of moves), the
//! puzzle being played, the puzzles' list, the record, and the notice line. Built once, then
//! brought in line with each [`Mirror`], touching only what changed.

use super::dom::{append, attr, bool_attr, button, el, set_attr, set_hidden, text};
use super::labels::Labels;
use crate::ui::mirror::{Bar, Mirror};
use crate::ui::puzzle::{self, Solved, MAX_MOVES, MIN_MOVES};
use crate::ui::text::Texts;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, HtmlButtonElement, HtmlDetailsElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement,
};

const SVG: &str = "http://www.w3.org/2000/svg";

pub struct Panels {
    /// The review, shown in the controls' place.
    pub review: HtmlElement,
    review_line: HtmlElement,
    pub first: HtmlButtonElement,
    pub previous: HtmlButtonElement,
    pub next: HtmlButtonElement,
    pub last: HtmlButtonElement,
    pub slider: HtmlInputElement,
    chart: Element,
    chart_box: HtmlElement,
    /// The table of moves' disclosure.
    pub table: HtmlDetailsElement,
    table_body: HtmlElement,
    pub play_from_here: HtmlButtonElement,
    pub review_back: HtmlButtonElement,
    /// Copy link, in the review (shown on pages with share links).
    pub review_link: HtmlButtonElement,
    /// The puzzle, shown in the controls' place.
    pub puzzle: HtmlElement,
    puzzle_line: HtmlElement,
    pub retry: HtmlButtonElement,
    pub next_puzzle: HtmlButtonElement,
    pub puzzle_back: HtmlButtonElement,
    /// The puzzles' disclosure.
    pub puzzles: HtmlDetailsElement,
    pub daily: HtmlButtonElement,
    pub puzzle_select: HtmlSelectElement,
    pub start_puzzle: HtmlButtonElement,
    puzzles_solved: HtmlElement,
    /// The record's disclosure.
    pub record: HtmlDetailsElement,
    record_cells: Vec<[HtmlElement; 4]>,
    pub reset_record: HtmlButtonElement,
    /// Why a link was refused.
    notice: HtmlElement,
}

/// A button with an icon (an SVG path in a 24-unit box) and a spoken name.
fn step(
    doc: &Document,
    labels: &mut Labels,
    path: &str,
    name: fn(&Texts) -> String,
) -> Result<HtmlButtonElement, JsValue> {
    let b = button(doc, "c4-btn c4-step", "")?;
    let svg = doc.create_element_ns(Some(SVG), "svg")?;
    attr(&svg, "viewBox", "0 0 24 24")?;
    attr(&svg, "aria-hidden", "true")?;
    let icon = doc.create_element_ns(Some(SVG), "path")?;
    attr(&icon, "d", path)?;
    append(&svg, &icon)?;
    append(&b, &svg)?;
    labels.attr(&b, "aria-label", name);
    labels.attr(&b, "title", name);
    Ok(b)
}

/// A disclosure in the "more" row: its summary, and the floating panel it opens.
fn disclosure(
    doc: &Document,
    labels: &mut Labels,
    class: &str,
    summary: fn(&Texts) -> String,
) -> Result<(HtmlDetailsElement, HtmlElement), JsValue> {
    let details: HtmlDetailsElement = el(doc, "details", &format!("c4-disclosure {class}"))?;
    let head: HtmlElement = el(doc, "summary", "")?;
    labels.text(&head, summary);
    let pop: HtmlElement = el(doc, "div", "c4-pop")?;
    append(&details, &head)?;
    append(&details, &pop)?;
    Ok((details, pop))
}

/// A table's row of column headings.
fn heading_row(
    doc: &Document,
    labels: &mut Labels,
    headings: &[fn(&Texts) -> String],
) -> Result<HtmlElement, JsValue> {
    let row: HtmlElement = el(doc, "tr", "")?;
    for &heading in headings {
        let th: HtmlElement = el(doc, "th", "")?;
        attr(&th, "scope", "col")?;
        labels.text(&th, heading);
        append(&row, &th)?;
    }
    Ok(row)
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
        let notice: HtmlElement = el(doc, "p", "c4-notice")?;
        notice.set_hidden(true);
        dock.prepend_with_node_1(&notice)?;

        // The review.
        let review: HtmlElement = el(doc, "section", "c4-review")?;
        labels.attr(&review, "aria-label", |t| t.review.clone());
        review.set_hidden(true);
        let review_line: HtmlElement = el(doc, "p", "c4-review-line")?;
        let steps: HtmlElement = el(doc, "div", "c4-steps")?;
        attr(&steps, "role", "group")?;
        labels.attr(&steps, "aria-label", |t| t.review.clone());
        let first = step(doc, labels, "M6 5h2.5v14H6zM19 5v14L9 12z", |t| {
            t.first_move.clone()
        })?;
        let previous = step(doc, labels, "M17 5v14L6 12z", |t| t.previous_move.clone())?;
        let slider: HtmlInputElement = el(doc, "input", "c4-slider")?;
        slider.set_type("range");
        slider.set_min("0");
        slider.set_step("1");
        labels.attr(&slider, "aria-label", |t| t.review_slider.clone());
        let next = step(doc, labels, "M7 5v14l11-7z", |t| t.next_move.clone())?;
        let last = step(doc, labels, "M18 5h-2.5v14H18zM5 5v14l10-7z", |t| {
            t.last_move.clone()
        })?;
        for part in [&first, &previous] {
            append(&steps, part)?;
        }
        append(&steps, &slider)?;
        for part in [&next, &last] {
            append(&steps, part)?;
        }
        let chart_box: HtmlElement = el(doc, "figure", "c4-chart")?;
        let chart = doc.create_element_ns(Some(SVG), "svg")?;
        attr(&chart, "aria-hidden", "true")?;
        attr(&chart, "preserveAspectRatio", "none")?;
        let caption: HtmlElement = el(doc, "figcaption", "c4-help")?;
        labels.text(&caption, |t| t.review_chart.clone());
        append(&chart_box, &chart)?;
        append(&chart_box, &caption)?;
        // The table floats over the game when opened, like the other disclosures.
        let (table, table_pop) = disclosure(doc, labels, "c4-moves", |t| t.review_table.clone())?;
        let grid: HtmlElement = el(doc, "table", "")?;
        let head: HtmlElement = el(doc, "thead", "")?;
        let row = heading_row(
            doc,
            labels,
            &[
                |t| t.table_move.clone(),
                |t| t.table_player.clone(),
                |t| t.table_column.clone(),
                |t| t.table_rating.clone(),
                |t| t.table_after.clone(),
            ],
        )?;
        append(&head, &row)?;
        let table_body: HtmlElement = el(doc, "tbody", "")?;
        append(&grid, &head)?;
        append(&grid, &table_body)?;
        append(&table_pop, &grid)?;
        let actions: HtmlElement = el(doc, "div", "c4-actions")?;
        let play_from_here = button(doc, "c4-btn c4-primary", "")?;
        labels.text(&play_from_here, |t| t.play_from_here.clone());
        let review_back = button(doc, "c4-btn", "")?;
        labels.text(&review_back, |t| t.back.clone());
        append(&actions, &play_from_here)?;
        append(&actions, &review_back)?;
        // Copy link, for the review at the move shown (the controls are hidden meanwhile).
        let review_link = button(doc, "c4-btn c4-link", "")?;
        labels.text(&review_link, |t| t.copy_link.clone());
        append(&actions, &review_link)?;
        for part in [&review_line, &steps, &actions, &chart_box] {
            append(&review, part)?;
        }
        append(&review, &table)?;
        append(dock, &review)?;

        // The puzzle.
        let puzzle: HtmlElement = el(doc, "section", "c4-puzzle")?;
        labels.attr(&puzzle, "aria-label", |t| t.puzzles.clone());
        puzzle.set_hidden(true);
        let puzzle_line: HtmlElement = el(doc, "p", "c4-puzzle-line")?;
        let actions: HtmlElement = el(doc, "div", "c4-actions")?;
        let retry = button(doc, "c4-btn", "")?;
        labels.text(&retry, |t| t.retry.clone());
        let next_puzzle = button(doc, "c4-btn", "")?;
        labels.text(&next_puzzle, |t| t.next_puzzle.clone());
        let puzzle_back = button(doc, "c4-btn", "")?;
        labels.text(&puzzle_back, |t| t.back.clone());
        for part in [&retry, &next_puzzle, &puzzle_back] {
            append(&actions, part)?;
        }
        append(&puzzle, &puzzle_line)?;
        append(&puzzle, &actions)?;
        append(dock, &puzzle)?;

        // The puzzles' list.
        let (puzzles, pop) = disclosure(doc, labels, "c4-puzzles", |t| t.puzzles.clone())?;
        let daily = button(doc, "c4-btn c4-primary", "")?;
        labels.text(&daily, |t| t.daily_puzzle.clone());
        let pick: HtmlElement = el(doc, "label", "c4-pick")?;
        let pick_text: HtmlElement = el(doc, "span", "")?;
        labels.text(&pick_text, |t| t.puzzle_list.clone());
        let puzzle_select: HtmlSelectElement = el(doc, "select", "")?;
        append(&pick, &pick_text)?;
        append(&pick, &puzzle_select)?;
        let start_puzzle = button(doc, "c4-btn", "")?;
        labels.text(&start_puzzle, |t| t.start_puzzle.clone());
        let puzzles_solved: HtmlElement = el(doc, "p", "c4-help")?;
        for part in [&daily, &pick, &start_puzzle, &puzzles_solved] {
            append(&pop, part)?;
        }
        append(more, &puzzles)?;

        // The record.
        let (record, pop) = disclosure(doc, labels, "c4-record", |t| t.record.clone())?;
        let grid: HtmlElement = el(doc, "table", "")?;
        let caption: HtmlElement = el(doc, "caption", "")?;
        labels.text(&caption, |t| t.record_caption.clone());
        append(&grid, &caption)?;
        let head = heading_row(
            doc,
            labels,
            &[
                |t| t.record_level.clone(),
                |t| t.record_wins.clone(),
                |t| t.record_losses.clone(),
                |t| t.record_draws.clone(),
            ],
        )?;
        append(&grid, &head)?;
        let mut record_cells = Vec::new();
        for _ in crate::solver::Level::ALL {
            let tr: HtmlElement = el(doc, "tr", "")?;
            let th: HtmlElement = el(doc, "th", "")?;
            attr(&th, "scope", "row")?;
            append(&tr, &th)?;
            let mut cells = vec![th];
            for _ in 0..3 {
                let td: HtmlElement = el(doc, "td", "")?;
                append(&tr, &td)?;
                cells.push(td);
            }
            append(&grid, &tr)?;
            record_cells.push(cells.try_into().map_err(|_| "four cells")?);
        }
        // Its text says whether a second press is awaited: set with the record.
        let reset_record = button(doc, "c4-btn", "")?;
        append(&pop, &grid)?;
        append(&pop, &reset_record)?;
        append(more, &record)?;

        Ok(Panels {
            review,
            review_line,
            first,
            previous,
            next,
            last,
            slider,
            chart,
            chart_box,
            table,
            table_body,
            play_from_here,
            review_back,
            review_link,
            puzzle,
            puzzle_line,
            retry,
            next_puzzle,
            puzzle_back,
            puzzles,
            daily,
            puzzle_select,
            start_puzzle,
            puzzles_solved,
            record,
            record_cells,
            reset_record,
            notice,
        })
    }

    /// Brings the panels in line with `m`, given what `old` showed.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>, texts: &Texts) -> Result<(), JsValue> {
        let doc = self.review.owner_document().ok_or("no document")?;
        let changed = |f: &dyn Fn(&Mirror) -> bool| old.is_none_or(|o| !f(o));
        if changed(&|o| o.notice == m.notice) {
            text(&self.notice, m.notice.as_deref().unwrap_or_default());
            set_hidden(&self.notice, m.notice.is_none());
        }
        if changed(&|o| o.review == m.review) {
            set_hidden(&self.review, m.review.is_none());
            if let Some(r) = &m.review {
                text(&self.review_line, &r.line);
                set_attr(&self.review, "data-ready", bool_attr(r.ready));
                self.slider.set_max(&r.len.to_string());
                let value = r.at.to_string();
                if self.slider.value() != value {
                    self.slider.set_value(&value);
                }
                set_attr(&self.slider, "aria-valuetext", &r.position);
                // aria-disabled, not disabled: a button pressed to the end keeps the focus
                // (and its arrow keys).
                set_attr(&self.first, "aria-disabled", bool_attr(r.at == 0));
                set_attr(&self.previous, "aria-disabled", bool_attr(r.at == 0));
                set_attr(&self.next, "aria-disabled", bool_attr(r.at == r.len));
                set_attr(&self.last, "aria-disabled", bool_attr(r.at == r.len));
                let old_review = old.and_then(|o| o.review.as_ref());
                if old_review.is_none_or(|o| o.bars != r.bars) {
                    self.draw_chart(&doc, &r.bars)?;
                }
                if old_review.is_none_or(|o| o.rows != r.rows) {
                    self.fill_table(&doc, &r.rows)?;
                }
                set_hidden(&self.chart_box, !r.ready);
                set_hidden(self.table.unchecked_ref(), !r.ready);
            }
        }
        if changed(&|o| o.puzzle == m.puzzle) {
            set_hidden(&self.puzzle, m.puzzle.is_none());
            if let Some(p) = &m.puzzle {
                text(&self.puzzle_line, &p.line);
                let state = if p.solved {
                    "solved"
                } else if p.failed {
                    "failed"
                } else {
                    "playing"
                };
                set_attr(&self.puzzle, "data-state", state);
            }
        }
        if changed(&|o| o.solved == m.solved && o.texts_version == m.texts_version) {
            self.fill_puzzles(&doc, &m.solved, texts)?;
        }
        if changed(&|o| o.puzzles_solved == m.puzzles_solved) {
            text(&self.puzzles_solved, &m.puzzles_solved);
        }
        if changed(&|o| {
            o.record == m.record
                && o.reset_armed == m.reset_armed
                && o.texts_version == m.texts_version
        }) {
            let label = if m.reset_armed {
                &texts.confirm_reset
            } else {
                &texts.reset_record
            };
            text(&self.reset_record, label);
            for (cells, row) in self.record_cells.iter().zip(&m.record) {
                for (cell, value) in cells.iter().zip(row) {
                    text(cell, value);
                }
            }
            // aria-disabled, not disabled: the button keeps the focus once pressed.
            set_attr(
                &self.reset_record,
                "aria-disabled",
                bool_attr(m.record_empty),
            );
        }
        Ok(())
    }

    /// The chart: a bar per move, up for Red and down for Yellow, taller the sooner the
    /// win; a dot over each mistake; the move shown outlined.
    fn draw_chart(&self, doc: &Document, bars: &[Bar]) -> Result<(), JsValue> {
        self.chart.set_text_content(None);
        let n = bars.len().max(1);
        attr(&self.chart, "viewBox", &format!("0 -1.15 {n} 2.3"))?;
        let axis = doc.create_element_ns(Some(SVG), "line")?;
        for (name, value) in [
            ("x1", "0"),
            ("y1", "0"),
            ("x2", &n.to_string()),
            ("y2", "0"),
            ("class", "c4-axis"),
        ] {
            attr(&axis, name, value)?;
        }
        append(&self.chart, &axis)?;
        for (i, bar) in bars.iter().enumerate() {
            let height = bar.height.abs().max(0.06);
            let top = if bar.height > 0.0 {
                -height
            } else if bar.height < 0.0 {
                0.0
            } else {
                -0.03
            };
            let class = match bar.height {
                h if h > 0.0 => "c4-bar-red",
                h if h < 0.0 => "c4-bar-yellow",
                _ => "c4-bar-draw",
            };
            let rect = doc.create_element_ns(Some(SVG), "rect")?;
            let shown = if bar.shown { " c4-shown" } else { "" };
            for (name, value) in [
                ("x", format!("{}", i as f64 + 0.12)),
                ("y", format!("{top}")),
                ("width", "0.76".to_owned()),
                (
                    "height",
                    format!("{}", if bar.height == 0.0 { 0.06 } else { height }),
                ),
                ("class", format!("{class}{shown}")),
            ] {
                attr(&rect, name, &value)?;
            }
            append(&self.chart, &rect)?;
            if bar.mistake {
                // A marker on the other side of the line from the bar.
                let dot = doc.create_element_ns(Some(SVG), "rect")?;
                let y = if bar.height > 0.0 { 0.08 } else { -0.36 };
                for (name, value) in [
                    ("x", format!("{}", i as f64 + 0.22)),
                    ("y", format!("{y}")),
                    ("width", "0.56".to_owned()),
                    ("height", "0.28".to_owned()),
                    ("rx", "0.14".to_owned()),
                    ("class", "c4-mistake".to_owned()),
                ] {
                    attr(&dot, name, &value)?;
                }
                append(&self.chart, &dot)?;
            }
        }
        Ok(())
    }

    fn fill_table(&self, doc: &Document, rows: &[[String; 5]]) -> Result<(), JsValue> {
        self.table_body.set_text_content(None);
        for row in rows {
            let tr: HtmlElement = el(doc, "tr", "")?;
            for (i, value) in row.iter().enumerate() {
                let cell: HtmlElement = el(doc, if i == 0 { "th" } else { "td" }, "")?;
                if i == 0 {
                    attr(&cell, "scope", "row")?;
                }
                cell.set_text_content(Some(value));
                append(&tr, &cell)?;
            }
            append(&self.table_body, &tr)?;
        }
        Ok(())
    }

    /// The puzzles' list, by difficulty, each marked once solved; the choice is kept.
    fn fill_puzzles(&self, doc: &Document, solved: &Solved, texts: &Texts) -> Result<(), JsValue> {
        let chosen = self.puzzle_select.value();
        self.puzzle_select.set_text_content(None);
        for n in MIN_MOVES..=MAX_MOVES {
            let group = doc.create_element("optgroup")?;
            attr(
                &group,
                "label",
                &crate::ui::text::fill(&texts.win_in_group, &[("n", &n.to_string())]),
            )?;
            for p in puzzle::all().iter().filter(|p| p.moves == n) {
                let option = doc.create_element("option")?;
                attr(&option, "value", &p.id.to_string())?;
                option.set_text_content(Some(&texts.puzzle_item_text(p, solved.contains(p.id))));
                append(&group, &option)?;
            }
            append(&self.puzzle_select, &group)?;
        }
        if !chosen.is_empty() {
            self.puzzle_select.set_value(&chosen);
        }
        Ok(())
    }
}
