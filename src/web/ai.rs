//! The computer player's client on the page: a module Web Worker that imports this same
//! glue module and runs the solver there, so the page never freezes.
//!
//! The worker's code is made from a string and imports the glue by its URL, so it works
//! the same from the Trunk site and from the npm package. A cancelled request makes the
//! worker be replaced: a search cannot be interrupted, and its late answer must never land.
//! While a person is to move against the perfect level, the worker ponders: it works out
//! its answer to each possible move in short slices, between messages.

use super::glue_url;
use crate::solver::Level;
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

const WORKER_SOURCE: &str = r#"
import init, { Solver } from "__GLUE__";
let solver = null;
const queue = [];
// The position being pondered (the computer thinking on the player's time), in slices so
// that a message arriving meanwhile waits at most one slice.
let pondering = null;
let ponderRun = 0;
const ponderSlice = (run) => {
  if (run !== ponderRun || pondering === null) return;
  try {
    if (solver.ponder(pondering)) pondering = null;
  } catch (e) {
    pondering = null;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, run);
};
const handle = (msg) => {
  // Any request stops pondering; a hint or an analysis of the position being pondered
  // (the person's turn) takes it up again afterwards, where it stopped.
  const resume = pondering === msg.moves && (msg.op === "hint" || msg.op === "analyze");
  const pondered = pondering;
  pondering = null;
  ponderRun++;
  try {
    if (msg.op === "bestMove") {
      self.postMessage({ id: msg.id, ok: true, column: solver.bestMove(msg.moves, msg.level) });
    } else if (msg.op === "analyze") {
      self.postMessage({ id: msg.id, ok: true, moves: msg.moves, scores: solver.analyze(msg.moves) });
    } else if (msg.op === "hint") {
      self.postMessage({ id: msg.id, ok: true, moves: msg.moves, hint: solver.bestMoves(msg.moves) });
    } else if (msg.op === "ponder") {
      pondering = msg.moves;
      setTimeout(ponderSlice, 0, ponderRun);
    } else {
      self.postMessage({ id: msg.id, ok: false, error: "unknown request " + msg.op });
    }
  } catch (e) {
    self.postMessage({ id: msg.id, ok: false, error: String(e && e.message || e) });
  }
  if (resume) {
    pondering = pondered;
    setTimeout(ponderSlice, 0, ponderRun);
  }
};
self.onmessage = (e) => (solver ? handle(e.data) : queue.push(e.data));
const why = (e) => String(e && e.message || e);
// The opening book is fetched here, in the worker, so it never delays the page. Without it
// every answer is still exact, only slower early on.
init().then(() => Solver.load({ tableMiB: 64, bookUrl: "__BOOK__" }).then(
  (made) => ({ made }),
  (e) => ({ warning: why(e) }),
)).then(({ made, warning }) => {
  solver = made ?? new Solver({ tableMiB: 64 });
  self.postMessage({ ready: true, warning });
  for (const msg of queue.splice(0)) handle(msg);
}, (e) => self.postMessage({ ok: false, fatal: true, error: why(e) }));
"#;

pub(crate) struct AiClient {
    worker: RefCell<Option<Worker>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
    url: String,
}

/// What the page's app gets back.
pub(crate) enum Reply {
    Move {
        request: u64,
        column: usize,
    },
    Analysis {
        moves: String,
        scores: crate::ui::controller::Scores,
    },
    /// The best columns of the position after `moves`, and the score they reach.
    Hint {
        moves: String,
        score: i32,
        columns: Vec<usize>,
    },
    Failed(String),
    /// The worker started without the opening book, for this reason.
    NoBook(String),
}

