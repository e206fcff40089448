//! `hard`'s judgement where it proves nothing: a depth-limited alpha-beta search whose
//! leaves are weighed by a static evaluation, deepened one ply at a time while its budget
//! lasts.
//!
//! The evaluation, for the side to move, is its side's worth minus the opponent's:
//! - each stone is worth the number of fours on the board that could pass through its cell
//!   (a centre cell lies on many, a corner on few);
//! - each threat (an empty cell that would complete a four) is worth much more, and more on
//!   the rows that decide a game that fills up (Victor Allis' zugzwang rule, for any board):
//!   when every other column is full, the stones left alternate up the last one, so each of
//!   its rows falls to one player. On 7 x 6, 9 x 7 and 9 x 9 the first player gets the odd
//!   rows (first, third, … from the bottom) and the second the even ones; on a board where
//!   the cells outside one column are odd in number (8 x 7, 6 x 5, …) it is the other way
//!   round ([`first_players_rows`]);
//! - a threat above one of the opponent's in its column is worth little (Allis' useless
//!   threats): before the column reaches it, the opponent's wins or is blocked, and then
//!   the opponent blocks it;
//! - two threats one above the other in a column win, and are worth most of all.
//!
//! A move forced by a threat to block does not count against the depth, so that a sequence of
//! forced moves is seen to its end. Wins and losses are exact: a win sooner scores more.
//! A table keeps what the search found of each position (its value, as a bound or exact,
//! and its best move), so that each deeper search tries the best move first and skips what
//! is already known.

use super::bits::{winning_cells, Bits, Geometry, Word};
use super::search::clock_ms;
use crate::engine::MAX_WIDTH;

/// A won position's value, before the bonus for winning sooner.
const WIN: i32 = 1 << 20;
/// A threat on the rows that favour its player, and on the others.
const GOOD_THREAT: i32 = 24;
const OTHER_THREAT: i32 = 12;
/// A threat above one of the opponent's in its column.
const USELESS_THREAT: i32 = 3;
/// Two threats of one player, one directly above the other.
const STACKED: i32 = 200;
/// Positions between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;
/// A judgement's table of positions already searched holds 2 to this power entries.
const TABLE_BITS: u32 = 15;

/// What a search found of a position: its value, searched `depth` plies deep, as a bound
/// or exact, and the move that was best (or refuted the window), searched first next time.
#[derive(Debug, Clone, Copy)]
struct Entry<W> {
    key: W,
    value: i32,
    depth: u8,
    bound: Bound,
    best: u8,
}

/// What a search does at a position: see [`Judge::node`].
enum Node<W> {
    Value(i32),
    Search { moves: W, next: u32 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

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
    /// The rows where a threat of the first player's decides a game that fills up.
    first_rows: G::Word,
    /// Positions already searched, by key (a key of 0 is no position).
    table: Vec<Entry<G::Word>>,
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
            first_rows: first_players_rows(geo),
            table: vec![
                Entry {
                    key: G::Word::ZERO,
                    value: 0,
                    depth: 0,
                    bound: Bound::Exact,
                    best: 0,
                };
                1 << TABLE_BITS
            ],
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
            super::sort_columns_by(&mut order, |c| std::cmp::Reverse(values[c]));
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
        let (moves, next) = match self.node(&b, depth) {
            Node::Value(value) => return value,
            Node::Search { moves, next } => (moves, next),
        };
        let key = b.key();
        let slot = (key.table_hash() >> (64 - TABLE_BITS)) as usize;
        let mut first = None;
        let entry = self.table[slot];
        if entry.key == key {
            if u32::from(entry.depth) >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if cut {
                    return entry.value;
                }
            }
            first = Some(usize::from(entry.best));
        }
        // The move best last time first, then those that make the most threats, then from
        // the centre out.
        let mut ordered = [(0u32, G::Word::ZERO, 0u8); MAX_WIDTH];
        let mut n = 0;
        for &col in self.geo.order() {
            let cell = moves & self.geo.column_mask(usize::from(col));
            if cell != G::Word::ZERO {
                let score = if first == Some(usize::from(col)) {
                    u32::MAX
                } else {
                    b.move_score(cell)
                };
                let mut i = n;
                while i > 0 && ordered[i - 1].0 < score {
                    ordered[i] = ordered[i - 1];
                    i -= 1;
                }
                ordered[i] = (score, cell, col);
                n += 1;
            }
        }
        let alpha0 = alpha;
        let mut best = (i32::MIN, ordered[0].2);
        for &(_, cell, col) in &ordered[..n] {
            let mut child = b;
            child.play_cell(cell);
            let v = -self.negamax(child, next, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if v > best.0 {
                best = (v, col);
            }
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        }
        let bound = if best.0 >= beta {
            Bound::Lower
        } else if best.0 > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[slot] = Entry {
            key,
            value: best.0,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            bound,
            best: best.1,
        };
        // Fail-soft: a bound beyond the window where the search found one.
        best.0
    }

