//! The levels of the computer player ([`Level::ALL`]), all built on [`Solver`] so they agree with it.
//!
//! | level | what it sees | how it chooses |
//! | --- | --- | --- |
//! | `easy` | its own immediate wins and the opponent's immediate threats, but overlooks its own wins in about a third of its moves (an open three of the opponent's it always sees, and blocks) | heavy noise over a "centre and threats" heuristic |
//! | `medium` | every win or loss within 3 of its own moves (6 plies) | heuristic with mild noise among the moves that are not known to lose |
//! | `hard` | every win or loss within 7 of its own moves (14 plies), then deeper and deeper (up to the end of the game) while a budget of 2 million positions and 40% of its 500 ms last; then, for the move it would play, whether it loses all the same (the exact answer, within 2 million positions) | its judgement ([`super::judge`]: a search of up to 2 million positions, within 70% of its time, weighing threats and their rows), with light noise, among the moves that are not known to lose |
//! | `perfect` | the position's exact score, and whether a column reaches it ([`Solver::random_best_move`]) | a uniformly random move among those with the best score (the first to reach it in a random order of columns): it wins as fast as possible and loses as slowly as possible |

use super::bits::{Bits, Word};
use super::judge::{Judge, Limits};
use super::search::{clock_ms, Booked, Search};
use super::{Forced, SolveError};
use crate::engine::{Position, Size, MAX_WIDTH};
use std::fmt;
use std::str::FromStr;

/// The sizes (columns, rows) where `perfect` is offered: 7 x 6 with its opening book, and
/// the boards where its slowest move in six whole games took at most a second in Chromium
/// (`node benches/perfect-sizes.mjs`; the figures are in docs/solver.md). 6 x 5 (256 ms)
/// and 4 x 8 (321 ms) came within it once the search ran in `u64` words there; 8 x 4,
/// 5 x 7, 7 x 5, 6 x 6, 4 x 9 and 5 x 8 once their first positions' scores were built in
/// ([`super::openings`]: their first moves took from 1.7 s to 6.0 s before). On 9 x 4 and
/// the bigger boards, later moves are slow too.
pub const PERFECT_SIZES: &[(u8, u8)] = &[
    (7, 6),
    (4, 4),
    (4, 5),
    (5, 4),
    (4, 6),
    (6, 4),
    (5, 5),
    (4, 7),
    (7, 4),
    (5, 6),
    (6, 5),
    (4, 8),
    (8, 4),
    (5, 7),
    (7, 5),
    (6, 6),
    (4, 9),
    (5, 8),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Perfect,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

    /// The levels' names, as an error lists them: `"easy", "medium", "hard" or "perfect"`.
    pub fn expected() -> String {
        crate::engine::error::quoted_choices(&Level::ALL.map(Level::name))
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }

    /// Whether the level is offered on a board of `size`. Every level is, but `perfect`:
    /// only where each of its moves is exact and comes within a second in Chromium
    /// ([`PERFECT_SIZES`]).
    pub fn offered_on(self, size: Size) -> bool {
        self != Level::Perfect || PERFECT_SIZES.contains(&(size.width() as u8, size.height() as u8))
    }

    /// Positions a level may search per move to look further than its horizon.
    fn budget(self) -> u64 {
        match self {
            Level::Hard => 2_000_000,
            _ => 0,
        }
    }

    /// Positions a level may search per move for the exact answer to "does this move lose,
    /// however far off the loss is?", for the moves it sees as open.
    fn exact_budget(self) -> u64 {
        match self {
            Level::Hard => 2_000_000,
            _ => 0,
        }
    }

    /// Milliseconds a level may spend looking past its horizon, beside its budget of
    /// positions: on the big boards a position costs more, and a reply should come within
    /// a second in the browser.
    fn time_budget_ms(self) -> Option<f64> {
        match self {
            Level::Hard => Some(500.0),
            _ => None,
        }
    }

    /// Positions a level may search per move for its judgement ([`Judge`]) of the moves it
    /// proves nothing about: `None` for a level that goes by its one-move heuristic.
    fn judgement(self) -> Option<u64> {
        match self {
            Level::Hard => Some(2_000_000),
            _ => None,
        }
    }

    /// How many of its own moves ahead a level looks for forced wins and losses.
    fn horizon(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 3,
            Level::Hard => 7,
            Level::Perfect => u32::MAX,
        }
    }

    /// Size of the random noise added to the heuristic (in heuristic points).
    fn noise(self) -> u32 {
        match self {
            Level::Easy => 12,
            Level::Medium => 4,
            Level::Hard => 2,
            Level::Perfect => 0,
        }
    }

    /// Chance, in percent, that the level does not look ahead at all this move.
    fn overlook_percent(self) -> u32 {
        match self {
            Level::Easy => 35,
            _ => 0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {}: expected {}",
            crate::engine::error::quoted(&self.0),
            Level::expected()
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// A small, seedable random number generator (SplitMix64), so games can be replayed in tests.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// Puts `items` in a uniformly random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u32 + 1) as usize);
        }
    }

    /// A uniformly chosen element.
    ///
    /// # Panics
    /// If `items` is empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u32) as usize]
    }
}

