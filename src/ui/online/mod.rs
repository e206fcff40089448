//! Online play's state on a page: a game against a friend on another device, through the
//! game's server (`crates/server`, docs/online.md). The server judges every move; this
//! keeps the page's view of the game in line with what the server says, sends the person's
//! moves (each with the number it expects), says how to enter the game on each connection,
//! and when to try again after the connection drops. Pure: the page carries the messages.

use super::event::{Event, OnlineStatus};
use crate::engine::{Position, Size};
use crate::online::{
    End, GameId, GameState, Presence, Refusal, Role, Seat, Secret, ToPage, ToServer, PING_EVERY_MS,
    PONG_WITHIN_MS,
};

/// How the page enters its game on each connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A new game of `size`, the person in `seat`.
    Create { size: Size, seat: Seat },
    /// The free seat of a game (an invite link), or a watcher's place.
    Join(GameId),
    /// The seat this secret holds.
    Resume(GameId, Secret),
    /// The seat another device moved here with this one-time token (a link to continue
    /// on another device).
    Take(GameId, Secret),
}

/// The connection to the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    /// Connecting, after `failures` tries that failed in a row.
    Connecting {
        failures: u32,
    },
    Open,
}

/// What a message from the server means for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// The page holds `seat` in `game`: keep its secret, to come back after a reload.
    Seated {
        game: GameId,
        seat: Seat,
        secret: Secret,
    },
    /// One move more than the board shows: `column`, by `seat`.
    Moved { column: usize, seat: Seat },
    /// The game is not what the board shows (the first state, a reconnect, a rematch):
    /// show it as it is.
    Shown(Position),
    /// `seat`'s player took their seat.
    Joined(Seat),
    /// `seat`'s player lost the connection.
    Away(Seat),
    /// `seat`'s player is back.
    Back(Seat),
    /// The game ended.
    Ended(End),
    /// `seat`'s player asked for a rematch (the other has not yet).
    RematchAsked(Seat),
    /// Both asked for a rematch: it is `game` (the page enters it with its secret). `said`
    /// if the page saw it happen (not a rematch begun before it came back to the game).
    Rematch { game: GameId, said: bool },
    /// A message was refused, and why.
    Refused(Refusal),
    /// The server is restarting: the connection will drop and be made again.
    Restarting,
    /// `seat`'s player left the game, over, for good.
    Left(Seat),
    /// `seat`'s player sent a reaction (its number in [`crate::online::REACTIONS`]).
    Reacted(Seat, u8),
    /// The link that moves the page's seat to another device is made ([`OnlineRun::handed`]).
    Handed,
    /// The page's seat was taken by another device: the page watches `game` now.
    Taken(GameId),
    /// The link to continue on another device this page opened was used, or replaced: the
    /// page watches the game instead.
    Spent,
}

/// What the heartbeat asks, each second while the connection is open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Beat {
    Nothing,
    /// Ping the server.
    Ping(ToServer),
    /// The last ping went unanswered: the connection is lost (a phone out of reach closes
    /// nothing), to be made again.
    Lost,
}

/// Online play on a page: whether it has a game server to play through, and the secrets
/// of the seats this browser holds (kept across reloads by the page), by game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seats {
    pub offered: bool,
    secrets: Vec<(GameId, Secret)>,
    /// What the host heard last in `c4-online`.
    told: Option<OnlineStatus>,
    /// The online game behind its review: still connected, back on Back.
    pub behind: Option<OnlineGame>,
    /// The game the person left while it went on: "A friend online" goes back to it.
    pub running: Option<GameId>,
    /// The name the person goes by online, kept by the browser.
    pub name: Option<String>,
    /// The person's local date (days after 1970-01-01), kept up to date by the page.
    pub today: u32,
}

impl Seats {
    pub fn new(offered: bool, secrets: Vec<(GameId, Secret)>) -> Seats {
        Seats {
            offered,
            secrets,
            ..Seats::default()
        }
    }

