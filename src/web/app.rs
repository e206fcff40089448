//! The game UI: builds the DOM inside any element, draws the board on a canvas, and wires
//! mouse, touch and keyboard input to the [`Controller`]. Logic lives in `crate::ui`.

use super::dom::{append, attr, el, set_attr, set_hidden, text};
use crate::engine::{Player, Status, HEIGHT, WIDTH};
use crate::ui::layout::Layout;
use crate::ui::{text as say, Controller, Effect, PlayerKind, Settings};
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::RefCell;
use std::f64::consts::TAU;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, CanvasWindingRule, Document, Element, Event, EventTarget,
    HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement,
    KeyboardEvent, MediaQueryList, PointerEvent, ResizeObserver, Window,
};

const STYLE_ID: &str = "c4-style";
const CSS: &str = include_str!("style.css");

thread_local! {
    /// How many boards use the shared style element.
    static MOUNTED: RefCell<usize> = const { RefCell::new(0) };
}

struct Palette {
    board: &'static str,
    board_edge: &'static str,
    backdrop: &'static str,
    red: &'static str,
    red_mark: &'static str,
    yellow: &'static str,
    yellow_mark: &'static str,
    marker: &'static str,
    marker_edge: &'static str,
    unavailable: &'static str,
}

const LIGHT: Palette = Palette {
    board: "#1d46c9",
    board_edge: "#12308f",
    backdrop: "#e4eaf8",
    red: "#d21f32",
    red_mark: "#7d0f1b",
    yellow: "#f2c200",
    yellow_mark: "#7a5c00",
    marker: "#ffffff",
    marker_edge: "#0b0d12",
    unavailable: "#4a5163",
};

const DARK: Palette = Palette {
    board: "#2a55d8",
    board_edge: "#8fb0ff",
    backdrop: "#0b101b",
    red: "#e5364a",
    red_mark: "#6b0b16",
    yellow: "#f6cc1a",
    yellow_mark: "#6e5200",
    marker: "#ffffff",
    marker_edge: "#000000",
    unavailable: "#b7bfd3",
};

/// Options accepted by `mount`.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct MountOptions {
    /// Force reduced motion on or off; by default it follows `prefers-reduced-motion`.
    pub reduced_motion: Option<bool>,
    /// Red's and Yellow's players: "human", or a level for the computer.
    pub red: Option<String>,
    pub yellow: Option<String>,
    /// Show each column's outcome above the board.
    pub analysis: Option<bool>,
    /// Start from this position, in move notation ("4453").
    pub moves: Option<String>,
    /// Where the computer's worker fetches the opening book (default: `book.bin` beside
    /// the glue module); relative to the page.
    pub book_url: Option<String>,
}

struct Elements {
    wrapper: HtmlElement,
    stage: HtmlElement,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    columns: HtmlElement,
    buttons: Vec<HtmlButtonElement>,
    turn: HtmlElement,
    swatch: HtmlElement,
    count: HtmlElement,
    status: HtmlElement,
    result: HtmlElement,
    result_text: HtmlElement,
    play_again: HtmlButtonElement,
    undo: HtmlButtonElement,
    new_game: HtmlButtonElement,
    reduce_motion: HtmlInputElement,
    player_selects: [HtmlSelectElement; 2],
    show_analysis: HtmlInputElement,
    hint: HtmlButtonElement,
    analysis: HtmlElement,
    analysis_cells: Vec<HtmlElement>,
}

pub(crate) struct App {
    window: Window,
    el: Elements,
    controller: Controller,
    layout: Layout,
    dpr: f64,
    hover: Option<usize>,
    /// Whether the keyboard focus is on a column control (the ghost then follows it).
    focus_in_columns: bool,
    dark: MediaQueryList,
    announce_toggle: bool,
    frame_id: Option<i32>,
    frame: Option<Closure<dyn FnMut(f64)>>,
    listeners: Vec<EventListener>,
    resize: Option<(ResizeObserver, Closure<dyn FnMut()>)>,
    first_draw_marked: bool,
    pub(crate) ai: Option<super::ai::AiClient>,
    /// The opening book's absolute URL for the worker, when `mount` was given one.
    book_url: Option<String>,
    me: Weak<RefCell<App>>,
}

pub(crate) type Shared = Rc<RefCell<App>>;

