//! The computer player: a perfect solver and the four levels built on it. Pure Rust; uses
//! only the engine.

mod bits;
pub mod book;
mod digest;
pub mod levels;
mod score;
mod search;
mod table;

pub use book::{Book, BookError};
pub use levels::{Level, Rng};
pub use score::{Outcome, Score};
pub use search::{BestMoves, Forced, SolveError, Solver};
