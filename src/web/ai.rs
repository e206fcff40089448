//! The computer player's client on the page: it runs `worker.js` as a module Web Worker,
//! sends it [`Request`]s and hands each [`Reply`] to a callback.
//!
//! A search cannot be interrupted: [`AiClient::cancel`] stops the worker, and the next
//! request starts a new one, so a late answer never lands.

use crate::ui::protocol::{Reply, Request};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's transposition table, in MiB: the most the solver allows in a browser.
const TABLE_MIB: u32 = super::solver::MAX_TABLE_MIB as u32;

pub struct AiClient {
    worker: RefCell<Option<Worker>>,
    book_url: RefCell<String>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
    on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl AiClient {
    /// A client whose worker fetches the opening book from `book_url` (absolute), and which
    /// hands every reply to `on_reply`. No worker runs until the first request.
    pub fn new(book_url: String, on_reply: impl Fn(Reply) + 'static) -> AiClient {
        let on_reply = Rc::new(on_reply);
        let reply = on_reply.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let message = serde_wasm_bindgen::from_value::<Reply>(e.data());
            reply(message.unwrap_or_else(|e| Reply::Failed {
                id: None,
                error: format!("the worker's answer was not understood: {e}"),
            }));
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            // The details are for developers; the player hears that the computer cannot play.
            web_sys::console::error_2(&"connect-four: the computer's worker failed:".into(), &e);
            on_reply(Reply::Failed {
                id: None,
                error: "its worker could not run in this browser".into(),
            });
        });
        AiClient {
            worker: RefCell::new(None),
            book_url: RefCell::new(book_url),
            on_message,
            on_error,
        }
    }

    fn spawn(&self) -> Result<Worker, String> {
        let worker = super::assets::spawn_worker().map_err(|e| {
            format!(
                "its worker could not start: {}",
                super::convert::error_text(&e)
            )
        })?;
        worker.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
        let init = Request::Init {
            book_url: self.book_url.borrow().clone(),
            table_mib: TABLE_MIB,
        };
        post(&worker, &init)?;
        Ok(worker)
    }

    /// Sends `request`, starting a worker first if none runs. An error says why it could
    /// not be sent.
    pub fn send(&self, request: &Request) -> Result<(), String> {
        let mut slot = self.worker.borrow_mut();
        if slot.is_none() {
            *slot = Some(self.spawn()?);
        }
        match slot.as_ref() {
            Some(worker) => post(worker, request),
            None => Ok(()),
        }
    }

    /// Where the next worker fetches the opening book (the running one keeps its book).
    pub fn set_book_url(&self, url: &str) {
        *self.book_url.borrow_mut() = url.to_owned();
    }

    /// Stops the worker and whatever it was doing.
    pub fn cancel(&self) {
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
    }
}

fn post(worker: &Worker, request: &Request) -> Result<(), String> {
    worker
        .post_message(&super::convert::to_js(request))
        .map_err(|e| super::convert::error_text(&e))
}

impl Drop for AiClient {
    fn drop(&mut self) {
        self.cancel();
    }
}