fn now(window: &Window) -> f64 {
    window.performance().map_or(0.0, |p| p.now())
}

fn parse_player(value: &Option<String>, who: &str) -> Result<PlayerKind, JsValue> {
    match value.as_deref() {
        None | Some("human") => Ok(PlayerKind::Human),
        Some(level) => level.parse().map(PlayerKind::Computer).map_err(
            |e: crate::solver::levels::UnknownLevel| {
                JsValue::from_str(&format!("option {who}: {e}, or \"human\""))
            },
        ),
    }
}

impl App {
    pub(crate) fn mount(root: &HtmlElement, options: MountOptions) -> Result<Shared, JsValue> {
        let window = web_sys::window().ok_or("mount needs a window")?;
        let doc = window.document().ok_or("mount needs a document")?;
        install_style(&doc)?;
        let reduced_pref = window
            .match_media("(prefers-reduced-motion: reduce)")?
            .is_some_and(|m| m.matches());
        let settings = Settings {
            players: [
                parse_player(&options.red, "red")?,
                parse_player(&options.yellow, "yellow")?,
            ],
            reduced_motion: options.reduced_motion.unwrap_or(reduced_pref),
            show_analysis: options.analysis.unwrap_or(false),
        };
        let start = match &options.moves {
            None => crate::engine::Position::new(),
            Some(moves) => crate::engine::Position::from_moves(moves)
                .map_err(|e| JsValue::from_str(&format!("option moves: {e}")))?,
        };
        let book_url = match &options.book_url {
            None => None,
            Some(url) => Some(
                web_sys::Url::new_with_base(url, &doc.base_uri()?.unwrap_or_default())
                    .map_err(|_| JsValue::from_str(&format!("option bookUrl: bad URL {url:?}")))?
                    .href(),
            ),
        };
        let dark = window
            .match_media("(prefers-color-scheme: dark)")?
            .ok_or("matchMedia is not available")?;
        let el = build_dom(&doc, root, settings.reduced_motion, settings.players)?;
        let dpr = window.device_pixel_ratio().max(1.0);
        let app = App {
            window,
            el,
            controller: Controller::with_position(settings, start),
            layout: Layout::fit(1.0, 1.0),
            dpr,
            hover: None,
            focus_in_columns: false,
            dark,
            announce_toggle: false,
            frame_id: None,
            frame: None,
            listeners: Vec::new(),
            resize: None,
            first_draw_marked: false,
            ai: None,
            book_url,
            me: Weak::new(),
        };
        let shared = Rc::new(RefCell::new(app));
        shared.borrow_mut().me = Rc::downgrade(&shared);
        wire(&shared)?;
        {
            let mut app = shared.borrow_mut();
            app.resize_canvas();
            app.refresh_dom();
            app.draw();
            let t = now(&app.window);
            let effects = app.controller.tick(t);
            app.apply(effects);
        }
        MOUNTED.with(|m| *m.borrow_mut() += 1);
        Ok(shared)
    }

    /// Removes everything mount added: listeners, the frame callback, the observer, the DOM.
    pub(crate) fn destroy(&mut self) {
        if let Some(id) = self.frame_id.take() {
            let _ = self.window.cancel_animation_frame(id);
        }
        self.frame = None;
        self.listeners.clear();
        if let Some((observer, _closure)) = self.resize.take() {
            observer.disconnect();
        }
        if let Some(ai) = self.ai.take() {
            ai.terminate();
        }
        self.el.wrapper.remove();
        let last = MOUNTED.with(|m| {
            let mut m = m.borrow_mut();
            *m = m.saturating_sub(1);
            *m == 0
        });
        if last {
            if let Some(style) = self
                .window
                .document()
                .and_then(|d| d.get_element_by_id(STYLE_ID))
            {
                style.remove();
            }
        }
    }

    fn time(&self) -> f64 {
        now(&self.window)
    }

