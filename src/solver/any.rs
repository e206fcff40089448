//! [`Solver`]: the perfect solver for a board of any size. The standard 7 x 6 board gets the
//! search built for it (`u64` bitboards, constant masks, the opening book); every other
//! size gets the same search with no book, on `u64` bitboards where its keys fit (26 of the
//! 36 sizes) and on `u128` bitboards on the largest.

use super::bits::{Classic, Sized};
use super::levels::{Level, Rng};
use super::search::{BestMoves, ColumnScores, Forced, Search, SolveError};
use super::table::OutOfMemory;
use super::Book;
use crate::engine::{Position, Size};

/// A perfect Connect Four solver for one board size (see [`Search`] for the score
/// contract). Its methods refuse a position on another size, or one whose game is over.
pub struct Solver {
    search: Inner,
}

enum Inner {
    Classic(Search<Classic>),
    Narrow(Search<Sized<u64>>),
    Wide(Search<Sized<u128>>),
}

/// Calls the same method on whichever search the solver holds.
macro_rules! each {
    ($self:expr, $s:ident => $call:expr) => {
        match $self {
            Inner::Classic($s) => $call,
            Inner::Narrow($s) => $call,
            Inner::Wide($s) => $call,
        }
    };
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Solver::DEFAULT_TABLE_MIB)
    }
}

impl Solver {
    /// The table size used by [`Solver::default`], in MiB.
    pub const DEFAULT_TABLE_MIB: usize = 64;

    /// A solver for the standard board whose transposition table takes at most `table_mib`
    /// MiB.
    ///
    /// # Panics
    ///
    /// If the table's memory cannot be had; [`Solver::try_new`] says so instead.
    pub fn new(table_mib: usize) -> Solver {
        Self::try_new(table_mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A solver for the standard board with a `table_mib` MiB transposition table, or why
    /// not: the memory cannot be had.
    pub fn try_new(table_mib: usize) -> Result<Solver, OutOfMemory> {
        Solver::try_for_size(Size::CLASSIC, table_mib)
    }

    /// A solver for boards of `size`, with a `table_mib` MiB transposition table, or why
    /// not: the memory cannot be had.
    pub fn try_for_size(size: Size, table_mib: usize) -> Result<Solver, OutOfMemory> {
        let search = if size.is_classic() {
            Inner::Classic(Search::try_new(Classic, table_mib)?)
        } else if let Some(geo) = Sized::<u64>::of(size) {
            Inner::Narrow(Search::try_new(geo, table_mib)?)
        } else {
            Inner::Wide(Search::try_new(Sized::wide(size), table_mib)?)
        };
        Ok(Solver { search })
    }

    /// Searches from now on ignore the scores built in for some boards' first positions
    /// (`solver::openings`; on 7 x 6, the book), so that they can be worked out again
    /// (`make-openings`).
    #[doc(hidden)]
    pub fn ignore_built_in_scores(&mut self) {
        each!(&mut self.search, s => s.set_known(false))
    }

    /// The size of board this solver plays on.
    pub fn size(&self) -> Size {
        each!(&self.search, s => s.size())
    }

    /// Uses an opening book for the positions it holds. Only the standard board has a
    /// book: on another size this does nothing, and [`Solver::book`] stays `None`.
    pub fn set_book(&mut self, book: Option<Book>) {
        if let Inner::Classic(s) = &mut self.search {
            s.set_book(book);
        }
    }

    pub fn book(&self) -> Option<&Book> {
        each!(&self.search, s => s.book())
    }

    pub fn book_mut(&mut self) -> Option<&mut Book> {
        each!(&mut self.search, s => s.book_mut())
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        each!(&self.search, s => s.table_bytes())
    }

    /// Positions searched since the solver was made or [`Solver::reset_nodes`] was called.
    pub fn nodes(&self) -> u64 {
        each!(&self.search, s => s.nodes())
    }

    pub fn reset_nodes(&mut self) {
        each!(&mut self.search, s => s.reset_nodes())
    }

    /// Forgets every stored result (the book stays).
    pub fn clear(&mut self) {
        each!(&mut self.search, s => s.clear())
    }

    /// The exact score of `position` for the side to move (see the score contract).
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended, [`SolveError::WrongSize`] if it is on
    /// another board.
    pub fn score(&mut self, position: &Position) -> Result<i32, SolveError> {
        each!(&mut self.search, s => s.score(position))
    }

    /// [`Solver::score`], or `Ok(None)` once it has searched `budget` more positions:
    /// never a guess.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn score_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<i32>, SolveError> {
        each!(&mut self.search, s => s.score_within(position, budget))
    }

    /// The score of each column for the side to move, one per column: `None` for a full
    /// column.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn analyze(&mut self, position: &Position) -> Result<Vec<Option<i32>>, SolveError> {
        each!(&mut self.search, s => s.analyze(position))
    }

    /// [`Solver::analyze`], or `Ok(None)` once it has searched `budget` more positions:
    /// never a guess.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn analyze_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<Vec<Option<i32>>>, SolveError> {
        each!(&mut self.search, s => s.analyze_within(position, budget))
    }

    /// Each column's score within a share of `budget` positions, and the columns not
    /// worked out within it (see [`ColumnScores`]).
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn analyze_each_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<ColumnScores, SolveError> {
        each!(&mut self.search, s => s.analyze_each_within(position, budget))
    }

    /// Every column whose score is the best one, in column order, with that score.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn best_moves(&mut self, position: &Position) -> Result<BestMoves, SolveError> {
        each!(&mut self.search, s => s.best_moves(position))
    }

    /// What the perfect level plays: a uniformly random move among those with the best
    /// score.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn random_best_move(
        &mut self,
        position: &Position,
        rng: &mut Rng,
    ) -> Result<usize, SolveError> {
        each!(&mut self.search, s => s.random_best_move(position, rng))
    }

    /// The move `level` plays in `position`, a 0-based column.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn best_move(
        &mut self,
        position: &Position,
        level: Level,
        rng: &mut Rng,
    ) -> Result<usize, SolveError> {
        each!(&mut self.search, s => s.best_move(position, level, rng))
    }

    /// Thinks ahead on the opponent's time, in slices of about `budget` positions; true once
    /// every reply is worked out.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn ponder(&mut self, position: &Position, budget: u64) -> Result<bool, SolveError> {
        each!(&mut self.search, s => s.ponder(position, budget))
    }

    /// Whether the side to move wins within its next `own_moves` moves, or loses within the
    /// opponent's next `own_moves` moves, or neither.
    ///
    /// # Errors
    /// As [`Solver::score`].
    pub fn outcome_within(
        &mut self,
        position: &Position,
        own_moves: u32,
    ) -> Result<Forced, SolveError> {
        each!(&mut self.search, s => s.outcome_within(position, own_moves))
    }
}
