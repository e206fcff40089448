//! `mount(element, options)`: the whole game inside any element, and the handle the host
//! page drives it with.

use super::app::{run_app, App, Shared};
use super::convert::{column_from_js, describe, error_text, to_js};
use super::options::{self, Choice};
use super::storage;
use crate::engine::error::quoted;
use crate::engine::{Column, PlayError};
use crate::ui::effect::Unreadable;
use crate::ui::event::Refusal;
use crate::ui::save::Saved;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_HANDLE_TYPES: &'static str = r#"
/** A game's state, as the handle's `state` gives it. */
export interface GameState {
  /** The board's columns, 4 to 9 (7 on the standard board). */
  columns: number;
  /** The board's rows, 4 to 9 (6 on the standard board). */
  rows: number;
  /** The moves so far in Pons' notation, e.g. "4453". */
  moves: string;
  /** Rows from top to bottom, each with a cell per column: 0 empty, 1 or 2 a player's piece. */
  board: number[][];
  /** "in-progress", "win" or "draw". */
  status: GameStatus;
  /** The winner, 1 or 2, once the game is won; otherwise `null`. */
  winner: 1 | 2 | null;
  /** Every cell of every line of four or more through the winning move; empty unless won. */
  winLine: Cell[];
  /** The player to move. */
  currentPlayer: 1 | 2;
}
"#;

/// A mounted game: its state, moves for the player to move, and `destroy()`. Events fire
/// on the host element: `c4-move`, `c4-end`, `c4-refused`, `c4-newgame`, `c4-error`,
/// `c4-undo` and `c4-change`.
/// The game lives until `destroy()`, not as long as its handle: a handle that is dropped,
/// freed or disposed leaves a board that still plays.
#[wasm_bindgen]
pub struct MountHandle {
    /// Empty once destroyed. A `RefCell` so that `destroy()` takes `&self`: it may come
    /// from a callback while another of the handle's methods runs.
    app: RefCell<Option<Weak<RefCell<App>>>>,
}

thread_local! {
    /// Every game on the page. They are kept here, not by their handles, so that the
    /// garbage collector freeing a handle the page did not keep never kills a board.
    static LIVE: RefCell<Vec<Shared>> = const { RefCell::new(Vec::new()) };
}

const DESTROYED: &str = "this game was destroyed";

impl MountHandle {
    /// Runs `f` on the live game, then fires the events it raised.
    fn with<T>(&self, f: impl FnOnce(&mut App) -> T) -> Result<T, JsError> {
        let app = self
            .app
            .borrow()
            .as_ref()
            .and_then(Weak::upgrade)
            .ok_or_else(|| JsError::new(DESTROYED))?;
        run_app(&app, f).ok_or_else(|| {
            JsError::new("the game is busy: it cannot be driven from inside its own callbacks")
        })
    }
}

#[wasm_bindgen]
impl MountHandle {
    /// The game's state: moves, board, status, winner, winning line, player to move.
    #[wasm_bindgen(getter, unchecked_return_type = "GameState")]
    pub fn state(&self) -> Result<JsValue, JsError> {
        self.with(|app| to_js(&app.state()))
    }

