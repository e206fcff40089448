//! What the controller tells the host page and takes from it: the start, every change of
//! the position (`c4-change`), undos (`c4-undo`), and the host's own moves.

use super::{Controller, Effect};
use crate::engine::{Column, Player};
use crate::ui::event::{Event, GameState, MoveResult, Refusal, Undone};

impl Controller {
    /// The board is on the page at time `now`: whoever is to move may play, and the host
    /// hears that a game that starts finished has ended.
    pub fn opened(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = self.tick(now);
        effects.extend(Event::end(self.position()).map(Effect::Event));
        effects
    }

    /// `c4-change` with the state on the board, if it is not the one the host last heard
    /// of. The page asks after carrying out each batch of effects, so every change of the
    /// position is told once, after the events of what changed it.
    /// It runs after every frame and pointer move, so it compares positions (the state
    /// follows from the position) and builds the state only for a change.
    pub fn change(&mut self) -> Option<Event> {
        let position = *self.position();
        if self.host_heard == Some(position) {
            return None;
        }
        self.host_heard = Some(position);
        Some(Event::Change(GameState::of(&position)))
    }

    /// The host's `play(column)`: a person's move, played at once (while a piece falls too:
    /// its piece falls next), or refused, and the reason comes back.
    pub fn play(&mut self, column: Column, now: f64) -> (Vec<Effect>, Result<MoveResult, Refusal>) {
        match self.person_plays(column.index(), now) {
            Ok((effects, placed)) => (effects, Ok(MoveResult::after(self.position(), placed))),
            Err((effects, reason)) => (effects, Err(reason)),
        }
    }

    /// `c4-undo` for the moves `undone` (last first), in the game as it is now.
    pub(super) fn undone(&self, undone: &[(Player, usize)]) -> Effect {
        let position = self.game.position();
        let mut list = Vec::new();
        for &(player, column) in undone {
            list.push(Undone {
                player: player.number(),
                column: column as u8,
            });
        }
        Effect::Event(Event::Undo {
            board: position.size().into(),
            moves: position.moves_string(),
            undone: list,
        })
    }
}
