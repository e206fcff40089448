//! The controller: it routes a person's commands and the worker's replies to the activity
//! showing (the game, a review or a puzzle), and moves between activities. It keeps the game
//! aside while another activity shows, so going back finds it as it was. Pure: the web layer
//! passes in the time and carries out the returned [`Effect`]s.
//!
//! The rooms it routes to own their state: the game is a [`Session`], the review a
//! [`Review`], a puzzle a [`PuzzleRun`], the record [`Records`]; the worker's jobs are one
//! client ([`Jobs`]), motion one clock ([`Motion`]), the keyboard's and pointer's column a
//! [`Cursor`].

pub use self::question::Asked;
use super::activity::{Activity, Allow, Analysis, BoardKeys, Ended, Rules};
use super::command::Command;
use super::cursor::Cursor;
use super::effect::{joined, maybe, Cue, Effect};
use super::event::{Event, Refusal};
use super::jobs::{Answer, Jobs};
use super::motion::{Fall, Landing, Motion};
use super::online::Seats;
use super::played::Recent;
use super::protocol::Reply;
use super::puzzle::Solved;
use super::save::Saved;
use super::session::Session;
use super::settings::{MainChoice, Mode, ModeChoice, PlayerKind, Settings};
use super::share;
use super::stats::{Record, Records};
use super::text::Texts;
use crate::engine::{Column, Placed, Player, Position, Size};
use crate::solver::Level;

/// `players`, with a level not offered on a board of `size` replaced by the one below it.
pub(crate) fn offered(players: [PlayerKind; 2], size: Size) -> [PlayerKind; 2] {
    players.map(|kind| match kind {
        PlayerKind::Computer(Level::Perfect) if !Level::Perfect.offered_on(size) => {
            PlayerKind::Computer(Level::Hard)
        }
        kind => kind,
    })
}

#[derive(Debug, Clone)]
pub struct Controller {
    settings: Settings,
    /// What the game says, and a count of its changes (so a view can tell new texts cheaply).
    texts: Texts,
    texts_version: u32,
    /// The game, kept as it is while a review or a puzzle shows.
    game: Session,
    activity: Activity,
    /// Counts the activities opened.
    opened: u32,
    motion: Motion,
    jobs: Jobs,
    cursor: Cursor,
    /// The level and colour the main choice shows.
    main: MainChoice,
    records: Records,
    /// The person's recent online games.
    played: Recent,
    solved: Solved,
    /// A line shown until the next game: why a link or a puzzle could not be opened.
    notice: Option<String>,
    /// The position the host last heard of in `c4-change`; `None` before the first.
    host_heard: Option<Position>,
    /// A new board size or new players asked for while a game was in progress: it waits
    /// for the player to confirm that it replaces the game.
    asked: Option<Asked>,
    /// The players the person chose, while a level they chose is not offered on this board
    /// and the one below it plays: a board that offers it brings it back.
    wanted: Option<[PlayerKind; 2]>,
    /// Online play: whether the page has a game server, and the seats' secrets it keeps.
    seats: Seats,
}

impl Controller {
    pub fn new(settings: Settings) -> Controller {
        Controller::with_position(settings, Position::new())
    }

    /// A controller whose game starts from `position` (a game in progress or over).
    pub fn with_position(settings: Settings, position: Position) -> Controller {
        let chosen = settings.players;
        let settings = Settings {
            players: offered(chosen, position.size()),
            ..settings
        };
        Controller {
            motion: Motion::at_rest(&position, settings.reduced_motion),
            game: Session::new(position, settings.players),
            settings,
            texts: Texts::default(),
            texts_version: 0,
            activity: Activity::default(),
            opened: 0,
            jobs: Jobs::default(),
            cursor: Cursor::new(position.size()),
            main: MainChoice::default(),
            records: Records::default(),
            played: Recent::default(),
            solved: Solved::default(),
            notice: None,
            host_heard: None,
            asked: None,
            wanted: (chosen != settings.players).then_some(chosen),
            seats: Seats::default(),
        }
    }

    /// Takes the record, the recent online games and the solved puzzles a saved game kept,
    /// and whether its game was played with help.
    pub fn set_kept(&mut self, record: Record, played: Recent, solved: Solved, helped: bool) {
        self.records = Records::new(record);
        self.played = played;
        self.solved = solved;
        if helped {
            self.game.help();
        }
    }

