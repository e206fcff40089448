//! The game's DOM: built once inside the host element, then brought in line with each
//! [`Mirror`], touching only what changed. Every text comes from `ui::text`.

use super::dom::{append, attr, bool_attr, button, el, set_attr, set_hidden, text};
use super::labels::Labels;
use super::panels::Panels;
use super::style;
use crate::engine::{Player, WIDTH};
use crate::solver::Level;
use crate::ui::layout::{Layout, AIR};
use crate::ui::mirror::Mirror;
use crate::ui::text::Texts;
use crate::ui::{Mode, ModeChoice, PlayerKind};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, HtmlButtonElement, HtmlCanvasElement, HtmlDetailsElement,
    HtmlElement, HtmlInputElement, HtmlSelectElement,
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
    turn_box: HtmlElement,
    turn: HtmlElement,
    swatch: HtmlElement,
    count: HtmlElement,
    status: HtmlElement,
    result: HtmlElement,
    result_text: HtmlElement,
    result_detail: HtmlElement,
    pub play_again: HtmlButtonElement,
    /// The review, offered with the result.
    pub review_game: HtmlButtonElement,
    pub undo: HtmlButtonElement,
    pub new_game: HtmlButtonElement,
    pub hint: HtmlButtonElement,
    /// Opens the review (R).
    pub review: HtmlButtonElement,
    /// Copies the share link; only on pages whose links open games (the `links` option).
    pub copy_link: Option<HtmlButtonElement>,
    pub sound: HtmlButtonElement,
    pub show_analysis: HtmlInputElement,
    pub reduce_motion: HtmlInputElement,
    pub player_selects: [HtmlSelectElement; 2],
    /// The main choice's radio buttons: the opponent, the computer's level, the colour the
    /// one person plays; each with the choice it makes.
    pub choices: Vec<(ModeChoice, HtmlInputElement)>,
    /// The disclosures ("How to play", "Settings", "Puzzles", "Record"): one open at a
    /// time.
    pub disclosures: Vec<HtmlDetailsElement>,
    /// The review, the puzzle, the puzzles' list, the record, the notice.
    pub panels: Panels,
    analysis: HtmlElement,
    /// Each column's label box, with its two lines.
    analysis_cells: Vec<[HtmlElement; 3]>,
    /// What the DOM shows now.
    shown: Option<Mirror>,
    labels: Labels,
    /// Alternates so that a repeated announcement is announced again.
    announce_toggle: bool,
}

