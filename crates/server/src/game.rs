//! One game: a task that holds its state (the position, the seats, who is connected) and
//! judges every message about it with the engine. A change is committed to the database
//! before anyone hears of it; then every page in the game gets the game as it stands.
//!
//! Several processes may hold the same game (PostgreSQL, each page's socket on any of
//! them): each change checks the game's version as it commits, so the database decides
//! which comes first; the one that finds the game changed reads it again and judges the
//! message again. A process hears the others' changes ([`Heard`]) and tells its pages;
//! a player's presence is the union of this process's sockets and the others' leases.

use crate::hub::Hub;
use crate::store::{now_ms, Change, Db, Heard, Lease, SecretHash, Stored, Written};
use connect_four::engine::{Position, Status};
use connect_four::online::{
    End, GameId, GameState, Presence, Refusal, Role, Seat, Secret, ToPage, REACTIONS,
};
use sha2::{Digest, Sha256};
use std::time::Duration;
use tokio::sync::mpsc;

/// The most pages watching one game.
pub const MAX_WATCHERS: usize = 64;

/// A game nobody is connected to leaves memory after this long (it stays in the database).
const UNLOAD_AFTER: Duration = Duration::from_secs(60);

/// A page's connection: its id, the queue of what it is sent, where it comes from, and
/// how a game lets it go (a page too slow to take what it is sent is closed, so that it
/// reconnects and resumes, rather than left open and deaf).
#[derive(Debug, Clone)]
pub struct Conn {
    pub id: u64,
    pub tx: mpsc::Sender<ToPage>,
    pub addr: std::net::IpAddr,
    pub close: std::sync::Arc<tokio::sync::Notify>,
}

/// Whether a join or a resume took: the socket leaves the game it was in only then.
pub type Entered = tokio::sync::oneshot::Sender<bool>;

/// What a connection asks of a game.
#[derive(Debug)]
pub enum Ask {
    /// The free seat (held by the page's secret, if it made one; the same secret again
    /// takes the same seat back), or a watcher's place.
    Join(Conn, Option<Secret>, Option<Entered>),
    /// The seat whose secret this is (the creator's first, too).
    Resume(Conn, Secret, Option<Entered>),
    Move {
        conn: Conn,
        number: u16,
        column: u8,
    },
    Resign(Conn),
    Rematch(Conn),
    Claim(Conn),
    /// The player leaves for good ([`connect_four::online::ToServer::Leave`]).
    Quit(Conn),
    /// The name the player goes by (cleaned: `None` for none).
    Name(Conn, Option<String>),
    /// A reaction, by its number, to the others.
    React(Conn, u8),
    /// A one-time token to move the seat to another device.
    Hand(Conn),
    /// The seat a token was made for, to be held by the secret from now on (the token,
    /// then the secret).
    Take(Conn, Secret, Secret, Option<Entered>),
    /// The connection closed, or went to another game.
    Leave(u64),
    /// Another process changed the game, or its players' presence, or a player reacted.
    Heard(Heard),
    /// This process may have missed what the others did: the game is read again.
    CatchUp,
}

impl Ask {
    /// Refuses the ask (a game that does not exist, or cannot be read). A page whose game
    /// cannot be read now (`restarting`: the database is away) is let go too: it
    /// reconnects with its backoff and tries again, rather than wait on an open socket
    /// that is in no game.
    pub fn refuse(self, reason: Refusal, detail: &str) {
        let close = match (self.conn(), reason) {
            (Some(conn), Refusal::Restarting) => Some(conn.close.clone()),
            _ => None,
        };
        match self {
            Ask::Join(conn, _, entered)
            | Ask::Resume(conn, _, entered)
            | Ask::Take(conn, _, _, entered) => {
                refuse(&conn, reason, detail);
                tell(entered, false);
            }
            Ask::Move { conn, .. }
            | Ask::Resign(conn)
            | Ask::Rematch(conn)
            | Ask::Claim(conn)
            | Ask::Quit(conn)
            | Ask::Name(conn, _)
            | Ask::React(conn, _)
            | Ask::Hand(conn) => refuse(&conn, reason, detail),
            Ask::Leave(_) | Ask::Heard(_) | Ask::CatchUp => {}
        }
        // After the refusal, so that the page reads why before the socket closes.
        if let Some(close) = close {
            close.notify_one();
        }
    }

    /// The connection that asks, if a page does.
    fn conn(&self) -> Option<&Conn> {
        match self {
            Ask::Join(conn, ..)
            | Ask::Resume(conn, ..)
            | Ask::Move { conn, .. }
            | Ask::Resign(conn)
            | Ask::Rematch(conn)
            | Ask::Claim(conn)
            | Ask::Quit(conn)
            | Ask::Name(conn, _)
            | Ask::React(conn, _)
            | Ask::Hand(conn)
            | Ask::Take(conn, ..) => Some(conn),
            Ask::Leave(_) | Ask::Heard(_) | Ask::CatchUp => None,
        }
    }

