//! `hard`'s judgement where it proves nothing: a depth-limited alpha-beta search whose
//! leaves are weighed by a static evaluation, deepened one ply at a time while its budget
//! lasts.
//!
//! The evaluation, for the side to move, is its side's worth minus the opponent's:
//! - each stone is worth the number of fours on the board that could pass through its cell
//!   (a centre cell lies on many, a corner on few);
//! - each threat (an empty cell that would complete a four) is worth much more, and more on
//!   the rows that decide a game that fills up: the odd rows (first, third, … from the
//!   bottom) for the first player, the even ones for the second (Victor Allis' zugzwang
//!   rule);
//! - two threats one above the other in a column win, and are worth most of all.
//!
//! A move forced by a threat to block does not count against the depth, so that a sequence of
//! forced moves is seen to its end. Wins and losses are exact: a win sooner scores more.

use super::bits::{winning_cells, Bits, Geometry, Word};
use super::search::clock_ms;
use crate::engine::MAX_WIDTH;

/// A won position's value, before the bonus for winning sooner.
const WIN: i32 = 1 << 20;
/// A threat on the rows that favour its player, and on the others.
const GOOD_THREAT: i32 = 24;
const OTHER_THREAT: i32 = 12;
/// Two threats of one player, one directly above the other.
const STACKED: i32 = 200;
/// Positions between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// What the judgement found: each column's value for the side to move (`None` for one not
/// judged), and how many plies deep the search went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Judged {
    pub values: [Option<i32>; MAX_WIDTH],
    pub depth: u32,
}

/// How far a judgement may search: `budget` positions, until the clock passes `deadline`,
/// and `max_depth` plies deep at most.
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    pub budget: u64,
    pub deadline: Option<f64>,
    pub max_depth: u32,
}

/// A judgement's search: its board's cell weights and its budgets.
pub(super) struct Judge<G: Geometry> {
    geo: G,
    /// `levels[k]`: the cells that at least `k + 1` fours could pass through.
    levels: Vec<G::Word>,
    nodes: u64,
    limit: u64,
    deadline: Option<f64>,
    aborted: bool,
}

impl<G: Geometry> Judge<G> {
    pub fn new(geo: G) -> Judge<G> {
        let (width, height) = (geo.width() as i32, geo.height() as i32);
        let inside = |c: i32, r: i32| (0..width).contains(&c) && (0..height).contains(&r);
        let mut counts = Vec::new();
        for c in 0..width {
            for r in 0..height {
                // The fours through (c, r): for each direction, each of its 4 offsets.
                let mut n = 0;
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    for k in 0..4 {
                        let (c0, r0) = (c - k * dc, r - k * dr);
                        n += i32::from(inside(c0, r0) && inside(c0 + 3 * dc, r0 + 3 * dr));
                    }
                }
                let cell = G::Word::ONE << (c as u32 * geo.h1() + r as u32);
                counts.push((cell, n));
            }
        }
        let most = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
        let levels = (1..=most)
            .map(|k| {
                counts
                    .iter()
                    .filter(|&&(_, n)| n >= k)
                    .fold(G::Word::ZERO, |m, &(cell, _)| m | cell)
            })
            .collect();
        Judge {
            geo,
            levels,
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            aborted: false,
        }
    }

    /// The value of each column set in `columns` (bit `c` for column `c`) for the side to
    /// move in `b`, from the deepest search that finished within `budget` positions and
    /// before the clock passed `deadline`, `max_depth` plies at most. Depth 1 (each move's
    /// own position, weighed) is always finished.
    ///
    /// A value within `margin` of the best is exact; any other is only an upper bound, below
    /// the best by more than `margin`. So noise of up to `margin` added to each value can
    /// reorder the moves near the best, and never lifts a worse one above them.
    pub fn columns(&mut self, b: Bits<G>, columns: u16, limits: Limits, margin: i32) -> Judged {
        let Limits {
            budget,
            deadline,
            max_depth,
        } = limits;
        let mut order: Vec<usize> = self
            .geo
            .order()
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| columns >> c & 1 == 1 && b.can_play(c))
            .collect();
        let mut judged = Judged {
            values: [None; MAX_WIDTH],
            depth: 0,
        };
        let start = self.nodes;
        // Depth 1 whatever the budget: a judgement always has an answer.
        self.limit = u64::MAX;
        self.deadline = None;
        let mut depth = 1;
        while let Some(values) = self.root(b, &order, depth, margin) {
            judged = Judged { values, depth };
            let left = b.remaining();
            if depth >= max_depth || depth >= left {
                break;
            }
            // The best first next time: its value makes the others' windows narrow.
            order.sort_by_key(|&c| std::cmp::Reverse(values[c]));
            depth += 1;
            self.limit = start.saturating_add(budget);
            self.deadline = deadline;
        }
        self.limit = u64::MAX;
        self.deadline = None;
        self.aborted = false;
        judged
    }

    /// One search `depth` plies deep: each column's value, exact within `margin` of the best
    /// and an upper bound for the others; `None` if it ran out of budget.
    fn root(
        &mut self,
        b: Bits<G>,
        order: &[usize],
        depth: u32,
        margin: i32,
    ) -> Option<[Option<i32>; MAX_WIDTH]> {
        let mut values = [None; MAX_WIDTH];
        let mut best = -WIN * 2;
        for &col in order {
            let v = if b.is_winning_move(col) {
                win_value(&b)
            } else {
                let mut child = b;
                child.play_col(col);
                // Only a value within `margin` of the best so far needs to be exact.
                -self.negamax(child, depth - 1, -WIN * 2, margin + 1 - best)
            };
            if self.aborted {
                return None;
            }
            best = best.max(v);
            values[col] = Some(v);
        }
        Some(values)
    }

    fn negamax(&mut self, b: Bits<G>, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| clock_ms() > d))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let possible = b.possible();
        if possible == G::Word::ZERO {
            return 0; // the board is full: a draw
        }
        if b.can_win_next() {
            return win_value(&b);
        }
        let moves = b.non_losing_moves();
        if moves == G::Word::ZERO {
            // Whatever it plays, the opponent wins with its next stone.
            let mut after = b;
            after.play_cell(possible & possible.wrapping_neg());
            return -win_value(&after);
        }
        let forced = moves & (moves - G::Word::ONE) == G::Word::ZERO;
        if depth == 0 && !forced {
            return self.evaluate(&b);
        }
        let next = if forced { depth } else { depth - 1 };
        // The moves that make the most threats first, then from the centre out.
        let mut ordered = [(0u32, G::Word::ZERO); MAX_WIDTH];
        let mut n = 0;
        for &col in self.geo.order() {
            let cell = moves & self.geo.column_mask(usize::from(col));
            if cell != G::Word::ZERO {
                let score = b.move_score(cell);
                let mut i = n;
                while i > 0 && ordered[i - 1].0 < score {
                    ordered[i] = ordered[i - 1];
                    i -= 1;
                }
                ordered[i] = (score, cell);
                n += 1;
            }
        }
        for &(_, cell) in &ordered[..n] {
            let mut child = b;
            child.play_cell(cell);
            let v = -self.negamax(child, next, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
        alpha
    }

    /// The static value of `b` for the side to move (see the module's notes).
    fn evaluate(&self, b: &Bits<G>) -> i32 {
        let g = self.geo;
        let me = b.current;
        let them = b.current ^ b.mask;
        let (mine, theirs) = (winning_cells(g, me, b.mask), winning_cells(g, them, b.mask));
        // The first player is to move when an even number of stones is down.
        let my_rows = if b.moves % 2 == 0 {
            g.odd_rows()
        } else {
            g.even_rows()
        };
        let threats = |t: G::Word, good: G::Word| {
            let stacked = if t & (t >> 1) != G::Word::ZERO {
                STACKED
            } else {
                0
            };
            GOOD_THREAT * (t & good).count_ones() as i32
                + OTHER_THREAT * (t & !good).count_ones() as i32
                + stacked
        };
        let cells = |stones: G::Word| {
            self.levels
                .iter()
                .map(|&level| (stones & level).count_ones() as i32)
                .sum::<i32>()
        };
        threats(mine, my_rows) - threats(theirs, g.board() & !my_rows) + cells(me) - cells(them)
    }
}

