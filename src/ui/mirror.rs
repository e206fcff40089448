//! What the DOM shows: the column controls' names and state, the turn line, the counters,
//! which buttons work, the result. The web layer applies it, touching only what changed.

use super::activity::Allow;
use super::controller::{Asked, Controller};
use super::settings::{Mode, ModeChoice, Settings};
use crate::engine::{Player, Size, Status};
use crate::solver::Level;

pub use super::online::OnlineView;
pub use super::puzzle::PuzzleView;
pub use super::review::{Bar, ReviewView};
use super::stats::RecordView;

/// One column control and the analysis label above it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnView {
    /// The accessible name: "Column 4, empty; analysis: draw; hint: best move".
    pub name: String,
    /// The analysis in words ("win in 3"), empty unless the analysis is shown and known.
    pub outcome: String,
    /// The analysis label over the column, in two short lines ("win", "in 3").
    pub label: (String, String),
    /// The hinted column.
    pub hinted: bool,
    /// One of the columns with the best outcome, while the analysis is shown.
    pub best: bool,
    /// Full, or the game is over.
    pub unavailable: bool,
    /// The keyboard's column: the one control in the tab order.
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mirror {
    /// The activity showing, by name (`data-activity`).
    pub activity: &'static str,
    /// The page's parts it hides (`data-hides`).
    pub hides: String,
    pub columns: Vec<ColumnView>,
    /// "Red to move", "Your move (Red)", "The computer is thinking…", "Game over".
    pub turn: String,
    /// The player whose colour the turn line shows (1 or 2); none after a draw.
    pub swatch: Option<u8>,
    /// The computer is working out its move (the game's `aria-busy`).
    pub thinking: bool,
    /// A piece is falling: moves wait until it lands (the game's `data-moving`).
    pub moving: bool,
    /// "3 moves played".
    pub count: String,
    pub can_undo: bool,
    pub can_hint: bool,
    /// The analysis labels are shown.
    pub analysis_shown: bool,
    /// The analysis is shown and being worked out.
    pub analysis_busy: bool,
    /// The result panel's text once the game has ended; hidden while `None`.
    pub result: Option<String>,
    /// Where the four is, under the result.
    pub result_detail: Option<String>,
    /// The main choice: two people, or one against the computer (`None`: two computers).
    pub mode: Option<Mode>,
    /// The level and colour the main choice shows (in force only against the computer).
    pub level: Level,
    pub person: Player,
    /// What the settings' controls show.
    pub settings: Settings,
    /// The review, while one is shown.
    pub review: Option<ReviewView>,
    /// The puzzle, while one is played.
    pub puzzle: Option<PuzzleView>,
    /// The online game's panel, while one is played.
    pub online: Option<OnlineView>,
    /// The page has a game server: the main choice offers "A friend online".
    pub online_offered: bool,
    /// The record against the computer.
    pub record: RecordView,
    /// The puzzles solved, which the puzzles' list marks (the list itself is
    /// [`super::puzzle::all`], built once per change of this or of the texts).
    pub solved: super::puzzle::Solved,
    /// "3 of 150 solved".
    pub puzzles_solved: String,
    /// A line shown apart from the turn: why a link was refused.
    pub notice: Option<String>,
    /// There is a game to review.
    pub can_review: bool,
    /// The board size the size choice shows: the game's, or one asked for that waits for
    /// the player to confirm it.
    pub size: Size,
    /// The size of the board shown (a puzzle's is 7 x 6, whatever the game's).
    pub board: Size,
    /// A new size or new players wait for the player to confirm they replace the game in
    /// progress: the question, and the label of the button that confirms it.
    pub question: Option<(String, String)>,
    /// Whether the top level is offered on the game's board; if not, why, in one line
    /// (unless two people play: there is no level then).
    pub perfect_offered: bool,
    pub level_note: Option<String>,
    /// Which texts the labels that do not change with the game show (see
    /// [`Controller::texts_version`]): the view reads them from the controller when it changes.
    pub texts_version: u32,
}

impl Mirror {
    /// Whether the main choice's control for `choice` shows as chosen: the opponent, and
    /// the level and colour (the computer's, or with two people the ones it would take).
    /// Two computers show none.
    pub fn chosen(&self, choice: ModeChoice) -> bool {
        match (choice, self.mode) {
            (_, None) => false,
            (ModeChoice::Friend, mode) => mode == Some(Mode::Friend),
            (ModeChoice::Computer, mode) => mode != Some(Mode::Friend),
            (ModeChoice::Level(l), _) => l == self.level,
            (ModeChoice::Person(p), _) => p == self.person,
        }
    }

