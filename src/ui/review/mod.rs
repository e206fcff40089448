//! The review ([`Review`]): a finished or unfinished game, stepped through move by move,
//! each move rated once the worker has analysed every position ([`rating`] holds the rules).
//! This module is the activity: its state, stepping (its commands), the worker's analysis
//! (its reply), what it says, and its part of the mirror ([`ReviewView`]). The controller
//! opens and leaves it.

pub mod rating;

pub use rating::{Rated, Rating, Standing};

use self::rating::{best_score, rate};

use super::command::Command;
use super::effect::Effect;
use super::motion::Motion;
use super::protocol::Scores;
use super::text::{fill, Texts};
use crate::engine::Position;

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
    /// The analysis of each position of the game that is not over, from the start: `None`
    /// for a position not worked out within the budget (a big board's early ones).
    analysis: Option<Vec<Option<Scores>>>,
    /// The moves, rated, once the analysis is in.
    rated: Vec<Rated>,
    /// The online game this is the review of, which Back enters again.
    returns_to: Option<crate::online::GameId>,
}

impl Review {
    /// The review of `game`, showing the position after `at` of its moves (at most all).
    /// This review, of the online game `game` (if any): Back enters it again.
    pub fn returning_to(self, game: Option<crate::online::GameId>) -> Review {
        Review {
            returns_to: game,
            ..self
        }
    }

    /// The online game Back enters again, if this is the review of one.
    pub fn returns_to(&self) -> Option<&crate::online::GameId> {
        self.returns_to.as_ref()
    }

