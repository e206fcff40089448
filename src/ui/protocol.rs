//! The messages between a board and the computer's worker (`src/web/worker.js`), which
//! every board of a page shares (`src/web/computer.js` starts it, tells it the book's URL
//! and routes these messages to and from each board).
//!
//! The page sends [`Request`]s and the worker answers with [`Reply`]s, as plain objects with
//! one key, the message's name: `{ bestMove: { id: 3, columns: 7, rows: 6, moves: "44",
//! level: "hard" } }` one way, `{ move: { id: 3, column: 2 } }` the other. Every request
//! names its board's size; on any but 7 x 6 the worker's exact answers have a budget, and
//! what it cannot work out within it is said to be so: an analysis's unproved columns, a
//! review's positions not known, a hint that is the computer's judgement. Requests are written by hand (`crate::json`); replies
//! are read by the web layer (`src/web/ai.rs`, whose tests read them as `worker.js` writes
//! them), by hand, which keeps the page's module small. Every request the page waits for
//! carries an `id`, and its reply the same `id`: a reply whose `id` is not the one awaited
//! is stale.

use crate::engine::Size;
use crate::json::{Json, Out};
use crate::solver::Level;

/// The board a request or an event is about: its columns and rows, written beside the
/// other fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub columns: u8,
    pub rows: u8,
}

impl From<Size> for Board {
    fn from(size: Size) -> Board {
        Board {
            columns: size.width() as u8,
            rows: size.height() as u8,
        }
    }
}

/// Per-column solver scores for the side to move (Pons' convention), `None` for a full column.
pub type Scores = Vec<Option<i32>>;

/// What the page asks of the worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// The computer's move at `level` in the position after `moves`.
    BestMove {
        id: u32,
        board: Board,
        moves: String,
        level: Level,
    },
    /// Every column's score.
    Analyze {
        id: u32,
        board: Board,
        moves: String,
    },
    /// The best columns and their score (cheaper than an analysis).
    Hint {
        id: u32,
        board: Board,
        moves: String,
    },
    /// Think ahead about the position while a person is to move; no reply comes, and the
    /// next request stops it.
    Ponder { board: Board, moves: String },
    /// Every column's score in each of these positions (a game's, for its review).
    Review {
        id: u32,
        board: Board,
        positions: Vec<String>,
    },
}

/// A request as the worker reads it: the request, and whether it reads the opening book
/// (`{ bestMove: { … }, readsBook: false }`). The worker holds back a request that reads
/// the book while the book is on its way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message<'a> {
    pub request: &'a Request,
    pub reads_book: bool,
}

impl Request {
    /// Whether the answer reads the opening book: only 7 x 6 has one, and the lower levels'
    /// moves never read it.
    pub fn reads_book(&self) -> bool {
        self.board() == Size::CLASSIC.into()
            && !matches!(self, Request::BestMove { level, .. } if *level != Level::Perfect)
    }

    /// The request as the worker reads it.
    pub fn message(&self) -> Message<'_> {
        Message {
            request: self,
            reads_book: self.reads_book(),
        }
    }

    /// The board the request is about.
    pub fn board(&self) -> Board {
        match self {
            Request::BestMove { board, .. }
            | Request::Analyze { board, .. }
            | Request::Hint { board, .. }
            | Request::Ponder { board, .. }
            | Request::Review { board, .. } => *board,
        }
    }
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// The opening book is in, or (`warning`) why the computer goes without it. Until then
    /// the perfect level, hints, analyses and reviews wait; the other levels do not.
    Ready {
        warning: Option<String>,
    },
    /// How much of the opening book has arrived, in bytes (`total` when the server says).
    Book {
        loaded: u32,
        total: Option<u32>,
    },
    Move {
        id: u32,
        column: u8,
    },
    /// Each column's score; `unproved` names the columns not worked out within the budget
    /// (a big board's), whose scores are `None`.
    Analysis {
        id: u32,
        scores: Scores,
        unproved: Vec<u8>,
    },
    /// The best columns and their score; where the outcome was not worked out within the
    /// budget (a big board), `score` is `None` and `columns` holds the move the computer
    /// (hard) would play: its best judgement, not a proof.
    Hint {
        id: u32,
        score: Option<i32>,
        columns: Vec<u8>,
    },
    /// The scores of each position a [`Request::Review`] named, in its order: `None` for
    /// one not worked out within the budget (a big board's early positions).
    Review {
        id: u32,
        scores: Vec<Option<Scores>>,
    },
    /// Request `id` failed, or (with no `id`) the worker itself did.
    Failed {
        id: Option<u32>,
        error: String,
    },
}