/// What a level has seen of each column: what it forces, and for a column that loses, the
/// shortest horizon that showed it (a loss seen only further ahead comes later, and holds
/// out longer).
#[derive(Debug, Clone, Copy)]
struct Seen {
    categories: [Forced; MAX_WIDTH],
    lost_at: [u32; MAX_WIDTH],
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            categories: [Forced::Neither; MAX_WIDTH],
            lost_at: [u32::MAX; MAX_WIDTH],
        }
    }
}

impl Seen {
    /// What a search to `horizon` found.
    fn note(&mut self, categories: [Forced; MAX_WIDTH], horizon: u32) {
        self.categories = categories;
        for (col, category) in categories.iter().enumerate() {
            if *category == Forced::Loss {
                self.lost_at[col] = self.lost_at[col].min(horizon);
            }
        }
    }

    /// Column `col` loses, seen at `horizon`.
    fn lost(&mut self, col: usize, horizon: u32) {
        self.categories[col] = Forced::Loss;
        self.lost_at[col] = horizon;
    }
}

impl<G: Booked> Search<G> {
    /// The move `level` plays in `position`, a 0-based column.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if the game has ended.
    pub fn best_move(
        &mut self,
        position: &Position,
        level: Level,
        rng: &mut Rng,
    ) -> Result<usize, SolveError> {
        self.best_move_in(position, level, rng, level.time_budget_ms())
    }

    /// [`Search::best_move`], looking past the horizon for at most `time_ms` (`None`: as
    /// long as the budgets of positions last).
    ///
    /// A level that looks ahead (every move but an easy level's overlooks) does, in order:
    /// 1. what each column forces within its horizon, searched whole, then further while
    ///    its budget and its share of the time last;
    /// 2. each column's worth: its judgement ([`Judge`], hard's), or a one-move heuristic;
    /// 3. the exact question for the move it would play, best worth first: does it lose all
    ///    the same, to a threat beyond the horizon? A move that does counts as a loss further
    ///    off than any it saw, and the next is asked, while the budget and the time last.
    ///    Wins it does not look for: the level stays short of perfect, it only stops walking
    ///    into losses it can prove.
    fn best_move_in(
        &mut self,
        position: &Position,
        level: Level,
        rng: &mut Rng,
        time_ms: Option<f64>,
    ) -> Result<usize, SolveError> {
        if level == Level::Perfect {
            return self.random_best_move(position, rng);
        }
        let b = self.bits(position)?;
        let started = clock_ms();
        // The end of each step's share of the time.
        let until = |share: f64| time_ms.map(|t| started + t * share);
        let look = rng.below(100) >= level.overlook_percent();
        let mut seen = Seen::default();
        if look {
            self.look_ahead(b, level, until(0.4), &mut seen);
        } else {
            // A level that overlooks the game this move still sees an open three: a cell
            // where the opponent would win with their next move. Every column but the
            // block loses.
            let threats = b.opponent_winning_cells() & b.possible();
            if threats != G::Word::ZERO {
                for col in (0..b.geo.width()).filter(|&c| b.can_play(c)) {
                    if b.landing(col) & threats == G::Word::ZERO {
                        seen.lost(col, 1);
                    }
                }
            }
        }
        let judgement = level.judgement().filter(|_| look);
        let worth = self.worth(
            b,
            level,
            &seen,
            judgement.map(|nodes| (nodes, until(0.7))),
            rng,
        );
        if look && !b.can_win_next() {
            self.prove_losses(b, level, &worth, until(1.0), &mut seen);
        }
        let mut best: Vec<usize> = Vec::new();
        let mut best_key = (Forced::Loss, 0u32, false, i64::MIN);
        for col in (0..b.geo.width()).filter(|&c| b.can_play(c)) {
            let category = seen.categories[col];
            // Among losses, the one seen furthest ahead (the others count as never lost).
            let resists = if category == Forced::Loss {
                seen.lost_at[col]
            } else {
                u32::MAX
            };
            // A level that looked holds out: among moves it sees as equal (every one lost
            // within its horizon, say), one that does not let the opponent win at once.
            let holds = look && {
                let mut child = b;
                child.play_col(col);
                b.is_winning_move(col) || !child.can_win_next()
            };
            let key = (category, resists, holds, worth[col]);
            if key > best_key || best.is_empty() {
                best_key = key;
                best.clear();
                best.push(col);
            } else if key == best_key {
                best.push(col);
            }
        }
        Ok(rng.pick(&best))
    }

