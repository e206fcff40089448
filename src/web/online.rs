//! The page's connection to the game's server, for online play: a WebSocket to the server's
//! `/online`, made when the controller says (at once, or after the wait it chose when the
//! connection dropped), its messages handed to the app as they come, and each seat's secret
//! kept in `localStorage` so that a reload finds the seat again. It decides nothing.

use crate::online::{GameId, Secret, ToPage};
use crate::ui::effect::Online;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};

/// What the connection tells the app.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    Opened,
    Message(ToPage),
    /// It dropped, or could not be made.
    Closed,
}

/// Where a seat's secret is kept.
fn secret_key(game: &str) -> String {
    format!("connect-four:online:{game}")
}

struct Handlers {
    _open: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _close: Closure<dyn FnMut()>,
}

struct Inner {
    /// The server's WebSocket address (`wss://host/online`), if the page has a server.
    url: RefCell<Option<String>>,
    socket: RefCell<Option<(WebSocket, Handlers)>>,
    /// The wait before connecting again, while one runs, and what ends it.
    timer: Cell<Option<i32>>,
    retry: RefCell<Option<Closure<dyn FnMut()>>>,
    on_heard: Box<dyn Fn(Heard)>,
}

pub struct OnlineSocket {
    inner: Rc<Inner>,
}

impl OnlineSocket {
    /// A connection to the server (once it has an address: [`OnlineSocket::set_url`]),
    /// made when asked, which hands what happens to `on_heard`.
    pub fn new(on_heard: impl Fn(Heard) + 'static) -> OnlineSocket {
        OnlineSocket {
            inner: Rc::new(Inner {
                url: RefCell::new(None),
                socket: RefCell::new(None),
                timer: Cell::new(None),
                retry: RefCell::new(None),
                on_heard: Box::new(on_heard),
            }),
        }
    }

    /// Carries out what online play asks.
    pub fn carry(&self, online: Online) {
        match online {
            Online::Connect { after_ms: 0 } => connect(&self.inner),
            Online::Connect { after_ms } => self.connect_later(after_ms),
            Online::Send(message) => {
                let text = serde_json::to_string(&message).unwrap_or_default();
                if let Some((socket, _)) = self.inner.socket.borrow().as_ref() {
                    let _ = socket.send_with_str(&text);
                }
            }
            Online::Disconnect => disconnect(&self.inner),
            Online::Keep { game, secret } => super::storage::save(&secret_key(&game), &secret),
        }
    }

    fn connect_later(&self, after_ms: u32) {
        cancel_timer(&self.inner);
        let Some(window) = web_sys::window() else {
            return;
        };
        let weak: Weak<Inner> = Rc::downgrade(&self.inner);
        let retry = Closure::<dyn FnMut()>::new(move || {
            if let Some(inner) = weak.upgrade() {
                inner.timer.set(None);
                connect(&inner);
            }
        });
        let id = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            retry.as_ref().unchecked_ref(),
            i32::try_from(after_ms).unwrap_or(i32::MAX),
        );
        self.inner.timer.set(id.ok());
        *self.inner.retry.borrow_mut() = Some(retry);
    }

    /// The server's address from now on (the next connection is made to it).
    pub fn set_url(&self, url: Option<String>) {
        *self.inner.url.borrow_mut() = url;
    }

    /// The seats' secrets this browser keeps, by game.
    pub fn kept_secrets() -> Vec<(GameId, Secret)> {
        super::storage::with_prefix(&secret_key(""))
            .into_iter()
            .filter_map(|(game, secret)| {
                Some((GameId::try_from(game).ok()?, Secret::try_from(secret).ok()?))
            })
            .collect()
    }

    /// Closes the connection, and stops any wait to make it again.
    pub fn disconnect(&self) {
        disconnect(&self.inner);
    }
}

fn cancel_timer(inner: &Inner) {
    if let (Some(id), Some(window)) = (inner.timer.take(), web_sys::window()) {
        window.clear_timeout_with_handle(id);
    }
}

fn connect(inner: &Rc<Inner>) {
    disconnect(inner);
    let Some(url) = inner.url.borrow().clone() else {
        return (inner.on_heard)(Heard::Closed);
    };
    let Ok(socket) = WebSocket::new(&url) else {
        return (inner.on_heard)(Heard::Closed);
    };
    let weak = Rc::downgrade(inner);
    let tell = move |heard: Heard| {
        if let Some(inner) = weak.upgrade() {
            (inner.on_heard)(heard);
        }
    };
    let (a, b, c) = (tell.clone(), tell.clone(), tell);
    let open = Closure::<dyn FnMut()>::new(move || a(Heard::Opened));
    let message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if let Ok(message) = serde_json::from_str::<ToPage>(&text) {
            b(Heard::Message(message));
        }
    });
    let close = Closure::<dyn FnMut()>::new(move || c(Heard::Closed));
    socket.set_onopen(Some(open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(close.as_ref().unchecked_ref()));
    let handlers = Handlers {
        _open: open,
        _message: message,
        _close: close,
    };
    *inner.socket.borrow_mut() = Some((socket, handlers));
}

fn disconnect(inner: &Inner) {
    cancel_timer(inner);
    if let Some((socket, _handlers)) = inner.socket.borrow_mut().take() {
        socket.set_onopen(None);
        socket.set_onmessage(None);
        socket.set_onclose(None);
        let _ = socket.close();
    }
}

impl Drop for OnlineSocket {
    fn drop(&mut self) {
        disconnect(&self.inner);
    }
}