    pub(crate) fn apply(&mut self, effects: Vec<Effect>) {
        let mut changed = false;
        for effect in effects {
            match effect {
                Effect::Announce(message) => self.announce(&message),
                Effect::Finished(message) => {
                    self.announce(&message);
                    text(&self.el.result_text, &message);
                    set_hidden(&self.el.result, false);
                    let _ = self.el.play_again.focus();
                    changed = true;
                }
                Effect::Changed => changed = true,
                Effect::ComputerTurn {
                    request,
                    moves,
                    level,
                } => {
                    self.ask_computer(request, &moves, level);
                }
                Effect::CancelComputer => {
                    if let Some(ai) = &self.ai {
                        ai.cancel();
                    }
                }
                Effect::Ponder { moves } => {
                    self.with_ai(|ai| ai.ponder(&moves));
                }
                Effect::Analyze { moves } => {
                    self.with_ai(|ai| ai.analyze(&moves));
                }
                Effect::Hint { moves } => {
                    self.with_ai(|ai| ai.hint(&moves));
                }
            }
        }
        if changed {
            self.refresh_dom();
        }
        self.schedule();
    }

    fn ensure_ai(&mut self) {
        if self.ai.is_none() {
            self.ai = super::ai::AiClient::new(self.me.clone(), self.book_url.as_deref()).ok();
        }
    }

    /// Sends a request to the worker, starting it first if need be.
    fn with_ai(&mut self, send: impl FnOnce(&super::ai::AiClient)) {
        self.ensure_ai();
        if let Some(ai) = &self.ai {
            send(ai);
        }
    }

    fn ask_computer(&mut self, request: u64, moves: &str, level: crate::solver::Level) {
        self.ensure_ai();
        match &self.ai {
            Some(ai) => ai.best_move(request, moves, level),
            None => {
                let effects = self
                    .controller
                    .computer_failed("the worker could not start in this browser");
                self.apply(effects);
            }
        }
    }

    fn announce(&mut self, message: &str) {
        // A trailing no-break space alternates so that repeating a message is announced again.
        self.announce_toggle = !self.announce_toggle;
        let suffix = if self.announce_toggle { "" } else { "\u{a0}" };
        text(&self.el.status, &format!("{message}{suffix}"));
    }

    /// Brings the DOM mirror, the turn line and the controls in line with the game.
    fn refresh_dom(&mut self) {
        let c = &self.controller;
        let p = c.position();
        let shown = c.analysis().filter(|_| c.settings().show_analysis);
        for (column, button) in self.el.buttons.iter().enumerate() {
            let mut label = say::column_label(p, column);
            let outcome = shown
                .and_then(|s| s[column])
                .map(|s| say::outcome_text(s, p.move_count()));
            if let Some(outcome) = &outcome {
                label.push_str(&format!("; analysis: {outcome}"));
            }
            if c.hint() == Some(column) {
                label.push_str("; hint: best move");
            }
            set_attr(button, "aria-label", &label);
            let cell = &self.el.analysis_cells[column];
            text(cell, outcome.as_deref().unwrap_or(""));
            set_attr(
                cell,
                "data-best",
                if c.hint() == Some(column) {
                    "true"
                } else {
                    "false"
                },
            );
            let unavailable = !p.can_play(column);
            set_attr(
                button,
                "aria-disabled",
                if unavailable { "true" } else { "false" },
            );
            set_attr(
                button,
                "tabindex",
                if column == c.selected() { "0" } else { "-1" },
            );
        }
        let thinking = c.is_thinking();
        let turn = if thinking {
            format!("{} is thinking…", say::player_name(p.current_player()))
        } else {
            say::turn_text(p)
        };
        text(&self.el.turn, &turn);
        match p.status() {
            Status::InProgress => {
                set_attr(
                    &self.el.swatch,
                    "data-player",
                    &p.current_player().number().to_string(),
                );
                set_hidden(&self.el.swatch, false);
            }
            Status::Win(w) => {
                set_attr(&self.el.swatch, "data-player", &w.number().to_string());
                set_hidden(&self.el.swatch, false);
            }
            Status::Draw => set_hidden(&self.el.swatch, true),
        }
        set_attr(
            &self.el.wrapper,
            "aria-busy",
            if thinking { "true" } else { "false" },
        );
        let n = p.move_count();
        text(
            &self.el.count,
            &format!("{n} {} played", if n == 1 { "move" } else { "moves" }),
        );
        self.el.undo.set_disabled(n == 0);
        if !c.finished() {
            set_hidden(&self.el.result, true);
        }
        self.el
            .reduce_motion
            .set_checked(c.settings().reduced_motion);
        self.el
            .show_analysis
            .set_checked(c.settings().show_analysis);
        set_hidden(&self.el.analysis, !c.settings().show_analysis);
        self.el.hint.set_disabled(!c.human_to_move());
        let busy = c.is_analyzing() && c.settings().show_analysis;
        set_attr(
            &self.el.analysis,
            "data-busy",
            if busy { "true" } else { "false" },
        );
    }

