//! Who plays each side, and the player's other choices.

use crate::solver::levels::UnknownLevel;
use crate::solver::Level;
use std::fmt;
use std::str::FromStr;

/// Who plays a side: a person, or the computer at a level. Written `"human"` or the
/// level's name (`"easy"` … `"perfect"`) in options, settings and the DOM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    Human,
    Computer(Level),
}

impl PlayerKind {
    /// Every choice, a person first, then the levels from weakest to strongest.
    pub const ALL: [PlayerKind; 5] = [
        PlayerKind::Human,
        PlayerKind::Computer(Level::Easy),
        PlayerKind::Computer(Level::Medium),
        PlayerKind::Computer(Level::Hard),
        PlayerKind::Computer(Level::Perfect),
    ];

    /// The name used in options and settings.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Computer(level) => level.name(),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player name that is neither `"human"` nor a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPlayer(pub UnknownLevel);

impl fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, or \"human\"", self.0)
    }
}

impl std::error::Error for UnknownPlayer {}

impl FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<PlayerKind, UnknownPlayer> {
        match s {
            "human" => Ok(PlayerKind::Human),
            level => level
                .parse()
                .map(PlayerKind::Computer)
                .map_err(UnknownPlayer),
        }
    }
}

/// The player's choices that last across games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Red (first) and Yellow (second).
    pub players: [PlayerKind; 2],
    pub reduced_motion: bool,
    /// Show every column's outcome above the board.
    pub show_analysis: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: [PlayerKind::Human; 2],
            reduced_motion: false,
            show_analysis: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_kinds_read_back_what_they_write() {
        for kind in PlayerKind::ALL {
            assert_eq!(kind.to_string().parse::<PlayerKind>(), Ok(kind));
        }
        assert_eq!("human".parse(), Ok(PlayerKind::Human));
        assert_eq!("hard".parse(), Ok(PlayerKind::Computer(Level::Hard)));
        let e = "godlike".parse::<PlayerKind>().unwrap_err().to_string();
        assert!(e.starts_with("unknown level \"godlike\""), "{e}");
        assert!(e.ends_with("or \"human\""), "{e}");
        assert!("Human".parse::<PlayerKind>().is_err(), "names are exact");
    }
}
