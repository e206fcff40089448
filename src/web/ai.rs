//! The computer player's client on the page: a *link* to the worker every board of the page
//! shares (`computer.js`, handed over by the package's entry module), which sends
//! [`Request`]s and hands each [`Reply`] to a callback.
//!
//! A search cannot be interrupted, and the worker is shared: [`AiClient::cancel`] drops the
//! requests this board still has queued there, and the reply to the one running is stale
//! (the view model knows by its id).

use super::assets::Link;
use crate::ui::protocol::{Reply, Request};
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
            let message = serde_wasm_bindgen::from_value::<Reply>(data);
            on_reply(message.unwrap_or_else(|e| Reply::Failed {
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
                .post(&super::convert::to_js(request))
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
