//! The UI controller: turns input into moves and keeps the animation timeline. Pure: the
//! web layer passes in the time and carries out the returned [`Effect`]s.

use super::anim;
use super::text;
use crate::engine::{Cell, Placed, PlayError, Player, Position, WIDTH};
use crate::solver::Level;

/// Who plays a side. The computer's moves come from the AI worker (`web::ai`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    Human,
    Computer(Level),
}

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

/// Per-column solver scores for the side to move, `None` for a full column.
pub type Scores = [Option<i32>; WIDTH];

/// A piece on its way down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fall {
    pub placed: Placed,
    pub start: f64,
    /// Cells from the row of air to its resting cell.
    pub distance: f64,
    pub duration: f64,
}

/// What the web layer must do after an input or a tick.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Say this in the polite live region.
    Announce(String),
    /// The game has ended (the last piece has landed): show the result and Play again.
    Finished(String),
    /// The board, the turn or the controls changed: redraw and refresh the DOM mirror.
    Changed,
    /// It is the computer's turn in this position; `request` tags the answer so that a late
    /// one (after undo or a new game) is dropped.
    ComputerTurn {
        request: u64,
        moves: String,
        level: Level,
    },
    /// Any pending computer request (move or analysis) is void.
    CancelComputer,
    /// Analyse this position (per-column scores); the answer comes to
    /// [`Controller::analysis_result`] tagged with the same moves.
    Analyze { moves: String },
    /// Find this position's best columns and their score, for a hint (cheaper than an
    /// analysis); the answer comes to [`Controller::hint_result`] tagged with the same moves.
    Hint { moves: String },
    /// A person is to move against the perfect level: the computer may think ahead about
    /// its replies meanwhile. No answer comes back.
    Ponder { moves: String },
}

#[derive(Debug, Clone)]
pub struct Controller {
    position: Position,
    settings: Settings,
    selected: usize,
    fall: Option<Fall>,
    queued: Option<usize>,
    /// When the fade at the end started.
    finished_at: Option<f64>,
    /// The winning line, worked out once when the game is finished (drawn every frame).
    win_line: Vec<Cell>,
    /// Tags computer requests; bumped whenever the position changes under one.
    request: u64,
    waiting: bool,
    /// The analysis of the current position, once known.
    analysis: Option<Scores>,
    analysis_pending: bool,
    /// An [`Effect::Hint`] was sent and its answer has not come.
    hint_pending: bool,
    /// A hint was asked for and is waiting for the analysis or the hint search.
    hint_wanted: bool,
    /// The hinted column.
    hint: Option<usize>,
    /// The last position a [`Effect::Ponder`] was sent for.
    pondered: Option<String>,
}

impl Controller {
    pub fn new(settings: Settings) -> Controller {
        Controller::with_position(settings, Position::new())
    }

    /// A controller whose game starts from `position` (a game in progress or over).
    pub fn with_position(settings: Settings, position: Position) -> Controller {
        Controller {
            finished_at: position.is_over().then_some(f64::NEG_INFINITY),
            win_line: position.win_line(),
            position,
            settings,
            selected: WIDTH / 2,
            fall: None,
            queued: None,
            request: 0,
            waiting: false,
            analysis: None,
            analysis_pending: false,
            hint_pending: false,
            hint_wanted: false,
            hint: None,
            pondered: None,
        }
    }

    /// The analysis of the current position, if it is known and shown or hinted.
    pub fn analysis(&self) -> Option<&Scores> {
        self.analysis.as_ref()
    }

    pub fn hint(&self) -> Option<usize> {
        self.hint
    }

    /// Whether an analysis or a hint is being worked out.
    pub fn is_analyzing(&self) -> bool {
        self.analysis_pending || self.hint_pending
    }

