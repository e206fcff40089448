//! The UI controller: a state machine that turns commands and the worker's replies into
//! moves, and keeps the animation timeline. Pure: the web layer passes in the time and
//! carries out the returned [`Effect`]s.

mod activities;

pub use activities::{PuzzleChoice, PuzzleRun, PuzzleState};

use super::anim;
use super::command::Command;
use super::event::{Event, MoveResult, Refusal};
use super::protocol::{Reply, Request, Scores};
use super::puzzle::Solved;
use super::review::Review;
use super::save::Saved;
use super::settings::{Mode, ModeChoice, PlayerKind, Settings};
use super::stats::Record;
use super::text::{self, Texts};
use crate::engine::{Cell, Column, Placed, Player, Position, Status, WIDTH};
use crate::solver::Level;

/// A piece on its way down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fall {
    pub placed: Placed,
    pub start: f64,
    /// Cells from the lane of air to its resting cell.
    pub distance: f64,
    pub duration: f64,
}

/// What the web layer must do after a command, a reply or a tick.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Say this in the polite live region.
    Announce(String),
    /// The game has ended (the last piece has landed): show the result and Play again.
    Finished(String),
    /// What the board or the controls show changed: redraw and refresh the DOM mirror.
    Changed,
    /// Send this to the computer's worker, starting the worker if need be.
    Ask(Request),
    /// The worker's job is no longer wanted. A search cannot be interrupted, so the worker
    /// is stopped (and replaced on the next request).
    CancelComputer,
    /// Tell the host page.
    Event(Event),
    /// Tell the page's developers (the console): details a player need not read.
    Warn(String),
    /// Play this sound (only sent while the sound is on).
    Sound(Cue),
    /// Remember this (a [`Saved`] game's text) across reloads.
    Save(String),
    /// Put this share link's fragment (without `#`) on the clipboard, as a whole URL.
    CopyLink(String),
    /// The opening book could not be had (missing, unreadable, too slow): workers started
    /// from now on go without it rather than wait for it again.
    ForgetBook,
}

/// A sound the game makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cue {
    /// A checker lands.
    Land,
    /// A game is won (by a person, or by anyone when no person plays alone).
    Win,
    /// The computer beats the one person playing it.
    Loss,
    Draw,
}

/// What the computer's worker is doing for this game: one job at a time. Each job has an
/// `id`, and only a reply with that `id` is taken; any other is stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    Idle,
    /// Working out the computer's move.
    Move {
        id: u32,
    },
    /// Scoring every column; a hint follows from the scores when `hint` is set.
    Analysis {
        id: u32,
        hint: bool,
    },
    /// Looking for the best columns, for a hint.
    Hint {
        id: u32,
    },
    /// Analysing every position of a game, for its review.
    Review {
        id: u32,
    },
}

impl Job {
    /// The job's id, if there is a job.
    pub fn id(self) -> Option<u32> {
        match self {
            Job::Idle => None,
            Job::Move { id } | Job::Analysis { id, .. } | Job::Hint { id } | Job::Review { id } => {
                Some(id)
            }
        }
    }
}

