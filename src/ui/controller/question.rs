//! Replacing the game in progress asks first: a new board size starts a new game once the
//! player confirms it, and so does the computer taking over a side a person played. A level
//! the new board does not offer gives way to the one below it.

use super::{offered, Controller, Effect};
use crate::engine::{Position, Size};
use crate::ui::settings::PlayerKind;

/// What waits for the player to confirm that it replaces the game in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// A new game on a board of this size.
    Size(Size),
    /// A new game with these players, the computer on a side a person played.
    Players([PlayerKind; 2]),
    /// Resigning the online game.
    Resign,
    /// Leaving the online game while it goes on.
    Leave,
}

impl Controller {
    /// What waits for the player to confirm it replaces the game, if anything does.
    pub fn asked(&self) -> Option<Asked> {
        self.asked
    }

    /// The size a person asked for that waits for them to confirm it replaces the game in
    /// progress.
    pub fn asked_size(&self) -> Option<Size> {
        match self.asked {
            Some(Asked::Size(size)) => Some(size),
            _ => None,
        }
    }

    /// The players the main choice shows: those asked for while they wait, or those playing.
    pub fn chosen_players(&self) -> [PlayerKind; 2] {
        match self.asked {
            Some(Asked::Players(players)) => players,
            _ => self.settings.players,
        }
    }

    /// A person chooses the board `size`: a new game on it starts, at once if no game is
    /// in progress, and otherwise once they confirm ([`Controller::confirm`]).
    pub(super) fn set_size(&mut self, size: Size, now: f64) -> Vec<Effect> {
        let game = self.game.position();
        if size == game.size() && self.activity.shows_game() {
            // The size shown: nothing to replace (and any question is dropped).
            return self.keep();
        }
        if self.in_progress() {
            self.asked = Some(Asked::Size(size));
            return Effect::changed(self.texts.with_size(self.texts.size_confirm(), size));
        }
        self.start_size(size, now)
    }

    /// Asks before `players` (from the main choice) replace the game in progress, where the
    /// computer would take over a side a person played: true, and what to say. Otherwise
    /// false, and any earlier question is dropped (the game goes on, as it says).
    pub(super) fn ask_players(&mut self, players: [PlayerKind; 2]) -> (bool, Vec<Effect>) {
        let takes_over = |side: usize| {
            matches!(players[side], PlayerKind::Computer(_))
                && self.settings.players[side] == PlayerKind::Human
        };
        if self.in_progress() && (takes_over(0) || takes_over(1)) {
            self.asked = Some(Asked::Players(players));
            let (question, _) = self.texts.players_question(players);
            return (true, Effect::changed(question));
        }
        (false, self.keep())
    }

    /// Resign, and Leave an online game that goes on, ask first (one tap is not enough to
    /// give a game up); otherwise Leave is Back.
    pub(super) fn ask_first(&mut self, asked: Asked, now: f64) -> Vec<Effect> {
        match self.can_resign() {
            true => {
                self.asked = Some(asked);
                Effect::changed(self.online_question(asked).0)
            }
            false if asked == Asked::Resign => self.resign(),
            false => self.back(now),
        }
    }

    /// Resign's or Leave's question, and the label of the button that confirms it.
    pub fn online_question(&self, asked: Asked) -> (String, String) {
        let t = &self.texts;
        let (question, confirm) = match asked {
            Asked::Resign => (t.online_resign_ask(), t.resign()),
            _ => (t.online_leave_ask(), t.online_leave()),
        };
        // The friend by the name they gave, or their colour.
        let question = match self.online().and_then(|o| Some((o, o.seat()?.other()))) {
            Some((online, other)) => online.with_who(t, question, other),
            None => t.with_player(question, crate::engine::Player::Second),
        };
        (question, confirm.to_owned())
    }

    /// Resigns the online game without asking (the host page's code asks, if it wants).
    pub fn resign_now(&mut self) -> Vec<Effect> {
        self.asked = None;
        self.resign()
    }

    fn resign(&mut self) -> Vec<Effect> {
        self.ask_online(|game| crate::online::ToServer::Resign { game })
    }

    /// The person confirms (or not) that what they asked for replaces the game.
    pub(super) fn confirm(&mut self, confirmed: bool, now: f64) -> Vec<Effect> {
        match (self.asked, confirmed) {
            (Some(Asked::Resign), true) => {
                self.asked = None;
                self.resign()
            }
            (Some(Asked::Leave), true) => {
                self.asked = None;
                self.back(now)
            }
            (Some(Asked::Size(size)), true) => {
                self.asked = None;
                self.start_size(size, now)
            }
            (Some(Asked::Players(players)), true) => {
                self.asked = None;
                self.start_players(players, now)
            }
            (Some(_), false) => self.keep(),
            (None, _) => Vec::new(),
        }
    }

    /// The question is dropped, if there was one, and the game goes on, as it says.
    fn keep(&mut self) -> Vec<Effect> {
        match self.asked.take() {
            Some(_) => Effect::changed(self.texts.size_kept().to_owned()),
            None => Vec::new(),
        }
    }

    /// Whether a game is in progress that a new one would replace.
    fn in_progress(&self) -> bool {
        let game = self.game.position();
        game.move_count() > 0 && !game.is_over()
    }

    /// A new game with `players`, on the game's size, which undo can take back.
    fn start_players(&mut self, players: [PlayerKind; 2], now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        effects.extend(self.set(|s| s.players = players, now));
        let start = Position::empty(self.game.position().size());
        let said = self.texts.new_game_text(start.current_player());
        effects.extend(self.start_game(start, true, said, now));
        effects
    }

    /// A new game on a board of `size`, which undo can take back like any new game.
    fn start_size(&mut self, size: Size, now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        let chosen = self.wanted.take().unwrap_or(self.settings.players);
        let players = offered(chosen, size);
        let mut said = self.texts.with_player(
            &self.texts.with_size(self.texts.new_size_game(), size),
            crate::engine::Player::First,
        );
        if players != self.settings.players {
            // The chosen level gives way on this board, or comes back on it.
            let why = match players == chosen {
                true => self.texts.perfect_back(),
                false => self.texts.perfect_replaced(),
            };
            said = format!("{said} {}", self.texts.with_size(why, size));
            let settings = super::Settings {
                players,
                ..self.settings
            };
            self.settings = settings;
            self.game.set_players(players);
        }
        self.wanted = (players != chosen).then_some(chosen);
        effects.extend(self.start_game(Position::empty(size), true, said, now));
        effects
    }
}