    /// Requests a frame if something must be drawn.
    fn schedule(&mut self) {
        if self.frame_id.is_some() {
            return;
        }
        if let Some(frame) = &self.frame {
            self.frame_id = self
                .window
                .request_animation_frame(frame.as_ref().unchecked_ref())
                .ok();
        }
    }

    fn on_frame(&mut self, t: f64) {
        self.frame_id = None;
        let effects = self.controller.tick(t);
        self.draw_at(t);
        let animating = self.controller.is_animating(t);
        self.apply(effects);
        if animating {
            self.schedule();
        }
    }

    fn resize_canvas(&mut self) {
        let rect = self.el.stage.get_bounding_client_rect();
        let (w, h) = (rect.width().max(1.0), rect.height().max(1.0));
        self.dpr = self.window.device_pixel_ratio().max(1.0);
        self.layout = Layout::fit(w, h);
        let (pw, ph) = ((w * self.dpr).round() as u32, (h * self.dpr).round() as u32);
        if self.el.canvas.width() != pw || self.el.canvas.height() != ph {
            self.el.canvas.set_width(pw);
            self.el.canvas.set_height(ph);
        }
        // Column controls sit exactly over the board's columns, air row included.
        let l = &self.layout;
        let style = place_over_board(&self.el.columns, l);
        let _ = style.set_property("height", &format!("{}px", l.cell * (HEIGHT + 1) as f64));
        let style = place_over_board(&self.el.analysis, l);
        let _ = style.set_property(
            "font-size",
            &format!("{}px", (l.cell * 0.17).clamp(9.0, 16.0)),
        );
    }

    fn draw(&mut self) {
        let t = self.time();
        self.draw_at(t);
    }

