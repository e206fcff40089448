//! The computer player's client on the page: a *link* to the worker every board of the page
//! shares (`computer.js`, handed over by the package's entry module), which sends
//! [`Request`]s and hands each [`Reply`] to a callback.
//!
//! A search cannot be interrupted, and the worker is shared: [`AiClient::cancel`] drops the
//! requests this board still has queued there, and the reply to the one running is stale
//! (the view model knows by its id).

use super::assets::Link;
use super::convert::whole_number;
use super::read::{count, list, Body};
use crate::engine::Size;
use crate::ui::protocol::{Reply, Request, Scores};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The worker's transposition table, in MiB: the most the solver allows in a browser.
const TABLE_MIB: u32 = super::MAX_TABLE_MIB as u32;

pub struct AiClient {
    link: RefCell<Option<Link>>,
    book_url: RefCell<String>,
    on_message: Closure<dyn FnMut(JsValue)>,
}

impl AiClient {
    /// A client whose worker fetches the opening book from `book_url` (absolute), and which
    /// hands every reply to `on_reply`. Nothing is loaded until the first request.
    pub fn new(book_url: String, on_reply: impl Fn(Reply) + 'static) -> AiClient {
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |data: JsValue| {
            on_reply(reply_from_js(&data).unwrap_or_else(|e| Reply::Failed {
                id: None,
                error: format!("the worker's answer was not understood: {e}"),
            }));
        });
        AiClient {
            link: RefCell::new(None),
            book_url: RefCell::new(book_url),
            on_message,
        }
    }

    /// Sends `request`, connecting to the page's worker first. An error says why it could
    /// not be sent.
    pub fn send(&self, request: &Request) -> Result<(), String> {
        let mut slot = self.link.borrow_mut();
        if slot.is_none() {
            let link = super::assets::connect(
                &self.book_url.borrow(),
                TABLE_MIB,
                self.on_message.as_ref(),
            )
            .map_err(|e| {
                format!(
                    "its worker could not start: {}",
                    super::convert::error_text(&e)
                )
            })?;
            *slot = Some(link);
        }
        match slot.as_ref() {
            Some(link) => link
                .post(&super::convert::to_js(&request.message()))
                .map_err(|e| super::convert::error_text(&e)),
            None => Ok(()),
        }
    }

    /// Where the opening book is: the next request connects to the worker for that book.
    pub fn set_book_url(&self, url: &str) {
        if *self.book_url.borrow() != url {
            *self.book_url.borrow_mut() = url.to_owned();
            self.close();
        }
    }

    /// Drops whatever this board still has queued at the worker.
    pub fn cancel(&self) {
        if let Some(link) = self.link.borrow().as_ref() {
            link.cancel();
        }
    }

    /// Drops this board's work at the worker and lets go of the worker: no reply reaches
    /// this client after it. Sending again connects anew.
    pub fn disconnect(&self) {
        self.cancel();
        self.close();
    }

    fn close(&self) {
        if let Some(link) = self.link.borrow_mut().take() {
            link.close();
        }
    }
}

impl Drop for AiClient {
    fn drop(&mut self) {
        self.close();
    }
}

/// Reads a reply as `worker.js` writes it: an object with one key, the reply's name, whose
/// value holds its fields (`{ move: { id: 3, column: 2 } }`; the shapes are listed there).
/// Read by hand: a general deserialiser would cost the page's module 25 KB.
fn reply_from_js(data: &JsValue) -> Result<Reply, String> {
    let body = Body::of(data)?;
    Ok(match body.name.as_str() {
        "ready" => Reply::Ready {
            warning: body.optional("warning", JsValue::as_string)?,
        },
        "book" => Reply::Book {
            loaded: body.field("loaded", count)?,
            total: body.optional("total", count)?,
        },
        "move" => Reply::Move {
            id: body.field("id", count)?,
            column: body.field("column", column)?,
        },
        "analysis" => Reply::Analysis {
            id: body.field("id", count)?,
            scores: body.field("scores", scores)?,
            unproved: body
                .optional("unproved", |v| list(v, column))?
                .unwrap_or_default(),
        },
        "hint" => Reply::Hint {
            id: body.field("id", count)?,
            score: body.optional("score", score)?,
            columns: body.field("columns", |v| list(v, column))?,
        },
        "review" => Reply::Review {
            id: body.field("id", count)?,
            scores: body.field("scores", |v| {
                list(v, |s| match s.is_null() {
                    true => Some(None),
                    false => scores(s).map(Some),
                })
            })?,
        },
        "failed" => Reply::Failed {
            id: body.optional("id", count)?,
            error: body.field("error", JsValue::as_string)?,
        },
        _ => {
            return Err(format!(
                "unknown reply {}",
                crate::engine::error::quoted(&body.name)
            ))
        }
    })
}

/// A 0-based column of some board.
fn column(value: &JsValue) -> Option<u8> {
    whole_number(value, 0.0, (Size::MAX - 1) as f64).map(|n| n as u8)
}

/// A solver score.
fn score(value: &JsValue) -> Option<i32> {
    whole_number(value, i32::MIN.into(), i32::MAX.into()).map(|n| n as i32)
}