    pub fn new(game: Position, at: usize) -> Review {
        let columns: Vec<usize> = game.history().iter().map(|&c| usize::from(c)).collect();
        let mut review = Review {
            at: 0,
            shown: Position::empty(game.size()),
            game,
            columns,
            analysis: None,
            rated: Vec::new(),
            returns_to: None,
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
        let mut p = Position::empty(self.game.size());
        for &c in &self.columns[..n.min(self.len())] {
            p.play_unchecked(c);
        }
        p
    }

    /// The positions the worker must analyse, as move strings: each one of the game that is
    /// not over, from the start.
    pub fn wanted(&self) -> Vec<String> {
        let mut p = Position::empty(self.game.size());
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

    /// Takes the worker's analysis: one [`Scores`] per position [`Review::wanted`] names,
    /// or `None` for one not worked out: the moves from it, and into it, are not rated.
    pub fn set_analysis(&mut self, analysis: Vec<Option<Scores>>) -> Result<(), &'static str> {
        let wanted = self.wanted().len();
        if analysis.len() != wanted {
            return Err(WRONG_ANALYSIS);
        }
        let mut rated = Vec::with_capacity(self.len());
        let size = self.game.size();
        let mut p = Position::empty(size);
        for (i, &column) in self.columns.iter().enumerate() {
            let mover = p.current_player();
            let scores = &analysis[i];
            p.play_unchecked(column);
            let after = match Standing::of_end(p.status()) {
                Some(end) => Some(end),
                None => match analysis.get(i + 1).ok_or(WRONG_ANALYSIS)? {
                    Some(next) => {
                        let score = best_score(next).ok_or(WRONG_ANALYSIS)?;
                        Some(Standing::of_score(score, size, i + 1, p.current_player()))
                    }
                    None => None,
                },
            };
            // A move is rated when the positions before and after it are known.
            let (Some(scores), Some(after)) = (scores, after) else {
                continue;
            };
            let (rating, kept) = rate(scores, column, size, i).ok_or(WRONG_ANALYSIS)?;
            let best = best_score(scores).ok_or(WRONG_ANALYSIS)?;
            let before = Standing::of_score(best, size, i, mover);
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

    /// Every move rated, in order (empty until the analysis is in; on a big board, the
    /// moves whose positions were worked out: the late ones).
    pub fn rated(&self) -> &[Rated] {
        &self.rated
    }

    /// Move `number` (from 1), rated, if it is.
    fn rated_at(&self, number: usize) -> Option<&Rated> {
        self.rated.iter().find(|r| r.number == number)
    }

    /// The move that led to the position shown, rated, once the analysis is in.
    pub fn shown_move(&self) -> Option<&Rated> {
        self.rated_at(self.at)
    }

    /// How many moves are not rated once the analysis is in: not worked out in time.
    pub fn not_rated(&self) -> usize {
        match self.is_ready() {
            true => self.len() - self.rated.len(),
            false => 0,
        }
    }

    /// The standing after each number of moves, from none to all (empty until the analysis
    /// is in): each move's standing before it, then the last one's after it.
    pub fn standings(&self) -> Vec<Standing> {
        let last = self.rated.last().map(|r| r.after);
        self.rated.iter().map(|r| r.before).chain(last).collect()
    }

    /// The analysis of the position shown, if it is not over and was worked out.
    pub fn shown_scores(&self) -> Option<&Scores> {
        self.analysis.as_ref()?.get(self.at)?.as_ref()
    }
}

/// One move in the review's chart: who could force a win after it (see
/// [`Standing::height`]), whether it was a mistake, and whether it is the move shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    pub height: f64,
    pub mistake: bool,
    pub shown: bool,
    /// The move was rated (on a big board, an early one may not be: its bar is empty).
    pub known: bool,
}

/// The review panel.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewView {
    /// Moves shown, of `len`.
    pub at: usize,
    pub len: usize,
    /// The ratings are in.
    pub ready: bool,
    /// The move shown, rated: what stepping announces.
    pub line: String,
    /// The slider's spoken value: "5 of 20".
    pub position: String,
    /// The chart, once the ratings are in: one bar per move.
    pub bars: Vec<Bar>,
    /// The table: move, player, column, rating (with the columns that kept the outcome),
    /// and the outcome after it.
    pub rows: Vec<[String; 5]>,
}

impl Review {
    /// The review's move shown, rated once the analysis is in: "Move 7 of 8: Red in column
    /// 2, mistake. Column 1 kept the win. Yellow can force a win in 1."
    pub fn step_text(&self, t: &Texts) -> String {
        let total = self.len().to_string();
        if self.at() == 0 {
            return fill(t.review_start(), &[("total", &total)]);
        }
        let position = self.position();
        let Some(placed) = position.last_move() else {
            return String::new();
        };
        let mut said = fill(
            t.review_move(),
            &[
                ("n", &self.at().to_string()),
                ("total", &total),
                ("player", t.player_name(placed.player)),
                ("column", &(usize::from(placed.column) + 1).to_string()),
            ],
        );
        if let Some(rated) = self.shown_move() {
            said.push_str(&fill(
                t.review_rated(),
                &[("rating", t.rating(rated.rating))],
            ));
            said.push_str(&t.kept_text(rated));
            said.push_str(". ");
            let standing = t.standing_text(rated.after);
            let mut chars = standing.chars();
            if let Some(first) = chars.next() {
                said.push_str(&first.to_uppercase().collect::<String>());
                said.push_str(chars.as_str());
            }
        } else if self.is_ready() {
            // A big board's early move: not worked out within the budget.
            said.push_str(&fill(t.review_rated(), &[("rating", t.rating_not_known())]));
        }
        said.push('.');
        said
    }

    /// Said when the review's ratings are in: how many blunders, mistakes and inaccuracies,
    /// then the move shown.
    pub fn ready_text(&self, t: &Texts) -> String {
        let count = |rating: Rating| self.rated().iter().filter(|r| r.rating == rating).count();
        let kinds: [(Rating, &str, &str); 3] = [
            (Rating::Blunder, t.count_blunder(), t.count_blunders()),
            (Rating::Mistake, t.count_mistake(), t.count_mistakes()),
            (
                Rating::Inaccuracy,
                t.count_inaccuracy(),
                t.count_inaccuracies(),
            ),
        ];
        let counts: Vec<String> = kinds
            .iter()
            .filter_map(|&(rating, one, many)| match count(rating) {
                0 => None,
                1 => Some(one.to_owned()),
                n => Some(fill(many, &[("n", &n.to_string())])),
            })
            .collect();
        let head = if counts.is_empty() {
            t.review_ready_clean().to_owned()
        } else {
            fill(t.review_ready(), &[("counts", &counts.join(", "))])
        };
        let head = match self.not_rated() {
            0 => head,
            // Not one move could be worked out in time.
            n if n == self.len() => t.review_not_known().to_owned(),
            1 => format!("{head} {}", t.review_first_not_known()),
            n => format!(
                "{head} {}",
                fill(t.review_some_not_known(), &[("n", &n.to_string())])
            ),
        };
        format!("{head} {}", self.step_text(t))
    }

