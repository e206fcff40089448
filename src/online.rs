//! The online game's messages, between a page and the game's server (`crates/server`), as
//! JSON text frames on one WebSocket: plain objects with one key, the message's name,
//! `{ "move": { "game": "…", "number": 4, "column": 3 } }`. Both sides read and write these
//! types, so they cannot disagree. The server is the only judge: every [`ToServer::Move`]
//! names the move number it expects (the moves played before it), so a move resent after a
//! reconnect is played once, and a move made against a stale board is refused.

use crate::engine::{Player, Position, Size};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest frame a page may send, in bytes.
pub const MAX_FRAME: usize = 1024;

/// The version of these messages. A page sends it with its WebSocket's address
/// (`/online?v=2`); a server that cannot serve it answers [`Refusal::Version`] and closes.
/// Raised whenever a message changes in a way the other side would misread (2: heartbeats,
/// a seat left for good, the series' wins, names and reactions).
pub const PROTOCOL: u32 = 2;

/// How often a page pings the server while its connection is open, and how long it waits
/// for an answer before it takes the connection for lost (a phone gone out of reach says
/// nothing): a lost connection is noticed within their sum.
pub const PING_EVERY_MS: u64 = 2_000;
pub const PONG_WITHIN_MS: u64 = 3_000;

/// A game's id: 16 lowercase hex digits (64 random bits), the part of an invite link
/// (`#join=…`) that names the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

/// A seat's secret: 32 lowercase hex digits (128 random bits). The page keeps it for the
/// game; the server keeps only its hash.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Secret(String);

