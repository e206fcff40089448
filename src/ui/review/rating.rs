//! The rules of a review's ratings: each move rated from the solver's analysis of the
//! position before it, and who could force a win, and how soon, after every move.
//!
//! The ratings, from the mover's side (a move's "result" is the win, draw or loss it
//! leads to with best play from then on, and how many of the mover's own moves away the end
//! is):
//!
//! - **best**: it reaches the position's best score: the best result, as soon as it can be
//!   won or as late as it can be lost;
//! - **good**: it keeps the result, winning at most [`SLOWER`] - 1 of the mover's moves later
//!   (or losing that much sooner) than the best move;
//! - **inaccuracy**: it keeps the result, but wins [`SLOWER`] or more moves later, or loses
//!   that much sooner;
//! - **mistake**: it gives up one step of the result: a win becomes a draw, or a draw a loss;
//! - **blunder**: a win becomes a loss, or the move lets the opponent win at once where
//!   another move did not (in a lost position too: it throws away the resistance left).
//!
//! For a mistake or a blunder that gives up the result, the columns that kept it are named;
//! for the others below best, the columns that did best.

use crate::engine::{Player, Position, Size, Status};
use crate::solver::{Outcome, Score};

/// How good a move was, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rating {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Rating {
    pub const ALL: [Rating; 5] = [
        Rating::Best,
        Rating::Good,
        Rating::Inaccuracy,
        Rating::Mistake,
        Rating::Blunder,
    ];

    /// A mistake or a blunder: what the review's summary and chart count.
    pub fn is_error(self) -> bool {
        self >= Rating::Mistake
    }
}

/// How many of the mover's own moves a win may come later (or a loss sooner) than with the
/// best move before the move is an inaccuracy.
pub const SLOWER: i32 = 3;

/// The best score among `scores`, if any column is playable.
pub(super) fn best_score(scores: &[Option<i32>]) -> Option<i32> {
    let mut best = None;
    for &score in scores.iter().flatten() {
        best = Some(best.map_or(score, |b: i32| b.max(score)));
    }
    best
}

/// The rating of playing `column` in a position with `moves_played` moves whose columns
/// score `scores` (for the side to move), and the better columns: for a result given up,
/// those that kept it; otherwise those with the best score (empty for best and good).
/// `None` if `column` cannot be played there.
pub fn rate(
    scores: &[Option<i32>],
    column: usize,
    size: Size,
    moves_played: usize,
) -> Option<(Rating, Vec<usize>)> {
    let played = (*scores.get(column)?)?;
    let best = best_score(scores)?;
    if played == best {
        return Some((Rating::Best, Vec::new()));
    }
    let columns = |keep: &dyn Fn(i32) -> bool| -> Vec<usize> {
        let mut kept = Vec::new();
        for (c, score) in scores.iter().enumerate() {
            if score.is_some_and(keep) {
                kept.push(c);
            }
        }
        kept
    };
    // The opponent wins with their next move; the best move did better (its score differs).
    let hands_over = Score::new(played).outcome_on(size, moves_played) == Outcome::Loss(1);
    let rating = if best > 0 && played < 0 || hands_over {
        Rating::Blunder
    } else if played.signum() < best.signum() {
        Rating::Mistake
    } else if best - played >= SLOWER {
        Rating::Inaccuracy
    } else {
        Rating::Good
    };
    let better = match rating {
        Rating::Best | Rating::Good => Vec::new(),
        _ if played.signum() < best.signum() => columns(&|s| s.signum() == best.signum()),
        _ => columns(&|s| s == best),
    };
    Some((rating, better))
}

/// What is known of one position's columns: the exact scores the worker worked out within
/// its budget, and on any board, however early, those that show without a search: a column
/// that wins at once, and one after which the opponent wins at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    size: Size,
    moves_played: usize,
    /// Each column's score, `None` for a full column or one not known.
    scores: Vec<Option<i32>>,
    /// The playable columns.
    open: Vec<bool>,
}

impl Known {
    /// What is known of `position`'s columns, with the worker's `worked_out` scores if any.
    pub fn of(position: &Position, worked_out: Option<&[Option<i32>]>) -> Known {
        let size = position.size();
        let n = position.move_count();
        // Winning with the move after `moves` moves scores (cells + 1 - moves) / 2.
        let win_at_once = |moves: usize| ((size.cells() + 1 - moves) / 2) as i32;
        let wins_at_once = |p: &Position| {
            (0..p.width()).any(|d| {
                let mut q = *p;
                q.play(d).is_ok() && matches!(q.status(), Status::Win(_))
            })
        };
        let mut open = Vec::new();
        for c in 0..size.width() {
            open.push(position.can_play(c));
        }
        let mut scores = Vec::new();
        for (c, &open) in open.iter().enumerate() {
            let given = worked_out.and_then(|w| w.get(c).copied().flatten());
            scores.push(if given.is_some() || !open {
                given.filter(|_| open)
            } else {
                let mut after = *position;
                after.play_unchecked(c);
                match after.status() {
                    Status::Win(_) => Some(win_at_once(n)),
                    Status::Draw => Some(0),
                    Status::InProgress => wins_at_once(&after).then(|| -win_at_once(n + 1)),
                }
            });
        }
        Known {
            size,
            moves_played: n,
            scores,
            open,
        }
    }