impl Request {
    /// Writes `"name": { fields }` into the open object: the request under its name, its
    /// board's `columns` and `rows` beside its other fields.
    fn write_named(&self, out: &mut Out) {
        let Board { columns, rows } = self.board();
        let (name, id, key, value): (&str, Option<&u32>, &str, &dyn Json) = match self {
            Request::BestMove { id, moves, .. } => ("bestMove", Some(id), "moves", moves),
            Request::Analyze { id, moves, .. } => ("analyze", Some(id), "moves", moves),
            Request::Hint { id, moves, .. } => ("hint", Some(id), "moves", moves),
            Request::Ponder { moves, .. } => ("ponder", None, "moves", moves),
            Request::Review { id, positions, .. } => ("review", Some(id), "positions", positions),
        };
        out.key(name);
        out.begin();
        if let Some(id) = id {
            out.field("id", id);
        }
        out.field("columns", &columns);
        out.field("rows", &rows);
        out.field(key, value);
        if let Request::BestMove { level, .. } = self {
            out.field("level", &level.name());
        }
        out.end();
    }
}

impl Json for Request {
    fn write(&self, out: &mut Out) {
        out.begin();
        self.write_named(out);
        out.end();
    }
}

impl Json for Message<'_> {
    fn write(&self, out: &mut Out) {
        out.begin();
        self.request.write_named(out);
        out.field("readsBook", &self.reads_book);
        out.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The message as `worker.js` reads it.
    fn read(message: &dyn Json) -> Value {
        serde_json::from_str(&crate::json::to_string(message)).expect("valid JSON")
    }

    /// Each request has the shape `worker.js` reads.
    fn written(request: Request, shape: Value) {
        assert_eq!(read(&request), shape);
    }

    #[test]
    fn requests_have_the_workers_shape() {
        let board = Board::from(Size::CLASSIC);
        written(
            Request::BestMove {
                id: 3,
                board,
                moves: "44".into(),
                level: Level::Hard,
            },
            json!({ "bestMove": { "id": 3, "columns": 7, "rows": 6, "moves": "44", "level": "hard" } }),
        );
        written(
            Request::Analyze {
                id: 4,
                board: Board::from(Size::new(9, 4).unwrap()),
                moves: "".into(),
            },
            json!({ "analyze": { "id": 4, "columns": 9, "rows": 4, "moves": "" } }),
        );
        written(
            Request::Hint {
                id: 5,
                board,
                moves: "1".into(),
            },
            json!({ "hint": { "id": 5, "columns": 7, "rows": 6, "moves": "1" } }),
        );
        written(
            Request::Ponder {
                board,
                moves: "4".into(),
            },
            json!({ "ponder": { "columns": 7, "rows": 6, "moves": "4" } }),
        );
        written(
            Request::Review {
                id: 6,
                board,
                positions: vec!["".into(), "4".into()],
            },
            json!({ "review": { "id": 6, "columns": 7, "rows": 6, "positions": ["", "4"] } }),
        );
    }

    #[test]
    fn a_message_says_whether_the_request_reads_the_book() {
        let classic = Board::from(Size::CLASSIC);
        let at = |level| Request::BestMove {
            id: 1,
            board: classic,
            moves: "4".into(),
            level,
        };
        let read = |request: &Request| read(&request.message());
        assert_eq!(
            read(&at(Level::Hard)),
            json!({ "bestMove": { "id": 1, "columns": 7, "rows": 6, "moves": "4", "level": "hard" }, "readsBook": false }),
        );
        assert_eq!(read(&at(Level::Perfect))["readsBook"], json!(true));
        let hint = |board| Request::Hint {
            id: 2,
            board,
            moves: String::new(),
        };
        assert_eq!(read(&hint(classic))["readsBook"], json!(true));
        let big = Board::from(Size::new(8, 7).unwrap());
        assert_eq!(read(&hint(big))["readsBook"], json!(false));
    }
}
