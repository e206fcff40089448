//! Share links: the position and who plays each side in a URL's fragment, e.g.
//! `#moves=4453&yellow=hard`, or on another board `#size=8x7&moves=4458`. A side not named
//! is a person; a link without a size is on 7 x 6. `review=N` opens the review at
//! move N, `puzzle=ID` a puzzle. Whatever is wrong is refused whole, with why.

use super::fields::{number, Fields};
use super::settings::PlayerKind;
use super::text::{fill, Texts};
use crate::engine::error::{ParseMovesError, PlayError};
use crate::engine::{Position, Size};
use std::fmt;

/// The longest fragment read: a whole game with both sides named is under 100 bytes.
pub const MAX_LEN: usize = 200;

/// What a link opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// The position, ready to play on.
    Play,
    /// The review of the moves, at the position after this many of them.
    Review(usize),
    /// A puzzle, by its id.
    Puzzle(u32),
    /// An online game, by its id: an invite link (`#join=…`). With a one-time token, the
    /// link moves a seat from another device (`#join=…&take=…`).
    Join(crate::online::GameId, Option<crate::online::Secret>),
}

/// A shared position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub position: Position,
    /// Who plays Red and Yellow.
    pub players: [PlayerKind; 2],
    pub shown: Shown,
}

/// Why a fragment was refused: what the player is told, and the detail for developers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    pub problem: LinkProblem,
    /// The precise reason, quoting a little of the fragment: for the console.
    pub detail: String,
}

/// What is wrong with a link, as a player can be told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkProblem {
    /// It is not a link this game makes (its parts, names or values).
    Unreadable,
    /// It is far longer than any game.
    TooLong,
    /// Its move `number` (from 1) is not a column of a board `columns` wide.
    NotAColumn { number: usize, columns: usize },
    /// Its board size is not one the game plays.
    BadSize,
    /// Its move `number` goes in `column` (from 1), which is full by then.
    FullColumn { number: usize, column: usize },
    /// Its move `number` comes after the game has ended.
    AfterTheEnd { number: usize },
    /// It asks to review a move past the game's end.
    PastTheEnd,
}

impl LinkProblem {
    /// "This link could not be opened: its move 7 goes in column 4, which is already full.
    /// Your game goes on as it was." `kept`: the player has a game on the board, which stays.
    pub fn refused_text(self, kept: bool, t: &Texts) -> String {
        let n = |number: usize| number.to_string();
        let why = match self {
            LinkProblem::Unreadable => t.link_unreadable().to_owned(),
            LinkProblem::TooLong => t.link_too_long().to_owned(),
            LinkProblem::NotAColumn { number, columns } => fill(
                t.link_not_a_column(),
                &[("n", &n(number)), ("columns", &n(columns))],
            ),
            LinkProblem::BadSize => t.link_bad_size().to_owned(),
            LinkProblem::FullColumn { number, column } => fill(
                t.link_full_column(),
                &[("n", &n(number)), ("column", &n(column))],
            ),
            LinkProblem::AfterTheEnd { number } => fill(t.link_after_end(), &[("n", &n(number))]),
            LinkProblem::PastTheEnd => t.link_past_end().to_owned(),
        };
        let instead = if kept {
            t.link_keeps_game()
        } else {
            t.link_new_game()
        };
        fill(t.link_refused(), &[("why", &why), ("instead", instead)])
    }
}

