//! What the host page hears: the state of a game, and the events fired on the host element
//! (`c4-move`, `c4-end`, `c4-change`, `c4-undo`, `c4-refused`, `c4-newgame`, `c4-online`, `c4-error`)
//! with their `detail`s, as plain serialisable data. Every detail about the board carries
//! its size, `columns` and `rows`.

use super::protocol::Board;
use super::settings::PlayerKind;
use crate::engine::{Cell, Placed, Position};
use crate::json::{Json, Out};

/// A move and the whole state after it: what `Game.play` and the handle's `play` return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveResult {
    /// The board's size: columns and rows.
    pub columns: u8,
    pub rows: u8,
    pub column: u8,
    pub row: u8,
    pub player: u8,
    pub board: Vec<Vec<u8>>,
    pub status: &'static str,
    pub winner: Option<u8>,
    pub win_line: Vec<Cell>,
}

impl MoveResult {
    /// `placed`, just played, and `position` after it.
    pub fn after(position: &Position, placed: Placed) -> MoveResult {
        MoveResult {
            columns: position.width() as u8,
            rows: position.rows() as u8,
            column: placed.column,
            row: placed.row,
            player: placed.player.number(),
            board: position.board(),
            status: position.status().as_str(),
            winner: position.winner().map(|p| p.number()),
            win_line: position.win_line(),
        }
    }
}

/// The handle's `state`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// The board's size: columns and rows.
    pub columns: u8,
    pub rows: u8,
    pub moves: String,
    pub board: Vec<Vec<u8>>,
    pub status: &'static str,
    pub winner: Option<u8>,
    pub win_line: Vec<Cell>,
    pub current_player: u8,
}

impl GameState {
    pub fn of(position: &Position) -> GameState {
        GameState {
            columns: position.width() as u8,
            rows: position.rows() as u8,
            moves: position.moves_string(),
            board: position.board(),
            status: position.status().as_str(),
            winner: position.winner().map(|p| p.number()),
            win_line: position.win_line(),
            current_player: position.current_player().number(),
        }
    }
}

/// A move taken back: who had played it, and where (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undone {
    pub player: u8,
    pub column: u8,
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The column is full.
    Full,
    /// The game is over.
    Over,
    /// It is the computer's turn, or a piece is falling.
    Busy,
}

/// An event for the host page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `c4-move`: after every move, by a person or the computer.
    Move {
        result: MoveResult,
        moves: String,
        /// `"human"` or the computer's level.
        by: &'static str,
    },
    /// `c4-end`: the game is won or drawn.
    End {
        board: Board,
        status: &'static str,
        winner: Option<u8>,
        win_line: Vec<Cell>,
        moves: String,
    },
    /// `c4-change`: the position on the board changed (a move, an undo, a new game, a
    /// restored or linked game, a review's step); the detail is the new state. It also fires
    /// once after mounting, with the state the game starts in.
    Change(GameState),
    /// `c4-undo`: moves were taken back (last first); `moves` are those left. `undone` is
    /// empty when the undo brought back the game a new game had replaced.
    Undo {
        board: Board,
        moves: String,
        undone: Vec<Undone>,
    },
    /// `c4-refused`: a move was refused.
    Refused {
        board: Board,
        column: usize,
        reason: Refusal,
    },
    /// `c4-newgame`: a new game starts, on a board of `columns` by `rows`.
    NewGame { board: Board, moves: String },
    /// `c4-online`: an online game's id, the person's seat or the connection changed.
    Online(OnlineStatus),
    /// `c4-error`: the computer cannot play (`code` "computer"), or online play cannot
    /// (`"unreachable"`, `"blocked"`, or the server's reason for refusing the page).
    Error { code: &'static str, message: String },
}

/// `c4-online`'s detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineStatus {
    /// The game's id, once the server gave one.
    pub game: Option<String>,
    /// "red", "yellow" or "watcher", once the server said.
    pub seat: Option<&'static str>,
    /// "connecting", "open", "reconnecting", "unreachable" (no connection could be made,
    /// several times in a row: it is still tried), "refused" (the server turned the page
    /// away, or the page may not connect: `reason` says why) or "closed".
    pub connection: &'static str,
    /// Why the page was refused (`"too-many-games"`, `"blocked"`…), when it was.
    pub reason: Option<&'static str>,
    /// The other player, for a player: "here", "away" or "empty" (nobody has come yet);
    /// `None` for a watcher, or before the server said.
    pub opponent: Option<&'static str>,
    /// The names Red's and Yellow's players go by, if they gave one.
    pub names: [Option<String>; 2],
}