    /// Each column's score, `None` for a full column or one not known.
    pub fn scores(&self) -> &[Option<i32>] {
        &self.scores
    }

    /// Sets `column`'s score, known from the position it leads to.
    pub fn set(&mut self, column: usize, score: i32) {
        if self.open.get(column) == Some(&true) {
            self.scores[column] = Some(score);
        }
    }

    fn outcome(&self, score: i32) -> Outcome {
        Score::new(score).outcome_on(self.size, self.moves_played)
    }

    /// A column that is open and whose score is not known.
    fn unknown(&self, column: usize) -> bool {
        self.open[column] && self.scores[column].is_none()
    }

    /// The position's score, where it is known: every column is, or one wins at once.
    pub fn best(&self) -> Option<i32> {
        let top = best_score(&self.scores)?;
        let all = (0..self.scores.len()).all(|c| !self.unknown(c));
        (all || self.outcome(top) == Outcome::Win(1)).then_some(top)
    }

    /// The rating of playing `column` and the better columns, as [`rate`] gives them where
    /// the position's score and the move's are known. Where they are not, two things are
    /// still known: a move that lets the opponent win at once where another did not is a
    /// blunder (the better columns: those that did not), and the one move that did not
    /// when every other does is best. `None` where the rating is not known.
    pub fn rate(&self, column: usize) -> Option<(Rating, Vec<usize>)> {
        if !*self.open.get(column)? {
            return None;
        }
        let played = self.scores[column];
        if self.best().is_some() {
            return rate(&self.scores, column, self.size, self.moves_played);
        }
        let loses_at_once =
            |c: usize| self.scores[c].is_some_and(|s| self.outcome(s) == Outcome::Loss(1));
        let mut spared = Vec::new();
        for c in 0..self.scores.len() {
            if self.open[c] && !loses_at_once(c) {
                spared.push(c);
            }
        }
        match played {
            Some(_) if loses_at_once(column) && !spared.is_empty() => {
                Some((Rating::Blunder, spared))
            }
            _ if spared == [column] => Some((Rating::Best, Vec::new())),
            _ => None,
        }
    }
}

/// Who can force a win in a position, and with which of their moves from now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// `player` can force a win with their `n`-th move from now (0: they have won).
    Wins(Player, u32),
    Draw,
}