    /// `c4-online`, if the online game shown (`None`: none is) is not what the host heard
    /// last: a game left is told as closed, once.
    pub fn tell(&mut self, shown: Option<OnlineStatus>) -> Option<Event> {
        let status = match (shown, &self.told) {
            (Some(status), _) => status,
            // Left: no game, no seat any more.
            (None, Some(told)) if !matches!(told.connection, "closed" | "refused") => {
                OnlineStatus {
                    game: None,
                    seat: None,
                    connection: "closed",
                    reason: None,
                    opponent: None,
                    names: [None, None],
                }
            }
            (None, _) => return None,
        };
        if self.told.as_ref() == Some(&status) {
            return None;
        }
        self.told = Some(status.clone());
        Some(Event::Online(status))
    }

    /// `c4-online` for a page the server turned away (`status` says why): the last word on
    /// that game, not followed by "closed".
    pub fn refuse(&mut self, status: OnlineStatus) -> Event {
        self.told = Some(status.clone());
        Event::Online(status)
    }

    /// The secret of this browser's seat in `game`, if it holds one.
    pub fn secret(&self, game: &GameId) -> Option<Secret> {
        let kept = self.secrets.iter().find(|(g, _)| g == game);
        kept.map(|(_, secret)| secret.clone())
    }

    /// Keeps the secret of a seat taken in `game`.
    pub fn keep(&mut self, game: GameId, secret: Secret) {
        self.forget(&game);
        self.secrets.push((game, secret));
    }

    /// The seat in `game` is no longer this browser's.
    pub fn forget(&mut self, game: &GameId) {
        self.secrets.retain(|(g, _)| g != game);
    }
}

mod game;
pub use game::{OnlineGame, OnlineView};

/// After this many tries in a row that could not connect, before the page ever entered its
/// game, the server is said to be unreachable (the page goes on trying).
pub const UNREACHABLE_AFTER: u32 = 3;

/// The shortest and longest wait before trying to connect again, in milliseconds.
const RETRY_FIRST_MS: f64 = 500.0;
const RETRY_MOST_MS: f64 = 15_000.0;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineRun {
    entry: Entry,
    /// The game as the server last said it.
    state: Option<GameState>,
    connection: Connection,
    /// The person's move, shown on the board and not acknowledged yet: its number and
    /// column. Made while the connection was lost, it waits for it; it is sent again after
    /// a reconnect if the server does not have it.
    sent: Option<(u16, u8)>,
    /// The page follows a rematch: each player's first coming to it is no "is back".
    arriving: [bool; 2],
    /// The page came to this game by a rematch (its colours swapped).
    rematched: bool,
    /// The name last sent for the person's seat in this game.
    pub name_sent: Option<Option<String>>,
    /// When the person last sent a reaction (ms).
    pub reacted_at: Option<u64>,
    /// What just happened, shown on screen as well as said ("Yellow is back", "Link
    /// copied"), until the next move.
    pub news: Option<String>,
    /// The one-time token of the link that moves the person's seat to another device,
    /// once the server made one.
    pub handed: Option<Secret>,
    /// When the last ping went, and whether it waits for its answer (any message is one).
    pinged: u64,
    ping_unanswered: bool,
    /// The connection opened and no state came on it yet: the first says whether the
    /// server has the move sent.
    first_state: bool,
    /// The secret the page made to hold the seat it creates or joins: sent with every try
    /// until the server says the seat is taken, so that a try whose answer was lost finds
    /// the same seat again.
    claim: Option<Secret>,
}

impl OnlineRun {
    /// A page about to connect, to enter its game by `entry`.
    pub fn new(entry: Entry) -> OnlineRun {
        OnlineRun {
            entry,
            state: None,
            connection: Connection::Connecting { failures: 0 },
            sent: None,
            pinged: 0,
            ping_unanswered: false,
            arriving: [false; 2],
            rematched: false,
            name_sent: None,
            reacted_at: None,
            news: None,
            handed: None,
            first_state: false,
            claim: None,
        }
    }

    /// The colour a game to create is asked with, if it is one.
    pub fn seat_asked(&self) -> Option<Seat> {
        match self.entry {
            Entry::Create { seat, .. } => Some(seat),
            Entry::Join(_) | Entry::Resume(..) | Entry::Take(..) => None,
        }
    }

    /// Creates the game in `seat`'s colour instead (before the first connection).
    pub fn choose_seat(&mut self, seat: Seat) {
        if let Entry::Create { seat: asked, .. } = &mut self.entry {
            *asked = seat;
        }
    }