impl Event {
    /// The DOM event's name.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Move { .. } => "c4-move",
            Event::End { .. } => "c4-end",
            Event::Change(_) => "c4-change",
            Event::Undo { .. } => "c4-undo",
            Event::Refused { .. } => "c4-refused",
            Event::NewGame { .. } => "c4-newgame",
            Event::Online(_) => "c4-online",
            Event::Error { .. } => "c4-error",
        }
    }

    /// The events a move fires: `c4-move`, then `c4-end` if it ended the game.
    pub fn for_move(position: &Position, placed: Placed, by: PlayerKind) -> Vec<Event> {
        let moves = position.moves_string();
        let mut events = vec![Event::Move {
            result: MoveResult::after(position, placed),
            moves: moves.clone(),
            by: by.name(),
        }];
        events.extend(Event::end(position));
        events
    }

    /// `c4-end` for `position`, if the game is over there.
    pub fn end(position: &Position) -> Option<Event> {
        position.is_over().then(|| Event::End {
            board: position.size().into(),
            status: position.status().as_str(),
            winner: position.winner().map(|p| p.number()),
            win_line: position.win_line(),
            moves: position.moves_string(),
        })
    }
}

impl MoveResult {
    fn fields(&self, out: &mut Out) {
        let fields: [(&str, &dyn Json); 9] = [
            ("columns", &self.columns),
            ("rows", &self.rows),
            ("column", &self.column),
            ("row", &self.row),
            ("player", &self.player),
            ("board", &self.board),
            ("status", &self.status),
            ("winner", &self.winner),
            ("winLine", &self.win_line),
        ];
        for (key, value) in fields {
            out.field(key, value);
        }
    }
}

impl Json for MoveResult {
    fn write(&self, out: &mut Out) {
        out.begin();
        self.fields(out);
        out.end();
    }
}

impl Json for GameState {
    fn write(&self, out: &mut Out) {
        out.object(&[
            ("columns", &self.columns),
            ("rows", &self.rows),
            ("moves", &self.moves),
            ("board", &self.board),
            ("status", &self.status),
            ("winner", &self.winner),
            ("winLine", &self.win_line),
            ("currentPlayer", &self.current_player),
        ]);
    }
}

impl Json for Undone {
    fn write(&self, out: &mut Out) {
        out.object(&[("player", &self.player), ("column", &self.column)]);
    }
}

impl Refusal {
    /// Its name in `c4-refused`'s `reason`.
    pub fn name(self) -> &'static str {
        match self {
            Refusal::Full => "full",
            Refusal::Over => "over",
            Refusal::Busy => "busy",
        }
    }
}

impl Json for OnlineStatus {
    fn write(&self, out: &mut Out) {
        out.object(&[
            ("game", &self.game),
            ("seat", &self.seat),
            ("connection", &self.connection),
            ("reason", &self.reason),
            ("opponent", &self.opponent),
            ("names", &&self.names[..]),
        ]);
    }
}