    /// Carries out a person's command at time `now`.
    pub fn command(&mut self, command: Command, now: f64) -> Vec<Effect> {
        if !matches!(
            command,
            Command::ResetRecord | Command::Hover(_) | Command::FocusBoard(_)
        ) {
            self.records.disarm();
        }
        if !matches!(
            command,
            Command::SetSize(_)
                | Command::Choose(_)
                | Command::Confirm(_)
                | Command::Hover(_)
                | Command::FocusBoard(_)
        ) && self.asked.take().is_some()
        {
            // Anything else a person does answers the question: the game goes on.
            let kept = Effect::changed(self.texts.size_kept().to_owned());
            return joined(kept, self.route(command, now));
        }
        self.route(command, now)
    }

    /// Carries out `command` in the room showing.
    fn route(&mut self, command: Command, now: f64) -> Vec<Effect> {
        match command {
            Command::Drop(column) => self.drop_piece(column, now),
            Command::SelectBy(_) if self.rules().board_keys == BoardKeys::Step => {
                self.step_by_board(command, now)
            }
            Command::Select(_)
            | Command::SelectBy(_)
            | Command::Hover(_)
            | Command::FocusBoard(_) => self.cursor.update(command),
            Command::Undo => self.undo(now),
            Command::NewGame => {
                // A new game replaces the one kept aside during a review or a puzzle; a
                // person's can be taken back, so a stray N loses nothing.
                let closing = self.show_game().unwrap_or_default();
                let start = Position::empty(self.game.position().size());
                let said = match self.game.position().move_count() {
                    0 => self.texts.new_game_text(start.current_player()),
                    _ => self.texts.new_game_undoable_text(start.current_player()),
                };
                joined(closing, self.start_game(start, true, said, now))
            }
            Command::Resign => self.ask_first(Asked::Resign, now),
            Command::Hint => self.request_hint(),
            Command::Online(play) => self.online_command(play, now),
            Command::SetPlayers(players) => self.set(|s| s.players = players, now),
            Command::SetReducedMotion(on) => self.set(|s| s.reduced_motion = on, now),
            Command::SetAnalysis(on) => self.set(|s| s.show_analysis = on, now),
            Command::SetSound(on) => self.set(|s| s.sound = on, now),
            Command::Choose(choice) => self.choose(choice, now),
            Command::ReadBoard => Effect::say(self.texts.board_text(self.position())),
            Command::Review => self.open_review(None, now),
            Command::ReviewTo(_) | Command::ReviewBy(_) => self.step_review(command, now),
            Command::PlayFromHere => self.play_from_here(now),
            Command::Back => self.ask_first(Asked::Leave, now),
            Command::Puzzle(choice) => self.open_puzzle(choice, now),
            Command::Retry => self.retry(now),
            Command::ShowAnswer => self.show_answer(),
            Command::SetSize(size) => self.set_size(size, now),
            Command::Confirm(confirmed) => self.confirm(confirmed, now),
            Command::ResetRecord => {
                let size = self.game.position().size();
                let (effects, changed) = self.records.reset(size, &self.texts);
                joined(effects, maybe(changed.then(|| self.save())))
            }
            Command::ReviewPlayed(i) => self.open_played(i, now),
            Command::CopyLink => vec![self.copy_link()],
            Command::LinkCopied(copied) => self.news(share::copied(copied, &self.texts)),
        }
    }

    /// Takes the worker's reply at time `now`.
    pub fn reply(&mut self, reply: Reply, now: f64) -> Vec<Effect> {
        match self.jobs.accept(reply, &self.texts) {
            Answer::Said(effects) => effects,
            Answer::Move(column) => match self.session_mut().map(|s| s.try_play(column)) {
                Some(Ok(placed)) => self.placed(placed, now),
                Some(Err(e)) => Effect::failed(&self.texts, &e.to_string()),
                None => Vec::new(),
            },
            Answer::Analysis { hint } => {
                let mut effects = vec![Effect::Changed];
                // A puzzle's move made before the position was checked is played now.
                if let Some(column) = self.activity.checked() {
                    effects.extend(self.drop_piece(column, now));
                }
                let (position, shown) = (*self.position(), self.analysis_shown());
                if shown || hint {
                    self.helped();
                }
                effects.extend(self.jobs.analysed(hint, shown, &position, &self.texts));
                effects
            }
            Answer::Review(scores) => self.activity.rated(scores, &self.texts),
            Answer::Hint { columns, score } => {
                self.helped();
                let position = *self.position();
                let hint = self.jobs.give_hint(&columns, score, &position, &self.texts);
                joined(vec![Effect::Changed], hint)
            }
            Answer::Failed(error) => Effect::failed(&self.texts, &error),
        }
    }

