//! The person's recent online games, newest first: each one's board and moves, how it went
//! for them, the day it ended and the name their friend went by. The record panel lists
//! them, and each opens in the review. Saved with the game (`played=…`), at most
//! [`KEPT`] of them.

use super::stats::Finish;
use super::text::{fill, Texts};
use crate::engine::{Position, Size};
use crate::joined::Joined;

/// How many recent online games are kept.
pub const KEPT: usize = 10;

/// An online game played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub position: Position,
    /// Won, lost or drawn, for the person.
    pub finish: Finish,
    /// The day it ended: days after 1970-01-01, in the person's time zone.
    pub day: u32,
    /// The name the friend went by, if they gave one.
    pub opponent: Option<String>,
}

/// The recent online games, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recent(pub Vec<Played>);

impl Recent {
    /// Keeps `played`, the newest; the oldest past [`KEPT`] goes.
    pub fn add(&mut self, played: Played) {
        self.0.insert(0, played);
        self.0.truncate(KEPT);
    }

    /// `size.moves.result.day.name` for each game, joined by `~` (`w`, `l` or `d` for the
    /// result; in the name, `%`, `.`, `~`, `&` and `=` as `%` and their hex digits): the
    /// empty text when there is none.
    pub fn encode(&self) -> String {
        let mut text = Joined::new("~");
        for p in &self.0 {
            let finish = match p.finish {
                Finish::Won => 'w',
                Finish::Lost => 'l',
                Finish::Drawn | Finish::Helped => 'd',
            };
            let mut name = String::new();
            for c in p.opponent.as_deref().unwrap_or_default().chars() {
                match c {
                    '%' | '.' | '~' | '&' | '=' => {
                        name.push('%');
                        name.push_str(&crate::hex::hex(&[c as u8]));
                    }
                    c => name.push(c),
                }
            }
            text.push(&format!(
                "{}.{}.{finish}.{}.{name}",
                p.position.size(),
                p.position.moves_string(),
                p.day
            ));
        }
        text.text()
    }

    /// Reads [`Recent::encode`]'s text; anything wrong refuses it whole.
    pub fn decode(text: &str) -> Result<Recent, &'static str> {
        let mut recent = Recent::default();
        let bad = "played: not a list of games";
        for entry in text.split('~').filter(|e| !e.is_empty()) {
            let mut parts = entry.split('.');
            let mut part = || parts.next().ok_or(bad);
            let size: Size = part()?.parse().map_err(|_| bad)?;
            let position = Position::from_moves_on(size, part()?).map_err(|_| bad)?;
            let finish = match part()? {
                "w" => Finish::Won,
                "l" => Finish::Lost,
                "d" => Finish::Drawn,
                _ => return Err(bad),
            };
            let day = super::fields::number(part()?)?;
            let mut name = String::new();
            let mut chars = part()?.chars();
            while let Some(c) = chars.next() {
                name.push(match c {
                    '%' => {
                        let digits = [chars.next(), chars.next()];
                        let [Some(a), Some(b)] = digits.map(|d| d.and_then(|d| d.to_digit(16)))
                        else {
                            return Err(bad);
                        };
                        char::from((a * 16 + b) as u8)
                    }
                    c => c,
                });
            }
            if parts.next().is_some() || recent.0.len() == KEPT {
                return Err(bad);
            }
            recent.0.push(Played {
                position,
                finish,
                day,
                opponent: (!name.is_empty()).then_some(name),
            });
        }
        Ok(recent)
    }

    /// Each game in words, newest first: "Won against Bo on 8 × 7, 2026-11-28".
    pub fn view(&self, t: &Texts) -> Vec<String> {
        let mut lines = Vec::new();
        for p in &self.0 {
            let result = match p.finish {
                Finish::Won => t.played_won(),
                Finish::Lost => t.played_lost(),
                Finish::Drawn | Finish::Helped => t.played_drawn(),
            };
            lines.push(fill(
                t.played_game(),
                &[
                    ("result", result),
                    ("player", p.opponent.as_deref().unwrap_or(t.played_friend())),
                    ("size", &t.size_text(p.position.size())),
                    ("date", &date(p.day)),
                ],
            ));
        }
        lines
    }
}

/// Day `day` after 1970-01-01 as a date people read the world over: `2026-11-28`.
fn date(day: u32) -> String {
    // Howard Hinnant's `civil_from_days`.
    let z = i64::from(day) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str, finish: Finish, opponent: Option<&str>) -> Played {
        Played {
            position: Position::from_moves_on(Size::new(8, 7).unwrap(), moves).unwrap(),
            finish,
            day: 20_785,
            opponent: opponent.map(str::to_owned),
        }
    }

    #[test]
    fn recent_games_are_kept_newest_first_and_read_back() {
        let mut recent = Recent::default();
        for i in 0..12 {
            let name = format!("Bo~.&= é{i}");
            recent.add(game("4455", Finish::Lost, Some(&name)));
        }
        recent.add(game("", Finish::Won, None));
        assert_eq!(recent.0.len(), KEPT);
        assert_eq!(recent.0[0].finish, Finish::Won);
        assert_eq!(recent.0[1].opponent.as_deref(), Some("Bo~.&= é11"));
        let text = recent.encode();
        assert!(!text.contains('&') && !text.contains('='), "{text}");
        assert_eq!(Recent::decode(&text), Ok(recent));
        assert_eq!(Recent::decode(""), Ok(Recent::default()));
    }

    #[test]
    fn a_broken_list_is_refused_whole() {
        let good = "8x7.4455.w.20785.Bo%2E%7e";
        let read = Recent::decode(good).unwrap();
        assert_eq!(read.0[0].opponent.as_deref(), Some("Bo.~"));
        for bad in [
            "8x7.4455.w.20785",
            "8x7.4455.x.20785.Bo",
            "8x7.4495.w.20785.Bo",
            "3x3.44.w.20785.Bo",
            "8x7.4455.w.day.Bo",
            "8x7.4455.w.-1.Bo",
            "8x7.4455.w.20785.B%4",
            "8x7.4455.w.20785.B%4g",
            "8x7.4455.w.20785.Bo.0",
        ] {
            assert!(Recent::decode(bad).is_err(), "{bad}");
        }
        let eleven = [good; KEPT + 1].join("~");
        assert!(Recent::decode(&eleven).is_err());
    }

    #[test]
    fn each_game_is_said_with_its_date() {
        let recent = Recent(vec![
            game("4455", Finish::Won, Some("Bo")),
            game("44", Finish::Drawn, None),
        ]);
        assert_eq!(
            recent.view(&Texts::default()),
            [
                "Won against Bo on 8 × 7, 2026-11-28",
                "Drawn against a friend on 8 × 7, 2026-11-28"
            ]
        );
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(11_016), "2000-02-29");
        assert_eq!(date(10_957), "2000-01-01");
    }
}