    fn draw_at(&mut self, t: f64) {
        let pal = if self.dark.matches() { &DARK } else { &LIGHT };
        let ctx = &self.el.ctx;
        let l = self.layout;
        let _ = ctx.set_transform(self.dpr, 0.0, 0.0, self.dpr, 0.0, 0.0);
        ctx.clear_rect(0.0, 0.0, l.width, l.height);
        let c = &self.controller;
        let p = c.position();
        let board_w = l.cell * WIDTH as f64;
        let board_h = l.cell * HEIGHT as f64;
        let inset = l.cell * 0.04;

        // What shows through the holes.
        ctx.set_fill_style_str(pal.backdrop);
        ctx.fill_rect(
            l.left + inset,
            l.top + inset,
            board_w - 2.0 * inset,
            board_h - 2.0 * inset,
        );

        let falling = c.falling(t);
        let win = c.win_line();
        let others = c.others_alpha(t);
        for row in 0..HEIGHT {
            for column in 0..WIDTH {
                let Some(player) = p.cell(column, row) else {
                    continue;
                };
                if falling.is_some_and(|(f, _)| {
                    usize::from(f.column) == column && usize::from(f.row) == row
                }) {
                    continue;
                }
                let in_line = win
                    .iter()
                    .any(|w| usize::from(w.column) == column && usize::from(w.row) == row);
                let alpha = if in_line || win.is_empty() {
                    1.0
                } else {
                    others
                };
                let (x, y) = l.center(column, row as f64);
                draw_piece(ctx, pal, x, y, l.hole * 0.94, player, alpha);
            }
        }
        if let Some((placed, offset)) = falling {
            let (x, y) = l.center(usize::from(placed.column), f64::from(placed.row) - offset);
            draw_piece(ctx, pal, x, y, l.hole * 0.94, placed.player, 1.0);
        }

        // The board's face, with a round hole per cell.
        ctx.begin_path();
        round_rect(ctx, l.left, l.top, board_w, board_h, l.cell * 0.12);
        for row in 0..HEIGHT {
            for column in 0..WIDTH {
                let (x, y) = l.center(column, row as f64);
                ctx.move_to(x + l.hole, y);
                let _ = ctx.arc(x, y, l.hole, 0.0, TAU);
            }
        }
        ctx.set_fill_style_str(pal.board);
        ctx.fill_with_canvas_winding_rule(CanvasWindingRule::Evenodd);
        ctx.set_stroke_style_str(pal.board_edge);
        ctx.set_line_width(l.outline_width());
        ctx.stroke();

        // Winning checkers: a ring that does not rely on colour.
        for w in win {
            let (x, y) = l.center(usize::from(w.column), f64::from(w.row));
            ctx.begin_path();
            let _ = ctx.arc(x, y, l.hole * 0.55, 0.0, TAU);
            ctx.set_line_width(l.cell * 0.09);
            ctx.set_stroke_style_str(pal.marker_edge);
            ctx.stroke();
            ctx.set_line_width(l.cell * 0.05);
            ctx.set_stroke_style_str(pal.marker);
            ctx.stroke();
        }

        // The hinted column: a dashed ring where the piece would go in.
        if let Some(column) = c.hint() {
            if let Some(h) = (0..HEIGHT).rev().find(|&r| p.cell(column, r).is_none()) {
                let (x, y) = l.center(column, h as f64);
                ctx.begin_path();
                let _ = ctx.arc(x, y, l.hole * 1.08, 0.0, TAU);
                ctx.set_line_width(l.cell * 0.06);
                ctx.set_stroke_style_str(pal.marker);
                let dash = js_sys::Array::of2(
                    &JsValue::from(l.cell * 0.12),
                    &JsValue::from(l.cell * 0.08),
                );
                let _ = ctx.set_line_dash(&dash);
                ctx.stroke();
                let _ = ctx.set_line_dash(&js_sys::Array::new());
            }
        }

        // The ghost piece over the hovered or selected column.
        let ghost = self.hover.or(if self.focus_in_columns {
            Some(c.selected())
        } else {
            None
        });
        if let (Some(column), true) = (ghost, c.human_to_move() && falling.is_none()) {
            let (x, y) = l.center(column, -1.0);
            if p.can_play(column) {
                draw_piece(ctx, pal, x, y, l.hole * 0.94, p.current_player(), 0.55);
            } else {
                // Unavailable: a crossed-out outline.
                ctx.begin_path();
                let _ = ctx.arc(x, y, l.hole * 0.8, 0.0, TAU);
                let d = l.hole * 0.8 * std::f64::consts::FRAC_1_SQRT_2;
                ctx.move_to(x - d, y + d);
                ctx.line_to(x + d, y - d);
                ctx.set_line_width((l.cell * 0.05).max(1.5));
                ctx.set_stroke_style_str(pal.unavailable);
                ctx.stroke();
            }
        }

        if !self.first_draw_marked {
            self.first_draw_marked = true;
            if let Some(perf) = self.window.performance() {
                let _ = perf.mark("c4-first-board");
            }
        }
    }

    /// Runs one controller action at the current time, carries out its effects and redraws.
    fn run(&mut self, action: impl FnOnce(&mut Controller, f64) -> Vec<Effect>) {
        let t = self.time();
        let effects = action(&mut self.controller, t);
        self.apply(effects);
        self.draw();
    }

    fn drop_piece(&mut self, column: usize) {
        self.run(|c, t| c.drop_piece(column, t));
    }

    fn select(&mut self, column: usize, focus: bool) {
        self.run(|c, _| c.select(column));
        if focus {
            let _ = self.el.buttons[self.controller.selected()].focus();
        }
    }

    fn undo(&mut self) {
        self.run(Controller::undo);
    }

    fn new_game(&mut self, refocus: bool) {
        self.run(Controller::new_game);
        if refocus {
            let _ = self.el.buttons[self.controller.selected()].focus();
        }
    }