impl LinkError {
    fn new(problem: LinkProblem, detail: impl Into<String>) -> LinkError {
        LinkError {
            problem,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for LinkError {}

const KEYS: [&str; 8] = [
    "size", "moves", "red", "yellow", "review", "puzzle", "join", "take",
];

impl Link {
    /// An invite link to the online game `game`.
    pub fn join(game: crate::online::GameId) -> Link {
        Link {
            position: Position::new(),
            players: [PlayerKind::Human; 2],
            shown: Shown::Join(game, None),
        }
    }

    /// A link to play on from `position`.
    pub fn play(position: Position, players: [PlayerKind; 2]) -> Link {
        Link {
            position,
            players,
            shown: Shown::Play,
        }
    }

    /// The fragment, without its `#`. People are left out, as they are by default.
    pub fn encode(&self) -> String {
        match &self.shown {
            Shown::Puzzle(id) => return format!("puzzle={id}"),
            Shown::Join(game, None) => return format!("join={game}"),
            Shown::Join(game, Some(token)) => {
                return format!("join={game}&take={}", token.as_str())
            }
            Shown::Play | Shown::Review(_) => {}
        }
        let size = self.position.size();
        let mut text = match size.is_classic() {
            true => String::new(),
            false => format!("size={size}&"),
        };
        text.push_str(&format!("moves={}", self.position.moves_string()));
        for (key, player) in ["red", "yellow"].into_iter().zip(self.players) {
            if player != PlayerKind::Human {
                text.push_str(&format!("&{key}={player}"));
            }
        }
        if let Shown::Review(at) = self.shown {
            text.push_str(&format!("&review={at}"));
        }
        text
    }

    /// Reads a fragment (with or without its `#`). One that is not the game's (empty, or
    /// without any of its keys) is no link: `Ok(None)`.
    pub fn decode(fragment: &str) -> Result<Option<Link>, LinkError> {
        let text = fragment.strip_prefix('#').unwrap_or(fragment);
        if !Self::is_ours(text) {
            return Ok(None);
        }
        Self::read(text).map(Some)
    }

    /// Whether a fragment is the game's: a `key=value` list with one of the game's keys. Any
    /// other (`#top`, a hash router's `#/games/c4?tab=rules`) is the host page's, and left
    /// alone.
    fn is_ours(text: &str) -> bool {
        text.split('&').any(|part| {
            part.split_once('=')
                .is_some_and(|(key, _)| KEYS.contains(&key))
        })
    }

    fn read(text: &str) -> Result<Link, LinkError> {
        let unreadable = |detail: String| LinkError::new(LinkProblem::Unreadable, detail);
        let fields = Fields::read(text, MAX_LEN).map_err(|detail| {
            let problem = if text.len() > MAX_LEN {
                LinkProblem::TooLong
            } else {
                LinkProblem::Unreadable
            };
            LinkError::new(problem, detail)
        })?;
        Self::read_fields(&fields).map_err(unreadable)?
    }

    /// The link `fields` hold; a bad move or review is refused here, in the outer result,
    /// and any other fault in the inner one.
    fn read_fields(fields: &Fields) -> Result<Result<Link, LinkError>, String> {
        fields.only(&KEYS)?;
        if let Some(game) = fields.get("join") {
            if let Some(other) = KEYS
                .iter()
                .find(|k| !matches!(**k, "join" | "take") && fields.get(k).is_some())
            {
                return Err(format!("an invite link has no {other}"));
            }
            let game = crate::online::GameId::try_from(game.to_owned())?;
            let take = fields.get("take").map(|token| token.to_owned().try_into());
            return Ok(Ok(Link {
                shown: Shown::Join(game, take.transpose()?),
                ..Link::join(crate::online::GameId::from_bytes([0; 8]))
            }));
        }
        if fields.get("take").is_some() {
            return Err("a link to continue on another device has its game (join=…)".into());
        }
        if let Some(id) = fields.parse("puzzle", number)? {
            if let Some(other) = KEYS
                .iter()
                .find(|k| **k != "puzzle" && fields.get(k).is_some())
            {
                return Err(format!("a puzzle link has no {other}"));
            }
            return Ok(Ok(Link {
                position: Position::new(),
                players: [PlayerKind::Human; 2],
                shown: Shown::Puzzle(id),
            }));
        }
        let size = match fields.get("size").map(str::parse::<Size>) {
            None => Size::CLASSIC,
            Some(Ok(size)) => size,
            Some(Err(e)) => {
                return Ok(Err(LinkError::new(
                    LinkProblem::BadSize,
                    format!("size: {e}"),
                )))
            }
        };
        // The players first: a link with a wrong one says so, whatever else it lacks.
        let player = |key| -> Result<PlayerKind, String> {
            Ok(fields
                .parse(key, str::parse::<PlayerKind>)?
                .unwrap_or(PlayerKind::Human))
        };
        let players = [player("red")?, player("yellow")?];
        // A size alone is its empty board.
        let moves = match fields.get("size") {
            Some(_) => fields.get("moves").unwrap_or(""),
            None => fields.need("moves")?,
        };
        let position = match Position::from_moves_on(size, moves) {
            Ok(position) => position,
            Err(e) => {
                let number = e.index() + 1;
                let problem = match e {
                    ParseMovesError::IllegalMove {
                        error: PlayError::ColumnFull { column },
                        ..
                    } => LinkProblem::FullColumn {
                        number,
                        column: column + 1,
                    },
                    ParseMovesError::IllegalMove {
                        error: PlayError::GameOver { .. },
                        ..
                    } => LinkProblem::AfterTheEnd { number },
                    _ => LinkProblem::NotAColumn {
                        number,
                        columns: size.width(),
                    },
                };
                return Ok(Err(LinkError::new(problem, format!("moves: {e}"))));
            }
        };
        let shown = match fields.parse("review", number)?.map(|n| n as usize) {
            None => Shown::Play,
            Some(at) if at <= position.move_count() => Shown::Review(at),
            Some(at) => {
                return Ok(Err(LinkError::new(
                    LinkProblem::PastTheEnd,
                    format!(
                        "review at move {at}, but the game has {} moves",
                        position.move_count()
                    ),
                )))
            }
        };
        Ok(Ok(Link {
            position,
            players,
            shown,
        }))
    }
}

/// What the player hears once the clipboard took the link, or did not.
pub fn copied(copied: crate::ui::command::Copied, t: &Texts) -> String {
    use crate::ui::command::Copied;
    match copied {
        Copied::Done => t.link_copied().to_owned(),
        Copied::Selected => t.link_selected().to_owned(),
        Copied::Refused => t.link_not_copied().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Level;

    fn hard() -> PlayerKind {
        PlayerKind::Computer(Level::Hard)
    }

    #[test]
    fn only_the_games_own_fragments_are_read() {
        for host in [
            "",
            "#",
            "#top",
            "#section-2",
            "#/games/c4?tab=rules",
            "#/games/c4?moves=44",
            "#4453",
            "#moves",
            "#tab=rules&page=2",
        ] {
            assert_eq!(Link::decode(host), Ok(None), "{host}");
        }
        assert!(
            Link::decode("#tab=rules&moves=44").is_err(),
            "one of its keys makes it ours"
        );
        assert!(Link::decode("#moves=44").unwrap().is_some());
    }

    #[test]
    fn reads_the_moves_and_the_players() {
        let link = Link::decode("#moves=4453&yellow=hard").unwrap().unwrap();
        assert_eq!(link.position, Position::from_moves("4453").unwrap());
        assert_eq!(link.players, [PlayerKind::Human, hard()]);
        assert_eq!(link.shown, Shown::Play);
        assert_eq!(link.encode(), "moves=4453&yellow=hard");
        // Without the '#', and with both sides named.
        let both = Link::decode("moves=&red=perfect&yellow=human")
            .unwrap()
            .unwrap();
        assert_eq!(both.position, Position::new());
        assert_eq!(
            both.players,
            [PlayerKind::Computer(Level::Perfect), PlayerKind::Human]
        );
        assert_eq!(both.encode(), "moves=&red=perfect");
        assert_eq!(Link::decode(""), Ok(None));
        assert_eq!(Link::decode("#"), Ok(None));
    }

    #[test]
    fn reads_back_what_it_writes() {
        let position = Position::from_moves("44444435").unwrap();
        for players in [[PlayerKind::Human; 2], [hard(), PlayerKind::Human]] {
            for shown in [Shown::Play, Shown::Review(0), Shown::Review(8)] {
                let link = Link {
                    position,
                    players,
                    shown,
                };
                assert_eq!(Link::decode(&link.encode()), Ok(Some(link)));
            }
        }
        let puzzle = Link {
            position: Position::new(),
            players: [PlayerKind::Human; 2],
            shown: Shown::Puzzle(17),
        };
        assert_eq!(puzzle.encode(), "puzzle=17");
        assert_eq!(Link::decode("#puzzle=17"), Ok(Some(puzzle)));
        let invite = Link {
            position: Position::new(),
            players: [PlayerKind::Human; 2],
            shown: Shown::Join(crate::online::GameId::from_bytes([0xab; 8]), None),
        };
        assert_eq!(invite.encode(), "join=abababababababab");
        assert_eq!(Link::decode("#join=abababababababab"), Ok(Some(invite)));
        // Another size: named first, and read back.
        let sized = Link::decode("#size=8x7&moves=4458&yellow=hard")
            .unwrap()
            .unwrap();
        let size = Size::new(8, 7).unwrap();
        assert_eq!(
            sized.position,
            Position::from_moves_on(size, "4458").unwrap()
        );
        assert_eq!(sized.encode(), "size=8x7&moves=4458&yellow=hard");
        let empty = Link::decode("#size=4x9&moves=").unwrap().unwrap();
        assert_eq!(empty.position, Position::empty(Size::new(4, 9).unwrap()));
        // A size alone is its empty board.
        assert_eq!(Link::decode("#size=4x9"), Ok(Some(empty)));
        assert_eq!(
            Link::decode("#size=7x6&moves=44")
                .unwrap()
                .unwrap()
                .encode(),
            "moves=44"
        );
        // A finished game can be shared, to review it.
        let won = Link::decode("#moves=1212121&review=3").unwrap().unwrap();
        assert!(won.position.is_over());
        assert_eq!(won.shown, Shown::Review(3));
    }

    #[test]
    fn refuses_bad_links_with_why() {
        use LinkProblem::*;
        for (bad, problem, why) in [
            (
                "#moves=44x3",
                NotAColumn {
                    number: 3,
                    columns: 7,
                },
                "moves: invalid move 3 ('x')",
            ),
            (
                "#moves=4408",
                NotAColumn {
                    number: 3,
                    columns: 7,
                },
                "moves: invalid move 3 ('0')",
            ),
            (
                "#moves=4444444",
                FullColumn {
                    number: 7,
                    column: 4,
                },
                "moves: illegal move 7 ('4'): column 4 is full",
            ),
            (
                "#moves=12121212",
                AfterTheEnd { number: 8 },
                "moves: illegal move 8: the game is over",
            ),
            (
                "#moves=44&yellow=godlike",
                Unreadable,
                "yellow: \"godlike\"",
            ),
            // A wrong player is said even where the moves are missing too.
            ("#yellow=god", Unreadable, "yellow: \"god\""),
            (
                "#moves=44&review=3",
                PastTheEnd,
                "review at move 3, but the game has 2 moves",
            ),
            ("#moves=44&review=-1", Unreadable, "review: \"-1\""),
            ("#moves=44&moves=45", Unreadable, "\"moves\" appears twice"),
            (
                "#moves=44&theme=dark",
                Unreadable,
                "unknown field \"theme\"",
            ),
            ("#yellow=hard", Unreadable, "no moves"),
            (
                "#size=10x7&moves=4",
                BadSize,
                "size: unsupported board size 10 x 7",
            ),
            (
                "#size=8&moves=4",
                BadSize,
                "size: \"8\" is not a board size",
            ),
            (
                "#size=8x7&size=8x7&moves=4",
                Unreadable,
                "\"size\" appears twice",
            ),
            (
                "#size=5x4&moves=446",
                NotAColumn {
                    number: 3,
                    columns: 5,
                },
                "column 6 is off this board, which has 5 columns",
            ),
            (
                "#size=5x4&moves=11111",
                FullColumn {
                    number: 5,
                    column: 1,
                },
                "column 1 is full",
            ),
            (
                "#puzzle=3&size=8x7",
                Unreadable,
                "a puzzle link has no size",
            ),
            ("#moves=4453&4", Unreadable, "\"4\" is not key=value"),
            ("#join=abc", Unreadable, "16 hex digits"),
            ("#join=ABABABABABABABAB", Unreadable, "16 hex digits"),
            (
                "#join=abababababababab&moves=4",
                Unreadable,
                "an invite link has no moves",
            ),
            ("#puzzle=x", Unreadable, "puzzle: \"x\""),
            ("#puzzle=+3", Unreadable, "puzzle: \"+3\""),
            ("#moves=44&review=+1", Unreadable, "review: \"+1\""),
            (
                "#puzzle=3&moves=44",
                Unreadable,
                "a puzzle link has no moves",
            ),
        ] {
            match Link::decode(bad) {
                Err(e) => {
                    assert_eq!(e.problem, problem, "{bad}");
                    assert!(e.detail.contains(why), "{bad}: {}", e.detail);
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        let huge = format!("#moves={}", "4".repeat(100_000));
        let e = Link::decode(&huge).unwrap_err();
        assert_eq!(e.problem, TooLong);
        assert!(e.detail.contains("too long") && e.detail.len() < 60, "{e}");
    }
}