    pub fn of(c: &Controller) -> Mirror {
        let text = c.texts();
        let p = c.position();
        let settings = c.settings();
        let shown = c.jobs().analysis().filter(|_| settings.show_analysis);
        let unproved = c.jobs().unproved();
        // The best columns, once every column is known: an unproved one may be better.
        let best = shown
            .filter(|_| unproved.is_empty())
            .map(|s| super::text::best_columns(s))
            .unwrap_or_default();
        let (size, moves) = (p.size(), p.move_count());
        let mut columns = Vec::new();
        for column in 0..p.width() {
            columns.push({
                let outcome =
                    shown.and_then(|s| text.column_outcome(s, unproved, column, size, moves));
                let label = shown
                    .map(|s| text.analysis_label(s, unproved, column, size, moves))
                    .unwrap_or_default();
                let hinted = c.hint() == Some(column);
                ColumnView {
                    name: text.column_name(
                        &text.column_label(p, column),
                        outcome.as_deref(),
                        hinted,
                    ),
                    outcome: outcome.unwrap_or_default(),
                    label,
                    hinted,
                    best: best.contains(&column),
                    unavailable: !p.can_play(column),
                    selected: column == c.cursor().selected(),
                }
            });
        }
        let thinking = c.jobs().is_thinking();
        let finished = c.motion().finished();
        let (level, person) = c.shown_choice();
        let mode = c.mode();
        // One person against the computer: the turn line speaks to them.
        let against_computer = matches!(mode, Some(Mode::Computer { .. }));
        Mirror {
            activity: c.rules().name,
            hides: c.rules().chrome.hidden(),
            columns,
            turn: if let Some((loaded, total)) = c.jobs().book_wait() {
                text.book_text(loaded, total)
            } else if thinking && against_computer {
                text.computer_thinking().to_owned()
            } else if thinking {
                text.thinking_text(p.current_player())
            } else if let Some(line) = c.activity().turn_line(text) {
                line
            } else if finished {
                // The result shows over the board, once.
                text.game_ended().to_owned()
            } else if against_computer && c.human_to_move() {
                text.with_player(text.your_move(), p.current_player())
            } else if against_computer
                && c.rules().moves == Allow::Yes
                && p.status() == Status::InProgress
                && c.motion().fall().is_some()
            {
                // The person's piece is still falling: the computer's turn has come, and
                // its thinking starts once the piece lands. (A computer that cannot move,
                // its worker gone, is not said to think.)
                text.computer_thinking().to_owned()
            } else {
                text.turn_text(p)
            },
            swatch: match p.status() {
                Status::InProgress => Some(p.current_player().number()),
                Status::Win(winner) => Some(winner.number()),
                Status::Draw => None,
            },
            thinking,
            moving: c.motion().fall().is_some(),
            count: text.count_text(p.move_count()),
            can_undo: c.can_undo(),
            can_hint: c.can_hint(),
            analysis_shown: c.analysis_shown(),
            analysis_busy: settings.show_analysis && c.jobs().is_analyzing(),
            // A review shows the end in its own words, not as a result just reached.
            result: (finished && c.rules().result)
                .then(|| c.result_line())
                .flatten(),
            result_detail: finished
                .then(|| {
                    let four = text.four_text(c.motion().win_line(), p.last_move()?, p.rows());
                    let help = (c.helped_against_computer() && c.rules().result)
                        .then(|| text.counted_helped());
                    match (four, help) {
                        (Some(four), Some(help)) => Some(format!("{four} {help}")),
                        (four, help) => four.or(help.map(str::to_owned)),
                    }
                })
                .flatten(),
            // The choice shows what was chosen, even while it waits to be confirmed.
            mode: Mode::of(c.chosen_players()),
            level,
            person,
            settings,
            texts_version: c.texts_version(),
            review: c.activity().review().map(|review| review.view(text)),
            puzzle: c
                .activity()
                .puzzle()
                .map(|run| run.view(text, c.jobs().analysis().is_none())),
            online: c.activity().online().map(|online| OnlineView {
                name: c.online_name().map(str::to_owned),
                ..online.view(text)
            }),
            online_offered: c.online_offered(),
            // The record of the board shown: an 8 x 7 online game's, while it is played.
            record: RecordView {
                played: c.played().view(text),
                ..c.records().view(p.size(), text)
            },
            solved: c.solved().clone(),
            puzzles_solved: super::text::fill(
                text.puzzles_solved(),
                &[
                    ("n", &c.solved().count().to_string()),
                    ("total", &super::puzzle::all().len().to_string()),
                ],
            ),
            notice: c.notice().map(str::to_owned),
            can_review: c.game().move_count() > 0 && c.rules().review,
            size: c.asked_size().unwrap_or(c.game().size()),
            board: p.size(),
            question: c.asked().map(|asked| match asked {
                Asked::Size(size) => (
                    text.with_size(text.size_confirm(), size),
                    text.with_size(text.size_replace(), size),
                ),
                Asked::Players(players) => text.players_question(players),
                Asked::Resign | Asked::Leave => c.online_question(asked),
            }),
            perfect_offered: Level::Perfect.offered_on(c.game().size()),
            // Two people have no level to choose: no word about one.
            level_note: (!Level::Perfect.offered_on(c.game().size()) && mode != Some(Mode::Friend))
                .then(|| text.with_size(text.perfect_not_offered(), c.game().size())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::solver::Level;
    use crate::ui::protocol::Reply;
    use crate::ui::{Command, PlayerKind};

    #[test]
    fn the_start() {
        let m = Mirror::of(&Controller::new(Settings::default()));
        assert_eq!(m.turn, "Red to move");
        assert_eq!(m.swatch, Some(1));
        assert_eq!(m.count, "0 moves played");
        assert!(!m.can_undo && m.can_hint && !m.thinking);
        assert_eq!(m.columns.len(), 7);
        assert_eq!(m.columns[0].name, "Column 1, empty");
        assert_eq!(
            m.columns.iter().filter(|c| c.selected).count(),
            1,
            "one column in the tab order"
        );
        assert!(m.columns[3].selected);
        assert!(m
            .columns
            .iter()
            .all(|c| !c.unavailable && c.outcome.is_empty()));
        assert_eq!(m.result, None);
    }

    #[test]
    fn full_columns_and_the_end() {
        let c =
            Controller::with_position(Settings::default(), Position::from_moves("444444").unwrap());
        let m = Mirror::of(&c);
        assert!(m.columns[3].unavailable);
        assert!(m.columns[3].name.starts_with("Column 4, full"));
        assert_eq!(m.count, "6 moves played");
        let won = Controller::with_position(
            Settings::default(),
            Position::from_moves("1212121").unwrap(),
        );
        let m = Mirror::of(&won);
        assert_eq!(
            m.turn, "Game over",
            "the result is shown once, over the board"
        );
        assert_eq!(m.result.as_deref(), Some("Red wins!"));
        assert_eq!(
            m.result_detail.as_deref(),
            Some("Four in a column: column 1, rows 1 to 4.")
        );
        assert_eq!(m.swatch, Some(1));
        assert!(m.columns.iter().all(|c| c.unavailable));
        assert!(!m.can_hint && m.can_undo);
        // A full board with no four (found by random play, checked by the engine here).
        let drawn = Position::from_moves("547125662261271266215743771576315353334444").unwrap();
        assert_eq!(drawn.status(), Status::Draw);
        let m = Mirror::of(&Controller::with_position(Settings::default(), drawn));
        assert_eq!(m.swatch, None);
        assert_eq!(m.result.as_deref(), Some("It's a draw: the board is full."));
    }

    #[test]
    fn against_the_computer_its_turn_shows_while_the_persons_piece_falls() {
        let settings = Settings {
            players: [PlayerKind::Human, PlayerKind::Computer(Level::Easy)],
            reduced_motion: false,
            show_analysis: false,
            sound: false,
        };
        let mut c = Controller::new(settings);
        c.tick(0.0);
        assert_eq!(Mirror::of(&c).turn, "Your move (Red)");
        c.command(Command::Drop(3), 0.0);
        let m = Mirror::of(&c);
        assert!(c.motion().fall().is_some() && !m.thinking, "{m:?}");
        assert_eq!(m.turn, "The computer is thinking…");
        // Once it lands the computer thinks; were it unable to (no worker), the line would
        // name the colour to move, not a thinking that never comes.
        c.tick(10_000.0);
        assert!(c.motion().fall().is_none() && Mirror::of(&c).thinking);
        // A review's steps fall too, but no computer is to move there.
        let mut c = Controller::with_position(settings, Position::from_moves("4455").unwrap());
        c.command(Command::Review, 0.0);
        c.command(Command::ReviewTo(0), 0.0);
        c.command(Command::ReviewBy(1), 0.0);
        assert!(c.motion().fall().is_some());
        assert_eq!(Mirror::of(&c).turn, "Yellow to move");
        // Two people: the turn line names the colour to move, as before.
        let mut c = Controller::new(Settings {
            players: [PlayerKind::Human; 2],
            ..settings
        });
        c.command(Command::Drop(3), 0.0);
        assert_eq!(Mirror::of(&c).turn, "Yellow to move");
    }

    #[test]
    fn thinking_and_analysis() {
        let settings = Settings {
            players: [PlayerKind::Human, PlayerKind::Computer(Level::Easy)],
            reduced_motion: true,
            show_analysis: true,
            sound: false,
        };
        let mut c = Controller::new(settings);
        c.tick(0.0);
        let m = Mirror::of(&c);
        assert!(m.analysis_shown && m.analysis_busy, "{m:?}");
        let id = c.jobs().job().id().expect("analysis asked");
        let scores = [
            Some(-2),
            Some(-1),
            Some(0),
            Some(1),
            Some(0),
            Some(-1),
            Some(-2),
        ];
        c.reply(
            Reply::Analysis {
                id,
                scores: scores.to_vec(),
                unproved: Vec::new(),
            },
            0.0,
        );
        let m = Mirror::of(&c);
        assert!(!m.analysis_busy);
        assert_eq!(m.columns[3].outcome, "win in 21");
        assert_eq!(m.columns[3].label, ("win".into(), "in 21".into()));
        assert_eq!(m.columns[0].label, ("loss".into(), "in 20".into()));
        assert_eq!(m.columns[2].label, ("draw".into(), String::new()));
        let best: Vec<bool> = m.columns.iter().map(|c| c.best).collect();
        assert_eq!(best, [false, false, false, true, false, false, false]);
        assert_eq!(m.columns[3].name, "Column 4, empty; analysis: win in 21");
        c.command(Command::Hint, 0.0);
        let m = Mirror::of(&c);
        assert!(m.columns[3].hinted);
        assert!(m.columns[3].name.ends_with("; hint: best move"));
        c.command(Command::Drop(3), 0.0);
        let m = Mirror::of(&c);
        assert!(m.thinking);
        assert_eq!(m.turn, "The computer is thinking…");
        assert_eq!(m.swatch, Some(2));
        assert!(!m.can_hint);
        assert!(m.columns.iter().all(|c| !c.hinted && c.outcome.is_empty()));
        // Hidden analysis shows no labels.
        c.command(Command::SetAnalysis(false), 0.0);
        assert!(!Mirror::of(&c).analysis_shown);
    }

    #[test]
    fn the_main_choice_shows_what_is_in_force() {
        // Two people: the level and colour the computer would take show, medium and Red.
        let friend = Mirror::of(&Controller::new(Settings::default()));
        assert!(friend.chosen(ModeChoice::Friend));
        assert!(!friend.chosen(ModeChoice::Computer));
        let levels: Vec<bool> = Level::ALL
            .iter()
            .map(|&l| friend.chosen(ModeChoice::Level(l)))
            .collect();
        assert_eq!(levels, [false, true, false, false]);
        assert!(friend.chosen(ModeChoice::Person(Player::First)));
        assert!(!friend.chosen(ModeChoice::Person(Player::Second)));
        let mut c = Controller::new(Settings::default());
        c.command(Command::Choose(ModeChoice::Level(Level::Hard)), 0.0);
        c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
        let m = Mirror::of(&c);
        let chosen: Vec<ModeChoice> = [
            ModeChoice::Friend,
            ModeChoice::Computer,
            ModeChoice::Level(Level::Easy),
            ModeChoice::Level(Level::Hard),
            ModeChoice::Person(Player::First),
            ModeChoice::Person(Player::Second),
        ]
        .into_iter()
        .filter(|&choice| m.chosen(choice))
        .collect();
        assert_eq!(
            chosen,
            [
                ModeChoice::Computer,
                ModeChoice::Level(Level::Hard),
                ModeChoice::Person(Player::Second)
            ]
        );
        // Two computers: the main choice shows nothing.
        let mut c = Controller::new(Settings::default());
        c.command(
            Command::SetPlayers([PlayerKind::Computer(Level::Easy); 2]),
            0.0,
        );
        let m = Mirror::of(&c);
        assert!(!m.chosen(ModeChoice::Friend) && !m.chosen(ModeChoice::Computer));
        assert!(!m.chosen(ModeChoice::Level(Level::Easy)));
    }
}