    /// The game against the computer on the board had help: the record counts it apart.
    pub fn helped_against_computer(&self) -> bool {
        self.rules().record
            && self.game.helped()
            && matches!(self.mode(), Some(Mode::Computer { .. }))
    }

    /// A person has had help (a hint, or the analysis) in the game: the record counts it
    /// apart. Puzzles are not counted.
    fn helped(&mut self) {
        if self.rules().record && self.game.human_to_move() {
            self.game.help();
        }
    }

    /// The game being played on the board: the game's, or a puzzle's; none in a review.
    fn session(&self) -> Option<&Session> {
        self.activity.session(&self.game)
    }

    fn session_mut(&mut self) -> Option<&mut Session> {
        self.activity.session_mut(&mut self.game)
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.activity.position(&self.game)
    }

    /// The game the player is playing: the one kept aside during a review or a puzzle.
    pub fn game(&self) -> &Position {
        self.game.position()
    }

    /// What the activity showing allows, and how the page shows it.
    pub fn rules(&self) -> &'static Rules {
        self.activity.rules()
    }

    /// The activity showing: its views come from it.
    pub fn activity(&self) -> &Activity {
        &self.activity
    }

    /// Changes each time an activity opens (another puzzle included), so that the page
    /// can move the focus to it.
    pub fn activities_opened(&self) -> u32 {
        self.opened
    }

    pub fn records(&self) -> &Records {
        &self.records
    }

    pub fn solved(&self) -> &Solved {
        &self.solved
    }

    /// What the page shows in a line of its own: a refused link, until the next game.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

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

    pub fn settings(&self) -> Settings {
        self.settings
    }

    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    /// The hinted column.
    pub fn hint(&self) -> Option<usize> {
        self.jobs.hint().map(|(column, _)| column)
    }

    pub fn motion(&self) -> &Motion {
        &self.motion
    }

    /// The analysis labels show: the setting is on, and the activity shows them.
    pub fn analysis_shown(&self) -> bool {
        self.settings.show_analysis && self.rules().analysis == Analysis::Shown
    }

    /// Whether a person may drop a piece now (it is a human's turn and the game is on).
    pub fn human_to_move(&self) -> bool {
        self.activity.open_for_moves() && self.session().is_some_and(Session::human_to_move)
    }

    /// Whether undo would do something, in the game.
    pub fn can_undo(&self) -> bool {
        self.rules().undo == Allow::Yes && self.game.can_undo()
    }

    /// Whether a person may ask for a hint now.
    pub fn can_hint(&self) -> bool {
        self.rules().hint == Allow::Yes && self.human_to_move()
    }

    /// The main choice as it stands: two people, or one against the computer; `None` for two
    /// computers.
    pub fn mode(&self) -> Option<Mode> {
        Mode::of(self.settings.players)
    }

    /// The level and colour the main choice shows: those asked for, while they wait.
    pub fn shown_choice(&self) -> (Level, Player) {
        self.main.shown(self.chosen_players())
    }

    /// The result as the players hear it, once the game is over.
    pub fn result_line(&self) -> Option<String> {
        self.activity.result_line(&self.texts).unwrap_or_else(|| {
            self.texts
                .outcome_line(self.position().status(), self.settings.players)
        })
    }

    /// Shows `said` in the notice line until the next game, and says it.
    fn notify(&mut self, said: String) -> Vec<Effect> {
        self.notice = Some(said.clone());
        Effect::changed(said)
    }

    /// A choice of opponent, level or colour. The game goes on with the new players, unless
    /// it is over: then a new one starts. Where the computer would take over a side a
    /// person played in a game in progress, the player is asked first
    /// ([`Controller::confirm`]).
    fn choose(&mut self, choice: ModeChoice, now: f64) -> Vec<Effect> {
        let players = self.main.choose(choice, self.chosen_players());
        let (asked, mut effects) = self.ask_players(players);
        if asked {
            return effects;
        }
        effects.extend(self.leave(now));
        effects.extend(self.set(|s| s.players = players, now));
        if self.game.position().is_over() {
            let size = self.game.position().size();
            effects.extend(self.new_game(Position::empty(size), now));
        }
        effects
    }

    /// What is remembered across reloads, now.
    fn save(&self) -> Effect {
        Effect::Save(
            Saved {
                position: *self.game.position(),
                settings: self.settings,
                record: *self.records.record(),
                helped: self.game.helped(),
                solved: self.solved.clone(),
                puzzle: self.activity.kept_puzzle(),
                online: self.activity.kept_online(),
                played: self.played.clone(),
            }
            .encode(),
        )
    }

    /// `cue`, if the sound is on.
    fn sound(&self, cue: Cue) -> Option<Effect> {
        self.settings.sound.then_some(Effect::Sound(cue))
    }

    /// A person asks which move is best.
    fn request_hint(&mut self) -> Vec<Effect> {
        let said = if let Allow::No(why) = self.rules().hint {
            why.text(&self.texts)
        } else if self.position().is_over() {
            self.texts.no_hint_game_over()
        } else if !self.human_to_move() {
            self.texts.wait_for_computer()
        } else {
            let analysis = self.settings.show_analysis;
            return self
                .jobs
                .ask_hint(self.game.position(), analysis, &self.texts);
        };
        Effect::say(said.to_owned())
    }

    /// A person asks to drop a piece in `column`.
    fn drop_piece(&mut self, column: usize, now: f64) -> Vec<Effect> {
        let on_board = column < self.position().width();
        let Some(column) = Column::new(column).filter(|_| on_board) else {
            return Effect::say(self.texts.no_such_column_text(column));
        };
        self.cursor.select(column.index());
        match self.person_plays(column.index(), now) {
            Ok((effects, _)) | Err((effects, _)) => effects,
        }
    }

    /// A person's move in `index`: played, or refused (said, and told to the host), or held
    /// back by a puzzle (to wait for its check, or because it fails).
    fn person_plays(
        &mut self,
        index: usize,
        now: f64,
    ) -> Result<(Vec<Effect>, Placed), (Vec<Effect>, Refusal)> {
        if let Some(reason) = self.refusal(index) {
            return Err((self.refuse(index, reason), reason));
        }
        let with = match self.activity.judge(index, &mut self.jobs, &self.texts) {
            Ok(with) => with,
            Err(effects) => return Err((effects, Refusal::Busy)),
        };
        // Not refused: a session is on the board, the column is not full, the game goes on.
        let Some(placed) = self.session_mut().map(|s| s.play(index)) else {
            return Err((Vec::new(), Refusal::Busy));
        };
        self.cursor.select(index);
        Ok((joined(self.placed(placed, now), with), placed))
    }

    /// Why a person's move in `column` would be refused now, if it would.
    fn refusal(&self, column: usize) -> Option<Refusal> {
        if self.rules().moves != Allow::Yes {
            Some(Refusal::Busy)
        } else if self.position().is_over() {
            Some(Refusal::Over)
        } else if !self.human_to_move() {
            // A move made while a piece falls counts at once; its piece falls next.
            Some(Refusal::Busy)
        } else if !self.position().can_play(column) {
            Some(Refusal::Full)
        } else {
            None
        }
    }

    /// Says why the move in `column` is refused, and tells the host.
    fn refuse(&self, column: usize, reason: Refusal) -> Vec<Effect> {
        let t = &self.texts;
        // A puzzle that is over waits for Retry or the next one.
        let message = match (self.rules().moves, self.activity.waits(t), reason) {
            (Allow::No(why), ..) => why.text(t).to_owned(),
            (_, Some(waits), _) => waits,
            (_, _, Refusal::Over) => t.game_over().to_owned(),
            (_, _, Refusal::Busy) => t.wait_for_computer().to_owned(),
            (_, _, Refusal::Full) => t.full_text(column),
        };
        vec![
            Effect::Announce(message),
            Effect::Event(Event::Refused {
                board: self.position().size().into(),
                column,
                reason,
            }),
        ]
    }

    /// A piece was just played: it falls from above the board, and the worker's job on the
    /// old position is dropped.
    fn placed(&mut self, placed: Placed, now: f64) -> Vec<Effect> {
        self.jobs.forget();
        self.notice = None;
        self.activity.moved(placed.player);
        let mut effects = self.jobs.cancel();
        let kind = |player| {
            self.session()
                .map_or(PlayerKind::Human, |s| s.player(player))
        };
        let by = kind(placed.player);
        // Against a person, the computer's moves are said to be the computer's.
        let computer = by != PlayerKind::Human && kind(placed.player.other()) == PlayerKind::Human;
        effects.extend(
            Event::for_move(self.position(), placed, by)
                .into_iter()
                .map(Effect::Event),
        );
        let instant = self.motion.drop(placed, now);
        let rows = self.position().rows();
        effects.push(Effect::Announce(
            self.texts.move_text(placed, rows, computer),
        ));
        effects.push(Effect::Changed);
        if self.rules().saves_moves {
            effects.push(self.save());
        }
        if instant {
            effects.extend(self.tick(now));
        }
        effects
    }

    /// Advances the timeline. Call it every animation frame while [`Controller::is_animating`].
    pub fn tick(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = Vec::new();
        match self.motion.land(now) {
            Landing::Falling => return effects,
            Landing::Still => {}
            Landing::Landed(fall) => {
                effects.push(Effect::Changed);
                effects.extend(self.sound(Cue::Land));
                if self.motion.fall().is_some() {
                    // The next piece is on its way: the board is not at rest yet.
                    return effects;
                }
                if self.position().is_over() {
                    effects.extend(self.ended(fall, now));
                    return effects;
                }
            }
        }
        // No piece is falling now: whoever is to move in the game on the board gets the
        // worker's help (a puzzle judges each of the player's moves by the analysis).
        let human = self.human_to_move();
        let analysis = match self.rules().analysis {
            Analysis::Shown => self.settings.show_analysis,
            Analysis::Judges => true,
            Analysis::Off => false,
        };
        if let Some(session) = self.activity.session(&self.game) {
            effects.extend(self.jobs.for_turn(session, human, analysis));
        }
        effects
    }

    /// The last piece of a game has landed: its end shows, counts and is said. A review
    /// stepping onto the end shows it, but nothing has just ended.
    fn ended(&mut self, fall: Fall, now: f64) -> Vec<Effect> {
        let position = *self.position();
        let mode = self.mode();
        self.motion.end(&position, now);
        let counted = match self.activity.ended(&mut self.solved) {
            Ended::Shown => return Vec::new(),
            Ended::Counted(counted) => counted,
            Ended::Game => {
                let helped = self.game.helped();
                let size = position.size();
                self.records.count(size, mode, position.status(), helped)
            }
        };
        // The record and the puzzle's state first: the result line reads them.
        let mut effects = maybe(counted.then(|| self.save()));
        let result = self.result_line().unwrap_or_default();
        let rows = self.position().rows();
        let four = self
            .texts
            .four_text(self.motion.win_line(), fall.placed, rows);
        let mut said = four.map_or(result.clone(), |four| format!("{result} {four}"));
        if counted && self.helped_against_computer() {
            said = format!("{said} {}", self.texts.counted_helped());
        }
        effects.push(Effect::Finished(said));
        effects.extend(self.sound(Cue::end(position.status(), mode)));
        effects
    }

    /// Stops what is under way (a fall, the end display, the worker's job) before the
    /// position is replaced.
    fn cancel(&mut self) -> Vec<Effect> {
        self.motion.stop();
        self.jobs.reset()
    }

    /// Takes back the last move; against the computer, also its reply, so that it is a
    /// person's turn again.
    fn undo(&mut self, now: f64) -> Vec<Effect> {
        if let Allow::No(why) = self.rules().undo {
            return Effect::say(why.text(&self.texts).to_owned());
        }
        if self.game.position().move_count() == 0 {
            if let Some((last, helped)) = self.game.take_replaced() {
                let mut effects = self.new_game(last, now);
                // It comes back as it was: with its help, if it had any.
                if helped {
                    self.game.help();
                    effects.push(self.save());
                }
                effects.push(Effect::Announce(self.texts.brought_back().to_owned()));
                effects.push(self.undone(&[]));
                return effects;
            }
        }
        let mut effects = self.cancel();
        let undone = self.game.undo();
        let said = match undone.is_empty() {
            true => self.texts.nothing_to_undo().to_owned(),
            false => self.texts.undid_text(&undone),
        };
        effects.extend(self.settle(said, None, now));
        if !undone.is_empty() {
            effects.push(self.undone(&undone));
        }
        effects
    }

    /// A new game from `position` (the empty board, or a start the host chose).
    pub fn new_game(&mut self, position: Position, now: f64) -> Vec<Effect> {
        let closing = self.show_game().unwrap_or_default();
        let said = self.texts.new_game_text(position.current_player());
        joined(closing, self.start_game(position, false, said, now))
    }

    /// The game starts again from `position` (a person's new game, `undoable`, can be
    /// taken back), announced with `said`.
    fn start_game(
        &mut self,
        position: Position,
        undoable: bool,
        said: String,
        now: f64,
    ) -> Vec<Effect> {
        let mut effects = self.cancel();
        self.jobs.new_game();
        self.game.restart(position, undoable);
        self.motion.show(&position);
        self.cursor.fit(position.size());
        self.cursor.select(position.size().centre());
        self.notice = None;
        effects.extend(self.settle(said, Some(position), now));
        effects
    }

    /// The board shows a new position, at rest: say `said`, show it, tell the host if a new
    /// game starts there (`start`), save, and let whoever is to move play.
    fn settle(&mut self, said: String, start: Option<Position>, now: f64) -> Vec<Effect> {
        let mut effects = vec![Effect::Announce(said), Effect::Changed];
        if let Some(start) = start {
            effects.push(Effect::Event(Event::NewGame {
                board: start.size().into(),
                moves: start.moves_string(),
            }));
            // A game that starts finished has ended, for the host as for the players.
            effects.extend(Event::end(&start).map(Effect::Event));
        }
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// Changes one setting with `change`.
    fn set(&mut self, change: impl FnOnce(&mut Settings), now: f64) -> Vec<Effect> {
        let mut settings = self.settings;
        change(&mut settings);
        self.set_settings(settings, now)
    }

    /// New settings; the game goes on. A level not offered on the game's board is played
    /// at the one below it, and the player is told why.
    pub fn set_settings(&mut self, settings: Settings, now: f64) -> Vec<Effect> {
        let size = self.game.position().size();
        let players = offered(settings.players, size);
        let mut said = Vec::new();
        if players != settings.players {
            self.wanted = Some(settings.players);
            said.push(Effect::Announce(
                self.texts.with_size(self.texts.perfect_replaced(), size),
            ));
        } else if settings.players != self.settings.players {
            self.wanted = None;
        }
        let settings = Settings {
            players,
            ..settings
        };
        // The same settings again (a radio's click and change both say it): nothing to do.
        if settings == self.settings {
            return said;
        }
        let players_changed = settings.players != self.settings.players;
        let analysis_on = settings.show_analysis && !self.settings.show_analysis;
        self.settings = settings;
        self.game.set_players(settings.players);
        self.motion.set_reduced(settings.reduced_motion);
        let mut effects = said;
        effects.extend([Effect::Changed, self.save()]);
        if players_changed {
            // Keep the game; only what was being worked out for it is dropped.
            self.jobs.forget();
            effects.extend(self.jobs.cancel());
            effects.extend(self.tick(now));
        } else if analysis_on {
            if let Some(scores) = self.jobs.analysis() {
                let p = self.position();
                let unproved = self.jobs.unproved();
                let said = self
                    .texts
                    .analysis_text(scores, unproved, p.size(), p.move_count());
                effects.push(Effect::Announce(said));
            } else if self.motion.fall().is_none() && self.human_to_move() {
                let position = *self.position();
                effects.extend(self.jobs.ask_analysis(&position));
            }
        }
        effects
    }
}

mod activities;
mod host;
mod links;
mod online;
mod question;
#[cfg(test)]
mod tests;