    /// The connection it is about, if any: the one that asks, or the one that left.
    fn conn_id(&self) -> Option<u64> {
        match self {
            Ask::Leave(conn) => Some(*conn),
            _ => self.conn().map(|conn| conn.id),
        }
    }
}

/// Tells the socket whether it entered the game.
fn tell(entered: Option<Entered>, took: bool) {
    if let Some(entered) = entered {
        let _ = entered.send(took);
    }
}

pub fn hash(secret: &Secret) -> SecretHash {
    Sha256::digest(secret.as_str().as_bytes()).into()
}

/// A new secret, from the OS's random source.
pub fn new_secret() -> Result<Secret, String> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    Ok(Secret::from_bytes(bytes))
}

struct Member {
    conn: Conn,
    role: Role,
}

/// A change found the game changed by another process first: it is read again, and the
/// message judged again.
#[derive(Debug)]
struct Stale;

/// How many times a message is judged again after finding the game changed meanwhile.
const STALE_TRIES: usize = 4;

pub struct Game {
    id: GameId,
    position: Position,
    seats: [Option<SecretHash>; 2],
    /// Since when each seat's player has had no connection to this process (ms since the
    /// epoch; 0: not since it loaded the game).
    away_since: [u64; 2],
    /// Since when it has been the player to move's turn: the last move (ms).
    turn_since: u64,
    /// How long a player must be away on their own turn before the other may claim.
    claim_after: Duration,
    end: Option<End>,
    rematch: [bool; 2],
    next: Option<GameId>,
    /// Whose player left the game from this process, over, for good (until they come back
    /// to it). The other processes' word is in their leases.
    left: [bool; 2],
    /// The games won before this one in its series of rematches, by seat.
    wins: [u16; 2],
    /// The names the players go by.
    names: [Option<String>; 2],
    /// The hashes of the tokens that move each seat to another device, while one waits.
    hands: [Option<SecretHash>; 2],
    /// The changes the game has had, as this process last knew: each change checks it.
    version: u64,
    /// The other processes' leases on the seats, as last read.
    leases: Vec<Lease>,
    /// Whether each seat's player was here when the pages last heard the game.
    shown: [bool; 2],
    /// Whether this process's lease on each seat says held, as it last wrote it.
    leased: [bool; 2],
    members: Vec<Member>,
    db: Db,
}

/// Tells `conn` why its message was refused (dropped if its queue is full: it is let go).
pub fn refuse(conn: &Conn, reason: Refusal, detail: &str) {
    crate::obs::metrics().refused(reason.name());
    let addr = conn.addr;
    match reason {
        // The server's limits: worth an operator's eye, once a minute for each reason and
        // address (a flood is one line, not thousands; the metrics count every one).
        Refusal::TooFast | Refusal::TooManyGames | Refusal::TooManyWatchers
            if crate::obs::once_a_minute(&format!("{}/{addr}", reason.name())) =>
        {
            tracing::info!(
                reason = reason.name(),
                %addr,
                "refused (logged once a minute an address): {detail}"
            )
        }
        // A game's own rules, and pages that are not this game's.
        _ => tracing::debug!(reason = reason.name(), %addr, "refused: {detail}"),
    }
    let _ = conn.tx.try_send(ToPage::Refused {
        reason,
        detail: detail.to_owned(),
    });
}

fn seat_of(role: Role) -> Option<Seat> {
    match role {
        Role::Red => Some(Seat::Red),
        Role::Yellow => Some(Seat::Yellow),
        Role::Watcher => None,
    }
}

/// The position `moves` make on `size`, if they are a game.
fn replay(stored: &Stored) -> Result<Position, String> {
    let mut position = Position::empty(stored.size);
    for &column in &stored.moves {
        position
            .play(column.into())
            .map_err(|e| format!("game {}: {e}", stored.id))?;
    }
    Ok(position)
}

impl Game {
    /// The game `stored` holds, if its moves are a game on its size; a player away on
    /// their turn for `claim_after` may be claimed against.
    pub fn new(stored: Stored, db: Db, claim_after: Duration) -> Result<Game, String> {
        let position = replay(&stored)?;
        Ok(Game {
            id: stored.id,
            position,
            seats: stored.seats,
            away_since: [0; 2],
            turn_since: if stored.moved == 0 {
                now_ms()
            } else {
                stored.moved
            },
            claim_after,
            end: stored.end,
            rematch: stored.rematch,
            next: stored.next,
            left: [false; 2],
            wins: stored.wins,
            names: stored.names,
            hands: stored.hands,
            version: stored.version,
            leases: Vec::new(),
            shown: [false; 2],
            leased: [false; 2],
            members: Vec::new(),
            db,
        })
    }

