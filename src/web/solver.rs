//! `Solver`: the JS face of the perfect solver and the computer's levels.

#[cfg(any(feature = "ui", feature = "solver-esm"))]
use super::convert::error_text;
use super::convert::{
    describe, integer_from_js, integer_option, js_error, option, options_object, position_from_js,
    size_from_options, to_js, MAX_SAFE_INTEGER,
};
use crate::engine::{Position, Size};
use crate::solver::{Book, Level, Rng, Solver as Core};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Positions [`Solver::ponder`] searches per call unless told otherwise.
const DEFAULT_PONDER_BUDGET: u64 = 200_000;

use super::MAX_TABLE_MIB;

/// The TypeScript types of the options and answers, beside the generated declarations.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = include_str!("solver.d.ts");

/// A perfect Connect Four solver for one board size (7 x 6 unless told), with the
/// computer's levels.
///
/// Scores follow Pascal Pons' convention, for the side to move: 0 is a draw; with `n` of the
/// board's `cells` moves played, winning with the next move scores `(cells + 1 - n) / 2`, a
/// later win less, and a loss the opponent's win negated. On 7 x 6 a positive score `s`
/// wins with the mover's `(22 - s)`-th stone; a negative one loses to the opponent's
/// `(22 + s)`-th stone. Moves use `Game.fromMoves` notation (`"4453"`). The transposition
/// table is kept between calls, so later calls on related positions are faster.
#[wasm_bindgen]
pub struct Solver {
    core: Core,
    rng: Rng,
}

/// A position that is not over on a board of `size`, from a JS move string.
fn position(moves: &JsValue, size: Size) -> Result<Position, JsError> {
    let p = position_from_js(moves, size)?;
    if p.is_over() {
        return Err(JsError::new(&format!(
            "the game {} is already over, so there is nothing to solve",
            crate::engine::error::quoted(&p.moves_string())
        )));
    }
    Ok(p)
}

impl Solver {
    /// A `…Within` method: `moves` and `budget` read and checked, then `search`'s answer
    /// (`null` where it gave up) for JS.
    fn within<T: crate::json::Json>(
        &mut self,
        moves: &JsValue,
        budget: &JsValue,
        search: impl FnOnce(&mut Core, &Position, u64) -> Result<T, crate::solver::SolveError>,
    ) -> Result<JsValue, JsError> {
        let p = position(moves, self.core.size())?;
        let budget = integer_from_js(budget, "budget", 1, MAX_SAFE_INTEGER)?;
        let found = search(&mut self.core, &p, budget).map_err(js_error)?;
        Ok(to_js(&found))
    }
}

#[wasm_bindgen(module = "/src/web/book.js")]
extern "C" {
    /// Downloads the book, stopping past `max_bytes` or after `stall_ms` without a byte.
    #[wasm_bindgen(js_name = fetchBook)]
    fn fetch_book_js(
        url: &str,
        max_bytes: u32,
        stall_ms: u32,
        on_progress: &JsValue,
    ) -> js_sys::Promise;
    /// Gathers the chunks `next()` gives, stopping past `max_bytes`.
    #[wasm_bindgen(js_name = gather)]
    fn gather_js(next: &JsValue, max_bytes: u32, on_chunk: &JsValue) -> js_sys::Promise;
}

/// Internal: the bytes `next()` gives, a chunk at a time until it gives `null` (a
/// `Uint8Array`), refusing more than a book can have: how the Node entry reads a book file
/// with the same limit as a download.
#[wasm_bindgen(js_name = __gatherBook, skip_typescript)]
pub fn gather_book(next: &JsValue) -> js_sys::Promise {
    gather_js(next, Book::MAX_BYTES as u32, &JsValue::UNDEFINED)
}

/// A download of the book that gets no bytes for this long has stalled.
const BOOK_STALL_MS: u32 = 20_000;

/// Internal: downloads the opening book at `url` (a `Uint8Array`), refusing more bytes than
/// a book can have and a download that stalls; `onProgress(loaded, total)` hears how far it
/// got. The computer's worker and the Node entry use it, so every download of the book
/// stops at the same limits.
#[wasm_bindgen(js_name = __fetchBook, skip_typescript)]
pub fn fetch_book(url: &str, on_progress: &JsValue) -> js_sys::Promise {
    fetch_book_js(url, Book::MAX_BYTES as u32, BOOK_STALL_MS, on_progress)
}