thread_local! {
    /// Numbers the games on the page, for their radio groups' names.
    static GAMES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
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

/// A text of the game, from the [`Texts`].
type Text = Box<dyn Fn(&Texts) -> String>;

/// A group of radio buttons drawn as one segmented control, with a visible legend.
fn segments(
    doc: &Document,
    parent: &HtmlElement,
    labels: &mut Labels,
    class: &str,
    name: &str,
    legend: fn(&Texts) -> String,
    choices: Vec<(ModeChoice, &'static str, Text)>,
) -> Result<Vec<(ModeChoice, HtmlInputElement)>, JsValue> {
    let set: HtmlElement = el(doc, "fieldset", &format!("c4-seg {class}"))?;
    let caption: HtmlElement = el(doc, "legend", "")?;
    labels.text(&caption, legend);
    append(&set, &caption)?;
    let row: HtmlElement = el(doc, "div", "c4-seg-row")?;
    let mut inputs = Vec::new();
    for (key, value, text_of) in choices {
        let label: HtmlElement = el(doc, "label", "")?;
        let input: HtmlInputElement = el(doc, "input", "")?;
        input.set_type("radio");
        input.set_name(name);
        input.set_value(value);
        let span: HtmlElement = el(doc, "span", "")?;
        labels.text(&span, text_of);
        append(&label, &input)?;
        append(&label, &span)?;
        append(&row, &label)?;
        inputs.push((key, input));
    }
    append(&set, &row)?;
    append(parent, &set)?;
    Ok(inputs)
}

/// The sound button's icon: a speaker, with waves while the sound is on and a cross while
/// it is off (the stylesheet shows one).
fn speaker(doc: &Document) -> Result<web_sys::Element, JsValue> {
    const SVG: &str = "http://www.w3.org/2000/svg";
    let svg = doc.create_element_ns(Some(SVG), "svg")?;
    attr(&svg, "viewBox", "0 0 24 24")?;
    attr(&svg, "aria-hidden", "true")?;
    for (class, d) in [
        ("", "M4 9v6h4l5 4V5L8 9z"),
        (
            "c4-waves",
            "M16.5 8.5a5 5 0 0 1 0 7M19.5 5.5a9 9 0 0 1 0 13",
        ),
        ("c4-mute", "M16 9l6 6M22 9l-6 6"),
    ] {
        let path = doc.create_element_ns(Some(SVG), "path")?;
        attr(&path, "d", d)?;
        if !class.is_empty() {
            attr(&path, "class", class)?;
        }
        append(&svg, &path)?;
    }
    Ok(svg)
}

impl View {
    /// Builds the game inside `root`, after its other children, and shares the stylesheet.
    pub fn build(doc: &Document, root: &HtmlElement, links: bool) -> Result<View, JsValue> {
        let game = GAMES.with(|n| {
            n.set(n.get().wrapping_add(1));
            n.get()
        });
        let wrapper: HtmlElement = el(doc, "section", "c4")?;
        let mut labels = Labels::default();
        labels.attr(&wrapper, "aria-label", |t| t.game.clone());
        let layout: HtmlElement = el(doc, "div", "c4-layout")?;

        // The main choice, up front.
        let choice: HtmlElement = el(doc, "div", "c4-choice")?;
        let opponent = segments(
            doc,
            &choice,
            &mut labels,
            "c4-opponent",
            &format!("c4-{game}-opponent"),
            |t| t.opponent.clone(),
            vec![
                (
                    ModeChoice::Computer,
                    "computer",
                    Box::new(|t: &Texts| t.vs_computer.clone()),
                ),
                (
                    ModeChoice::Friend,
                    "friend",
                    Box::new(|t: &Texts| t.vs_friend.clone()),
                ),
            ],
        )?;
        let levels = segments(
            doc,
            &choice,
            &mut labels,
            "c4-levels",
            &format!("c4-{game}-level"),
            |t| t.level_legend.clone(),
            Level::ALL
                .iter()
                .map(|&level| -> (ModeChoice, &'static str, Text) {
                    (
                        ModeChoice::Level(level),
                        level.name(),
                        Box::new(move |t: &Texts| t.level(level).to_owned()),
                    )
                })
                .collect(),
        )?;
        let sides = segments(
            doc,
            &choice,
            &mut labels,
            "c4-sides",
            &format!("c4-{game}-side"),
            |t| t.you_play.clone(),
            [Player::First, Player::Second]
                .iter()
                .map(|&p| -> (ModeChoice, &'static str, Text) {
                    let value = if p == Player::First {
                        "first"
                    } else {
                        "second"
                    };
                    let text: Text = Box::new(move |t: &Texts| t.person_choice(p));
                    (ModeChoice::Person(p), value, text)
                })
                .collect(),
        )?;

        let bar: HtmlElement = el(doc, "div", "c4-bar")?;
        let turn_box: HtmlElement = el(doc, "span", "c4-turn")?;
        let swatch: HtmlElement = el(doc, "span", "c4-swatch")?;
        attr(&swatch, "aria-hidden", "true")?;
        let turn: HtmlElement = el(doc, "span", "")?;
        let dots: HtmlElement = el(doc, "span", "c4-dots")?;
        attr(&dots, "aria-hidden", "true")?;
        for _ in 0..3 {
            let dot: HtmlElement = el(doc, "i", "")?;
            append(&dots, &dot)?;
        }
        append(&turn_box, &swatch)?;
        append(&turn_box, &turn)?;
        append(&turn_box, &dots)?;
        let count: HtmlElement = el(doc, "span", "c4-count")?;
        // The result replaces the turn line, where the eye is, with Play again.
        let result: HtmlElement = el(doc, "div", "c4-result")?;
        result.set_hidden(true);
        let result_words: HtmlElement = el(doc, "div", "c4-result-words")?;
        let result_text: HtmlElement = el(doc, "p", "c4-result-text")?;
        let result_detail: HtmlElement = el(doc, "p", "c4-result-detail")?;
        append(&result_words, &result_text)?;
        append(&result_words, &result_detail)?;
        let play_again = button(doc, "c4-btn c4-primary", "")?;
        labels.text(&play_again, |t| t.play_again.clone());
        let review_game = button(doc, "c4-btn", "")?;
        labels.text(&review_game, |t| t.review.clone());
        append(&result, &result_words)?;
        append(&result, &review_game)?;
        append(&result, &play_again)?;
        append(&bar, &turn_box)?;
        append(&bar, &count)?;
        append(&bar, &result)?;

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
            let word: HtmlElement = el(doc, "b", "")?;
            let detail: HtmlElement = el(doc, "small", "")?;
            append(&cell, &word)?;
            append(&cell, &detail)?;
            append(&analysis, &cell)?;
            analysis_cells.push([cell, word, detail]);
        }
        append(&stage, &canvas)?;
        append(&stage, &analysis)?;
        append(&stage, &columns)?;

        let status: HtmlElement = el(doc, "p", "c4-status")?;
        attr(&status, "role", "status")?;
        attr(&status, "aria-live", "polite")?;
        attr(&status, "aria-atomic", "true")?;

        let controls: HtmlElement = el(doc, "div", "c4-controls")?;
        let new_game = shortcut(button(doc, "c4-btn", "")?, "N")?;
        labels.text(&new_game, |t| t.new_game.clone());
        let undo = shortcut(button(doc, "c4-btn", "")?, "U")?;
        labels.text(&undo, |t| t.undo.clone());
        let hint = shortcut(button(doc, "c4-btn", "")?, "H")?;
        labels.text(&hint, |t| t.hint.clone());
        let review = shortcut(button(doc, "c4-btn", "")?, "R")?;
        labels.text(&review, |t| t.review.clone());
        let copy_link = if links {
            let b = button(doc, "c4-btn", "")?;
            labels.text(&b, |t| t.copy_link.clone());
            Some(b)
        } else {
            None
        };
        let sound = button(doc, "c4-btn c4-sound", "")?;
        attr(&sound, "aria-pressed", "false")?;
        append(&sound, &speaker(doc)?)?;
        let sound_text: HtmlElement = el(doc, "span", "")?;
        labels.text(&sound_text, |t| t.sound.clone());
        append(&sound, &sound_text)?;
        let analysis_label: HtmlElement = el(doc, "label", "c4-toggle")?;
        let show_analysis = checkbox(doc, &analysis_label, &mut labels, |t| {
            t.show_analysis.clone()
        })?;
        labels.attr(&analysis, "data-busy-text", |t| t.analysing.clone());
        for part in [&new_game, &undo, &hint, &review] {
            append(&controls, part)?;
        }
        if let Some(copy) = &copy_link {
            append(&controls, copy)?;
        }
        append(&controls, &sound)?;
        append(&controls, &analysis_label)?;

        // What is one click away: how to play, and the rest of the settings.
        let more: HtmlElement = el(doc, "div", "c4-more")?;
        let howto: HtmlDetailsElement = el(doc, "details", "c4-disclosure c4-howto")?;
        let summary: HtmlElement = el(doc, "summary", "")?;
        labels.text(&summary, |t| t.how_to_play.clone());
        let pop: HtmlElement = el(doc, "div", "c4-pop")?;
        let rules: HtmlElement = el(doc, "p", "")?;
        labels.text(&rules, |t| t.rules.clone());
        let keys: HtmlElement = el(doc, "p", "c4-help")?;
        labels.text(&keys, |t| t.key_help.clone());
        append(&pop, &rules)?;
        append(&pop, &keys)?;
        append(&howto, &summary)?;
        append(&howto, &pop)?;

        let settings: HtmlDetailsElement = el(doc, "details", "c4-disclosure c4-settings")?;
        let summary: HtmlElement = el(doc, "summary", "")?;
        labels.text(&summary, |t| t.settings.clone());
        let body: HtmlElement = el(doc, "div", "c4-pop c4-settings-body")?;
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
        append(&body, &motion_label)?;
        append(&settings, &summary)?;
        append(&settings, &body)?;
        append(&more, &howto)?;
        append(&more, &settings)?;

        // The controls, and in their place during a review or a puzzle, its panel.
        let dock: HtmlElement = el(doc, "div", "c4-dock")?;
        append(&dock, &controls)?;
        let panels = Panels::build(doc, &mut labels, &dock, &more)?;
        panels.review_link.set_hidden(!links);

        for part in [&choice, &bar, &stage, &status, &dock, &more] {
            append(&layout, part)?;
        }
        append(&wrapper, &layout)?;
        // What keeps the board's size sane even without the stylesheet: set through the
        // CSSOM, which a strict Content-Security-Policy allows.
        for (el, rules) in [
            (
                &stage,
                &[
                    ("position", "relative"),
                    ("width", "100%"),
                    ("aspect-ratio", &Layout::aspect_ratio()),
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
            turn_box,
            turn,
            swatch,
            count,
            status,
            result,
            result_text,
            result_detail,
            play_again,
            review_game,
            undo,
            new_game,
            hint,
            review,
            copy_link,
            sound,
            show_analysis,
            reduce_motion,
            player_selects: player_selects
                .try_into()
                .map_err(|_| "two player choices")?,
            choices: [opponent, levels, sides].concat(),
            disclosures: vec![
                howto,
                settings,
                panels.puzzles.clone(),
                panels.record.clone(),
                panels.table.clone(),
            ],
            panels,
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
            let [cell, word, detail] = &self.analysis_cells[i];
            text(word, &column.label.0);
            text(detail, &column.label.1);
            set_attr(cell, "data-best", bool_attr(column.best));
            set_attr(cell, "data-hinted", bool_attr(column.hinted));
            set_attr(cell, "data-empty", bool_attr(column.label.0.is_empty()));
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
        self.review.set_disabled(!m.can_review);
        let activity = match (&m.review, &m.puzzle) {
            (Some(_), _) => "review",
            (_, Some(_)) => "puzzle",
            _ => "play",
        };
        set_attr(&self.wrapper, "data-activity", activity);
        set_attr(&self.wrapper, "data-notice", bool_attr(m.notice.is_some()));
        if let Err(e) = self.panels.apply(&m, old.as_ref(), texts) {
            web_sys::console::warn_2(&"connect-four: a panel could not be shown:".into(), &e);
        }
        if changed(&|o| o.result == m.result && o.result_detail == m.result_detail) {
            if let Some(result) = &m.result {
                text(&self.result_text, result);
            }
            text(
                &self.result_detail,
                m.result_detail.as_deref().unwrap_or_default(),
            );
            set_hidden(&self.result, m.result.is_none());
            set_hidden(&self.turn_box, m.result.is_some());
            set_attr(&self.wrapper, "data-over", bool_attr(m.result.is_some()));
        }
        if changed(&|o| o.mode == m.mode && o.level == m.level && o.person == m.person) {
            for (choice, input) in &self.choices {
                input.set_checked(m.chosen(*choice));
            }
            let mode = match m.mode {
                Some(Mode::Friend) => "friend",
                Some(Mode::Computer { .. }) => "computer",
                None => "computers",
            };
            set_attr(&self.wrapper, "data-mode", mode);
        }
        set_hidden(&self.analysis, !m.analysis_shown);
        set_attr(&self.analysis, "data-busy", bool_attr(m.analysis_busy));
        if changed(&|o| o.texts_version == m.texts_version) {
            self.labels.show(texts);
        }
        if changed(&|o| o.settings == m.settings) {
            set_attr(&self.sound, "aria-pressed", bool_attr(m.settings.sound));
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
        let _ = style.set_property("height", &format!("{}px", l.bottom() - l.lane_top()));
        let style = place_over_board(&self.analysis, l);
        let _ = style.set_property("height", &format!("{}px", l.cell * AIR));
        let font = (l.cell * 0.22).clamp(11.0, 16.0);
        let _ = style.set_property("font-size", &format!("{font}px"));
    }

    /// Removes the game from the page, and the stylesheet with the last game of its
    /// document or shadow root.
    pub fn remove(&self) {
        self.wrapper.remove();
        style::release(&self.style_root);
    }
}

/// Lines an overlay up with the board: its columns, from the top of the lane of air.
fn place_over_board(el: &HtmlElement, l: &Layout) -> web_sys::CssStyleDeclaration {
    let style = el.style();
    let _ = style.set_property("left", &format!("{}px", l.left));
    let _ = style.set_property("top", &format!("{}px", l.lane_top()));
    let _ = style.set_property("width", &format!("{}px", l.cell * WIDTH as f64));
    style
}
