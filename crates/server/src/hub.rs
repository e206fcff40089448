//! The games in memory, by id: each a task ([`crate::game::Game::run`]) with its inbox. A
//! game not in memory is loaded from the database when a message names it; one nobody is
//! connected to leaves memory after a while. The hub also creates games, within the limit
//! for each address.

use crate::game::{hash, new_secret, Ask, Conn, Game};
use crate::store::{now_ms, Change, Db, Stored};
use connect_four::engine::Size;
use connect_four::online::{GameId, Refusal, Seat, ToPage};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::{mpsc, Mutex};

/// The most games one address may create in a minute, unless told otherwise.
pub const GAMES_PER_MINUTE: u32 = 20;

/// The queue of one game's messages.
const INBOX: usize = 256;

#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    games: Mutex<HashMap<GameId, mpsc::Sender<Ask>>>,
    /// Games created by each address in the current minute.
    created: std::sync::Mutex<HashMap<IpAddr, (u64, u32)>>,
    db: Db,
    /// Held by every game task: the server waits for them all before it stops.
    tasks: Arc<()>,
    games_per_minute: u32,
    /// The server is stopping: no game is loaded any more (a page's last `Leave` would
    /// otherwise bring one back, and keep the database open).
    closing: std::sync::atomic::AtomicBool,
}

impl Hub {
    pub fn new(db: Db, games_per_minute: u32) -> Hub {
        Hub {
            inner: Arc::new(Inner {
                games: Mutex::new(HashMap::new()),
                created: std::sync::Mutex::new(HashMap::new()),
                db,
                tasks: Arc::new(()),
                games_per_minute,
                closing: std::sync::atomic::AtomicBool::new(false),
            }),
        }
    }

    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    /// A new game's id, from the OS's random source.
    pub fn new_id(&self) -> Result<GameId, String> {
        let mut bytes = [0; 8];
        getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
        Ok(GameId::from_bytes(bytes))
    }

    /// Whether `addr` may create another game this minute (and counts it).
    fn may_create(&self, addr: IpAddr) -> bool {
        let minute = now_ms() / 60_000;
        let Ok(mut created) = self.inner.created.lock() else {
            return false;
        };
        created.retain(|_, (m, _)| *m == minute);
        let count = created.entry(addr).or_insert((minute, 0));
        count.1 += 1;
        count.1 <= self.inner.games_per_minute
    }

    /// Creates a game of `size` with `conn` in `seat`, from `addr`: the page gets its seat
    /// and secret, then the game.
    pub async fn create(
        &self,
        conn: Conn,
        size: Size,
        seat: Seat,
        addr: IpAddr,
    ) -> Result<GameId, (Refusal, String)> {
        if !self.may_create(addr) {
            return Err((
                Refusal::TooManyGames,
                format!(
                    "at most {} new games a minute from one address",
                    self.inner.games_per_minute
                ),
            ));
        }
        let restarting = |e: String| (Refusal::Restarting, e);
        let id = self.new_id().map_err(restarting)?;
        let secret = new_secret().map_err(restarting)?;
        let now = now_ms();
        let mut seats = [None, None];
        seats[seat.index()] = Some(hash(&secret));
        let stored = Stored {
            id: id.clone(),
            size,
            moves: Vec::new(),
            seats,
            end: None,
            rematch: [false, false],
            next: None,
            created: now,
            updated: now,
        };
        self.inner
            .db
            .write(&id, vec![Change::Create(stored)])
            .await
            .map_err(restarting)?;
        let _ = conn.tx.try_send(ToPage::Seated {
            game: id.clone(),
            seat,
            secret: secret.clone(),
        });
        self.send(&id, Ask::Resume(conn, secret)).await?;
        Ok(id)
    }

    /// Hands `ask` to game `id`, loading it first if it is not in memory.
    pub async fn send(&self, id: &GameId, ask: Ask) -> Result<(), (Refusal, String)> {
        let mut ask = ask;
        // A game that left memory just now is loaded again: one retry is enough.
        for _ in 0..2 {
            let inbox = self.inbox(id).await?;
            match inbox.send(ask).await {
                Ok(()) => return Ok(()),
                Err(mpsc::error::SendError(back)) => {
                    ask = back;
                    let mut games = self.inner.games.lock().await;
                    if games.get(id).is_some_and(|s| s.same_channel(&inbox)) {
                        games.remove(id);
                    }
                }
            }
        }
        Err((Refusal::Restarting, "the game could not be reached".into()))
    }

    async fn inbox(&self, id: &GameId) -> Result<mpsc::Sender<Ask>, (Refusal, String)> {
        let mut games = self.inner.games.lock().await;
        if let Some(inbox) = games.get(id) {
            return Ok(inbox.clone());
        }
        if self.inner.closing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err((Refusal::Restarting, "the server is stopping".into()));
        }
        let stored = self
            .inner
            .db
            .load(id)
            .await
            .map_err(|e| (Refusal::Restarting, e))?
            .ok_or_else(|| (Refusal::NoSuchGame, format!("no game {id}")))?;
        let game =
            Game::new(stored, self.inner.db.clone()).map_err(|e| (Refusal::NoSuchGame, e))?;
        let (tx, rx) = mpsc::channel(INBOX);
        games.insert(id.clone(), tx.clone());
        let hub = self.clone();
        let token = self.inner.tasks.clone();
        tokio::spawn(async move {
            game.run(rx, hub).await;
            drop(token);
        });
        Ok(tx)
    }

    /// Game `id`, with nobody connected, leaves memory unless a message is waiting for it
    /// (`inbox`): true if it left.
    pub async fn unload(&self, id: &GameId, inbox: &mpsc::Receiver<Ask>) -> bool {
        let mut games = self.inner.games.lock().await;
        if !inbox.is_empty() {
            return false;
        }
        games.remove(id);
        true
    }

    /// How many games are in memory.
    pub async fn loaded(&self) -> usize {
        self.inner.games.lock().await.len()
    }

    /// Lets every game go (their tasks end once they have finished what they were doing),
    /// and waits up to `limit` for them.
    pub async fn close(&self, limit: std::time::Duration) {
        let mut games = self.inner.games.lock().await;
        self.inner
            .closing
            .store(true, std::sync::atomic::Ordering::SeqCst);
        games.clear();
        drop(games);
        let deadline = tokio::time::Instant::now() + limit;
        while Arc::strong_count(&self.inner.tasks) > 1 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}