/// A position's scores: one per column of a board (4 to 9), `null` for a full one.
fn scores(value: &JsValue) -> Option<Scores> {
    let scores = list(value, |v| match v.is_null() {
        true => Some(None),
        false => score(v).map(Some),
    })?;
    (Size::MIN..=Size::MAX)
        .contains(&scores.len())
        .then_some(scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::WIDTH;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    /// A message as worker.js writes it, from its JS source.
    fn message(source: &str) -> JsValue {
        js_sys::eval(&format!("({source})")).unwrap()
    }

    fn read(source: &str) -> Result<Reply, String> {
        reply_from_js(&message(source))
    }

    #[wasm_bindgen_test]
    fn replies_read_as_worker_js_writes_them() {
        assert_eq!(
            read("{ ready: { warning: null } }"),
            Ok(Reply::Ready { warning: None })
        );
        assert_eq!(read("{ ready: {} }"), Ok(Reply::Ready { warning: None }));
        assert_eq!(
            read("{ ready: { warning: 'no book' } }"),
            Ok(Reply::Ready {
                warning: Some("no book".into())
            })
        );
        assert_eq!(
            read("{ book: { loaded: 1000, total: 4000 } }"),
            Ok(Reply::Book {
                loaded: 1000,
                total: Some(4000)
            })
        );
        assert_eq!(
            read("{ book: { loaded: 0, total: null } }"),
            Ok(Reply::Book {
                loaded: 0,
                total: None
            })
        );
        assert_eq!(
            read("{ move: { id: 3, column: 6 } }"),
            Ok(Reply::Move { id: 3, column: 6 })
        );
        let scores = vec![
            Some(-2),
            Some(-1),
            Some(0),
            None,
            Some(1),
            Some(0),
            Some(-3),
        ];
        assert_eq!(
            read("{ analysis: { id: 4, scores: [-2, -1, 0, null, 1, 0, -3] } }"),
            Ok(Reply::Analysis {
                id: 4,
                scores: scores.clone(),
                unproved: Vec::new(),
            })
        );
        // A big board's analysis: the columns not worked out within the budget.
        assert_eq!(
            read(
                "{ analysis: { id: 5, scores: [-2, null, 0, null, 1, 0, -3], unproved: [1, 3] } }"
            ),
            Ok(Reply::Analysis {
                id: 5,
                scores: vec![Some(-2), None, Some(0), None, Some(1), Some(0), Some(-3)],
                unproved: vec![1, 3],
            })
        );
        assert_eq!(
            read("{ hint: { id: 5, score: -1, columns: [3, 4] } }"),
            Ok(Reply::Hint {
                id: 5,
                score: Some(-1),
                columns: vec![3, 4]
            })
        );
        // Not proved: hard's move.
        assert_eq!(
            read("{ hint: { id: 5, score: null, columns: [2] } }"),
            Ok(Reply::Hint {
                id: 5,
                score: None,
                columns: vec![2]
            })
        );
        assert_eq!(
            read("{ review: { id: 6, scores: [[-2, -1, 0, null, 1, 0, -3], [0, 0, 0, 0, 0, 0, 0]] } }"),
            Ok(Reply::Review { id: 6, scores: vec![Some(scores.clone()), Some(vec![Some(0); WIDTH])] })
        );
        // A position not worked out within the budget.
        assert_eq!(
            read("{ review: { id: 6, scores: [null, [0, 0, 0, 0, 0, 0, 0]] } }"),
            Ok(Reply::Review {
                id: 6,
                scores: vec![None, Some(vec![Some(0); WIDTH])]
            })
        );
        assert_eq!(
            read("{ failed: { id: null, error: 'boom' } }"),
            Ok(Reply::Failed {
                id: None,
                error: "boom".into()
            })
        );
        assert_eq!(
            read("{ failed: { id: 7, error: 'x' } }"),
            Ok(Reply::Failed {
                id: Some(7),
                error: "x".into()
            })
        );
    }

    #[wasm_bindgen_test]
    fn malformed_replies_are_refused() {
        for (bad, why) in [
            ("{ move: { id: 1 } }", "move.column is undefined"),
            ("{ move: { id: 1, column: -1 } }", "move.column is -1"),
            ("{ move: { id: 1, column: 9 } }", "move.column is 9"),
            ("{ move: { id: 1.5, column: 2 } }", "move.id is 1.5"),
            (
                "{ analysis: { id: 1, scores: [1, 2] } }",
                "analysis.scores is",
            ),
            (
                "{ hint: { id: 1, score: 0, columns: ['3'] } }",
                "hint.columns is",
            ),
            ("{ review: { id: 1, scores: [[1]] } }", "review.scores is"),
            (
                "{ analysis: { id: 1, scores: [0, 0, 0, 0], unproved: [-1] } }",
                "analysis.unproved is",
            ),
            ("{ failed: { id: 1 } }", "failed.error is undefined"),
            ("{ dance: {} }", "unknown reply \"dance\""),
            ("{ move: { id: 1, column: 2 }, hint: {} }", "one key"),
            ("'move'", "one key"),
            ("null", "one key"),
        ] {
            let e = read(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
