//! Switching activities: from the game to its review, a puzzle or an online game, and back
//! to the game kept aside, as it was; and routing to an activity what is meant for it.

use super::{Activity, Command, Controller, Effect};
use crate::online::GameId;
use crate::ui::effect::joined;
use crate::ui::event::{Event, OnlineStatus};
use crate::ui::online::OnlineGame;
use crate::ui::puzzle::{PuzzleChoice, PuzzleRun};
use crate::ui::review::Review;
use crate::ui::text::fill;

impl Controller {
    /// Shows `activity`, and counts it as opened.
    fn open(&mut self, activity: Activity) -> Activity {
        self.opened = self.opened.wrapping_add(1);
        std::mem::replace(&mut self.activity, activity)
    }

    /// Shows the game kept aside: what leaving the activity showing takes, if another one
    /// showed.
    pub(super) fn show_game(&mut self) -> Option<Vec<Effect>> {
        if matches!(self.activity, Activity::Play) {
            return None;
        }
        let left = self.open(Activity::Play);
        let mut effects = left.closing();
        // A game left while it goes on is gone back to by "A friend online".
        if let Some(online) = left.online().filter(|o| o.running()) {
            self.seats.running = online.run.game().cloned();
        }
        // The online game behind a review closes with it.
        if let Some(behind) = self.seats.behind.take() {
            effects.extend(behind.closing());
        }
        effects.extend(self.tell_online());
        Some(effects)
    }

    /// `c4-online`, if the online game's id, seat or connection changed since the host
    /// heard.
    /// The server turned the page away, or the page may not connect: the host hears why
    /// (`c4-online` "refused" with the reason, and `c4-error`), the person reads `said`,
    /// and the page starts as it would have.
    pub(super) fn turned_away(
        &mut self,
        reason: &'static str,
        said: String,
        now: f64,
    ) -> Vec<Effect> {
        let status = self.activity.online().map(|o| OnlineStatus {
            connection: "refused",
            reason: Some(reason),
            ..o.status()
        });
        let refused = status.map(|status| Effect::Event(self.seats.refuse(status)));
        let mut effects = crate::ui::effect::maybe(refused);
        effects.push(Effect::Event(Event::Error {
            code: reason,
            message: said.clone(),
        }));
        joined(joined(effects, self.notify(said)), self.leave(now))
    }

    /// The host leaves the online game shown, if one is.
    pub fn leave_online(&mut self, now: f64) -> Vec<Effect> {
        match self.activity.online() {
            Some(_) => self.back(now),
            None => Vec::new(),
        }
    }

    /// Whether the person may resign an online game now (they hold a seat in one going on).
    pub fn can_resign(&self) -> bool {
        self.activity
            .online()
            .is_some_and(|o| o.view(&self.texts).can_resign)
    }

    /// The online game whose invite link shows, while it waits for the friend.
    pub fn invite(&self) -> Option<GameId> {
        self.activity.online()?.view(&self.texts).invite
    }

    /// The page may not connect to the game's server (its Content-Security-Policy).
    pub fn online_blocked(&mut self, now: f64) -> Vec<Effect> {
        match self.activity.online() {
            Some(_) => {
                let said = self.texts.online_blocked().to_owned();
                self.turned_away("blocked", said, now)
            }
            None => Vec::new(),
        }
    }

    pub(super) fn tell_online(&mut self) -> Option<Effect> {
        // A game being set up is nothing to the host yet.
        let shown = self.online().filter(|o| o.setup.is_none());
        let shown = shown.map(OnlineGame::status);
        self.seats.tell(shown).map(Effect::Event)
    }

    /// The online game shown, or behind its review (still connected).
    pub(super) fn online(&self) -> Option<&OnlineGame> {
        self.activity.online().or(self.seats.behind.as_ref())
    }

    pub(super) fn online_mut(&mut self) -> Option<&mut OnlineGame> {
        match &mut self.activity {
            Activity::Online(online) => Some(online),
            _ => self.seats.behind.as_mut(),
        }
    }

    /// Back: from the review of an online game, to that game (still connected, or entered
    /// again after a reload); otherwise to the game kept aside.
    pub(super) fn back(&mut self, now: f64) -> Vec<Effect> {
        if let Some(online) = self.seats.behind.take() {
            let mut effects = self.cancel();
            // What the review showed of it (a rematch asked), the panel shows now.
            self.notice = None;
            let position = *online.session().position();
            let line = online.line(&self.texts);
            self.open(Activity::Online(online));
            self.motion.show(&position);
            self.cursor.fit(position.size());
            effects.extend(Effect::changed(line));
            effects.extend(self.tell_online());
            return effects;
        }
        if let Some(game) = self.activity.review().and_then(|r| r.returns_to().cloned()) {
            return self.join_online(game, None, now);
        }
        match self.leave(now) {
            effects if effects.is_empty() => Effect::say(self.texts.back_to_game().to_owned()),
            effects => effects,
        }
    }

