//! The messages between a board and the computer's worker (`src/web/worker.js`), which
//! every board of a page shares (`src/web/computer.js` starts it, tells it the book's URL
//! and routes these messages to and from each board).
//!
//! The page sends [`Request`]s and the worker answers with [`Reply`]s, as plain objects with
//! one key, the message's name: `{ bestMove: { id: 3, moves: "44", level: "hard" } }` one
//! way, `{ move: { id: 3, column: 2 } }` the other. (This shape, serde's default, reads back
//! without buffering, which keeps the wasm module small.) Every request the page waits for
//! carries an `id`, and its reply the same `id`: a reply whose `id` is not the one awaited
//! is stale.

use crate::engine::WIDTH;
use crate::solver::Level;
use serde::{Deserialize, Serialize};

/// Per-column solver scores for the side to move (Pons' convention), `None` for a full column.
pub type Scores = [Option<i32>; WIDTH];

/// What the page asks of the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Request {
    /// The computer's move at `level` in the position after `moves`.
    BestMove {
        id: u32,
        moves: String,
        #[serde(with = "level_name")]
        level: Level,
    },
    /// Every column's score.
    Analyze { id: u32, moves: String },
    /// The best columns and their score (cheaper than an analysis).
    Hint { id: u32, moves: String },
    /// Think ahead about the position while a person is to move; no reply comes, and the
    /// next request stops it.
    Ponder { moves: String },
    /// Every column's score in each of these positions (a game's, for its review).
    Review { id: u32, positions: Vec<String> },
}

/// What the worker answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Reply {
    /// The opening book is in, or (`warning`) why the computer goes without it. Until then
    /// the perfect level, hints, analyses and reviews wait; the other levels do not.
    Ready {
        #[serde(default)]
        warning: Option<String>,
    },
    /// How much of the opening book has arrived, in bytes (`total` when the server says).
    Book {
        loaded: u32,
        #[serde(default)]
        total: Option<u32>,
    },
    Move {
        id: u32,
        column: u8,
    },
    Analysis {
        id: u32,
        scores: Scores,
    },
    Hint {
        id: u32,
        score: i32,
        columns: Vec<u8>,
    },
    /// The scores of each position a [`Request::Review`] named, in its order.
    Review {
        id: u32,
        scores: Vec<Scores>,
    },
    /// Request `id` failed, or (with no `id`) the worker itself did.
    Failed {
        #[serde(default)]
        id: Option<u32>,
        error: String,
    },
}

/// A [`Level`] as its name (`"hard"`).
mod level_name {
    use crate::solver::Level;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// Each message has the shape `worker.js` reads and writes, and reads back as itself.
    fn round_trip<T>(message: T, shape: Value)
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let written = serde_json::to_value(&message).unwrap();
        assert_eq!(written, shape);
        assert_eq!(serde_json::from_value::<T>(written).unwrap(), message);
    }

    #[test]
    fn requests_have_the_workers_shape() {
        round_trip(
            Request::BestMove {
                id: 3,
                moves: "44".into(),
                level: Level::Hard,
            },
            json!({ "bestMove": { "id": 3, "moves": "44", "level": "hard" } }),
        );
        round_trip(
            Request::Analyze {
                id: 4,
                moves: "".into(),
            },
            json!({ "analyze": { "id": 4, "moves": "" } }),
        );
        round_trip(
            Request::Hint {
                id: 5,
                moves: "1".into(),
            },
            json!({ "hint": { "id": 5, "moves": "1" } }),
        );
        round_trip(
            Request::Ponder { moves: "4".into() },
            json!({ "ponder": { "moves": "4" } }),
        );
        round_trip(
            Request::Review {
                id: 6,
                positions: vec!["".into(), "4".into()],
            },
            json!({ "review": { "id": 6, "positions": ["", "4"] } }),
        );
    }

    #[test]
    fn replies_have_the_workers_shape() {
        round_trip(
            Reply::Ready { warning: None },
            json!({ "ready": { "warning": null } }),
        );
        round_trip(
            Reply::Book {
                loaded: 1000,
                total: Some(4000),
            },
            json!({ "book": { "loaded": 1000, "total": 4000 } }),
        );
        round_trip(
            Reply::Move { id: 3, column: 6 },
            json!({ "move": { "id": 3, "column": 6 } }),
        );
        let scores = [
            Some(-2),
            Some(-1),
            Some(0),
            None,
            Some(1),
            Some(0),
            Some(-3),
        ];
        round_trip(
            Reply::Analysis { id: 4, scores },
            json!({ "analysis": { "id": 4, "scores": [-2, -1, 0, null, 1, 0, -3] } }),
        );
        round_trip(
            Reply::Hint {
                id: 5,
                score: 1,
                columns: vec![3],
            },
            json!({ "hint": { "id": 5, "score": 1, "columns": [3] } }),
        );
        round_trip(
            Reply::Review {
                id: 6,
                scores: vec![scores],
            },
            json!({ "review": { "id": 6, "scores": [[-2, -1, 0, null, 1, 0, -3]] } }),
        );
        round_trip(
            Reply::Failed {
                id: None,
                error: "boom".into(),
            },
            json!({ "failed": { "id": null, "error": "boom" } }),
        );
        // What the worker leaves out reads as absent.
        let ready: Reply = serde_json::from_value(json!({ "ready": {} })).unwrap();
        assert_eq!(ready, Reply::Ready { warning: None });
        let failed: Reply = serde_json::from_value(json!({ "failed": { "error": "x" } })).unwrap();
        assert_eq!(
            failed,
            Reply::Failed {
                id: None,
                error: "x".into()
            }
        );
    }

    #[test]
    fn malformed_messages_are_refused() {
        for bad in [
            json!({ "bestMove": { "id": 1, "moves": "4", "level": "godlike" } }),
            json!({ "dance": {} }),
            json!({ "hint": { "id": 1 } }),
        ] {
            assert!(
                serde_json::from_value::<Request>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        for bad in [
            json!({ "move": { "id": 1 } }),
            json!({ "analysis": { "id": 1, "scores": [1, 2] } }),
            json!({ "move": { "id": 1, "column": -1 } }),
        ] {
            assert!(
                serde_json::from_value::<Reply>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }
}