    /// Step 1 of [`Search::best_move_in`]: what each column forces within the level's
    /// horizon, then further while the budget lasts and the clock is before `deadline`.
    fn look_ahead(&mut self, b: Bits<G>, level: Level, deadline: Option<f64>, seen: &mut Seen) {
        if let Some(found) = self.categories(b, level.horizon(), u64::MAX) {
            seen.note(found, level.horizon());
        }
        // Look further while the budgets (positions, and time) last; keep the last
        // complete answer. The horizon itself is always searched whole.
        self.set_deadline(deadline);
        let start = self.nodes();
        let mut horizon = level.horizon();
        // No side has more moves than half the cells, rounded up.
        while horizon < b.geo.cells().div_ceil(2) {
            let left = level.budget().saturating_sub(self.nodes() - start);
            horizon += 2;
            match self.categories(b, horizon, left) {
                Some(deeper) => seen.note(deeper, horizon),
                None => break,
            }
        }
        self.set_deadline(None);
    }

    /// Step 2 of [`Search::best_move_in`]: each playable column's worth, with the level's
    /// noise. With `judgement` (positions, and a deadline), the columns open after step 1
    /// are judged by a search; otherwise by how many threats a move makes, and how central
    /// it is.
    fn worth(
        &mut self,
        b: Bits<G>,
        level: Level,
        seen: &Seen,
        judgement: Option<(u64, Option<f64>)>,
        rng: &mut Rng,
    ) -> [i64; MAX_WIDTH] {
        let playable = (0..b.geo.width()).filter(|&c| b.can_play(c));
        let open = playable
            .clone()
            .filter(|&c| seen.categories[c] == Forced::Neither)
            .fold(0u16, |m, c| m | 1 << c);
        let judged = match judgement {
            Some((budget, deadline)) if open.count_ones() > 1 => {
                let limits = Limits {
                    budget,
                    deadline,
                    max_depth: b.remaining(),
                };
                Judge::new(b.geo)
                    .columns(b, open, limits, level.noise() as i32)
                    .values
            }
            _ => [None; MAX_WIDTH],
        };
        let mut worth = [i64::MIN; MAX_WIDTH];
        for col in playable {
            let value = match judged[col] {
                Some(value) => i64::from(value),
                None => i64::from(3 * b.move_score(b.landing(col)) + b.geo.edge_distance(col)),
            };
            worth[col] = value + i64::from(rng.below(level.noise() + 1));
        }
        worth
    }

