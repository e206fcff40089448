//! The pure rules of Connect Four on the standard 7 x 6 board.
//!
//! Nothing here depends on wasm-bindgen or web-sys: the engine builds and tests natively.
//!
//! - [`Position`]: a bitboard position with checked and unchecked play, undo, status and the
//!   full winning line.
//! - [`Column`]: a column index checked once, where it comes in.
//! - [`notation`]: Pascal Pons' move strings (`"4453"`: one 1-based column digit per move).
//! - [`error`]: error enums that carry data and say what went wrong.

mod column;
pub mod error;
pub mod notation;
mod position;

pub use column::Column;
pub use error::{ParseMovesError, PlayError};
/// The one four-in-a-row test, shared with the solver's bitboards.
pub(crate) use position::has_four;
pub use position::{Cell, Placed, Player, Position, Status};

/// Number of columns on the standard board.
pub const WIDTH: usize = 7;
/// Number of rows on the standard board.
pub const HEIGHT: usize = 6;
/// Number of cells, and so the most moves a game can have.
pub const CELLS: usize = WIDTH * HEIGHT;
