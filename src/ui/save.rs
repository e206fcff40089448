//! What a game remembers across reloads: the position, the player's settings, their record
//! against the computer and the puzzles they solved, in a short versioned text
//! (`v=3&moves=4453&red=human&yellow=hard&analysis=0&motion=0&sound=1&record=…&solved=…`,
//! and `&size=8x7` for a game on another board than 7 x 6) that the web layer keeps in
//! `localStorage`. The record names each level ([`Record::encode`]:
//! `record=7x6.easy.3.1.0.0~8x7.hard.0.2.1.0`). Version 2, with the record's tallies by
//! each level's place ([`Record::decode_v2`]), and version 1, without the record and the
//! puzzles, still read. Each field is read on its own: one that cannot be read falls back,
//! and the others are kept.

use super::fields::{flag, flag_text, number, Fields};
use super::puzzle::{Solved, Streak};
use super::settings::{PlayerKind, Settings};
use super::stats::Record;
use crate::engine::error::quoted as quote;
use crate::engine::{Position, Size};
use crate::online::GameId;
use std::fmt;

/// The format's version: saved data with another one is ignored.
pub const VERSION: u32 = 3;

/// The longest saved text read: more than any real game needs. A record on every size at
/// every level, each count as large as it reads, with every puzzle solved, takes under
/// 9,000 bytes (`a_record_on_every_size_at_every_level_fits`); the rest is room for levels
/// to come.
const MAX_LEN: usize = 16_000;

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
    /// The online game open when the game was saved, if one was (it is entered again).
    pub online: Option<GameId>,
    /// The person's recent online games.
    pub played: super::played::Recent,
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
        ) + &self.online.as_ref().map(|g| format!("&online={g}")).unwrap_or_default()
            + &match self.played.encode() {
                played if played.is_empty() => played,
                played => format!("&played={played}"),
            }
            + &match self.solved.streak.encode() {
                streak if streak.is_empty() => String::new(),
                streak => format!("&streak={streak}"),
            }
    }

    /// Reads a saved text: every field of its version must be there once, and right.
    pub fn decode(text: &str) -> Result<Saved, SaveError> {
        let restored = Saved::restore(text, &Saved::fresh(Settings::default()))?;
        match restored.problems.as_slice() {
            [] => Ok(restored.saved),
            [only] => Err(SaveError::Corrupt(only.clone())),
            [first, rest @ ..] => Err(SaveError::Corrupt(format!(
                "{first} (and {} more)",
                rest.len()
            ))),
        }
    }

    /// Nothing played, nothing kept: what a field that cannot be read falls back to.
    pub fn fresh(settings: Settings) -> Saved {
        Saved {
            position: Position::new(),
            settings,
            record: Record::default(),
            helped: false,
            solved: Solved::default(),
            puzzle: None,
            online: None,
            played: Default::default(),
        }
    }

    /// Reads a saved text field by field: each field that reads is kept, and each one that
    /// does not falls back to `fallback`'s, with why in [`Restored::problems`]. Only a text
    /// that is not this game's at all (too long, no version, another version) is refused
    /// whole.
    pub fn restore(text: &str, fallback: &Saved) -> Result<Restored, SaveError> {
        // `helped` and `size` came later in version 2: a text without them had no help,
        // on 7 x 6. Versions 2 and 3 have the same fields.
        // `online` came in version 3: a text without it had no online game open; `played`
        // later: a text without it had no online game played.
        const KEYS: [&str; 15] = [
            "v", "moves", "red", "yellow", "analysis", "motion", "sound", "record", "solved",
            "puzzle", "helped", "size", "online", "streak", "played",
        ];
        let corrupt = SaveError::Corrupt;
        let (fields, mut problems) = Fields::read_each(text, MAX_LEN).map_err(corrupt)?;
        // Without a version, nothing of it can be trusted: say the first thing wrong.
        let version = fields
            .need("v")
            .map_err(|no| corrupt(problems.first().cloned().unwrap_or(no)))?;
        let version = match version {
            "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => return Err(SaveError::Version(quote(version))),
        };
        let first = version == 1;
        // Version 1 had no record and no puzzles.
        let known = if first { &KEYS[..7] } else { &KEYS[..] };
        problems.extend(fields.unknown(known));
        let mut problems = Problems(problems);
        // Version 2 wrote the record's tallies by each level's place.
        let record = match version {
            1 => Record::default(),
            2 => problems
                .take(fields.require("record", Record::decode_v2))
                .unwrap_or(fallback.record),
            _ => problems
                .take(fields.require("record", Record::decode))
                .unwrap_or(fallback.record),
        };
        let solved = match first {
            true => Solved::default(),
            false => problems
                .take(fields.require("solved", Solved::decode))
                .unwrap_or_else(|| fallback.solved.clone()),
        };
        // 0 is none.
        let puzzle = match first {
            true => None,
            false => problems
                .take(fields.require("puzzle", number))
                .filter(|&p| p != 0),
        };
        let mut solved = solved;
        if let Some(streak) = problems
            .take(fields.parse("streak", Streak::decode))
            .flatten()
        {
            solved.streak = streak;
        }
        let online = problems
            .take(fields.parse("online", |g| GameId::try_from(g.to_owned())))
            .flatten();
        let played = problems
            .take(fields.parse("played", super::played::Recent::decode))
            .flatten()
            .unwrap_or_else(|| fallback.played.clone());
        let size = problems.take(fields.parse("size", str::parse::<Size>));
        // Moves on a size that could not be read cannot be placed: the game starts afresh.
        let position = size.and_then(|size| {
            let moves = problems.take(fields.need("moves"))?;
            problems.take(
                Position::from_moves_on(size.unwrap_or(Size::CLASSIC), moves)
                    .map_err(|e| format!("moves: {e}")),
            )
        });
        let helped = problems
            .take(fields.parse("helped", flag))
            .flatten()
            .unwrap_or(false);
        let mut player = |key, fallback| {
            problems
                .take(fields.require(key, str::parse::<PlayerKind>))
                .unwrap_or(fallback)
        };
        let kept = &fallback.settings;
        let players = [
            player("red", kept.players[0]),
            player("yellow", kept.players[1]),
        ];
        let mut flag = |key, fallback| problems.take(fields.require(key, flag)).unwrap_or(fallback);
        let settings = Settings {
            players,
            show_analysis: flag("analysis", kept.show_analysis),
            reduced_motion: flag("motion", kept.reduced_motion),
            sound: flag("sound", kept.sound),
        };
        Ok(Restored {
            saved: Saved {
                helped: helped && position.is_some(),
                position: position.unwrap_or(fallback.position),
                settings,
                record,
                solved,
                puzzle,
                online,
                played,
            },
            problems: problems.0,
        })
    }
}

