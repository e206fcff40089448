//! The board's view: the canvas the scene is painted on, the column controls over it (the
//! board's accessible part), and the analysis labels above the columns.

use super::convert::px;
use super::dom::{append, attr, bool_attr, button, el, set_attr, set_hidden, set_style, text};
use super::labels::Labels;
use crate::engine::Size;
use crate::ui::layout::{Layout, HEADROOM};
use crate::ui::mirror::Mirror;
use crate::ui::text::Key;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
};

pub struct Board {
    /// The board's size: as many column controls as it has columns.
    pub size: Size,
    pub stage: HtmlElement,
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
    pub columns: HtmlElement,
    pub buttons: Vec<HtmlButtonElement>,
    analysis: HtmlElement,
    /// Each column's label box, with its two lines.
    analysis_cells: Vec<[HtmlElement; 3]>,
}

impl Board {
    /// The board's view, for a board of `size`. It holds a control and a label for the
    /// widest board's every column, and shows as many as the board has ([`Board::resize`]).
    pub fn build(doc: &Document, labels: &mut Labels, size: Size) -> Result<Board, JsValue> {
        let width = Size::MAX;
        let stage: HtmlElement = el(doc, "div", "c4-stage");
        let canvas: HtmlCanvasElement = el(doc, "canvas", "");
        attr(&canvas, "aria-hidden", "true");
        let ctx = canvas
            .get_context("2d")?
            .ok_or("no 2d canvas context")?
            .dyn_into::<CanvasRenderingContext2d>()?;
        let columns: HtmlElement = el(doc, "div", "c4-columns");
        attr(&columns, "role", "group");
        labels.attr(&columns, "aria-label", Key::board);
        let mut buttons = Vec::with_capacity(width);
        for c in 0..width {
            let b = button(doc, "c4-col", &format!("{}", c + 1));
            attr(&b, "data-column", &c.to_string());
            append(&columns, &b);
            buttons.push(b);
        }
        let analysis: HtmlElement = el(doc, "div", "c4-analysis");
        attr(&analysis, "aria-hidden", "true");
        analysis.set_hidden(true);
        labels.attr(&analysis, "data-busy-text", Key::analysing);
        let mut analysis_cells = Vec::with_capacity(width);
        for _ in 0..width {
            let cell: HtmlElement = el(doc, "span", "");
            let word: HtmlElement = el(doc, "b", "");
            let detail: HtmlElement = el(doc, "small", "");
            append(&cell, &word);
            append(&cell, &detail);
            append(&analysis, &cell);
            analysis_cells.push([cell, word, detail]);
        }
        append(&stage, &canvas);
        append(&stage, &analysis);
        append(&stage, &columns);
        // What keeps the board's size sane even without the stylesheet: set through the
        // CSSOM, which a strict Content-Security-Policy allows.
        for (el, rules) in [
            (
                &stage,
                &[
                    ("position", "relative"),
                    ("width", "100%"),
                    ("max-height", "85vh"),
                ][..],
            ),
            (
                canvas.unchecked_ref::<HtmlElement>(),
                &[
                    ("position", "absolute"),
                    ("inset", "0"),
                    ("width", "100%"),
                    ("height", "100%"),
                ][..],
            ),
            (&columns, &[("position", "absolute")][..]),
            (&analysis, &[("position", "absolute")][..]),
        ] {
            for (name, value) in rules {
                set_style(el, name, value);
            }
        }
        let mut board = Board {
            size,
            stage,
            canvas,
            ctx,
            columns,
            buttons,
            analysis,
            analysis_cells,
        };
        board.resize(size)?;
        Ok(board)
    }

    /// Shows a board of `size`: as many column controls and labels as it has columns, in
    /// its shape.
    pub fn resize(&mut self, size: Size) -> Result<(), JsValue> {
        self.size = size;
        let width = size.width();
        for (i, button) in self.buttons.iter().enumerate() {
            set_hidden(button, i >= width);
            if i >= width {
                // Off the board: no control, whatever it said on a wider one.
                set_attr(button, "aria-disabled", "true");
                set_attr(button, "tabindex", "-1");
            }
        }
        for (i, [cell, ..]) in self.analysis_cells.iter().enumerate() {
            set_hidden(cell, i >= width);
        }
        let grid = format!("repeat({width}, 1fr)");
        for el in [&self.columns, &self.analysis] {
            set_style(el, "grid-template-columns", &grid);
        }
        self.stage
            .style()
            .set_property("aspect-ratio", &Layout::aspect_ratio(size))
    }

    /// Brings the column controls and the analysis labels in line with `m`, given what
    /// `old` showed.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>) {
        for (i, (column, button)) in m.columns.iter().zip(&self.buttons).enumerate() {
            if old.is_some_and(|o| o.columns.get(i) == Some(column)) {
                continue;
            }
            set_attr(button, "aria-label", &column.name);
            set_attr(button, "aria-disabled", bool_attr(column.unavailable));
            set_attr(button, "tabindex", if column.selected { "0" } else { "-1" });
            let [cell, word, detail] = &self.analysis_cells[i];
            text(word, &column.label.0);
            text(detail, &column.label.1);
            set_attr(cell, "data-best", bool_attr(column.best));
            set_attr(cell, "data-hinted", bool_attr(column.hinted));
            set_attr(cell, "data-empty", bool_attr(column.label.0.is_empty()));
        }
        set_hidden(&self.analysis, !m.analysis_shown);
        set_attr(&self.analysis, "data-busy", bool_attr(m.analysis_busy));
    }

    /// Sizes the canvas for the stage's size `l` at `dpr`, and lays the column controls and
    /// the analysis labels over the board's columns.
    pub fn fit(&self, l: &Layout, dpr: f64) {
        let (pw, ph) = (
            (l.width * dpr).round() as u32,
            (l.height * dpr).round() as u32,
        );
        if self.canvas.width() != pw || self.canvas.height() != ph {
            self.canvas.set_width(pw);
            self.canvas.set_height(ph);
        }
        let style = place_over_board(&self.columns, l);
        let _ = style.set_property("height", &px(l.bottom() - l.lane_top()));
        let style = place_over_board(&self.analysis, l);
        let _ = style.set_property("height", &px(l.cell * HEADROOM));
        let font = (l.cell * 0.22).clamp(10.0, 16.0);
        let _ = style.set_property("font-size", &px(font));
    }
}

/// Lines an overlay up with the board: its columns, from the top of the headroom.
fn place_over_board(el: &HtmlElement, l: &Layout) -> web_sys::CssStyleDeclaration {
    let style = el.style();
    let _ = style.set_property("left", &px(l.left));
    let _ = style.set_property("top", &px(l.lane_top()));
    let _ = style.set_property("width", &px(l.cell * l.columns as f64));
    style
}