    /// A person asks which move is best.
    pub fn request_hint(&mut self) -> Vec<Effect> {
        if self.position.is_over() {
            return vec![Effect::Announce(
                "The game is over: there is no move to hint.".into(),
            )];
        }
        if !self.human_to_move() {
            return vec![Effect::Announce("Wait: the computer is thinking.".into())];
        }
        self.hint_wanted = true;
        if self.analysis.is_some() {
            return self.hint_from_analysis();
        }
        let mut effects = vec![Effect::Announce("Looking for the best move…".into())];
        if self.settings.show_analysis || self.analysis_pending {
            // The analysis is wanted anyway, and the hint follows from it.
            effects.extend(self.request_analysis());
        } else if !self.hint_pending {
            self.hint_pending = true;
            effects.push(Effect::Hint {
                moves: self.position.moves_string(),
            });
            effects.push(Effect::Changed);
        }
        effects
    }

    fn hint_from_analysis(&mut self) -> Vec<Effect> {
        let Some(scores) = self.analysis else {
            return Vec::new();
        };
        let best = text::best_columns(&scores);
        match best.first().and_then(|&c| scores[c]) {
            Some(score) => self.give_hint(&best, score),
            None => Vec::new(),
        }
    }

    /// Shows and announces the hint: the most central of the `best` columns, which reach
    /// `score`; it is the one people find most natural.
    fn give_hint(&mut self, best: &[usize], score: i32) -> Vec<Effect> {
        let Some(&column) = best
            .iter()
            .filter(|&&c| c < WIDTH)
            .min_by_key(|&&c| (c as i32 - (WIDTH / 2) as i32).abs())
        else {
            return Vec::new();
        };
        self.hint_wanted = false;
        self.hint = Some(column);
        let outcome = text::outcome_text(score, self.position.move_count());
        vec![
            Effect::Announce(format!("Hint: column {}, {outcome}", column + 1)),
            Effect::Changed,
        ]
    }

    /// The worker's answer to [`Effect::Hint`] for the position after `moves`: the columns
    /// that reach the best score `score`. Stale answers are ignored.
    pub fn hint_result(&mut self, moves: &str, score: i32, columns: &[usize]) -> Vec<Effect> {
        if moves != self.position.moves_string() || self.position.is_over() {
            return Vec::new();
        }
        self.hint_pending = false;
        if !self.hint_wanted || self.hint.is_some() {
            return vec![Effect::Changed];
        }
        self.give_hint(columns, score)
    }

    fn request_analysis(&mut self) -> Vec<Effect> {
        if self.analysis.is_some() || self.analysis_pending || self.position.is_over() {
            return Vec::new();
        }
        self.analysis_pending = true;
        vec![
            Effect::Analyze {
                moves: self.position.moves_string(),
            },
            Effect::Changed,
        ]
    }

    /// The worker failed on its request: nothing is pending any more, and the person can
    /// change the players or start again.
    pub fn computer_failed(&mut self, message: &str) -> Vec<Effect> {
        self.waiting = false;
        self.drop_worker_jobs();
        self.hint_wanted = false;
        vec![
            Effect::Announce(format!("The computer could not move: {message}")),
            Effect::Changed,
        ]
    }

    /// The computer's worker started without its opening book (`reason`, e.g. "could not
    /// load the opening book from …: HTTP 404"): the game goes on, but the person hears why
    /// early answers may be slow.
    pub fn book_unavailable(&self, reason: &str) -> Vec<Effect> {
        // ASCII only: the messages are English, and Unicode's case tables would add 15 KB
        // to the wasm module.
        let mut reason = reason.to_owned();
        if let Some(first) = reason.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        vec![Effect::Announce(format!(
            "{reason}. The computer still plays exactly, but may think longer early in the game."
        ))]
    }

    /// The worker's analysis of the position after `moves`. Stale answers are ignored.
    pub fn analysis_result(&mut self, moves: &str, scores: Scores) -> Vec<Effect> {
        if moves != self.position.moves_string() || self.position.is_over() {
            return Vec::new();
        }
        self.analysis_pending = false;
        self.analysis = Some(scores);
        let mut effects = vec![Effect::Changed];
        if self.hint_wanted {
            effects.extend(self.hint_from_analysis());
        } else if self.settings.show_analysis {
            effects.push(Effect::Announce(text::analysis_text(
                &scores,
                self.position.move_count(),
            )));
        }
        effects
    }