    /// Changes the settings with `change`, keeping the game.
    fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        let mut settings = self.controller.settings();
        change(&mut settings);
        self.run(|c, t| c.set_settings(settings, t));
    }

    pub(crate) fn computer_answer(&mut self, request: u64, column: usize) {
        self.run(|c, t| c.computer_move(request, column, t));
    }

    pub(crate) fn analysis_answer(&mut self, moves: &str, scores: crate::ui::controller::Scores) {
        self.run(|c, _| c.analysis_result(moves, scores));
    }

    pub(crate) fn hint_answer(&mut self, moves: &str, score: i32, columns: &[usize]) {
        self.run(|c, _| c.hint_result(moves, score, columns));
    }

    fn hint(&mut self) {
        self.run(|c, _| c.request_hint());
    }

    pub(crate) fn book_unavailable(&mut self, reason: &str) {
        self.run(|c, _| c.book_unavailable(reason));
    }

    pub(crate) fn computer_failed(&mut self, message: &str) {
        self.run(|c, _| c.computer_failed(message));
    }

    fn key(&mut self, event: &KeyboardEvent) {
        if event.alt_key() || event.ctrl_key() || event.meta_key() {
            return;
        }
        let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
        let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
            return;
        }
        let on_column = target
            .as_ref()
            .is_some_and(|t| t.class_list().contains("c4-col"));
        let key = event.key();
        match key.as_str() {
            "ArrowLeft" | "ArrowRight" if on_column => {
                event.prevent_default();
                let delta = if key == "ArrowLeft" { -1 } else { 1 };
                let next = (self.controller.selected() as i32 + delta).clamp(0, WIDTH as i32 - 1);
                self.select(next as usize, true);
            }
            "Home" | "End" if on_column => {
                event.prevent_default();
                self.select(if key == "Home" { 0 } else { WIDTH - 1 }, true);
            }
            "1" | "2" | "3" | "4" | "5" | "6" | "7" => {
                event.prevent_default();
                let column = usize::from(key.as_bytes()[0] - b'1');
                if on_column {
                    let _ = self.el.buttons[column].focus();
                }
                self.drop_piece(column);
            }
            "u" | "U" => {
                event.prevent_default();
                self.undo();
            }
            "n" | "N" => {
                event.prevent_default();
                self.new_game(true);
            }
            "h" | "H" => {
                event.prevent_default();
                self.hint();
            }
            _ => {}
        }
    }
}

fn draw_piece(
    ctx: &CanvasRenderingContext2d,
    pal: &Palette,
    x: f64,
    y: f64,
    r: f64,
    player: Player,
    alpha: f64,
) {
    ctx.set_global_alpha(alpha);
    let (fill, mark) = match player {
        Player::First => (pal.red, pal.red_mark),
        Player::Second => (pal.yellow, pal.yellow_mark),
    };
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, TAU);
    ctx.set_fill_style_str(fill);
    ctx.fill();
    ctx.set_stroke_style_str(mark);
    ctx.set_line_width((r * 0.09).max(1.0));
    match player {
        // Red: a ring inside the piece.
        Player::First => {
            ctx.begin_path();
            let _ = ctx.arc(x, y, r * 0.62, 0.0, TAU);
            ctx.stroke();
        }
        // Yellow: a cross inside the piece.
        Player::Second => {
            let d = r * 0.42;
            ctx.begin_path();
            ctx.move_to(x - d, y - d);
            ctx.line_to(x + d, y + d);
            ctx.move_to(x + d, y - d);
            ctx.line_to(x - d, y + d);
            ctx.stroke();
        }
    }
    ctx.set_global_alpha(1.0);
}

/// Lines an overlay up with the board: its columns, from the top of the row of air.
fn place_over_board(el: &HtmlElement, l: &Layout) -> web_sys::CssStyleDeclaration {
    let style = el.style();
    let _ = style.set_property("left", &format!("{}px", l.left));
    let _ = style.set_property("top", &format!("{}px", l.top - l.cell));
    let _ = style.set_property("width", &format!("{}px", l.cell * WIDTH as f64));
    style
}

fn round_rect(ctx: &CanvasRenderingContext2d, x: f64, y: f64, w: f64, h: f64, r: f64) {
    ctx.move_to(x + r, y);
    let _ = ctx.arc_to(x + w, y, x + w, y + h, r);
    let _ = ctx.arc_to(x + w, y + h, x, y + h, r);
    let _ = ctx.arc_to(x, y + h, x, y, r);
    let _ = ctx.arc_to(x, y, x + w, y, r);
    ctx.close_path();
}

fn install_style(doc: &Document) -> Result<(), JsValue> {
    if doc.get_element_by_id(STYLE_ID).is_some() {
        return Ok(());
    }
    let style = doc.create_element("style")?;
    style.set_id(STYLE_ID);
    style.set_text_content(Some(CSS));
    let head = doc.head().ok_or("the document has no head")?;
    head.append_child(&style)?;
    Ok(())
}