    /// Leaves a review, a puzzle or an online game for the game kept aside, as it was.
    pub(super) fn leave(&mut self, now: f64) -> Vec<Effect> {
        let Some(closing) = self.show_game() else {
            return Vec::new();
        };
        let mut effects = closing;
        effects.extend(self.cancel());
        self.motion.show(self.game.position());
        self.cursor.fit(self.game.position().size());
        effects.extend(self.settle(self.texts.back_to_game().to_owned(), None, now));
        effects
    }

    /// Opens the review of the game at move `at` (its end if `None`), and asks the worker
    /// to analyse it; in a review, goes back to the game.
    pub(super) fn open_review(&mut self, at: Option<usize>, now: f64) -> Vec<Effect> {
        if self.activity.review().is_some() {
            return self.back(now);
        }
        // The game shown, if it can be reviewed (an online game's, afterwards); otherwise
        // the game kept aside.
        let game = match self.rules().review {
            true => *self.position(),
            false => *self.game.position(),
        };
        self.review(game, at, now)
    }

    /// Opens recent online game `i` (newest first) in the review, at its end; Back returns
    /// to what showed (an online game stays connected behind it).
    pub(super) fn open_played(&mut self, i: usize, now: f64) -> Vec<Effect> {
        let Some(game) = self.played.0.get(i).map(|p| p.position) else {
            return Vec::new();
        };
        let mut effects = match self.activity.review().is_some() {
            true => self.back(now),
            false => Vec::new(),
        };
        effects.extend(self.review(game, Some(game.move_count()), now));
        effects
    }

    /// Opens the review of `game` at move `at` (its end if `None`).
    fn review(
        &mut self,
        game: crate::engine::Position,
        at: Option<usize>,
        now: f64,
    ) -> Vec<Effect> {
        let online = self.activity.kept_online();
        // An online game stays connected behind its review: the friend is not told the
        // person left, and a rematch asked reaches them there.
        let mut effects = match self.activity.online().is_some() && game.move_count() > 0 {
            true => {
                if let Activity::Online(online) = self.open(Activity::Play) {
                    self.seats.behind = Some(online);
                }
                Vec::new()
            }
            false => self.leave(now),
        };
        if game.move_count() == 0 {
            effects.push(Effect::Announce(self.texts.nothing_to_review().to_owned()));
            return effects;
        }
        effects.extend(self.cancel());
        // Back from the review of an online game enters that game again (for its rematch).
        let review = Review::new(game, at.unwrap_or(usize::MAX)).returning_to(online);
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
            Activity::Play | Activity::Puzzle(_) | Activity::Online(_) => {
                Effect::say(self.texts.not_reviewing().to_owned())
            }
        }
    }

    /// Where nothing is played (a review), the board's keys step through the game: Home to
    /// its start, End to its end, the arrows a move at a time. (A click's `Select` only
    /// selects.)
    pub(super) fn step_by_board(&mut self, command: Command, now: f64) -> Vec<Effect> {
        let step = match command {
            Command::SelectBy(i32::MAX) => Command::ReviewTo(usize::MAX),
            Command::SelectBy(i32::MIN) => Command::ReviewTo(0),
            Command::SelectBy(by) => Command::ReviewBy(by),
            _ => return Vec::new(),
        };
        self.step_review(step, now)
    }

    /// Leaves the review at the position shown, to play on with the same players.
    pub(super) fn play_from_here(&mut self, now: f64) -> Vec<Effect> {
        let Some(review) = self.activity.review().cloned() else {
            return Effect::say(self.texts.not_reviewing().to_owned());
        };
        let mut effects = self.open(Activity::Play).closing();
        effects.extend(self.cancel());
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

    /// The answer of the puzzle failed.
    pub(super) fn show_answer(&mut self) -> Vec<Effect> {
        match &mut self.activity {
            Activity::Puzzle(run) => run.show_answer(&mut self.jobs, &self.texts),
            Activity::Play | Activity::Review(_) | Activity::Online(_) => {
                Effect::say(self.texts.no_puzzle().to_owned())
            }
        }
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

    /// Shows the online game `online`.
    pub(super) fn enter_online(&mut self, online: OnlineGame) {
        self.open(Activity::Online(online));
    }
}
