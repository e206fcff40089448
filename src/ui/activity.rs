//! What shows on the board: the game, its review, or a puzzle. Each is an activity with its
//! own state, and each declares here, once, what it allows and how the page shows it: its
//! [`Rules`]. The controller and the page ask [`Activity::rules`], never which activity
//! shows; the other questions every activity must answer (the game on the board, the
//! position shown, the link that shares it, what its end counts) are exhaustive matches
//! below. A new activity does not compile until it has answered each of them: a `Rules`
//! has no default, so each field must be written out.

use super::effect::{Effect, Online};
use super::jobs::Jobs;
use super::online::OnlineGame;
use super::protocol::Scores;
use super::puzzle::{PuzzleRun, Solved};
use super::review::{Rated, Review};
use super::session::Session;
use super::settings::PlayerKind;
use super::share::{Link, Shown};
use super::text::Texts;
use crate::engine::{Player, Position};

#[derive(Debug, Clone)]
pub enum Activity {
    /// The game (the controller keeps its [`Session`]).
    Play,
    Review(Review),
    Puzzle(PuzzleRun),
    /// A game against a friend on another device, through the game's server.
    Online(OnlineGame),
}

/// What an activity allows and how the page shows it. Every field is a decision: there is
/// no default, so a new activity states each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Its name, for the page (`data-activity`) and the host's stylesheet.
    pub name: &'static str,
    /// A person's move on the board.
    pub moves: Allow,
    /// A hint on request.
    pub hint: Allow,
    /// Undo.
    pub undo: Allow,
    /// What the worker's analysis of the position is for.
    pub analysis: Analysis,
    /// Whether the moves played are saved, to be found again after a reload.
    pub saves_moves: bool,
    /// Whether its games count in the record, and help in them is noted.
    pub record: bool,
    /// Whether the review of the game can be opened (or closed) from it.
    pub review: bool,
    /// Whether its end shows as a result just reached (a review shows the end in its own
    /// words).
    pub result: bool,
    /// What of the page's controls it shows.
    pub chrome: Chrome,
    /// Where the keyboard focus goes when it opens, from inside the game.
    pub opened: Focus,
    /// What the board's arrow keys, Home and End do.
    pub board_keys: BoardKeys,
    /// Where the keyboard focus goes when its game ends, from inside the game.
    pub ended: Focus,
}

/// Whether something is allowed, or why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allow {
    Yes,
    No(Why),
}

/// Why something is not allowed: each says what to do instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// A review shows a game already played.
    Reviewing,
    /// A puzzle shows the answer after a miss.
    PuzzleHint,
    /// A puzzle starts again with Retry.
    PuzzleUndo,
    /// A game against a friend online stays fair.
    Online,
}

impl Why {
    pub fn text(self, t: &Texts) -> &str {
        match self {
            Why::Reviewing => t.reviewing(),
            Why::PuzzleHint => t.no_hint_puzzle(),
            Why::PuzzleUndo => t.puzzle_undo(),
            Why::Online => t.online_fair(),
        }
    }
}

/// What the worker's analysis of the position is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Analysis {
    /// The labels over the columns, when the player's setting asks for them.
    Shown,
    /// None: the labels do not show, and the worker is not asked (nothing to analyse, or
    /// the activity allows no help).
    Off,
    /// The activity's own judgement of each move: always asked, never shown.
    Judges,
}

/// What of the page's controls an activity shows: the page hides the rest
/// ([`Chrome::hidden`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chrome {
    /// The main choice: opponent, level, colour, size.
    pub choice: bool,
    /// The game's buttons (undo, hint, new game, review).
    pub controls: bool,
    /// The sound's button, when the game's buttons are hidden (online play keeps it).
    pub sound: bool,
    /// The analysis' switch.
    pub analysis_switch: bool,
    /// The result panel's buttons ("Play again").
    pub result_buttons: bool,
    /// The settings' choice of who plays each side (a person or the computer).
    pub players: bool,
    /// The turn line.
    pub turn_line: TurnLine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnLine {
    Shown,
    /// Said by the live region only: the activity's own line shows it.
    Said,
    /// Said only, and its place kept, so that the board does not move.
    SaidInPlace,
}

