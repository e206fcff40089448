//! Negamax with alpha-beta, null-window searches, move ordering and a transposition table.

use super::bits::{Bits, Classic, Geometry, Sized, Word};
use super::book::{Book, Entry};
use super::levels::Rng;
use super::table::{Bound, Table};
use crate::engine::{Position, Size, MAX_WIDTH};
use std::fmt;

/// Up to this many moves played, a position and its mirror image share a table entry.
const SYMMETRY_MOVES: u32 = 12;

/// Enhanced transposition cutoffs are tried only with more empty cells than this (measured
/// on Test_L1_R3: 16 to 20 is best; lower saves more positions but costs more lookups).
const ETC_MIN_REMAINING: u32 = 16;

/// The perfect level's first slice of search (positions) for each side of its race.
const RACE_FIRST_SLICE: u64 = 100_000;

/// The score of winning with the next stone, after `moves` of `cells` moves: the best there
/// is, `(cells + 1 - moves) / 2`.
#[inline(always)]
pub(crate) fn win_now_score(cells: u32, moves: u32) -> i32 {
    ((cells + 1 - moves) / 2) as i32
}

/// The columns whose bits are set in `found` (bit `c` for column `c`), in column order.
fn columns_of(found: u16) -> Vec<usize> {
    (0..16).filter(|&c| found >> c & 1 == 1).collect()
}

/// Why a position cannot be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveError {
    /// The game is already won or drawn: no side is to move.
    GameOver,
    /// The position is on a board of another size than the solver's.
    WrongSize { solver: Size, position: Size },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::GameOver => {
                write!(f, "the game is already over, so there is nothing to solve")
            }
            SolveError::WrongSize { solver, position } => write!(
                f,
                "this solver is for a {} x {} board, and the position is on a {} x {} board",
                solver.width(),
                solver.height(),
                position.width(),
                position.height()
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Each column's score as far as a budget allows (see [`Search::analyze_each_within`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnScores {
    /// Each column's score for the side to move, as [`Search::analyze`] gives it: `None` for
    /// a full column, and for one in `unproved`.
    pub scores: Vec<Option<i32>>,
    /// The playable columns whose score was not worked out within the budget, in column
    /// order (empty when every score is known).
    pub unproved: Vec<usize>,
}

/// The best columns of a position and the score they reach (see [`Search::best_moves`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMoves {
    /// The position's exact score for the side to move (see the score contract).
    pub score: i32,
    /// Every column that reaches `score`, in column order (never empty).
    pub columns: Vec<usize>,
}

impl crate::json::Json for ColumnScores {
    fn write(&self, out: &mut crate::json::Out) {
        out.object(&[("scores", &self.scores), ("unproved", &self.unproved)]);
    }
}

impl crate::json::Json for BestMoves {
    fn write(&self, out: &mut crate::json::Out) {
        out.object(&[("score", &self.score), ("columns", &self.columns)]);
    }
}

/// How far [`Search::best_moves`]' work on one position has got. Each step is at most one
/// null-window search, so that [`Search::ponder`] can stop between (or inside) steps and
/// take the work up again later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Start,
    /// Finding the exact score: it lies in `min..=max`; with `probe`, the next test is
    /// whether it is above `min` (`min` came from the book, see [`Search::solve_start`]).
    Solve {
        min: i32,
        max: i32,
        probe: bool,
    },
    /// Testing, column by column from `col`, which columns reach the score `best`;
    /// `found` has bit `c` set for each column `c` found so far.
    Test {
        best: i32,
        col: usize,
        found: u16,
    },
    Done {
        score: i32,
        found: u16,
    },
}

/// Where [`Search::ponder`] is: which reply (index into the centre-out order) and how far
/// along.
#[derive(Debug, Clone, Copy)]
struct Ponder<W> {
    /// The key of the position pondered.
    root: W,
    reply: usize,
    stage: Stage,
    /// How many calls in a row stopped without finishing a step: each doubles the next
    /// call's budget, so that a budget too small for a step still gets there.
    stalled: u32,
}

impl<W> Ponder<W> {
    fn next_reply(&mut self) {
        self.reply += 1;
        self.stage = Stage::Start;
    }
}

