//! Switching activities: from the game to its review or a puzzle, and back to the game
//! kept aside, as it was.

use super::{Activity, Command, Controller, Effect};
use crate::ui::puzzle::{PuzzleChoice, PuzzleRun};
use crate::ui::review::Review;
use crate::ui::text::fill;

impl Controller {
    /// Shows `activity`, and counts it as opened.
    fn open(&mut self, activity: Activity) -> Activity {
        self.opened = self.opened.wrapping_add(1);
        std::mem::replace(&mut self.activity, activity)
    }

    /// Shows the game kept aside; true if another activity showed.
    pub(super) fn show_game(&mut self) -> bool {
        if matches!(self.activity, Activity::Play) {
            return false;
        }
        self.open(Activity::Play);
        true
    }

    /// Leaves a review or a puzzle for the game kept aside, as it was.
    pub(super) fn leave(&mut self, now: f64) -> Vec<Effect> {
        if !self.show_game() {
            return Vec::new();
        }
        let mut effects = self.cancel();
        self.motion.show(self.game.position());
        self.cursor.fit(self.game.position().size());
        effects.extend(self.settle(self.texts.back_to_game().to_owned(), None, now));
        effects
    }

    /// Opens the review of the game at move `at` (its end if `None`), and asks the worker
    /// to analyse it; in a review, goes back to the game.
    pub(super) fn open_review(&mut self, at: Option<usize>, now: f64) -> Vec<Effect> {
        if self.activity.review().is_some() {
            return self.leave(now);
        }
        let mut effects = self.leave(now);
        if self.game.position().move_count() == 0 {
            effects.push(Effect::Announce(self.texts.nothing_to_review().to_owned()));
            return effects;
        }
        effects.extend(self.cancel());
        let review = Review::new(*self.game.position(), at.unwrap_or(usize::MAX));
        let said = format!(
            "{} {}",
            review.step_text(&self.texts),
            self.texts.review_waiting()
        );
        let size = review.game().size();
        effects.extend(self.jobs.ask_review(size, review.wanted()));
        effects.extend(review.show(&mut self.motion, false, &self.texts, now));
        effects.push(Effect::Announce(said));
        self.open(Activity::Review(review));
        effects
    }

    /// A step through the review shown.
    pub(super) fn step_review(&mut self, command: Command, now: f64) -> Vec<Effect> {
        match &mut self.activity {
            Activity::Review(review) => review.update(command, &mut self.motion, &self.texts, now),
            Activity::Play | Activity::Puzzle(_) => {
                Effect::say(self.texts.not_reviewing().to_owned())
            }
        }
    }

    /// Leaves the review at the position shown, to play on with the same players.
    pub(super) fn play_from_here(&mut self, now: f64) -> Vec<Effect> {
        let Some(review) = self.activity.review().cloned() else {
            return Effect::say(self.texts.not_reviewing().to_owned());
        };
        self.open(Activity::Play);
        let mut effects = self.cancel();
        let position = *review.position();
        self.game.restart(position, false);
        self.motion.show(&position);
        let said = self.texts.playing_from_text(position.move_count());
        effects.extend(self.settle(said, Some(position), now));
        effects
    }

    /// Opens a puzzle; the game in progress waits until the player goes back to it.
    pub(super) fn open_puzzle(&mut self, choice: PuzzleChoice, now: f64) -> Vec<Effect> {
        let current = self.activity.puzzle().map(|run| run.puzzle.id);
        let run = match PuzzleRun::open(choice, current, &self.solved, &self.texts) {
            Ok(run) => run,
            Err(said) => return self.notify(said),
        };
        let mut effects = self.cancel();
        self.notice = None;
        self.motion.show(&run.puzzle.start);
        self.cursor.fit(run.puzzle.start.size());
        self.cursor.select(run.first_column());
        let said = self.texts.puzzle_start_text(&run.puzzle);
        self.open(Activity::Puzzle(run));
        effects.extend(self.settle(said, None, now));
        effects
    }

    /// Opens again the puzzle that was open before a reload, from its start, and says so.
    pub fn reopen_puzzle(&mut self, id: u32, now: f64) -> Vec<Effect> {
        let mut effects = self.open_puzzle(PuzzleChoice::Id(id), now);
        if self.activity.puzzle().is_some() {
            let again = fill(self.texts.puzzle_reopened(), &[("id", &id.to_string())]);
            effects.push(Effect::Announce(again));
        }
        effects
    }

    /// Starts the puzzle shown again.
    pub(super) fn retry(&mut self, now: f64) -> Vec<Effect> {
        let Some(id) = self.activity.puzzle().map(|run| run.puzzle.id) else {
            return Effect::say(self.texts.no_puzzle().to_owned());
        };
        let mut effects = self.open_puzzle(PuzzleChoice::Id(id), now);
        if let Some(run) = self.activity.puzzle() {
            let start = self.texts.puzzle_start_text(&run.puzzle);
            effects.push(Effect::Announce(format!(
                "{} {start}",
                self.texts.retrying()
            )));
        }
        effects
    }
}