    /// Plays `column` (0-based) for the player to move, as if they chose it. Throws like
    /// `Game.play` (`invalid column`, `full`, `over`), and `busy` while it is the
    /// computer's turn; a refused move fires `c4-refused`. A move made while a piece falls
    /// counts at once, and its piece falls next.
    #[wasm_bindgen(unchecked_return_type = "MoveResult")]
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] column: JsValue,
    ) -> Result<JsValue, JsError> {
        let (over, width) = self.with(|app| {
            let state = app.state();
            (state.status != "in-progress", usize::from(state.columns))
        })?;
        let column = match column_from_js(&column, width) {
            Ok(column) => column,
            // A finished game says so first, as `Game.play` does.
            Err(_) if over => Column::ALL[0],
            Err(e) => return Err(e),
        };
        match self.with(|app| app.play(column))? {
            Ok(result) => Ok(to_js(&result)),
            Err(Refusal::Full) => Err(JsError::new(
                &PlayError::ColumnFull {
                    column: column.index(),
                }
                .to_string(),
            )),
            Err(Refusal::Over) => Err(JsError::new("the game is over")),
            Err(Refusal::Busy) => Err(JsError::new(
                "the game is busy: it is the computer's turn or a piece is falling",
            )),
        }
    }

    /// Takes back the last move (against the computer, its reply too).
    pub fn undo(&self) -> Result<(), JsError> {
        self.with(App::undo)
    }

    /// Starts a new game, from `options.moves` if given, after applying any other options
    /// as `setOptions` does. Fires `c4-newgame`.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "MountOptions")] options: Option<JsValue>,
    ) -> Result<(), JsError> {
        let options =
            options::parse(&options.unwrap_or(JsValue::UNDEFINED)).map_err(|e| JsError::new(&e))?;
        self.with(|app| {
            let start = options.moves.is_some();
            app.set_options(&options)?;
            if !start {
                app.new_empty_game();
            }
            Ok(())
        })?
        .map_err(|e: String| JsError::new(&e))
    }

    /// Changes the options it names and keeps the others. Throws on an unknown or invalid
    /// option, and then changes nothing. `moves` starts a new game from that position.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(
        &self,
        #[wasm_bindgen(unchecked_param_type = "MountOptions")] options: JsValue,
    ) -> Result<(), JsError> {
        let options = options::parse(&options).map_err(|e| JsError::new(&e))?;
        self.with(|app| app.set_options(&options))?
            .map_err(|e| JsError::new(&e))
    }

    /// Removes the game's DOM, listeners, animation frames and worker. Safe to call twice,
    /// and from any callback: called while the game is busy (from inside one of its own
    /// DOM callbacks), it is done as soon as the game is free.
    pub fn destroy(&self) {
        let weak = self.app.borrow_mut().take();
        let Some(app) = weak.and_then(|weak| weak.upgrade()) else {
            return;
        };
        LIVE.with(|live| live.borrow_mut().retain(|a| !Rc::ptr_eq(a, &app)));
        crate::web::app::destroy(app);
    }

    /// Starts an online game on the board's size (set `columns` and `rows` first for
    /// another size), the person in `colour` (`"red"`, `"yellow"` or `"random"`; by
    /// default the colour the main choice shows), and the invite link shows (`inviteUrl`).
    /// Throws if online play is off, or for another colour.
    #[wasm_bindgen(js_name = playOnline)]
    pub fn play_online(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "\"red\" | \"yellow\" | \"random\"")]
        colour: Option<String>,
    ) -> Result<(), JsError> {
        let colour = match colour.as_deref() {
            None => None,
            Some("random") => Some(None),
            Some(name) => match crate::online::Seat::named(name) {
                Some(seat) => Some(Some(seat)),
                None => {
                    return Err(JsError::new(&format!(
                        "playOnline: the colour is \"red\", \"yellow\" or \"random\", not {}",
                        crate::engine::error::quoted(name)
                    )))
                }
            },
        };
        self.with(|app| app.create_online(colour))?
            .map_err(|e| JsError::new(&e))
    }

    /// Leaves the online game shown, if one is: the board shows the game kept aside.
    #[wasm_bindgen(js_name = leaveOnline)]
    pub fn leave_online(&self) -> Result<(), JsError> {
        self.with(App::leave_online)
    }

    /// Resigns the online game the person plays. Throws if there is none going on.
    pub fn resign(&self) -> Result<(), JsError> {
        self.with(App::resign_online)?.map_err(|e| JsError::new(&e))
    }

    /// The invite link of the online game shown while it waits for the friend (as the
    /// `inviteUrl` option makes it), or `null`.
    #[wasm_bindgen(getter, js_name = inviteUrl, unchecked_return_type = "string | null")]
    pub fn invite_url(&self) -> Result<JsValue, JsError> {
        self.with(|app| app.invite_url().map_or(JsValue::NULL, JsValue::from))
    }

    /// Whether `destroy()` has been called.
    #[wasm_bindgen(getter)]
    pub fn destroyed(&self) -> bool {
        self.app.borrow().is_none()
    }
}

/// Checks `options` as `mount` would, without mounting. `<connect-four>` reads its attributes
/// one at a time through it, so that a bad one is reported and left out, and the game still
/// starts with the others.
#[wasm_bindgen(js_name = __checkOptions, skip_typescript)]
pub fn check_options(options: JsValue) -> Result<(), JsError> {
    let options = options::parse(&options).map_err(|e| JsError::new(&e))?;
    let base_uri = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    options
        .over(&Choice::defaults(false), &base_uri)
        .map(|_| ())
        .map_err(|e| JsError::new(&e))
}

