//! The computer player: a perfect solver and the levels built on it. Pure Rust; uses
//! only the engine.

mod any;
mod bits;
pub mod book;
mod csf;
mod digest;
mod judge;
pub mod levels;
pub mod listing;
mod openings;
mod score;
mod search;
mod table;

pub use any::Solver;
pub use book::{Book, BookError, Entry};
pub use levels::{Level, Rng};
pub use listing::Listing;
pub use score::{Outcome, Score};
pub use search::{BestMoves, ColumnScores, Forced, SolveError};
