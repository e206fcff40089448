//! The review: a finished or unfinished game, stepped through move by move, each move rated
//! once the worker has analysed every position ([`rating`] holds the rules). This module is
//! the activity: stepping (its commands), the worker's analysis (its reply), and its part of
//! the mirror ([`ReviewView`]). The controller opens and leaves it.

pub mod rating;

pub use rating::{Rated, Rating, Review, Standing};

use super::command::Command;
use super::effect::Effect;
use super::motion::Motion;
use super::protocol::Scores;
use super::text::{fill, Texts};

/// One move in the review's chart: who could force a win after it (see
/// [`Standing::height`]), whether it was a mistake, and whether it is the move shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    pub height: f64,
    pub mistake: bool,
    pub shown: bool,
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
            return Effect::say(t.review_step_text(self));
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
        Effect::changed(t.review_step_text(self))
    }

    /// The worker's analysis of the game: the ratings are in, or it does not fit.
    pub fn ready(&mut self, scores: Vec<Scores>, t: &Texts) -> Vec<Effect> {
        match self.set_analysis(scores) {
            Ok(()) => Effect::changed(t.review_ready_text(self)),
            Err(why) => Effect::failed(t, why),
        }
    }

    /// The worker could not analyse the game within its budget: the ratings are not known.
    pub fn not_known(&mut self, t: &Texts) -> Vec<Effect> {
        self.set_unknown();
        Effect::changed(t.review_not_known().to_owned())
    }

    /// The review's part of the mirror.
    pub fn view(&self, t: &Texts) -> ReviewView {
        let bars = self
            .rated()
            .iter()
            .map(|r| Bar {
                height: r.after.height(),
                mistake: r.rating.is_error(),
                shown: r.number == self.at(),
            })
            .collect();
        let rows = self
            .rated()
            .iter()
            .map(|r| {
                let mut rating = t.rating(r.rating).to_owned();
                rating.push_str(&t.kept_text(r));
                [
                    r.number.to_string(),
                    t.player_name(r.player).to_owned(),
                    (r.column + 1).to_string(),
                    rating,
                    t.standing_text(r.after),
                ]
            })
            .collect();
        ReviewView {
            at: self.at(),
            len: self.len(),
            ready: self.is_ready(),
            line: if self.is_ready() {
                t.review_step_text(self)
            } else if self.is_unknown() {
                format!("{} {}", t.review_step_text(self), t.review_not_known())
            } else {
                format!("{} {}", t.review_step_text(self), t.review_waiting())
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