    /// The secret to hold the seat the page creates or joins with, made by the page (128
    /// random bits): kept from the first try on.
    pub fn claim_with(&mut self, secret: Secret) {
        let claims = matches!(
            self.entry,
            Entry::Create { .. } | Entry::Join(_) | Entry::Take(..)
        );
        if claims && self.claim.is_none() {
            self.claim = Some(secret);
        }
    }

    pub fn entry(&self) -> &Entry {
        &self.entry
    }

    /// The secret of the seat the page holds, once it has one.
    pub fn secret(&self) -> Option<&Secret> {
        match &self.entry {
            Entry::Resume(_, secret) => Some(secret),
            Entry::Create { .. } | Entry::Join(_) | Entry::Take(..) => None,
        }
    }

    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    pub fn connection(&self) -> Connection {
        self.connection
    }

    /// The game's id, once the server has said it.
    pub fn game(&self) -> Option<&GameId> {
        match (&self.state, &self.entry) {
            (Some(state), _) => Some(&state.game),
            (None, Entry::Join(game) | Entry::Resume(game, _) | Entry::Take(game, _)) => Some(game),
            (None, Entry::Create { .. }) => None,
        }
    }

    /// Who the page is in the game, once the server has said it.
    pub fn role(&self) -> Option<Role> {
        self.state.as_ref().map(|s| s.you)
    }

    pub fn seat(&self) -> Option<Seat> {
        match self.role()? {
            Role::Red => Some(Seat::Red),
            Role::Yellow => Some(Seat::Yellow),
            Role::Watcher => None,
        }
    }

    /// The position the server last said.
    pub fn position(&self) -> Option<Position> {
        self.state.as_ref()?.position()
    }

    /// Whether the person may move now: their seat's turn in a game that goes on, and no
    /// move of theirs waiting for its answer. The connection may be lost: the move waits.
    pub fn my_turn(&self) -> bool {
        let (Some(seat), Some(position)) = (self.seat(), self.position()) else {
            return false;
        };
        self.sent.is_none()
            && self.state.as_ref().is_some_and(|s| s.end.is_none())
            && !position.is_over()
            && position.current_player() == seat.player()
    }

    /// Whether the page came to this game by a rematch.
    pub fn rematched(&self) -> bool {
        self.rematched
    }

    /// Whether a move of the person's is on the board, not yet acknowledged.
    pub fn pending(&self) -> bool {
        self.sent.is_some()
    }

    /// The heartbeat, at `now` (ms): a ping every [`PING_EVERY_MS`] while the connection
    /// is open, and the connection lost if one goes unanswered for [`PONG_WITHIN_MS`].
    pub fn beat(&mut self, now: f64) -> Beat {
        if self.connection != Connection::Open {
            return Beat::Nothing;
        }
        let now = now.max(0.0) as u64;
        let since = now.saturating_sub(self.pinged);
        if self.ping_unanswered {
            // A timer that slept (a hidden tab's) is not a lost connection: only an
            // answer that did not come while the page was awake to hear it.
            return match since >= PONG_WITHIN_MS {
                true => Beat::Lost,
                false => Beat::Nothing,
            };
        }
        if since < PING_EVERY_MS {
            return Beat::Nothing;
        }
        self.pinged = now;
        self.ping_unanswered = true;
        Beat::Ping(ToServer::Ping {})
    }

    /// The connection opened, at `now`: what to send to enter the game.
    pub fn opened(&mut self, now: f64) -> ToServer {
        self.connection = Connection::Open;
        self.first_state = true;
        self.pinged = now.max(0.0) as u64;
        self.ping_unanswered = false;
        match &self.entry {
            Entry::Create { size, seat } => ToServer::Create {
                columns: size.width() as u8,
                rows: size.height() as u8,
                seat: *seat,
                secret: self.claim.clone(),
            },
            Entry::Join(game) => ToServer::Join {
                game: game.clone(),
                secret: self.claim.clone(),
            },
            Entry::Resume(game, secret) => ToServer::Resume {
                game: game.clone(),
                secret: secret.clone(),
            },
            // Without a secret of its own (no random source), the page watches.
            Entry::Take(game, token) => match &self.claim {
                Some(secret) => ToServer::Take {
                    game: game.clone(),
                    token: token.clone(),
                    secret: secret.clone(),
                },
                None => ToServer::Join {
                    game: game.clone(),
                    secret: None,
                },
            },
        }
    }