    /// Carries out a review's command: stepping to a move, or by one.
    pub fn update(
        &mut self,
        command: Command,
        motion: &mut Motion,
        t: &Texts,
        now: f64,
    ) -> Vec<Effect> {
        let at = match command {
            Command::ReviewTo(at) => at,
            Command::ReviewBy(delta) => (self.at() as i64 + i64::from(delta)).max(0) as usize,
            _ => return Vec::new(),
        };
        let from = self.at();
        if !self.go(at) {
            // At an end already: say where.
            return Effect::say(self.step_text(t));
        }
        let forward_one = self.at() == from + 1;
        self.show(motion, forward_one, t, now)
    }

    /// Shows the position stepped to, the newest move falling if `animate` (unless motion
    /// is reduced), and says it.
    pub fn show(&self, motion: &mut Motion, animate: bool, t: &Texts, now: f64) -> Vec<Effect> {
        let position = self.position();
        match position.last_move() {
            Some(placed) if animate && !motion.reduced() => {
                // Only the newest step falls: a quicker step lands the piece before at once,
                // so the board never lags behind the words.
                motion.stop();
                motion.drop(placed, now);
            }
            _ => motion.show(position),
        }
        Effect::changed(self.step_text(t))
    }

    /// The worker's analysis of the game: the ratings are in, or it does not fit.
    pub fn ready(&mut self, scores: Vec<Option<Scores>>, t: &Texts) -> Vec<Effect> {
        match self.set_analysis(scores) {
            Ok(()) => Effect::changed(self.ready_text(t)),
            Err(why) => Effect::failed(t, why),
        }
    }

    /// The review's part of the mirror.
    pub fn view(&self, t: &Texts) -> ReviewView {
        // One bar and one row a move, once the ratings are in; a move not worked out has an
        // empty bar and says so.
        let numbers = 1..=if self.is_ready() { self.len() } else { 0 };
        let bars = numbers
            .clone()
            .map(|number| match self.rated_at(number) {
                Some(r) => Bar {
                    height: r.after.height(),
                    mistake: r.rating.is_error(),
                    shown: number == self.at(),
                    known: true,
                },
                None => Bar {
                    height: 0.0,
                    mistake: false,
                    shown: number == self.at(),
                    known: false,
                },
            })
            .collect();
        let rows = numbers
            .map(|number| match self.rated_at(number) {
                Some(r) => {
                    let mut rating = t.rating(r.rating).to_owned();
                    rating.push_str(&t.kept_text(r));
                    [
                        r.number.to_string(),
                        t.player_name(r.player).to_owned(),
                        (r.column + 1).to_string(),
                        rating,
                        t.standing_text(r.after),
                    ]
                }
                None => {
                    let player = match number % 2 {
                        1 => crate::engine::Player::First,
                        _ => crate::engine::Player::Second,
                    };
                    [
                        number.to_string(),
                        t.player_name(player).to_owned(),
                        (self.columns[number - 1] + 1).to_string(),
                        t.rating_not_known().to_owned(),
                        t.rating_not_known().to_owned(),
                    ]
                }
            })
            .collect();
        ReviewView {
            at: self.at(),
            len: self.len(),
            ready: self.is_ready(),
            line: if self.is_ready() {
                self.step_text(t)
            } else {
                format!("{} {}", self.step_text(t), t.review_waiting())
            },
            position: fill(
                t.review_position(),
                &[
                    ("n", &self.at().to_string()),
                    ("total", &self.len().to_string()),
                ],
            ),
            bars,
            rows,
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::rating::tests::{analyse, solver};
    use super::*;
    use crate::engine::{Player, Status};

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
        let analysis: Vec<Option<Scores>> = wanted
            .iter()
            .map(|m| Some(analyse(&mut solver, m)))
            .collect();
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
        assert_eq!(blunder.rating, Rating::Blunder);
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
