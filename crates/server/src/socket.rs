//! One page's WebSocket: every frame checked (its kind, its size, the rate, its shape)
//! before it reaches a game; pings to find connections that went quiet; the server's
//! restart said before it goes.

use crate::game::{refuse, Ask, Conn};
use crate::hub::{Entry, Hub};
use axum::extract::ws::{Message, WebSocket};
use connect_four::engine::Size;
use connect_four::online::{GameId, Refusal, ToPage, ToServer, MAX_FRAME};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch, Notify};
use tokio::time::Instant;

/// How often the server pings a page (the browser answers by itself, even in a hidden tab;
/// a page also pings every 2 s while it can, `connect_four::online::PING_EVERY_MS`).
const PING_EVERY: Duration = Duration::from_secs(3);
/// A page silent this long (no frame, no pong) is let go: a phone gone out of reach is seen
/// away by its friend within this, not at TCP's timeout.
const SILENT_FOR: Duration = Duration::from_secs(8);
/// The rate limit: a burst of this many messages, then this many a second.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 10.0;
/// A page may be refused for its rate this many times in a burst, and this many more a
/// second; past that it is let go (a sustained flood, however paced, ends).
const FLOOD_BURST: f64 = 100.0;
const FLOOD_PER_SECOND: f64 = 2.0;
/// What the server queues for a slow page before letting it go.
const QUEUE: usize = 64;
/// The shortest time between a page's reactions.
const REACT_EVERY: Duration = Duration::from_millis(connect_four::online::REACT_EVERY_MS);
/// The longest frame read: longer ones end the connection as soon as their header says
/// their length (a game's messages are under [`MAX_FRAME`]; those between are refused with
/// a reason).
pub const MAX_READ: usize = 4 * 1024;
/// How long a frame may take to go out before the page is let go (it stopped reading).
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// A token bucket: `burst` at once, `per_second` more each second.
struct Rate {
    burst: f64,
    per_second: f64,
    tokens: f64,
    at: Instant,
}

impl Rate {
    fn new(burst: f64, per_second: f64) -> Rate {
        Rate {
            burst,
            per_second,
            tokens: burst,
            at: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one page until it closes, goes quiet, floods, is too slow to read what it is
/// sent (its game closes it), or the server stops (`stopping`).
pub async fn serve(socket: WebSocket, hub: Hub, addr: IpAddr, mut stopping: watch::Receiver<bool>) {
    let _open = Open::new();
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<ToPage>(QUEUE);
    let conn = Conn {
        id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
        tx,
        addr,
        close: Arc::new(Notify::new()),
    };
    // The writer: what games send, and pings.
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        loop {
            tokio::select! {
                message = rx.recv() => {
                    let Some(message) = message else { break };
                    let last = message == ToPage::Restarting;
                    let frame = Message::Text(message.encode().into());
                    let sent = tokio::time::timeout(WRITE_TIMEOUT, sink.send(frame)).await;
                    if !matches!(sent, Ok(Ok(()))) || last {
                        break;
                    }
                }
                _ = ping.tick() => {
                    let ping = sink.send(Message::Ping(Vec::new().into()));
                    if !matches!(tokio::time::timeout(WRITE_TIMEOUT, ping).await, Ok(Ok(()))) {
                        break;
                    }
                }
            }
        }
        let _ = sink.close().await;
    });
    let mut rate = Rate::new(BURST, PER_SECOND);
    let mut flood = Rate::new(FLOOD_BURST, FLOOD_PER_SECOND);
    let mut game: Option<GameId> = None;
    let mut last_reaction = None;
    let close = conn.close.clone();
    loop {
        let frame = tokio::select! {
            frame = tokio::time::timeout(SILENT_FOR, stream.next()) => frame,
            _ = crate::http::stopped(&mut stopping) => {
                // Said if the page's queue has room: a page that stopped reading is not
                // waited for.
                let _ = conn.tx.try_send(ToPage::Restarting);
                break;
            }
            // Its game let it go (it was too slow): closed, so that the page reconnects.
            _ = close.notified() => break,
        };
        let message = match frame {
            Err(_) | Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => break,
            Ok(Some(Ok(message))) => message,
        };
        // Every frame counts against the rate: text, binary, pings and pongs alike.
        if !rate.allow() {
            if !flood.allow() {
                crate::obs::turned_away(
                    "flood",
                    conn.addr,
                    "a page kept sending past its refusals: let go",
                );
                break;
            }
            if matches!(message, Message::Text(_) | Message::Binary(_)) {
                refuse(&conn, Refusal::TooFast, "too many messages: wait a moment");
            }
            continue;
        }
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                refuse(
                    &conn,
                    Refusal::Unreadable,
                    "binary frames are not read: send text",
                );
                continue;
            }
            _ => continue,
        };
        let message = match ToServer::decode(text.as_str()) {
            Ok(message) => message,
            Err((reason, detail)) => {
                let detail = if reason == Refusal::TooLong {
                    detail
                } else {
                    format!("{detail} (at most {MAX_FRAME} bytes of JSON, see docs/online.md)")
                };
                refuse(&conn, reason, &detail);
                continue;
            }
        };
        // Reactions are paced apart from the other messages: a burst is no conversation.
        if let ToServer::React { .. } = message {
            if last_reaction.is_some_and(|at: Instant| at.elapsed() < REACT_EVERY) {
                refuse(&conn, Refusal::TooFast, "one reaction every 2 s");
                continue;
            }
            last_reaction = Some(Instant::now());
        }
        if message == (ToServer::Ping {}) {
            // Dropped if the page's queue is full: a page that stopped reading is let go.
            let _ = conn.tx.try_send(ToPage::Pong {});
            continue;
        }
        if let Err((reason, detail)) = dispatch(&hub, &conn, &mut game, message).await {
            refuse(&conn, reason, &detail);
        }
    }
    if let Some(id) = game {
        let _ = hub.send(&id, Ask::Leave(conn.id)).await;
    }
    drop(conn);
    let _ = writer.await;
}

