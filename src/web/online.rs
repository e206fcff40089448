//! The page's connection to the game's server, for online play: a WebSocket to the server's
//! `/online`, made when the controller says (at once, or after the wait it chose when the
//! connection dropped), its messages handed to the app as they come, and each seat's secret
//! kept in `localStorage` so that a reload finds the seat again. It decides nothing.

use super::convert::{json_parse, whole_number, MAX_SAFE_INTEGER};
use super::read::Body;
use crate::online::{End, GameId, GameState, Presence, Refusal, Role, Seat, Secret, ToPage};
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
    /// The browser refused to make it (the page's Content-Security-Policy), saying this.
    Blocked(String),
    /// A second went by with the connection open (the heartbeat's clock).
    Beat,
    /// The browser says it went offline (`false`) or is online again.
    Network(bool),
}

/// Where the name the person goes by online is kept.
pub const NAME_KEY: &str = "connect-four:name";

/// Where a seat's secret is kept.
fn secret_key(game: &str) -> String {
    format!("connect-four:online:{game}")
}

struct Handlers {
    _open: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _close: Closure<dyn FnMut()>,
    _error: Closure<dyn FnMut()>,
    /// The page's Content-Security-Policy refusing the connection.
    _policy: Option<gloo_events::EventListener>,
}

struct Inner {
    /// The server's WebSocket address (`wss://host/online`), if the page has a server.
    url: RefCell<Option<String>>,
    socket: RefCell<Option<(WebSocket, Handlers)>>,
    /// The wait before connecting again, while one runs, and what ends it.
    timer: Cell<Option<i32>>,
    retry: RefCell<Option<Closure<dyn FnMut()>>>,
    /// The heartbeat's clock while a connection is open, and what it calls.
    beat: Cell<Option<i32>>,
    beating: RefCell<Option<Closure<dyn FnMut()>>>,
    /// The browser's `offline` and `online` events, heard from the first connection on.
    network: RefCell<Vec<gloo_events::EventListener>>,
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
                beat: Cell::new(None),
                beating: RefCell::new(None),
                network: RefCell::new(Vec::new()),
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
                let text = message.encode();
                if let Some((socket, _)) = self.inner.socket.borrow().as_ref() {
                    let _ = socket.send_with_str(&text);
                }
            }
            Online::Disconnect => disconnect(&self.inner),
            Online::Keep { game, secret } => super::storage::save(&secret_key(&game), &secret),
            Online::KeepName(name) => super::storage::save(NAME_KEY, &name),
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
        let mut kept = Vec::new();
        for (game, secret) in super::storage::with_prefix(&secret_key("")) {
            if let (Ok(game), Ok(secret)) = (GameId::try_from(game), Secret::try_from(secret)) {
                kept.push((game, secret));
            }
        }
        kept
    }

    /// Closes the connection, and stops any wait to make it again.
    pub fn disconnect(&self) {
        disconnect(&self.inner);
    }
}

fn cancel_timer(inner: &Inner) {
    if let Some(window) = web_sys::window() {
        if let Some(id) = inner.timer.take() {
            window.clear_timeout_with_handle(id);
        }
        if let Some(id) = inner.beat.take() {
            window.clear_interval_with_handle(id);
        }
    }
}

/// Hears the browser's `offline` and `online` events (once), and starts the heartbeat's
/// clock: a beat a second while the connection lives.
fn listen(inner: &Rc<Inner>, window: &web_sys::Window) {
    let tell = |heard: fn() -> Heard| {
        let weak = Rc::downgrade(inner);
        move |_: &web_sys::Event| {
            if let Some(inner) = weak.upgrade() {
                (inner.on_heard)(heard());
            }
        }
    };
    let mut network = inner.network.borrow_mut();
    if network.is_empty() {
        network.push(gloo_events::EventListener::new(
            window,
            "offline",
            tell(|| Heard::Network(false)),
        ));
        network.push(gloo_events::EventListener::new(
            window,
            "online",
            tell(|| Heard::Network(true)),
        ));
    }
    drop(network);
    let weak = Rc::downgrade(inner);
    let beating = Closure::<dyn FnMut()>::new(move || {
        if let Some(inner) = weak.upgrade() {
            (inner.on_heard)(Heard::Beat);
        }
    });
    let id = window.set_interval_with_callback_and_timeout_and_arguments_0(
        beating.as_ref().unchecked_ref(),
        1000,
    );
    inner.beat.set(id.ok());
    *inner.beating.borrow_mut() = Some(beating);
}