    /// Forgets any analysis or hint being worked out; true if there was one (the worker is
    /// then busy with something no longer wanted).
    fn drop_worker_jobs(&mut self) -> bool {
        let analysis = std::mem::take(&mut self.analysis_pending);
        let hint = std::mem::take(&mut self.hint_pending);
        analysis || hint
    }

    /// The position changed: what was known about the old one is void.
    fn position_changed(&mut self) {
        self.analysis = None;
        self.hint = None;
        self.hint_wanted = false;
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn fall(&self) -> Option<Fall> {
        self.fall
    }

    /// Whether the computer is working on a move.
    pub fn is_thinking(&self) -> bool {
        self.waiting
    }

    /// Whether a person may drop a piece now (it is a human's turn and the game is on).
    pub fn human_to_move(&self) -> bool {
        !self.position.is_over() && self.settings.players[self.side()] == PlayerKind::Human
    }

    fn side(&self) -> usize {
        usize::from(self.position.current_player().number() - 1)
    }

    pub fn select(&mut self, column: usize) -> Vec<Effect> {
        if column < WIDTH && column != self.selected {
            self.selected = column;
            return vec![Effect::Changed];
        }
        Vec::new()
    }

    /// Moves the selection left (-1) or right (+1), stopping at the edges.
    pub fn move_selection(&mut self, delta: i32) -> Vec<Effect> {
        let next = (self.selected as i32 + delta).clamp(0, WIDTH as i32 - 1) as usize;
        self.select(next)
    }

    /// A person asks to drop a piece in `column`.
    pub fn drop_piece(&mut self, column: usize, now: f64) -> Vec<Effect> {
        if column >= WIDTH {
            return vec![Effect::Announce(format!(
                "There is no column {}",
                column + 1
            ))];
        }
        self.selected = column;
        if self.fall.is_some() {
            // Never lose a move half-way: it is played when the piece in the air lands.
            self.queued = Some(column);
            return vec![Effect::Changed];
        }
        if self.position.is_over() {
            return vec![Effect::Announce(
                "The game is over. Press N or choose New game to play again.".into(),
            )];
        }
        if !self.human_to_move() {
            return vec![Effect::Announce("Wait: the computer is thinking.".into())];
        }
        self.play(column, now)
    }

    /// The computer's answer to request `request`. Stale answers are ignored.
    pub fn computer_move(&mut self, request: u64, column: usize, now: f64) -> Vec<Effect> {
        if request != self.request || !self.waiting || self.position.is_over() {
            return Vec::new();
        }
        self.waiting = false;
        self.play(column, now)
    }

    fn play(&mut self, column: usize, now: f64) -> Vec<Effect> {
        match self.position.play(column) {
            Ok(placed) => {
                self.position_changed();
                let mut effects = Vec::new();
                if self.drop_worker_jobs() {
                    effects.push(Effect::CancelComputer);
                }
                let distance = f64::from(placed.row) + 1.0;
                let duration = if self.settings.reduced_motion {
                    0.0
                } else {
                    anim::fall_duration(distance)
                };
                self.fall = Some(Fall {
                    placed,
                    start: now,
                    distance,
                    duration,
                });
                effects.push(Effect::Announce(text::move_text(placed)));
                effects.push(Effect::Changed);
                if duration == 0.0 {
                    effects.extend(self.tick(now));
                }
                effects
            }
            Err(PlayError::ColumnFull { column }) => {
                vec![Effect::Announce(text::full_text(column))]
            }
            Err(e) => vec![Effect::Announce(e.to_string())],
        }
    }

    /// Advances the timeline. Call it every animation frame while [`Controller::is_animating`].
    pub fn tick(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = Vec::new();
        if let Some(fall) = self.fall {
            if now - fall.start < fall.duration {
                return effects;
            }
            self.fall = None;
            effects.push(Effect::Changed);
            if let Some(result) = text::result_text(self.position.status()) {
                self.finished_at = Some(now);
                self.win_line = self.position.win_line();
                self.queued = None;
                effects.push(Effect::Finished(result));
                return effects;
            }
            if let Some(column) = self.queued.take() {
                if self.human_to_move() {
                    effects.extend(self.play(column, now));
                    return effects;
                }
            }
        }
        effects.extend(self.request_computer());
        if self.settings.show_analysis && self.fall.is_none() && self.human_to_move() {
            effects.extend(self.request_analysis());
        }
        effects.extend(self.request_ponder());
        effects
    }

    /// Asks for a computer move if it is the computer's turn and nothing is pending.
    fn request_computer(&mut self) -> Vec<Effect> {
        if self.fall.is_some() || self.waiting || self.position.is_over() {
            return Vec::new();
        }
        match self.settings.players[self.side()] {
            PlayerKind::Computer(level) => {
                self.waiting = true;
                self.request += 1;
                vec![
                    Effect::ComputerTurn {
                        request: self.request,
                        moves: self.position.moves_string(),
                        level,
                    },
                    Effect::Changed,
                ]
            }
            PlayerKind::Human => Vec::new(),
        }
    }

    /// Once per position where a person is to move against the perfect level.
    fn request_ponder(&mut self) -> Vec<Effect> {
        let opponent = self.settings.players[1 - self.side()];
        if self.fall.is_some()
            || !self.human_to_move()
            || opponent != PlayerKind::Computer(Level::Perfect)
        {
            return Vec::new();
        }
        let moves = self.position.moves_string();
        if self.pondered.as_ref() == Some(&moves) {
            return Vec::new();
        }
        self.pondered = Some(moves.clone());
        vec![Effect::Ponder { moves }]
    }

    fn cancel(&mut self) -> Vec<Effect> {
        self.fall = None;
        self.queued = None;
        self.finished_at = None;
        self.win_line.clear();
        // The worker may be replaced, and its table with it: ponder again when asked.
        self.pondered = None;
        self.request += 1;
        self.position_changed();
        let was_waiting = std::mem::replace(&mut self.waiting, false);
        let was_analyzing = self.drop_worker_jobs();
        if was_waiting || was_analyzing {
            vec![Effect::CancelComputer]
        } else {
            Vec::new()
        }
    }

    /// Takes back the last move; against the computer, also its reply, so that it is a
    /// person's turn again.
    pub fn undo(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = self.cancel();
        let mut undone = Vec::new();
        while let Some(column) = self.position.undo() {
            undone.push((self.position.current_player(), column));
            if self.settings.players[self.side()] == PlayerKind::Human {
                break;
            }
        }
        if undone.is_empty() {
            effects.push(Effect::Announce("Nothing to undo".into()));
        } else {
            let what: Vec<String> = undone
                .iter()
                .map(|&(p, c)| format!("{} in column {}", text::player_name(p), c + 1))
                .collect();
            effects.push(Effect::Announce(format!("Undid {}", what.join(" and "))));
        }
        effects.push(Effect::Changed);
        effects.extend(self.tick(now));
        effects
    }

    pub fn new_game(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = self.cancel();
        self.position = Position::new();
        self.selected = WIDTH / 2;
        effects.push(Effect::Announce(format!(
            "New game. {} to move.",
            text::player_name(Player::First)
        )));
        effects.push(Effect::Changed);
        effects.extend(self.tick(now));
        effects
    }

    pub fn set_settings(&mut self, settings: Settings, now: f64) -> Vec<Effect> {
        let players_changed = settings.players != self.settings.players;
        let analysis_on = settings.show_analysis && !self.settings.show_analysis;
        self.settings = settings;
        let mut effects = vec![Effect::Changed];
        if players_changed {
            // Keep the game; only what was being worked out for it is dropped.
            self.request += 1;
            self.position_changed();
            let was_waiting = std::mem::replace(&mut self.waiting, false);
            let was_analyzing = self.drop_worker_jobs();
            if was_waiting || was_analyzing {
                effects.push(Effect::CancelComputer);
            }
            effects.extend(self.tick(now));
        } else if analysis_on {
            if let Some(scores) = self.analysis {
                effects.push(Effect::Announce(text::analysis_text(
                    &scores,
                    self.position.move_count(),
                )));
            } else if self.fall.is_none() && self.human_to_move() {
                effects.extend(self.request_analysis());
            }
        }
        effects
    }

    /// Whether frames must keep coming: a piece is falling or the fade is running.
    pub fn is_animating(&self, now: f64) -> bool {
        self.fall.is_some()
            || self
                .finished_at
                .is_some_and(|t| now - t < anim::fade_duration(self.settings.reduced_motion))
    }

    /// Opacity of the checkers outside the win line.
    pub fn others_alpha(&self, now: f64) -> f64 {
        match (self.finished_at, self.position.status()) {
            (Some(t), crate::engine::Status::Win(_)) => {
                anim::fade_alpha(now - t, anim::fade_duration(self.settings.reduced_motion))
            }
            _ => 1.0,
        }
    }

    /// The winning line while the end of a won game is shown; empty otherwise.
    pub fn win_line(&self) -> &[Cell] {
        if self.finished() {
            &self.win_line
        } else {
            &[]
        }
    }

    /// Whether the end-of-game display (fade, markers) is on.
    pub fn finished(&self) -> bool {
        self.finished_at.is_some()
    }

    /// Where the falling piece is: its cell and its height above it, in cells.
    pub fn falling(&self, now: f64) -> Option<(Placed, f64)> {
        self.fall
            .map(|f| (f.placed, anim::fall_offset(f.distance, now - f.start)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;

    fn announced(effects: &[Effect]) -> Vec<String> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Announce(s) | Effect::Finished(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_drop_changes_state_at_once_and_animates() {
        let mut c = Controller::new(Settings::default());
        let e = c.drop_piece(3, 0.0);
        assert_eq!(announced(&e), ["Red in column 4, row 1"]);
        assert_eq!(c.position().moves_string(), "4");
        assert!(c.is_animating(10.0));
        let (placed, offset) = c.falling(0.0).unwrap();
        assert_eq!(placed.row, 5);
        assert_eq!(offset, 6.0);
        // A move during the fall is queued, not lost, and played when the piece lands.
        assert!(announced(&c.drop_piece(2, 50.0)).is_empty());
        assert_eq!(c.position().moves_string(), "4");
        let e = c.tick(10_000.0);
        assert_eq!(announced(&e), ["Yellow in column 3, row 1"]);
        assert_eq!(c.position().moves_string(), "43");
    }

    #[test]
    fn a_win_is_announced_when_the_last_piece_lands_then_fades() {
        let mut c = Controller::new(Settings::default());
        let mut now = 0.0;
        for col in [0, 1, 0, 1, 0, 1] {
            c.drop_piece(col, now);
            now += 1000.0;
            c.tick(now);
        }
        let e = c.drop_piece(0, now);
        assert_eq!(c.position().status(), Status::Win(Player::First));
        assert!(!announced(&e).iter().any(|s| s.contains("wins")));
        // The line is shown only once the piece has landed.
        assert!(c.win_line().is_empty());
        let e = c.tick(now + 1000.0);
        assert_eq!(announced(&e), ["Red wins!"]);
        assert_eq!(c.win_line(), c.position().win_line().as_slice());
        assert_eq!(c.win_line().len(), 4);
        assert_eq!(c.others_alpha(now + 1000.0), 1.0);
        assert_eq!(c.others_alpha(now + 5000.0), anim::FADED_ALPHA);
        assert!(!c.is_animating(now + 5000.0));
        assert!(announced(&c.drop_piece(3, now + 5000.0))[0].contains("over"));
        c.undo(now + 6000.0);
        assert!(c.win_line().is_empty());
        // A controller made from a finished game shows its line at once.
        let won = Position::from_moves("1212121").unwrap();
        let c = Controller::with_position(Settings::default(), won);
        assert_eq!(c.win_line(), won.win_line().as_slice());
    }

    #[test]
    fn a_missing_book_is_announced_and_changes_nothing() {
        let mut c = Controller::new(Settings::default());
        c.drop_piece(3, 0.0);
        let e = c.book_unavailable("could not load the opening book from /book.bin: HTTP 404");
        assert_eq!(e.len(), 1, "an announcement only");
        assert_eq!(
            announced(&e),
            [
                "Could not load the opening book from /book.bin: HTTP 404. The computer still \
              plays exactly, but may think longer early in the game."
            ]
        );
        assert_eq!(c.position().moves_string(), "4");
    }

    #[test]
    fn reduced_motion_lands_at_once() {
        let mut c = Controller::new(Settings {
            reduced_motion: true,
            ..Settings::default()
        });
        c.drop_piece(3, 0.0);
        assert!(c.fall().is_none());
        c.drop_piece(3, 0.0);
        assert_eq!(c.position().moves_string(), "44");
    }

    #[test]
    fn full_columns_are_refused_with_a_message() {
        let mut c = Controller::new(Settings {
            reduced_motion: true,
            ..Settings::default()
        });
        for _ in 0..6 {
            c.drop_piece(0, 0.0);
        }
        let e = c.drop_piece(0, 0.0);
        assert_eq!(announced(&e), ["Column 1 is full"]);
        assert_eq!(c.position().move_count(), 6);
    }

    #[test]
    fn undo_and_new_game() {
        let mut c = Controller::new(Settings {
            reduced_motion: true,
            ..Settings::default()
        });
        assert_eq!(announced(&c.undo(0.0)), ["Nothing to undo"]);
        c.drop_piece(3, 0.0);
        c.drop_piece(4, 0.0);
        assert_eq!(announced(&c.undo(0.0)), ["Undid Yellow in column 5"]);
        assert_eq!(c.position().moves_string(), "4");
        c.new_game(0.0);
        assert_eq!(c.position().move_count(), 0);
        assert_eq!(c.selected(), 3);
    }

    #[test]
    fn computer_turns_are_requested_and_stale_answers_dropped() {
        let settings = Settings {
            players: [PlayerKind::Human, PlayerKind::Computer(Level::Easy)],
            reduced_motion: true,
            show_analysis: false,
        };
        let mut c = Controller::new(settings);
        let e = c.drop_piece(3, 0.0);
        let request = e
            .iter()
            .find_map(|e| match e {
                Effect::ComputerTurn { request, moves, .. } => {
                    assert_eq!(moves, "4");
                    Some(*request)
                }
                _ => None,
            })
            .expect("computer asked");
        assert!(c.is_thinking());
        assert!(announced(&c.drop_piece(2, 0.0))[0].contains("thinking"));
        // Undo during the computer's turn cancels it; its late answer is ignored.
        let e = c.undo(0.0);
        assert!(e.contains(&Effect::CancelComputer));
        assert!(c.computer_move(request, 2, 0.0).is_empty());
        assert_eq!(c.position().moves_string(), "");
        // Undo against the computer takes back its reply too.
        c.drop_piece(3, 0.0);
        let req = c.request;
        c.computer_move(req, 3, 0.0);
        assert_eq!(c.position().moves_string(), "44");
        c.undo(0.0);
        assert_eq!(c.position().moves_string(), "");
        assert!(c.human_to_move());
    }

    #[test]
    fn the_perfect_level_ponders_on_the_players_time() {
        let ponders = |e: &[Effect]| -> Vec<String> {
            e.iter()
                .filter_map(|e| match e {
                    Effect::Ponder { moves } => Some(moves.clone()),
                    _ => None,
                })
                .collect()
        };
        let settings = Settings {
            players: [PlayerKind::Human, PlayerKind::Computer(Level::Perfect)],
            reduced_motion: true,
            show_analysis: false,
        };
        let mut c = Controller::new(settings);
        assert_eq!(ponders(&c.tick(0.0)), [""]);
        assert!(ponders(&c.tick(1.0)).is_empty(), "once per position");
        // While the computer thinks there is nothing to ponder; after its move, there is.
        let e = c.drop_piece(3, 0.0);
        assert!(ponders(&e).is_empty());
        let req = c.request;
        let e = c.computer_move(req, 3, 0.0);
        assert_eq!(ponders(&e), ["44"]);
        // Undo and a new game may replace the worker: the position is pondered again.
        assert_eq!(ponders(&c.undo(0.0)), [""]);
        assert_eq!(ponders(&c.new_game(0.0)), [""]);
        // Not against a lower level, nor between two people.
        for players in [
            [PlayerKind::Human, PlayerKind::Computer(Level::Hard)],
            [PlayerKind::Human, PlayerKind::Human],
        ] {
            let mut c = Controller::new(Settings {
                players,
                ..settings
            });
            assert!(ponders(&c.tick(0.0)).is_empty());
            assert!(ponders(&c.drop_piece(3, 0.0)).is_empty());
        }
    }

    #[test]
    fn starting_from_a_position() {
        let p = Position::from_moves("4453").unwrap();
        let c = Controller::with_position(Settings::default(), p);
        assert_eq!(c.position().moves_string(), "4453");
        assert!(!c.finished() && c.human_to_move());
        // A finished game starts with its end display on, not animating.
        let won = Position::from_moves("1212121").unwrap();
        let mut c = Controller::with_position(Settings::default(), won);
        assert!(c.finished() && !c.is_animating(0.0));
        assert_eq!(c.others_alpha(0.0), anim::FADED_ALPHA);
        assert!(announced(&c.drop_piece(3, 0.0))[0].contains("over"));
        c.new_game(0.0);
        assert!(!c.finished());
        assert_eq!(c.others_alpha(0.0), 1.0);
    }

    #[test]
    fn hints_and_analysis_follow_the_position() {
        let mut c = Controller::new(Settings {
            reduced_motion: true,
            ..Settings::default()
        });
        c.drop_piece(3, 0.0);
        // With the analysis off, a hint asks only for the best columns (cheaper).
        let e = c.request_hint();
        assert!(e.contains(&Effect::Hint { moves: "4".into() }));
        assert!(c.is_analyzing());
        assert!(
            !c.request_hint()
                .contains(&Effect::Hint { moves: "4".into() }),
            "asked once"
        );
        // A stale answer (for another position) is ignored.
        assert!(c.hint_result("", 1, &[0]).is_empty());
        let e = c.hint_result("4", 0, &[2, 3, 4]);
        assert_eq!(c.hint(), Some(3), "the most central best column");
        assert_eq!(announced(&e), ["Hint: column 4, draw"]);
        assert!(!c.is_analyzing());
        // A move voids the hint; one asked meanwhile is cancelled with the worker's job.
        c.drop_piece(2, 0.0);
        assert_eq!(c.hint(), None);
        c.request_hint();
        let e = c.drop_piece(0, 0.0);
        assert!(e.contains(&Effect::CancelComputer), "{e:?}");
        assert!(!c.is_analyzing());
        c.undo(0.0);
        assert_eq!(c.position().moves_string(), "43");
        let scores = [
            Some(-2),
            Some(-1),
            Some(0),
            Some(0),
            Some(0),
            Some(-1),
            Some(-2),
        ];
        // Turning analysis on asks for it, and the answer is announced.
        let settings = Settings {
            show_analysis: true,
            ..c.settings()
        };
        let e = c.set_settings(settings, 0.0);
        assert!(e.contains(&Effect::Analyze { moves: "43".into() }));
        // A hint asked while the analysis is on its way comes from the analysis.
        let e = c.request_hint();
        assert!(!e.iter().any(|e| matches!(e, Effect::Hint { .. })), "{e:?}");
        let e = c.analysis_result("43", scores);
        assert_eq!(announced(&e), ["Hint: column 4, draw"]);
        assert_eq!(c.hint(), Some(3));
        assert!(c.analysis().is_some());
        // After the next move the analysis is asked for again, at once with reduced motion.
        let e = c.drop_piece(0, 0.0);
        assert!(e.contains(&Effect::Analyze {
            moves: "431".into()
        }));
        // A move while an analysis is still being worked out cancels it.
        let e = c.drop_piece(0, 0.0);
        assert!(e.contains(&Effect::CancelComputer), "{e:?}");
        assert!(e.contains(&Effect::Analyze {
            moves: "4311".into()
        }));
    }
}