    /// Step 3 of [`Search::best_move_in`]: the exact question for the open columns, best
    /// `worth` first, until one is shown not to lose, or the level's exact budget runs
    /// out, or the clock passes `deadline`. Where every move loses, the exact scores (as far
    /// as the budget goes) say which one holds out longest, as the perfect level would play
    /// it, so that a weaker opponent has the most moves in which to go wrong.
    fn prove_losses(
        &mut self,
        b: Bits<G>,
        level: Level,
        worth: &[i64; MAX_WIDTH],
        deadline: Option<f64>,
        seen: &mut Seen,
    ) {
        self.set_deadline(deadline);
        let start = self.nodes();
        let left = |s: &Self| level.exact_budget().saturating_sub(s.nodes() - start);
        let playable = || (0..b.geo.width()).filter(|&c| b.can_play(c));
        let mut open: Vec<usize> = playable()
            .filter(|&c| seen.categories[c] == Forced::Neither)
            .collect();
        super::sort_columns_by(&mut open, |c| std::cmp::Reverse(worth[c]));
        for col in open {
            if left(self) == 0 {
                break;
            }
            match self.reaches_within(b, col, 0, left(self)) {
                Some(false) => seen.lost(col, u32::MAX - 1),
                Some(true) | None => break,
            }
        }
        if left(self) > 0 && playable().all(|c| seen.categories[c] == Forced::Loss) {
            if let Some(scores) = self.column_scores_within(b, left(self)) {
                for col in playable() {
                    // A later loss has a score nearer 0: a larger key.
                    let score = scores[col].unwrap_or(i32::MIN / 2);
                    seen.lost_at[col] = (score + b.geo.cells() as i32).max(0) as u32;
                }
            }
        }
        self.set_deadline(None);
    }

    /// For each playable column: whether it wins within `horizon` own moves, loses within
    /// the opponent's next `horizon` moves, or neither is forced that soon.
    /// `None` if the search needed more than `budget` positions.
    fn categories(&mut self, b: Bits<G>, horizon: u32, budget: u64) -> Option<[Forced; MAX_WIDTH]> {
        let start = self.nodes();
        let mut out = [Forced::Neither; MAX_WIDTH];
        let width = self.size().width();
        for (col, category) in
            (out.iter_mut().enumerate().take(width)).filter(|&(c, _)| b.can_play(c))
        {
            *category = if b.is_winning_move(col) {
                Forced::Win
            } else {
                let mut child = b;
                child.play_col(col);
                let left = budget.checked_sub(self.nodes() - start)?;
                // The opponent "wins within h" of its moves; we win within h of ours, this
                // move included, so within h - 1 after it.
                self.bits_outcome_within_budget(child, horizon, horizon - 1, left)
                    .ok()?
                    .flip()
            };
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::WIDTH;
    #[cfg(not(target_arch = "wasm32"))]
    use crate::solver::Solver;
    use crate::solver::{Outcome, Score};

    /// The package's TypeScript names the levels in a type of its own: the same ones.
    #[test]
    fn the_typescript_level_type_names_every_level() {
        let declared = include_str!("../web/game.rs")
            .lines()
            .find_map(|l| l.trim().strip_prefix("export type Level = "))
            .expect("web/game.rs declares the type Level");
        let names: Vec<String> = Level::ALL.iter().map(|l| format!("\"{l}\"")).collect();
        assert_eq!(declared, format!("{};", names.join(" | ")));
        assert_eq!(
            UnknownLevel("god".into()).to_string(),
            format!("unknown level \"god\": expected {}", Level::expected())
        );
    }

    /// Where every move loses, the levels that look hold out longest as far as they see.
    /// "4444445": Yellow is lost; columns 3 and 6 lose only at the end of the game, every
    /// other one within Red's next two moves (the exact scores say so). Hard always picks 3
    /// or 6, and medium (which sees 3 moves ahead) never lets Red win at its next move.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_lost_level_holds_out_as_long_as_it_sees() {
        let mut solver = Solver::new(16);
        solver.set_book(crate::solver::Book::embedded());
        let p = Position::from_moves("4444445").unwrap();
        let scores = solver.analyze(&p).unwrap();
        let n = p.move_count();
        let far = |c: usize| match scores[c].map(|s| Score::new(s).outcome(n)) {
            Some(Outcome::Loss(k)) => k,
            other => panic!("column {}: {other:?}", c + 1),
        };
        let holding: Vec<usize> = (0..WIDTH)
            .filter(|&c| p.can_play(c) && far(c) > 4)
            .collect();
        assert_eq!(holding, [2, 5]);
        assert!((0..WIDTH)
            .filter(|&c| p.can_play(c) && !holding.contains(&c))
            .all(|c| far(c) <= 2));
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let column = solver.best_move(&p, Level::Hard, &mut rng).unwrap();
            assert!(
                holding.contains(&column),
                "seed {seed}: column {}",
                column + 1
            );
        }
        // "262723326414": Red is lost; column 5 holds out for 12 of Yellow's moves, and every
        // other column lets Yellow win at once. Every level that looks plays column 5.
        let p = Position::from_moves("262723326414").unwrap();
        for level in [Level::Medium, Level::Hard] {
            for seed in 0..10 {
                let mut rng = Rng::new(seed);
                assert_eq!(
                    solver.best_move(&p, level, &mut rng).unwrap(),
                    4,
                    "{level} seed {seed}"
                );
            }
        }
    }

