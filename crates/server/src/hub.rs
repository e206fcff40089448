//! The games in memory, by id: each a task ([`crate::game::Game::run`]) with its inbox. A
//! game not in memory is loaded from the database when a message names it; one nobody is
//! connected to leaves memory after a while. The hub also creates games, within the limit
//! for each address.

use crate::game::{hash, new_secret, Ask, Conn, Game};
use crate::store::{now_ms, Change, Db, Lease, Note, Stored};
use connect_four::engine::Size;
use connect_four::online::{GameId, Refusal, Seat, Secret, ToPage};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::mpsc;

/// The most games one address may create in a minute, unless told otherwise.
pub const GAMES_PER_MINUTE: u32 = 20;

/// The queue of one game's messages.
const INBOX: usize = 256;

/// Failed joins and resumes from one address in a minute past which it may try only once
/// a second, and past which it is refused until the minute is out.
const FAILED_ENTRIES_SLOWED: u32 = 10;
const FAILED_ENTRIES_REFUSED: u32 = 30;

/// Whether an address may try to enter a game now, or why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    Now,
    Refused(&'static str),
}

/// Per address, the times (ms since the epoch) of its events in the last 60 s: a rolling
/// minute, not the clock's (which would let a count start again at each minute's turn).
type PerMinute = std::sync::Mutex<HashMap<IpAddr, std::collections::VecDeque<u64>>>;

/// The most events kept per address: counts past it read as this many.
const KEPT_PER_ADDRESS: usize = 4096;

/// Counts one more for `addr`: its count in the last minute, this one included.
fn count_this_minute(counts: &PerMinute, addr: IpAddr) -> u32 {
    let now = now_ms();
    let Ok(mut counts) = counts.lock() else {
        return u32::MAX;
    };
    counts.retain(|_, times| {
        times
            .back()
            .is_some_and(|&t| now.saturating_sub(t) < 60_000)
    });
    let times = counts.entry(addr).or_default();
    while times
        .front()
        .is_some_and(|&t| now.saturating_sub(t) >= 60_000)
    {
        times.pop_front();
    }
    if times.len() >= KEPT_PER_ADDRESS {
        times.pop_front();
    }
    times.push_back(now);
    times.len() as u32
}

/// `addr`'s count in the last minute.
fn peek_this_minute(counts: &PerMinute, addr: IpAddr) -> u32 {
    let now = now_ms();
    counts.lock().map_or(u32::MAX, |counts| {
        counts.get(&addr).map_or(0, |times| {
            times
                .iter()
                .filter(|&&t| now.saturating_sub(t) < 60_000)
                .count() as u32
        })
    })
}

#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    /// Each game in memory (or being loaded by its own task), by id. Locked only for a
    /// look-up or a change of the map, never across a wait.
    games: std::sync::Mutex<HashMap<GameId, mpsc::Sender<Ask>>>,
    /// Games created by each address in the current minute.
    created: PerMinute,
    /// Failed joins and resumes by each address in the current minute.
    failed: PerMinute,
    /// When each slowed address last tried to join or resume (ms since the epoch).
    last_entry: std::sync::Mutex<HashMap<IpAddr, u64>>,
    db: Db,
    /// Held by every game task: the server waits for them all before it stops.
    tasks: Arc<()>,
    games_per_minute: u32,
    /// How long a player must be away on their turn before the other may claim the win.
    claim_after: std::time::Duration,
    /// The server is stopping: no game is loaded any more (a page's last `Leave` would
    /// otherwise bring one back, and keep the database open).
    closing: std::sync::atomic::AtomicBool,
    /// The runtime the hub was made on: a note heard on another thread waits on it.
    runtime: tokio::runtime::Handle,
}