    /// The connection dropped (or could not be made): how long to wait before trying again,
    /// in milliseconds. It doubles with each failure in a row, up to 15 s, and `jitter`
    /// (from 0 to 1) spreads the pages that lost one server over half of that, so they do
    /// not all come back at once.
    pub fn closed(&mut self, jitter: f64) -> u32 {
        let failures = match self.connection {
            Connection::Open => 0,
            Connection::Connecting { failures } => failures.saturating_add(1),
        };
        self.connection = Connection::Connecting { failures };
        let wait = (RETRY_FIRST_MS * 2f64.powi(failures.min(16) as i32)).min(RETRY_MOST_MS);
        (wait * (0.5 + 0.5 * jitter.clamp(0.0, 1.0))).round() as u32
    }

    /// Whether no connection could be made [`UNREACHABLE_AFTER`] times in a row, before the
    /// page ever entered its game.
    pub fn unreachable(&self) -> bool {
        self.state.is_none()
            && matches!(self.connection, Connection::Connecting { failures } if failures >= UNREACHABLE_AFTER)
    }

    /// The person's move in `column`, if it is their turn: with the message to send, or
    /// none while the connection is lost (it goes once it is back).
    pub fn play(&mut self, column: usize) -> Option<Option<ToServer>> {
        let position = self.position()?;
        let game = self.game()?.clone();
        if !self.my_turn() || !position.can_play(column) {
            return None;
        }
        let number = position.move_count() as u16;
        self.sent = Some((number, column as u8));
        self.news = None;
        Some(
            (self.connection == Connection::Open).then_some(ToServer::Move {
                game,
                number,
                column: column as u8,
            }),
        )
    }

    /// A message from the server: what it means, and what to send back (a move of the
    /// person's the server did not get before the connection dropped, or the rematch's
    /// entry).
    pub fn received(&mut self, message: ToPage) -> (Vec<Heard>, Vec<ToServer>) {
        self.ping_unanswered = false;
        match message {
            ToPage::Seated { game, seat, secret } => {
                self.entry = Entry::Resume(game.clone(), secret.clone());
                self.claim = None;
                (vec![Heard::Seated { game, seat, secret }], Vec::new())
            }
            ToPage::State(state) => self.take(state),
            // A link to continue that was used, or a seat another device took meanwhile (a
            // reload, a rematch followed, after the seat moved): the page watches the game.
            ToPage::Refused {
                reason: Refusal::WrongSecret,
                ..
            } if matches!(self.entry, Entry::Take(..) | Entry::Resume(..)) => {
                let (Entry::Take(game, _) | Entry::Resume(game, _)) = &self.entry else {
                    return (Vec::new(), Vec::new());
                };
                let game = game.clone();
                let heard = match self.entry {
                    Entry::Take(..) => Heard::Spent,
                    _ => Heard::Taken(game.clone()),
                };
                self.entry = Entry::Join(game.clone());
                self.claim = None;
                self.sent = None;
                self.handed = None;
                (vec![heard], vec![ToServer::Join { game, secret: None }])
            }
            ToPage::Refused { reason, .. } => {
                // A refused move is not waiting any more: the board shows the server's game.
                // The person's move, shown at once, is taken back.
                let mut heard = Vec::new();
                if matches!(
                    reason,
                    Refusal::NotYourTurn
                        | Refusal::WrongNumber
                        | Refusal::BadColumn
                        | Refusal::Over
                ) && self.sent.take().is_some()
                {
                    heard.extend(self.position().map(Heard::Shown));
                }
                heard.push(Heard::Refused(reason));
                (heard, Vec::new())
            }
            ToPage::Restarting => (vec![Heard::Restarting], Vec::new()),
            ToPage::Pong {} => (Vec::new(), Vec::new()),
            ToPage::Reacted { seat, reaction } => {
                (vec![Heard::Reacted(seat, reaction)], Vec::new())
            }
            ToPage::Handed { game, token } if self.game() == Some(&game) => {
                self.handed = Some(token);
                (vec![Heard::Handed], Vec::new())
            }
            ToPage::Handed { .. } => (Vec::new(), Vec::new()),
            // The seat is another device's now: this page watches the game, and a move of
            // its that waited is not its to send (the controller shows the server's game).
            ToPage::Taken { game } if self.game() == Some(&game) => {
                self.entry = Entry::Join(game.clone());
                self.claim = None;
                self.sent = None;
                self.handed = None;
                (vec![Heard::Taken(game)], Vec::new())
            }
            ToPage::Taken { .. } => (Vec::new(), Vec::new()),
        }
    }

