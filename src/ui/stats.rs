//! The player's record against the computer: wins, losses and draws at each level, kept with
//! the saved settings (`record=3.1.0-0.0.0-0.2.1-0.4.0`, easy to perfect). [`Records`] is the
//! activity: it counts finished games, resets on a second press, and builds its part of the
//! mirror ([`RecordView`]).

use super::effect::Effect;
use super::settings::Mode;
use super::text::Texts;
use crate::engine::Status;
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

/// The record at every level, in [`Level::ALL`]'s order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    pub tallies: [Tally; Level::ALL.len()],
}

fn index(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&l| l == level)
        .unwrap_or_default()
}

impl Record {
    pub fn at(&self, level: Level) -> Tally {
        self.tallies[index(level)]
    }

    /// Counts one finished game at `level`.
    pub fn count(&mut self, level: Level, finish: Finish) {
        let tally = &mut self.tallies[index(level)];
        let slot = match finish {
            Finish::Won => &mut tally.wins,
            Finish::Lost => &mut tally.losses,
            Finish::Drawn => &mut tally.draws,
            Finish::Helped => &mut tally.helped,
        };
        *slot = slot.saturating_add(1);
    }

    pub fn is_empty(&self) -> bool {
        self.tallies.iter().all(|t| t.games() == 0)
    }

    /// `W.L.D.H` for each level (H: the games with help), joined by `-`.
    pub fn encode(&self) -> String {
        self.tallies
            .iter()
            .map(|t| format!("{}.{}.{}.{}", t.wins, t.losses, t.draws, t.helped))
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads [`Record::encode`]'s text: every level, four counts each (or three, as it was
    /// written before games with help were counted apart).
    pub fn decode(text: &str) -> Result<Record, String> {
        let levels: Vec<&str> = text.split('-').collect();
        if levels.len() != Level::ALL.len() {
            return Err(format!("{} levels, not {}", levels.len(), Level::ALL.len()));
        }
        let mut record = Record::default();
        for (tally, part) in record.tallies.iter_mut().zip(levels) {
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
        Ok(record)
    }
}

/// The record panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordView {
    /// Each level's name, wins, losses, draws, and games with help.
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

    /// Reset record: the first press asks for a second; the second resets. True if the
    /// record changed (and is to be saved).
    pub fn reset(&mut self, t: &Texts) -> (Vec<Effect>, bool) {
        if !self.armed {
            self.armed = true;
            return (Effect::changed(t.confirm_reset_said().to_owned()), false);
        }
        self.armed = false;
        self.record = Record::default();
        (Effect::changed(t.record_reset().to_owned()), true)
    }

    /// A game between `mode`'s players ended with `status`: counted if one person played
    /// the computer, apart if they had help (`helped`). True if it counted (and the record
    /// is to be saved).
    pub fn count(&mut self, mode: Option<Mode>, status: Status, helped: bool) -> bool {
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
        self.record.count(level, finish);
        true
    }

    /// The record's part of the mirror.
    pub fn view(&self, t: &Texts) -> RecordView {
        RecordView {
            rows: Level::ALL
                .iter()
                .map(|&level| {
                    let tally = self.record.at(level);
                    [
                        t.level(level).to_owned(),
                        tally.wins.to_string(),
                        tally.losses.to_string(),
                        tally.draws.to_string(),
                        tally.helped.to_string(),
                    ]
                })
                .collect(),
            empty: self.record.is_empty(),
            armed: self.armed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_level_and_reads_back() {
        let mut r = Record::default();
        assert!(r.is_empty());
        assert_eq!(r.encode(), "0.0.0.0-0.0.0.0-0.0.0.0-0.0.0.0");
        r.count(Level::Easy, Finish::Won);
        r.count(Level::Easy, Finish::Won);
        r.count(Level::Perfect, Finish::Lost);
        r.count(Level::Hard, Finish::Drawn);
        assert_eq!(r.at(Level::Easy).wins, 2);
        assert_eq!(r.at(Level::Perfect).losses, 1);
        assert_eq!(r.at(Level::Hard).games(), 1);
        assert_eq!(r.at(Level::Medium).games(), 0);
        r.count(Level::Perfect, Finish::Helped);
        assert_eq!(r.at(Level::Perfect).games(), 2);
        assert_eq!(r.encode(), "2.0.0.0-0.0.0.0-0.0.1.0-0.1.0.1");
        assert_eq!(Record::decode(&r.encode()), Ok(r));
        // A record written before games with help were counted apart: none of them.
        let old = Record::decode("2.0.0-0.0.0-0.0.1-0.1.0").unwrap();
        assert_eq!(
            (old.at(Level::Easy).wins, old.at(Level::Perfect).helped),
            (2, 0)
        );
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
        assert!(r.count(against, Status::Win(Player::Second), false));
        assert!(r.count(against, Status::Draw, false));
        assert!(!r.count(Some(Mode::Friend), Status::Draw, false));
        assert!(!r.count(None, Status::Draw, false));
        assert!(!r.count(against, Status::InProgress, false));
        // A win with help is not a win: it counts apart.
        assert!(r.count(against, Status::Win(Player::Second), true));
        assert!(!r.count(against, Status::InProgress, true));
        let tally = r.record().at(Level::Hard);
        assert_eq!(
            (tally.wins, tally.losses, tally.draws, tally.helped),
            (1, 0, 1, 1)
        );
        assert_eq!(
            r.view(&t).rows[2],
            ["hard", "1", "0", "1", "1"].map(String::from)
        );
        assert!(!r.reset(&t).1 && r.armed() && r.view(&t).armed);
        r.disarm();
        assert!(!r.reset(&t).1, "disarmed: the first press again");
        assert!(r.reset(&t).1 && r.record().is_empty() && r.view(&t).empty);
    }
}
