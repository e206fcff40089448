//! The game's DOM: built once inside the host element, then brought in line with each
//! [`Mirror`], touching only what changed. Every text comes from `ui::text`.

use super::dom::{append, attr, el, set_attr, set_hidden, text};
use super::labels::Labels;
use super::style;
use crate::engine::{Player, HEIGHT, WIDTH};
use crate::ui::layout::Layout;
use crate::ui::mirror::Mirror;
use crate::ui::text::Texts;
use crate::ui::PlayerKind;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, HtmlSelectElement,
};

pub struct View {
    /// The element the game was mounted in.
    pub host: HtmlElement,
    /// The document or shadow root that adopted the stylesheet for this game.
    style_root: web_sys::Node,
    pub wrapper: HtmlElement,
    pub stage: HtmlElement,
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
    pub columns: HtmlElement,
    pub buttons: Vec<HtmlButtonElement>,
    turn: HtmlElement,
    swatch: HtmlElement,
    count: HtmlElement,
    status: HtmlElement,
    result: HtmlElement,
    result_text: HtmlElement,
    pub play_again: HtmlButtonElement,
    pub undo: HtmlButtonElement,
    pub new_game: HtmlButtonElement,
    pub hint: HtmlButtonElement,
    pub show_analysis: HtmlInputElement,
    pub reduce_motion: HtmlInputElement,
    pub player_selects: [HtmlSelectElement; 2],
    analysis: HtmlElement,
    analysis_cells: Vec<HtmlElement>,
    /// What the DOM shows now.
    shown: Option<Mirror>,
    labels: Labels,
    /// Alternates so that a repeated announcement is announced again.
    announce_toggle: bool,
}

fn button(doc: &Document, class: &str, label: &str) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = el(doc, "button", class)?;
    b.set_type("button");
    b.set_text_content(Some(label));
    Ok(b)
}

fn shortcut(b: HtmlButtonElement, key: &str) -> Result<HtmlButtonElement, JsValue> {
    attr(&b, "aria-keyshortcuts", key)?;
    Ok(b)
}

/// A checkbox, then its label's text (a span, so that it can change).
fn checkbox(
    doc: &Document,
    parent: &HtmlElement,
    labels: &mut Labels,
    label: fn(&Texts) -> String,
) -> Result<HtmlInputElement, JsValue> {
    let input: HtmlInputElement = el(doc, "input", "")?;
    input.set_type("checkbox");
    append(parent, &input)?;
    let span: HtmlElement = el(doc, "span", "")?;
    append(parent, &span)?;
    labels.text(&span, label);
    Ok(input)
}

fn bool_attr(on: bool) -> &'static str {
    if on {
        "true"
    } else {
        "false"
    }
}