fn button(doc: &Document, class: &str, label: &str) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = el(doc, "button", class)?;
    b.set_type("button");
    b.set_text_content(Some(label));
    Ok(b)
}

/// The settings' choices for each side: a person, or the computer at a level.
const PLAYER_CHOICES: [(&str, &str); 5] = [
    ("human", "A person"),
    ("easy", "Computer: easy"),
    ("medium", "Computer: medium"),
    ("hard", "Computer: hard"),
    ("perfect", "Computer: perfect"),
];

fn player_value(kind: PlayerKind) -> &'static str {
    match kind {
        PlayerKind::Human => "human",
        PlayerKind::Computer(level) => level.name(),
    }
}

fn build_dom(
    doc: &Document,
    root: &HtmlElement,
    reduced_motion: bool,
    players: [PlayerKind; 2],
) -> Result<Elements, JsValue> {
    let wrapper: HtmlElement = el(doc, "section", "c4")?;
    attr(&wrapper, "aria-label", "Connect Four")?;

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
    attr(&columns, "aria-label", "Board: choose a column")?;
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
    let play_again = button(doc, "c4-btn c4-primary", "Play again")?;
    append(&result, &result_text)?;
    append(&result, &play_again)?;

    let controls: HtmlElement = el(doc, "div", "c4-controls")?;
    let new_game = button(doc, "c4-btn", "New game")?;
    attr(&new_game, "aria-keyshortcuts", "N")?;
    let undo = button(doc, "c4-btn", "Undo")?;
    attr(&undo, "aria-keyshortcuts", "U")?;
    let hint = button(doc, "c4-btn", "Hint")?;
    attr(&hint, "aria-keyshortcuts", "H")?;
    let analysis_label: HtmlElement = el(doc, "label", "c4-toggle")?;
    let show_analysis: HtmlInputElement = el(doc, "input", "")?;
    show_analysis.set_type("checkbox");
    append(&analysis_label, &show_analysis)?;
    analysis_label.append_with_str_1("Show analysis")?;
    append(&controls, &new_game)?;
    append(&controls, &undo)?;
    append(&controls, &hint)?;
    append(&controls, &analysis_label)?;

    let settings: HtmlElement = el(doc, "details", "c4-settings")?;
    let summary: HtmlElement = el(doc, "summary", "")?;
    summary.set_text_content(Some("Settings"));
    let body: HtmlElement = el(doc, "div", "c4-settings-body")?;
    let motion_label: HtmlElement = el(doc, "label", "")?;
    let reduce_motion: HtmlInputElement = el(doc, "input", "")?;
    reduce_motion.set_type("checkbox");
    reduce_motion.set_checked(reduced_motion);
    append(&motion_label, &reduce_motion)?;
    motion_label.append_with_str_1("Reduce motion")?;
    let help: HtmlElement = el(doc, "p", "c4-help")?;
    help.set_text_content(Some(
        "Keys: ← → choose a column, Enter or Space drops, 1–7 drop directly, U undoes, N starts a new game, H gives a hint.",
    ));
    let mut player_selects = Vec::new();
    for (name, kind) in [("Red", players[0]), ("Yellow", players[1])] {
        let label: HtmlElement = el(doc, "label", "")?;
        label.append_with_str_1(&format!("{name} is played by"))?;
        let select: HtmlSelectElement = el(doc, "select", "")?;
        for (value, text) in PLAYER_CHOICES {
            let option = doc.create_element("option")?;
            attr(&option, "value", value)?;
            option.set_text_content(Some(text));
            append(&select, &option)?;
        }
        select.set_value(player_value(kind));
        append(&label, &select)?;
        append(&body, &label)?;
        player_selects.push(select);
    }
    append(&body, &motion_label)?;
    append(&body, &help)?;
    append(&settings, &summary)?;
    append(&settings, &body)?;

    append(&wrapper, &bar)?;
    append(&wrapper, &stage)?;
    append(&wrapper, &status)?;
    append(&wrapper, &result)?;
    append(&wrapper, &controls)?;
    append(&wrapper, &settings)?;
    root.append_child(&wrapper)?;

    Ok(Elements {
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
        reduce_motion,
        player_selects: player_selects
            .try_into()
            .map_err(|_| "two player choices")?,
        show_analysis,
        hint,
        analysis,
        analysis_cells,
    })
}