    /// What the search does at `b` with `depth` plies to go: stop with a value (at the
    /// game's end, a win with the next stone, a loss whatever it plays, or the evaluation
    /// once the depth is reached), or search the moves that do not lose at once. A forced
    /// move (the one block) does not count against the depth.
    fn node(&self, b: &Bits<G>, depth: u32) -> Node<G::Word> {
        let possible = b.possible();
        if possible == G::Word::ZERO {
            return Node::Value(0); // the board is full: a draw
        }
        if b.can_win_next() {
            return Node::Value(win_value(b));
        }
        let moves = b.non_losing_moves();
        if moves == G::Word::ZERO {
            // Whatever it plays, the opponent wins with its next stone.
            let mut after = *b;
            after.play_cell(possible & possible.wrapping_neg());
            return Node::Value(-win_value(&after));
        }
        let forced = moves & (moves - G::Word::ONE) == G::Word::ZERO;
        match (depth, forced) {
            (0, false) => Node::Value(self.evaluate(b)),
            (_, true) => Node::Search { moves, next: depth },
            _ => Node::Search {
                moves,
                next: depth - 1,
            },
        }
    }

    /// The static value of `b` for the side to move (see the module's notes).
    fn evaluate(&self, b: &Bits<G>) -> i32 {
        let g = self.geo;
        let me = b.current;
        let them = b.current ^ b.mask;
        let (mine, theirs) = (winning_cells(g, me, b.mask), winning_cells(g, them, b.mask));
        // The first player is to move when an even number of stones is down.
        let my_rows = if b.moves % 2 == 0 {
            self.first_rows
        } else {
            g.board() & !self.first_rows
        };
        // A threat above one of the opponent's in its column is all but useless: before
        // the column reaches it, the opponent wins there, or it is blocked, and then the
        // opponent blocks this one next (Allis' useless threats).
        let threats = |t: G::Word, other: G::Word, good: G::Word| {
            let useless = t & self.above_lowest(other);
            let t = t & !useless;
            let stacked = if t & (t >> 1) != G::Word::ZERO {
                STACKED
            } else {
                0
            };
            GOOD_THREAT * (t & good).count_ones() as i32
                + OTHER_THREAT * (t & !good).count_ones() as i32
                + USELESS_THREAT * useless.count_ones() as i32
                + stacked
        };
        let cells = |stones: G::Word| {
            self.levels
                .iter()
                .map(|&level| (stones & level).count_ones() as i32)
                .sum::<i32>()
        };
        threats(mine, theirs, my_rows) - threats(theirs, mine, g.board() & !my_rows) + cells(me)
            - cells(them)
    }

    /// The cells above the lowest of `cells` in each column.
    fn above_lowest(&self, cells: G::Word) -> G::Word {
        let mut above = G::Word::ZERO;
        for col in 0..self.geo.width() {
            let column = self.geo.column_mask(col);
            let here = cells & column;
            if here != G::Word::ZERO {
                let lowest = here & here.wrapping_neg();
                above |= column & !(lowest | (lowest - G::Word::ONE));
            }
        }
        above
    }
}