/// Builds the whole game in `element`'s shadow root (its own children still show, before
/// the game), and returns its handle. Throws if `element` is not an HTML element or an
/// option is unknown or invalid.
#[wasm_bindgen]
pub fn mount(
    #[wasm_bindgen(unchecked_param_type = "DomType<\"HTMLElement\">")] element: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MountOptions")] options: Option<JsValue>,
) -> Result<MountHandle, JsError> {
    console_error_panic_hook::set_once();
    let element: web_sys::HtmlElement = element.dyn_into().map_err(|v| {
        // An element of another window (a same-origin iframe's) is not one of this
        // window's elements: the game, its styles and its events live in one document.
        let node_type = js_sys::Reflect::get(&v, &JsValue::from_str("nodeType")).ok();
        if v.is_object() && node_type.and_then(|t| t.as_f64()) == Some(1.0) {
            return JsError::new(
                "mount needs an element of this window's document, and this one belongs to \
                 another window (an iframe's): load the package in that window and mount \
                 there, or mount on an element of this page",
            );
        }
        JsError::new(&format!(
            "mount needs an HTML element, got {}",
            describe(&v)
        ))
    })?;
    super::view::check_host(&element).map_err(|e| JsError::new(&e))?;
    if LIVE.with(|live| {
        live.borrow()
            .iter()
            .any(|app| App::hosted_by(app, &element))
    }) {
        return Err(JsError::new(
            "this element already holds a game: call destroy() on its handle before mounting \
             another, or mount the second game on another element",
        ));
    }
    let options =
        options::parse(&options.unwrap_or(JsValue::UNDEFINED)).map_err(|e| JsError::new(&e))?;
    let window = web_sys::window().ok_or_else(|| JsError::new("mount needs a window"))?;
    let base_uri = element.base_uri().ok().flatten().unwrap_or_default();
    let reduced_motion = window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    // The game saved on this page before, under the options' key: saving is the host's
    // choice.
    let key = options.storage_key.clone().filter(|key| !key.is_empty());
    let mut base = Choice::defaults(reduced_motion);
    let mut unreadable = None;
    // The saved game was played with help: it stays so if it is the game that starts.
    let mut helped = None;
    if let Some((key, text)) = key
        .as_deref()
        .and_then(|key| Some((key, storage::load(key)?)))
    {
        let fallback = Saved::fresh(base.settings);
        let (saved, problems, whole) = match Saved::restore(&text, &fallback) {
            Ok(restored) => (restored.saved, restored.problems, false),
            Err(why) => (fallback, vec![why.to_string()], true),
        };
        helped = saved.helped.then_some(saved.position);
        base.settings = saved.settings;
        base.moves = Some(saved.position);
        base.record = saved.record;
        base.played = saved.played;
        base.solved = saved.solved;
        base.puzzle = saved.puzzle;
        base.online_game = saved.online;
        if !problems.is_empty() {
            // The next save overwrites the text: what could not be read is kept apart first.
            let kept = storage::keep_apart(key, &text);
            unreadable = Some(Unreadable {
                whole,
                why: format!(
                    "{}{}",
                    problems
                        .iter()
                        .fold(crate::joined::Joined::new("; "), |mut why, problem| {
                            why.push(problem);
                            why
                        })
                        .text(),
                    match kept {
                        Some(apart) =>
                            format!(" (the saved text is kept under {})", quoted(&apart)),
                        None => String::new(),
                    }
                ),
            });
        }
    }
    let mut choice = options
        .over(&base, &base_uri)
        .map_err(|e| JsError::new(&e))?;
    choice.helped = helped.is_some() && helped == choice.moves;
    if choice.links {
        choice.link = super::address::read_link(&window);
    }
    // A game the options ask to join opens as its invite link would.
    if let Some(game) = choice.join.take() {
        choice.link = Some(Ok(crate::ui::share::Link::join(game)));
    }
    let app =
        App::mount(&element, choice, key, unreadable).map_err(|e| JsError::new(&error_text(&e)))?;
    let handle = MountHandle {
        app: RefCell::new(Some(Rc::downgrade(&app))),
    };
    LIVE.with(|live| live.borrow_mut().push(app));
    Ok(handle)
}
