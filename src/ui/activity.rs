//! What shows on the board: the game, its review, or a puzzle. Each is a room with its own
//! state; this enum says which one shows and answers for it what every room must tell: the
//! game on the board, the position shown, and the link that shares it.

use super::puzzle::PuzzleRun;
use super::review::Review;
use super::session::Session;
use super::settings::PlayerKind;
use super::share::{Link, View};
use crate::engine::Position;

#[derive(Debug, Clone)]
pub enum Activity {
    /// The game (the controller keeps its [`Session`]).
    Play,
    Review(Review),
    Puzzle(PuzzleRun),
}

impl Activity {
    /// The game being played on the board: `game`, or a puzzle's; none in a review.
    pub fn session<'a>(&'a self, game: &'a Session) -> Option<&'a Session> {
        match self {
            Activity::Play => Some(game),
            Activity::Puzzle(run) => Some(run.session()),
            Activity::Review(_) => None,
        }
    }

    pub fn session_mut<'a>(&'a mut self, game: &'a mut Session) -> Option<&'a mut Session> {
        match self {
            Activity::Play => Some(game),
            Activity::Puzzle(run) => Some(run.session_mut()),
            Activity::Review(_) => None,
        }
    }

    /// The position on the board.
    pub fn position<'a>(&'a self, game: &'a Session) -> &'a Position {
        match self {
            Activity::Review(review) => review.position(),
            _ => self
                .session(game)
                .map_or(game.position(), Session::position),
        }
    }

    pub fn review(&self) -> Option<&Review> {
        match self {
            Activity::Review(review) => Some(review),
            _ => None,
        }
    }

    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        match self {
            Activity::Puzzle(run) => Some(run),
            _ => None,
        }
    }

    /// The share link of what is shown: the game (or the review, at the move shown), or
    /// the puzzle; `players` play the game.
    pub fn link(&self, game: &Position, players: [PlayerKind; 2]) -> Link {
        match self {
            Activity::Review(review) => Link {
                position: *review.game(),
                players,
                view: View::Review(review.at()),
            },
            Activity::Puzzle(run) => Link {
                position: run.puzzle.start,
                players,
                view: View::Puzzle(run.puzzle.id),
            },
            Activity::Play => Link::play(*game, players),
        }
    }
}
