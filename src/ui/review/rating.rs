//! A game's review: each move rated from the solver's analysis of the position before it,
//! and who could force a win, and how soon, after every move.
//!
//! A move is **best** if it reaches its position's best score, **good** if it keeps the
//! outcome (a win, a draw or a loss) but not the best score (a slower win, a quicker loss),
//! and a **mistake** if it gives the outcome up: a win becomes a draw or a loss, or a draw a
//! loss. For a mistake, the columns that kept the outcome are named.

use crate::engine::{Player, Position, Status, WIDTH};
use crate::solver::{Outcome, Score};
use crate::ui::protocol::Scores;

/// How good a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rating {
    Best,
    Good,
    Mistake,
}

/// The best score among `scores`, if any column is playable.
fn best_score(scores: &Scores) -> Option<i32> {
    scores.iter().flatten().copied().max()
}

/// The rating of playing `column` in a position whose columns score `scores` (for the side
/// to move), and the columns that kept the outcome when it is a mistake (empty otherwise).
/// `None` if `column` cannot be played there.
pub fn rate(scores: &Scores, column: usize) -> Option<(Rating, Vec<usize>)> {
    let played = (*scores.get(column)?)?;
    let best = best_score(scores)?;
    if played == best {
        return Some((Rating::Best, Vec::new()));
    }
    if played.signum() == best.signum() {
        return Some((Rating::Good, Vec::new()));
    }
    let kept = (0..WIDTH)
        .filter(|&c| scores[c].is_some_and(|s| s.signum() == best.signum()))
        .collect();
    Some((Rating::Mistake, kept))
}

/// Who can force a win in a position, and with which of their moves from now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// `player` can force a win with their `n`-th move from now (0: they have won).
    Wins(Player, u32),
    Draw,
}

impl Standing {
    /// The standing of a position with `moves_played` moves whose side to move, `mover`,
    /// can reach `score`.
    pub fn of_score(score: i32, moves_played: usize, mover: Player) -> Standing {
        match Score::new(score).outcome(moves_played) {
            Outcome::Win(n) => Standing::Wins(mover, n),
            Outcome::Loss(n) => Standing::Wins(mover.other(), n),
            Outcome::Draw => Standing::Draw,
        }
    }

    /// The standing of a finished game.
    pub fn of_end(status: Status) -> Option<Standing> {
        match status {
            Status::Win(p) => Some(Standing::Wins(p, 0)),
            Status::Draw => Some(Standing::Draw),
            Status::InProgress => None,
        }
    }

    /// For the chart: from 1 (Red has won, or wins at once) through 0 (a draw) to -1
    /// (Yellow), nearer 0 the further off the win is.
    pub fn height(self) -> f64 {
        match self {
            Standing::Draw => 0.0,
            Standing::Wins(p, n) => {
                let size = 1.0 - f64::from(n.saturating_sub(1).min(21)) / 24.0;
                if p == Player::First {
                    size
                } else {
                    -size
                }
            }
        }
    }
}

/// One move of the reviewed game, rated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rated {
    /// 1 for the first move.
    pub number: usize,
    pub player: Player,
    pub column: usize,
    pub rating: Rating,
    /// For a mistake, the columns that kept the outcome.
    pub kept: Vec<usize>,
    /// The standing before the move, as the mover could have kept it.
    pub before: Standing,
    /// The standing after the move.
    pub after: Standing,
}

/// Why an analysis does not fit the reviewed game.
pub const WRONG_ANALYSIS: &str = "the review's analysis does not fit the game";

/// A game under review: its moves, the move shown, and once the worker has sent it, the
/// analysis of every position in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    game: Position,
    columns: Vec<usize>,
    /// How many moves are shown.
    at: usize,
    /// The position shown: the game after `at` moves.
    shown: Position,
    /// The analysis of each position of the game that is not over, from the start.
    analysis: Option<Vec<Scores>>,
    /// The moves, rated, once the analysis is in.
    rated: Vec<Rated>,
}

impl Review {
    /// The review of `game`, showing the position after `at` of its moves (at most all).
    pub fn new(game: Position, at: usize) -> Review {
        let columns: Vec<usize> = game.history().iter().map(|&c| usize::from(c)).collect();
        let mut review = Review {
            at: 0,
            shown: Position::new(),
            game,
            columns,
            analysis: None,
            rated: Vec::new(),
        };
        review.go(at);
        review
    }

