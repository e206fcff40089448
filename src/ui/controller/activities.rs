//! Switching activities: from the game to its review, a puzzle or an online game, and back
//! to the game kept aside, as it was; and routing to an activity what is meant for it.

use super::{Activity, Command, Controller, Effect};
use crate::engine::{Position, Size};
use crate::online::{GameId, Refusal, Seat, Secret, ToPage, ToServer};
use crate::ui::effect::{joined, Online};
use crate::ui::event::{Event, OnlineStatus};
use crate::ui::online::{Entry, Heard, OnlineGame, Seats};
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
        let mut effects = self.open(Activity::Play).closing();
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
        let mut effects: Vec<Effect> = status
            .map(|status| Effect::Event(self.seats.refuse(status)))
            .into_iter()
            .collect();
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

    fn tell_online(&mut self) -> Option<Effect> {
        let shown = self.activity.online().map(OnlineGame::status);
        self.seats.tell(shown).map(Effect::Event)
    }

    /// Back: from the review of an online game, to that game; otherwise to the game kept
    /// aside.
    pub(super) fn back(&mut self, now: f64) -> Vec<Effect> {
        if let Some(game) = self.activity.review().and_then(|r| r.returns_to().cloned()) {
            return self.join_online(game, now);
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
            return self.leave(now);
        }
        // The game shown, if it can be reviewed (an online game's, afterwards); otherwise
        // the game kept aside.
        let game = match self.rules().review {
            true => *self.position(),
            false => *self.game.position(),
        };
        let online = self.activity.kept_online();
        let mut effects = self.leave(now);
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

    /// Opens a game against a friend online, entered by `entry` (a new game of `size`, or
    /// one from an invite link): the page connects to the game's server.
    pub(super) fn open_online(&mut self, entry: Entry, size: Size, now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        effects.extend(self.cancel());
        self.notice = None;
        let online = OnlineGame::new(entry, size);
        self.motion.show(online.session().position());
        self.cursor.fit(size);
        self.open(Activity::Online(online));
        effects.push(Effect::Online(Online::Connect { after_ms: 0 }));
        effects.extend(self.tell_online());
        effects.extend(Effect::changed(self.texts.online_connecting().to_owned()));
        effects
    }

    /// Whether the page has a game server for online play, and the seats' secrets it
    /// kept from earlier visits.
    pub fn set_online(&mut self, offered: bool, secrets: Vec<(GameId, Secret)>) {
        self.seats = Seats::new(offered, secrets);
    }

    /// Whether the page has a game server for online play.
    pub fn online_offered(&self) -> bool {
        self.seats.offered
    }

    /// A new online game on the board's size, the person playing the colour chosen.
    pub(super) fn create_online(&mut self, now: f64) -> Vec<Effect> {
        if !self.seats.offered {
            return Effect::say(self.texts.online_no_server().to_owned());
        }
        let size = self.game.position().size();
        let seat = Seat::of(self.shown_choice().1);
        self.open_online(Entry::Create { size, seat }, size, now)
    }

    /// Opens the online game of an invite link (or the one open before a reload): its seat
    /// again if this browser kept its secret, otherwise the free seat, or a watcher's place.
    pub fn join_online(&mut self, game: GameId, now: f64) -> Vec<Effect> {
        if !self.seats.offered {
            let said = self.texts.online_no_server().to_owned();
            return self.notify(said);
        }
        let entry = match self.seats.secret(&game) {
            Some(secret) => Entry::Resume(game, secret),
            None => Entry::Join(game),
        };
        self.open_online(entry, Size::CLASSIC, now)
    }

    /// The seat taken in `game` is kept by its secret, for a reload.
    fn keep_seat(&mut self, game: GameId, secret: Secret) -> Vec<Effect> {
        self.seats.keep(game.clone(), secret.clone());
        vec![
            Effect::Online(Online::Keep {
                game: game.to_string(),
                secret: secret.as_str().to_owned(),
            }),
            self.save(),
        ]
    }

    /// The person resigns, asks for a rematch or claims the win, in the online game.
    pub(super) fn ask_online(&mut self, what: fn(GameId) -> ToServer) -> Vec<Effect> {
        match self.activity.online().and_then(|online| online.ask(what)) {
            Some(message) => vec![Effect::Online(Online::Send(message))],
            None => Effect::say(self.texts.online_fair().to_owned()),
        }
    }

    /// The secret the page made (128 random bits) to hold the seat it creates or joins;
    /// the first one given is kept until the seat is taken.
    pub fn online_claim(&mut self, secret: Secret) {
        if let Activity::Online(online) = &mut self.activity {
            online.run.claim_with(secret);
        }
    }

    /// The connection to the game's server opened: the page enters its game.
    pub fn online_opened(&mut self) -> Vec<Effect> {
        let Activity::Online(online) = &mut self.activity else {
            return vec![Effect::Online(Online::Disconnect)];
        };
        // Back after "lost: trying again…": said, so that it is not left hanging.
        let again = online.run.state().is_some()
            && online.run.connection() != crate::ui::online::Connection::Open;
        let mut effects = vec![
            Effect::Online(Online::Send(online.run.opened())),
            Effect::Changed,
        ];
        if again {
            effects.push(Effect::Announce(self.texts.online_reconnected().to_owned()));
        }
        effects.extend(self.tell_online());
        effects
    }

    /// The connection dropped, or could not be made: it is tried again after a wait spread
    /// by `jitter` (0 to 1).
    pub fn online_closed(&mut self, jitter: f64) -> Vec<Effect> {
        let Activity::Online(online) = &mut self.activity else {
            return Vec::new();
        };
        let was_open = online.run.connection() == crate::ui::online::Connection::Open;
        let was_unreachable = online.run.unreachable();
        let after_ms = online.run.closed(jitter);
        let unreachable = online.run.unreachable() && !was_unreachable;
        let mut effects = vec![
            Effect::Online(Online::Connect { after_ms }),
            Effect::Changed,
        ];
        if was_open {
            effects.push(Effect::Announce(self.texts.online_lost().to_owned()));
        }
        // Said once, when it becomes so; the page goes on trying.
        if unreachable {
            let said = self.texts.online_unreachable().to_owned();
            effects.push(Effect::Event(Event::Error {
                code: "unreachable",
                message: "no connection to the game's server could be made: it may be down, \
                          not accept this page's origin (its --allow-origin), or be blocked"
                    .into(),
            }));
            effects.push(Effect::Announce(said));
        }
        effects.extend(self.tell_online());
        effects
    }

    /// A message from the game's server.
    pub fn online_message(&mut self, message: ToPage, now: f64) -> Vec<Effect> {
        let Activity::Online(online) = &mut self.activity else {
            return Vec::new();
        };
        let had_state = online.run.state().is_some();
        let shown_game = online.run.state().map(|s| s.game.clone());
        let (heard, send) = online.run.received(message);
        // A game the board shows for the first time (created, joined, a rematch, or found
        // again after a reload): a new game for the host, as a local one is.
        let new_game = online
            .run
            .state()
            .filter(|s| Some(&s.game) != shown_game.as_ref())
            .and_then(|s| s.position())
            .map(|p| {
                Effect::Event(Event::NewGame {
                    board: p.size().into(),
                    moves: p.moves_string(),
                })
            });
        // The first word of the game (seated, watching, waiting): said as it shows.
        let first = match (had_state, &self.activity) {
            (false, Activity::Online(online)) if online.run.state().is_some() => {
                Some(online.line(&self.texts))
            }
            _ => None,
        };
        let mut effects: Vec<Effect> = send
            .into_iter()
            .map(|m| Effect::Online(Online::Send(m)))
            .collect();
        for heard in heard {
            effects.extend(self.heard(heard, now));
        }
        effects.extend(new_game);
        effects.extend(first.map(Effect::Announce));
        effects.push(Effect::Changed);
        effects.extend(self.tell_online());
        effects
    }

    fn heard(&mut self, heard: Heard, now: f64) -> Vec<Effect> {
        let t = &self.texts;
        let player = |seat: crate::online::Seat| seat.player();
        match heard {
            Heard::Seated { game, secret, .. } => self.keep_seat(game, secret),
            Heard::Moved { column, .. } => {
                let played = self.session_mut().map(|s| s.try_play(column));
                match played {
                    Some(Ok(placed)) => self.placed(placed, now),
                    _ => Vec::new(),
                }
            }
            Heard::Shown(position) => self.show_online(position, now),
            Heard::Joined(seat) => Effect::say(t.with_player(t.online_joined(), player(seat))),
            Heard::Away(seat) => Effect::say(t.with_player(t.online_away(), player(seat))),
            Heard::Back(seat) => Effect::say(t.with_player(t.online_back(), player(seat))),
            Heard::Ended(end) => {
                // A resignation or a claim: the board shows no end of its own.
                let line = self.activity.result_line(t).flatten();
                let mut effects = match line {
                    Some(line) if end != crate::online::End::Played => {
                        vec![Effect::Finished(line)]
                    }
                    _ => Vec::new(),
                };
                // The person's online games count in the record, in a row of their own.
                let online = self.activity.online();
                let size = online.map(|o| o.session().position().size());
                if let (Some(finish), Some(size)) = (online.and_then(|o| o.finish(end)), size) {
                    self.records.count_online(size, finish);
                    effects.push(self.save());
                }
                effects
            }
            Heard::RematchAsked(seat) => match self.activity.online().and_then(|o| o.seat()) {
                // The person's own request shows as the panel's note.
                Some(mine) if mine == seat => Vec::new(),
                _ => Effect::say(t.with_player(t.online_rematch_asked(), player(seat))),
            },
            Heard::Rematch(next) => {
                let seat = self.activity.online().and_then(|o| o.seat());
                let said = match seat {
                    // Colours swap.
                    Some(seat) => t.with_player(t.online_rematch(), seat.other().player()),
                    None => t.rematch().to_owned(),
                };
                let said = Effect::say(said);
                let kept = self.activity.online().and_then(|o| o.run.secret().cloned());
                match kept {
                    Some(secret) => joined(said, self.keep_seat(next, secret)),
                    None => said,
                }
            }
            // A game that cannot be entered (or played on): the page starts as it would
            // have, with a line that says why.
            Heard::Refused(reason)
                if matches!(reason, Refusal::NoSuchGame | Refusal::Version)
                    || (reason != Refusal::Restarting
                        && self
                            .activity
                            .online()
                            .is_some_and(|o| o.run.state().is_none())) =>
            {
                let said = match reason {
                    Refusal::Version => t.online_reload().to_owned(),
                    Refusal::NoSuchGame => t.online_no_game().to_owned(),
                    Refusal::TooManyGames => t.online_too_many().to_owned(),
                    _ => fill(t.online_turned_away(), &[("why", reason.name())]),
                };
                self.turned_away(reason.name(), said, now)
            }
            Heard::Refused(reason) => {
                Effect::say(fill(t.online_refused(), &[("why", reason.name())]))
            }
            Heard::Restarting => Effect::say(t.online_restarting().to_owned()),
        }
    }

    /// The online game as the server says it, shown afresh.
    fn show_online(&mut self, position: Position, now: f64) -> Vec<Effect> {
        let mut effects = self.cancel();
        if let Some(session) = self.session_mut() {
            session.restart(position, false);
        }
        self.motion.show(&position);
        self.cursor.fit(position.size());
        if position.is_over() {
            self.motion.end(&position, now);
        }
        effects.push(Effect::Changed);
        effects
    }
}