impl AiClient {
    /// A client whose worker fetches the opening book from `book_url` (an absolute URL), or
    /// from `book.bin` beside the glue module.
    pub(crate) fn new(
        app: Weak<RefCell<super::app::App>>,
        book_url: Option<&str>,
    ) -> Result<AiClient, JsValue> {
        let glue = glue_url();
        let book = match book_url {
            Some(url) => url.to_owned(),
            None => super::solver::default_book_url()?,
        };
        let source = WORKER_SOURCE
            .replace("__GLUE__", &glue)
            .replace("__BOOK__", &book);
        // Each new worker (one per cancelled search) says again if the book is missing:
        // the player hears it once.
        let warned = std::cell::Cell::new(false);
        let parts = js_sys::Array::of1(&JsValue::from_str(&source));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let reply = parse_reply(&e.data());
            if let (Some(reply), Some(app)) = (reply, app.upgrade()) {
                if let Ok(mut app) = app.try_borrow_mut() {
                    match reply {
                        Reply::Move { request, column } => app.computer_answer(request, column),
                        Reply::Analysis { moves, scores } => app.analysis_answer(&moves, scores),
                        Reply::Hint {
                            moves,
                            score,
                            columns,
                        } => app.hint_answer(&moves, score, &columns),
                        Reply::Failed(message) => app.computer_failed(&message),
                        Reply::NoBook(reason) => {
                            if !warned.replace(true) {
                                app.book_unavailable(&reason);
                            }
                        }
                    }
                }
            }
        });
        let client = AiClient {
            worker: RefCell::new(None),
            on_message,
            url,
        };
        client.spawn()?;
        Ok(client)
    }

    fn spawn(&self) -> Result<(), JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(&self.url, &options)?;
        worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
        *self.worker.borrow_mut() = Some(worker);
        Ok(())
    }

    pub(crate) fn best_move(&self, request: u64, moves: &str, level: Level) {
        self.send(request, "bestMove", moves, Some(level));
    }

    pub(crate) fn analyze(&self, moves: &str) {
        self.send(0, "analyze", moves, None);
    }

    pub(crate) fn hint(&self, moves: &str) {
        self.send(0, "hint", moves, None);
    }

    /// Lets the worker think about its replies while the player thinks (no answer comes;
    /// the next request stops it).
    pub(crate) fn ponder(&self, moves: &str) {
        self.send(0, "ponder", moves, None);
    }

    fn send(&self, request: u64, op: &str, moves: &str, level: Option<Level>) {
        if self.worker.borrow().is_none() && self.spawn().is_err() {
            return;
        }
        let msg = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&msg, &JsValue::from_str(k), &v);
        let _ = set("id", JsValue::from_f64(request as f64));
        let _ = set("op", JsValue::from_str(op));
        let _ = set("moves", JsValue::from_str(moves));
        if let Some(level) = level {
            let _ = set("level", JsValue::from_str(level.name()));
        }
        if let Some(worker) = self.worker.borrow().as_ref() {
            let _ = worker.post_message(&msg);
        }
    }

    /// Drops the running search: the worker is replaced on the next request.
    pub(crate) fn cancel(&self) {
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.set_onmessage(None);
            worker.terminate();
        }
    }

    pub(crate) fn terminate(&self) {
        self.cancel();
    }
}

impl Drop for AiClient {
    fn drop(&mut self) {
        self.cancel();
        let _ = web_sys::Url::revoke_object_url(&self.url);
    }
}

fn parse_reply(data: &JsValue) -> Option<Reply> {
    let get = |k: &str| js_sys::Reflect::get(data, &JsValue::from_str(k)).ok();
    if get("ready").and_then(|v| v.as_bool()) == Some(true) {
        return get("warning")
            .and_then(|v| v.as_string())
            .map(Reply::NoBook);
    }
    if get("ok").and_then(|v| v.as_bool()) != Some(true) {
        let error = get("error")
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| "unknown error".into());
        return Some(Reply::Failed(error));
    }
    if let Some(scores) = get("scores").filter(js_sys::Array::is_array) {
        let moves = get("moves")?.as_string()?;
        let scores: Vec<Option<i32>> = serde_wasm_bindgen::from_value(scores).ok()?;
        return Some(Reply::Analysis {
            moves,
            scores: scores.try_into().ok()?,
        });
    }
    if let Some(hint) = get("hint").filter(JsValue::is_object) {
        #[derive(serde::Deserialize)]
        struct Hint {
            score: i32,
            columns: Vec<usize>,
        }
        let moves = get("moves")?.as_string()?;
        let Hint { score, columns } = serde_wasm_bindgen::from_value(hint).ok()?;
        return Some(Reply::Hint {
            moves,
            score,
            columns,
        });
    }
    let request = get("id")?.as_f64()? as u64;
    let column = get("column")?.as_f64()?;
    (0.0..7.0).contains(&column).then_some(Reply::Move {
        request,
        column: column as usize,
    })
}
