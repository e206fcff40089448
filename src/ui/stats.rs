//! The player's record against the computer: wins, losses and draws at each level on each
//! board size, kept with the saved settings. Its text has one entry for each size and level
//! with games, `size.level.W.L.D.H` (H: the games with help), joined by `~`, sizes smallest
//! first and levels weakest first: `7x6.easy.3.1.0.0~7x6.hard.0.2.1.0~8x7.perfect.0.1.0.0`
//! ([`Record::encode`]); no games at all is the empty text. The levels go by their names
//! ([`Level::name`]), so an entry for a level this build does not know is passed over and
//! the rest is kept ([`Record::decode`]). The record of a saved game of version 2, a tally
//! for each level by its place (`3.1.0.0-0.0.0.0-0.2.1.0-0.4.0.0`, easy to perfect, on
//! 7 x 6, then `~8x7:…` for each other size played), is still read
//! ([`Record::decode_v2`]). [`Records`] is the activity: it counts finished games, resets
//! on a second press, and builds its part of the mirror ([`RecordView`]).

use super::effect::Effect;
use super::settings::Mode;
use super::text::Texts;
use crate::engine::error::quoted as quote;
use crate::engine::{Size, Status};
use crate::solver::Level;

/// Wins, losses and draws at one level, from the person's side, and apart from them the
/// games played with help (a hint, or the analysis shown), whatever their result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub helped: u32,
}

impl Tally {
    pub fn games(self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
            .saturating_add(self.helped)
    }
}

/// How a finished game against the computer went for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    Won,
    Lost,
    Drawn,
    /// Played with help: counted apart, whatever the result.
    Helped,
}

/// One board size's record: every level, in [`Level::ALL`]'s order, then the games against
/// a friend online (in memory only: the text names each level, and `online`).
type Tallies = [Tally; Level::ALL.len() + 1];

/// Where the games against a friend online are kept in [`Tallies`], and their name in the
/// record's text.
const ONLINE: usize = Level::ALL.len();
const ONLINE_NAME: &str = "online";

/// How many sizes there are.
const SIZES: usize = (Size::MAX - Size::MIN + 1) * (Size::MAX - Size::MIN + 1);

/// The record at every level on every board size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    tallies: [Tallies; SIZES],
}

impl Default for Record {
    fn default() -> Record {
        Record {
            tallies: [Tallies::default(); SIZES],
        }
    }
}

fn index(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&l| l == level)
        .unwrap_or_default()
}

/// Where `size`'s tallies are kept.
fn slot(size: Size) -> usize {
    (size.width() - Size::MIN) * (Size::MAX - Size::MIN + 1) + size.height() - Size::MIN
}

/// Reads `W.L.D.H` (or `W.L.D`, as version 2 first wrote it, before games with help were
/// counted apart: none of them), already split at the dots.
fn read_counts(counts: &[&str]) -> Result<Tally, String> {
    let mut numbers = Vec::with_capacity(counts.len());
    for &count in counts {
        let number = super::fields::number(count);
        numbers.push(number.map_err(|_| "a count is not a number".to_owned())?);
    }
    let counts = numbers;
    let (wins, losses, draws, helped) = match counts[..] {
        [wins, losses, draws] => (wins, losses, draws, 0),
        [wins, losses, draws, helped] => (wins, losses, draws, helped),
        _ => return Err("each tally needs wins.losses.draws.helped".to_owned()),
    };
    Ok(Tally {
        wins,
        losses,
        draws,
        helped,
    })
}

/// The levels of a version 2 record, in their places there: what [`Level::ALL`] was when
/// that version was written, whatever it is now.
const V2_LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

/// Reads a version 2 size's tallies: `W.L.D.H` for each of [`V2_LEVELS`], joined by `-`.
fn decode_v2_tallies(text: &str) -> Result<Tallies, String> {
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != V2_LEVELS.len() {
        return Err(format!("{} levels, not {}", parts.len(), V2_LEVELS.len()));
    }
    let mut tallies = Tallies::default();
    for (&level, part) in V2_LEVELS.iter().zip(parts) {
        tallies[index(level)] = read_counts(&part.split('.').collect::<Vec<_>>())?;
    }
    Ok(tallies)
}