impl Hub {
    pub fn new(db: Db, games_per_minute: u32, claim_after: std::time::Duration) -> Hub {
        Hub {
            inner: Arc::new(Inner {
                games: std::sync::Mutex::new(HashMap::new()),
                created: std::sync::Mutex::new(HashMap::new()),
                failed: std::sync::Mutex::new(HashMap::new()),
                last_entry: std::sync::Mutex::new(HashMap::new()),
                db,
                tasks: Arc::new(()),
                games_per_minute,
                claim_after,
                closing: std::sync::atomic::AtomicBool::new(false),
                runtime: tokio::runtime::Handle::current(),
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

    /// Whether `addr` may create another game this minute, a rematch included (and
    /// counts it).
    pub fn may_create(&self, addr: IpAddr) -> bool {
        count_this_minute(&self.inner.created, addr) <= self.inner.games_per_minute
    }

    /// Why a game was not created.
    pub fn too_many_games(&self) -> String {
        format!(
            "at most {} new games a minute from one address, rematches included",
            self.inner.games_per_minute
        )
    }

    /// How `addr` may try to join or resume a game now, after its failures this minute:
    /// at once, after a wait (a guesser is slowed), or not at all.
    pub fn entry_for(&self, addr: IpAddr) -> Entry {
        let failed = peek_this_minute(&self.inner.failed, addr);
        if failed >= FAILED_ENTRIES_REFUSED {
            return Entry::Refused(
                "too many failed joins and resumes from this address: wait a minute",
            );
        }
        if failed >= FAILED_ENTRIES_SLOWED {
            let now = now_ms();
            let Ok(mut last) = self.inner.last_entry.lock() else {
                return Entry::Refused("the server is busy");
            };
            last.retain(|_, at| now.saturating_sub(*at) < 60_000);
            if last
                .get(&addr)
                .is_some_and(|at| now.saturating_sub(*at) < 1_000)
            {
                return Entry::Refused(
                    "failed joins and resumes from this address: one try a second",
                );
            }
            last.insert(addr, now);
        }
        Entry::Now
    }

    /// Counts a join or a resume from `addr` that failed (no such game, a wrong secret).
    pub fn entry_failed(&self, addr: IpAddr) {
        count_this_minute(&self.inner.failed, addr);
    }

    /// Creates a game of `size` with `conn` in `seat`, from `addr`: the page gets its seat
    /// and secret, then the game. With the page's own `secret`, a game it already holds a
    /// seat in by that secret is the one it created (the same create sent again, its
    /// answer lost): it gets that seat again, and no game is made.
    pub async fn create(
        &self,
        conn: Conn,
        size: Size,
        seat: Seat,
        addr: IpAddr,
        secret: Option<Secret>,
    ) -> Result<GameId, (Refusal, String)> {
        let restarting = |e: String| (Refusal::Restarting, e);
        if let Some(secret) = &secret {
            if let Some((id, held)) = self
                .inner
                .db
                .find_seat(hash(secret))
                .await
                .map_err(restarting)?
            {
                let _ = conn.tx.try_send(ToPage::Seated {
                    game: id.clone(),
                    seat: held,
                    secret: secret.clone(),
                });
                self.send(&id, Ask::Resume(conn, secret.clone(), None))
                    .await?;
                return Ok(id);
            }
        }
        if !self.may_create(addr) {
            return Err((Refusal::TooManyGames, self.too_many_games()));
        }
        let id = self.new_id().map_err(restarting)?;
        let secret = match secret {
            Some(secret) => secret,
            None => new_secret().map_err(restarting)?,
        };
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
            wins: [0, 0],
            names: [None, None],
            hands: [None, None],
            next: None,
            created: now,
            updated: now,
            version: 0,
            moved: now,
        };
        // The creator's presence with the game: whoever joins sees them here at once.
        let lease = Lease {
            seat,
            process: self.inner.db.process().to_owned(),
            held: true,
            left: false,
            until: now + self.inner.db.lease_ms(),
        };
        self.inner
            .db
            .write(
                &id,
                None,
                vec![Change::Create(Box::new(stored)), Change::Presence(lease)],
            )
            .await
            .map_err(restarting)?;
        created(&id, size, "new", addr);
        let _ = conn.tx.try_send(ToPage::Seated {
            game: id.clone(),
            seat,
            secret: secret.clone(),
        });
        self.send(&id, Ask::Resume(conn, secret, None)).await?;
        Ok(id)
    }

    /// Hands `ask` to game `id`, whose task is started (and loads it) if it is not in
    /// memory. An id that names no game is refused by that task, through the asker's
    /// connection.
    pub async fn send(&self, id: &GameId, ask: Ask) -> Result<(), (Refusal, String)> {
        let mut ask = ask;
        // A game that left memory just now is started again: one retry is enough.
        for _ in 0..2 {
            let inbox = self.inbox(id)?;
            match inbox.send(ask).await {
                Ok(()) => return Ok(()),
                Err(mpsc::error::SendError(back)) => {
                    ask = back;
                    self.forget(id, &inbox);
                }
            }
        }
        Err((Refusal::Restarting, "the game could not be reached".into()))
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, mpsc::Sender<Ask>>> {
        // A panic while the map was held leaves it as it was: still usable.
        self.inner
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Game `id`'s inbox: its task's, started now if it is not in memory. The task loads
    /// the game itself, so no lock is held while the database reads it.
    fn inbox(&self, id: &GameId) -> Result<mpsc::Sender<Ask>, (Refusal, String)> {
        let mut games = self.games();
        if let Some(inbox) = games.get(id) {
            return Ok(inbox.clone());
        }
        if self.inner.closing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err((Refusal::Restarting, "the server is stopping".into()));
        }
        let (tx, rx) = mpsc::channel(INBOX);
        games.insert(id.clone(), tx.clone());
        drop(games);
        let hub = self.clone();
        let token = self.inner.tasks.clone();
        let id = id.clone();
        tokio::spawn(async move {
            hub.load_and_run(id, rx).await;
            drop(token);
        });
        Ok(tx)
    }

    /// Loads game `id` and serves it; if there is no such game (or it cannot be read),
    /// refuses whatever was asked of it meanwhile, and leaves the map.
    async fn load_and_run(self, id: GameId, mut inbox: mpsc::Receiver<Ask>) {
        let loaded = match self.inner.db.load(&id).await {
            Ok(Some(stored)) => Game::new(stored, self.inner.db.clone(), self.inner.claim_after)
                .map_err(|e| (Refusal::NoSuchGame, e)),
            Ok(None) => Err((Refusal::NoSuchGame, format!("no game {id}"))),
            Err(e) => Err((Refusal::Restarting, e)),
        };
        match loaded {
            Ok(game) => game.run(inbox, self).await,
            Err((reason, detail)) => {
                {
                    let mut games = self.games();
                    games.remove(&id);
                    inbox.close();
                }
                while let Some(ask) = inbox.recv().await {
                    ask.refuse(reason, &detail);
                }
            }
        }
    }

    /// Removes game `id` from the map if `inbox` is still its inbox.
    fn forget(&self, id: &GameId, inbox: &mpsc::Sender<Ask>) {
        let mut games = self.games();
        if games.get(id).is_some_and(|s| s.same_channel(inbox)) {
            games.remove(id);
        }
    }

    /// Game `id`, with nobody connected, leaves memory unless a message is waiting for it
    /// (`inbox`): true if it left.
    pub fn unload(&self, id: &GameId, inbox: &mpsc::Receiver<Ask>) -> bool {
        let mut games = self.games();
        if !inbox.is_empty() {
            return false;
        }
        games.remove(id);
        true
    }

    /// Hands what another process said about a game to that game, if it is in memory
    /// here (else nobody here needs it: a game is read whole when it is loaded).
    pub fn heard(&self, note: Note) {
        crate::obs::metrics().heard.inc();
        let inbox = self.games().get(&note.game).cloned();
        if let Some(inbox) = inbox {
            self.hand_over(inbox, Ask::Heard(note.heard));
        }
    }

    /// Every game in memory reads itself again: this process may have missed what the
    /// others did (its connection for their notes was lost).
    pub fn catch_up(&self) {
        let inboxes: Vec<_> = self.games().values().cloned().collect();
        for inbox in inboxes {
            self.hand_over(inbox, Ask::CatchUp);
        }
    }

    /// Puts `ask` in `inbox` without waiting (from any thread); a full inbox gets it
    /// once it has room, never not at all.
    fn hand_over(&self, inbox: mpsc::Sender<Ask>, ask: Ask) {
        if let Err(mpsc::error::TrySendError::Full(ask)) = inbox.try_send(ask) {
            self.inner.runtime.spawn(async move {
                let _ = inbox.send(ask).await;
            });
        }
    }

    /// The games in memory.
    pub fn ids(&self) -> Vec<GameId> {
        self.games().keys().cloned().collect()
    }

    /// How many games are in memory.
    pub fn loaded(&self) -> usize {
        self.games().len()
    }

    /// Lets every game go (their tasks end once they have finished what they were doing),
    /// and waits up to `limit` for them.
    pub async fn close(&self, limit: std::time::Duration) {
        {
            let mut games = self.games();
            self.inner
                .closing
                .store(true, std::sync::atomic::Ordering::SeqCst);
            games.clear();
        }
        let deadline = tokio::time::Instant::now() + limit;
        while Arc::strong_count(&self.inner.tasks) > 1 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

/// A game was created (`how`: `new` or `rematch`) by a page at `addr`, and committed:
/// logged and counted.
pub fn created(id: &GameId, size: Size, how: &'static str, addr: IpAddr) {
    crate::obs::metrics().games_created.inc();
    tracing::info!(game = %id, %size, how, %addr, "game created");
}