/// The value of winning with the next stone in `b`: the sooner, the more.
fn win_value<G: Geometry>(b: &Bits<G>) -> i32 {
    WIN + b.remaining() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Size};
    use crate::solver::bits::{Classic, Sized};

    fn judged(size: Size, moves: &str, depth: u32) -> Judged {
        let p = Position::from_moves_on(size, moves).unwrap();
        let geo = Sized::wide(size);
        let b = Bits::of(geo, &p);
        let limits = Limits {
            budget: u64::MAX,
            deadline: None,
            max_depth: depth,
        };
        Judge::new(geo).columns(b, u16::MAX, limits, 0)
    }

    #[test]
    fn cells_are_worth_the_fours_through_them() {
        // On 7 x 6, the classic table: 3 4 5 7 5 4 3 on the bottom row, 13 in the middle.
        let judge = Judge::new(Classic);
        let worth = |c: u32, r: u32| {
            let cell = 1u64 << (c * 7 + r);
            judge.levels.iter().filter(|&&l| l & cell != 0).count()
        };
        let bottom: Vec<usize> = (0..7).map(|c| worth(c, 0)).collect();
        assert_eq!(bottom, [3, 4, 5, 7, 5, 4, 3]);
        assert_eq!(worth(3, 2), 13);
        assert_eq!(worth(3, 3), 13);
    }

    #[test]
    fn it_sees_a_win_and_a_loss_in_time() {
        let size = Size::new(9, 9).unwrap();
        // Red makes three on the bottom row with column 4, both ends open: whichever end
        // Yellow blocks, Red wins with the other, its fourth stone.
        let j = judged(size, "2838", 3);
        assert_eq!(j.values[3].unwrap(), win_with_stone(size, 7));
        // Yellow to move against that open three: every move loses.
        let j = judged(size, "28384", 3);
        let playable = (0..9).filter_map(|c| j.values[c]);
        assert!(playable.into_iter().all(|v| v < -WIN / 2), "{j:?}");
    }

    /// The value of a win with the game's `n`-th stone.
    fn win_with_stone(size: Size, n: usize) -> i32 {
        WIN + (size.cells() + 1 - n) as i32
    }

    #[test]
    fn the_first_depth_is_always_finished() {
        let size = Size::new(8, 7).unwrap();
        let p = Position::empty(size);
        let geo = Sized::wide(size);
        let b = Bits::of(geo, &p);
        let limits = Limits {
            budget: 0,
            deadline: Some(0.0),
            max_depth: 20,
        };
        let j = Judge::new(geo).columns(b, u16::MAX, limits, 0);
        assert_eq!(j.depth, 1);
        assert!((0..8).all(|c| j.values[c].is_some()));
    }
}
