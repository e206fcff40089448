//! The pure rules of Connect Four, on the standard 7 x 6 board and every other [`Size`] from
//! 4 x 4 to 9 x 9.
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
mod size;

pub use column::Column;
pub use error::{ParseMovesError, PlayError};
/// The one four-in-a-row test, shared with the solver's bitboards.
pub(crate) use position::has_four;
pub use position::{Cell, Placed, Player, Position, Status};
pub use size::{ParseSizeError, Size, SizeError};

/// Number of columns on the standard board.
pub const WIDTH: usize = Size::CLASSIC.width();
/// Number of rows on the standard board.
pub const HEIGHT: usize = Size::CLASSIC.height();
/// Number of cells on the standard board, and so the most moves a game there can have.
pub const CELLS: usize = WIDTH * HEIGHT;
/// The most columns a board can have.
pub const MAX_WIDTH: usize = Size::MAX;
/// The most cells a board can have.
pub const MAX_CELLS: usize = Size::MAX * Size::MAX;