    /// Serves the game's messages until nobody has been connected for a while; then tells
    /// `hub` it is gone.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<Ask>, hub: Hub) {
        // This process's own word on the seats (a new game's creator's, written with it).
        if let Ok(leases) = self.db.leases(&self.id).await {
            for lease in leases.iter().filter(|l| l.process == self.db.process()) {
                self.leased[lease.seat.index()] = lease.held;
            }
        }
        self.read_leases().await;
        loop {
            let due = self.due();
            let wait = due.map_or(UNLOAD_AFTER, |due| {
                Duration::from_millis(due.saturating_sub(now_ms())).min(UNLOAD_AFTER)
            });
            match tokio::time::timeout(wait, inbox.recv()).await {
                Ok(Some(ask)) => self.handle(ask, &hub).await,
                Ok(None) => break,
                // A player has been away long enough to be claimed against, or another
                // process's lease has run out: the others hear it now.
                Err(_) if due.is_some_and(|due| now_ms() >= due) => self.due_now().await,
                Err(_) if self.members.is_empty() => {
                    if hub.unload(&self.id, &inbox) {
                        break;
                    }
                }
                Err(_) => {}
            }
        }
    }

    /// The next moment something changes without a message, while someone here is
    /// connected to hear it: the player to move will have been away on their turn long
    /// enough to be claimed against, or another process's lease runs out.
    fn due(&self) -> Option<u64> {
        if self.members.is_empty() {
            return None;
        }
        let now = now_ms();
        let claim = self
            .away_on_turn_since(self.to_move())
            .map(|since| since + self.claim_after.as_millis() as u64)
            .filter(|&due| due > now);
        let lapse = self
            .leases
            .iter()
            .filter(|l| l.held && l.until > now)
            .map(|l| l.until)
            .min();
        match (claim, lapse) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// What is due now: a lease that ran out is read again (its process may have renewed
    /// it); if it did run out, the game is read again too (a process that died may have
    /// committed a change it could not announce), and the pages hear what changed.
    async fn due_now(&mut self) {
        let now = now_ms();
        if self.leases.iter().any(|l| l.held && l.until <= now) {
            let before = (self.shown, self.version);
            self.read_leases().await;
            if Seat::BOTH.map(|s| self.here(s)) != before.0 {
                self.reload().await;
            }
            let claim_due = self
                .away_on_turn_since(self.to_move())
                .is_some_and(|since| since + self.claim_after.as_millis() as u64 <= now);
            if (Seat::BOTH.map(|s| self.here(s)), self.version) == before && !claim_due {
                return;
            }
        }
        self.broadcast();
    }

    /// The other processes' leases on the game, read again.
    async fn read_leases(&mut self) {
        match self.db.leases(&self.id).await {
            Ok(mut leases) => {
                leases.retain(|l| l.process != self.db.process());
                tracing::debug!(game = %self.id, ?leases, "leases read");
                self.leases = leases;
            }
            Err(e) => tracing::debug!(game = %self.id, "reading the leases: {e}"),
        }
    }

    /// The seat to move.
    fn to_move(&self) -> Seat {
        Seat::of(self.position.current_player())
    }

    /// Whether `seat`'s player has a page connected to this process.
    fn local(&self, seat: Seat) -> bool {
        self.members.iter().any(|m| m.role == Role::from(seat))
    }

    /// Whether `seat`'s player has a page connected here or to another process.
    fn here(&self, seat: Seat) -> bool {
        let now = now_ms();
        self.local(seat)
            || self
                .leases
                .iter()
                .any(|l| l.seat == seat && l.held && l.until > now)
    }

    /// When `seat`'s player was last seen: here, or by another process.
    fn seen(&self, seat: Seat) -> u64 {
        self.leases
            .iter()
            .filter(|l| l.seat == seat)
            .map(|l| l.until)
            .fold(self.away_since[seat.index()], u64::max)
    }

    /// Whether `seat`'s player left the game for good, here or from another process.
    fn gone(&self, seat: Seat) -> bool {
        let last = self
            .leases
            .iter()
            .filter(|l| l.seat == seat)
            .max_by_key(|l| l.until);
        self.left[seat.index()]
            || last.is_some_and(|l| l.left && !l.held && l.until >= self.away_since[seat.index()])
    }

    /// Since when `seat`'s player has been away on their own turn, if they are now: the
    /// time away counts only while it is theirs to move.
    fn away_on_turn_since(&self, seat: Seat) -> Option<u64> {
        let away = self.seats[seat.index()].is_some() && !self.here(seat);
        (away && self.to_move() == seat && self.end.is_none())
            .then(|| self.seen(seat).max(self.turn_since))
    }

    fn member(&self, conn: u64) -> Option<&Member> {
        self.members.iter().find(|m| m.conn.id == conn)
    }

    /// The seat `conn` holds; a watcher is told it cannot act.
    fn seat_of_member(&self, conn: &Conn) -> Option<Seat> {
        let seat = self.member(conn.id).and_then(|m| seat_of(m.role));
        if seat.is_none() {
            refuse(conn, Refusal::Watching, "a watcher cannot do that");
        }
        seat
    }

    fn presence(&self, seat: Seat) -> Presence {
        if self.seats[seat.index()].is_none() {
            Presence::Empty
        } else if self.here(seat) {
            Presence::Here
        } else if self.gone(seat) {
            Presence::Left
        } else {
            // What a claim counts: the time away on their own turn (none on the other's).
            let ms = self
                .away_on_turn_since(seat)
                .map_or(0, |since| now_ms().saturating_sub(since));
            Presence::Away { ms }
        }
    }

    fn state(&self, you: Role) -> ToPage {
        let size = self.position.size();
        ToPage::State(GameState {
            game: self.id.clone(),
            columns: size.width() as u8,
            rows: size.height() as u8,
            moves: self.position.moves_string(),
            you,
            seats: Seat::BOTH.map(|s| self.presence(s)),
            end: self.end,
            rematch: self.rematch,
            next: self.next.clone(),
            wins: self.wins_now(),
            names: self.names.clone(),
        })
    }

    /// The series' wins by seat, this game's among them once it is over.
    fn wins_now(&self) -> [u16; 2] {
        let mut wins = self.wins;
        let winner = match self.end {
            Some(End::Played) => match self.position.status() {
                Status::Win(player) => Some(Seat::of(player)),
                _ => None,
            },
            Some(End::Resigned { seat }) => Some(seat.other()),
            Some(End::Claimed { seat }) => Some(seat),
            None => None,
        };
        if let Some(seat) = winner {
            wins[seat.index()] = wins[seat.index()].saturating_add(1);
        }
        wins
    }

    /// Tells every page the game as it stands; a page too slow to take it is closed (it
    /// reconnects and resumes), and if it held a seat the others hear it is away.
    fn broadcast(&mut self) {
        self.shown = Seat::BOTH.map(|s| self.here(s));
        loop {
            let states: Vec<ToPage> = self.members.iter().map(|m| self.state(m.role)).collect();
            let mut slow = Vec::new();
            for (member, state) in self.members.iter().zip(states) {
                if member.conn.tx.try_send(state).is_err() {
                    slow.push(member.conn.id);
                }
            }
            let mut seats_changed = false;
            for id in slow {
                if let Some(member) = self.members.iter().find(|m| m.conn.id == id) {
                    member.conn.close.notify_one();
                }
                seats_changed |= self.leave(id).is_some_and(|role| role != Role::Watcher);
            }
            if !seats_changed {
                return;
            }
        }
    }

    /// Changes who is connected here with `change`; a seat whose player came or went
    /// (from this process) has its lease written, and the other processes hear of it.
    fn members_change<T>(&mut self, change: impl FnOnce(&mut Vec<Member>) -> T) -> T {
        let before = Seat::BOTH.map(|s| self.local(s));
        let result = change(&mut self.members);
        let now = now_ms();
        for seat in Seat::BOTH {
            let here = self.local(seat);
            if here == before[seat.index()] {
                continue;
            }
            if !here {
                self.away_since[seat.index()] = now;
            }
            if self.leased[seat.index()] != here {
                self.db.write_lease(&self.id, self.lease(seat, here));
                self.leased[seat.index()] = here;
            }
        }
        result
    }

    /// This process's word on `seat` now: its player is here (for a lease's time), or not.
    fn lease(&self, seat: Seat, here: bool) -> Lease {
        let now = now_ms();
        Lease {
            seat,
            process: self.db.process().to_owned(),
            held: here,
            left: self.left[seat.index()],
            until: if here { now + self.db.lease_ms() } else { now },
        }
    }

    /// `conn` leaves the game: the role it had, if it was in it.
    fn leave(&mut self, conn: u64) -> Option<Role> {
        self.members_change(|members| {
            let at = members.iter().position(|m| m.conn.id == conn)?;
            Some(members.remove(at).role)
        })
    }

    fn join(&mut self, conn: Conn, role: Role) {
        if let Some(seat) = seat_of(role) {
            self.left[seat.index()] = false;
        }
        self.members_change(|members| {
            members.retain(|m| m.conn.id != conn.id);
            members.push(Member { conn, role });
        });
    }

    /// The pages here that hold `seat` watch from now on: it moved to another device.
    fn seat_moved(&mut self, seat: Seat) {
        let id = self.id.clone();
        self.members_change(|members| {
            for member in members.iter_mut() {
                if member.role == Role::from(seat) {
                    member.role = Role::Watcher;
                    let _ = member.conn.tx.try_send(ToPage::Taken { game: id.clone() });
                }
            }
        });
    }

    /// Commits `changes`, if the game is still as this process knows it: `Ok(true)` once
    /// they are. If they cannot be, nothing is acknowledged, and every page in the game is
    /// closed: each reconnects, and resumes the game as it was committed. `Err(Stale)` if
    /// another process changed the game first (nothing written).
    async fn write(&mut self, conn: &Conn, changes: Vec<Change>) -> Result<bool, Stale> {
        match self.db.write(&self.id, Some(self.version), changes).await {
            Ok(Written::Committed) => {
                self.version += 1;
                Ok(true)
            }
            Ok(Written::Stale) => Err(Stale),
            Err(e) => {
                tracing::warn!(game = %self.id, "a change was not saved: {e}");
                refuse(conn, Refusal::Restarting, "the game could not be saved");
                conn.close.notify_one();
                for member in &self.members {
                    member.conn.close.notify_one();
                }
                Ok(false)
            }
        }
    }

    /// Reads the game again (another process changed it), and tells the pages: true if it
    /// could.
    async fn catch_up(&mut self) -> bool {
        let read = self.reload().await;
        self.broadcast();
        read
    }

    /// Reads the game and its leases again: true if it could.
    async fn reload(&mut self) -> bool {
        let stored = match self.db.load(&self.id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                tracing::warn!(game = %self.id, "the game is no longer in the database");
                return false;
            }
            Err(e) => {
                tracing::warn!(game = %self.id, "reading the game again: {e}");
                return false;
            }
        };
        let position = match replay(&stored) {
            Ok(position) => position,
            Err(e) => {
                tracing::warn!("{e}");
                return false;
            }
        };
        // A seat taken by a device through another process: the pages here that held it
        // watch.
        for seat in Seat::BOTH {
            let i = seat.index();
            if self.seats[i].is_some() && stored.seats[i] != self.seats[i] {
                self.seat_moved(seat);
            }
        }
        self.position = position;
        self.seats = stored.seats;
        self.turn_since = stored.moved.max(self.turn_since);
        self.end = stored.end;
        self.rematch = stored.rematch;
        self.next = stored.next;
        self.wins = stored.wins;
        self.names = stored.names;
        self.hands = stored.hands;
        self.version = stored.version;
        self.read_leases().await;
        true
    }

    /// What another process said.
    async fn hear(&mut self, heard: Heard) {
        match heard {
            Heard::Version { version, column } => {
                if version <= self.version {
                    return;
                }
                // One move after the one this process knows: played here as there.
                if let Some(column) = column.filter(|_| version == self.version + 1) {
                    let mut next = self.position;
                    if next.play(column.into()).is_ok() {
                        self.position = next;
                        self.version = version;
                        self.turn_since = now_ms();
                        if next.status() != Status::InProgress {
                            self.end = Some(End::Played);
                        }
                        return self.broadcast();
                    }
                }
                self.catch_up().await;
            }
            Heard::Presence => {
                self.read_leases().await;
                self.broadcast();
            }
            Heard::React { seat, reaction } => {
                for member in &self.members {
                    let _ = member.conn.tx.try_send(ToPage::Reacted { seat, reaction });
                }
            }
        }
    }

    async fn handle(&mut self, ask: Ask, hub: &Hub) {
        let entering = matches!(
            ask,
            Ask::Join(..) | Ask::Resume(..) | Ask::Take(..) | Ask::Leave(_)
        );
        let member = ask.conn_id().is_none_or(|id| self.member(id).is_some());
        if !entering && !member {
            if let Ask::Move { conn, .. }
            | Ask::Resign(conn)
            | Ask::Rematch(conn)
            | Ask::Claim(conn) = &ask
            {
                refuse(
                    conn,
                    Refusal::NoSuchGame,
                    "not in this game: join or resume it first",
                );
            }
            return;
        }
        // A page that enters sees the game as committed: another process's last change may
        // be committed and not yet heard here (its note is on its way).
        if entering && self.db.shared() && !matches!(ask, Ask::Leave(_)) {
            if let Ok(Some(version)) = self.db.version(&self.id).await {
                if version > self.version {
                    self.catch_up().await;
                }
            }
        }
        let mut tries = 0;
        while self.act(&ask, hub).await.is_err() {
            tries += 1;
            crate::obs::metrics().stale.inc();
            if tries >= STALE_TRIES || !self.catch_up().await {
                if let Some(conn) = ask.conn() {
                    refuse(
                        conn,
                        Refusal::Restarting,
                        "the game changed meanwhile: send it again",
                    );
                }
                break;
            }
        }
        if let Ask::Join(conn, _, entered)
        | Ask::Resume(conn, _, entered)
        | Ask::Take(conn, _, _, entered) = ask
        {
            tell(entered, self.member(conn.id).is_some());
        }
    }

    /// Judges `ask` against the game as this process knows it: `Err(Stale)` if a change
    /// it made found the game changed by another process first.
    async fn act(&mut self, ask: &Ask, hub: &Hub) -> Result<(), Stale> {
        match ask {
            Ask::Join(conn, secret, _) => self.take_seat(conn, secret.as_ref()).await,
            Ask::Resume(conn, secret, _) => {
                let hashed = hash(secret);
                match Seat::BOTH
                    .into_iter()
                    .find(|s| self.seats[s.index()] == Some(hashed))
                {
                    Some(seat) => {
                        self.join(conn.clone(), seat.into());
                        self.broadcast();
                    }
                    None => refuse(
                        conn,
                        Refusal::WrongSecret,
                        "not a seat's secret in this game",
                    ),
                }
                Ok(())
            }
            // A watcher coming or going is nobody else's news.
            Ask::Leave(conn) => {
                if self.leave(*conn).is_some_and(|role| role != Role::Watcher) {
                    self.broadcast();
                }
                Ok(())
            }
            Ask::Move {
                conn,
                number,
                column,
            } => self.play(conn, *number, *column).await,
            Ask::Resign(conn) => match self.seat_of_member(conn) {
                Some(seat) => self.resign(conn, seat).await,
                None => Ok(()),
            },
            Ask::Claim(conn) => match self.seat_of_member(conn) {
                Some(seat) => self.claim(conn, seat).await,
                None => Ok(()),
            },
            Ask::Rematch(conn) => match self.seat_of_member(conn) {
                Some(seat) => self.ask_rematch(conn, seat, hub).await,
                None => Ok(()),
            },
            Ask::Quit(conn) => self.quit(conn).await,
            Ask::Name(conn, name) => match self.seat_of_member(conn) {
                Some(seat) => self.name(conn, seat, name.clone()).await,
                None => Ok(()),
            },
            Ask::React(conn, reaction) => {
                if let Some(seat) = self.seat_of_member(conn) {
                    self.react(conn, seat, *reaction);
                }
                Ok(())
            }
            Ask::Hand(conn) => match self.seat_of_member(conn) {
                Some(seat) => self.hand(conn, seat).await,
                None => Ok(()),
            },
            Ask::Take(conn, token, secret, _) => self.take(conn, token, secret).await,
            Ask::Heard(heard) => {
                self.hear(*heard).await;
                Ok(())
            }
            Ask::CatchUp => {
                self.catch_up().await;
                Ok(())
            }
        }
    }

    /// A one-time token that moves `seat` to another device: the page makes a link of it.
    /// A new one replaces the last; the seat stays here until one is used.
    async fn hand(&mut self, conn: &Conn, seat: Seat) -> Result<(), Stale> {
        if self.next.is_some() {
            // The players are in the rematch: its seat is the one to move.
            refuse(conn, Refusal::Over, "the rematch has begun: move its seat");
            return Ok(());
        }
        let token = match new_secret() {
            Ok(token) => token,
            Err(e) => {
                refuse(conn, Refusal::Restarting, &e);
                return Ok(());
            }
        };
        let hash = Some(hash(&token));
        if self.write(conn, vec![Change::Hand { seat, hash }]).await? {
            self.hands[seat.index()] = hash;
            let _ = conn.tx.try_send(ToPage::Handed {
                game: self.id.clone(),
                token,
            });
        }
        Ok(())
    }

    /// Takes the seat `token` was made for, held by `secret` from now on: the token is
    /// spent, and the pages that held the seat watch from now on. The same take again (its
    /// answer lost with the connection) finds the seat `secret` holds.
    async fn take(&mut self, conn: &Conn, token: &Secret, secret: &Secret) -> Result<(), Stale> {
        let held = hash(secret);
        if let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == Some(held))
        {
            self.seated(conn, seat, secret.clone());
            return Ok(());
        }
        let token = hash(token);
        let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|s| self.hands[s.index()] == Some(token))
        else {
            refuse(
                conn,
                Refusal::WrongSecret,
                "this link to continue on another device was used, or a newer one made",
            );
            return Ok(());
        };
        // The new holder's presence in the same commit: the others never see the seat
        // taken and its player away.
        let changes = vec![
            Change::Seat { seat, hash: held },
            Change::Hand { seat, hash: None },
            Change::Presence(self.lease(seat, true)),
        ];
        if !self.write(conn, changes).await? {
            return Ok(());
        }
        self.leased[seat.index()] = true;
        self.seats[seat.index()] = Some(held);
        self.hands[seat.index()] = None;
        self.seat_moved(seat);
        tracing::info!(game = %self.id, seat = Role::from(seat).name(), "a seat moved to another device");
        self.seated(conn, seat, secret.clone());
        Ok(())
    }

    /// `conn` holds `seat` by `secret`: it is told so, and everyone hears the game.
    fn seated(&mut self, conn: &Conn, seat: Seat, secret: Secret) {
        let _ = conn.tx.try_send(ToPage::Seated {
            game: self.id.clone(),
            seat,
            secret,
        });
        self.join(conn.clone(), seat.into());
        self.broadcast();
    }

    /// `seat`'s player goes by `name` from now on.
    async fn name(&mut self, conn: &Conn, seat: Seat, name: Option<String>) -> Result<(), Stale> {
        if self.names[seat.index()] == name {
            return Ok(());
        }
        let change = Change::Name {
            seat,
            name: name.clone(),
        };
        if self.write(conn, vec![change]).await? {
            self.names[seat.index()] = name;
            self.broadcast();
        }
        Ok(())
    }

    /// `seat`'s player's reaction goes to every page in the game (theirs too), on every
    /// process.
    fn react(&mut self, conn: &Conn, seat: Seat, reaction: u8) {
        if usize::from(reaction) >= REACTIONS.len() {
            let detail = format!("a reaction is a number from 0 to {}", REACTIONS.len() - 1);
            return refuse(conn, Refusal::Unreadable, &detail);
        }
        for member in &self.members {
            let _ = member.conn.tx.try_send(ToPage::Reacted { seat, reaction });
        }
        self.db.notify(&self.id, Heard::React { seat, reaction });
    }

    /// `conn` leaves for good. From a game that is over, its seat is told left and the
    /// rematch asked is withdrawn; from one that goes on, it is only away (its player may
    /// come back before a claim).
    async fn quit(&mut self, conn: &Conn) -> Result<(), Stale> {
        let seat = self.member(conn.id).and_then(|m| seat_of(m.role));
        if let Some(seat) = seat.filter(|_| self.end.is_some() && self.next.is_none()) {
            let changes = vec![Change::Rematch {
                asked: [false; 2],
                next: None,
            }];
            if self.rematch != [false; 2] && !self.write(conn, changes).await? {
                return Ok(());
            }
            self.rematch = [false; 2];
            self.left[seat.index()] = true;
        }
        if self
            .leave(conn.id)
            .is_some_and(|role| role != Role::Watcher)
        {
            self.broadcast();
        }
        Ok(())
    }

    async fn take_seat(&mut self, conn: &Conn, secret: Option<&Secret>) -> Result<(), Stale> {
        // The same join again (its answer lost with the connection): the seat it took.
        if let Some(secret) = secret {
            let hashed = hash(secret);
            if let Some(seat) = Seat::BOTH
                .into_iter()
                .find(|s| self.seats[s.index()] == Some(hashed))
            {
                self.seated(conn, seat, secret.clone());
                return Ok(());
            }
        }
        let free = Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()].is_none());
        let Some(seat) = free else {
            let watchers = self
                .members
                .iter()
                .filter(|m| m.role == Role::Watcher)
                .count();
            if watchers >= MAX_WATCHERS {
                refuse(
                    conn,
                    Refusal::TooManyWatchers,
                    "this game has enough watchers",
                );
                return Ok(());
            }
            let state = self.state(Role::Watcher);
            self.join(conn.clone(), Role::Watcher);
            let _ = conn.tx.try_send(state);
            return Ok(());
        };
        let secret = match secret.cloned().map_or_else(new_secret, Ok) {
            Ok(secret) => secret,
            Err(e) => {
                refuse(conn, Refusal::Restarting, &e);
                return Ok(());
            }
        };
        let hashed = hash(&secret);
        // The player's presence in the same commit: the others never see the seat taken
        // and its player away.
        let changes = vec![
            Change::Seat { seat, hash: hashed },
            Change::Presence(self.lease(seat, true)),
        ];
        if !self.write(conn, changes).await? {
            return Ok(());
        }
        self.leased[seat.index()] = true;
        self.seats[seat.index()] = Some(hashed);
        self.seated(conn, seat, secret);
        Ok(())
    }

    async fn play(&mut self, conn: &Conn, number: u16, column: u8) -> Result<(), Stale> {
        let Some(seat) = self.member(conn.id).and_then(|m| seat_of(m.role)) else {
            refuse(conn, Refusal::Watching, "a watcher cannot move");
            return Ok(());
        };
        let played = self.position.move_count();
        let history = self.position.history();
        // A move already played, resent after a reconnect: acknowledged, not played twice.
        if usize::from(number) < played {
            let same = usize::from(history[usize::from(number)]) == usize::from(column)
                && Seat::of_move(number.into()) == seat;
            if same {
                let _ = conn.tx.try_send(self.state(seat.into()));
            } else {
                refuse(
                    conn,
                    Refusal::WrongNumber,
                    &format!("move {number} is played; {played} moves are"),
                );
            }
            return Ok(());
        }
        if self.end.is_some() {
            refuse(conn, Refusal::Over, "the game is over");
            return Ok(());
        }
        if usize::from(number) > played {
            refuse(
                conn,
                Refusal::WrongNumber,
                &format!("{played} moves are played, not {number}"),
            );
            return Ok(());
        }
        if self.position.current_player() != seat.player() {
            refuse(conn, Refusal::NotYourTurn, "it is the other player's turn");
            return Ok(());
        }
        let mut next = self.position;
        if let Err(e) = next.play(column.into()) {
            refuse(conn, Refusal::BadColumn, &e.to_string());
            return Ok(());
        }
        let mut changes = vec![Change::Move { number, column }];
        let end = (next.status() != Status::InProgress).then_some(End::Played);
        changes.extend(end.map(Change::End));
        if !self.write(conn, changes).await? {
            return Ok(());
        }
        self.position = next;
        crate::obs::metrics().moves.inc();
        self.turn_since = now_ms();
        if let Some(end) = end {
            self.ended(end);
        }
        self.broadcast();
        Ok(())
    }

    /// The game is over (`end` is committed): logged and counted.
    fn ended(&mut self, end: End) {
        self.end = Some(end);
        let result = match (end, self.position.winner()) {
            (End::Resigned { seat } | End::Claimed { seat }, _) => Role::from(seat.other()).name(),
            (End::Played, Some(winner)) if winner == Seat::Red.player() => "red",
            (End::Played, Some(_)) => "yellow",
            (End::Played, None) => "draw",
        };
        let how = match end {
            End::Played => "played",
            End::Resigned { .. } => "resigned",
            End::Claimed { .. } => "claimed",
        };
        crate::obs::metrics()
            .games_ended
            .get_or_create(&[("result", result), ("how", how)])
            .inc();
        let size = self.position.size();
        tracing::info!(
            game = %self.id,
            %size,
            result,
            how,
            moves = self.position.move_count(),
            "game ended"
        );
    }

    async fn resign(&mut self, conn: &Conn, seat: Seat) -> Result<(), Stale> {
        if self.end.is_some() {
            refuse(conn, Refusal::Over, "the game is over");
            return Ok(());
        }
        let end = End::Resigned { seat };
        if self.write(conn, vec![Change::End(end)]).await? {
            self.ended(end);
            self.broadcast();
        }
        Ok(())
    }

    async fn claim(&mut self, conn: &Conn, seat: Seat) -> Result<(), Stale> {
        if self.end.is_some() {
            refuse(conn, Refusal::Over, "the game is over");
            return Ok(());
        }
        // The other processes' word on the other player, as it is now; if it changed (a
        // lease ran out), the pages hear it before the answer.
        self.read_leases().await;
        if Seat::BOTH.map(|s| self.here(s)) != self.shown {
            self.broadcast();
        }
        let other = seat.other();
        let away = self.away_on_turn_since(other).is_some_and(|since| {
            now_ms().saturating_sub(since) >= self.claim_after.as_millis() as u64
        });
        if !away {
            refuse(
                conn,
                Refusal::CannotClaim,
                "the other player is not away long enough on their turn",
            );
            return Ok(());
        }
        let end = End::Claimed { seat };
        if self.write(conn, vec![Change::End(end)]).await? {
            self.ended(end);
            self.broadcast();
        }
        Ok(())
    }

    async fn ask_rematch(&mut self, conn: &Conn, seat: Seat, hub: &Hub) -> Result<(), Stale> {
        if self.end.is_none() {
            refuse(
                conn,
                Refusal::NotOver,
                "a rematch comes once the game is over",
            );
            return Ok(());
        }
        if self.next.is_some() {
            let _ = conn.tx.try_send(self.state(seat.into()));
            return Ok(());
        }
        if self.gone(seat.other()) {
            refuse(conn, Refusal::Left, "the other player has left the game");
            return Ok(());
        }
        let mut asked = self.rematch;
        asked[seat.index()] = true;
        let mut changes = Vec::new();
        let mut next = None;
        if asked == [true, true] {
            if !hub.may_create(conn.addr) {
                refuse(conn, Refusal::TooManyGames, &hub.too_many_games());
                return Ok(());
            }
            let id = match hub.new_id() {
                Ok(id) => id,
                Err(e) => {
                    refuse(conn, Refusal::Restarting, &e);
                    return Ok(());
                }
            };
            let now = now_ms();
            // Colours swap: each secret holds the other seat in the new game.
            changes.push(Change::Create(Box::new(Stored {
                id: id.clone(),
                size: self.position.size(),
                moves: Vec::new(),
                seats: [self.seats[1], self.seats[0]],
                end: None,
                rematch: [false, false],
                next: None,
                wins: {
                    let [red, yellow] = self.wins_now();
                    [yellow, red]
                },
                names: [self.names[1].clone(), self.names[0].clone()],
                hands: [None, None],
                created: now,
                updated: now,
                version: 0,
                moved: now,
            })));
            next = Some(id);
        }
        changes.push(Change::Rematch {
            asked,
            next: next.clone(),
        });
        if self.write(conn, changes).await? {
            if let Some(id) = &next {
                crate::hub::created(id, self.position.size(), "rematch", conn.addr);
            }
            self.rematch = asked;
            self.next = next;
            self.broadcast();
        }
        Ok(())
    }
}