    pub fn game(&self) -> &Position {
        &self.game
    }

    /// How many moves the game has.
    pub fn len(&self) -> usize {
        self.columns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// How many moves are shown.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Shows the position after `at` moves (at most all); true if that changed.
    pub fn go(&mut self, at: usize) -> bool {
        let at = at.min(self.len());
        let moved = at != self.at;
        self.at = at;
        self.shown = self.position_at(at);
        moved
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        &self.shown
    }

    /// The position after the first `n` moves.
    pub fn position_at(&self, n: usize) -> Position {
        let mut p = Position::new();
        for &c in &self.columns[..n.min(self.len())] {
            p.play_unchecked(c);
        }
        p
    }

    /// The positions the worker must analyse, as move strings: each one of the game that is
    /// not over, from the start.
    pub fn wanted(&self) -> Vec<String> {
        let mut p = Position::new();
        let mut wanted = Vec::new();
        for i in 0..=self.len() {
            if p.is_over() {
                break;
            }
            wanted.push(p.moves_string());
            if let Some(&c) = self.columns.get(i) {
                p.play_unchecked(c);
            }
        }
        wanted
    }

    pub fn is_ready(&self) -> bool {
        self.analysis.is_some()
    }

    /// Takes the worker's analysis: one [`Scores`] per position [`Review::wanted`] names.
    pub fn set_analysis(&mut self, analysis: Vec<Scores>) -> Result<(), &'static str> {
        let wanted = self.wanted().len();
        if analysis.len() != wanted {
            return Err(WRONG_ANALYSIS);
        }
        let mut rated = Vec::with_capacity(self.len());
        let mut p = Position::new();
        for (i, &column) in self.columns.iter().enumerate() {
            let scores = &analysis[i];
            let (rating, kept) = rate(scores, column).ok_or(WRONG_ANALYSIS)?;
            let mover = p.current_player();
            let best = best_score(scores).ok_or(WRONG_ANALYSIS)?;
            let before = Standing::of_score(best, i, mover);
            p.play_unchecked(column);
            let after = match Standing::of_end(p.status()) {
                Some(end) => end,
                None => {
                    let next = analysis.get(i + 1).ok_or(WRONG_ANALYSIS)?;
                    let score = best_score(next).ok_or(WRONG_ANALYSIS)?;
                    Standing::of_score(score, i + 1, p.current_player())
                }
            };
            rated.push(Rated {
                number: i + 1,
                player: mover,
                column,
                rating,
                kept,
                before,
                after,
            });
        }
        self.analysis = Some(analysis);
        self.rated = rated;
        Ok(())
    }

    /// Every move rated (empty until the analysis is in).
    pub fn rated(&self) -> &[Rated] {
        &self.rated
    }

    /// The move that led to the position shown, rated, once the analysis is in.
    pub fn shown_move(&self) -> Option<&Rated> {
        self.at.checked_sub(1).and_then(|i| self.rated.get(i))
    }

    /// The standing after each number of moves, from none to all (empty until the analysis
    /// is in): each move's standing before it, then the last one's after it.
    pub fn standings(&self) -> Vec<Standing> {
        let last = self.rated.last().map(|r| r.after);
        self.rated.iter().map(|r| r.before).chain(last).collect()
    }

