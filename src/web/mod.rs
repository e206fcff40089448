//! The browser layer (wasm32 only), thin: `#[wasm_bindgen]` classes that check input
//! (`game`, `solver`), and the game UI (`mount`). It mirrors `ui`'s rooms: `board` (the
//! canvas and the column controls), `controls`, and one panel per activity (`panels::review`,
//! `panels::puzzle`, `panels::record`), put together by `view`, which applies a `ui::Mirror`;
//! `screen` paints `ui::Scene`, `input` turns events into `ui::Command`s, `ai` talks to the
//! worker (`worker.js`), `audio`, `storage` and `address` reach the browser, and `app` wires
//! them to the `ui::Controller`. Logic lives in `engine`, `solver` and `ui`; this layer
//! converts and draws (docs/architecture.md).

#[cfg(feature = "ui")]
mod address;
#[cfg(feature = "ui")]
mod ai;
#[cfg(feature = "ui")]
mod alert;
#[cfg(feature = "ui")]
mod app;
#[cfg(feature = "ui")]
pub mod assets;
#[cfg(feature = "ui")]
mod audio;
#[cfg(feature = "ui")]
mod board;
#[cfg(feature = "ui")]
mod colors;
#[cfg(feature = "ui")]
mod controls;
mod convert;
#[cfg(feature = "ui")]
mod dom;
/// `Game`: the page's module only (Node's entry takes it from there too, when first used).
#[cfg(feature = "ui")]
pub mod game;
#[cfg(feature = "ui")]
mod host;
#[cfg(feature = "ui")]
mod input;
#[cfg(feature = "ui")]
mod labels;
#[cfg(feature = "ui")]
pub mod mount;
#[cfg(feature = "ui")]
mod online;
#[cfg(feature = "ui")]
mod options;
#[cfg(feature = "ui")]
mod paint;
#[cfg(feature = "ui")]
mod panels;
#[cfg(feature = "ui")]
mod parts;
#[cfg(feature = "ui")]
mod read;
#[cfg(feature = "ui")]
mod screen;
/// The choice of board size.
#[cfg(feature = "ui")]
mod sizes;
#[cfg(feature = "solver-js")]
pub mod solver;
#[cfg(feature = "ui")]
mod storage;
#[cfg(feature = "ui")]
mod style;
#[cfg(feature = "ui")]
mod view;

use wasm_bindgen::prelude::*;

/// The largest transposition table allowed in the browser, in MiB: `Solver`'s limit, and
/// what the computer's worker asks for.
pub const MAX_TABLE_MIB: usize = 64;

/// Runs once when the module is instantiated, on the page or in a worker: it must not
/// assume a `window`.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