impl View {
    /// Builds the game inside `root`, after its other children, and shares the stylesheet.
    pub fn build(doc: &Document, root: &HtmlElement) -> Result<View, JsValue> {
        let wrapper: HtmlElement = el(doc, "section", "c4")?;
        let mut labels = Labels::default();
        labels.attr(&wrapper, "aria-label", |t| t.game.clone());

        let bar: HtmlElement = el(doc, "div", "c4-bar")?;
        let turn_box: HtmlElement = el(doc, "span", "c4-turn")?;
        let swatch: HtmlElement = el(doc, "span", "c4-swatch")?;
        attr(&swatch, "aria-hidden", "true")?;
        let turn: HtmlElement = el(doc, "span", "")?;
        append(&turn_box, &swatch)?;
        append(&turn_box, &turn)?;
        let count: HtmlElement = el(doc, "span", "c4-count")?;
        append(&bar, &turn_box)?;
        append(&bar, &count)?;

        let stage: HtmlElement = el(doc, "div", "c4-stage")?;
        let canvas: HtmlCanvasElement = el(doc, "canvas", "")?;
        attr(&canvas, "aria-hidden", "true")?;
        let ctx = canvas
            .get_context("2d")?
            .ok_or("no 2d canvas context")?
            .dyn_into::<CanvasRenderingContext2d>()?;
        let columns: HtmlElement = el(doc, "div", "c4-columns")?;
        attr(&columns, "role", "group")?;
        labels.attr(&columns, "aria-label", |t| t.board.clone());
        let mut buttons = Vec::with_capacity(WIDTH);
        for c in 0..WIDTH {
            let b = button(doc, "c4-col", &format!("{}", c + 1))?;
            attr(&b, "data-column", &c.to_string())?;
            append(&columns, &b)?;
            buttons.push(b);
        }
        let analysis: HtmlElement = el(doc, "div", "c4-analysis")?;
        attr(&analysis, "aria-hidden", "true")?;
        analysis.set_hidden(true);
        let mut analysis_cells = Vec::with_capacity(WIDTH);
        for _ in 0..WIDTH {
            let cell: HtmlElement = el(doc, "span", "")?;
            append(&analysis, &cell)?;
            analysis_cells.push(cell);
        }
        append(&stage, &canvas)?;
        append(&stage, &analysis)?;
        append(&stage, &columns)?;

        let status: HtmlElement = el(doc, "p", "c4-status")?;
        attr(&status, "role", "status")?;
        attr(&status, "aria-live", "polite")?;
        attr(&status, "aria-atomic", "true")?;

        let result: HtmlElement = el(doc, "div", "c4-result")?;
        result.set_hidden(true);
        let result_text: HtmlElement = el(doc, "p", "c4-result-text")?;
        let play_again = button(doc, "c4-btn c4-primary", "")?;
        labels.text(&play_again, |t| t.play_again.clone());
        append(&result, &result_text)?;
        append(&result, &play_again)?;

        let controls: HtmlElement = el(doc, "div", "c4-controls")?;
        let new_game = shortcut(button(doc, "c4-btn", "")?, "N")?;
        labels.text(&new_game, |t| t.new_game.clone());
        let undo = shortcut(button(doc, "c4-btn", "")?, "U")?;
        labels.text(&undo, |t| t.undo.clone());
        let hint = shortcut(button(doc, "c4-btn", "")?, "H")?;
        labels.text(&hint, |t| t.hint.clone());
        let analysis_label: HtmlElement = el(doc, "label", "c4-toggle")?;
        let show_analysis = checkbox(doc, &analysis_label, &mut labels, |t| {
            t.show_analysis.clone()
        })?;
        labels.attr(&analysis, "data-busy-text", |t| t.analysing.clone());
        for part in [&new_game, &undo, &hint] {
            append(&controls, part)?;
        }
        append(&controls, &analysis_label)?;

        let settings: HtmlElement = el(doc, "details", "c4-settings")?;
        let summary: HtmlElement = el(doc, "summary", "")?;
        labels.text(&summary, |t| t.settings.clone());
        let body: HtmlElement = el(doc, "div", "c4-settings-body")?;
        let mut player_selects = Vec::new();
        for side in [Player::First, Player::Second] {
            let label: HtmlElement = el(doc, "label", "")?;
            let text: HtmlElement = el(doc, "span", "")?;
            append(&label, &text)?;
            labels.text(&text, move |t| t.played_by(side));
            let select: HtmlSelectElement = el(doc, "select", "")?;
            for kind in PlayerKind::ALL {
                let option = doc.create_element("option")?;
                attr(&option, "value", kind.name())?;
                labels.text(&option, move |t| t.player_choice(kind));
                append(&select, &option)?;
            }
            append(&label, &select)?;
            append(&body, &label)?;
            player_selects.push(select);
        }
        let motion_label: HtmlElement = el(doc, "label", "")?;
        let reduce_motion = checkbox(doc, &motion_label, &mut labels, |t| t.reduce_motion.clone())?;
        let help: HtmlElement = el(doc, "p", "c4-help")?;
        labels.text(&help, |t| t.key_help.clone());
        append(&body, &motion_label)?;
        append(&body, &help)?;
        append(&settings, &summary)?;
        append(&settings, &body)?;

        for part in [&bar, &stage, &status, &result, &controls, &settings] {
            append(&wrapper, part)?;
        }
        // What keeps the board's size sane even without the stylesheet: set through the
        // CSSOM, which a strict Content-Security-Policy allows.
        for (el, rules) in [
            (
                &stage,
                &[
                    ("position", "relative"),
                    ("width", "100%"),
                    ("aspect-ratio", "1 / 1"),
                    ("max-height", "80vh"),
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
                el.style().set_property(name, value)?;
            }
        }
        root.append_child(&wrapper)?;
        let style_root = style::adopt(root)?;

        Ok(View {
            host: root.clone(),
            style_root,
            wrapper,
            stage,
            canvas,
            ctx,
            columns,
            buttons,
            turn,
            swatch,
            count,
            status,
            result,
            result_text,
            play_again,
            undo,
            new_game,
            hint,
            show_analysis,
            reduce_motion,
            player_selects: player_selects
                .try_into()
                .map_err(|_| "two player choices")?,
            analysis,
            analysis_cells,
            shown: None,
            labels,
            announce_toggle: false,
        })
    }

    /// Brings the DOM in line with `m` (and its labels with `texts`), writing only what
    /// differs from what it shows.
    pub fn apply(&mut self, m: Mirror, texts: &Texts) {
        let old = self.shown.take();
        let changed = |f: &dyn Fn(&Mirror) -> bool| old.as_ref().is_none_or(|o| !f(o));
        for (i, (column, button)) in m.columns.iter().zip(&self.buttons).enumerate() {
            if !changed(&|o| o.columns[i] == *column) {
                continue;
            }
            set_attr(button, "aria-label", &column.name);
            set_attr(button, "aria-disabled", bool_attr(column.unavailable));
            set_attr(button, "tabindex", if column.selected { "0" } else { "-1" });
            let cell = &self.analysis_cells[i];
            text(cell, &column.outcome);
            set_attr(cell, "data-best", bool_attr(column.hinted));
        }
        if changed(&|o| o.turn == m.turn) {
            text(&self.turn, &m.turn);
        }
        if changed(&|o| o.swatch == m.swatch) {
            if let Some(player) = m.swatch {
                set_attr(&self.swatch, "data-player", &player.to_string());
            }
            set_hidden(&self.swatch, m.swatch.is_none());
        }
        if changed(&|o| o.thinking == m.thinking) {
            set_attr(&self.wrapper, "aria-busy", bool_attr(m.thinking));
        }
        if changed(&|o| o.moving == m.moving) {
            set_attr(&self.wrapper, "data-moving", bool_attr(m.moving));
        }
        if changed(&|o| o.count == m.count) {
            text(&self.count, &m.count);
        }
        self.undo.set_disabled(!m.can_undo);
        self.hint.set_disabled(!m.can_hint);
        if changed(&|o| o.result == m.result) {
            if let Some(result) = &m.result {
                text(&self.result_text, result);
            }
            set_hidden(&self.result, m.result.is_none());
        }
        set_hidden(&self.analysis, !m.analysis_shown);
        set_attr(&self.analysis, "data-busy", bool_attr(m.analysis_busy));
        if changed(&|o| o.texts_version == m.texts_version) {
            self.labels.show(texts);
        }
        if changed(&|o| o.settings == m.settings) {
            self.reduce_motion.set_checked(m.settings.reduced_motion);
            self.show_analysis.set_checked(m.settings.show_analysis);
            for (select, kind) in self.player_selects.iter().zip(m.settings.players) {
                select.set_value(kind.name());
            }
        }
        self.shown = Some(m);
    }

    /// Whether the keyboard focus is on the result panel ("Play again").
    pub fn result_has_focus(&self) -> bool {
        let active = self
            .wrapper
            .owner_document()
            .and_then(|d| d.active_element());
        active.is_some_and(|a| self.result.contains(Some(&a)))
    }

    pub fn result_shown(&self) -> bool {
        !self.result.hidden()
    }

    /// Whether the keyboard focus is inside the game.
    pub fn has_focus(&self) -> bool {
        let active = self
            .wrapper
            .owner_document()
            .and_then(|d| d.active_element());
        active.is_some_and(|a| self.wrapper.contains(Some(&a)))
    }

    /// Shows the game in `shade`'s colours (its `data-theme`, which the stylesheet reads).
    pub fn set_shade(&self, shade: crate::ui::theme::Shade) {
        set_attr(&self.wrapper, "data-theme", shade.name());
    }

    /// Says `message` in the polite live region, even if it is the same as the last one.
    pub fn announce(&mut self, message: &str) {
        // A trailing no-break space alternates so that repeating a message is heard again.
        self.announce_toggle = !self.announce_toggle;
        let suffix = if self.announce_toggle { "" } else { "\u{a0}" };
        text(&self.status, &format!("{message}{suffix}"));
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
        let _ = style.set_property("height", &format!("{}px", l.cell * (HEIGHT + 1) as f64));
        let style = place_over_board(&self.analysis, l);
        let font = (l.cell * 0.17).clamp(9.0, 16.0);
        let _ = style.set_property("font-size", &format!("{font}px"));
    }

    /// Removes the game from the page, and the stylesheet with the last game of its
    /// document or shadow root.
    pub fn remove(&self) {
        self.wrapper.remove();
        style::release(&self.style_root);
    }
}

/// Lines an overlay up with the board: its columns, from the top of the row of air.
fn place_over_board(el: &HtmlElement, l: &Layout) -> web_sys::CssStyleDeclaration {
    let style = el.style();
    let _ = style.set_property("left", &format!("{}px", l.left));
    let _ = style.set_property("top", &format!("{}px", l.top - l.cell));
    let _ = style.set_property("width", &format!("{}px", l.cell * WIDTH as f64));
    style
}
