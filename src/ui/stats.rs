//! The player's record against the computer: wins, losses and draws at each level, kept with
//! the saved settings (`record=3.1.0-0.0.0-0.2.1-0.4.0`, easy to perfect).

use crate::solver::Level;

/// Wins, losses and draws at one level, from the person's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }
}

/// How a finished game against the computer went for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    Won,
    Lost,
    Drawn,
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
        };
        *slot = slot.saturating_add(1);
    }

    pub fn is_empty(&self) -> bool {
        self.tallies.iter().all(|t| t.games() == 0)
    }

    /// `W.L.D` for each level, joined by `-`.
    pub fn encode(&self) -> String {
        self.tallies
            .iter()
            .map(|t| format!("{}.{}.{}", t.wins, t.losses, t.draws))
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads [`Record::encode`]'s text: every level, three counts each.
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
            let [wins, losses, draws] = counts[..] else {
                return Err("each level needs wins.losses.draws".to_owned());
            };
            *tally = Tally {
                wins,
                losses,
                draws,
            };
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_level_and_reads_back() {
        let mut r = Record::default();
        assert!(r.is_empty());
        assert_eq!(r.encode(), "0.0.0-0.0.0-0.0.0-0.0.0");
        r.count(Level::Easy, Finish::Won);
        r.count(Level::Easy, Finish::Won);
        r.count(Level::Perfect, Finish::Lost);
        r.count(Level::Hard, Finish::Drawn);
        assert_eq!(r.at(Level::Easy).wins, 2);
        assert_eq!(r.at(Level::Perfect).losses, 1);
        assert_eq!(r.at(Level::Hard).games(), 1);
        assert_eq!(r.at(Level::Medium).games(), 0);
        assert_eq!(r.encode(), "2.0.0-0.0.0-0.0.1-0.1.0");
        assert_eq!(Record::decode(&r.encode()), Ok(r));
    }

    #[test]
    fn bad_records_are_refused() {
        for bad in [
            "",
            "1.0.0",
            "1.0.0-0.0.0-0.0.0-0.0.0-0.0.0",
            "1.0-0.0.0-0.0.0-0.0.0",
            "1.0.0.0-0.0.0-0.0.0-0.0.0",
            "a.0.0-0.0.0-0.0.0-0.0.0",
            "+1.0.0-0.0.0-0.0.0-0.0.0",
            "99999999999.0.0-0.0.0-0.0.0-0.0.0",
            "1..0-0.0.0-0.0.0-0.0.0",
        ] {
            assert!(Record::decode(bad).is_err(), "{bad:?}");
        }
    }
}