    /// The game as the server says it now.
    fn take(&mut self, state: GameState) -> (Vec<Heard>, Vec<ToServer>) {
        // The page has moved on (a rematch): what the game before says is not shown.
        if let Entry::Join(game) | Entry::Resume(game, _) | Entry::Take(game, _) = &self.entry {
            if *game != state.game {
                return (Vec::new(), Vec::new());
            }
        }
        let Some(position) = state.position() else {
            return (vec![Heard::Refused(Refusal::Unreadable)], Vec::new());
        };
        let mut heard = Vec::new();
        let mut send = Vec::new();
        let old = self.state.take();
        let same_game = old.as_ref().is_some_and(|o| o.game == state.game);
        let old_moves = old.as_ref().filter(|_| same_game).map(|o| o.moves.as_str());
        // The person's move, on the board since they made it: acknowledged once the game
        // has it (quietly), sent again if the first state after a reconnect does not have
        // it (the server answers every move it gets), taken back if the game went on
        // without it.
        let first = std::mem::take(&mut self.first_state);
        let mut pending = None;
        if let Some((number, column)) = self.sent {
            let played = position.move_count();
            if usize::from(number) < played {
                self.sent = None;
                let mine = state.moves.as_bytes()[usize::from(number)] == column + b'1';
                pending = Some((number, mine));
            } else if usize::from(number) == played && first {
                send.push(ToServer::Move {
                    game: state.game.clone(),
                    number,
                    column,
                });
            }
        }
        match old_moves {
            Some(moves) if moves == state.moves => {}
            Some(moves)
                if state.moves.len() == moves.len() + 1 && state.moves.starts_with(moves) =>
            {
                let column = usize::from(state.moves.as_bytes()[moves.len()] - b'1');
                let seat = Seat::of_move(moves.len());
                match pending {
                    // The person's own move is on the board already.
                    Some((number, true)) if usize::from(number) == moves.len() => {}
                    // Another move than the one shown: the board is shown again.
                    Some(_) => heard.push(Heard::Shown(position)),
                    None => heard.push(Heard::Moved { column, seat }),
                }
            }
            _ => heard.push(Heard::Shown(self.shown_with(&position))),
        }
        if same_game {
            if let Some(old) = &old {
                // The person's own seat is not news to them (a reload's old connection going).
                let mine = Some(state.you);
                for seat in Seat::BOTH
                    .into_iter()
                    .filter(|s| Some(Role::from(*s)) != mine)
                {
                    let (before, now) = (old.seats[seat.index()], state.seats[seat.index()]);
                    match (before, now) {
                        (Presence::Empty, Presence::Here) => heard.push(Heard::Joined(seat)),
                        (Presence::Here, Presence::Away { .. }) => heard.push(Heard::Away(seat)),
                        // Coming to the rematch is not coming back: the rematch was said.
                        (Presence::Away { .. }, Presence::Here) if self.arriving[seat.index()] => {}
                        (Presence::Away { .. }, Presence::Here) => heard.push(Heard::Back(seat)),
                        (Presence::Here | Presence::Away { .. }, Presence::Left) => {
                            heard.push(Heard::Left(seat))
                        }
                        _ => {}
                    }
                }
                if old.end.is_none() {
                    heard.extend(state.end.map(Heard::Ended));
                }
                for seat in Seat::BOTH {
                    let (i, other) = (seat.index(), seat.other().index());
                    if !old.rematch[i] && state.rematch[i] && !state.rematch[other] {
                        heard.push(Heard::RematchAsked(seat));
                    }
                }
            }
        }
        // Once come to the rematch, a player's going and coming back is news again.
        for seat in Seat::BOTH {
            if state.seats[seat.index()] == Presence::Here {
                self.arriving[seat.index()] = false;
            }
        }
        // The rematch has begun (now, or before the page came back to this game): a player
        // enters it with their secret, a watcher watches it.
        let known = same_game && old.as_ref().is_some_and(|o| o.next.is_some());
        if let Some(next) = state.next.as_ref().filter(|_| !known) {
            // Said as it happens; followed quietly on coming back to a game long over.
            let said = same_game && old.is_some();
            heard.push(Heard::Rematch {
                game: next.clone(),
                said,
            });
            self.arriving = [true; 2];
            self.rematched = true;
            self.handed = None;
            match &self.entry {
                Entry::Resume(_, secret) => {
                    let (next, secret) = (next.clone(), secret.clone());
                    self.entry = Entry::Resume(next.clone(), secret.clone());
                    send.push(ToServer::Resume { game: next, secret });
                }
                Entry::Join(_) | Entry::Create { .. } | Entry::Take(..) => {
                    self.entry = Entry::Join(next.clone());
                    self.claim = None;
                    send.push(ToServer::Join {
                        game: next.clone(),
                        secret: None,
                    });
                }
            }
        }
        self.state = Some(state);
        (heard, send)
    }