impl Chrome {
    /// The parts hidden, as the page's `data-hides` tokens (its stylesheet's hooks).
    pub fn hidden(&self) -> String {
        let parts = [
            (!self.choice, "choice"),
            (!self.controls, "controls"),
            (!self.controls && !self.sound, "sound"),
            (!self.analysis_switch, "analysis-switch"),
            (!self.result_buttons, "result-buttons"),
            (!self.players, "players"),
            (self.turn_line != TurnLine::Shown, "turn-line"),
            (self.turn_line == TurnLine::SaidInPlace, "turn-line-kept"),
        ];
        let mut hidden = String::new();
        for &(is_hidden, part) in &parts {
            if is_hidden {
                if !hidden.is_empty() {
                    hidden.push(' ');
                }
                hidden.push_str(part);
            }
        }
        hidden
    }
}

/// What the board's arrow keys, Home and End do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardKeys {
    /// They choose the column to play.
    Select,
    /// They step through the game (a review: nothing is played there).
    Step,
}

/// Where the keyboard focus goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// The board's selected column.
    Board,
    /// The main control of the activity's own panel (the panel says which: the review's
    /// steps, the next puzzle).
    Panel,
    /// "Play again".
    PlayAgain,
    /// Where it is.
    Stay,
}

const PLAY: Rules = Rules {
    name: "play",
    moves: Allow::Yes,
    hint: Allow::Yes,
    undo: Allow::Yes,
    analysis: Analysis::Shown,
    saves_moves: true,
    record: true,
    review: true,
    result: true,
    chrome: Chrome {
        choice: true,
        controls: true,
        sound: false,
        analysis_switch: true,
        players: true,
        result_buttons: true,
        turn_line: TurnLine::Shown,
    },
    board_keys: BoardKeys::Select,
    opened: Focus::Board,
    ended: Focus::PlayAgain,
};

const REVIEW: Rules = Rules {
    name: "review",
    moves: Allow::No(Why::Reviewing),
    hint: Allow::No(Why::Reviewing),
    undo: Allow::No(Why::Reviewing),
    analysis: Analysis::Shown,
    saves_moves: false,
    record: false,
    review: true,
    result: false,
    chrome: Chrome {
        choice: false,
        controls: false,
        sound: false,
        analysis_switch: true,
        players: true,
        result_buttons: true,
        turn_line: TurnLine::Said,
    },
    board_keys: BoardKeys::Step,
    opened: Focus::Panel,
    ended: Focus::Stay,
};

const PUZZLE: Rules = Rules {
    name: "puzzle",
    moves: Allow::Yes,
    hint: Allow::No(Why::PuzzleHint),
    undo: Allow::No(Why::PuzzleUndo),
    analysis: Analysis::Judges,
    saves_moves: false,
    record: false,
    review: false,
    result: true,
    chrome: Chrome {
        choice: false,
        controls: true,
        sound: false,
        analysis_switch: false,
        players: true,
        result_buttons: false,
        turn_line: TurnLine::SaidInPlace,
    },
    board_keys: BoardKeys::Select,
    opened: Focus::Board,
    ended: Focus::Panel,
};

const ONLINE: Rules = Rules {
    name: "online",
    moves: Allow::Yes,
    hint: Allow::No(Why::Online),
    undo: Allow::No(Why::Online),
    analysis: Analysis::Off,
    saves_moves: false,
    record: false,
    review: true,
    result: true,
    chrome: Chrome {
        choice: false,
        controls: false,
        sound: true,
        analysis_switch: false,
        players: false,
        result_buttons: false,
        turn_line: TurnLine::Said,
    },
    board_keys: BoardKeys::Select,
    opened: Focus::Board,
    ended: Focus::Panel,
};

/// How an end reached on the board counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Nothing has just ended: the board shows an end already played.
    Shown,
    /// A game of the record's.
    Game,
    /// Counted by the activity itself (true if something changed that is saved).
    Counted(bool),
}

impl Default for Activity {
    /// The game.
    fn default() -> Activity {
        Activity::Play
    }
}