/// What the side to move can force within a horizon (see [`Search::outcome_within`]).
/// Ordered from the mover's worst to its best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Forced {
    /// The opponent can force a win within the horizon.
    Loss,
    /// Neither side can force a win that soon.
    Neither,
    /// The side to move can force a win within the horizon.
    Win,
}

impl Forced {
    /// The same outcome seen by the other player.
    pub fn flip(self) -> Forced {
        match self {
            Forced::Loss => Forced::Win,
            Forced::Neither => Forced::Neither,
            Forced::Win => Forced::Loss,
        }
    }
}

/// How many positions a search goes between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

/// Milliseconds on a clock that only moves forward in practice: the browser's or Node's
/// `Date.now()` in wasm, the system's otherwise.
pub(super) fn clock_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// A perfect Connect Four solver for the board `G` describes: the search behind
/// [`super::Solver`], which picks the standard board's or the any-size one.
///
/// # Score contract (Pascal Pons' convention, see [`super::Score`])
///
/// Every score is a plain `i32` for the **side to move**, assuming both sides play
/// perfectly, the winner winning as early as possible and the loser losing as late as
/// possible: `0` is a draw; with `n` of the board's `cells` moves played, a side that can win
/// at once scores `(cells + 1 - n) / 2`; and in general `score(p) = max over moves m of
/// -score(p after m)`. On 7 x 6: `s > 0`, the side to move wins with its `(22 - s)`-th stone;
/// `s < 0`, the opponent wins with its `(22 + s)`-th stone; scores lie in `-18..=18`.
/// [`Search::analyze`] gives each column the score of playing it, from the same side's view.
pub struct Search<G: Geometry = Classic> {
    geo: G,
    table: Table<G::Word>,
    book: Option<Book>,
    nodes: u64,
    /// Searches stop once `nodes` reaches this; results are then void (see `aborted`).
    limit: u64,
    aborted: bool,
    /// Searches also stop once the clock ([`clock_ms`]) passes this, checked every
    /// [`CLOCK_EVERY`] positions: a level's time budget beside its budget of positions.
    deadline: Option<f64>,
    /// Where [`Search::ponder`] stopped, so that its next call goes on from there.
    ponder: Option<Ponder<G::Word>>,
    /// Whether what is known before any search ([`Booked::probe`]) is used: always, but
    /// where it is worked out or checked.
    known: bool,
}

