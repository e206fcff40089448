//! Who plays each side, and the player's other choices.

use crate::engine::{Player, Size};
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

/// The board sizes the first screen lists, the standard one first; any other is a custom
/// width and height.
pub const COMMON_SIZES: [Size; 5] = [
    Size::CLASSIC,
    sized(8, 7),
    sized(9, 7),
    sized(6, 5),
    sized(5, 4),
];

/// A size known to be one (checked when the constant is built).
const fn sized(width: usize, height: usize) -> Size {
    match Size::new(width, height) {
        Ok(size) => size,
        Err(_) => panic!("not a board size"),
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
    /// Play the landing click and the end's cue.
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: [PlayerKind::Human; 2],
            reduced_motion: false,
            show_analysis: false,
            sound: true,
        }
    }
}

impl Settings {
    /// An embedded game's defaults, on a page that prefers reduced motion (or not): silent
    /// until the host turns the sound on. Motion and sound are separate choices.
    pub fn embedded(reduced_motion: bool) -> Settings {
        Settings {
            reduced_motion,
            sound: false,
            ..Settings::default()
        }
    }
}

/// The main choice, as the first screen offers it: two people on this device, or one person
/// against the computer at a level, playing Red (who moves first) or Yellow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Friend,
    Computer { level: Level, person: Player },
}

impl Mode {
    /// The mode that `players` are, if they are one (two computers are none).
    pub fn of(players: [PlayerKind; 2]) -> Option<Mode> {
        match players {
            [PlayerKind::Human, PlayerKind::Human] => Some(Mode::Friend),
            [PlayerKind::Human, PlayerKind::Computer(level)] => Some(Mode::Computer {
                level,
                person: Player::First,
            }),
            [PlayerKind::Computer(level), PlayerKind::Human] => Some(Mode::Computer {
                level,
                person: Player::Second,
            }),
            [PlayerKind::Computer(_), PlayerKind::Computer(_)] => None,
        }
    }

    /// Who plays Red and Yellow in this mode.
    pub fn players(self) -> [PlayerKind; 2] {
        match self {
            Mode::Friend => [PlayerKind::Human; 2],
            Mode::Computer {
                level,
                person: Player::First,
            } => [PlayerKind::Human, PlayerKind::Computer(level)],
            Mode::Computer {
                level,
                person: Player::Second,
            } => [PlayerKind::Computer(level), PlayerKind::Human],
        }
    }
}

/// A change to the main choice, from one of its controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeChoice {
    /// Two people on this device.
    Friend,
    /// Against the computer (at the level last shown).
    Computer,
    /// The computer's level (and so against the computer).
    Level(Level),
    /// The colour the one person plays (and so against the computer).
    Person(Player),
}

impl ModeChoice {
    /// The mode after this choice, from the level and colour the controls show (the
    /// computer's against the computer, the last ones chosen with two people): the choice
    /// replaces what it names and keeps the rest.
    pub fn apply(self, level: Level, person: Player) -> Mode {
        match self {
            ModeChoice::Friend => Mode::Friend,
            ModeChoice::Computer => Mode::Computer { level, person },
            ModeChoice::Level(level) => Mode::Computer { level, person },
            ModeChoice::Person(person) => Mode::Computer { level, person },
        }
    }
}

/// What the main choice shows: the computer's level and the person's colour while one person
/// plays it, and while two people play, the last ones chosen (so a choice of the computer
/// comes back to them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MainChoice {
    level: Level,
    person: Player,
}

impl Default for MainChoice {
    fn default() -> MainChoice {
        MainChoice {
            level: Level::Medium,
            person: Player::First,
        }
    }
}

impl MainChoice {
    /// The level and colour shown while `players` play.
    pub fn shown(self, players: [PlayerKind; 2]) -> (Level, Player) {
        match Mode::of(players) {
            Some(Mode::Computer { level, person }) => (level, person),
            _ => (self.level, self.person),
        }
    }

    /// `choice`, made while `players` play: who plays from now on.
    pub fn choose(&mut self, choice: ModeChoice, players: [PlayerKind; 2]) -> [PlayerKind; 2] {
        let (level, person) = self.shown(players);
        let mode = choice.apply(level, person);
        if let Mode::Computer { level, person } = mode {
            (self.level, self.person) = (level, person);
        }
        mode.players()
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

    #[test]
    fn modes_and_players_map_both_ways() {
        use PlayerKind::{Computer, Human};
        for players in [
            [Human, Human],
            [Human, Computer(Level::Hard)],
            [Computer(Level::Easy), Human],
        ] {
            let mode = Mode::of(players).expect("a mode");
            assert_eq!(mode.players(), players);
        }
        assert_eq!(
            Mode::of([Computer(Level::Easy), Computer(Level::Perfect)]),
            None
        );
        assert_eq!(
            Mode::of([Computer(Level::Easy), Human]),
            Some(Mode::Computer {
                level: Level::Easy,
                person: Player::Second
            })
        );
    }

    #[test]
    fn a_choice_keeps_the_rest_of_the_mode() {
        // What the controls show: the computer's level and colour, or with two people the
        // last ones chosen.
        let (hard, yellow) = (Level::Hard, Player::Second);
        let (medium, red) = (Level::Medium, Player::First);
        // From two people, the computer comes at the level and colour the controls show.
        assert_eq!(
            ModeChoice::Computer.apply(medium, red),
            Mode::Computer {
                level: Level::Medium,
                person: Player::First
            }
        );
        // Against the computer, a new level keeps the colour, and a new colour the level.
        assert_eq!(
            ModeChoice::Level(Level::Easy).apply(hard, yellow),
            Mode::Computer {
                level: Level::Easy,
                person: Player::Second
            }
        );
        assert_eq!(
            ModeChoice::Person(Player::First).apply(hard, yellow),
            Mode::Computer {
                level: Level::Hard,
                person: Player::First
            }
        );
        assert_eq!(ModeChoice::Friend.apply(hard, yellow), Mode::Friend);
        assert_eq!(
            ModeChoice::Level(Level::Perfect).apply(medium, red),
            Mode::Computer {
                level: Level::Perfect,
                person: Player::First
            }
        );
    }
}