/// `promise.then(f)` or `promise.catch(f)`, with `f` a JS function.
fn chain(promise: &JsValue, method: &str, f: &JsValue) -> Result<JsValue, JsValue> {
    let method: js_sys::Function =
        js_sys::Reflect::get(promise, &JsValue::from_str(method))?.dyn_into()?;
    method.call1(promise, f)
}

/// `Solver.load`'s size, table size, seed and book URL.
fn load_options(options: Option<JsValue>) -> Result<(Settings, String), JsError> {
    let (settings, url) = match options_object(options, LOAD_KEYS, "Solver")? {
        None => (Settings::default(), JsValue::UNDEFINED),
        Some(options) => (Settings::from_js(&options)?, option(&options, "bookUrl")?),
    };
    let url = if url.is_undefined() {
        default_book_url()?
    } else if let Some(text) = url.as_string() {
        text
    } else if url.dyn_ref::<web_sys::Url>().is_some() {
        // Read through a call that catches: a throwing `href` getter is an error, not an
        // exception unwinding through wasm.
        js_sys::Reflect::get(&url, &JsValue::from_str("href"))
            .ok()
            .and_then(|href| href.as_string())
            .ok_or_else(|| JsError::new("could not read options.bookUrl.href"))?
    } else {
        return Err(JsError::new(&format!(
            "invalid bookUrl {}: expected a string or a URL",
            describe(&url)
        )));
    };
    Ok((settings, url))
}

/// Where `Solver.load` fetches the book unless told: the package's `book.bin`.
fn default_book_url() -> Result<String, JsError> {
    #[cfg(feature = "ui")]
    {
        super::assets::book_url().map_err(|e| JsError::new(&error_text(&e)))
    }
    // The solver's own module (crates/solver): the book beside its glue.
    #[cfg(all(feature = "solver-esm", not(feature = "ui")))]
    {
        web_sys::Url::new_with_base("book.bin", &glue_url())
            .map(|url| url.href())
            .map_err(|e| JsError::new(&error_text(&e)))
    }
    #[cfg(not(any(feature = "ui", feature = "solver-esm")))]
    Err(JsError::new(
        "Solver.load needs options.bookUrl in this build (it cannot see its own URL)",
    ))
}

#[cfg(all(feature = "solver-esm", not(feature = "ui")))]
#[wasm_bindgen]
extern "C" {
    /// `import.meta.url` of the solver's glue module (wasm-bindgen inlines it there).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

#[cfg(all(feature = "solver-esm", not(feature = "ui")))]
fn glue_url() -> String {
    GLUE_URL.with(String::clone)
}

/// The options `new Solver` and `Solver.load` share.
struct Settings {
    size: Size,
    /// Table size in MiB.
    table_mib: usize,
    /// A fresh random seed unless given.
    seed: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            size: Size::CLASSIC,
            table_mib: MAX_TABLE_MIB,
            seed: None,
        }
    }
}

impl Settings {
    /// `options.columns`, `options.rows`, `options.tableMiB` and `options.seed`, once
    /// `options` is known to be an object.
    fn from_js(options: &JsValue) -> Result<Settings, JsError> {
        let size = size_from_options(options)?;
        let mib = integer_option(options, "tableMiB", 1, MAX_TABLE_MIB as u64)?;
        Ok(Settings {
            size,
            table_mib: mib.map_or(MAX_TABLE_MIB, |mib| mib as usize),
            seed: integer_option(options, "seed", 0, MAX_SAFE_INTEGER)?,
        })
    }
}

/// What `new Solver(options)` takes.
const NEW_KEYS: &[&str] = &["columns", "rows", "tableMiB", "book", "seed"];
/// What `Solver.load(options)` takes.
const LOAD_KEYS: &[&str] = &["columns", "rows", "tableMiB", "seed", "bookUrl"];

/// A book file's bytes, copied into wasm memory unless there are more than any book has.
fn book_bytes(array: &js_sys::Uint8Array) -> Result<Vec<u8>, crate::solver::book::BookError> {
    Book::check_size(array.length() as usize)?;
    Ok(array.to_vec())
}