/// Whether `name` could be a level's name, one this build knows or not: lowercase letters,
/// digits and `-`, starting with a letter.
fn is_level_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Record {
    /// The tally at `level` on a board of `size`.
    pub fn at(&self, size: Size, level: Level) -> Tally {
        self.tallies[slot(size)][index(level)]
    }

    /// The tally of games against a friend online on a board of `size`.
    pub fn online_at(&self, size: Size) -> Tally {
        self.tallies[slot(size)][ONLINE]
    }

    /// Counts one finished game at `level` on a board of `size`.
    pub fn count(&mut self, size: Size, level: Level, finish: Finish) {
        self.count_at(size, index(level), finish);
    }

    /// Counts one finished game against a friend online on a board of `size`.
    pub fn count_online(&mut self, size: Size, finish: Finish) {
        self.count_at(size, ONLINE, finish);
    }

    fn count_at(&mut self, size: Size, at: usize, finish: Finish) {
        let tally = &mut self.tallies[slot(size)][at];
        let slot = match finish {
            Finish::Won => &mut tally.wins,
            Finish::Lost => &mut tally.losses,
            Finish::Drawn => &mut tally.draws,
            Finish::Helped => &mut tally.helped,
        };
        *slot = slot.saturating_add(1);
    }

    /// Whether no game counts on any size.
    pub fn is_empty(&self) -> bool {
        Size::all().all(|size| self.is_empty_on(size))
    }

    /// Whether no game counts on a board of `size`.
    pub fn is_empty_on(&self, size: Size) -> bool {
        self.tallies[slot(size)].iter().all(|t| t.games() == 0)
    }

    /// Forgets the games on a board of `size`.
    pub fn reset_on(&mut self, size: Size) {
        self.tallies[slot(size)] = Tallies::default();
    }

    /// `size.level.W.L.D.H` for each size and level with games, sizes smallest first
    /// ([`Size::all`]'s order) and levels weakest first ([`Level::ALL`]'s), joined by `~`:
    /// the empty text when no game counts.
    pub fn encode(&self) -> String {
        let mut text = crate::joined::Joined::new("~");
        for size in Size::all() {
            let mut entry = |name: &str, t: Tally| {
                if t.games() > 0 {
                    text.push(&format!(
                        "{size}.{name}.{}.{}.{}.{}",
                        t.wins, t.losses, t.draws, t.helped
                    ));
                }
            };
            for level in Level::ALL {
                entry(level.name(), self.at(size, level));
            }
            entry(ONLINE_NAME, self.online_at(size));
        }
        text.text()
    }

    /// Reads [`Record::encode`]'s text, its entries in any order, each size and level once.
    /// An entry for a level this build does not know (one added after it) is passed over,
    /// and the other entries are kept: the record is not refused for it (its tally is
    /// dropped at the next save). Anything else wrong in an entry (a bad size, a count that
    /// is not a number, something that cannot be a level's name) refuses the whole record.
    pub fn decode(text: &str) -> Result<Record, String> {
        let mut record = Record::default();
        if text.is_empty() {
            return Ok(record);
        }
        let mut seen: Vec<(Size, &str)> = Vec::new();
        for entry in text.split('~') {
            let parts: Vec<&str> = entry.split('.').collect();
            let [size, level, wins, losses, draws, helped] = parts[..] else {
                return Err("each entry is size.level.wins.losses.draws.helped".to_owned());
            };
            let size: Size = size.parse().map_err(|e| format!("{e}"))?;
            if !is_level_name(level) {
                return Err(format!("{} is not a level", quote(level)));
            }
            let tally = read_counts(&[wins, losses, draws, helped])?;
            if seen.contains(&(size, level)) {
                return Err(format!("{size} {} appears twice", quote(level)));
            }
            seen.push((size, level));
            if level == ONLINE_NAME {
                record.tallies[slot(size)][ONLINE] = tally;
            } else if let Ok(level) = level.parse::<Level>() {
                record.tallies[slot(size)][index(level)] = tally;
            }
        }
        Ok(record)
    }

    /// Reads the record of a saved game of version 2: the 7 x 6 board's tallies (`W.L.D.H`
    /// for easy, medium, hard and perfect in turn, joined by `-`), then `~size:` and the
    /// tallies of each other size with games (a record from before other sizes is 7 x 6's
    /// alone).
    pub fn decode_v2(text: &str) -> Result<Record, String> {
        let mut parts = text.split('~');
        let mut record = Record::default();
        record.tallies[slot(Size::CLASSIC)] = decode_v2_tallies(parts.next().unwrap_or_default())?;
        let mut seen = vec![Size::CLASSIC];
        for part in parts {
            let (size, tallies) = part
                .split_once(':')
                .ok_or_else(|| "each other size is size:tallies".to_owned())?;
            let size: Size = size.parse().map_err(|e| format!("{e}"))?;
            if seen.contains(&size) {
                return Err(format!("{size} appears twice"));
            }
            seen.push(size);
            record.tallies[slot(size)] = decode_v2_tallies(tallies)?;
        }
        Ok(record)
    }
}