impl Search<Classic> {
    /// A standard-board search with a `table_mib` MiB transposition table.
    ///
    /// # Panics
    /// If the table's memory cannot be had.
    #[cfg(test)]
    pub fn new(table_mib: usize) -> Search {
        Search::try_new(Classic, table_mib).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// A board's geometry, with what is known of its positions before any search: the standard
/// board's opening book (when the search has it), and some other boards' first positions
/// ([`super::openings`]).
pub trait Booked: Geometry {
    fn probe(book: Option<&Book>, b: &Bits<Self>) -> Option<Entry>;
}

impl Booked for Classic {
    #[inline(always)]
    fn probe(book: Option<&Book>, b: &Bits) -> Option<Entry> {
        book?.probe(b)
    }
}

impl<W: Word> Booked for Sized<W> {
    #[inline(always)]
    fn probe(_: Option<&Book>, b: &Bits<Sized<W>>) -> Option<Entry> {
        super::openings::probe(b).map(Entry::Exact)
    }
}

impl<G: Booked> Search<G> {
    /// A search on `geo`'s board with a `table_mib` MiB transposition table, or why not: the
    /// memory cannot be had.
    pub fn try_new(geo: G, table_mib: usize) -> Result<Search<G>, super::table::OutOfMemory> {
        Ok(Search {
            geo,
            table: Table::try_with_mib(table_mib)?,
            book: None,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            deadline: None,
            ponder: None,
            known: true,
        })
    }

    /// The board searched.
    pub fn size(&self) -> Size {
        self.geo.size()
    }

    /// `position` as this search sees it, if it is in progress on this board.
    pub(super) fn bits(&self, position: &Position) -> Result<Bits<G>, SolveError> {
        if position.size() != self.geo.size() {
            return Err(SolveError::WrongSize {
                solver: self.geo.size(),
                position: position.size(),
            });
        }
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        Ok(Bits::of(self.geo, position))
    }

    /// The score of winning at once in `b`.
    #[inline(always)]
    fn win_now(&self, b: &Bits<G>) -> i32 {
        win_now_score(self.geo.cells(), b.moves)
    }

    /// Uses an opening book for the positions it holds.
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book = book;
    }

    /// What is known of `b` before any search: the book's entry, or a kept score.
    #[inline(always)]
    fn probe(&self, b: &Bits<G>) -> Option<Entry> {
        if self.known {
            G::probe(self.book.as_ref(), b)
        } else {
            None
        }
    }

    /// Searches without what is known before any search (`false`), to work it out again.
    pub(super) fn set_known(&mut self, known: bool) {
        self.known = known;
    }

    pub fn book(&self) -> Option<&Book> {
        self.book.as_ref()
    }

    pub fn book_mut(&mut self) -> Option<&mut Book> {
        self.book.as_mut()
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Positions searched since the solver was made or [`Search::reset_nodes`] was called.
    /// When searches stop by the clock, if they do.
    #[cfg(test)]
    pub(super) fn deadline(&self) -> Option<f64> {
        self.deadline
    }

    /// Searches from now on stop once the clock ([`clock_ms`]) passes `deadline` (`None`:
    /// no deadline).
    pub(super) fn set_deadline(&mut self, deadline: Option<f64>) {
        self.deadline = deadline;
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Forgets every stored result (the book stays).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ponder = None;
    }

    /// The exact score of `position` for the side to move (see the score contract).
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn score(&mut self, position: &Position) -> Result<i32, SolveError> {
        Ok(self.solve(self.bits(position)?))
    }

    /// The score of each column for the side to move: `None` for a full column.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn analyze(&mut self, position: &Position) -> Result<Vec<Option<i32>>, SolveError> {
        Ok(self.column_scores(self.bits(position)?))
    }

    /// [`Search::analyze`] on `b`, a position that is not over.
    fn column_scores(&mut self, b: Bits<G>) -> Vec<Option<i32>> {
        let mut scores = vec![None; self.geo.width()];
        for (col, score) in scores.iter_mut().enumerate() {
            if b.can_play(col) {
                *score = Some(self.column_score(b, col));
            }
        }
        scores
    }

    /// The score of playing `col` (playable) in `b`, for the side to move in `b`.
    fn column_score(&mut self, b: Bits<G>, col: usize) -> i32 {
        if b.is_winning_move(col) {
            return self.win_now(&b);
        }
        let mut next = b;
        next.play_col(col);
        if next.moves == self.geo.cells() {
            0
        } else {
            -self.solve(next)
        }
    }

    /// [`Search::score`], or `Ok(None)` once it has searched `budget` more positions.
    pub fn score_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<i32>, SolveError> {
        let b = self.bits(position)?;
        Ok(self.bounded(budget, |s| s.solve(b)))
    }

    /// `search` run with at most `budget` more positions: its answer, or `None` if it ran
    /// out (then its answer is void, and nothing half-searched was stored).
    fn bounded<T>(&mut self, budget: u64, search: impl FnOnce(&mut Self) -> T) -> Option<T> {
        self.limit = self.nodes.saturating_add(budget);
        self.aborted = false;
        let found = search(self);
        self.limit = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(found)
    }

    /// [`Search::analyze`], or `Ok(None)` once it has searched `budget` more positions.
    pub fn analyze_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Option<Vec<Option<i32>>>, SolveError> {
        let b = self.bits(position)?;
        Ok(self.column_scores_within(b, budget))
    }

    /// Each column's score, each worked out on its own within a share of `budget`
    /// positions: where [`Search::analyze_within`] would give nothing, this gives the scores
    /// it could work out (a move that wins or loses soon, say) and names the others
    /// unproved. The budget is shared twice over: first half of it between the columns
    /// (what one leaves goes to the next), then what is left between those still unproved.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn analyze_each_within(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<ColumnScores, SolveError> {
        let b = self.bits(position)?;
        let mut scores = vec![None; self.geo.width()];
        // From the centre out, after the moves that need no search (they win at once, or
        // fill the board), so that the shares go to the columns that search.
        let mut open: Vec<usize> = (self.geo.order().iter().map(|&c| usize::from(c)))
            .filter(|&c| b.can_play(c))
            .collect();
        let searched = |c: usize| !b.is_winning_move(c) && b.moves + 1 < self.geo.cells();
        super::sort_columns_by(&mut open, searched);
        let start = self.nodes;
        for pass in [budget / 2, budget] {
            let left = std::mem::take(&mut open);
            for (i, &col) in left.iter().enumerate() {
                let spent = self.nodes - start;
                let share = pass.saturating_sub(spent) / (left.len() - i) as u64;
                match self.bounded(share, |s| s.column_score(b, col)) {
                    Some(score) => scores[col] = Some(score),
                    None => open.push(col),
                }
            }
        }
        open.sort_unstable();
        Ok(ColumnScores {
            scores,
            unproved: open,
        })
    }