/// A saved text as read: every field that could be read, and why each other one could not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    pub saved: Saved,
    /// Empty when the whole text was read.
    pub problems: Vec<String>,
}

/// What could not be read, gathered while the rest is.
struct Problems(Vec<String>);

impl Problems {
    /// The value, or `None` with why noted.
    fn take<T>(&mut self, read: Result<T, String>) -> Option<T> {
        read.map_err(|why| self.0.push(why)).ok()
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
            online: None,
            played: Default::default(),
        }
    }

    #[test]
    fn reads_back_what_it_writes() {
        let saved = sample();
        let text = saved.encode();
        assert_eq!(
            text,
            "v=3&moves=4453&red=human&yellow=hard&analysis=1&motion=0&sound=0\
             &record=&solved=&puzzle=0&helped=0"
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
            online: None,
            played: Default::default(),
        };
        assert_eq!(Saved::decode(&empty.encode()), Ok(empty));
        // An online game open: entered again after a reload.
        let online = Saved {
            online: Some(GameId::from_bytes([0x0f; 8])),
            ..sample()
        };
        assert!(online.encode().ends_with("&online=0f0f0f0f0f0f0f0f"));
        assert_eq!(Saved::decode(&online.encode()), Ok(online));
        let bad = format!("{}&online=zz", sample().encode());
        let restored = Saved::restore(&bad, &sample()).unwrap();
        assert_eq!(restored.saved, sample(), "only the online game is dropped");
        assert_eq!(restored.problems, ["online: \"zz\""]);
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
                "&record=7x6.hard.1.0.0.0~7x6.perfect.0.1.0.0&solved=0400000080&puzzle=12&helped=0"
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

    /// A save written by version 2 (before the levels were named in the record), as that
    /// code wrote it for a record of distinct tallies at every level on 7 x 6, and on 5 x 4
    /// and 8 x 7: every tally is kept, each at its level.
    #[test]
    fn a_version_2_save_keeps_its_record() {
        let text = "v=2&moves=&red=human&yellow=human&analysis=0&motion=0&sound=1\
                    &record=3.1.0.0-2.0.4.0-0.5.0.2-0.7.1.0~5x4:0.0.0.0-8.0.0.0-0.0.0.0-0.11.0.0\
                    ~8x7:0.0.9.1-0.0.0.0-6.0.0.0-0.0.0.0&solved=&puzzle=0&helped=0";
        let restored = Saved::restore(text, &Saved::fresh(Settings::default())).unwrap();
        assert_eq!(restored.problems, Vec::<String>::new());
        let saved = restored.saved;
        let (small, big) = (Size::new(5, 4).unwrap(), Size::new(8, 7).unwrap());
        let counted = [
            (Size::CLASSIC, "easy", (3, 1, 0, 0)),
            (Size::CLASSIC, "medium", (2, 0, 4, 0)),
            (Size::CLASSIC, "hard", (0, 5, 0, 2)),
            (Size::CLASSIC, "perfect", (0, 7, 1, 0)),
            (small, "medium", (8, 0, 0, 0)),
            (small, "perfect", (0, 11, 0, 0)),
            (big, "easy", (0, 0, 9, 1)),
            (big, "hard", (6, 0, 0, 0)),
        ];
        for size in Size::all() {
            for level in Level::ALL {
                let t = saved.record.at(size, level);
                let expected = counted
                    .iter()
                    .find(|(s, name, _)| *s == size && *name == level.name())
                    .map_or((0, 0, 0, 0), |&(_, _, counts)| counts);
                assert_eq!(
                    (t.wins, t.losses, t.draws, t.helped),
                    expected,
                    "{size} {level}"
                );
            }
        }
        // Saved again, it is version 3, and reads the same.
        let again = saved.encode();
        assert!(again.starts_with("v=3&"), "{again}");
        assert_eq!(Saved::decode(&again), Ok(saved));
    }

    #[test]
    fn a_level_this_build_does_not_know_is_passed_over_alone() {
        let mut saved = sample();
        saved
            .record
            .count(Size::CLASSIC, Level::Hard, crate::ui::stats::Finish::Won);
        saved.record.count(
            Size::new(8, 7).unwrap(),
            Level::Easy,
            crate::ui::stats::Finish::Drawn,
        );
        let text = saved.encode();
        // As a later build with a level of its own might write it.
        let later = text.replace("~8x7.easy.", "~7x6.expert.5.0.0.0~8x7.easy.");
        assert_ne!(later, text);
        let restored = Saved::restore(&later, &Saved::fresh(Settings::default())).unwrap();
        assert_eq!(restored.problems, Vec::<String>::new());
        assert_eq!(restored.saved, saved);
    }

    #[test]
    fn a_record_on_every_size_at_every_level_fits() {
        // The most each count reads back (nine digits), everywhere.
        let most = "999999999";
        let mut entries = Vec::new();
        for size in Size::all() {
            for level in Level::ALL {
                entries.push(format!("{size}.{level}.{most}.{most}.{most}.{most}"));
            }
        }
        let record = Record::decode(&entries.join("~")).unwrap();
        let mut saved = Saved {
            position: Position::from_moves_on(Size::new(9, 9).unwrap(), "1").unwrap(),
            record,
            helped: true,
            puzzle: Some(1),
            ..sample()
        };
        // Every puzzle solved: as many as the solved field reads.
        for id in 1..=4096 {
            saved.solved.insert(id);
        }
        let text = saved.encode();
        // With room for the moves of a whole 9 x 9 board besides the one here.
        assert!(text.len() + 80 <= MAX_LEN, "{} bytes", text.len());
        assert_eq!(Saved::decode(&text), Ok(saved));
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
        let text = sample().encode().replace("v=3", "v=4");
        assert_eq!(
            Saved::decode(&text),
            Err(SaveError::Version("\"4\"".into()))
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
            (format!("{good}&pad={}", "x".repeat(MAX_LEN)), "too long"),
            (good.replace("&record=", "&record=7x6.easy.1"), "record:"),
            (good.replace("&record=", "&record=0.0.0.0-"), "record:"),
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
    fn one_bad_field_falls_back_alone_and_the_rest_is_kept() {
        let mut saved = sample();
        saved
            .record
            .count(Size::CLASSIC, Level::Hard, crate::ui::stats::Finish::Won);
        saved.solved.insert(7);
        saved.puzzle = Some(12);
        saved.helped = true;
        let text = saved.encode();
        let fallback = Saved::fresh(Settings::default());
        let keys: Vec<&str> = text
            .split('&')
            .map(|part| part.split_once('=').unwrap().0)
            .collect();
        assert_eq!(keys.len(), 11, "{text}");
        for key in keys.iter().filter(|&&k| k != "v") {
            // Values no field takes.
            for bad in ["zz", "?"] {
                let value = text
                    .split('&')
                    .find_map(|p| p.strip_prefix(&format!("{key}=")))
                    .unwrap();
                let broken = text.replace(&format!("{key}={value}"), &format!("{key}={bad}"));
                let restored = Saved::restore(&broken, &fallback).unwrap();
                assert_eq!(
                    restored.problems.len(),
                    1,
                    "{broken}: {:?}",
                    restored.problems
                );
                assert!(
                    restored.problems[0].starts_with(key),
                    "{:?}",
                    restored.problems
                );
                let back = restored.saved;
                // Only the broken field (and what hangs on it) changed.
                let expect = |field: &str| *key != field;
                if expect("record") {
                    assert_eq!(back.record, saved.record, "{broken}");
                } else {
                    assert_eq!(back.record, fallback.record);
                }
                if expect("solved") {
                    assert_eq!(back.solved, saved.solved, "{broken}");
                } else {
                    assert_eq!(back.solved, fallback.solved);
                }
                if expect("puzzle") {
                    assert_eq!(back.puzzle, saved.puzzle, "{broken}");
                }
                if expect("moves") {
                    assert_eq!(back.position, saved.position, "{broken}");
                    assert_eq!(back.helped, *key != "helped", "{broken}");
                } else {
                    assert_eq!(back.position, Position::new());
                    assert!(!back.helped, "help counts only with its game");
                }
                let s = (&back.settings, &saved.settings, &fallback.settings);
                for (field, got, kept, fell) in [
                    ("red", s.0.players[0], s.1.players[0], s.2.players[0]),
                    ("yellow", s.0.players[1], s.1.players[1], s.2.players[1]),
                ] {
                    assert_eq!(got, if expect(field) { kept } else { fell }, "{broken}");
                }
                for (field, got, kept, fell) in [
                    (
                        "analysis",
                        s.0.show_analysis,
                        s.1.show_analysis,
                        s.2.show_analysis,
                    ),
                    (
                        "motion",
                        s.0.reduced_motion,
                        s.1.reduced_motion,
                        s.2.reduced_motion,
                    ),
                    ("sound", s.0.sound, s.1.sound, s.2.sound),
                ] {
                    assert_eq!(got, if expect(field) { kept } else { fell }, "{broken}");
                }
            }
        }
        // A part that is not a field, a repeat and an unknown field are passed over, each
        // said; a bad size takes its moves with it.
        for (broken, why) in [
            (format!("{text}&junk"), "not key=value"),
            (format!("{text}&moves=44"), "appears twice"),
            (format!("{text}&later=1"), "unknown field"),
            (format!("{text}&size=99"), "size:"),
        ] {
            let restored = Saved::restore(&broken, &fallback).unwrap();
            assert_eq!(restored.problems.len(), 1, "{broken}");
            assert!(
                restored.problems[0].contains(why),
                "{:?}",
                restored.problems
            );
            assert_eq!(restored.saved.record, saved.record);
            assert_eq!(restored.saved.solved, saved.solved);
        }
        // Not this game's text at all: refused whole.
        assert!(Saved::restore("hello", &fallback).is_err());
        assert!(Saved::restore(&text.replace("v=3", "v=9"), &fallback).is_err());
    }

    #[test]
    fn errors_quote_little_of_the_input() {
        let long = format!("v=2&moves={}", "9".repeat(300));
        let e = Saved::decode(&long).unwrap_err().to_string();
        assert!(e.len() < 120, "{e}");
    }
}