/// Each event's detail: a plain object, its board's `columns` and `rows` beside the other
/// fields.
impl Json for Event {
    fn write(&self, out: &mut Out) {
        let board = match self {
            Event::Change(state) => return state.write(out),
            Event::Online(status) => return status.write(out),
            Event::End { board, .. }
            | Event::Undo { board, .. }
            | Event::Refused { board, .. }
            | Event::NewGame { board, .. } => Some(board),
            Event::Move { .. } | Event::Error { .. } => None,
        };
        out.begin();
        if let Some(board) = board {
            out.field("columns", &board.columns);
            out.field("rows", &board.rows);
        }
        match self {
            Event::Move { result, moves, by } => {
                result.fields(out);
                out.field("moves", moves);
                out.field("by", by);
            }
            Event::End {
                status,
                winner,
                win_line,
                moves,
                ..
            } => {
                out.field("status", status);
                out.field("winner", winner);
                out.field("winLine", win_line);
                out.field("moves", moves);
            }
            Event::Undo { moves, undone, .. } => {
                out.field("moves", moves);
                out.field("undone", undone);
            }
            Event::Refused { column, reason, .. } => {
                out.field("column", column);
                out.field("reason", &reason.name());
            }
            Event::NewGame { moves, .. } => out.field("moves", moves),
            Event::Error { code, message } => {
                out.field("code", code);
                out.field("message", message);
            }
            Event::Change(_) | Event::Online(_) => {}
        }
        out.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Level;
    use serde_json::{json, Value};

    /// The detail as JavaScript reads it.
    fn value(detail: &dyn Json) -> Value {
        serde_json::from_str(&crate::json::to_string(detail)).expect("valid JSON")
    }

    #[test]
    fn details_have_the_documented_shape() {
        let mut p = Position::from_moves("121212").unwrap();
        let placed = p.play(0).unwrap();
        let events = Event::for_move(&p, placed, PlayerKind::Computer(Level::Hard));
        assert_eq!(
            events.iter().map(Event::name).collect::<Vec<_>>(),
            ["c4-move", "c4-end"]
        );
        let moved = value(&events[0]);
        assert_eq!(moved["column"], 0);
        assert_eq!(moved["row"], 2);
        assert_eq!(moved["player"], 1);
        assert_eq!(moved["status"], "win");
        assert_eq!(moved["winner"], 1);
        assert_eq!(moved["moves"], "1212121");
        assert_eq!(moved["by"], "hard");
        assert_eq!(moved["board"][5], json!([1, 2, 0, 0, 0, 0, 0]));
        assert_eq!(moved["winLine"].as_array().unwrap().len(), 4);
        assert_eq!(moved["winLine"][0], json!({ "column": 0, "row": 2 }));
        let mut keys: Vec<_> = moved.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "board", "by", "column", "columns", "moves", "player", "row", "rows", "status",
                "winLine", "winner"
            ]
        );
        let end = value(&events[1]);
        assert_eq!(
            end,
            json!({
                "columns": 7, "rows": 6,
                "status": "win", "winner": 1, "moves": "1212121",
                "winLine": moved["winLine"].clone(),
            })
        );
        let board = Board {
            columns: 8,
            rows: 5,
        };
        let refused = Event::Refused {
            board,
            column: 3,
            reason: Refusal::Busy,
        };
        assert_eq!(
            value(&refused),
            json!({ "columns": 8, "rows": 5, "column": 3, "reason": "busy" })
        );
        let new_game = Event::NewGame {
            board,
            moves: "".into(),
        };
        assert_eq!(
            value(&new_game),
            json!({ "columns": 8, "rows": 5, "moves": "" })
        );
        let undo = Event::Undo {
            board,
            moves: "4".into(),
            undone: vec![Undone {
                player: 2,
                column: 3,
            }],
        };
        assert_eq!(
            value(&undo),
            json!({ "columns": 8, "rows": 5, "moves": "4", "undone": [{ "player": 2, "column": 3 }] })
        );
    }

    #[test]
    fn a_move_that_does_not_end_the_game_fires_one_event() {
        let mut p = Position::new();
        let placed = p.play(3).unwrap();
        let events = Event::for_move(&p, placed, PlayerKind::Human);
        assert_eq!(events.len(), 1);
        let moved = value(&events[0]);
        assert_eq!(moved["by"], "human");
        assert_eq!(moved["winner"], json!(null));
        assert_eq!(moved["winLine"], json!([]));
        let state = value(&GameState::of(&p));
        assert_eq!(state["moves"], "4");
        assert_eq!(state["currentPlayer"], 2);
        assert_eq!(state["status"], "in-progress");
    }

    #[test]
    fn the_state_online_and_error_details_have_their_shape() {
        let p = Position::from_moves("44").unwrap();
        assert_eq!(
            value(&Event::Change(GameState::of(&p))),
            json!({
                "columns": 7, "rows": 6, "moves": "44", "board": p.board(), "status": "in-progress",
                "winner": null, "winLine": [], "currentPlayer": 1,
            })
        );
        let online = Event::Online(OnlineStatus {
            game: Some("a1b2".into()),
            seat: None,
            connection: "refused",
            reason: Some("too-many-games"),
            opponent: Some("away"),
            names: [Some("Ann \"A\"".into()), None],
        });
        assert_eq!(
            value(&online),
            json!({ "game": "a1b2", "seat": null, "connection": "refused", "reason": "too-many-games",
                "opponent": "away", "names": ["Ann \"A\"", null] })
        );
        let error = Event::Error {
            code: "computer",
            message: "the book \"x\" is\nwrong".into(),
        };
        assert_eq!(
            value(&error),
            json!({ "code": "computer", "message": "the book \"x\" is\nwrong" })
        );
    }
}