    /// A lost position late in a game (from a game hard once lost to a scripted player that
    /// only takes wins, blocks, and prefers the centre): every move loses, some only on the
    /// last move. Hard plays one that holds out longest, by the exact scores, as the perfect
    /// level would.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn hard_holds_out_longest_by_the_exact_scores() {
        let mut solver = Solver::new(16);
        let p = Position::from_moves("444444355655523332122233526").unwrap();
        let scores = solver.analyze(&p).unwrap();
        let playable: Vec<i32> = scores.iter().flatten().copied().collect();
        assert!(
            playable.iter().all(|&s| s < 0),
            "every move loses: {scores:?}"
        );
        let longest = *playable.iter().max().unwrap();
        assert!(
            playable.iter().any(|&s| s < longest),
            "some moves lose sooner: {scores:?}"
        );
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let column = solver.best_move(&p, Level::Hard, &mut rng).unwrap();
            assert_eq!(
                scores[column],
                Some(longest),
                "seed {seed}: column {}",
                column + 1
            );
        }
    }

    #[test]
    fn hard_out_of_time_still_searches_its_whole_horizon() {
        // Yellow to move; Red has three in column 4 and wins there next unless blocked.
        let mut search = Search::new(4);
        let p = Position::from_moves("41414").unwrap();
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let column = search
                .best_move_in(&p, Level::Hard, &mut rng, Some(0.0))
                .unwrap();
            assert_eq!(column, 3, "seed {seed}");
        }
        // No deadline is left over for the next search.
        assert_eq!(search.deadline(), None);
    }

    /// The lower levels' view must agree with the exact scores: a column is "wins within h"
    /// or "loses within h" exactly when the analysis says so.
    #[test]
    fn categories_agree_with_the_exact_analysis() {
        let text = include_str!("../../tests/data/pons/Test_L2_R1");
        let mut solver = Search::new(16);
        for line in text.lines().step_by(25) {
            let moves = line.split(' ').next().unwrap();
            let p = Position::from_moves(moves).unwrap();
            let scores = solver.analyze(&p).unwrap();
            let b = Bits::from_position(&p);
            for h in [1u32, 3, 5, 7, 9, 13, 21] {
                let cats = solver.categories(b, h, u64::MAX).unwrap();
                for c in 0..WIDTH {
                    let Some(s) = scores[c] else { continue };
                    // The column's score is for the side to move in `p`: moves counted from p.
                    let expected = match Score::new(s).outcome(p.move_count()) {
                        Outcome::Win(n) if n <= h => Forced::Win,
                        Outcome::Loss(n) if n <= h => Forced::Loss,
                        _ => Forced::Neither,
                    };
                    assert_eq!(
                        cats[c], expected,
                        "{moves} column {c} score {s} horizon {h}"
                    );
                }
            }
        }
    }
}