/// The book in `options.book`, for a solver of `size`: `undefined`, `null` or `false` for
/// none, or the bytes of a book file (a `Uint8Array` or an `ArrayBuffer`), which must read
/// as one; only the 7 x 6 board has a book.
fn book_from_js(value: &JsValue, size: Size) -> Result<Option<Book>, JsError> {
    if value.is_undefined() || value.is_null() || value.as_bool() == Some(false) {
        return Ok(None);
    }
    if !size.is_classic() {
        return Err(JsError::new(&format!(
            "the opening book is for the 7 x 6 board, not {} x {}: leave options.book out",
            size.width(),
            size.height()
        )));
    }
    // An empty buffer, or one transferred away (detached), which reads as empty: said
    // before a view of it is made (making one of a detached buffer throws).
    let empty = match (
        value.dyn_ref::<js_sys::Uint8Array>(),
        value.dyn_ref::<js_sys::ArrayBuffer>(),
    ) {
        (Some(bytes), _) => bytes.byte_length() == 0,
        (_, Some(buffer)) => buffer.byte_length() == 0,
        _ => false,
    };
    if empty {
        return Err(JsError::new(
            "invalid book: it has no bytes (an ArrayBuffer that was transferred, to a worker \
             say, has none left): pass the bytes of book.bin",
        ));
    }
    let bytes = if let Some(bytes) = value.dyn_ref::<js_sys::Uint8Array>() {
        book_bytes(bytes).map_err(|e| JsError::new(&format!("invalid book: {e}")))?
    } else if let Some(buffer) = value.dyn_ref::<js_sys::ArrayBuffer>() {
        book_bytes(&js_sys::Uint8Array::new(buffer))
            .map_err(|e| JsError::new(&format!("invalid book: {e}")))?
    } else {
        return Err(JsError::new(&format!(
            "invalid book {}: expected the bytes of book.bin (a Uint8Array or an ArrayBuffer), or false",
            describe(value)
        )));
    };
    Book::from_bytes_verified(&bytes)
        .map(Some)
        .map_err(|e| JsError::new(&format!("invalid book: {e}")))
}