/// Counts an open WebSocket in the metrics for as long as it lives.
struct Open;

impl Open {
    fn new() -> Open {
        crate::obs::metrics().sockets.inc();
        Open
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        crate::obs::metrics().sockets.dec();
    }
}

/// Tells a page whose protocol version the server cannot serve why, and closes.
pub async fn refuse_version(mut socket: WebSocket, detail: String) {
    let refusal = ToPage::Refused {
        reason: Refusal::Version,
        detail,
    };
    let said = socket.send(Message::Text(refusal.encode().into()));
    let _ = tokio::time::timeout(WRITE_TIMEOUT, said).await;
    let _ = tokio::time::timeout(WRITE_TIMEOUT, socket.close()).await;
}

/// Hands a message to its game. The page's game is the last it created, joined or resumed:
/// it leaves the one it was in only once it is in the new one (a failed join or resume
/// leaves it where it was).
async fn dispatch(
    hub: &Hub,
    conn: &Conn,
    game: &mut Option<GameId>,
    message: ToServer,
) -> Result<(), (Refusal, String)> {
    let id = message.game().cloned();
    let (ask, entered) = match message {
        ToServer::Create {
            columns,
            rows,
            seat,
            secret,
        } => {
            let size = Size::new(columns.into(), rows.into())
                .map_err(|e| (Refusal::BadSize, e.to_string()))?;
            let created = hub
                .create(conn.clone(), size, seat, conn.addr, secret)
                .await?;
            enter(hub, conn, game, created).await;
            return Ok(());
        }
        ToServer::Join { .. } | ToServer::Resume { .. } | ToServer::Take { .. } => {
            if let Entry::Refused(why) = hub.entry_for(conn.addr) {
                return Err((Refusal::TooFast, why.into()));
            }
            let (done, entered) = oneshot::channel();
            let ask = match message {
                ToServer::Resume { secret, .. } => Ask::Resume(conn.clone(), secret, Some(done)),
                ToServer::Join { secret, .. } => Ask::Join(conn.clone(), secret, Some(done)),
                ToServer::Take { token, secret, .. } => {
                    Ask::Take(conn.clone(), token, secret, Some(done))
                }
                _ => return Ok(()),
            };
            (ask, Some(entered))
        }
        ToServer::Move { number, column, .. } => (
            Ask::Move {
                conn: conn.clone(),
                number,
                column,
            },
            None,
        ),
        ToServer::Resign { .. } => (Ask::Resign(conn.clone()), None),
        ToServer::Rematch { .. } => (Ask::Rematch(conn.clone()), None),
        ToServer::Claim { .. } => (Ask::Claim(conn.clone()), None),
        ToServer::Leave { .. } => (Ask::Quit(conn.clone()), None),
        ToServer::Name { name, .. } => {
            let name =
                connect_four::online::clean_name(&name).map_err(|e| (Refusal::Unreadable, e))?;
            (Ask::Name(conn.clone(), name), None)
        }
        ToServer::React { reaction, .. } => (Ask::React(conn.clone(), reaction), None),
        ToServer::Hand { .. } => (Ask::Hand(conn.clone()), None),
        ToServer::Ping {} => return Ok(()),
    };
    let Some(id) = id else { return Ok(()) };
    if entered.is_none() && game.as_ref() != Some(&id) {
        return Err((
            Refusal::NoSuchGame,
            format!("this connection is not in game {id}: join or resume it first"),
        ));
    }
    let quit = matches!(ask, Ask::Quit(_));
    hub.send(&id, ask).await?;
    if quit {
        *game = None;
    }
    if let Some(entered) = entered {
        if entered.await.unwrap_or(false) {
            enter(hub, conn, game, id).await;
        } else {
            hub.entry_failed(conn.addr);
        }
    }
    Ok(())
}

/// The page is in game `id` now: it leaves the one it was in, if another.
async fn enter(hub: &Hub, conn: &Conn, game: &mut Option<GameId>, id: GameId) {
    if let Some(old) = game.replace(id.clone()) {
        if old != id {
            let _ = hub.send(&old, Ask::Leave(conn.id)).await;
        }
    }
}
