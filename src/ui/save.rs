//! What a game remembers across reloads: the position, the player's settings, their record
//! against the computer and the puzzles they solved, in a short versioned text
//! (`v=2&moves=4453&red=human&yellow=hard&analysis=0&motion=0&sound=1&record=…&solved=…`,
//! and `&size=8x7` for a game on another board than 7 x 6) that the web layer keeps in
//! `localStorage`. Version 1 (without the record and the
//! puzzles) still reads. Anything unreadable is refused whole, with why.

use super::fields::{flag, flag_text, number, Fields};
use super::puzzle::Solved;
use super::settings::{PlayerKind, Settings};
use super::stats::Record;
use crate::engine::error::quoted as quote;
use crate::engine::{Position, Size};
use std::fmt;

/// The format's version: saved data with another one is ignored.
pub const VERSION: u32 = 2;

/// The longest saved text read: more than any real game needs, with a record on every size.
const MAX_LEN: usize = 4000;

/// A saved game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    pub position: Position,
    pub settings: Settings,
    pub record: Record,
    /// The game was played with help (a hint, or the analysis): the record counts it apart.
    pub helped: bool,
    pub solved: Solved,
    /// The puzzle open when the game was saved, if one was (it opens again, from its start).
    pub puzzle: Option<u32>,
}

/// Why saved data was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// Saved by another version of the game.
    Version(String),
    /// Not something this game wrote: what is wrong with it.
    Corrupt(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Version(v) => write!(f, "saved by version {v}, not {VERSION}"),
            SaveError::Corrupt(why) => write!(f, "unreadable saved game: {why}"),
        }
    }
}

impl std::error::Error for SaveError {}

impl Saved {
    /// The saved text.
    pub fn encode(&self) -> String {
        let s = &self.settings;
        let size = self.position.size();
        let size = match size.is_classic() {
            true => String::new(),
            false => format!("&size={size}"),
        };
        format!(
            "v={VERSION}&moves={}&red={}&yellow={}&analysis={}&motion={}&sound={}&record={}&solved={}&puzzle={}&helped={}{size}",
            self.position.moves_string(),
            s.players[0],
            s.players[1],
            flag_text(s.show_analysis),
            flag_text(s.reduced_motion),
            flag_text(s.sound),
            self.record.encode(),
            self.solved.encode(),
            self.puzzle.unwrap_or(0),
            flag_text(self.helped),
        )
    }