fn connect(inner: &Rc<Inner>) {
    disconnect(inner);
    let Some(url) = inner.url.borrow().clone() else {
        return (inner.on_heard)(Heard::Closed);
    };
    // The messages' version, for the server to refuse a page it cannot serve.
    let sep = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{sep}v={}", crate::online::PROTOCOL);
    let socket = match WebSocket::new(&url) {
        Ok(socket) => socket,
        Err(e) => return (inner.on_heard)(Heard::Blocked(super::convert::error_text(&e))),
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
        match json_parse(&text)
            .map_err(|_| "not JSON".to_owned())
            .and_then(|v| to_page(&v))
        {
            Ok(message) => b(Heard::Message(message)),
            Err(why) => web_sys::console::warn_1(
                &format!("connect-four: a message from the server was not understood: {why}")
                    .into(),
            ),
        }
    });
    if let Some(window) = web_sys::window() {
        listen(inner, &window);
    }
    let (d, e) = (c.clone(), c.clone());
    let close = Closure::<dyn FnMut()>::new(move || c(Heard::Closed));
    // The browser says a refusal by the page's policy only as a `securitypolicyviolation`
    // (its error event says nothing of why): one naming the server's origin is that.
    // (Everything before its third slash, by `get`: a slice that could panic brings the
    // module 3 KB of panic messages.)
    let mut slashes = 0;
    let end = url.bytes().position(|b| {
        slashes += usize::from(b == b'/');
        slashes == 3
    });
    let origin = end
        .and_then(|end| url.get(..end))
        .unwrap_or(&url)
        .to_owned();
    let policy = web_sys::window().map(|window| {
        gloo_events::EventListener::new(&window, "securitypolicyviolation", move |event| {
            let read = |key: &str| {
                js_sys::Reflect::get(event, &key.into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default()
            };
            let blocked = read("blockedURI");
            if blocked == origin || blocked.starts_with(&format!("{origin}/")) {
                e(Heard::Blocked(format!(
                    "{blocked} is not allowed by the page's Content-Security-Policy ({})",
                    read("violatedDirective")
                )));
            }
        })
    });
    // A connection that fails says so with an error, and most often a close after it; a
    // page's Content-Security-Policy that blocks it, with the error alone. Either is one
    // failure: the close that may follow is not heard.
    let failed = socket.clone();
    let error = Closure::<dyn FnMut()>::new(move || {
        failed.set_onclose(None);
        failed.set_onerror(None);
        d(Heard::Closed);
    });
    socket.set_onopen(Some(open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(close.as_ref().unchecked_ref()));
    socket.set_onerror(Some(error.as_ref().unchecked_ref()));
    let handlers = Handlers {
        _open: open,
        _message: message,
        _close: close,
        _error: error,
        _policy: policy,
    };
    *inner.socket.borrow_mut() = Some((socket, handlers));
}

fn disconnect(inner: &Inner) {
    cancel_timer(inner);
    if let Some((socket, _handlers)) = inner.socket.borrow_mut().take() {
        socket.set_onopen(None);
        socket.set_onmessage(None);
        socket.set_onclose(None);
        socket.set_onerror(None);
        let _ = socket.close();
    }
}

/// A new seat's secret: 128 bits from the browser's `crypto.getRandomValues`, or none
/// where there is no such source (the server then makes the secret).
pub fn new_secret() -> Option<Secret> {
    let crypto = js_sys::Reflect::get(&js_sys::global(), &"crypto".into()).ok()?;
    let fill: js_sys::Function = js_sys::Reflect::get(&crypto, &"getRandomValues".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let bytes = js_sys::Uint8Array::new_with_length(16);
    fill.call1(&crypto, &bytes).ok()?;
    let mut secret = [0; 16];
    bytes.copy_to(&mut secret);
    Some(Secret::from_bytes(secret))
}

/// Reads a message as the server writes it (`ToPage`'s serde shape, which the tests below
/// read back): by hand, as the worker's replies are.
fn to_page(data: &JsValue) -> Result<ToPage, String> {
    let body = Body::of_named(data)?;
    Ok(match body.name.as_str() {
        "restarting" => ToPage::Restarting,
        "pong" => ToPage::Pong {},
        "reacted" => ToPage::Reacted {
            seat: body.field("seat", seat)?,
            reaction: body.field("reaction", |v| whole_number(v, 0.0, 255.0).map(|n| n as u8))?,
        },
        "seated" => ToPage::Seated {
            game: body.field("game", game_id)?,
            seat: body.field("seat", seat)?,
            secret: body.field("secret", secret)?,
        },
        "handed" => ToPage::Handed {
            game: body.field("game", game_id)?,
            token: body.field("token", secret)?,
        },
        "taken" => ToPage::Taken {
            game: body.field("game", game_id)?,
        },
        "refused" => ToPage::Refused {
            reason: body.field("reason", |v| Refusal::named(&v.as_string()?))?,
            detail: body
                .optional("detail", JsValue::as_string)?
                .unwrap_or_default(),
        },
        "state" => ToPage::State(GameState {
            game: body.field("game", game_id)?,
            columns: body.field("columns", small)?,
            rows: body.field("rows", small)?,
            moves: body.field("moves", JsValue::as_string)?,
            you: body.field("you", |v| Role::named(&v.as_string()?))?,
            seats: body.field("seats", |v| pair(v, presence))?,
            end: body.optional("end", end)?,
            rematch: body.field("rematch", |v| pair(v, JsValue::as_bool))?,
            next: body.optional("next", game_id)?,
            names: body.field("names", |v| pair(v, |name| Some(name.as_string())))?,
            wins: body.field("wins", |v| {
                pair(v, |win| whole_number(win, 0.0, 65535.0).map(|n| n as u16))
            })?,
        }),
        other => {
            return Err(format!(
                "unknown message {}",
                crate::engine::error::quoted(other)
            ))
        }
    })
}

/// Red's and Yellow's values, `read` from a list of two: no list of its own is made (one
/// for each type read cost the page's module more than the reads).
fn pair<T>(value: &JsValue, read: impl Fn(&JsValue) -> Option<T>) -> Option<[T; 2]> {
    let both: &js_sys::Array = value.dyn_ref()?;
    (both.length() == 2).then_some(())?;
    Some([read(&both.get(0))?, read(&both.get(1))?])
}

fn game_id(value: &JsValue) -> Option<GameId> {
    GameId::try_from(value.as_string()?).ok()
}

fn secret(value: &JsValue) -> Option<Secret> {
    Secret::try_from(value.as_string()?).ok()
}

fn seat(value: &JsValue) -> Option<Seat> {
    Seat::named(&value.as_string()?)
}

/// A board's columns or rows.
fn small(value: &JsValue) -> Option<u8> {
    whole_number(value, 0.0, 255.0).map(|n| n as u8)
}

fn presence(value: &JsValue) -> Option<Presence> {
    let body = Body::of_named(value).ok()?;
    match body.name.as_str() {
        "empty" => Some(Presence::Empty),
        "here" => Some(Presence::Here),
        "left" => Some(Presence::Left),
        "away" => Some(Presence::Away {
            ms: body
                .field("ms", |v| whole_number(v, 0.0, MAX_SAFE_INTEGER as f64))
                .ok()? as u64,
        }),
        _ => None,
    }
}

fn end(value: &JsValue) -> Option<End> {
    let body = Body::of_named(value).ok()?;
    match body.name.as_str() {
        "played" => Some(End::Played),
        "resigned" => Some(End::Resigned {
            seat: body.field("seat", seat).ok()?,
        }),
        "claimed" => Some(End::Claimed {
            seat: body.field("seat", seat).ok()?,
        }),
        _ => None,
    }
}

impl Drop for OnlineSocket {
    fn drop(&mut self) {
        disconnect(&self.inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn read(message: &ToPage) -> Result<ToPage, String> {
        to_page(&json_parse(&message.encode()).unwrap())
    }

    /// Every message the server writes (serde's shapes) reads back as itself.
    #[wasm_bindgen_test]
    fn messages_read_as_the_server_writes_them() {
        let id = GameId::from_bytes([0xab, 1, 2, 3, 4, 5, 6, 0xff]);
        let mut messages = vec![
            ToPage::Restarting,
            ToPage::Pong {},
            ToPage::Reacted {
                seat: Seat::Yellow,
                reaction: 4,
            },
            ToPage::Seated {
                game: id.clone(),
                seat: Seat::Yellow,
                secret: Secret::from_bytes([9; 16]),
            },
            ToPage::Handed {
                game: id.clone(),
                token: Secret::from_bytes([8; 16]),
            },
            ToPage::Taken { game: id.clone() },
        ];
        for reason in Refusal::ALL {
            messages.push(ToPage::Refused {
                reason,
                detail: "why".into(),
            });
        }
        let ends = [
            None,
            Some(End::Played),
            Some(End::Resigned { seat: Seat::Red }),
            Some(End::Claimed { seat: Seat::Yellow }),
        ];
        for (i, end) in ends.into_iter().enumerate() {
            messages.push(ToPage::State(GameState {
                game: id.clone(),
                columns: 8,
                rows: 7,
                moves: "4455".into(),
                you: [Role::Red, Role::Yellow, Role::Watcher][i % 3],
                seats: [
                    [Presence::Empty, Presence::Left][i % 2],
                    Presence::Away { ms: 125_000 },
                ],
                end,
                rematch: [i % 2 == 0, true],
                next: (i == 3).then(|| id.clone()),
                wins: [i as u16, 3],
                names: [Some("Ann <b>".into()), None],
            }));
        }
        messages.push(ToPage::State(GameState {
            game: id,
            columns: 7,
            rows: 6,
            moves: String::new(),
            you: Role::Watcher,
            seats: [Presence::Here, Presence::Here],
            end: None,
            rematch: [false, false],
            next: None,
            wins: [0, 0],
            names: [None, None],
        }));
        for message in &messages {
            assert_eq!(read(message).as_ref(), Ok(message), "{}", message.encode());
        }
    }

    #[wasm_bindgen_test]
    fn bad_messages_say_why() {
        let bad = |text: &str| to_page(&json_parse(text).unwrap()).unwrap_err();
        assert!(bad(r#"{"refused":{"reason":"nope"}}"#).contains("refused.reason"));
        assert!(bad(r#"{"seated":{"game":"AB","seat":"red"}}"#).contains("seated.game"));
        assert!(bad(r#"{"state":{}}"#).contains("state.game"));
        assert!(bad(r#""hello""#).contains("unknown message"));
        assert!(bad("[1]").contains("one key"));
        assert!(bad("3").contains("one key"));
    }
}