    /// `position` (the server's), with the person's move waiting for it.
    fn shown_with(&self, position: &Position) -> Position {
        let mut shown = *position;
        if let Some((number, column)) = self.sent {
            if usize::from(number) == shown.move_count() {
                let _ = shown.play(column.into());
            }
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> GameId {
        GameId::from_bytes([n; 8])
    }

    fn state(game: &GameId, moves: &str, you: Role, seats: [Presence; 2]) -> ToPage {
        ToPage::State(GameState {
            game: game.clone(),
            columns: 7,
            rows: 6,
            moves: moves.into(),
            you,
            seats,
            end: None,
            rematch: [false, false],
            next: None,
            wins: [0, 0],
            names: [None, None],
        })
    }

    const BOTH: [Presence; 2] = [Presence::Here, Presence::Here];

    /// A run that created a game as Red, seated, with Yellow joined and `moves` played.
    fn red_in(moves: &str) -> OnlineRun {
        let mut run = OnlineRun::new(Entry::Create {
            size: Size::CLASSIC,
            seat: Seat::Red,
        });
        run.opened(0.0);
        let secret = Secret::from_bytes([5; 16]);
        run.received(ToPage::Seated {
            game: id(1),
            seat: Seat::Red,
            secret,
        });
        run.received(state(&id(1), moves, Role::Red, BOTH));
        run
    }

    /// The seat's secret the page made goes with every try to create or join, the same each
    /// time until the server says the seat is taken: a try whose answer was lost finds the
    /// same game and seat again.
    #[test]
    fn the_pages_secret_goes_with_every_try_until_seated() {
        let mut run = OnlineRun::new(Entry::Join(id(4)));
        let mine = Secret::from_bytes([5; 16]);
        run.claim_with(mine.clone());
        run.claim_with(Secret::from_bytes([6; 16]));
        let join = ToServer::Join {
            game: id(4),
            secret: Some(mine.clone()),
        };
        assert_eq!(run.opened(0.0), join);
        run.closed(0.5);
        assert_eq!(
            run.opened(0.0),
            join,
            "the same secret on the next connection"
        );
        run.received(ToPage::Seated {
            game: id(4),
            seat: Seat::Yellow,
            secret: mine.clone(),
        });
        assert_eq!(
            run.opened(0.0),
            ToServer::Resume {
                game: id(4),
                secret: mine
            }
        );
    }

    #[test]
    fn a_created_game_is_entered_again_by_its_secret() {
        let mut run = OnlineRun::new(Entry::Create {
            size: Size::new(8, 7).unwrap(),
            seat: Seat::Yellow,
        });
        assert!(matches!(
            run.opened(0.0),
            ToServer::Create {
                columns: 8,
                rows: 7,
                seat: Seat::Yellow,
                ..
            }
        ));
        let secret = Secret::from_bytes([9; 16]);
        let (heard, _) = run.received(ToPage::Seated {
            game: id(2),
            seat: Seat::Yellow,
            secret: secret.clone(),
        });
        assert!(matches!(
            heard[..],
            [Heard::Seated {
                seat: Seat::Yellow,
                ..
            }]
        ));
        // The connection drops; on the next it resumes the seat.
        run.closed(0.5);
        assert_eq!(
            run.opened(0.0),
            ToServer::Resume {
                game: id(2),
                secret
            }
        );
    }

    #[test]
    fn moves_go_only_on_the_persons_turn_and_one_at_a_time() {
        let mut run = red_in("");
        assert!(run.my_turn());
        let sent = run.play(3).unwrap();
        assert_eq!(
            sent,
            Some(ToServer::Move {
                game: id(1),
                number: 0,
                column: 3
            })
        );
        assert!(!run.my_turn(), "one move at a time");
        assert!(run.pending());
        assert_eq!(run.play(2), None);
        // The board showed it when it was made: its acknowledgement is quiet.
        let (heard, send) = run.received(state(&id(1), "4", Role::Red, BOTH));
        assert!(heard.is_empty(), "{heard:?}");
        assert!(send.is_empty());
        assert!(!run.pending());
        assert!(!run.my_turn(), "Yellow's turn");
        let (heard, _) = run.received(state(&id(1), "43", Role::Red, BOTH));
        assert_eq!(
            heard,
            [Heard::Moved {
                column: 2,
                seat: Seat::Yellow
            }]
        );
        assert!(run.my_turn());
    }

    #[test]
    fn a_move_the_server_refuses_is_taken_back() {
        let mut run = red_in("44");
        run.play(2).unwrap();
        let (heard, _) = run.received(ToPage::Refused {
            reason: Refusal::WrongNumber,
            detail: String::new(),
        });
        let server = Position::from_moves_on(Size::CLASSIC, "44").unwrap();
        assert_eq!(
            heard,
            [Heard::Shown(server), Heard::Refused(Refusal::WrongNumber)]
        );
        assert!(run.my_turn() && !run.pending());
        // A refusal of something else leaves a move shown alone.
        run.play(2).unwrap();
        let (heard, _) = run.received(ToPage::Refused {
            reason: Refusal::TooFast,
            detail: String::new(),
        });
        assert_eq!(heard, [Heard::Refused(Refusal::TooFast)]);
        assert!(run.pending());
    }

    /// The first state after a reconnect has no move 0: the person's (column 3) is sent
    /// again, and the board, which shows it, hears nothing.
    fn resent_if_missing(run: &mut OnlineRun) {
        let (heard, send) = run.received(state(&id(1), "", Role::Red, BOTH));
        assert!(heard.is_empty(), "the board shows it already: {heard:?}");
        let again = ToServer::Move {
            game: id(1),
            number: 0,
            column: 3,
        };
        assert_eq!(send, [again]);
    }

    #[test]
    fn a_move_made_while_the_connection_is_lost_waits_for_it() {
        let mut run = red_in("");
        run.closed(0.5);
        // Made at once on the board, sent once the connection is back.
        assert_eq!(run.play(3), Some(None));
        assert!(run.pending() && !run.my_turn());
        run.opened(0.0);
        resent_if_missing(&mut run.clone());
        // Seen again after a reload of the state (another game shown): the move with it.
        let mut shown = run.clone();
        shown.state = None;
        let (heard, _) = shown.received(state(&id(1), "", Role::Red, BOTH));
        let with_move = Position::from_moves_on(Size::CLASSIC, "4").unwrap();
        assert_eq!(heard, [Heard::Shown(with_move)]);
        let (heard, _) = run.received(state(&id(1), "4", Role::Red, BOTH));
        assert!(heard.is_empty(), "{heard:?}");
        assert!(!run.pending());
    }

    #[test]
    fn the_heartbeat_pings_and_finds_a_silent_connection_lost() {
        let mut run = red_in("");
        run.opened(10_000.0);
        assert_eq!(run.beat(11_000.0), Beat::Nothing);
        assert_eq!(run.beat(12_000.0), Beat::Ping(ToServer::Ping {}));
        // Answered: the next ping comes a period later.
        run.received(ToPage::Pong {});
        assert_eq!(run.beat(13_000.0), Beat::Nothing);
        assert_eq!(run.beat(14_000.0), Beat::Ping(ToServer::Ping {}));
        // Not answered: lost once the answer is overdue, not before.
        assert_eq!(run.beat(16_999.0), Beat::Nothing);
        assert_eq!(run.beat(17_000.0), Beat::Lost);
        // A closed connection has no heartbeat.
        run.closed(0.5);
        assert_eq!(run.beat(30_000.0), Beat::Nothing);
    }

    #[test]
    fn a_move_lost_with_the_connection_is_sent_again_once() {
        let mut run = red_in("");
        run.play(3).unwrap();
        run.closed(0.0);
        assert!(!run.my_turn());
        run.opened(0.0);
        // The server did not get it: the first state after the reconnect shows no move.
        resent_if_missing(&mut run.clone());
        // The server did get it: acknowledged (the board shows it), nothing sent again.
        let (heard, send) = run.received(state(&id(1), "4", Role::Red, BOTH));
        assert!(heard.is_empty(), "{heard:?}");
        assert!(send.is_empty());
        assert_eq!(run.sent, None);
    }

    #[test]
    fn presence_and_the_end_are_heard_once() {
        let mut run = red_in("");
        let away = [Presence::Here, Presence::Away { ms: 10 }];
        let (heard, _) = run.received(state(&id(1), "", Role::Red, away));
        assert_eq!(heard, [Heard::Away(Seat::Yellow)]);
        let (heard, _) = run.received(state(&id(1), "", Role::Red, away));
        assert!(heard.is_empty());
        let (heard, _) = run.received(state(&id(1), "", Role::Red, BOTH));
        assert_eq!(heard, [Heard::Back(Seat::Yellow)]);
        let ToPage::State(mut over) = state(&id(1), "", Role::Red, BOTH) else {
            unreachable!()
        };
        over.end = Some(End::Resigned { seat: Seat::Yellow });
        let (heard, _) = run.received(ToPage::State(over.clone()));
        assert_eq!(heard, [Heard::Ended(End::Resigned { seat: Seat::Yellow })]);
        assert!(!run.my_turn());
        // Both asked for a rematch: the page enters it with its secret.
        over.next = Some(id(3));
        let (heard, send) = run.received(ToPage::State(over.clone()));
        assert_eq!(
            heard,
            [Heard::Rematch {
                game: id(3),
                said: true
            }]
        );
        assert!(matches!(&send[..], [ToServer::Resume { game, .. }] if *game == id(3)));
        // What the game before says from now on is not shown: the page is in the rematch.
        over.seats = [Presence::Here, Presence::Away { ms: 5 }];
        assert_eq!(run.received(ToPage::State(over)), (Vec::new(), Vec::new()));
    }

    #[test]
    fn a_watcher_follows_the_rematch() {
        let mut run = OnlineRun::new(Entry::Join(id(4)));
        run.opened(0.0);
        run.received(state(&id(4), "4", Role::Watcher, BOTH));
        let ToPage::State(mut over) = state(&id(4), "4", Role::Watcher, BOTH) else {
            unreachable!()
        };
        over.end = Some(End::Resigned { seat: Seat::Red });
        over.rematch = [false, true];
        let (heard, _) = run.received(ToPage::State(over.clone()));
        assert_eq!(
            heard,
            [
                Heard::Ended(End::Resigned { seat: Seat::Red }),
                Heard::RematchAsked(Seat::Yellow)
            ]
        );
        over.rematch = [true, true];
        over.next = Some(id(5));
        let (heard, send) = run.received(ToPage::State(over));
        assert_eq!(
            heard,
            [Heard::Rematch {
                game: id(5),
                said: true
            }]
        );
        let join = ToServer::Join {
            game: id(5),
            secret: None,
        };
        assert_eq!(send, std::slice::from_ref(&join));
        run.closed(0.0);
        assert_eq!(run.opened(0.0), join);
    }

    #[test]
    fn a_watcher_never_moves() {
        let mut run = OnlineRun::new(Entry::Join(id(4)));
        run.opened(0.0);
        run.received(state(&id(4), "44", Role::Watcher, BOTH));
        assert!(!run.my_turn());
        assert_eq!(run.play(0), None);
    }

    #[test]
    fn the_wait_before_connecting_again_grows_and_is_spread() {
        let mut run = OnlineRun::new(Entry::Join(id(4)));
        run.opened(0.0);
        let waits: Vec<u32> = (0..8).map(|_| run.closed(1.0)).collect();
        assert_eq!(waits[..4], [500, 1000, 2000, 4000]);
        assert_eq!(*waits.last().unwrap(), 15_000);
        run.opened(0.0);
        assert_eq!(
            run.closed(0.0),
            250,
            "after a connection that opened, from the start"
        );
    }
}