    /// The analysis of the position shown, if it is not over.
    pub fn shown_scores(&self) -> Option<&Scores> {
        self.analysis.as_ref()?.get(self.at)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::solver::{Book, Solver};

    fn solver() -> Solver {
        let mut solver = Solver::new(16);
        solver.set_book(Book::embedded());
        solver
    }

    fn analyse(solver: &mut Solver, moves: &str) -> Scores {
        solver
            .analyze(&Position::from_moves(moves).unwrap())
            .unwrap()
    }

    /// The rules on hand-made scores: every case, whatever the sign.
    #[test]
    fn the_rating_rules() {
        // A win in the best time, a slower win, a draw and a loss on offer.
        let scores = [Some(5), Some(3), None, Some(0), Some(-2), Some(5), Some(-1)];
        assert_eq!(rate(&scores, 0), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 5), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 1), Some((Rating::Good, vec![])));
        assert_eq!(rate(&scores, 3), Some((Rating::Mistake, vec![0, 1, 5])));
        assert_eq!(rate(&scores, 4), Some((Rating::Mistake, vec![0, 1, 5])));
        assert_eq!(rate(&scores, 2), None, "a full column");
        assert_eq!(rate(&scores, 7), None, "off the board");
        // The best is a draw: a loss is a mistake, whatever its length.
        let drawn = [Some(0), Some(-4), Some(0), Some(-1), None, None, None];
        assert_eq!(rate(&drawn, 2), Some((Rating::Best, vec![])));
        assert_eq!(rate(&drawn, 3), Some((Rating::Mistake, vec![0, 2])));
        // Every move loses: the longest loss is best, a quicker one still keeps the outcome.
        let lost = [Some(-3), Some(-8), None, None, None, None, Some(-3)];
        assert_eq!(rate(&lost, 6), Some((Rating::Best, vec![])));
        assert_eq!(rate(&lost, 1), Some((Rating::Good, vec![])));
    }

    /// The rules on real positions whose outcomes follow from the board.
    #[test]
    fn ratings_of_real_positions() {
        let mut solver = solver();
        // Red has three in the bottom row (columns 3 to 5), open at both ends; Yellow's three
        // above them cannot be completed yet. Columns 2 and 6 win at once: best. Column 1
        // wins more slowly: Yellow can block only one end. Good.
        let scores = analyse(&mut solver, "334455");
        let now = Score::win_next(6).get();
        assert_eq!((scores[1], scores[5]), (Some(now), Some(now)));
        assert_eq!(rate(&scores, 1), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 5), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 0), Some((Rating::Good, vec![])));
        // Red and Yellow each have three in a column (1 and 7), Red to move. Column 1 wins
        // at once: best. Columns 2 to 6 let Yellow win at once: a thrown-away win, and the
        // review names column 1 among those that kept it.
        let scores = analyse(&mut solver, "171717");
        assert_eq!(scores[0], Some(now));
        assert_eq!(rate(&scores, 0), Some((Rating::Best, vec![])));
        for c in 1..=5 {
            let (rating, kept) = rate(&scores, c).unwrap();
            assert_eq!(rating, Rating::Mistake, "column {}", c + 1);
            assert!(kept.contains(&0));
            assert!(kept.iter().all(|k| !(1..=5).contains(k)));
        }
    }

    #[test]
    fn a_review_rates_every_move_and_tracks_the_standing() {
        let mut solver = solver();
        // Red and Yellow build threes in columns 1 and 7; Red, instead of winning in column
        // 1, plays column 2, and Yellow wins in column 7.
        let game = Position::from_moves("17171727").unwrap();
        assert_eq!(game.status(), Status::Win(Player::Second));
        let mut review = Review::new(game, 99);
        assert_eq!(review.at(), 8);
        let wanted = review.wanted();
        assert_eq!(wanted.len(), 8, "the finished position is not analysed");
        assert_eq!(wanted[0], "");
        assert_eq!(wanted[7], "1717172");
        assert!(review.rated().is_empty() && !review.is_ready());
        let analysis: Vec<Scores> = wanted.iter().map(|m| analyse(&mut solver, m)).collect();
        assert_eq!(
            review.set_analysis(analysis[..7].to_vec()),
            Err(WRONG_ANALYSIS)
        );
        review.set_analysis(analysis).unwrap();
        let rated = review.rated();
        assert_eq!(rated.len(), 8);
        let blunder = &rated[6];
        assert_eq!(
            (blunder.number, blunder.player, blunder.column),
            (7, Player::First, 1)
        );
        assert_eq!(blunder.rating, Rating::Mistake);
        assert!(blunder.kept.contains(&0));
        assert_eq!(blunder.before, Standing::Wins(Player::First, 1));
        assert_eq!(blunder.after, Standing::Wins(Player::Second, 1));
        // Yellow's win is best, and the game ends won.
        assert_eq!(rated[7].rating, Rating::Best);
        assert_eq!(rated[7].after, Standing::Wins(Player::Second, 0));
        assert_eq!(review.standings().len(), 9);
        assert_eq!(review.standings()[7], Standing::Wins(Player::Second, 1));
        assert_eq!(review.standings()[8].height(), -1.0);
        assert_eq!(review.standings()[6].height(), 1.0);
        // Stepping.
        assert!(review.go(3));
        assert_eq!(review.position().moves_string(), "171");
        assert_eq!(review.shown_move().unwrap().number, 3);
        assert!(!review.go(3));
        review.go(0);
        assert!(review.shown_move().is_none());
        assert_eq!(review.shown_scores(), Some(&analyse(&mut solver, "")));
    }
}