    /// [`Search::column_scores`], or None once it has searched `budget` more positions.
    pub(super) fn column_scores_within(
        &mut self,
        b: Bits<G>,
        budget: u64,
    ) -> Option<Vec<Option<i32>>> {
        self.bounded(budget, |s| s.column_scores(b))
    }

    /// Every column whose score is the best one (see [`Search::analyze`]), in column order,
    /// with that score.
    ///
    /// Cheaper than `analyze`: it finds the position's exact score once, then asks of each
    /// column only whether it reaches that score (one null-window search each), instead of
    /// working out every column's exact score.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn best_moves(&mut self, position: &Position) -> Result<BestMoves, SolveError> {
        let b = self.bits(position)?;
        let mut stage = Stage::Start;
        loop {
            stage = self.best_moves_step(b, stage);
            if let Stage::Done { score, found } = stage {
                let columns = columns_of(found);
                return Ok(BestMoves { score, columns });
            }
        }
    }

    /// One step of `best_moves` on `b` (a position that is not over). If the search is
    /// aborted (see `limit`), the stage is given back unchanged, to be tried again.
    fn best_moves_step(&mut self, b: Bits<G>, stage: Stage) -> Stage {
        match stage {
            Stage::Start if b.can_win_next() => Stage::Done {
                score: self.win_now(&b),
                found: b.winning_columns(),
            },
            Stage::Start => self.solve_start(&b),
            Stage::Solve { min, max, probe } if min < max => {
                let (min, max) = self.narrow(b, min, max, probe);
                if self.aborted {
                    return stage;
                }
                Stage::Solve {
                    min,
                    max,
                    probe: false,
                }
            }
            Stage::Solve { min, .. } => Stage::Test {
                best: min,
                col: 0,
                found: 0,
            },
            Stage::Test { best, col, found } if col == self.geo.width() => {
                Stage::Done { score: best, found }
            }
            Stage::Test { best, col, found } => {
                let reaches = b.can_play(col) && self.reaches(b, col, best);
                if self.aborted {
                    return stage;
                }
                Stage::Test {
                    best,
                    col: col + 1,
                    found: found | u16::from(reaches) << col,
                }
            }
            Stage::Done { .. } => stage,
        }
    }

    /// Whether playing `col` (a playable column of `b`, where the side to move cannot win
    /// at once) scores at least `best`. One null-window search at most.
    fn reaches(&mut self, b: Bits<G>, col: usize, best: i32) -> bool {
        let mut child = b;
        child.play_col(col);
        // The column scores -score(child).
        if child.moves == self.geo.cells() {
            0 >= best
        } else if child.can_win_next() {
            -self.win_now(&child) >= best
        } else {
            self.negamax(child, -best, -best + 1) <= -best
        }
    }

    /// What the perfect level plays: a move with the best score, uniformly at random among
    /// all such moves. The columns are put in a random order and the first that reaches
    /// the exact score is played: the first best column of a uniformly random order is a
    /// uniformly random best column.
    ///
    /// Which column that is can be settled two ways: by the candidate's own test (it
    /// reaches the score), or by every later column's test failing (some column reaches
    /// it, and every earlier one has failed). The two run side by side in slices of
    /// doubling size, so the cheaper one decides: proving that a lone best column is best
    /// can cost several times more than showing that the others are not. The column played
    /// is the same either way.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn random_best_move(
        &mut self,
        position: &Position,
        rng: &mut Rng,
    ) -> Result<usize, SolveError> {
        self.random_best_move_in_slices(position, rng, RACE_FIRST_SLICE)
    }

    /// [`Search::random_best_move`], with the race's first slice `first_slice` positions.
    fn random_best_move_in_slices(
        &mut self,
        position: &Position,
        rng: &mut Rng,
        first_slice: u64,
    ) -> Result<usize, SolveError> {
        let b = self.bits(position)?;
        if b.can_win_next() {
            return Ok(rng.pick(&columns_of(b.winning_columns())));
        }
        let best = self.solve(b);
        let mut columns: Vec<usize> = (0..self.geo.width()).filter(|&c| b.can_play(c)).collect();
        rng.shuffle(&mut columns);
        // What is known of each column: Some(true) if it reaches `best`, Some(false) if not.
        let mut known = [None; MAX_WIDTH];
        let mut slice = first_slice;
        loop {
            // The move played is the first column of the order not known to fall short.
            let Some(i) = columns.iter().position(|&c| known[c] != Some(false)) else {
                // Unreachable: some column reaches the position's score.
                return Err(SolveError::GameOver);
            };
            let (candidate, rest) = (columns[i], &columns[i + 1..]);
            if known[candidate] == Some(true) || rest.iter().all(|&c| known[c] == Some(false)) {
                return Ok(candidate);
            }
            // Once a later column is known to reach the score, only the candidate's own
            // test can settle it: no more slices.
            let race = !rest.iter().any(|&c| known[c] == Some(true));
            let budget = if race { slice } else { u64::MAX };
            known[candidate] = self.reaches_within(b, candidate, best, budget);
            if known[candidate].is_some() {
                continue;
            }
            // The later columns' slice: as many positions, shared out in order.
            let start = self.nodes;
            for &col in rest {
                if known[col].is_some() {
                    continue;
                }
                let left = slice.saturating_sub(self.nodes - start);
                known[col] = self.reaches_within(b, col, best, left);
                if known[col] != Some(false) {
                    break;
                }
            }
            slice = slice.saturating_mul(2);
        }
    }

    /// [`Search::reaches`], or None once it has searched `budget` more positions (nothing
    /// half-searched is stored, and a later call with the same test finds the work done in
    /// the table).
    pub(super) fn reaches_within(
        &mut self,
        b: Bits<G>,
        col: usize,
        best: i32,
        budget: u64,
    ) -> Option<bool> {
        self.bounded(budget, |s| s.reaches(b, col, best))
    }

    /// Thinks ahead on the opponent's time: works out the perfect level's answer to each
    /// move the side to move can make here (the steps of `best_moves` on each reply), so
    /// that answer later comes from the table. Does at most about `budget` positions of
    /// work per call; call again to go on: the next call on the same position takes up the
    /// interrupted null-window search with the same window (measured on a Test_L1_R3
    /// position in 200,000-position slices: 8% more positions than one uninterrupted run).
    /// Returns true once every reply is worked out.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn ponder(&mut self, position: &Position, budget: u64) -> Result<bool, SolveError> {
        let root = self.bits(position)?;
        let mut state = match self.ponder.take() {
            Some(state) if state.root == root.key() => state,
            _ => Ponder {
                root: root.key(),
                reply: 0,
                stage: Stage::Start,
                stalled: 0,
            },
        };
        let before = (state.reply, state.stage);
        let budget = budget.saturating_mul(1 << state.stalled.min(40));
        self.limit = self.nodes.saturating_add(budget);
        self.aborted = false;
        while state.reply < self.geo.width() {
            let col = usize::from(self.geo.order()[state.reply]);
            if !root.can_play(col) || root.is_winning_move(col) {
                state.next_reply();
                continue;
            }
            let mut b = root;
            b.play_col(col);
            if b.moves == self.geo.cells() {
                state.next_reply();
                continue;
            }
            state.stage = self.best_moves_step(b, state.stage);
            if self.aborted {
                break;
            }
            if let Stage::Done { .. } = state.stage {
                state.next_reply();
            }
        }
        self.limit = u64::MAX;
        self.aborted = false;
        if (state.reply, state.stage) == before {
            state.stalled += 1;
        } else {
            state.stalled = 0;
        }
        let done = state.reply == self.geo.width();
        self.ponder = Some(state);
        Ok(done)
    }

    /// Whether the side to move wins within its next `own_moves` moves, or loses within the
    /// opponent's next `own_moves` moves, or neither. Much cheaper than an exact score when
    /// the horizon is short: used by the lower levels.
    pub fn outcome_within(
        &mut self,
        position: &Position,
        own_moves: u32,
    ) -> Result<Forced, SolveError> {
        Ok(self.bits_outcome_within(self.bits(position)?, own_moves, own_moves))
    }

    /// Like [`Search::bits_outcome_within`], but gives up (returning `Err(())`) once `budget`
    /// more positions have been searched. Nothing half-searched is stored.
    pub(crate) fn bits_outcome_within_budget(
        &mut self,
        b: Bits<G>,
        win_moves: u32,
        lose_moves: u32,
        budget: u64,
    ) -> Result<Forced, ()> {
        self.bounded(budget, |s| s.bits_outcome_within(b, win_moves, lose_moves))
            .ok_or(())
    }

    /// Whether the side to move wins within its next `win_moves` moves, or loses within the
    /// opponent's next `lose_moves` moves, or neither.
    pub(crate) fn bits_outcome_within(
        &mut self,
        b: Bits<G>,
        win_moves: u32,
        lose_moves: u32,
    ) -> Forced {
        if b.can_win_next() {
            return Forced::Win;
        }
        let cells = self.geo.cells();
        // The score of a win with the `moves`-th move of the side whose first move from now
        // is move `first` (counting the moves played): the latest win that counts. A win
        // needs a positive score, so no later than the last cell however far the horizon.
        let latest = |first: u32, moves: u32| {
            let at = first.saturating_add(moves.saturating_sub(1).saturating_mul(2));
            win_now_score(cells, at.min(cells)).max(1)
        };
        if win_moves > 0 {
            let threshold = latest(b.moves, win_moves);
            if threshold <= self.win_now(&b)
                && self.negamax(b, threshold - 1, threshold) >= threshold
            {
                return Forced::Win;
            }
        }
        if lose_moves > 0 {
            let threshold = -latest(b.moves + 1, lose_moves);
            if threshold >= -win_now_score(cells, b.moves + 1)
                && self.negamax(b, threshold, threshold + 1) <= threshold
            {
                return Forced::Loss;
            }
        }
        Forced::Neither
    }

    /// The exact score of a position that is not over.
    pub(crate) fn solve(&mut self, b: Bits<G>) -> i32 {
        if b.can_win_next() {
            return self.win_now(&b);
        }
        let Stage::Solve {
            mut min,
            mut max,
            mut probe,
        } = self.solve_start(&b)
        else {
            unreachable!("solve_start always gives a Solve stage")
        };
        while min < max {
            (min, max) = self.narrow(b, min, max, std::mem::take(&mut probe));
            if self.aborted {
                return 0;
            }
        }
        min
    }

    /// Where finding the exact score of `b` (which cannot win at once) starts: the range
    /// its score can have, narrowed by the book: its exact score, or a lower bound (from the
    /// book's scores of the positions `b` comes from). Such a bound is often the score itself
    /// (whenever `b` follows a best move), so it is tested first: one null-window search
    /// then settles the score.
    fn solve_start(&self, b: &Bits<G>) -> Stage {
        let (min, max) = b.score_range();
        match self.probe(b) {
            Some(Entry::Exact(score)) => Stage::Solve {
                min: score,
                max: score,
                probe: false,
            },
            Some(Entry::AtLeast(bound)) if bound > min => Stage::Solve {
                min: bound.min(max),
                max,
                probe: true,
            },
            _ => Stage::Solve {
                min,
                max,
                probe: false,
            },
        }
    }

    /// One null-window search that narrows `min..=max`, the range known to hold the score.
    /// With `probe` it tests whether the score is above `min`; otherwise the test point
    /// starts near the ends (cheap to refute) and works towards 0, where most scores are.
    fn narrow(&mut self, b: Bits<G>, min: i32, max: i32, probe: bool) -> (i32, i32) {
        let mut med = min + (max - min) / 2;
        if probe {
            med = min;
        } else if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        let r = self.negamax(b, med, med + 1);
        if r <= med {
            (min, r)
        } else {
            (r, max)
        }
    }

    /// Early on, mirror images are common transpositions: they share one table entry.
    #[inline(always)]
    fn table_key(b: &Bits<G>) -> G::Word {
        if b.moves <= SYMMETRY_MOVES {
            b.key().min(b.mirror_key())
        } else {
            b.key()
        }
    }

    /// Fail-soft negamax within (alpha, beta) for a position where the side to move cannot
    /// win at once.
    fn negamax(&mut self, b: Bits<G>, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!b.can_win_next());
        self.nodes += 1;
        if self.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| clock_ms() >= d) {
            self.limit = self.nodes;
        }
        if self.nodes >= self.limit {
            self.aborted = true;
            return 0;
        }

        let next = b.non_losing_moves();
        if next == G::Word::ZERO {
            return -(b.remaining() as i32) / 2;
        }
        if b.remaining() <= 2 {
            return 0;
        }
        let min = -(b.remaining() as i32 - 2) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (b.remaining() as i32 - 1) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // The second player's follow-up strategy bounds some scores without a search.
        if let Some(v) = b.follow_up_bound() {
            if beta > v {
                beta = v;
                if alpha >= beta {
                    return beta;
                }
            }
        } else if let Some(v) = b.follow_up_reply_bound() {
            if alpha < v {
                alpha = v;
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // Early on, mirror images are common transpositions: share one entry between them.
        let key = Self::table_key(&b);
        match self.table.get(key, b.remaining()) {
            Some(Bound::Upper(v)) if beta > v => {
                beta = v;
                if alpha >= beta {
                    return beta;
                }
            }
            Some(Bound::Lower(v)) if alpha < v => {
                alpha = v;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }
        // The book's exact score, or its lower bound: one move past the book, the book's
        // scores of the positions this one comes from bound its score from below. Testing
        // the moves of a position the book holds, this rules some out at once: those after
        // which the book's other parents show the opponent to score more than the test
        // allows.
        match self.probe(&b) {
            Some(Entry::Exact(score)) => return score,
            Some(Entry::AtLeast(bound)) if alpha < bound => {
                alpha = bound;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }

        // Order the non-losing moves by the threats they create, centre first on ties.
        // Each child's table slot is prefetched now, so the lookups below find it in cache.
        let zero = G::Word::ZERO;
        let mut moves = [(zero, 0u32, zero); MAX_WIDTH];
        let mut count = 0;
        // Children's keys are needed only to prefetch (x86_64) or for the cutoff check.
        let keys = Table::<G::Word>::PREFETCHES || b.remaining() > ETC_MIN_REMAINING;
        for &col in self.geo.order().iter().rev() {
            let cell = next & self.geo.column_mask(usize::from(col));
            if cell != zero {
                let mut child_key = zero;
                if keys {
                    let mut child = b;
                    child.play_cell(cell);
                    child_key = Self::table_key(&child);
                    self.table.prefetch(child_key, b.remaining() - 1);
                }
                let score = b.move_score(cell);
                // Insertion sort, best first; later (more central) columns win ties.
                let mut i = count;
                while i > 0 && moves[i - 1].1 <= score {
                    moves[i] = moves[i - 1];
                    i -= 1;
                }
                moves[i] = (cell, score, child_key);
                count += 1;
            }
        }

        // Enhanced transposition cutoff: if the table already shows a move as good enough,
        // stop here without searching anything. Worth its lookups only well before the end.
        if b.remaining() > ETC_MIN_REMAINING {
            for &(_, _, child_key) in &moves[..count] {
                if let Some(Bound::Upper(v)) = self.table.get(child_key, b.remaining() - 1) {
                    if -v >= beta {
                        self.table.put(key, b.remaining(), Bound::Lower(-v));
                        return -v;
                    }
                }
            }
        }

        for &(cell, _, _) in &moves[..count] {
            let mut child = b;
            child.play_cell(cell);
            let score = -self.negamax(child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.table.put(key, b.remaining(), Bound::Lower(score));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, b.remaining(), Bound::Upper(alpha));
        alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::WIDTH;
    type Solver = Search;

    /// Pondering in small steps finishes, and afterwards the perfect answer to every reply
    /// comes from the table: a fraction of the positions a cold solver searches.
    #[test]
    fn pondering_makes_the_next_answers_cheap() {
        // Test_L1_R1 line 1's position: its seven replies take 7.5 million positions cold.
        let text = include_str!("../../tests/data/pons/Test_L1_R1");
        let moves = text.lines().next().unwrap().split(' ').next().unwrap();
        let position = Position::from_moves(moves).unwrap();

        let mut cold_nodes = 0;
        let mut cold_answers = Vec::new();
        for col in (0..WIDTH).filter(|&c| position.can_play(c)) {
            let mut child = position;
            child.play(col).unwrap();
            if child.is_over() {
                continue;
            }
            let mut cold = Solver::new(16);
            cold_answers.push(cold.best_moves(&child).unwrap());
            cold_nodes += cold.nodes();
        }

        let mut solver = Solver::new(16);
        let mut calls = 0;
        // The browser's worker ponders in slices of this size, checking for messages between.
        while !solver.ponder(&position, 200_000).unwrap() {
            calls += 1;
            assert!(calls < 1_000, "pondering never finishes");
        }
        eprintln!("{calls} calls, {cold_nodes} positions cold");
        assert!(calls > 1, "a small budget takes several calls");
        assert!(solver.ponder(&position, 1).unwrap(), "remembered as done");
        // A budget too small for any step still finishes: the budget grows while stuck.
        for budget in [1, 2, 5, 10] {
            let mut solver = Solver::new(16);
            let mut calls = 0;
            while !solver.ponder(&position, budget).unwrap() {
                calls += 1;
                assert!(calls < 10_000, "budget {budget}: pondering never finishes");
            }
        }
        solver.reset_nodes();
        let mut warm_answers = Vec::new();
        for col in (0..WIDTH).filter(|&c| position.can_play(c)) {
            let mut child = position;
            child.play(col).unwrap();
            if !child.is_over() {
                warm_answers.push(solver.best_moves(&child).unwrap());
            }
        }
        assert_eq!(warm_answers, cold_answers);
        assert!(
            solver.nodes() * 10 < cold_nodes,
            "{} positions after pondering vs {cold_nodes} cold",
            solver.nodes()
        );
        let over = Position::from_moves("1212121").unwrap();
        assert_eq!(solver.ponder(&over, 10), Err(SolveError::GameOver));
    }

    /// The race gives the column the plain order gives: the first column of the same
    /// random order that `best_moves` lists as reaching the score. Tiny first slices make
    /// it abort, resume and switch sides many times.
    #[test]
    fn the_race_plays_the_first_best_column_of_the_random_order() {
        let mut positions = Vec::new();
        for (set, count) in [("Test_L2_R1", 15), ("Test_L1_R1", 15), ("Test_L2_R2", 10)] {
            let text = std::fs::read_to_string(format!("tests/data/pons/{set}")).unwrap();
            for line in text.lines().take(count) {
                let moves = line.split(' ').next().unwrap();
                positions.push(Position::from_moves(moves).unwrap());
            }
        }
        let mut raced = 0;
        for (n, position) in positions.iter().enumerate() {
            let best = Solver::new(16).best_moves(position).unwrap();
            // A fresh solver finds the score just as the move's own first step does.
            let mut scorer = Solver::new(16);
            let _ = scorer.score(position);
            for first_slice in [1, 40, 3_000, RACE_FIRST_SLICE] {
                for seed in 0..4 {
                    let mut rng = Rng::new(seed + 10 * n as u64);
                    let mut expected_rng = rng.clone();
                    let b = Bits::from_position(position);
                    let expected = if b.can_win_next() {
                        expected_rng.pick(&best.columns)
                    } else {
                        let mut order: Vec<usize> = (0..WIDTH).filter(|&c| b.can_play(c)).collect();
                        expected_rng.shuffle(&mut order);
                        *order.iter().find(|c| best.columns.contains(c)).unwrap()
                    };
                    let mut solver = Solver::new(16);
                    let col = solver
                        .random_best_move_in_slices(position, &mut rng, first_slice)
                        .unwrap();
                    assert_eq!(
                        col,
                        expected,
                        "{} seed {seed} first slice {first_slice}",
                        position.moves_string()
                    );
                    assert_eq!(rng.next_u64(), expected_rng.next_u64(), "same draws");
                    // The columns' tests needed more than one slice: the race stopped and
                    // resumed at least once.
                    raced += usize::from(solver.nodes() - scorer.nodes() > first_slice);
                }
            }
        }
        eprintln!(
            "{raced} of {} choices needed more than one slice",
            positions.len() * 16
        );
        assert!(
            raced > 100,
            "only {raced} choices needed more than one slice"
        );
    }
}