/// The cells the first player gets when a board fills up column by column to the last one.
///
/// With every other column full and `k` stones in the last, `cells - height + k` stones are
/// down, and the first player is to move when that is even: its stone goes to row `k` (from
/// 0). So if `cells - height` is even, the first player gets rows 0, 2, … (the odd rows,
/// counting from 1), and otherwise rows 1, 3, ….
pub(super) fn first_players_rows<G: Geometry>(geo: G) -> G::Word {
    if (geo.cells() - geo.height()) % 2 == 0 {
        geo.odd_rows()
    } else {
        geo.even_rows()
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
        judged_within(size, moves, depth, 0).2
    }

    /// A judgement of every column `depth` plies deep, with `margin`: the judge (and its
    /// table), the position, and what it found.
    fn judged_within(
        size: Size,
        moves: &str,
        depth: u32,
        margin: i32,
    ) -> (Judge<Sized<u128>>, Bits<Sized<u128>>, Judged) {
        let p = Position::from_moves_on(size, moves).unwrap();
        let geo = Sized::wide(size);
        let b = Bits::of(geo, &p);
        let limits = Limits {
            budget: u64::MAX,
            deadline: None,
            max_depth: depth,
        };
        let mut judge = Judge::new(geo);
        let judged = judge.columns(b, u16::MAX, limits, margin);
        (judge, b, judged)
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

    #[test]
    fn the_rows_that_decide_a_full_board_depend_on_its_size() {
        // Counting the turns up the last column: on 7 x 6, 36 stones are down when it is
        // all that is left, so the first player drops its first, third and fifth stones
        // (Allis' odd threats). On 8 x 7 it is 49: the second player starts the column.
        let turns = |size: Size| {
            let (w, h) = (size.width() as u32, size.height() as u32);
            (0..h)
                .filter(|k| ((w - 1) * h + k) % 2 == 0)
                .fold(0u128, |m, k| m | 1 << k)
        };
        for (w, h) in [(7, 6), (8, 7), (9, 7), (9, 9), (6, 5), (4, 4)] {
            let size = Size::new(w, h).unwrap();
            let geo = Sized::wide(size);
            let column = geo.column_mask(0);
            assert_eq!(first_players_rows(geo) & column, turns(size), "{w} x {h}");
        }
        assert_eq!(first_players_rows(Classic), Classic.odd_rows());
        let eight = Sized::wide(Size::new(8, 7).unwrap());
        assert_eq!(first_players_rows(eight), eight.even_rows());
    }

    /// The judgement's search without its table and its window: every move, to the depth.
    fn plain<G: Geometry>(judge: &Judge<G>, b: Bits<G>, depth: u32) -> i32 {
        let (moves, next) = match judge.node(&b, depth) {
            Node::Value(value) => return value,
            Node::Search { moves, next } => (moves, next),
        };
        (0..judge.geo.width())
            .map(|c| moves & judge.geo.column_mask(c))
            .filter(|&cell| cell != G::Word::ZERO)
            .map(|cell| {
                let mut child = b;
                child.play_cell(cell);
                -plain(judge, child, next)
            })
            .max()
            .expect("a move that does not lose at once")
    }

    #[test]
    fn the_table_and_the_window_change_no_value_near_the_best() {
        let mut games: Vec<(String, String, u32)> = [
            ("9x9", "2838", 5),
            ("8x7", "5554544544", 5),
            ("9x7", "56555657556896644", 5),
            ("7x6", "4444445", 6),
            ("5x5", "33", 7),
        ]
        .iter()
        .map(|&(size, moves, depth)| (size.to_owned(), moves.to_owned(), depth))
        .collect();
        // And random positions, 6 to 30 moves in, on each big board.
        let mut rng = crate::solver::Rng::new(47);
        for size in ["8x7", "9x7", "9x9", "6x5"] {
            for _ in 0..12 {
                let size_of: Size = size.parse().unwrap();
                let mut p = Position::empty(size_of);
                let wanted = 6 + rng.below(25) as usize;
                while p.move_count() < wanted {
                    let open: Vec<usize> =
                        (0..size_of.width()).filter(|&c| p.can_play(c)).collect();
                    let mut q = p;
                    q.play_unchecked(rng.pick(&open));
                    if q.is_over() {
                        break;
                    }
                    p = q;
                }
                games.push((size.to_owned(), p.moves_string(), 4));
            }
        }
        for (size, moves, depth) in games {
            let size: Size = size.parse().unwrap();
            let moves = moves.as_str();
            let margin = 2;
            let (judge, b, j) = judged_within(size, moves, depth, margin);
            assert_eq!(j.depth, depth);
            let exact: Vec<(usize, i32)> = (0..size.width())
                .filter(|&c| b.can_play(c))
                .map(|c| {
                    let v = if b.is_winning_move(c) {
                        win_value(&b)
                    } else {
                        let mut child = b;
                        child.play_col(c);
                        -plain(&judge, child, depth - 1)
                    };
                    (c, v)
                })
                .collect();
            let best = exact.iter().map(|&(_, v)| v).max().unwrap();
            for (c, v) in exact {
                let judged = j.values[c].unwrap();
                if v >= best - margin {
                    assert_eq!(judged, v, "{moves}: column {}", c + 1);
                } else {
                    // Only a bound, and below the best by more than the margin.
                    assert!(
                        v <= judged && judged < best - margin,
                        "{moves}: column {}",
                        c + 1
                    );
                }
            }
        }
    }

    #[test]
    fn a_threat_above_the_opponents_is_useless() {
        let size = Size::new(7, 6).unwrap();
        let geo = Sized::wide(size);
        let judge = Judge::new(geo);
        let cell = |c: u32, r: u32| 1u128 << (c * 7 + r);
        let above = judge.above_lowest(cell(2, 1) | cell(2, 3) | cell(5, 0));
        let expected =
            (2..6).map(|r| cell(2, r)).sum::<u128>() + (1..6).map(|r| cell(5, r)).sum::<u128>();
        assert_eq!(above, expected);
    }
}