#[derive(Debug, Clone)]
pub struct Controller {
    position: Position,
    settings: Settings,
    /// The keyboard's column.
    selected: usize,
    /// The column under the pointer.
    hover: Option<usize>,
    /// Whether the keyboard focus is on a column control.
    board_focused: bool,
    fall: Option<Fall>,
    /// When the fade at the end started.
    finished_at: Option<f64>,
    /// The winning line, worked out once when the game is finished (drawn every frame).
    win_line: Vec<Cell>,
    job: Job,
    /// The last job's id.
    last_id: u32,
    /// The analysis of the current position, once known.
    analysis: Option<Scores>,
    /// The hinted column and its score.
    hint: Option<(usize, i32)>,
    /// The last position a [`Request::Ponder`] was sent for.
    pondered: Option<String>,
    /// Whether the player has heard that the opening book is missing.
    book_warned: bool,
    /// The worker's last failure, said once: a new worker that fails the same way is quiet.
    failure: Option<String>,
    /// What the game says.
    texts: Texts,
    /// Counts the changes of `texts`, so that a view can tell new texts from old cheaply.
    texts_version: u32,
    /// The level and colour the main choice shows while two people play.
    shown_level: Level,
    shown_person: Player,
    /// The game a person's "New game" replaced, until a move is made: undo brings it back.
    last_game: Option<Position>,
    /// The review shown, if one is.
    review: Option<Review>,
    /// The puzzle being played, if one is.
    puzzle: Option<PuzzleRun>,
    /// The person's record against the computer.
    record: Record,
    /// The puzzles solved.
    solved: Solved,
    /// A line shown until the next game: why a link was refused.
    notice: Option<String>,
    /// Reset record was pressed once: a second press resets.
    reset_armed: bool,
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
            hover: None,
            board_focused: false,
            fall: None,
            job: Job::Idle,
            last_id: 0,
            analysis: None,
            hint: None,
            pondered: None,
            book_warned: false,
            failure: None,
            texts: Texts::default(),
            texts_version: 0,
            shown_level: Level::Medium,
            shown_person: Player::First,
            last_game: None,
            review: None,
            puzzle: None,
            record: Record::default(),
            solved: Solved::default(),
            notice: None,
            reset_armed: false,
        }
    }

    /// Takes the record and the solved puzzles a saved game kept.
    pub fn set_kept(&mut self, record: Record, solved: Solved) {
        self.record = record;
        self.solved = solved;
    }

    /// Carries out a person's command at time `now`.
    pub fn command(&mut self, command: Command, now: f64) -> Vec<Effect> {
        if !matches!(
            command,
            Command::ResetRecord | Command::Hover(_) | Command::FocusBoard(_)
        ) {
            self.reset_armed = false;
        }
        match command {
            Command::Drop(column) => self.drop_piece(column, now),
            Command::Select(column) => self.select(column),
            Command::SelectBy(delta) => self.move_selection(delta),
            Command::Hover(column) => {
                let column = column.filter(|&c| c < WIDTH);
                self.set_view(|c| &mut c.hover, column)
            }
            Command::FocusBoard(on) => self.set_view(|c| &mut c.board_focused, on),
            Command::Undo => self.undo(now),
            Command::NewGame => {
                // A new game replaces the one kept aside during a review or a puzzle.
                self.position = *self.game();
                self.review = None;
                self.puzzle = None;
                // A person's new game can be taken back, so a stray N loses nothing.
                let last = (self.position.move_count() > 0).then_some(self.position);
                let start = Position::new();
                let said = match last {
                    Some(_) => self.texts.new_game_undoable_text(start.current_player()),
                    None => self.texts.new_game_text(start.current_player()),
                };
                let effects = self.start_game(start, said, now);
                self.last_game = last;
                effects
            }
            Command::Hint => self.request_hint(),
            Command::SetPlayers(players) => self.set_settings(
                Settings {
                    players,
                    ..self.settings
                },
                now,
            ),
            Command::SetReducedMotion(on) => self.set_settings(
                Settings {
                    reduced_motion: on,
                    ..self.settings
                },
                now,
            ),
            Command::SetAnalysis(on) => self.set_settings(
                Settings {
                    show_analysis: on,
                    ..self.settings
                },
                now,
            ),
            Command::SetSound(on) => self.set_settings(
                Settings {
                    sound: on,
                    ..self.settings
                },
                now,
            ),
            Command::Choose(choice) => self.choose(choice, now),
            Command::ReadBoard => vec![Effect::Announce(self.texts.board_text(&self.position))],
            Command::Review => self.open_review(None, now),
            Command::ReviewTo(at) => self.review_to(at, now),
            Command::ReviewBy(delta) => self.review_by(delta, now),
            Command::PlayFromHere => self.play_from_here(now),
            Command::Back => {
                let effects = self.leave(now);
                if effects.is_empty() {
                    return vec![Effect::Announce(self.texts.back_to_game.clone())];
                }
                effects
            }
            Command::Puzzle(choice) => self.open_puzzle(choice, now),
            Command::Retry => self.retry(now),
            Command::ResetRecord => self.reset_record(),
            Command::CopyLink => vec![Effect::CopyLink(self.link().encode())],
            Command::LinkCopied(ok) => vec![Effect::Announce(if ok {
                self.texts.link_copied.clone()
            } else {
                self.texts.link_not_copied.clone()
            })],
        }
    }

    /// Sets a piece of view state (the pointer's column, the focus); `Changed` if it changed.
    fn set_view<T: PartialEq>(
        &mut self,
        field: impl FnOnce(&mut Self) -> &mut T,
        value: T,
    ) -> Vec<Effect> {
        let slot = field(self);
        if *slot == value {
            return Vec::new();
        }
        *slot = value;
        vec![Effect::Changed]
    }

    /// Takes the worker's reply at time `now`. A reply to a job that is no longer wanted
    /// (its `id` is not the current job's) changes nothing.
    pub fn reply(&mut self, reply: Reply, now: f64) -> Vec<Effect> {
        match reply {
            Reply::Ready {
                warning: Some(reason),
            } if !self.book_warned => {
                // Each new worker (one per cancelled search) says it again: say it once.
                self.book_warned = true;
                vec![
                    Effect::Announce(self.texts.no_book.clone()),
                    Effect::Warn(reason.clone()),
                    Effect::Event(Event::Error { message: reason }),
                    Effect::ForgetBook,
                ]
            }
            Reply::Ready { .. } => Vec::new(),
            Reply::Move { id, column } if self.job == (Job::Move { id }) => {
                self.job = Job::Idle;
                self.failure = None;
                match self.position.play(usize::from(column)) {
                    Ok(placed) => self.placed(placed, now),
                    Err(e) => self.computer_failed(&e.to_string()),
                }
            }
            Reply::Analysis { id, scores } => match self.job {
                Job::Analysis { id: want, hint } if want == id => {
                    self.job = Job::Idle;
                    self.analysis = Some(scores);
                    let mut effects = vec![Effect::Changed];
                    effects.extend(self.play_pending(now));
                    if hint {
                        effects.extend(self.hint_from_analysis());
                    } else if self.settings.show_analysis && self.puzzle.is_none() {
                        effects.push(Effect::Announce(
                            self.texts
                                .analysis_text(&scores, self.position.move_count()),
                        ));
                    }
                    effects
                }
                _ => Vec::new(),
            },
            Reply::Review { id, scores } if self.job == (Job::Review { id }) => {
                self.job = Job::Idle;
                self.review_ready(scores)
            }
            Reply::Hint { id, score, columns } if self.job == (Job::Hint { id }) => {
                self.job = Job::Idle;
                let columns: Vec<usize> = columns.into_iter().map(usize::from).collect();
                let mut effects = vec![Effect::Changed];
                effects.extend(self.give_hint(&columns, score));
                effects
            }
            Reply::Failed { id, error } if id.is_none() || id == self.job.id() => {
                self.job = Job::Idle;
                if self.failure.as_ref() == Some(&error) {
                    return vec![Effect::Changed];
                }
                let effects = self.computer_failed(&error);
                self.failure = Some(error);
                effects
            }
            _ => Vec::new(),
        }
    }

    /// The worker could not do its job: nothing is pending any more, and the person can
    /// change the players or start again.
    fn computer_failed(&mut self, message: &str) -> Vec<Effect> {
        vec![
            Effect::Announce(self.texts.computer_failed_text(message)),
            Effect::Changed,
            Effect::Event(Event::Error {
                message: message.to_owned(),
            }),
        ]
    }

    /// What the game says.
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// Says everything with `texts` from now on.
    pub fn set_texts(&mut self, texts: Texts) -> Vec<Effect> {
        if texts == self.texts {
            return Vec::new();
        }
        self.texts = texts;
        self.texts_version += 1;
        vec![Effect::Changed]
    }

    /// Changes each time the texts do.
    pub fn texts_version(&self) -> u32 {
        self.texts_version
    }

    /// The result as the players hear it, once the game is over.
    pub fn result_line(&self) -> Option<String> {
        if let Some(run) = &self.puzzle {
            return (run.state == PuzzleState::Solved)
                .then(|| self.texts.puzzle_solved_text(&run.puzzle));
        }
        self.texts
            .outcome_line(self.position.status(), self.players())
    }

    /// Where the four is, once the game is won: "Four in a row: row 1, columns 2 to 5."
    pub fn result_detail(&self) -> Option<String> {
        let last = self.position.last_move()?;
        self.texts.four_text(&self.position.win_line(), last)
    }

    /// Whether undo would do something: take back a move, or bring back the game a new
    /// game replaced.
    pub fn can_undo(&self) -> bool {
        self.position.move_count() > 0 || self.last_game.is_some()
    }

    /// The main choice as it stands: two people, or one against the computer; `None` for two
    /// computers.
    pub fn mode(&self) -> Option<Mode> {
        Mode::of(self.settings.players)
    }

    /// The level and colour the main choice shows: the computer's while one person plays it,
    /// the last ones chosen otherwise.
    pub fn shown_choice(&self) -> (Level, Player) {
        match self.mode() {
            Some(Mode::Computer { level, person }) => (level, person),
            _ => (self.shown_level, self.shown_person),
        }
    }

    /// A choice of opponent, level or colour. The game goes on with the new players, unless
    /// it is over: then a new one starts.
    fn choose(&mut self, choice: ModeChoice, now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        let (level, person) = self.shown_choice();
        let mode = choice.apply(level, person);
        if let Mode::Computer { level, person } = mode {
            (self.shown_level, self.shown_person) = (level, person);
        }
        effects.extend(self.set_settings(
            Settings {
                players: mode.players(),
                ..self.settings
            },
            now,
        ));
        if self.position.is_over() {
            effects.extend(self.new_game(Position::new(), now));
        }
        effects
    }

    /// What is remembered across reloads, now.
    fn save(&self) -> Effect {
        Effect::Save(
            Saved {
                position: *self.game(),
                settings: self.settings,
                record: self.record,
                solved: self.solved.clone(),
                puzzle: self.puzzle.as_ref().map(|run| run.puzzle.id),
            }
            .encode(),
        )
    }

    /// `cue`, if the sound is on.
    fn sound(&self, cue: Cue) -> Option<Effect> {
        self.settings.sound.then_some(Effect::Sound(cue))
    }

    /// The end's sound: a win for whoever the players cheer, a loss when the computer beats
    /// the one person playing it.
    fn end_cue(&self) -> Cue {
        match (self.position.status(), self.mode()) {
            (Status::Draw, _) => Cue::Draw,
            (Status::Win(winner), Some(Mode::Computer { person, .. })) if winner != person => {
                Cue::Loss
            }
            _ => Cue::Win,
        }
    }

    /// What the worker is doing.
    pub fn job(&self) -> Job {
        self.job
    }

    /// The analysis of the current position, if it is known.
    pub fn analysis(&self) -> Option<&Scores> {
        self.analysis.as_ref()
    }

    /// The hinted column.
    pub fn hint(&self) -> Option<usize> {
        self.hint.map(|(column, _)| column)
    }

    /// Whether an analysis or a hint is being worked out.
    pub fn is_analyzing(&self) -> bool {
        matches!(self.job, Job::Analysis { .. } | Job::Hint { .. })
    }

    /// Whether the computer is working on a move.
    pub fn is_thinking(&self) -> bool {
        matches!(self.job, Job::Move { .. })
    }

    /// Starts `job` (made with a fresh id), after dropping any other.
    fn start(&mut self, job: impl FnOnce(u32) -> (Job, Request)) -> Vec<Effect> {
        self.last_id = self.last_id.wrapping_add(1);
        let (job, request) = job(self.last_id);
        self.job = job;
        vec![Effect::Ask(request), Effect::Changed]
    }

    /// Drops the worker's job, if it has one: the one way work in progress is cancelled.
    fn cancel_job(&mut self) -> Vec<Effect> {
        let busy = self.job != Job::Idle;
        self.job = Job::Idle;
        if busy {
            vec![Effect::CancelComputer]
        } else {
            Vec::new()
        }
    }

    /// A person asks which move is best.
    fn request_hint(&mut self) -> Vec<Effect> {
        if self.puzzle.is_some() {
            return vec![Effect::Announce(self.texts.no_hint_puzzle.clone())];
        }
        if self.position.is_over() {
            return vec![Effect::Announce(self.texts.no_hint_game_over.clone())];
        }
        if !self.human_to_move() {
            return vec![Effect::Announce(self.texts.wait_for_computer.clone())];
        }
        if let Some((column, score)) = self.hint {
            // Asked again: say it again.
            return vec![Effect::Announce(self.texts.hint_text(
                column,
                score,
                self.position.move_count(),
            ))];
        }
        if self.analysis.is_some() {
            return self.hint_from_analysis();
        }
        let mut effects = vec![Effect::Announce(self.texts.looking_for_hint.clone())];
        let moves = self.position.moves_string();
        match self.job {
            Job::Analysis { id, .. } => self.job = Job::Analysis { id, hint: true },
            Job::Hint { .. } | Job::Review { .. } => {}
            Job::Idle | Job::Move { .. } if self.settings.show_analysis => {
                // The analysis is wanted anyway, and the hint follows from it.
                effects.extend(self.start(|id| {
                    (
                        Job::Analysis { id, hint: true },
                        Request::Analyze { id, moves },
                    )
                }));
            }
            Job::Idle | Job::Move { .. } => {
                effects.extend(self.start(|id| (Job::Hint { id }, Request::Hint { id, moves })));
            }
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
        self.hint = Some((column, score));
        vec![
            Effect::Announce(
                self.texts
                    .hint_text(column, score, self.position.move_count()),
            ),
            Effect::Changed,
        ]
    }

    /// Asks for the analysis of the current position unless it is known or on its way.
    fn request_analysis(&mut self) -> Vec<Effect> {
        if self.analysis.is_some() || self.position.is_over() {
            return Vec::new();
        }
        let hint = match self.job {
            Job::Analysis { .. } | Job::Review { .. } => return Vec::new(),
            Job::Hint { .. } => true,
            Job::Idle | Job::Move { .. } => false,
        };
        let moves = self.position.moves_string();
        self.start(|id| (Job::Analysis { id, hint }, Request::Analyze { id, moves }))
    }

    /// The position changed: what was known about the old one is void.
    fn position_changed(&mut self) {
        self.analysis = None;
        self.hint = None;
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

    /// The column under the pointer.
    pub fn hover(&self) -> Option<usize> {
        self.hover
    }

    /// Whether the keyboard focus is on a column control.
    pub fn board_focused(&self) -> bool {
        self.board_focused
    }

    pub fn fall(&self) -> Option<Fall> {
        self.fall
    }

    /// Whether a person may drop a piece now (it is a human's turn and the game is on).
    pub fn human_to_move(&self) -> bool {
        !self.position.is_over()
            && self.review.is_none()
            && self
                .puzzle
                .as_ref()
                .is_none_or(|run| run.state == PuzzleState::Playing)
            && self.players()[self.side()] == PlayerKind::Human
    }

    fn side(&self) -> usize {
        usize::from(self.position.current_player().number() - 1)
    }

    fn select(&mut self, column: usize) -> Vec<Effect> {
        if column < WIDTH && column != self.selected {
            self.selected = column;
            return vec![Effect::Changed];
        }
        Vec::new()
    }

    /// Moves the selection left (-1) or right (+1), stopping at the edges.
    fn move_selection(&mut self, delta: i32) -> Vec<Effect> {
        let next = (self.selected as i32 + delta).clamp(0, WIDTH as i32 - 1) as usize;
        self.select(next)
    }

    /// A person asks to drop a piece in `column`.
    fn drop_piece(&mut self, column: usize, now: f64) -> Vec<Effect> {
        if column >= WIDTH {
            return vec![Effect::Announce(self.texts.no_such_column(column))];
        }
        self.selected = column;
        // While a piece falls, the next move is the other player's: a second click or tap
        // meant for the same column (a double-click) must not play for them.
        let refusal = match self.refusal(column) {
            None if self.fall.is_some() => Some(Refusal::Busy),
            other => other,
        };
        match refusal {
            Some(reason) => self.refuse(column, reason),
            None => {
                if let Some(effects) = self.judge_puzzle_move(column) {
                    return effects;
                }
                let placed = self.position.play_unchecked(column);
                self.placed(placed, now)
            }
        }
    }

    /// The host's `play(column)`: a person's move, played at once, or refused (the reason
    /// comes back) while a piece is still falling.
    pub fn play(&mut self, column: Column, now: f64) -> (Vec<Effect>, Result<MoveResult, Refusal>) {
        let index = column.index();
        if let Some(reason) = self.refusal(index) {
            return (self.refuse(index, reason), Err(reason));
        }
        if let Some(effects) = self.judge_puzzle_move(index) {
            return (effects, Err(Refusal::Busy));
        }
        // Not refused: the column is on the board, not full, and the game goes on.
        let placed = self.position.play_unchecked(index);
        self.selected = index;
        let result = MoveResult::after(&self.position, placed);
        (self.placed(placed, now), Ok(result))
    }

    /// Why a person's move in `column` would be refused now, if it would.
    fn refusal(&self, column: usize) -> Option<Refusal> {
        if self.review.is_some() {
            Some(Refusal::Busy)
        } else if self.position.is_over() {
            Some(Refusal::Over)
        } else if !self.human_to_move() || self.fall.is_some() {
            Some(Refusal::Busy)
        } else if !self.position.can_play(column) {
            Some(Refusal::Full)
        } else {
            None
        }
    }

    /// Says why the move in `column` is refused, and tells the host.
    fn refuse(&self, column: usize, reason: Refusal) -> Vec<Effect> {
        // A puzzle that is over waits for Retry or the next one.
        let puzzle_over = match self.puzzle.as_ref().map(|r| &r.state) {
            Some(PuzzleState::Failed { .. }) => Some(&self.texts.puzzle_retry),
            Some(PuzzleState::Solved) => Some(&self.texts.puzzle_done),
            _ => None,
        };
        let message = if self.review.is_some() {
            self.texts.reviewing.clone()
        } else if let Some(waits) = puzzle_over {
            waits.clone()
        } else {
            match reason {
                Refusal::Over => self.texts.game_over.clone(),
                Refusal::Busy if self.fall.is_some() && self.human_to_move() => {
                    self.texts.wait_for_fall.clone()
                }
                Refusal::Busy => self.texts.wait_for_computer.clone(),
                Refusal::Full => self.texts.full_text(column),
            }
        };
        vec![
            Effect::Announce(message),
            Effect::Event(Event::Refused { column, reason }),
        ]
    }

    /// A piece was just played: it falls from the lane of air, and the worker's job on the
    /// old position is dropped.
    fn placed(&mut self, placed: Placed, now: f64) -> Vec<Effect> {
        self.position_changed();
        self.last_game = None;
        self.notice = None;
        self.puzzle_moved(placed.player);
        let mut effects = self.cancel_job();
        let by = self.players()[usize::from(placed.player.number() - 1)];
        effects.extend(
            Event::for_move(&self.position, placed, by)
                .into_iter()
                .map(Effect::Event),
        );
        let distance = f64::from(placed.row) - super::layout::AIR_ROW;
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
        effects.push(Effect::Announce(self.texts.move_text(placed)));
        effects.push(Effect::Changed);
        if self.puzzle.is_none() {
            effects.push(self.save());
        }
        if duration == 0.0 {
            effects.extend(self.tick(now));
        }
        effects
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
            effects.extend(self.sound(Cue::Land));
            if self.position.is_over() {
                self.finished_at = Some(now);
                self.win_line = self.position.win_line();
                if self.review.is_some() {
                    // The review stepped onto the end: it shows, but nothing has just ended.
                    return effects;
                }
                // The record and the puzzle's state first: the result line reads them.
                effects.extend(self.count_end());
                let result = self.result_line().unwrap_or_default();
                let four = self.texts.four_text(&self.win_line, fall.placed);
                let said = four.map_or(result.clone(), |four| format!("{result} {four}"));
                effects.push(Effect::Finished(said));
                effects.extend(self.sound(self.end_cue()));
                return effects;
            }
        }
        effects.extend(self.request_computer());
        // A puzzle judges each of the player's moves by the analysis.
        let wanted = self.settings.show_analysis || self.puzzle.is_some();
        if wanted && self.fall.is_none() && self.human_to_move() {
            effects.extend(self.request_analysis());
        }
        effects.extend(self.request_ponder());
        effects
    }

    /// Asks for a computer move if it is the computer's turn and nothing is pending.
    fn request_computer(&mut self) -> Vec<Effect> {
        if self.fall.is_some() || self.is_thinking() || self.position.is_over() {
            return Vec::new();
        }
        match self.players()[self.side()] {
            PlayerKind::Computer(level) => {
                let moves = self.position.moves_string();
                self.start(|id| (Job::Move { id }, Request::BestMove { id, moves, level }))
            }
            PlayerKind::Human => Vec::new(),
        }
    }

    /// Once per position where a person is to move against the perfect level.
    fn request_ponder(&mut self) -> Vec<Effect> {
        let opponent = self.players()[1 - self.side()];
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
        vec![Effect::Ask(Request::Ponder { moves })]
    }

    /// Stops what is under way (a fall, the end display, the worker's job) before the
    /// position is replaced.
    fn cancel(&mut self) -> Vec<Effect> {
        self.fall = None;
        self.finished_at = None;
        self.win_line.clear();
        // The worker may be replaced, and its table with it: ponder again when asked.
        self.pondered = None;
        self.position_changed();
        self.cancel_job()
    }

    /// Takes back the last move; against the computer, also its reply, so that it is a
    /// person's turn again.
    fn undo(&mut self, now: f64) -> Vec<Effect> {
        if self.review.is_some() {
            return vec![Effect::Announce(self.texts.reviewing.clone())];
        }
        if self.puzzle.is_some() {
            return vec![Effect::Announce(self.texts.puzzle_undo.clone())];
        }
        if self.position.move_count() == 0 {
            if let Some(last) = self.last_game.take() {
                let mut effects = self.new_game(last, now);
                effects.push(Effect::Announce(self.texts.brought_back.clone()));
                return effects;
            }
        }
        let mut effects = self.cancel();
        let mut undone = Vec::new();
        while let Some(column) = self.position.undo() {
            undone.push((self.position.current_player(), column));
            if self.players()[self.side()] == PlayerKind::Human {
                break;
            }
        }
        effects.push(Effect::Announce(if undone.is_empty() {
            self.texts.nothing_to_undo.clone()
        } else {
            self.texts.undid_text(&undone)
        }));
        effects.push(Effect::Changed);
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// A new game from `position` (the empty board, or a start the host chose).
    pub fn new_game(&mut self, position: Position, now: f64) -> Vec<Effect> {
        self.review = None;
        self.puzzle = None;
        let said = self.texts.new_game_text(position.current_player());
        self.start_game(position, said, now)
    }

    /// A new game from `position`, announced with `said`.
    fn start_game(&mut self, position: Position, said: String, now: f64) -> Vec<Effect> {
        let mut effects = self.cancel();
        self.position = position;
        self.win_line = position.win_line();
        self.finished_at = position.is_over().then_some(f64::NEG_INFINITY);
        self.selected = WIDTH / 2;
        self.notice = None;
        effects.push(Effect::Announce(said));
        effects.push(Effect::Changed);
        effects.push(Effect::Event(Event::NewGame {
            moves: position.moves_string(),
        }));
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// New settings; the game goes on.
    pub fn set_settings(&mut self, settings: Settings, now: f64) -> Vec<Effect> {
        // The same settings again (a radio's click and change both say it): nothing to do.
        if settings == self.settings {
            return Vec::new();
        }
        let players_changed = settings.players != self.settings.players;
        let analysis_on = settings.show_analysis && !self.settings.show_analysis;
        self.settings = settings;
        let mut effects = vec![Effect::Changed, self.save()];
        if players_changed {
            // Keep the game; only what was being worked out for it is dropped.
            self.position_changed();
            effects.extend(self.cancel_job());
            effects.extend(self.tick(now));
        } else if analysis_on {
            if let Some(scores) = self.analysis {
                effects.push(Effect::Announce(
                    self.texts
                        .analysis_text(&scores, self.position.move_count()),
                ));
            } else if self.fall.is_none() && self.human_to_move() {
                effects.extend(self.request_analysis());
            }
        }
        effects
    }

    /// Whether frames must keep coming: a piece is falling or the fade is running.
    pub fn is_animating(&self, now: f64) -> bool {
        self.fall.is_some()
            || self.finished_at.is_some_and(|t| {
                now - t < anim::fade_duration(self.settings.reduced_motion)
                    || self.celebration(now) > 0.0
            })
    }

    /// How strongly the winning four pulses at `now` (0: not at all): a short celebration
    /// once a game is won, none under reduced motion.
    pub fn celebration(&self, now: f64) -> f64 {
        match (self.finished_at, self.position.status()) {
            (Some(t), Status::Win(_)) if !self.settings.reduced_motion => {
                anim::celebration(now - t)
            }
            _ => 0.0,
        }
    }

    /// How far the checkers outside the win line have faded (0: not at all).
    pub fn others_fade(&self, now: f64) -> f64 {
        match (self.finished_at, self.position.status()) {
            (Some(t), Status::Win(_)) => {
                anim::fade_amount(now - t, anim::fade_duration(self.settings.reduced_motion))
            }
            _ => 0.0,
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
    use crate::engine::{Player, Status};

    fn announced(effects: &[Effect]) -> Vec<String> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Announce(s) | Effect::Finished(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    /// The events for the host.
    fn events(effects: &[Effect]) -> Vec<Event> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Event(e) => Some(e.clone()),
                _ => None,
            })
            .collect()
    }

    fn names(effects: &[Effect]) -> Vec<&'static str> {
        events(effects).iter().map(Event::name).collect()
    }

    /// The requests sent to the worker.
    fn asked(effects: &[Effect]) -> Vec<Request> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Ask(r) => Some(r.clone()),
                _ => None,
            })
            .collect()
    }

    fn drop(c: &mut Controller, column: usize, now: f64) -> Vec<Effect> {
        c.command(Command::Drop(column), now)
    }

    /// A person (Red) against the computer at `level`, with reduced motion.
    fn against(level: Level) -> Settings {
        Settings {
            players: [PlayerKind::Human, PlayerKind::Computer(level)],
            ..reduced()
        }
    }

    fn reduced() -> Settings {
        Settings {
            reduced_motion: true,
            ..Settings::default()
        }
    }

    /// The id of the job the controller waits for.
    fn job_id(c: &Controller) -> u32 {
        c.job().id().expect("a job")
    }

    #[test]
    fn a_drop_changes_state_at_once_and_animates() {
        let mut c = Controller::new(Settings::default());
        let e = drop(&mut c, 3, 0.0);
        assert_eq!(announced(&e), ["Red in column 4, row 1"]);
        assert_eq!(c.position().moves_string(), "4");
        assert!(c.is_animating(10.0));
        let (placed, offset) = c.falling(0.0).unwrap();
        assert_eq!(placed.row, 5);
        // From the lane of air, 0.9 of a row above the top row, to the bottom row.
        assert!((offset - 5.9).abs() < 1e-9, "{offset}");
        // A second click during the fall (a double-click) is not played for Yellow.
        let e = drop(&mut c, 3, 50.0);
        assert_eq!(announced(&e), ["Wait: a piece is still falling."]);
        assert_eq!(
            events(&e),
            [Event::Refused {
                column: 3,
                reason: Refusal::Busy
            }]
        );
        assert_eq!(c.position().moves_string(), "4");
        c.tick(10_000.0);
        assert_eq!(c.position().moves_string(), "4", "nothing was queued");
        let e = drop(&mut c, 2, 10_000.0);
        assert_eq!(announced(&e), ["Yellow in column 3, row 1"]);
        assert_eq!(c.position().moves_string(), "43");
    }

    #[test]
    fn a_win_is_announced_when_the_last_piece_lands_then_fades() {
        let mut c = Controller::new(Settings::default());
        let mut now = 0.0;
        for col in [0, 1, 0, 1, 0, 1] {
            drop(&mut c, col, now);
            now += 1000.0;
            c.tick(now);
        }
        let e = drop(&mut c, 0, now);
        assert_eq!(c.position().status(), Status::Win(Player::First));
        assert!(!announced(&e).iter().any(|s| s.contains("wins")));
        // The line is shown only once the piece has landed.
        assert!(c.win_line().is_empty());
        let e = c.tick(now + 1000.0);
        assert_eq!(
            announced(&e),
            ["Red wins! Four in a column: column 1, rows 1 to 4."]
        );
        assert_eq!(c.win_line(), c.position().win_line().as_slice());
        assert_eq!(c.win_line().len(), 4);
        assert_eq!(c.others_fade(now + 1000.0), 0.0);
        assert_eq!(c.others_fade(now + 5000.0), anim::FADED);
        assert!(!c.is_animating(now + 5000.0));
        assert!(announced(&drop(&mut c, 3, now + 5000.0))[0].contains("over"));
        c.command(Command::Undo, now + 6000.0);
        assert!(c.win_line().is_empty());
        // A controller made from a finished game shows its line at once.
        let won = Position::from_moves("1212121").unwrap();
        let c = Controller::with_position(Settings::default(), won);
        assert_eq!(c.win_line(), won.win_line().as_slice());
    }

    #[test]
    fn a_missing_book_is_announced_once_and_changes_nothing() {
        let mut c = Controller::new(Settings::default());
        drop(&mut c, 3, 0.0);
        let warning = Reply::Ready {
            warning: Some("could not load the opening book from /book.bin: HTTP 404".into()),
        };
        let e = c.reply(warning.clone(), 0.0);
        assert_eq!(
            e.len(),
            4,
            "an announcement, the console's detail, the host's event only, and no book for \
             later workers: {e:?}"
        );
        assert!(e.contains(&Effect::ForgetBook), "{e:?}");
        assert!(e.contains(&Effect::Warn(
            "could not load the opening book from /book.bin: HTTP 404".into()
        )));
        assert_eq!(
            events(&e),
            [Event::Error {
                message: "could not load the opening book from /book.bin: HTTP 404".into()
            }]
        );
        assert_eq!(
            announced(&e),
            ["The computer could not load its opening book, so its first moves may take longer."]
        );
        assert_eq!(c.position().moves_string(), "4");
        // A replacement worker says it again; the player hears it once.
        assert!(c.reply(warning, 0.0).is_empty());
        assert!(c.reply(Reply::Ready { warning: None }, 0.0).is_empty());
    }

    #[test]
    fn reduced_motion_lands_at_once() {
        let mut c = Controller::new(reduced());
        drop(&mut c, 3, 0.0);
        assert!(c.fall().is_none());
        drop(&mut c, 3, 0.0);
        assert_eq!(c.position().moves_string(), "44");
    }

    #[test]
    fn full_columns_and_missing_columns_are_refused_with_a_message() {
        let mut c = Controller::new(reduced());
        for _ in 0..6 {
            drop(&mut c, 0, 0.0);
        }
        let e = drop(&mut c, 0, 0.0);
        assert_eq!(announced(&e), ["Column 1 is full"]);
        assert_eq!(c.position().move_count(), 6);
        assert_eq!(announced(&drop(&mut c, 7, 0.0)), ["There is no column 8"]);
        assert_eq!(c.position().move_count(), 6);
    }

    #[test]
    fn undo_and_new_game() {
        let mut c = Controller::new(reduced());
        assert_eq!(
            announced(&c.command(Command::Undo, 0.0)),
            ["Nothing to undo"]
        );
        drop(&mut c, 3, 0.0);
        drop(&mut c, 4, 0.0);
        assert_eq!(
            announced(&c.command(Command::Undo, 0.0)),
            ["Undid Yellow in column 5"]
        );
        assert_eq!(c.position().moves_string(), "4");
        let e = c.command(Command::NewGame, 0.0);
        assert_eq!(
            announced(&e),
            ["New game. Red to move. Undo brings the last game back."]
        );
        assert_eq!(c.position().move_count(), 0);
        assert_eq!(c.selected(), 3);
    }

    #[test]
    fn selection_moves_and_stops_at_the_edges() {
        let mut c = Controller::new(Settings::default());
        assert_eq!(c.selected(), 3);
        assert_eq!(c.command(Command::SelectBy(1), 0.0), [Effect::Changed]);
        assert_eq!(c.selected(), 4);
        c.command(Command::Select(6), 0.0);
        assert!(
            c.command(Command::SelectBy(1), 0.0).is_empty(),
            "stops at 7"
        );
        assert_eq!(c.selected(), 6);
        c.command(Command::Select(0), 0.0);
        assert!(
            c.command(Command::SelectBy(-1), 0.0).is_empty(),
            "stops at 1"
        );
        assert_eq!(c.selected(), 0);
        assert!(c.command(Command::Select(9), 0.0).is_empty());
        assert_eq!(c.selected(), 0);
        // The pointer and the focus are view state: a change asks for a redraw, once.
        assert_eq!(c.command(Command::Hover(Some(2)), 0.0), [Effect::Changed]);
        assert!(c.command(Command::Hover(Some(2)), 0.0).is_empty());
        assert_eq!(c.hover(), Some(2));
        c.command(Command::Hover(Some(12)), 0.0);
        assert_eq!(c.hover(), None, "off the board is no column");
        assert_eq!(c.command(Command::FocusBoard(true), 0.0), [Effect::Changed]);
        assert!(c.board_focused());
    }

    #[test]
    fn computer_turns_are_requested_and_stale_answers_dropped() {
        let settings = against(Level::Easy);
        let mut c = Controller::new(settings);
        let e = drop(&mut c, 3, 0.0);
        let id = match asked(&e).as_slice() {
            [Request::BestMove { id, moves, level }] => {
                assert_eq!(moves, "4");
                assert_eq!(*level, Level::Easy);
                *id
            }
            other => panic!("computer not asked: {other:?}"),
        };
        assert!(c.is_thinking());
        assert!(announced(&drop(&mut c, 2, 0.0))[0].contains("thinking"));
        // Undo during the computer's turn cancels it; its late answer is ignored.
        let e = c.command(Command::Undo, 0.0);
        assert!(e.contains(&Effect::CancelComputer));
        assert!(!c.is_thinking());
        assert!(c.reply(Reply::Move { id, column: 2 }, 0.0).is_empty());
        assert_eq!(c.position().moves_string(), "");
        // Undo against the computer takes back its reply too.
        drop(&mut c, 3, 0.0);
        let id = job_id(&c);
        // An answer to another request is stale too.
        assert!(c
            .reply(
                Reply::Move {
                    id: id + 1,
                    column: 0
                },
                0.0
            )
            .is_empty());
        c.reply(Reply::Move { id, column: 3 }, 0.0);
        assert_eq!(c.position().moves_string(), "44");
        c.command(Command::Undo, 0.0);
        assert_eq!(c.position().moves_string(), "");
        assert!(c.human_to_move());
    }

    #[test]
    fn a_failed_worker_is_announced_and_nothing_stays_pending() {
        let settings = against(Level::Hard);
        let mut c = Controller::new(settings);
        drop(&mut c, 3, 0.0);
        let id = job_id(&c);
        // A failure of an older job is stale.
        assert!(c
            .reply(
                Reply::Failed {
                    id: Some(id + 7),
                    error: "old".into()
                },
                0.0
            )
            .is_empty());
        assert!(c.is_thinking());
        let e = c.reply(
            Reply::Failed {
                id: None,
                error: "the worker could not start".into(),
            },
            0.0,
        );
        assert_eq!(
            announced(&e),
            ["The computer could not move: the worker could not start"]
        );
        assert_eq!(c.job(), Job::Idle);
        // A move the rules refuse is a failure too, not a silent stop.
        let mut c = Controller::with_position(settings, Position::from_moves("444444").unwrap());
        drop(&mut c, 0, 0.0);
        let id = job_id(&c);
        let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
        assert!(
            announced(&e)[0].starts_with("The computer could not move:"),
            "{e:?}"
        );
        assert_eq!(c.job(), Job::Idle);
    }

    #[test]
    fn the_perfect_level_ponders_on_the_players_time() {
        let ponders = |e: &[Effect]| -> Vec<String> {
            asked(e)
                .into_iter()
                .filter_map(|r| match r {
                    Request::Ponder { moves } => Some(moves),
                    _ => None,
                })
                .collect()
        };
        let settings = against(Level::Perfect);
        let mut c = Controller::new(settings);
        assert_eq!(ponders(&c.tick(0.0)), [""]);
        assert!(ponders(&c.tick(1.0)).is_empty(), "once per position");
        // While the computer thinks there is nothing to ponder; after its move, there is.
        let e = drop(&mut c, 3, 0.0);
        assert!(ponders(&e).is_empty());
        let id = job_id(&c);
        let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
        assert_eq!(ponders(&e), ["44"]);
        // Undo and a new game may replace the worker: the position is pondered again.
        assert_eq!(ponders(&c.command(Command::Undo, 0.0)), [""]);
        assert_eq!(ponders(&c.command(Command::NewGame, 0.0)), [""]);
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
            assert!(ponders(&drop(&mut c, 3, 0.0)).is_empty());
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
        assert_eq!(c.others_fade(0.0), anim::FADED);
        assert!(announced(&drop(&mut c, 3, 0.0))[0].contains("over"));
        c.command(Command::NewGame, 0.0);
        assert!(!c.finished());
        assert_eq!(c.others_fade(0.0), 0.0);
    }

    #[test]
    fn hints_and_analysis_follow_the_position() {
        let mut c = Controller::new(reduced());
        drop(&mut c, 3, 0.0);
        // With the analysis off, a hint asks only for the best columns (cheaper).
        let e = c.command(Command::Hint, 0.0);
        let id = match asked(&e).as_slice() {
            [Request::Hint { id, moves }] if moves == "4" => *id,
            other => panic!("no hint asked: {other:?}"),
        };
        assert!(c.is_analyzing());
        assert!(
            asked(&c.command(Command::Hint, 0.0)).is_empty(),
            "asked once"
        );
        // A stale answer (to another request) is ignored.
        assert!(c
            .reply(
                Reply::Hint {
                    id: id + 1,
                    score: 1,
                    columns: vec![0]
                },
                0.0
            )
            .is_empty());
        let e = c.reply(
            Reply::Hint {
                id,
                score: 0,
                columns: vec![2, 3, 4],
            },
            0.0,
        );
        assert_eq!(c.hint(), Some(3), "the most central best column");
        assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
        assert!(!c.is_analyzing());
        // Asked again in the same position, the hint is said again, with no new search.
        let e = c.command(Command::Hint, 0.0);
        assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
        assert!(asked(&e).is_empty());
        // A move voids the hint; one asked meanwhile is cancelled with the worker's job.
        drop(&mut c, 2, 0.0);
        assert_eq!(c.hint(), None);
        c.command(Command::Hint, 0.0);
        let e = drop(&mut c, 0, 0.0);
        assert!(e.contains(&Effect::CancelComputer), "{e:?}");
        assert!(!c.is_analyzing());
        c.command(Command::Undo, 0.0);
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
        let e = c.command(Command::SetAnalysis(true), 0.0);
        let id = match asked(&e).as_slice() {
            [Request::Analyze { id, moves }] if moves == "43" => *id,
            other => panic!("no analysis asked: {other:?}"),
        };
        // A hint asked while the analysis is on its way comes from the analysis.
        let e = c.command(Command::Hint, 0.0);
        assert!(asked(&e).is_empty(), "{e:?}");
        let e = c.reply(Reply::Analysis { id, scores }, 0.0);
        assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
        assert_eq!(c.hint(), Some(3));
        assert!(c.analysis().is_some());
        // After the next move the analysis is asked for again, at once with reduced motion.
        let e = drop(&mut c, 0, 0.0);
        assert!(matches!(asked(&e).as_slice(), [Request::Analyze { moves, .. }] if moves == "431"));
        // A move while an analysis is still being worked out cancels it.
        let e = drop(&mut c, 0, 0.0);
        assert!(e.contains(&Effect::CancelComputer), "{e:?}");
        assert!(
            matches!(asked(&e).as_slice(), [Request::Analyze { moves, .. }] if moves == "4311")
        );
        // Without a hint wanted, the analysis is announced.
        let id = job_id(&c);
        let e = c.reply(Reply::Analysis { id, scores }, 0.0);
        assert!(announced(&e)[0].starts_with("Analysis: column 1:"), "{e:?}");
    }

    #[test]
    fn the_host_hears_moves_refusals_new_games_and_the_end() {
        let settings = against(Level::Easy);
        let mut c = Controller::new(settings);
        let e = drop(&mut c, 3, 0.0);
        assert_eq!(names(&e), ["c4-move"]);
        match &events(&e)[0] {
            Event::Move { result, moves, by } => {
                assert_eq!((result.column, result.row, result.player), (3, 5, 1));
                assert_eq!((moves.as_str(), *by), ("4", "human"));
            }
            other => panic!("{other:?}"),
        }
        // The computer's turn: a person's move is refused as busy.
        let e = drop(&mut c, 2, 0.0);
        assert_eq!(
            events(&e),
            [Event::Refused {
                column: 2,
                reason: Refusal::Busy
            }]
        );
        let id = job_id(&c);
        let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
        match &events(&e)[..] {
            [Event::Move { by, moves, .. }] => assert_eq!((*by, moves.as_str()), ("easy", "44")),
            other => panic!("{other:?}"),
        }
        let e = c.command(Command::NewGame, 0.0);
        assert_eq!(events(&e), [Event::NewGame { moves: "".into() }]);
        // A full column, then the end and a move after it.
        let mut c = Controller::with_position(
            Settings {
                reduced_motion: true,
                ..Settings::default()
            },
            Position::from_moves("121212444444").unwrap(),
        );
        assert_eq!(
            events(&drop(&mut c, 3, 0.0)),
            [Event::Refused {
                column: 3,
                reason: Refusal::Full
            }]
        );
        let e = drop(&mut c, 0, 0.0);
        assert_eq!(names(&e), ["c4-move", "c4-end"]);
        assert!(
            matches!(&events(&e)[1], Event::End { status: "win", winner: Some(1), moves, .. } if moves == "1212124444441")
        );
        assert_eq!(
            events(&drop(&mut c, 5, 0.0)),
            [Event::Refused {
                column: 5,
                reason: Refusal::Over
            }]
        );
    }

    #[test]
    fn the_hosts_play_is_refused_while_a_piece_falls() {
        let mut c = Controller::new(Settings::default());
        let (e, result) = c.play(Column::new(3).unwrap(), 0.0);
        let result = result.expect("played");
        assert_eq!(
            (result.column, result.row, result.status),
            (3, 5, "in-progress")
        );
        assert_eq!(names(&e), ["c4-move"]);
        // While the piece falls, the host's play is refused, as a person's click is.
        let (e, result) = c.play(Column::new(2).unwrap(), 10.0);
        assert_eq!(result, Err(Refusal::Busy));
        assert_eq!(announced(&e), ["Wait: a piece is still falling."]);
        assert_eq!(c.position().moves_string(), "4");
        c.tick(10_000.0);
        let (_, result) = c.play(Column::new(2).unwrap(), 10_000.0);
        assert_eq!(result.map(|r| r.player), Ok(2));
        assert_eq!(c.position().moves_string(), "43");
        // A new game from a chosen start.
        let e = c.new_game(Position::from_moves("4453").unwrap(), 20_000.0);
        assert_eq!(
            events(&e),
            [Event::NewGame {
                moves: "4453".into()
            }]
        );
        assert_eq!(announced(&e), ["New game. Red to move."]);
    }

    #[test]
    fn a_click_during_the_fall_before_the_computers_turn_is_refused() {
        let mut c = Controller::new(Settings {
            reduced_motion: false,
            ..against(Level::Easy)
        });
        drop(&mut c, 3, 0.0);
        let e = drop(&mut c, 2, 10.0);
        assert_eq!(announced(&e), ["Wait: the computer is thinking."]);
        assert_eq!(
            events(&e),
            [Event::Refused {
                column: 2,
                reason: Refusal::Busy
            }]
        );
        c.tick(10_000.0);
        assert_eq!(c.position().moves_string(), "4");
        assert!(c.is_thinking());
    }

    #[test]
    fn a_failed_worker_tells_the_host_once() {
        let mut c = Controller::new(Settings::default());
        let boom = Reply::Failed {
            id: None,
            error: "boom".into(),
        };
        let e = c.reply(boom.clone(), 0.0);
        assert_eq!(
            events(&e),
            [Event::Error {
                message: "boom".into()
            }]
        );
        // The next worker fails the same way: nothing more is said.
        let e = c.reply(boom, 0.0);
        assert!(events(&e).is_empty() && announced(&e).is_empty(), "{e:?}");
    }

    /// The sounds asked for.
    fn sounds(effects: &[Effect]) -> Vec<Cue> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Sound(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// The last saved text, if any.
    fn saved(effects: &[Effect]) -> Option<String> {
        effects.iter().rev().find_map(|e| match e {
            Effect::Save(s) => Some(s.clone()),
            _ => None,
        })
    }

    #[test]
    fn the_main_choice_sets_the_players_and_remembers_the_level() {
        let mut c = Controller::new(reduced());
        assert_eq!(c.mode(), Some(Mode::Friend));
        assert_eq!(c.shown_choice(), (Level::Medium, Player::First));
        c.command(Command::Choose(ModeChoice::Level(Level::Hard)), 0.0);
        assert_eq!(
            c.settings().players,
            [PlayerKind::Human, PlayerKind::Computer(Level::Hard)]
        );
        // Playing Yellow: the computer (Red) moves first, at once.
        let e = c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
        assert_eq!(
            c.settings().players,
            [PlayerKind::Computer(Level::Hard), PlayerKind::Human]
        );
        assert!(
            matches!(
                asked(&e)[..],
                [Request::BestMove {
                    level: Level::Hard,
                    ..
                }]
            ),
            "{e:?}"
        );
        // Back to two people: the choice still shows hard and Yellow for next time.
        c.command(Command::Choose(ModeChoice::Friend), 0.0);
        assert_eq!(c.settings().players, [PlayerKind::Human; 2]);
        assert_eq!(c.shown_choice(), (Level::Hard, Player::Second));
        c.command(Command::Choose(ModeChoice::Computer), 0.0);
        assert_eq!(
            c.settings().players,
            [PlayerKind::Computer(Level::Hard), PlayerKind::Human]
        );
    }

    #[test]
    fn a_choice_after_the_end_starts_a_new_game() {
        let mut c = Controller::with_position(reduced(), Position::from_moves("1212121").unwrap());
        let e = c.command(Command::Choose(ModeChoice::Level(Level::Easy)), 0.0);
        assert_eq!(c.position().move_count(), 0);
        assert!(names(&e).contains(&"c4-newgame"), "{e:?}");
        // During a game, the game goes on with the new opponent.
        drop(&mut c, 3, 0.0);
        let id = job_id(&c);
        c.reply(Reply::Move { id, column: 3 }, 0.0);
        c.command(Command::Choose(ModeChoice::Level(Level::Perfect)), 0.0);
        assert_eq!(c.position().moves_string(), "44");
    }

    #[test]
    fn every_change_is_saved() {
        let mut c = Controller::new(reduced());
        let e = drop(&mut c, 3, 0.0);
        let text = saved(&e).expect("a move is saved");
        let back = Saved::decode(&text).unwrap();
        assert_eq!(back.position.moves_string(), "4");
        assert_eq!(back.settings, c.settings());
        let e = c.command(Command::SetAnalysis(true), 0.0);
        assert!(saved(&e).unwrap().contains("analysis=1"));
        let e = c.command(Command::Undo, 0.0);
        assert!(saved(&e).unwrap().contains("moves=&"));
        let e = c.command(Command::NewGame, 0.0);
        assert!(saved(&e).is_some());
        // Looking around saves nothing.
        assert_eq!(saved(&c.command(Command::Select(1), 0.0)), None);
        assert_eq!(saved(&c.command(Command::Hover(Some(2)), 0.0)), None);
    }

    #[test]
    fn sounds_follow_the_landings_and_the_end_while_the_sound_is_on() {
        let quiet = Settings {
            sound: false,
            ..reduced()
        };
        let mut c = Controller::new(quiet);
        assert!(sounds(&drop(&mut c, 0, 0.0)).is_empty());
        let mut c = Controller::new(Settings {
            sound: true,
            ..reduced()
        });
        assert_eq!(sounds(&drop(&mut c, 0, 0.0)), [Cue::Land]);
        for column in [1, 0, 1, 0, 1] {
            drop(&mut c, column, 0.0);
        }
        assert_eq!(sounds(&drop(&mut c, 0, 0.0)), [Cue::Land, Cue::Win]);
        // The computer beating the one person playing it sounds like a loss.
        let mut c = Controller::with_position(
            Settings {
                sound: true,
                ..against(Level::Easy)
            },
            Position::from_moves("121212").unwrap(),
        );
        c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
        let id = job_id(&c);
        let e = c.reply(Reply::Move { id, column: 0 }, 0.0);
        assert_eq!(sounds(&e), [Cue::Land, Cue::Loss]);
        let drawn = "54712566226127126621574377157631535333444";
        let mut c = Controller::with_position(
            Settings {
                sound: true,
                ..reduced()
            },
            Position::from_moves(drawn).unwrap(),
        );
        assert_eq!(sounds(&drop(&mut c, 3, 0.0)), [Cue::Land, Cue::Draw]);
    }

    #[test]
    fn a_won_game_celebrates_briefly_unless_motion_is_reduced() {
        let mut settings = Settings::default();
        let mut c = Controller::with_position(settings, Position::from_moves("121212").unwrap());
        drop(&mut c, 0, 0.0);
        c.tick(2_000.0);
        assert!(c.finished());
        let beat = c.celebration(2_000.0 + anim::CELEBRATION / 6.0);
        assert!(beat > 0.5, "{beat}");
        assert!(c.is_animating(2_000.0 + anim::CELEBRATION / 2.0));
        assert_eq!(c.celebration(2_000.0 + anim::CELEBRATION + 1.0), 0.0);
        assert!(!c.is_animating(2_000.0 + anim::CELEBRATION + 1.0));
        settings.reduced_motion = true;
        let mut c = Controller::with_position(settings, Position::from_moves("121212").unwrap());
        drop(&mut c, 0, 0.0);
        assert!(c.finished());
        assert_eq!(c.celebration(anim::CELEBRATION / 6.0), 0.0);
    }

    #[test]
    fn the_board_is_read_on_demand() {
        // Red 4, Yellow 4 (on top), Red 5, Yellow 3.
        let mut c = Controller::with_position(reduced(), Position::from_moves("4453").unwrap());
        let e = c.command(Command::ReadBoard, 0.0);
        assert_eq!(
            announced(&e),
            [
                "Board, from the bottom row up: row 1: Yellow in column 3, Red in column 4, \
              Red in column 5; row 2: Yellow in column 4; rows 3 to 6 empty."
            ]
        );
        assert_eq!(
            c.position().moves_string(),
            "4453",
            "reading changes nothing"
        );
    }

    #[test]
    fn undo_brings_back_the_game_a_new_game_replaced() {
        let mut c = Controller::new(reduced());
        for column in [3, 3, 4] {
            drop(&mut c, column, 0.0);
        }
        let e = c.command(Command::NewGame, 0.0);
        assert_eq!(c.position().move_count(), 0);
        assert_eq!(
            announced(&e).last().map(String::as_str),
            Some("New game. Red to move. Undo brings the last game back.")
        );
        assert!(c.can_undo());
        let e = c.command(Command::Undo, 0.0);
        assert_eq!(c.position().moves_string(), "445");
        assert_eq!(
            announced(&e).last().map(String::as_str),
            Some("The last game is back.")
        );
        assert!(saved(&e).unwrap().contains("moves=445"));
        // Once a move is made in the new game, the old one is gone for good.
        c.command(Command::NewGame, 0.0);
        drop(&mut c, 0, 0.0);
        c.command(Command::Undo, 0.0);
        assert_eq!(c.position().move_count(), 0);
        assert!(!c.can_undo());
        // A new game from an empty board has nothing to bring back.
        let e = c.command(Command::NewGame, 0.0);
        assert_eq!(announced(&e), ["New game. Red to move."]);
    }
}