    /// Reads a saved text: every field of its version must be there once, and right.
    pub fn decode(text: &str) -> Result<Saved, SaveError> {
        // `helped` and `size` came later in version 2: a text without them had no help,
        // on 7 x 6.
        const KEYS: [&str; 12] = [
            "v", "moves", "red", "yellow", "analysis", "motion", "sound", "record", "solved",
            "puzzle", "helped", "size",
        ];
        let corrupt = SaveError::Corrupt;
        let fields = Fields::read(text, MAX_LEN).map_err(corrupt)?;
        let version = fields.need("v").map_err(corrupt)?;
        let first = match version {
            "1" => true,
            "2" => false,
            _ => return Err(SaveError::Version(quote(version))),
        };
        // Version 1 had no record and no puzzles.
        fields
            .only(if first { &KEYS[..7] } else { &KEYS })
            .map_err(corrupt)?;
        let (record, solved, puzzle) = if first {
            (Record::default(), Solved::default(), None)
        } else {
            // 0 is none.
            (
                fields.require("record", Record::decode).map_err(corrupt)?,
                fields.require("solved", Solved::decode).map_err(corrupt)?,
                Some(fields.require("puzzle", number).map_err(corrupt)?).filter(|&p| p != 0),
            )
        };
        let size = fields
            .parse("size", str::parse::<Size>)
            .map_err(corrupt)?
            .unwrap_or(Size::CLASSIC);
        let position = Position::from_moves_on(size, fields.need("moves").map_err(corrupt)?)
            .map_err(|e| corrupt(format!("moves: {e}")))?;
        let player = |key| {
            fields
                .require(key, str::parse::<PlayerKind>)
                .map_err(corrupt)
        };
        let helped = fields
            .parse("helped", flag)
            .map_err(corrupt)?
            .unwrap_or(false);
        let flag = |key| fields.require(key, flag).map_err(corrupt);
        Ok(Saved {
            position,
            settings: Settings {
                players: [player("red")?, player("yellow")?],
                show_analysis: flag("analysis")?,
                reduced_motion: flag("motion")?,
                sound: flag("sound")?,
            },
            record,
            helped,
            solved,
            puzzle,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Level;

    fn sample() -> Saved {
        Saved {
            position: Position::from_moves("4453").unwrap(),
            settings: Settings {
                players: [PlayerKind::Human, PlayerKind::Computer(Level::Hard)],
                show_analysis: true,
                reduced_motion: false,
                sound: false,
            },
            record: Record::default(),
            helped: false,
            solved: Solved::default(),
            puzzle: None,
        }
    }

    #[test]
    fn reads_back_what_it_writes() {
        let saved = sample();
        let text = saved.encode();
        assert_eq!(
            text,
            "v=2&moves=4453&red=human&yellow=hard&analysis=1&motion=0&sound=0\
             &record=0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0&solved=&puzzle=0&helped=0"
        );
        assert_eq!(Saved::decode(&text), Ok(saved));
        // Written before `helped` was: no help.
        let before = "v=2&moves=4453&red=human&yellow=hard&analysis=1&motion=0&sound=0\
                      &record=0.0.0-0.0.0-0.0.0-0.0.0&solved=&puzzle=0";
        assert_eq!(Saved::decode(before), Ok(sample()));
        let helped = Saved {
            helped: true,
            ..sample()
        };
        assert!(helped.encode().ends_with("&helped=1"));
        assert_eq!(Saved::decode(&helped.encode()), Ok(helped));
        let empty = Saved {
            position: Position::new(),
            settings: Settings::default(),
            record: Record::default(),
            helped: false,
            solved: Solved::default(),
            puzzle: None,
        };
        assert_eq!(Saved::decode(&empty.encode()), Ok(empty));
        // A finished game is kept as it is.
        let won = Saved {
            position: Position::from_moves("1212121").unwrap(),
            ..sample()
        };
        assert_eq!(Saved::decode(&won.encode()), Ok(won));
    }

    #[test]
    fn the_record_and_the_solved_puzzles_are_kept() {
        let mut saved = sample();
        saved
            .record
            .count(Size::CLASSIC, Level::Hard, crate::ui::stats::Finish::Won);
        saved.record.count(
            Size::CLASSIC,
            Level::Perfect,
            crate::ui::stats::Finish::Lost,
        );
        saved.solved.insert(3);
        saved.solved.insert(40);
        saved.puzzle = Some(12);
        let text = saved.encode();
        assert!(
            text.ends_with(
                "&record=0.0.0.0-0.0.0.0-1.0.0.0-0.1.0.0&solved=0400000080&puzzle=12&helped=0"
            ),
            "{text}"
        );
        assert_eq!(Saved::decode(&text), Ok(saved));
    }

    #[test]
    fn the_size_is_kept() {
        let size = Size::new(9, 4).unwrap();
        let saved = Saved {
            position: Position::from_moves_on(size, "4499").unwrap(),
            ..sample()
        };
        let text = saved.encode();
        assert!(text.ends_with("&helped=0&size=9x4"), "{text}");
        assert_eq!(Saved::decode(&text), Ok(saved));
        for (bad, why) in [
            (text.replace("size=9x4", "size=10x4"), "size:"),
            (text.replace("size=9x4", "size=9"), "size:"),
            // The moves must fit the size: a fifth piece in a column four high.
            (text.replace("moves=4499", "moves=4444499"), "moves:"),
            (text.replace("size=9x4", "size=8x4"), "moves:"),
        ] {
            match Saved::decode(&bad) {
                Err(SaveError::Corrupt(e)) => assert!(e.contains(why), "{bad}: {e}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn version_1_still_reads() {
        let text = "v=1&moves=4453&red=human&yellow=hard&analysis=1&motion=0&sound=0";
        assert_eq!(Saved::decode(text), Ok(sample()));
        // Version 1 had no record: one is as unknown there as any other field.
        let with = format!("{text}&record=0.0.0-0.0.0-0.0.0-0.0.0");
        assert!(matches!(Saved::decode(&with), Err(SaveError::Corrupt(_))));
    }

    #[test]
    fn another_version_is_refused_as_such() {
        let text = sample().encode().replace("v=2", "v=3");
        assert_eq!(
            Saved::decode(&text),
            Err(SaveError::Version("\"3\"".into()))
        );
    }

    #[test]
    fn corrupt_data_is_refused_with_why() {
        let good = sample().encode();
        for (bad, why) in [
            (String::new(), "not key=value"),
            ("{\"moves\":\"44\"}".to_owned(), "not key=value"),
            (good.replace("moves=4453", "moves=4458"), "moves:"),
            (good.replace("moves=4453", "moves=4444444"), "moves:"),
            (good.replace("moves=4453", "moves=12121212"), "moves:"),
            (good.replace("yellow=hard", "yellow=godlike"), "yellow:"),
            (good.replace("sound=0", "sound=yes"), "sound:"),
            (good.replace("&analysis=1", ""), "no analysis"),
            (format!("{good}&moves=44"), "appears twice"),
            (format!("{good}&x=1"), "unknown field"),
            (format!("{good}&pad={}", "x".repeat(4000)), "too long"),
            (good.replace("&record=0.0.0.0-", "&record=0.0-"), "record:"),
            (good.replace("&helped=0", "&helped=2"), "helped:"),
            (good.replace("&solved=", "&solved=zz"), "solved:"),
            (good.replace("&solved=", ""), "no solved"),
            (good.replace("&puzzle=0", "&puzzle=-1"), "puzzle:"),
            (good.replace("&puzzle=0", "&puzzle="), "puzzle:"),
            (good.replace("&puzzle=0", ""), "no puzzle"),
        ] {
            match Saved::decode(&bad) {
                Err(SaveError::Corrupt(e)) => assert!(e.contains(why), "{bad}: {e}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn errors_quote_little_of_the_input() {
        let long = format!("v=2&moves={}", "9".repeat(300));
        let e = Saved::decode(&long).unwrap_err().to_string();
        assert!(e.len() < 120, "{e}");
    }
}