/// Runs `f` on the app unless it is gone or already busy (a re-entrant DOM event).
fn with_app(weak: &Weak<RefCell<App>>, f: impl FnOnce(&mut App)) {
    if let Some(shared) = weak.upgrade() {
        if let Ok(mut app) = shared.try_borrow_mut() {
            f(&mut app);
        }
    }
}

/// A listener for `event` on `target` that runs `f` on the app, while the app is alive
/// and not already busy (see [`with_app`]).
fn listen(
    weak: &Weak<RefCell<App>>,
    target: &EventTarget,
    event: &'static str,
    f: impl Fn(&mut App, &Event) + 'static,
) -> EventListener {
    let w = weak.clone();
    EventListener::new(target, event, move |e| with_app(&w, |a| f(a, e)))
}

fn wire(shared: &Shared) -> Result<(), JsValue> {
    let weak = Rc::downgrade(shared);
    let mut app = shared.borrow_mut();
    let mut listeners = Vec::new();

    // One frame callback for the app's life, cancelled in destroy.
    let w = weak.clone();
    app.frame = Some(Closure::new(move |t: f64| with_app(&w, |a| a.on_frame(t))));

    for (column, b) in app.el.buttons.iter().enumerate() {
        listeners.push(listen(&weak, b, "click", move |a, _| a.drop_piece(column)));
        listeners.push(listen(&weak, b, "focus", move |a, _| {
            a.focus_in_columns = true;
            a.select(column, false);
        }));
        listeners.push(listen(&weak, b, "blur", |a, _| {
            a.focus_in_columns = false;
            a.draw();
        }));
    }
    listeners.push(listen(&weak, &app.el.columns, "pointermove", |a, e| {
        let Some(e) = e.dyn_ref::<PointerEvent>() else {
            return;
        };
        let left = a.el.stage.get_bounding_client_rect().left();
        let column = a.layout.column_at(f64::from(e.client_x()) - left);
        if column != a.hover {
            a.hover = column;
            a.draw();
        }
    }));
    listeners.push(listen(&weak, &app.el.columns, "pointerleave", |a, _| {
        a.hover = None;
        a.draw();
    }));

    // Keys are handled (and their default actions prevented) on the whole game.
    let w = weak.clone();
    listeners.push(EventListener::new_with_options(
        &app.el.wrapper,
        "keydown",
        EventListenerOptions::enable_prevent_default(),
        move |e| {
            if let Some(e) = e.dyn_ref::<KeyboardEvent>() {
                with_app(&w, |a| a.key(e));
            }
        },
    ));
    listeners.push(listen(&weak, &app.el.undo, "click", |a, _| a.undo()));
    listeners.push(listen(&weak, &app.el.new_game, "click", |a, _| {
        a.new_game(false)
    }));
    listeners.push(listen(&weak, &app.el.play_again, "click", |a, _| {
        a.new_game(true)
    }));
    listeners.push(listen(&weak, &app.el.hint, "click", |a, _| a.hint()));
    listeners.push(listen(&weak, &app.el.show_analysis, "change", |a, _| {
        let on = a.el.show_analysis.checked();
        a.change_settings(|s| s.show_analysis = on);
    }));
    listeners.push(listen(&weak, &app.el.reduce_motion, "change", |a, _| {
        let on = a.el.reduce_motion.checked();
        a.change_settings(|s| s.reduced_motion = on);
    }));
    for select in &app.el.player_selects {
        listeners.push(listen(&weak, select, "change", |a, _| {
            let players = [0, 1].map(|i| {
                parse_player(&Some(a.el.player_selects[i].value()), "").unwrap_or(PlayerKind::Human)
            });
            a.change_settings(|s| s.players = players);
        }));
    }
    listeners.push(listen(&weak, &app.dark, "change", |a, _| a.draw()));

    // Resize with the container, and on device-pixel-ratio changes (zoom).
    let w = weak.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || {
        with_app(&w, |a| {
            a.resize_canvas();
            a.draw();
        })
    });
    let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref())?;
    observer.observe(&app.el.stage);
    app.resize = Some((observer, on_resize));
    listeners.push(listen(&weak, &app.window, "resize", |a, _| {
        a.resize_canvas();
        a.draw();
    }));

    app.listeners = listeners;
    Ok(())
}
