//! The board's size: a new size starts a new game, after asking if one is in progress, and
//! a level the new board does not offer gives way to the one below it.

use super::{offered, Activity, Controller, Effect};
use crate::engine::{Position, Size};

impl Controller {
    /// The size a person asked for that waits for them to confirm it replaces the game in
    /// progress.
    pub fn asked_size(&self) -> Option<Size> {
        self.asked_size
    }

    /// A person chooses the board `size`: a new game on it starts, at once if no game is
    /// in progress, and otherwise once they confirm ([`Controller::confirm_size`]).
    pub(super) fn set_size(&mut self, size: Size, now: f64) -> Vec<Effect> {
        let game = self.game.position();
        if size == game.size() && matches!(self.activity, Activity::Play) {
            // The size shown: nothing to replace (and any question is dropped).
            let asked = self.asked_size.take().is_some();
            return match asked {
                true => Effect::changed(self.texts.size_kept().to_owned()),
                false => Vec::new(),
            };
        }
        if game.move_count() > 0 && !game.is_over() {
            self.asked_size = Some(size);
            return Effect::changed(self.texts.with_size(self.texts.size_confirm(), size));
        }
        self.start_size(size, now)
    }

    /// The person confirms (or not) that the size they asked for replaces the game.
    pub(super) fn confirm_size(&mut self, confirmed: bool, now: f64) -> Vec<Effect> {
        match (self.asked_size.take(), confirmed) {
            (Some(size), true) => self.start_size(size, now),
            (Some(_), false) => Effect::changed(self.texts.size_kept().to_owned()),
            (None, _) => Vec::new(),
        }
    }

    /// A new game on a board of `size`, which undo can take back like any new game.
    fn start_size(&mut self, size: Size, now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        let chosen = self.gave_way.take().unwrap_or(self.settings.players);
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
        self.gave_way = (players != chosen).then_some(chosen);
        effects.extend(self.start_game(Position::empty(size), true, said, now));
        effects
    }
}