impl Activity {
    pub fn rules(&self) -> &'static Rules {
        match self {
            Activity::Play => &PLAY,
            Activity::Review(_) => &REVIEW,
            Activity::Puzzle(_) => &PUZZLE,
            Activity::Online(_) => &ONLINE,
        }
    }

    /// The game being played on the board: `game`, or a puzzle's; none in a review.
    pub fn session<'a>(&'a self, game: &'a Session) -> Option<&'a Session> {
        match self {
            Activity::Play => Some(game),
            Activity::Puzzle(run) => Some(run.session()),
            Activity::Online(online) => Some(online.session()),
            Activity::Review(_) => None,
        }
    }

    pub fn session_mut<'a>(&'a mut self, game: &'a mut Session) -> Option<&'a mut Session> {
        match self {
            Activity::Play => Some(game),
            Activity::Puzzle(run) => Some(run.session_mut()),
            Activity::Online(online) => Some(online.session_mut()),
            Activity::Review(_) => None,
        }
    }

    /// Whether the board shows the player's game itself (not a game beside it).
    pub fn shows_game(&self) -> bool {
        match self {
            Activity::Play => true,
            Activity::Review(_) | Activity::Puzzle(_) | Activity::Online(_) => false,
        }
    }

    /// The position on the board.
    pub fn position<'a>(&'a self, game: &'a Session) -> &'a Position {
        match self {
            Activity::Review(review) => review.position(),
            Activity::Play | Activity::Puzzle(_) | Activity::Online(_) => self
                .session(game)
                .map_or(game.position(), Session::position),
        }
    }

    /// Whether the person's moves are still wanted (a puzzle that is over waits for Retry or
    /// the next one).
    pub fn open_for_moves(&self) -> bool {
        match self {
            Activity::Puzzle(run) => run.is_playing(),
            Activity::Online(online) => online.run.my_turn(),
            Activity::Play | Activity::Review(_) => true,
        }
    }

    /// What a refused move is told instead, where the activity has its own word for it (a
    /// puzzle that is over, an online game on the other player's turn).
    /// The turn line, if the activity says it in its own words (an online game: whose
    /// turn, the friend away, the connection).
    pub fn turn_line(&self, t: &Texts) -> Option<String> {
        match self {
            Activity::Online(online) => Some(online.line(t)),
            Activity::Play | Activity::Review(_) | Activity::Puzzle(_) => None,
        }
    }

    pub fn waits(&self, t: &Texts) -> Option<String> {
        match self {
            Activity::Puzzle(run) => run.waits(t),
            Activity::Online(online) => online.waits(t),
            Activity::Play | Activity::Review(_) => None,
        }
    }

    /// Judges a person's move in `column` before it is played: `Ok` with what goes with it
    /// if it may be played, or `Err` with what to say instead.
    pub fn judge(
        &mut self,
        column: usize,
        jobs: &mut Jobs,
        t: &Texts,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        match self {
            Activity::Puzzle(run) => run.judge(column, jobs, t).map_or(Ok(Vec::new()), Err),
            // The server judges: the move falls at once and goes to it (once the connection
            // is back, if it is lost), and is taken back if the server refuses it.
            Activity::Online(online) => match online.run.play(column) {
                Some(message) => Ok(super::effect::maybe(
                    message.map(|m| Effect::Online(Online::Send(m))),
                )),
                None => Err(Vec::new()),
            },
            Activity::Play | Activity::Review(_) => Ok(Vec::new()),
        }
    }

    /// The position's analysis came: a move that waited for it, to play now.
    pub fn checked(&mut self) -> Option<usize> {
        match self {
            Activity::Puzzle(run) => run.checked(),
            Activity::Play | Activity::Review(_) | Activity::Online(_) => None,
        }
    }

    /// A move by `by` was played on the board.
    pub fn moved(&mut self, by: Player) {
        match self {
            Activity::Puzzle(run) => run.moved(by),
            Activity::Play | Activity::Review(_) | Activity::Online(_) => {}
        }
    }

    /// The board's game just ended: how it counts (`solved` counts puzzles).
    pub fn ended(&mut self, solved: &mut Solved) -> Ended {
        match self {
            Activity::Play => Ended::Game,
            Activity::Review(_) => Ended::Shown,
            Activity::Puzzle(run) => Ended::Counted(run.ended(solved)),
            Activity::Online(_) => Ended::Counted(false),
        }
    }

    /// The result line in the activity's own words, if it has them.
    pub fn result_line(&self, t: &Texts) -> Option<Option<String>> {
        match self {
            Activity::Puzzle(run) => Some(run.result_line(t)),
            Activity::Online(online) => online.result_line(t).map(Some),
            Activity::Play | Activity::Review(_) => None,
        }
    }

    /// The review's ratings came.
    pub fn rated(&mut self, scores: Vec<Option<Scores>>, t: &Texts) -> Vec<Effect> {
        match self {
            Activity::Review(review) => review.ready(scores, t),
            Activity::Play | Activity::Puzzle(_) | Activity::Online(_) => Vec::new(),
        }
    }

    /// The move shown with its rating, for the canvas to mark (a review's).
    pub fn rated_move(&self) -> Option<&Rated> {
        match self {
            Activity::Review(review) => review.shown_move(),
            Activity::Play | Activity::Puzzle(_) | Activity::Online(_) => None,
        }
    }

    /// What a reload opens again: the puzzle shown.
    pub fn kept_puzzle(&self) -> Option<u32> {
        match self {
            Activity::Puzzle(run) => Some(run.puzzle.id),
            Activity::Play | Activity::Review(_) | Activity::Online(_) => None,
        }
    }

    /// What a reload opens again: the online game shown, once it has an id.
    pub fn kept_online(&self) -> Option<crate::online::GameId> {
        match self {
            Activity::Online(online) => online.run.game().cloned(),
            Activity::Play | Activity::Review(_) | Activity::Puzzle(_) => None,
        }
    }

    pub fn review(&self) -> Option<&Review> {
        match self {
            Activity::Review(review) => Some(review),
            Activity::Play | Activity::Puzzle(_) | Activity::Online(_) => None,
        }
    }

    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        match self {
            Activity::Puzzle(run) => Some(run),
            Activity::Play | Activity::Review(_) | Activity::Online(_) => None,
        }
    }

    pub fn online(&self) -> Option<&OnlineGame> {
        match self {
            Activity::Online(online) => Some(online),
            Activity::Play | Activity::Review(_) | Activity::Puzzle(_) => None,
        }
    }

    pub fn online_mut(&mut self) -> Option<&mut OnlineGame> {
        match self {
            Activity::Online(online) => Some(online),
            Activity::Play | Activity::Review(_) | Activity::Puzzle(_) => None,
        }
    }

    /// What leaving it takes: an online game closes its connection.
    pub fn closing(&self) -> Vec<Effect> {
        match self {
            Activity::Online(online) => online.closing(),
            Activity::Play | Activity::Review(_) | Activity::Puzzle(_) => Vec::new(),
        }
    }

    /// The share link of what is shown: the game (or the review, at the move shown), or
    /// the puzzle; `players` play the game.
    pub fn link(&self, game: &Position, players: [PlayerKind; 2]) -> Link {
        match self {
            Activity::Review(review) => Link {
                position: *review.game(),
                players,
                shown: Shown::Review(review.at()),
            },
            Activity::Puzzle(run) => Link {
                position: run.puzzle.start,
                players,
                shown: Shown::Puzzle(run.puzzle.id),
            },
            // An online game is shared by its invite link, once it has an id.
            Activity::Online(online) => match online.run.game() {
                Some(game) => Link {
                    position: *online.session().position(),
                    players,
                    shown: Shown::Join(game.clone(), online.run.handed.clone()),
                },
                None => Link::play(*online.session().position(), players),
            },
            Activity::Play => Link::play(*game, players),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_hides_what_an_activity_does_not_show() {
        assert_eq!(PLAY.chrome.hidden(), "");
        assert_eq!(REVIEW.chrome.hidden(), "choice controls sound turn-line");
        assert_eq!(
            PUZZLE.chrome.hidden(),
            "choice analysis-switch result-buttons turn-line turn-line-kept"
        );
        // Online, nobody but the two friends plays: the settings offer no computer. The
        // sound's button stays (the turn's sound can be turned off).
        assert_eq!(
            ONLINE.chrome.hidden(),
            "choice controls analysis-switch result-buttons players turn-line"
        );
    }

    #[test]
    fn each_activity_has_its_own_name() {
        let names = [PLAY.name, REVIEW.name, PUZZLE.name];
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
        }
    }
}