#[wasm_bindgen]
impl Solver {
    /// `options.tableMiB`: table size in MiB, an integer from 1 to 64 (default 64).
    /// `options.book`: the bytes of `book.bin` (reading it is a copy and a digest, tens of
    /// ms; the solver keeps its table, so make one, once, in a worker); none by default.
    /// `options.seed`: seeds the random choices, an integer from 0 to 2^53 - 1 (default: a
    /// fresh random seed, so games differ).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "SolverOptions")] options: Option<JsValue>,
    ) -> Result<Solver, JsError> {
        let (settings, book) = match options_object(options, NEW_KEYS, "Solver")? {
            None => (Settings::default(), None),
            Some(options) => {
                let settings = Settings::from_js(&options)?;
                let book = book_from_js(&option(&options, "book")?, settings.size)?;
                (settings, book)
            }
        };
        Solver::with(settings, book)
    }

    /// A solver with the opening book, fetched from `options.bookUrl` (default: `book.bin`
    /// beside this module, where `make package` puts it). Rejects, saying why, if the book
    /// cannot be fetched or read; `new Solver()` then still gives exact answers, only
    /// slower early in a game.
    #[wasm_bindgen(unchecked_return_type = "Promise<Solver>")]
    pub fn load(
        #[wasm_bindgen(unchecked_optional_param_type = "SolverLoadOptions")] options: Option<
            JsValue,
        >,
    ) -> js_sys::Promise {
        // Promise callbacks rather than a Rust future: no executor to ship with the module.
        let (settings, url) = match load_options(options) {
            Ok(found) => found,
            Err(e) => return js_sys::Promise::reject(&e.into()),
        };
        if !settings.size.is_classic() {
            // Only the standard board has a book: nothing to fetch.
            return match Solver::with(settings, None) {
                Ok(solver) => js_sys::Promise::resolve(&JsValue::from(solver)),
                Err(e) => js_sys::Promise::reject(&e.into()),
            };
        }
        let fetched = fetch_book(&url, &JsValue::UNDEFINED);
        let on_bytes = Closure::once_into_js(move |buffer: JsValue| -> Result<JsValue, JsValue> {
            let invalid = |e| js_sys::Error::new(&format!("invalid opening book at {url}: {e}"));
            let bytes = book_bytes(&js_sys::Uint8Array::new(&buffer)).map_err(invalid)?;
            let book = Book::from_bytes_verified(&bytes).map_err(invalid)?;
            Solver::with(settings, Some(book))
                .map(JsValue::from)
                .map_err(JsValue::from)
        });
        let chained = chain(&fetched, "then", &on_bytes);
        match chained {
            Ok(promise) => promise.unchecked_into(),
            Err(e) => js_sys::Promise::reject(&e),
        }
    }

    /// A solver, or an error if its table's memory cannot be had (too many solvers that
    /// were never freed).
    fn with(settings: Settings, book: Option<Book>) -> Result<Solver, JsError> {
        let seed = settings
            .seed
            .unwrap_or_else(|| (js_sys::Math::random() * 2f64.powi(53)) as u64);
        let mut core = Core::try_for_size(settings.size, settings.table_mib).map_err(js_error)?;
        core.set_book(book);
        Ok(Solver {
            core,
            rng: Rng::new(seed),
        })
    }

    /// Pons' score of the position for the side to move.
    pub fn score(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    ) -> Result<i32, JsError> {
        let p = position(&moves, self.core.size())?;
        self.core.score(&p).map_err(js_error)
    }

    /// One entry per column: the score of playing it for the side to move, `null` for a
    /// full column.
    #[wasm_bindgen(unchecked_return_type = "(number | null)[]")]
    pub fn analyze(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    ) -> Result<JsValue, JsError> {
        let p = position(&moves, self.core.size())?;
        let scores = self.core.analyze(&p).map_err(js_error)?;
        Ok(to_js(&scores))
    }

    /// `score`, giving up once about `budget` positions are searched: then `null`, never a
    /// guess. For big boards, where an exact score can take minutes.
    #[wasm_bindgen(js_name = scoreWithin, unchecked_return_type = "number | null")]
    pub fn score_within(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsError> {
        self.within(&moves, &budget, Core::score_within)
    }

    /// `analyze`, giving up once about `budget` positions are searched: then `null`.
    #[wasm_bindgen(js_name = analyzeWithin, unchecked_return_type = "(number | null)[] | null")]
    pub fn analyze_within(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsError> {
        self.within(&moves, &budget, Core::analyze_within)
    }

    /// Each column's score, each worked out on its own within a share of about `budget`
    /// positions: the scores it found, and the columns it could not work out. Where
    /// `analyzeWithin` gives `null`, this still gives the columns that win or lose soon.
    #[wasm_bindgen(js_name = analyzeEachWithin, unchecked_return_type = "ColumnScores")]
    pub fn analyze_each_within(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsError> {
        self.within(&moves, &budget, Core::analyze_each_within)
    }

    /// The position's score and every column that reaches it: what a hint needs, and much
    /// cheaper than `analyze` early in the game (one exact score, then one yes/no search per
    /// column).
    #[wasm_bindgen(js_name = bestMoves, unchecked_return_type = "BestMoves")]
    pub fn best_moves(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    ) -> Result<JsValue, JsError> {
        let p = position(&moves, self.core.size())?;
        let best = self.core.best_moves(&p).map_err(js_error)?;
        Ok(to_js(&best))
    }

    /// The move `level` plays: a 0-based column.
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Level")] level: JsValue,
    ) -> Result<u32, JsError> {
        let p = position(&moves, self.core.size())?;
        let level: Level = level
            .as_string()
            .ok_or_else(|| {
                JsError::new(&format!(
                    "invalid level {}: expected {}",
                    describe(&level),
                    Level::expected()
                ))
            })?
            .parse()
            .map_err(|e: crate::solver::levels::UnknownLevel| js_error(e))?;
        let column = self
            .core
            .best_move(&p, level, &mut self.rng)
            .map_err(js_error)?;
        Ok(column as u32)
    }

    /// Thinks ahead on the opponent's time: works out the perfect level's answer to every
    /// move the side to move can make in `moves`, at most about `budget` positions of work
    /// per call (default 200,000: tens of milliseconds). Call it again (from a Web Worker,
    /// between messages) until it returns `true`; work already done is remembered.
    pub fn ponder(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsError> {
        let p = position(&moves, self.core.size())?;
        let budget = if budget.is_undefined() {
            DEFAULT_PONDER_BUDGET
        } else {
            integer_from_js(&budget, "budget", 1, MAX_SAFE_INTEGER)?
        };
        self.core.ponder(&p, budget).map_err(js_error)
    }

    /// The board's columns: 4 to 9.
    #[wasm_bindgen(getter)]
    pub fn columns(&self) -> u32 {
        self.core.size().width() as u32
    }

    /// The board's rows: 4 to 9.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.core.size().height() as u32
    }

    /// Positions searched so far (for benchmarks).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.core.nodes() as f64
    }

    /// The opening book's number of positions.
    #[wasm_bindgen(getter, js_name = bookSize)]
    pub fn book_size(&self) -> u32 {
        self.core.book().map_or(0, |b| b.len() as u32)
    }

    /// Forgets stored results (the book stays).
    pub fn clear(&mut self) {
        self.core.clear();
        self.core.reset_nodes();
    }
}
