//! The player's record against the computer: wins, losses and draws at each level on each
//! board size, kept with the saved settings (`record=3.1.0.0-0.0.0.0-0.2.1.0-0.4.0.0`, easy
//! to perfect on 7 x 6, then `~8x7:…` for each other size played). [`Records`] is the
//! activity: it counts finished games, resets on a second press, and builds its part of the
//! mirror ([`RecordView`]).

use super::effect::Effect;
use super::settings::Mode;
use super::text::Texts;
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

/// One board size's record: every level, in [`Level::ALL`]'s order.
type Tallies = [Tally; Level::ALL.len()];

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

/// `W.L.D.H` for each level (H: the games with help), joined by `-`.
fn encode_tallies(tallies: &Tallies) -> String {
    tallies
        .iter()
        .map(|t| format!("{}.{}.{}.{}", t.wins, t.losses, t.draws, t.helped))
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads [`encode_tallies`]'s text: every level, four counts each (or three, as it was
/// written before games with help were counted apart).
fn decode_tallies(text: &str) -> Result<Tallies, String> {
    let levels: Vec<&str> = text.split('-').collect();
    if levels.len() != Level::ALL.len() {
        return Err(format!("{} levels, not {}", levels.len(), Level::ALL.len()));
    }
    let mut tallies = Tallies::default();
    for (tally, part) in tallies.iter_mut().zip(levels) {
        let counts = part
            .split('.')
            .map(super::fields::number)
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|_| "a count is not a number".to_owned())?;
        let (wins, losses, draws, helped) = match counts[..] {
            [wins, losses, draws] => (wins, losses, draws, 0),
            [wins, losses, draws, helped] => (wins, losses, draws, helped),
            _ => return Err("each level needs wins.losses.draws.helped".to_owned()),
        };
        *tally = Tally {
            wins,
            losses,
            draws,
            helped,
        };
    }
    Ok(tallies)
}

impl Record {
    /// The tally at `level` on a board of `size`.
    pub fn at(&self, size: Size, level: Level) -> Tally {
        self.tallies[slot(size)][index(level)]
    }

    /// Counts one finished game at `level` on a board of `size`.
    pub fn count(&mut self, size: Size, level: Level, finish: Finish) {
        let tally = &mut self.tallies[slot(size)][index(level)];
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

    /// The 7 x 6 board's tallies (`W.L.D.H` for each level, joined by `-`), then `~size:`
    /// and the tallies of each other size with games, smallest first.
    pub fn encode(&self) -> String {
        let mut text = encode_tallies(&self.tallies[slot(Size::CLASSIC)]);
        for size in Size::all().filter(|&s| !s.is_classic() && !self.is_empty_on(s)) {
            text.push_str(&format!(
                "~{size}:{}",
                encode_tallies(&self.tallies[slot(size)])
            ));
        }
        text
    }

    /// Reads [`Record::encode`]'s text (a record from before other sizes is 7 x 6's alone).
    pub fn decode(text: &str) -> Result<Record, String> {
        let mut parts = text.split('~');
        let mut record = Record::default();
        record.tallies[slot(Size::CLASSIC)] = decode_tallies(parts.next().unwrap_or_default())?;
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
            record.tallies[slot(size)] = decode_tallies(tallies)?;
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
        RecordView {
            board: super::text::fill(t.record_board(), &[("size", &t.size_text(size))]),
            // A level the board does not offer has no row, unless it has games.
            rows: Level::ALL
                .iter()
                .filter(|&&level| level.offered_on(size) || self.record.at(size, level).games() > 0)
                .map(|&level| {
                    let tally = self.record.at(size, level);
                    [
                        t.level(level).to_owned(),
                        tally.wins.to_string(),
                        tally.losses.to_string(),
                        tally.draws.to_string(),
                        tally.helped.to_string(),
                    ]
                })
                .collect(),
            empty: self.record.is_empty_on(size),
            armed: self.armed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const C: Size = Size::CLASSIC;

    #[test]
    fn counts_per_level_and_reads_back() {
        let mut r = Record::default();
        assert!(r.is_empty());
        assert_eq!(r.encode(), "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0");
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
        assert_eq!(r.encode(), "2.0.0.0-0.0.0.0-0.0.1.0-0.1.0.1");
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        // A record written before games with help were counted apart: none of them.
        let old = Record::decode("2.0.0-0.0.0-0.0.1-0.1.0").unwrap();
        assert_eq!(
            (
                old.at(C, Level::Easy).wins,
                old.at(C, Level::Perfect).helped
            ),
            (2, 0)
        );
    }

    #[test]
    fn each_size_counts_apart() {
        let (big, small) = (Size::new(8, 7).unwrap(), Size::new(5, 4).unwrap());
        let mut r = Record::default();
        r.count(big, Level::Hard, Finish::Won);
        r.count(small, Level::Easy, Finish::Drawn);
        r.count(small, Level::Easy, Finish::Helped);
        assert_eq!(r.at(big, Level::Hard).wins, 1);
        assert_eq!(r.at(C, Level::Hard).games(), 0, "7 x 6 has none");
        assert!(r.is_empty_on(C) && !r.is_empty());
        // 7 x 6 first, as before; then each other size with games, smallest first.
        assert_eq!(
            r.encode(),
            "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0~5x4:0.0.1.1-0.0.0.0-0.0.0.0-0.0.0.0\
             ~8x7:0.0.0.0-0.0.0.0-1.0.0.0-0.0.0.0"
        );
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        r.reset_on(big);
        assert!(r.is_empty_on(big) && !r.is_empty_on(small));
        let classic = "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0";
        for bad in [
            format!("{classic}~5x4"),
            format!("{classic}~10x4:{classic}"),
            format!("{classic}~7x6:{classic}"),
            format!("{classic}~5x4:{classic}~5x4:{classic}"),
            format!("{classic}~5x4:1.0"),
            format!("{classic}~"),
        ] {
            assert!(Record::decode(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bad_records_are_refused() {
        for bad in [
            "",
            "1.0.0",
            "1.0.0-0.0.0-0.0.0-0.0.0-0.0.0",
            "1.0-0.0.0-0.0.0-0.0.0",
            "1.0.0.0.0-0.0.0-0.0.0-0.0.0",
            "a.0.0-0.0.0-0.0.0-0.0.0",
            "+1.0.0-0.0.0-0.0.0-0.0.0",
            "99999999999.0.0-0.0.0-0.0.0-0.0.0",
            "1..0-0.0.0-0.0.0-0.0.0",
        ] {
            assert!(Record::decode(bad).is_err(), "{bad:?}");
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