impl Standing {
    /// The standing of a position on a board of `size` with `moves_played` moves whose
    /// side to move, `mover`, can reach `score`.
    pub fn of_score(score: i32, size: Size, moves_played: usize, mover: Player) -> Standing {
        match Score::new(score).outcome_on(size, moves_played) {
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
    /// Below good, the better columns (see [`rate`]): those that kept the result it gave
    /// up, or those with the best score.
    pub kept: Vec<usize>,
    /// The standing before the move, as the mover could have kept it, where it is known
    /// (on a big board, a move that lets the opponent win at once is rated without it).
    pub before: Option<Standing>,
    /// The standing after the move, where it is known.
    pub after: Option<Standing>,
}

#[cfg(all(test, not(target_arch = "wasm32")))]
pub(super) mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::ui::protocol::Scores;
    const C: Size = Size::CLASSIC;
    use crate::solver::{Book, Solver};

    pub(in crate::ui::review) fn solver() -> Solver {
        let mut solver = Solver::new(16);
        solver.set_book(Book::embedded());
        solver
    }

    pub(in crate::ui::review) fn analyse(solver: &mut Solver, moves: &str) -> Scores {
        solver
            .analyze(&Position::from_moves(moves).unwrap())
            .unwrap()
    }

    /// The rules on hand-made scores: every case, whatever the sign. With 10 moves played,
    /// a score of -16 is a loss to the opponent's next move (21 + 1 - 16 = 6 stones, and
    /// they have 5).
    #[test]
    fn the_rating_rules() {
        let at = 10;
        assert_eq!(Score::new(-16).outcome(at), Outcome::Loss(1));
        // A win in the best time, a slower win, a draw and a loss on offer.
        let scores = [Some(5), Some(3), None, Some(0), Some(-2), Some(5), Some(-1)];
        assert_eq!(rate(&scores, 0, C, at), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 5, C, at), Some((Rating::Best, vec![])));
        assert_eq!(
            rate(&scores, 1, C, at),
            Some((Rating::Good, vec![])),
            "2 moves slower"
        );
        assert_eq!(
            rate(&scores, 3, C, at),
            Some((Rating::Mistake, vec![0, 1, 5])),
            "a win for a draw"
        );
        assert_eq!(
            rate(&scores, 4, C, at),
            Some((Rating::Blunder, vec![0, 1, 5])),
            "a win for a loss"
        );
        assert_eq!(
            rate(&scores, 6, C, at),
            Some((Rating::Blunder, vec![0, 1, 5]))
        );
        assert_eq!(rate(&scores, 2, C, at), None, "a full column");
        assert_eq!(rate(&scores, 7, C, at), None, "off the board");
        // A win 3 of the mover's moves later: an inaccuracy, and the best columns named.
        let slow = [Some(8), Some(5), Some(6), Some(8), None, None, None];
        assert_eq!(
            rate(&slow, 1, C, at),
            Some((Rating::Inaccuracy, vec![0, 3]))
        );
        assert_eq!(rate(&slow, 2, C, at), Some((Rating::Good, vec![])));
        // The best is a draw: a loss is a mistake, unless it comes at once.
        let drawn = [Some(0), Some(-4), Some(0), Some(-1), Some(-16), None, None];
        assert_eq!(rate(&drawn, 2, C, at), Some((Rating::Best, vec![])));
        assert_eq!(rate(&drawn, 3, C, at), Some((Rating::Mistake, vec![0, 2])));
        assert_eq!(rate(&drawn, 1, C, at), Some((Rating::Mistake, vec![0, 2])));
        assert_eq!(
            rate(&drawn, 4, C, at),
            Some((Rating::Blunder, vec![0, 2])),
            "the opponent wins next"
        );
        // Every move loses. The longest loss is best; one 2 moves quicker is good, one 5
        // quicker an inaccuracy, and one that lets the opponent win at once a blunder: the
        // columns that held out longest are named for both.
        let lost = [
            Some(-3),
            Some(-8),
            Some(-5),
            Some(-16),
            None,
            None,
            Some(-3),
        ];
        assert_eq!(rate(&lost, 6, C, at), Some((Rating::Best, vec![])));
        assert_eq!(rate(&lost, 2, C, at), Some((Rating::Good, vec![])));
        assert_eq!(
            rate(&lost, 1, C, at),
            Some((Rating::Inaccuracy, vec![0, 6]))
        );
        assert_eq!(rate(&lost, 3, C, at), Some((Rating::Blunder, vec![0, 6])));
        // From worst to best, as ordered.
        assert!(Rating::Blunder > Rating::Mistake && Rating::Inaccuracy > Rating::Good);
        assert!(Rating::Mistake.is_error() && !Rating::Inaccuracy.is_error());
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
        assert_eq!(rate(&scores, 1, C, 6), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 5, C, 6), Some((Rating::Best, vec![])));
        assert_eq!(rate(&scores, 0, C, 6), Some((Rating::Good, vec![])));
        // Red and Yellow each have three in a column (1 and 7), Red to move. Column 1 wins
        // at once: best. Columns 2 to 6 let Yellow win at once: a win thrown away for a
        // loss, a blunder, and the review names column 1 among those that kept the win.
        let scores = analyse(&mut solver, "171717");
        assert_eq!(scores[0], Some(now));
        assert_eq!(rate(&scores, 0, C, 6), Some((Rating::Best, vec![])));
        for c in 1..=5 {
            let (rating, kept) = rate(&scores, c, C, 6).unwrap();
            assert_eq!(rating, Rating::Blunder, "column {}", c + 1);
            assert!(kept.contains(&0));
            assert!(kept.iter().all(|k| !(1..=5).contains(k)));
        }
    }

    /// A lost game: Red, to move after "262723326414", loses whatever it plays. Column 5
    /// holds out for 12 more of Yellow's moves; each other column lets Yellow win at once
    /// (the board shows it). Those are blunders, though the result stays a loss, and the
    /// review names column 5.
    #[test]
    fn handing_over_a_lost_game_at_once_is_a_blunder() {
        let mut solver = solver();
        let moves = "262723326414";
        let scores = analyse(&mut solver, moves);
        let n = moves.len();
        let outcome = |c: usize| Score::new(scores[c].unwrap()).outcome(n);
        assert_eq!(outcome(4), Outcome::Loss(12));
        assert_eq!(rate(&scores, 4, C, n), Some((Rating::Best, vec![])));
        for c in [0, 1, 2, 3, 5, 6] {
            let mut after = Position::from_moves(moves).unwrap();
            after.play(c).unwrap();
            let yellow_wins_now = (0..after.width()).any(|d| {
                let mut p = after;
                p.play(d).is_ok() && p.status() == Status::Win(Player::Second)
            });
            assert!(yellow_wins_now, "column {}", c + 1);
            assert_eq!(outcome(c), Outcome::Loss(1));
            assert_eq!(
                rate(&scores, c, C, n),
                Some((Rating::Blunder, vec![4])),
                "column {}",
                c + 1
            );
        }
    }
}
