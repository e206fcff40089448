//! One game: a task that owns its state (the position, the seats, who is connected) and
//! judges every message about it with the engine. A change is committed to the database
//! before anyone hears of it; then every page in the game gets the game as it stands.

use crate::hub::Hub;
use crate::store::{now_ms, Change, Db, SecretHash, Stored};
use connect_four::engine::{Position, Status};
use connect_four::online::{
    End, GameId, GameState, Presence, Refusal, Role, Seat, Secret, ToPage, REACTIONS,
};
use sha2::{Digest, Sha256};
use std::time::{Duration, Instant};
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
}

impl Ask {
    /// Refuses the ask (a game that does not exist, or cannot be read).
    pub fn refuse(self, reason: Refusal, detail: &str) {
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
            Ask::Leave(_) => {}
        }
    }

    fn conn(&self) -> u64 {
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
            | Ask::Take(conn, ..) => conn.id,
            Ask::Leave(conn) => *conn,
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

pub struct Game {
    id: GameId,
    position: Position,
    seats: [Option<SecretHash>; 2],
    /// Since when each seat's player has had no connection.
    away_since: [Instant; 2],
    /// Since when it has been the player to move's turn (the last move, or the load).
    turn_since: Instant,
    /// How long a player must be away on their own turn before the other may claim.
    claim_after: Duration,
    end: Option<End>,
    rematch: [bool; 2],
    next: Option<GameId>,
    /// Whose player left the game, over, for good (until they come back to it).
    left: [bool; 2],
    /// The games won before this one in its series of rematches, by seat.
    wins: [u16; 2],
    /// The names the players go by.
    names: [Option<String>; 2],
    /// The hashes of the tokens that move each seat to another device, while one waits.
    hands: [Option<SecretHash>; 2],
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

impl Game {
    /// The game `stored` holds, if its moves are a game on its size; a player away on
    /// their turn for `claim_after` may be claimed against.
    pub fn new(stored: Stored, db: Db, claim_after: Duration) -> Result<Game, String> {
        let mut position = Position::empty(stored.size);
        for &column in &stored.moves {
            position
                .play(column.into())
                .map_err(|e| format!("game {}: {e}", stored.id))?;
        }
        let now = Instant::now();
        Ok(Game {
            id: stored.id,
            position,
            seats: stored.seats,
            away_since: [now; 2],
            turn_since: now,
            claim_after,
            end: stored.end,
            rematch: stored.rematch,
            next: stored.next,
            left: [false; 2],
            wins: stored.wins,
            names: stored.names,
            hands: stored.hands,
            members: Vec::new(),
            db,
        })
    }

    /// Serves the game's messages until nobody has been connected for a while; then tells
    /// `hub` it is gone.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<Ask>, hub: Hub) {
        loop {
            let due = self.claim_due();
            let wait = due.map_or(UNLOAD_AFTER, |due| {
                due.saturating_duration_since(Instant::now())
                    .min(UNLOAD_AFTER)
            });
            match tokio::time::timeout(wait, inbox.recv()).await {
                Ok(Some(ask)) => self.handle(ask, &hub).await,
                Ok(None) => break,
                // A player has been away long enough to be claimed against: the others
                // hear it now, not at their next message.
                Err(_) if due.is_some_and(|due| Instant::now() >= due) => self.broadcast(),
                Err(_) if self.members.is_empty() => {
                    if hub.unload(&self.id, &inbox) {
                        break;
                    }
                }
                Err(_) => {}
            }
        }
    }

    /// The next moment the player to move will have been away on their turn long enough
    /// to be claimed against, while the game goes on and someone is connected to hear it.
    fn claim_due(&self) -> Option<Instant> {
        if self.end.is_some() || self.members.is_empty() {
            return None;
        }
        let since = self.away_on_turn_since(self.to_move())?;
        Some(since + self.claim_after).filter(|&due| due > Instant::now())
    }

    /// The seat to move.
    fn to_move(&self) -> Seat {
        Seat::of(self.position.current_player())
    }

    /// Since when `seat`'s player has been away on their own turn, if they are now: the
    /// time away counts only while it is theirs to move.
    fn away_on_turn_since(&self, seat: Seat) -> Option<Instant> {
        let away = self.seats[seat.index()].is_some()
            && !self.members.iter().any(|m| m.role == Role::from(seat));
        (away && self.to_move() == seat && self.end.is_none())
            .then(|| self.away_since[seat.index()].max(self.turn_since))
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
        let i = seat.index();
        if self.seats[i].is_none() {
            Presence::Empty
        } else if self.members.iter().any(|m| m.role == Role::from(seat)) {
            Presence::Here
        } else if self.left[i] {
            Presence::Left
        } else {
            // What a claim counts: the time away on their own turn (none on the other's).
            let ms = self
                .away_on_turn_since(seat)
                .map_or(0, |since| since.elapsed().as_millis() as u64);
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

    /// `conn` leaves the game: the role it had, if it was in it.
    fn leave(&mut self, conn: u64) -> Option<Role> {
        let at = self.members.iter().position(|m| m.conn.id == conn)?;
        let member = self.members.remove(at);
        if let Some(seat) = seat_of(member.role) {
            if !self.members.iter().any(|m| m.role == member.role) {
                self.away_since[seat.index()] = Instant::now();
            }
        }
        Some(member.role)
    }

    fn join(&mut self, conn: Conn, role: Role) {
        self.leave(conn.id);
        if let Some(seat) = seat_of(role) {
            self.left[seat.index()] = false;
        }
        self.members.push(Member { conn, role });
    }

    /// Commits `changes`: true once they are. If they cannot be, nothing is acknowledged,
    /// and every page in the game is closed: each reconnects, and resumes the game as it
    /// was committed.
    async fn write(&self, conn: &Conn, changes: Vec<Change>) -> bool {
        match self.db.write(&self.id, changes).await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(game = %self.id, "a change was not saved: {e}");
                refuse(conn, Refusal::Restarting, "the game could not be saved");
                conn.close.notify_one();
                for member in &self.members {
                    member.conn.close.notify_one();
                }
                false
            }
        }
    }

    async fn handle(&mut self, ask: Ask, hub: &Hub) {
        let conn_id = ask.conn();
        let entering = matches!(
            ask,
            Ask::Join(..) | Ask::Resume(..) | Ask::Take(..) | Ask::Leave(_)
        );
        if !entering && self.member(conn_id).is_none() {
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
        match ask {
            Ask::Join(conn, secret, entered) => {
                let id = conn.id;
                self.take_seat(conn, secret).await;
                tell(entered, self.member(id).is_some());
            }
            Ask::Resume(conn, secret, entered) => {
                let hashed = hash(&secret);
                match Seat::BOTH
                    .into_iter()
                    .find(|s| self.seats[s.index()] == Some(hashed))
                {
                    Some(seat) => {
                        self.join(conn, seat.into());
                        tell(entered, true);
                        self.broadcast();
                    }
                    None => {
                        refuse(
                            &conn,
                            Refusal::WrongSecret,
                            "not a seat's secret in this game",
                        );
                        tell(entered, false);
                    }
                }
            }
            // A watcher coming or going is nobody else's news.
            Ask::Leave(conn) => {
                if self.leave(conn).is_some_and(|role| role != Role::Watcher) {
                    self.broadcast();
                }
            }
            Ask::Move {
                conn,
                number,
                column,
            } => self.play(&conn, number, column).await,
            Ask::Resign(conn) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.resign(&conn, seat).await;
                }
            }
            Ask::Claim(conn) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.claim(&conn, seat).await;
                }
            }
            Ask::Rematch(conn) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.ask_rematch(&conn, seat, hub).await;
                }
            }
            Ask::Quit(conn) => self.quit(&conn).await,
            Ask::Name(conn, name) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.name(&conn, seat, name).await;
                }
            }
            Ask::React(conn, reaction) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.react(&conn, seat, reaction);
                }
            }
            Ask::Hand(conn) => {
                if let Some(seat) = self.seat_of_member(&conn) {
                    self.hand(&conn, seat).await;
                }
            }
            Ask::Take(conn, token, secret, entered) => {
                let id = conn.id;
                self.take(conn, &token, secret).await;
                tell(entered, self.member(id).is_some());
            }
        }
    }

    /// A one-time token that moves `seat` to another device: the page makes a link of it.
    /// A new one replaces the last; the seat stays here until one is used.
    async fn hand(&mut self, conn: &Conn, seat: Seat) {
        if self.next.is_some() {
            // The players are in the rematch: its seat is the one to move.
            return refuse(conn, Refusal::Over, "the rematch has begun: move its seat");
        }
        let token = match new_secret() {
            Ok(token) => token,
            Err(e) => return refuse(conn, Refusal::Restarting, &e),
        };
        let hash = Some(hash(&token));
        if self.write(conn, vec![Change::Hand { seat, hash }]).await {
            self.hands[seat.index()] = hash;
            let _ = conn.tx.try_send(ToPage::Handed {
                game: self.id.clone(),
                token,
            });
        }
    }

    /// Takes the seat `token` was made for, held by `secret` from now on: the token is
    /// spent, and the pages that held the seat watch from now on. The same take again (its
    /// answer lost with the connection) finds the seat `secret` holds.
    async fn take(&mut self, conn: Conn, token: &Secret, secret: Secret) {
        let held = hash(&secret);
        if let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == Some(held))
        {
            return self.seated(conn, seat, secret);
        }
        let token = hash(token);
        let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|s| self.hands[s.index()] == Some(token))
        else {
            return refuse(
                &conn,
                Refusal::WrongSecret,
                "this link to continue on another device was used, or a newer one made",
            );
        };
        let changes = vec![
            Change::Seat { seat, hash: held },
            Change::Hand { seat, hash: None },
        ];
        if !self.write(&conn, changes).await {
            return;
        }
        self.seats[seat.index()] = Some(held);
        self.hands[seat.index()] = None;
        // The pages that held the seat watch from now on.
        for member in &mut self.members {
            if member.role == Role::from(seat) {
                member.role = Role::Watcher;
                let _ = member.conn.tx.try_send(ToPage::Taken {
                    game: self.id.clone(),
                });
            }
        }
        tracing::info!(game = %self.id, seat = Role::from(seat).name(), "a seat moved to another device");
        self.seated(conn, seat, secret);
    }

    /// `conn` holds `seat` by `secret`: it is told so, and everyone hears the game.
    fn seated(&mut self, conn: Conn, seat: Seat, secret: Secret) {
        let _ = conn.tx.try_send(ToPage::Seated {
            game: self.id.clone(),
            seat,
            secret,
        });
        self.join(conn, seat.into());
        self.broadcast();
    }

    /// `seat`'s player goes by `name` from now on.
    async fn name(&mut self, conn: &Conn, seat: Seat, name: Option<String>) {
        if self.names[seat.index()] == name {
            return;
        }
        let change = Change::Name {
            seat,
            name: name.clone(),
        };
        if self.write(conn, vec![change]).await {
            self.names[seat.index()] = name;
            self.broadcast();
        }
    }

    /// `seat`'s player's reaction goes to every page in the game (theirs too).
    fn react(&mut self, conn: &Conn, seat: Seat, reaction: u8) {
        if usize::from(reaction) >= REACTIONS.len() {
            let detail = format!("a reaction is a number from 0 to {}", REACTIONS.len() - 1);
            return refuse(conn, Refusal::Unreadable, &detail);
        }
        for member in &self.members {
            let _ = member.conn.tx.try_send(ToPage::Reacted { seat, reaction });
        }
    }

    /// `conn` leaves for good. From a game that is over, its seat is told left and the
    /// rematch asked is withdrawn; from one that goes on, it is only away (its player may
    /// come back before a claim).
    async fn quit(&mut self, conn: &Conn) {
        let seat = self.member(conn.id).and_then(|m| seat_of(m.role));
        if let Some(seat) = seat.filter(|_| self.end.is_some() && self.next.is_none()) {
            let changes = vec![Change::Rematch {
                asked: [false; 2],
                next: None,
            }];
            if self.rematch != [false; 2] && !self.write(conn, changes).await {
                return;
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
    }

    async fn take_seat(&mut self, conn: Conn, secret: Option<Secret>) {
        // The same join again (its answer lost with the connection): the seat it took.
        if let Some(secret) = &secret {
            let hashed = hash(secret);
            if let Some(seat) = Seat::BOTH
                .into_iter()
                .find(|s| self.seats[s.index()] == Some(hashed))
            {
                return self.seated(conn, seat, secret.clone());
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
                return refuse(
                    &conn,
                    Refusal::TooManyWatchers,
                    "this game has enough watchers",
                );
            }
            let state = self.state(Role::Watcher);
            self.join(conn.clone(), Role::Watcher);
            let _ = conn.tx.try_send(state);
            return;
        };
        let secret = match secret.map_or_else(new_secret, Ok) {
            Ok(secret) => secret,
            Err(e) => return refuse(&conn, Refusal::Restarting, &e),
        };
        let hashed = hash(&secret);
        if !self
            .write(&conn, vec![Change::Seat { seat, hash: hashed }])
            .await
        {
            return;
        }
        self.seats[seat.index()] = Some(hashed);
        self.seated(conn, seat, secret);
    }

    async fn play(&mut self, conn: &Conn, number: u16, column: u8) {
        let Some(seat) = self.member(conn.id).and_then(|m| seat_of(m.role)) else {
            return refuse(conn, Refusal::Watching, "a watcher cannot move");
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
            return;
        }
        if self.end.is_some() {
            return refuse(conn, Refusal::Over, "the game is over");
        }
        if usize::from(number) > played {
            return refuse(
                conn,
                Refusal::WrongNumber,
                &format!("{played} moves are played, not {number}"),
            );
        }
        if self.position.current_player() != seat.player() {
            return refuse(conn, Refusal::NotYourTurn, "it is the other player's turn");
        }
        let mut next = self.position;
        if let Err(e) = next.play(column.into()) {
            return refuse(conn, Refusal::BadColumn, &e.to_string());
        }
        let mut changes = vec![Change::Move { number, column }];
        let end = (next.status() != Status::InProgress).then_some(End::Played);
        changes.extend(end.map(Change::End));
        if !self.write(conn, changes).await {
            return;
        }
        self.position = next;
        crate::obs::metrics().moves.inc();
        self.turn_since = Instant::now();
        if let Some(end) = end {
            self.ended(end);
        }
        self.broadcast();
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

    async fn resign(&mut self, conn: &Conn, seat: Seat) {
        if self.end.is_some() {
            return refuse(conn, Refusal::Over, "the game is over");
        }
        let end = End::Resigned { seat };
        if self.write(conn, vec![Change::End(end)]).await {
            self.ended(end);
            self.broadcast();
        }
    }

    async fn claim(&mut self, conn: &Conn, seat: Seat) {
        if self.end.is_some() {
            return refuse(conn, Refusal::Over, "the game is over");
        }
        let other = seat.other();
        let away = self
            .away_on_turn_since(other)
            .is_some_and(|since| since.elapsed() >= self.claim_after);
        if !away {
            return refuse(
                conn,
                Refusal::CannotClaim,
                "the other player is not away long enough on their turn",
            );
        }
        let end = End::Claimed { seat };
        if self.write(conn, vec![Change::End(end)]).await {
            self.ended(end);
            self.broadcast();
        }
    }

    async fn ask_rematch(&mut self, conn: &Conn, seat: Seat, hub: &Hub) {
        if self.end.is_none() {
            return refuse(
                conn,
                Refusal::NotOver,
                "a rematch comes once the game is over",
            );
        }
        if self.next.is_some() {
            let _ = conn.tx.try_send(self.state(seat.into()));
            return;
        }
        if self.left[seat.other().index()] {
            return refuse(conn, Refusal::Left, "the other player has left the game");
        }
        let mut asked = self.rematch;
        asked[seat.index()] = true;
        let mut changes = Vec::new();
        let mut next = None;
        if asked == [true, true] {
            if !hub.may_create(conn.addr) {
                return refuse(conn, Refusal::TooManyGames, &hub.too_many_games());
            }
            let id = match hub.new_id() {
                Ok(id) => id,
                Err(e) => return refuse(conn, Refusal::Restarting, &e),
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
            })));
            next = Some(id);
        }
        changes.push(Change::Rematch {
            asked,
            next: next.clone(),
        });
        if self.write(conn, changes).await {
            if let Some(id) = &next {
                crate::hub::created(id, self.position.size(), "rematch", conn.addr);
            }
            self.rematch = asked;
            self.next = next;
            self.broadcast();
        }
    }
}
