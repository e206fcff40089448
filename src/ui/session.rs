//! A game in play: its position and history, who plays each side, and whose turn it is. The
//! game against a friend or the computer is one; a puzzle plays on one of its own.

use super::settings::PlayerKind;
use crate::engine::{Placed, PlayError, Player, Position};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    position: Position,
    players: [PlayerKind; 2],
    /// The game a person's "New game" replaced, and whether it had help, until a move is
    /// made: undo brings it back.
    replaced: Option<(Position, bool)>,
    /// A person had help in this game: a hint, or the analysis of a position. The record
    /// counts such a game apart.
    helped: bool,
}

impl Session {
    pub fn new(position: Position, players: [PlayerKind; 2]) -> Session {
        Session {
            position,
            players,
            replaced: None,
            helped: false,
        }
    }

    /// Whether a person had help in this game (a hint, or the analysis shown).
    pub fn helped(&self) -> bool {
        self.helped
    }

    /// A person has had help in this game.
    pub fn help(&mut self) {
        self.helped = true;
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn players(&self) -> [PlayerKind; 2] {
        self.players
    }

    /// Who plays on: the game is kept, and whoever is to move now plays next.
    pub fn set_players(&mut self, players: [PlayerKind; 2]) {
        self.players = players;
    }

    /// Who plays `player`'s pieces.
    pub fn player(&self, player: Player) -> PlayerKind {
        self.players[usize::from(player.number() - 1)]
    }

    /// Who is to move (whether or not the game is over).
    pub fn to_move(&self) -> PlayerKind {
        self.player(self.position.current_player())
    }

    /// Who plays against the side to move.
    pub fn opponent(&self) -> PlayerKind {
        self.player(self.position.current_player().other())
    }

    /// Whether a person is to move in a game that goes on.
    pub fn human_to_move(&self) -> bool {
        !self.position.is_over() && self.to_move() == PlayerKind::Human
    }

    /// Plays `column`, which the caller has checked is playable.
    pub fn play(&mut self, column: usize) -> Placed {
        self.replaced = None;
        self.position.play_unchecked(column)
    }

    /// Plays `column` if it can be played: the computer's move, which the worker chose.
    pub fn try_play(&mut self, column: usize) -> Result<Placed, PlayError> {
        let placed = self.position.play(column)?;
        self.replaced = None;
        Ok(placed)
    }

    /// Takes back the last move, and with it the computer's moves before it, so that a
    /// person is to move again: the moves taken back, each with who had played it.
    pub fn undo(&mut self) -> Vec<(Player, usize)> {
        let mut undone = Vec::new();
        while let Some(column) = self.position.undo() {
            undone.push((self.position.current_player(), column));
            if self.to_move() == PlayerKind::Human {
                break;
            }
        }
        undone
    }

    /// Starts again from `position`. A person's new game (`undoable`) keeps the game it
    /// replaces, if that had moves, for undo to bring back.
    pub fn restart(&mut self, position: Position, undoable: bool) {
        let old = std::mem::replace(&mut self.position, position);
        self.replaced = (undoable && old.move_count() > 0).then_some((old, self.helped));
        self.helped = false;
    }

    /// The game the last new game replaced, taken back out, with whether it had help;
    /// none once a move was made.
    pub fn take_replaced(&mut self) -> Option<(Position, bool)> {
        self.replaced.take()
    }

    /// Whether undo would do something: take back a move, or bring back the game a new
    /// game replaced.
    pub fn can_undo(&self) -> bool {
        self.position.move_count() > 0 || self.replaced.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Level;

    #[test]
    fn undo_goes_back_to_a_persons_turn() {
        let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
        let mut s = Session::new(Position::from_moves("445").unwrap(), players);
        assert!(!s.human_to_move(), "the computer is to move");
        assert_eq!(s.undo(), vec![(Player::First, 4)]);
        assert_eq!(s.undo(), vec![(Player::Second, 3), (Player::First, 3)]);
        assert!(s.human_to_move() && s.undo().is_empty());
    }

    #[test]
    fn a_persons_new_game_can_be_taken_back_until_a_move() {
        let mut s = Session::new(Position::from_moves("44").unwrap(), [PlayerKind::Human; 2]);
        s.restart(Position::new(), true);
        assert!(s.can_undo());
        s.play(3);
        assert_eq!(s.take_replaced(), None, "a move forgets it");
        s.restart(Position::new(), true);
        assert_eq!(s.take_replaced().unwrap().0.moves_string(), "4");
        s.restart(Position::new(), false);
        assert!(!s.can_undo());
    }
}