/// The record panel: the record on one board size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordView {
    /// Which board it is: "On the 8 × 7 board".
    pub board: String,
    /// Each level's name, wins, losses, draws, and games with help, weakest first: the
    /// levels the board offers, and any other with games.
    pub rows: Vec<[String; 5]>,
    /// No game against the computer counts yet.
    pub empty: bool,
    /// Reset record was pressed once: its button asks for a second press.
    pub armed: bool,
    /// The recent online games, newest first, in words (the mirror adds them:
    /// [`super::played::Recent::view`]).
    pub played: Vec<String>,
}

/// The record, and whether Reset record was pressed once (a second press resets).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Records {
    record: Record,
    armed: bool,
}

impl Records {
    pub fn new(record: Record) -> Records {
        Records {
            record,
            armed: false,
        }
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Whether Reset record was pressed once, and a second press resets.
    pub fn armed(&self) -> bool {
        self.armed
    }

    /// Anything but a second press disarms Reset record.
    pub fn disarm(&mut self) {
        self.armed = false;
    }

    /// Reset record, for the board of `size`: the first press asks for a second; the
    /// second resets. True if the record changed (and is to be saved).
    pub fn reset(&mut self, size: Size, t: &Texts) -> (Vec<Effect>, bool) {
        if !self.armed {
            self.armed = true;
            return (Effect::changed(t.confirm_reset_said().to_owned()), false);
        }
        self.armed = false;
        self.record.reset_on(size);
        (Effect::changed(t.record_reset().to_owned()), true)
    }

    /// An online game on a board of `size` ended for the person with `finish`. The record
    /// is then to be saved.
    pub fn count_online(&mut self, size: Size, finish: Finish) {
        self.record.count_online(size, finish);
    }

    /// A game on a board of `size` between `mode`'s players ended with `status`: counted
    /// if one person played the computer, apart if they had help (`helped`). True if it
    /// counted (and the record is to be saved).
    pub fn count(&mut self, size: Size, mode: Option<Mode>, status: Status, helped: bool) -> bool {
        let Some(Mode::Computer { level, person }) = mode else {
            return false;
        };
        let finish = match status {
            Status::InProgress => return false,
            _ if helped => Finish::Helped,
            Status::Win(p) if p == person => Finish::Won,
            Status::Win(_) => Finish::Lost,
            Status::Draw => Finish::Drawn,
        };
        self.record.count(size, level, finish);
        true
    }

    /// The record's part of the mirror: the record on the board of `size`.
    pub fn view(&self, size: Size, t: &Texts) -> RecordView {
        let mut rows = Vec::new();
        let mut row = |name: &str, tally: Tally| {
            rows.push([
                name.to_owned(),
                tally.wins.to_string(),
                tally.losses.to_string(),
                tally.draws.to_string(),
                tally.helped.to_string(),
            ])
        };
        // A level the board does not offer has no row, unless it has games.
        for level in Level::ALL {
            let tally = self.record.at(size, level);
            if level.offered_on(size) || tally.games() > 0 {
                row(t.level(level), tally);
            }
        }
        // Games against a friend online have a row of their own, once there are some.
        let online = self.record.online_at(size);
        if online.games() > 0 {
            row(t.online_friend(), online);
        }
        RecordView {
            board: super::text::fill(t.record_board(), &[("size", &t.size_text(size))]),
            rows,
            empty: self.record.is_empty_on(size),
            armed: self.armed,
            played: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const C: Size = Size::CLASSIC;

    #[test]
    fn online_games_have_a_tally_of_their_own() {
        let mut r = Record::default();
        r.count_online(C, Finish::Won);
        r.count_online(C, Finish::Lost);
        r.count(C, Level::Hard, Finish::Won);
        assert_eq!(r.encode(), "7x6.hard.1.0.0.0~7x6.online.1.1.0.0");
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        assert_eq!(r.online_at(C).games(), 2);
        assert_eq!(r.at(C, Level::Hard).games(), 1);
    }

    #[test]
    fn counts_per_level_and_reads_back() {
        let mut r = Record::default();
        assert!(r.is_empty());
        assert_eq!(r.encode(), "");
        assert_eq!(Record::decode(""), Ok(r));
        r.count(C, Level::Easy, Finish::Won);
        r.count(C, Level::Easy, Finish::Won);
        r.count(C, Level::Perfect, Finish::Lost);
        r.count(C, Level::Hard, Finish::Drawn);
        assert_eq!(r.at(C, Level::Easy).wins, 2);
        assert_eq!(r.at(C, Level::Perfect).losses, 1);
        assert_eq!(r.at(C, Level::Hard).games(), 1);
        assert_eq!(r.at(C, Level::Medium).games(), 0);
        r.count(C, Level::Perfect, Finish::Helped);
        assert_eq!(r.at(C, Level::Perfect).games(), 2);
        // Only the levels with games, weakest first, each by its name.
        assert_eq!(
            r.encode(),
            "7x6.easy.2.0.0.0~7x6.hard.0.0.1.0~7x6.perfect.0.1.0.1"
        );
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        // In any order, and a level with no games written all the same.
        let shuffled = "7x6.perfect.0.1.0.1~7x6.medium.0.0.0.0~7x6.easy.2.0.0.0~7x6.hard.0.0.1.0";
        assert_eq!(Record::decode(shuffled), Ok(r));
    }

    #[test]
    fn each_size_counts_apart() {
        let (big, small) = (Size::new(8, 7).unwrap(), Size::new(5, 4).unwrap());
        let mut r = Record::default();
        r.count(big, Level::Hard, Finish::Won);
        r.count(small, Level::Easy, Finish::Drawn);
        r.count(small, Level::Easy, Finish::Helped);
        r.count(C, Level::Medium, Finish::Lost);
        assert_eq!(r.at(big, Level::Hard).wins, 1);
        assert_eq!(r.at(C, Level::Hard).games(), 0, "7 x 6 has none at hard");
        assert!(!r.is_empty_on(C) && !r.is_empty());
        // Each size with games, smallest first.
        assert_eq!(
            r.encode(),
            "5x4.easy.0.0.1.1~7x6.medium.0.1.0.0~8x7.hard.1.0.0.0"
        );
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        r.reset_on(big);
        assert!(r.is_empty_on(big) && !r.is_empty_on(small));
        assert_eq!(r.encode(), "5x4.easy.0.0.1.1~7x6.medium.0.1.0.0");
    }

    #[test]
    fn a_level_this_build_does_not_know_is_passed_over_and_the_rest_kept() {
        // As a later build might write it, with a level between hard and perfect.
        let text = "5x4.easy.4.0.0.0~7x6.hard.1.2.3.0~7x6.expert.9.9.9.9~7x6.perfect.0.5.0.1\
                    ~9x9.grandmaster-2.1.0.0.0";
        let r = Record::decode(text).unwrap();
        let small = Size::new(5, 4).unwrap();
        assert_eq!(r.at(small, Level::Easy).wins, 4);
        let hard = r.at(C, Level::Hard);
        assert_eq!(
            (hard.wins, hard.losses, hard.draws, hard.helped),
            (1, 2, 3, 0)
        );
        let perfect = r.at(C, Level::Perfect);
        assert_eq!((perfect.losses, perfect.helped), (5, 1));
        assert!(r.is_empty_on(Size::new(9, 9).unwrap()));
        assert_eq!(
            r.encode(),
            "5x4.easy.4.0.0.0~7x6.hard.1.2.3.0~7x6.perfect.0.5.0.1",
            "what it does not know is not written back"
        );
        // Only unknown levels: an empty record, not a refused one.
        assert_eq!(Record::decode("7x6.expert.1.0.0.0"), Ok(Record::default()));
    }

    #[test]
    fn bad_records_are_refused() {
        for bad in [
            "~",
            "7x6",
            "7x6.easy",
            "7x6.easy.1.0.0",
            "7x6.easy.1.0.0.0.0",
            "7x6.easy.1.0.0.0~",
            "7x6.easy.a.0.0.0",
            "7x6.easy.+1.0.0.0",
            "7x6.easy.99999999999.0.0.0",
            "7x6.easy.1..0.0",
            "7x6..1.0.0.0",
            "7x6.Easy.1.0.0.0",
            "7x6.9lives.1.0.0.0",
            "7x6.e asy.1.0.0.0",
            "10x4.easy.1.0.0.0",
            "7.easy.1.0.0.0",
            "7x6.easy.1.0.0.0~7x6.easy.0.1.0.0",
            // Twice, even for a level this build does not know.
            "7x6.expert.1.0.0.0~7x6.expert.0.1.0.0",
            // The version 2 form is not this one.
            "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0",
        ] {
            assert!(Record::decode(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_version_2_record_reads_each_level_by_its_place() {
        let (big, small) = (Size::new(8, 7).unwrap(), Size::new(5, 4).unwrap());
        let text = "3.1.0.0-2.0.4.0-0.5.0.2-0.7.1.0~5x4:0.0.0.0-8.0.0.0-0.0.0.0-0.11.0.0\
                    ~8x7:0.0.9.1-0.0.0.0-6.0.0.0-0.0.0.0";
        let r = Record::decode_v2(text).unwrap();
        let counts = |size, name: &str| {
            let t = r.at(size, name.parse().unwrap());
            (t.wins, t.losses, t.draws, t.helped)
        };
        assert_eq!(counts(C, "easy"), (3, 1, 0, 0));
        assert_eq!(counts(C, "medium"), (2, 0, 4, 0));
        assert_eq!(counts(C, "hard"), (0, 5, 0, 2));
        assert_eq!(counts(C, "perfect"), (0, 7, 1, 0));
        assert_eq!(counts(small, "medium"), (8, 0, 0, 0));
        assert_eq!(counts(small, "perfect"), (0, 11, 0, 0));
        assert_eq!(counts(big, "easy"), (0, 0, 9, 1));
        assert_eq!(counts(big, "hard"), (6, 0, 0, 0));
        assert_eq!(
            r.encode(),
            "5x4.medium.8.0.0.0~5x4.perfect.0.11.0.0\
             ~7x6.easy.3.1.0.0~7x6.medium.2.0.4.0~7x6.hard.0.5.0.2~7x6.perfect.0.7.1.0\
             ~8x7.easy.0.0.9.1~8x7.hard.6.0.0.0"
        );
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        // Written before games with help were counted apart: none of them.
        let old = Record::decode_v2("2.0.0-0.0.0-0.0.1-0.1.0").unwrap();
        assert_eq!(
            (
                old.at(C, Level::Easy).wins,
                old.at(C, Level::Perfect).losses,
                old.at(C, Level::Perfect).helped
            ),
            (2, 1, 0)
        );
        let classic = "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0";
        for bad in [
            "".to_owned(),
            "1.0.0".to_owned(),
            "1.0.0-0.0.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "1.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "1.0.0.0.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "a.0.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "+1.0.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "99999999999.0.0-0.0.0-0.0.0-0.0.0".to_owned(),
            "1..0-0.0.0-0.0.0-0.0.0".to_owned(),
            format!("{classic}~5x4"),
            format!("{classic}~10x4:{classic}"),
            format!("{classic}~7x6:{classic}"),
            format!("{classic}~5x4:{classic}~5x4:{classic}"),
            format!("{classic}~5x4:1.0"),
            format!("{classic}~"),
            "7x6.easy.1.0.0.0".to_owned(),
        ] {
            assert!(Record::decode_v2(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_one_person_against_the_computer_counts_and_reset_takes_two_presses() {
        use crate::engine::Player;
        let t = Texts::default();
        let mut r = Records::default();
        let against = Some(Mode::Computer {
            level: Level::Hard,
            person: Player::Second,
        });
        assert!(r.count(C, against, Status::Win(Player::Second), false));
        assert!(r.count(C, against, Status::Draw, false));
        assert!(!r.count(C, Some(Mode::Friend), Status::Draw, false));
        assert!(!r.count(C, None, Status::Draw, false));
        assert!(!r.count(C, against, Status::InProgress, false));
        // A win with help is not a win: it counts apart.
        assert!(r.count(C, against, Status::Win(Player::Second), true));
        assert!(!r.count(C, against, Status::InProgress, true));
        let tally = r.record().at(C, Level::Hard);
        assert_eq!(
            (tally.wins, tally.losses, tally.draws, tally.helped),
            (1, 0, 1, 1)
        );
        assert_eq!(
            r.view(C, &t).rows[2],
            ["hard", "1", "0", "1", "1"].map(String::from)
        );
        assert!(!r.reset(C, &t).1 && r.armed() && r.view(C, &t).armed);
        r.disarm();
        assert!(!r.reset(C, &t).1, "disarmed: the first press again");
        assert!(r.reset(C, &t).1 && r.record().is_empty() && r.view(C, &t).empty);
    }
}