fn hex_of_len(text: &str, len: usize) -> bool {
    text.len() == len
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl GameId {
    pub const LEN: usize = 16;

    /// The id written with `bytes` (from the OS's random source).
    pub fn from_bytes(bytes: [u8; 8]) -> GameId {
        GameId(hex(&bytes))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Secret {
    pub const LEN: usize = 32;

    pub fn from_bytes(bytes: [u8; 16]) -> Secret {
        Secret(hex(&bytes))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

use crate::hex::hex;

impl TryFrom<String> for GameId {
    type Error = String;
    fn try_from(text: String) -> Result<GameId, String> {
        match hex_of_len(&text, GameId::LEN) {
            true => Ok(GameId(text)),
            false => Err(format!("a game's id is {} hex digits", GameId::LEN)),
        }
    }
}

impl TryFrom<String> for Secret {
    type Error = String;
    fn try_from(text: String) -> Result<Secret, String> {
        match hex_of_len(&text, Secret::LEN) {
            true => Ok(Secret(text)),
            false => Err(format!("a seat's secret is {} hex digits", Secret::LEN)),
        }
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl From<Secret> for String {
    fn from(secret: Secret) -> String {
        secret.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Never written out: a secret in a log is a seat given away.
impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Red,
    Yellow,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::Red, Seat::Yellow];

    pub fn player(self) -> Player {
        match self {
            Seat::Red => Player::First,
            Seat::Yellow => Player::Second,
        }
    }

    pub fn of(player: Player) -> Seat {
        match player {
            Player::First => Seat::Red,
            Player::Second => Seat::Yellow,
        }
    }

    /// Who plays move `number` (0-based): Red the even ones.
    pub fn of_move(number: usize) -> Seat {
        match number % 2 {
            0 => Seat::Red,
            _ => Seat::Yellow,
        }
    }

    pub fn other(self) -> Seat {
        Seat::of(self.player().other())
    }

    pub fn index(self) -> usize {
        match self {
            Seat::Red => 0,
            Seat::Yellow => 1,
        }
    }

    /// Its name in a message (as serde writes it: a test checks).
    pub fn named(name: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| Role::from(*s).name() == name)
    }
}

/// What a page asks of the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum ToServer {
    /// A new game on a board of `columns` x `rows`, the asker in `seat`. With `secret`
    /// (128 random bits the page made), the seat is held by it, and the same message sent
    /// again (its answer lost with the connection) finds the same game: no second one.
    Create {
        columns: u8,
        rows: u8,
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<Secret>,
    },
    /// Takes the free seat of `game`, or watches it if both are taken. With `secret`, the
    /// seat is held by it, and the same message sent again takes the same seat back.
    Join {
        game: GameId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<Secret>,
    },
    /// Takes back the seat whose secret this is (after a reload or a lost connection).
    Resume { game: GameId, secret: Secret },
    /// A move in `column` (0-based), as move `number` (the moves played before it).
    Move {
        game: GameId,
        number: u16,
        column: u8,
    },
    /// Gives the game up.
    Resign { game: GameId },
    /// Asks for a new game, colours swapped; it starts when both players ask.
    Rematch { game: GameId },
    /// Claims the win: the other player has been away on their turn for
    /// [`CLAIM_AFTER_MS`].
    Claim { game: GameId },
    /// Leaves the game for good: once it is over, the other player hears the seat is
    /// [`Presence::Left`], and a rematch cannot come. (Before, the seat is away: its
    /// player may come back.)
    Leave { game: GameId },
    /// Is the connection alive? Answered with [`ToPage::Pong`], every [`PING_EVERY_MS`].
    Ping {},
    /// The name the seat's player goes by (at most [`NAME_MAX`] characters; empty: none).
    Name { game: GameId, name: String },
    /// One of the [`REACTIONS`], by its number, to the others in the game (at most one
    /// every [`REACT_EVERY_MS`]).
    React { game: GameId, reaction: u8 },
    /// Moves the seat to another device: the server makes a one-time `token` for it
    /// ([`ToPage::Handed`]), which that device sends with [`ToServer::Take`]. Until then
    /// the seat stays here; a new one replaces the last.
    Hand { game: GameId },
    /// Takes the seat a [`ToPage::Handed`] token was made for, to be held from now on by
    /// `secret` (made by this page, as with [`ToServer::Join`]: the same message sent again
    /// finds the seat it took). The device it came from watches from then on
    /// ([`ToPage::Taken`]).
    Take {
        game: GameId,
        token: Secret,
        secret: Secret,
    },
}

/// The longest name, in characters.
pub const NAME_MAX: usize = 20;

/// The reactions a player may send: no free text, so nothing to moderate. Each is an emoji
/// and the words a screen reader says for it (in the page's texts).
pub const REACTIONS: [&str; 6] = ["👍", "👏", "😮", "😅", "🤔", "👋"];

/// The shortest time between two reactions from one page.
pub const REACT_EVERY_MS: u64 = 2_000;

/// A player's name as the server keeps it: trimmed, its inner spaces single, and no
/// control or formatting characters; `None` if nothing is left, an error if too long.
pub fn clean_name(name: &str) -> Result<Option<String>, String> {
    let kept: String = name
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'))
        .collect();
    let words: Vec<&str> = kept.split_whitespace().collect();
    let clean = words.join(" ");
    match clean.chars().count() {
        0 => Ok(None),
        n if n > NAME_MAX => Err(format!("a name has at most {NAME_MAX} characters, not {n}")),
        _ => Ok(Some(clean)),
    }
}

/// How long a player must be away on their own turn before the other may claim the win.
pub const CLAIM_AFTER_MS: u64 = 120_000;

/// Whether a seat's player is connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Presence {
    /// Nobody has taken the seat yet.
    Empty,
    Here,
    /// Gone. `ms` counts what a claim needs: the time gone while it is their own turn (0 on
    /// the other player's turn).
    Away {
        ms: u64,
    },
    /// Gone for good from a game that is over: no rematch.
    Left,
}

/// Who the page is in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Red,
    Yellow,
    Watcher,
}

impl Role {
    /// Its name in a message (as serde writes it: a test checks).
    pub fn name(self) -> &'static str {
        match self {
            Role::Red => "red",
            Role::Yellow => "yellow",
            Role::Watcher => "watcher",
        }
    }

    pub fn named(name: &str) -> Option<Role> {
        [Role::Red, Role::Yellow, Role::Watcher]
            .into_iter()
            .find(|r| r.name() == name)
    }
}

impl From<Seat> for Role {
    fn from(seat: Seat) -> Role {
        match seat {
            Seat::Red => Role::Red,
            Seat::Yellow => Role::Yellow,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum End {
    /// Four in a row, or a full board: the position says which.
    Played,
    /// `seat` gave up.
    Resigned { seat: Seat },
    /// `seat` claimed the win while the other was away on their turn.
    Claimed { seat: Seat },
}

/// A game as it stands: sent on joining or resuming, and after every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    pub game: GameId,
    pub columns: u8,
    pub rows: u8,
    /// Every move, in Pons' notation (1-based columns, one digit each).
    pub moves: String,
    /// Who the page is.
    pub you: Role,
    /// Red's and Yellow's presence.
    pub seats: [Presence; 2],
    /// How it ended, once it has.
    pub end: Option<End>,
    /// Who has asked for a rematch: Red, Yellow.
    pub rematch: [bool; 2],
    /// The rematch's game, once both asked.
    pub next: Option<GameId>,
    /// The games won in the series of rematches this one belongs to (this one too, once it
    /// is over), by the player now in each seat: Red, Yellow.
    pub wins: [u16; 2],
    /// The names Red's and Yellow's players go by, if they gave one.
    pub names: [Option<String>; 2],
}

impl GameState {
    /// The position the moves make, if they are a game on its size (the server's always are).
    pub fn position(&self) -> Option<Position> {
        let size = Size::new(self.columns.into(), self.rows.into()).ok()?;
        Position::from_moves_on(size, &self.moves).ok()
    }
}

/// Why the server refused a message. The page says it; the game is as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// Not a message this server reads (malformed, binary, unknown).
    Unreadable,
    /// Over [`MAX_FRAME`] bytes.
    TooLong,
    /// Too many messages in a short time.
    TooFast,
    /// Too many games created from one address in a minute.
    TooManyGames,
    /// Too many watchers already.
    TooManyWatchers,
    /// No such game, or it has expired.
    NoSuchGame,
    /// The size is not one the game plays.
    BadSize,
    /// The secret is not this game's.
    WrongSecret,
    /// A watcher cannot move.
    Watching,
    /// Not this seat's turn.
    NotYourTurn,
    /// The move number is not the one expected.
    WrongNumber,
    /// No such column, or it is full.
    BadColumn,
    /// The game is over.
    Over,
    /// The game is not over yet (a rematch waits for its end).
    NotOver,
    /// Not yet: the other player is here, or not away long enough, or it is not their turn.
    CannotClaim,
    /// The server is stopping: connect again in a moment.
    Restarting,
    /// The page and the server speak different versions of this protocol
    /// ([`PROTOCOL`]): the page is older (a service worker kept it) and must reload.
    Version,
    /// The other player has left the game: no rematch.
    Left,
}

impl Refusal {
    pub const ALL: [Refusal; 18] = [
        Refusal::Unreadable,
        Refusal::TooLong,
        Refusal::TooFast,
        Refusal::TooManyGames,
        Refusal::TooManyWatchers,
        Refusal::NoSuchGame,
        Refusal::BadSize,
        Refusal::WrongSecret,
        Refusal::Watching,
        Refusal::NotYourTurn,
        Refusal::WrongNumber,
        Refusal::BadColumn,
        Refusal::Over,
        Refusal::NotOver,
        Refusal::CannotClaim,
        Refusal::Restarting,
        Refusal::Version,
        Refusal::Left,
    ];

    /// Its name in a message (as serde writes it: a test checks): the page reads messages
    /// by hand, which keeps a general deserialiser out of its module.
    pub fn name(self) -> &'static str {
        match self {
            Refusal::Unreadable => "unreadable",
            Refusal::TooLong => "too-long",
            Refusal::TooFast => "too-fast",
            Refusal::TooManyGames => "too-many-games",
            Refusal::TooManyWatchers => "too-many-watchers",
            Refusal::NoSuchGame => "no-such-game",
            Refusal::BadSize => "bad-size",
            Refusal::WrongSecret => "wrong-secret",
            Refusal::Watching => "watching",
            Refusal::NotYourTurn => "not-your-turn",
            Refusal::WrongNumber => "wrong-number",
            Refusal::BadColumn => "bad-column",
            Refusal::Over => "over",
            Refusal::NotOver => "not-over",
            Refusal::CannotClaim => "cannot-claim",
            Refusal::Restarting => "restarting",
            Refusal::Version => "version",
            Refusal::Left => "left",
        }
    }

    pub fn named(name: &str) -> Option<Refusal> {
        Refusal::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// What the server tells a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ToPage {
    /// The page's seat in `game` and its secret, to keep (after creating or joining).
    Seated {
        game: GameId,
        seat: Seat,
        secret: Secret,
    },
    /// The game as it stands.
    State(GameState),
    /// A message was refused: why, and (for developers) what it was.
    Refused { reason: Refusal, detail: String },
    /// The server is restarting: connect again.
    Restarting,
    /// The answer to a [`ToServer::Ping`].
    Pong {},
    /// `seat`'s player sent one of the [`REACTIONS`].
    Reacted { seat: Seat, reaction: u8 },
    /// The one-time token that moves the page's seat in `game` to another device
    /// (the answer to [`ToServer::Hand`]): it goes in a link's fragment, `#join=…&take=…`.
    Handed { game: GameId, token: Secret },
    /// The page's seat in `game` was taken by another device with a [`ToPage::Handed`]
    /// token: this page watches from now on, and its secret holds nothing.
    Taken { game: GameId },
}

impl ToServer {
    /// Reads a frame, refused with a reason if it is not a message.
    ///
    /// # Errors
    /// [`Refusal::TooLong`] past [`MAX_FRAME`] bytes, [`Refusal::Unreadable`] otherwise.
    pub fn decode(text: &str) -> Result<ToServer, (Refusal, String)> {
        if text.len() > MAX_FRAME {
            return Err((
                Refusal::TooLong,
                format!("{} bytes, at most {MAX_FRAME}", text.len()),
            ));
        }
        serde_json::from_str(text).map_err(|e| (Refusal::Unreadable, e.to_string()))
    }

    /// The game it is about, if it names one.
    pub fn game(&self) -> Option<&GameId> {
        match self {
            ToServer::Create { .. } | ToServer::Ping {} => None,
            ToServer::Join { game, .. }
            | ToServer::Resume { game, .. }
            | ToServer::Move { game, .. }
            | ToServer::Resign { game }
            | ToServer::Rematch { game }
            | ToServer::Claim { game }
            | ToServer::Leave { game }
            | ToServer::Name { game, .. }
            | ToServer::React { game, .. }
            | ToServer::Hand { game }
            | ToServer::Take { game, .. } => Some(game),
        }
    }
}

impl ToServer {
    /// The message as the page sends it: written by hand (`crate::json`), which keeps
    /// serde's serialiser out of the page's module. A test checks it against serde's.
    pub fn encode(&self) -> String {
        use crate::json::{to_string, Json, Object};
        let (name, fields): (&str, Vec<(&str, &dyn Json)>) = match self {
            ToServer::Create {
                columns,
                rows,
                seat,
                secret,
            } => {
                let mut fields: Vec<(&str, &dyn Json)> =
                    vec![("columns", columns), ("rows", rows), ("seat", seat)];
                if let Some(secret) = secret {
                    fields.push(("secret", secret));
                }
                ("create", fields)
            }
            ToServer::Join { game, secret } => {
                let mut fields: Vec<(&str, &dyn Json)> = vec![("game", game)];
                if let Some(secret) = secret {
                    fields.push(("secret", secret));
                }
                ("join", fields)
            }
            ToServer::Resume { game, secret } => {
                ("resume", vec![("game", game), ("secret", secret)])
            }
            ToServer::Move {
                game,
                number,
                column,
            } => (
                "move",
                vec![("game", game), ("number", number), ("column", column)],
            ),
            ToServer::Resign { game } => ("resign", vec![("game", game)]),
            ToServer::Rematch { game } => ("rematch", vec![("game", game)]),
            ToServer::Claim { game } => ("claim", vec![("game", game)]),
            ToServer::Leave { game } => ("leave", vec![("game", game)]),
            ToServer::Name { game, name } => ("name", vec![("game", game), ("name", name)]),
            ToServer::React { game, reaction } => {
                ("react", vec![("game", game), ("reaction", reaction)])
            }
            ToServer::Ping {} => ("ping", vec![]),
            ToServer::Hand { game } => ("hand", vec![("game", game)]),
            ToServer::Take {
                game,
                token,
                secret,
            } => (
                "take",
                vec![("game", game), ("token", token), ("secret", secret)],
            ),
        };
        to_string(&Object(&[(name, &Object(&fields))]))
    }
}

impl crate::json::Json for GameId {
    fn write(&self, out: &mut crate::json::Out) {
        self.0.write(out);
    }
}

impl crate::json::Json for Secret {
    fn write(&self, out: &mut crate::json::Out) {
        self.0.write(out);
    }
}

impl crate::json::Json for Seat {
    fn write(&self, out: &mut crate::json::Out) {
        Role::from(*self).name().write(out);
    }
}

impl ToPage {
    pub fn encode(&self) -> String {
        // Plain strings, numbers and enums: writing them cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn id() -> GameId {
        GameId::from_bytes([0xab, 1, 2, 3, 4, 5, 6, 0xff])
    }

    #[test]
    fn messages_have_their_shape() {
        let text = r#"{"move":{"game":"ab010203040506ff","number":4,"column":3}}"#;
        assert_eq!(
            ToServer::decode(text),
            Ok(ToServer::Move {
                game: id(),
                number: 4,
                column: 3
            })
        );
        let create = r#"{"create":{"columns":7,"rows":6,"seat":"yellow"}}"#;
        assert!(matches!(
            ToServer::decode(create),
            Ok(ToServer::Create {
                seat: Seat::Yellow,
                ..
            })
        ));
        let state = ToPage::State(GameState {
            game: id(),
            columns: 7,
            rows: 6,
            moves: "44".into(),
            you: Role::Watcher,
            seats: [Presence::Here, Presence::Away { ms: 1500 }],
            end: None,
            rematch: [false, false],
            next: None,
            wins: [0, 0],
            names: [None, None],
        });
        assert_eq!(
            serde_json::to_value(&state).unwrap(),
            json!({ "state": { "game": "ab010203040506ff", "columns": 7, "rows": 6, "moves": "44",
                "you": "watcher", "seats": ["here", { "away": { "ms": 1500 } }], "end": null,
                "rematch": [false, false], "next": null, "wins": [0, 0], "names": [null, null] } })
        );
        let refused = ToPage::Refused {
            reason: Refusal::NotYourTurn,
            detail: String::new(),
        };
        assert_eq!(
            refused.encode(),
            r#"{"refused":{"reason":"not-your-turn","detail":""}}"#
        );
    }

    #[test]
    fn the_page_writes_each_message_as_serde_does() {
        let secret = Secret::from_bytes([7; 16]);
        for message in [
            ToServer::Create {
                columns: 9,
                rows: 7,
                seat: Seat::Yellow,
                secret: Some(secret.clone()),
            },
            ToServer::Create {
                columns: 7,
                rows: 6,
                seat: Seat::Red,
                secret: None,
            },
            ToServer::Join {
                game: id(),
                secret: Some(secret.clone()),
            },
            ToServer::Join {
                game: id(),
                secret: None,
            },
            ToServer::Resume {
                game: id(),
                secret: secret.clone(),
            },
            ToServer::Move {
                game: id(),
                number: 41,
                column: 6,
            },
            ToServer::Resign { game: id() },
            ToServer::Rematch { game: id() },
            ToServer::Claim { game: id() },
            ToServer::Leave { game: id() },
            ToServer::Ping {},
            ToServer::Name {
                game: id(),
                name: "Ann \"<b>\" \\ é 👋".into(),
            },
            ToServer::React {
                game: id(),
                reaction: 5,
            },
            ToServer::Hand { game: id() },
            ToServer::Take {
                game: id(),
                token: Secret::from_bytes([3; 16]),
                secret: Secret::from_bytes([4; 16]),
            },
        ] {
            let text = message.encode();
            assert_eq!(text, serde_json::to_string(&message).unwrap());
            assert_eq!(ToServer::decode(&text), Ok(message));
        }
    }

    #[test]
    fn bad_frames_are_refused_with_a_reason() {
        for (text, reason) in [
            ("", Refusal::Unreadable),
            ("{}", Refusal::Unreadable),
            ("[1]", Refusal::Unreadable),
            (
                r#"{"move":{"game":"AB010203040506FF","number":0,"column":0}}"#,
                Refusal::Unreadable,
            ),
            (
                r#"{"move":{"game":"ab01","number":0,"column":0}}"#,
                Refusal::Unreadable,
            ),
            (
                r#"{"move":{"game":"ab010203040506ff","number":-1,"column":0}}"#,
                Refusal::Unreadable,
            ),
            (
                r#"{"move":{"game":"ab010203040506ff","number":0,"column":0,"x":1}}"#,
                Refusal::Unreadable,
            ),
            (
                r#"{"resume":{"game":"ab010203040506ff","secret":"00"}}"#,
                Refusal::Unreadable,
            ),
            (r#"{"drop":{}}"#, Refusal::Unreadable),
        ] {
            assert_eq!(
                ToServer::decode(text).map_err(|e| e.0),
                Err(reason),
                "{text}"
            );
        }
        let long = format!(r#"{{"join":{{"game":"{}"}}}}"#, "a".repeat(MAX_FRAME));
        assert_eq!(
            ToServer::decode(&long).map_err(|e| e.0),
            Err(Refusal::TooLong)
        );
    }

    /// The names the page reads messages by are the ones serde writes.
    #[test]
    fn names_are_serdes() {
        let written = |v: serde_json::Value| v.as_str().unwrap().to_owned();
        for r in Refusal::ALL {
            assert_eq!(written(serde_json::to_value(r).unwrap()), r.name());
            assert_eq!(Refusal::named(r.name()), Some(r));
        }
        for r in [Role::Red, Role::Yellow, Role::Watcher] {
            assert_eq!(written(serde_json::to_value(r).unwrap()), r.name());
            assert_eq!(Role::named(r.name()), Some(r));
        }
        for s in Seat::BOTH {
            let name = written(serde_json::to_value(s).unwrap());
            assert_eq!(Seat::named(&name), Some(s));
        }
        assert_eq!(Refusal::named("Over"), None);
    }

    #[test]
    fn a_secret_is_never_written_in_a_log() {
        let secret = Secret::from_bytes([7; 16]);
        assert_eq!(format!("{secret:?}"), "Secret(…)");
        assert_eq!(secret.as_str().len(), Secret::LEN);
    }
}
