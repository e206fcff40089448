//! The review ([`Review`]): a finished or unfinished game, stepped through move by move,
//! each move rated once the worker has analysed every position ([`rating`] holds the rules).
//! This module is the activity: its state, stepping (its commands), the worker's analysis
//! (its reply), what it says, and its part of the mirror ([`ReviewView`]). The controller
//! opens and leaves it.

pub mod rating;

pub use rating::{Known, Rated, Rating, Standing};

use self::rating::best_score;

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
        let mut columns = Vec::new();
        for &c in game.history() {
            columns.push(usize::from(c));
        }
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
    /// or `None` for one not worked out. A move is rated where what is known of the
    /// position before it says how good it was (see [`Known::rate`]): on any board, however
    /// early, a move that wins at once, or that lets the opponent win at once where another
    /// did not.
    pub fn set_analysis(&mut self, analysis: Vec<Option<Scores>>) -> Result<(), &'static str> {
        let wanted = self.wanted().len();
        if analysis.len() != wanted {
            return Err(WRONG_ANALYSIS);
        }
        let size = self.game.size();
        let mut p = Position::empty(size);
        let mut known = Vec::with_capacity(wanted);
        for (i, scores) in analysis.iter().enumerate() {
            if let Some(scores) = scores {
                if scores.len() != size.width() || best_score(scores).is_none() {
                    return Err(WRONG_ANALYSIS);
                }
            }
            known.push(Known::of(&p, scores.as_deref()));
            if let Some(&c) = self.columns.get(i) {
                p.play_unchecked(c);
            }
        }
        let mut rated = Vec::with_capacity(self.len());
        let mut p = Position::empty(size);
        for (i, &column) in self.columns.iter().enumerate() {
            let mover = p.current_player();
            p.play_unchecked(column);
            let mut before = known[i].clone();
            // The move's own score is minus the score of the position it leads to.
            if let Some(next) = known.get(i + 1).and_then(Known::best) {
                before.set(column, -next);
            }
            let Some((rating, kept)) = before.rate(column) else {
                continue;
            };
            let after = Standing::of_end(p.status()).or_else(|| {
                let played = before.scores()[column]?;
                Some(Standing::of_score(-played, size, i + 1, p.current_player()))
            });
            rated.push(Rated {
                number: i + 1,
                player: mover,
                column,
                rating,
                kept,
                before: before.best().map(|b| Standing::of_score(b, size, i, mover)),
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
    pub fn standings(&self) -> Vec<Option<Standing>> {
        let mut standings = Vec::new();
        for rated in &self.rated {
            standings.push(rated.before);
        }
        if let Some(last) = self.rated.last() {
            standings.push(last.after);
        }
        standings
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
            if let Some(after) = rated.after {
                said.push_str(". ");
                said.push_str(&crate::ui::text::capitalized(&t.standing_text(after)));
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
        let mut counts = crate::joined::Joined::new(", ");
        for &(rating, one, many) in &kinds {
            match count(rating) {
                0 => {}
                1 => counts.push(one),
                n => counts.push(&fill(many, &[("n", &n.to_string())])),
            }
        }
        let head = if counts.is_empty() {
            t.review_ready_clean().to_owned()
        } else {
            fill(t.review_ready(), &[("counts", &counts.text())])
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
        let (mut bars, mut rows) = (Vec::new(), Vec::new());
        for number in numbers {
            bars.push(match self.rated_at(number) {
                Some(r) => Bar {
                    height: r.after.map_or(0.0, Standing::height),
                    mistake: r.rating.is_error(),
                    shown: number == self.at(),
                    // A rated move whose outcome is not known has an empty bar.
                    known: r.after.is_some(),
                },
                None => Bar {
                    height: 0.0,
                    mistake: false,
                    shown: number == self.at(),
                    known: false,
                },
            });
            rows.push(match self.rated_at(number) {
                Some(r) => {
                    let mut rating = t.rating(r.rating).to_owned();
                    rating.push_str(&t.kept_text(r));
                    [
                        r.number.to_string(),
                        t.player_name(r.player).to_owned(),
                        (r.column + 1).to_string(),
                        rating,
                        r.after.map_or_else(
                            || t.rating_not_known().to_owned(),
                            |after| t.standing_text(after),
                        ),
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
            });
        }
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
        assert_eq!(blunder.before, Some(Standing::Wins(Player::First, 1)));
        assert_eq!(blunder.after, Some(Standing::Wins(Player::Second, 1)));
        // Yellow's win is best, and the game ends won.
        assert_eq!(rated[7].rating, Rating::Best);
        assert_eq!(rated[7].after, Some(Standing::Wins(Player::Second, 0)));
        let standings = review.standings();
        assert_eq!(standings.len(), 9);
        assert_eq!(standings[7], Some(Standing::Wins(Player::Second, 1)));
        assert_eq!(standings[8].unwrap().height(), -1.0);
        assert_eq!(standings[6].unwrap().height(), 1.0);
        // Stepping.
        assert!(review.go(3));
        assert_eq!(review.position().moves_string(), "171");
        assert_eq!(review.shown_move().unwrap().number, 3);
        assert!(!review.go(3));
        review.go(0);
        assert!(review.shown_move().is_none());
        assert_eq!(review.shown_scores(), Some(&analyse(&mut solver, "")));
    }

    /// The review of `moves` on a `width` x `height` board, with nothing worked out by the
    /// worker (a big board's early positions past the budget).
    fn unworked(width: usize, height: usize, moves: &str) -> Review {
        let size = crate::engine::Size::new(width, height).unwrap();
        let game = Position::from_moves_on(size, moves).unwrap();
        let mut review = Review::new(game, 0);
        let none = vec![None; review.wanted().len()];
        review.set_analysis(none).unwrap();
        review
    }

    /// On big boards, however early and with no position worked out, what shows at once is
    /// rated: a winning move, a block missed (the opponent then wins at once where the
    /// block did not let them), a win missed for a move that lets the opponent win.
    #[test]
    fn a_short_game_on_a_big_board_is_rated_where_it_shows_at_once() {
        let t = Texts::default();
        let (red, yellow) = (Player::First, Player::Second);
        for (w, h) in [(8, 7), (9, 7), (9, 9)] {
            // Red plays column 1 four times, Yellow column 2 three times: Yellow's sixth
            // move leaves Red's three open, and Red's seventh wins.
            let review = unworked(w, h, "1212121");
            let rated: Vec<usize> = review.rated().iter().map(|r| r.number).collect();
            assert_eq!(rated, [6, 7], "{w} x {h}");
            let (missed, won) = (&review.rated()[0], &review.rated()[1]);
            assert_eq!((missed.player, missed.column), (yellow, 1));
            assert_eq!(missed.rating, Rating::Blunder, "{w} x {h}");
            assert_eq!(missed.before, None, "the position is not worked out");
            assert_eq!(missed.after, Some(Standing::Wins(red, 1)));
            assert!(
                missed.kept.contains(&0),
                "the block is named: {:?}",
                missed.kept
            );
            assert!(!missed.kept.contains(&1));
            assert_eq!(won.rating, Rating::Best);
            assert_eq!(won.before, Some(Standing::Wins(red, 1)));
            assert_eq!(won.after, Some(Standing::Wins(red, 0)));
            let mut shown = review.clone();
            shown.go(6);
            let line = shown.step_text(&t);
            assert!(
                line.contains("blunder") && line.contains("Column 1 would not have lost at once"),
                "{line}"
            );
            let view = shown.view(&t);
            assert_eq!(
                view.rows[5][3],
                "blunder. Column 1 would not have lost at once"
            );
            assert_eq!(view.rows[6][3], "best");
            assert_eq!(view.rows[0][3], "not known");
            assert!(view.bars[5].known && view.bars[6].known && !view.bars[4].known);
            assert!(review.ready_text(&t).contains("5 moves are not rated"));

            // Red misses its win in column 1 for column 3, and Yellow wins in column 2.
            let review = unworked(w, h, "12121232");
            let missed = review
                .rated()
                .iter()
                .find(|r| r.number == 7)
                .expect("move 7");
            assert_eq!(missed.rating, Rating::Blunder, "a win for a loss");
            assert_eq!(missed.before, Some(Standing::Wins(red, 1)));
            assert_eq!(missed.after, Some(Standing::Wins(yellow, 1)));
            assert!(missed.kept.contains(&0));
            let won = review
                .rated()
                .iter()
                .find(|r| r.number == 8)
                .expect("move 8");
            assert_eq!(won.rating, Rating::Best);
            let mut shown = review.clone();
            shown.go(7);
            assert!(
                shown.step_text(&t).contains("Column 1 kept the win"),
                "{}",
                shown.step_text(&t)
            );

            // Yellow blocks in column 1 (every other move lets Red win at once): best,
            // though what follows is not known.
            let review = unworked(w, h, "121211");
            let block = review
                .rated()
                .iter()
                .find(|r| r.number == 6)
                .expect("move 6");
            assert_eq!(block.rating, Rating::Best);
            assert_eq!((block.before, block.after), (None, None));
            assert!(!review.view(&t).bars[5].known, "its outcome is not known");
            // Yellow blocks after Red's third in a row on the floor has a second open
            // end: no move is rated before Red's win.
            let review = unworked(w, h, "4455667");
            assert_eq!(
                review.rated().iter().map(|r| r.number).collect::<Vec<_>>(),
                [6, 7],
                "Yellow's sixth let Red win at once; Red's seventh won"
            );
        }
    }

    /// What the worker worked out still rates as before, and a score it gives for a
    /// column is never replaced by what shows at once.
    #[test]
    fn known_keeps_the_workers_scores() {
        let p = Position::from_moves("171717").unwrap();
        let at_once = Known::of(&p, None);
        assert_eq!(
            at_once.scores()[0],
            Some(crate::solver::Score::win_next(6).get())
        );
        for c in 1..=5 {
            assert_eq!(
                at_once.scores()[c],
                Some(-crate::solver::Score::win_next(7).get()),
                "column {}",
                c + 1
            );
        }
        let mut solver = solver();
        let worked = analyse(&mut solver, "171717");
        assert_eq!(Known::of(&p, Some(&worked)).scores(), &worked[..]);
        // Each column shows at once here but column 7, which blocks Yellow's three.
        assert_eq!(at_once.scores()[..6], worked[..6]);
        assert_eq!((at_once.scores()[6], worked[6].is_some()), (None, true));
    }
}
