//! What the controller does besides playing a game: reviewing it, solving puzzles, keeping
//! the record, and share links. The game in progress is kept aside meanwhile, and comes back
//! when the player goes back to it.

use super::{Controller, Effect, Job};
use crate::engine::{Player, Position, Status};
use crate::solver::Level;
use crate::ui::event::Event;
use crate::ui::protocol::{Request, Scores};
use crate::ui::puzzle::{self, Puzzle};
use crate::ui::review::Review;
use crate::ui::settings::{Mode, PlayerKind};
use crate::ui::share::{self, Link};
use crate::ui::stats::Finish;

/// Which puzzle to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// The day's, `days` after 1970-01-01 (the player's local date).
    Daily(i64),
    Id(u32),
    /// The next one after the one shown, or the first not yet solved.
    Next,
}

/// Where a puzzle stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleState {
    Playing,
    Solved,
    /// The player's move in `tried` did not win in time; `worked` did.
    Failed {
        tried: usize,
        worked: Vec<usize>,
    },
}

/// A puzzle being played, and the game kept aside meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRun {
    pub puzzle: Puzzle,
    pub state: PuzzleState,
    /// How many of the player's moves are left to win in.
    pub left: u32,
    /// A move the player made before the position was checked: played once it is.
    pending: Option<usize>,
    /// The game in progress when the puzzle opened.
    game: Position,
}

impl Controller {
    /// Who plays each side now: the settings' players, or in a puzzle, the player against
    /// the perfect defender; during a review nobody moves.
    pub(super) fn players(&self) -> [PlayerKind; 2] {
        if let Some(run) = &self.puzzle {
            let mut players = [PlayerKind::Computer(Level::Perfect); 2];
            players[usize::from(run.puzzle.side().number() - 1)] = PlayerKind::Human;
            return players;
        }
        if self.review.is_some() {
            return [PlayerKind::Human; 2];
        }
        self.settings.players
    }

    /// The game the player is playing: the one kept aside during a review or a puzzle.
    pub fn game(&self) -> &Position {
        match (&self.review, &self.puzzle) {
            (Some(review), _) => review.game(),
            (_, Some(run)) => &run.game,
            _ => &self.position,
        }
    }

    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        self.puzzle.as_ref()
    }

    /// What the page shows in a line of its own: a refused link, until the next game.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The share link of what is shown: the game (or the review, at the move shown), or
    /// the puzzle.
    pub fn link(&self) -> Link {
        let players = self.settings.players;
        match (&self.review, &self.puzzle) {
            (Some(review), _) => Link {
                position: *review.game(),
                players,
                view: share::View::Review(review.at()),
            },
            (_, Some(run)) => Link {
                position: run.puzzle.start,
                players,
                view: share::View::Puzzle(run.puzzle.id),
            },
            _ => Link::play(self.position, players),
        }
    }

    /// Opens what a share link shows, or says why the fragment was refused (the game then
    /// starts as it would have).
    pub fn open_link(&mut self, link: Result<Link, String>, now: f64) -> Vec<Effect> {
        let link = match link {
            Ok(link) => link,
            Err(why) => {
                let said = self.texts.link_refused_text(&why);
                self.notice = Some(said.clone());
                return vec![Effect::Announce(said), Effect::Changed];
            }
        };
        if let share::View::Puzzle(id) = link.view {
            return self.open_puzzle(PuzzleChoice::Id(id), now);
        }
        let mut effects = self.leave(now);
        effects.extend(self.set_settings(
            crate::ui::Settings {
                players: link.players,
                ..self.settings
            },
            now,
        ));
        effects.extend(self.new_game(link.position, now));
        if let share::View::Review(at) = link.view {
            effects.extend(self.open_review(Some(at), now));
        } else {
            let moves = link.position.move_count().to_string();
            let now_said = self
                .result_line()
                .unwrap_or_else(|| self.texts.turn_text(&self.position));
            let said = crate::ui::text::fill(&self.texts.link_opened, &[("n", &moves)]);
            effects.push(Effect::Announce(format!("{said} {now_said}")));
        }
        effects
    }

    /// Leaves a review or a puzzle for the game kept aside, as it was.
    pub(super) fn leave(&mut self, now: f64) -> Vec<Effect> {
        let game = match (self.review.take(), self.puzzle.take()) {
            (Some(review), _) => *review.game(),
            (_, Some(run)) => run.game,
            _ => return Vec::new(),
        };
        let mut effects = self.cancel();
        self.position = game;
        self.show_end_at_once();
        effects.push(Effect::Announce(self.texts.back_to_game.clone()));
        effects.push(Effect::Changed);
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// Shows the end of the position, if it is over, without the fade.
    fn show_end_at_once(&mut self) {
        self.win_line = self.position.win_line();
        self.finished_at = self.position.is_over().then_some(f64::NEG_INFINITY);
    }

    /// Opens the review of the game at move `at` (its end if `None`), and asks the worker
    /// to analyse it.
    pub(super) fn open_review(&mut self, at: Option<usize>, now: f64) -> Vec<Effect> {
        if self.review.is_some() {
            return self.leave(now);
        }
        let mut effects = self.leave(now);
        if self.position.move_count() == 0 {
            effects.push(Effect::Announce(self.texts.nothing_to_review.clone()));
            return effects;
        }
        effects.extend(self.cancel());
        let review = Review::new(self.position, at.unwrap_or(usize::MAX));
        let positions = review.wanted();
        let said = format!(
            "{} {}",
            self.texts.review_step_text(&review),
            self.texts.review_waiting
        );
        self.review = Some(review);
        effects.extend(self.start(|id| (Job::Review { id }, Request::Review { id, positions })));
        effects.extend(self.show_review(now, false));
        effects.push(Effect::Announce(said));
        effects
    }

    /// Shows the review's position, the newest move falling if `animate`, and says it.
    fn show_review(&mut self, now: f64, animate: bool) -> Vec<Effect> {
        let Some(review) = &self.review else {
            return Vec::new();
        };
        let position = review.position();
        let said = self.texts.review_step_text(review);
        self.fall = None;
        self.position = position;
        self.finished_at = None;
        self.win_line.clear();
        let effects = vec![Effect::Announce(said), Effect::Changed];
        match position.last_move() {
            Some(placed) if animate && !self.settings.reduced_motion => {
                let distance = f64::from(placed.row) - crate::ui::layout::AIR_ROW;
                self.fall = Some(super::Fall {
                    placed,
                    start: now,
                    distance,
                    duration: crate::ui::anim::fall_duration(distance),
                });
            }
            _ => self.show_end_at_once(),
        }
        effects
    }

    /// Steps the review to the position after `at` moves.
    pub(super) fn review_to(&mut self, at: usize, now: f64) -> Vec<Effect> {
        let Some(review) = &mut self.review else {
            return vec![Effect::Announce(self.texts.not_reviewing.clone())];
        };
        let from = review.at();
        if !review.go(at) {
            // At an end already: say where.
            return vec![Effect::Announce(self.texts.review_step_text(review))];
        }
        let forward_one = review.at() == from + 1;
        self.show_review(now, forward_one)
    }

    pub(super) fn review_by(&mut self, delta: i32, now: f64) -> Vec<Effect> {
        let at = self.review.as_ref().map_or(0, |r| r.at());
        let to = (at as i64 + i64::from(delta)).max(0) as usize;
        self.review_to(to, now)
    }

    /// The worker's analysis of the reviewed game.
    pub(super) fn review_ready(&mut self, scores: Vec<Scores>) -> Vec<Effect> {
        let Some(review) = &mut self.review else {
            return Vec::new();
        };
        match review.set_analysis(scores) {
            Ok(()) => {
                let said = self.texts.review_ready_text(review);
                vec![Effect::Announce(said), Effect::Changed]
            }
            Err(why) => self.computer_failed(why),
        }
    }

    /// Leaves the review at the position shown, to play on with the same players.
    pub(super) fn play_from_here(&mut self, now: f64) -> Vec<Effect> {
        let Some(review) = self.review.take() else {
            return vec![Effect::Announce(self.texts.not_reviewing.clone())];
        };
        let mut effects = self.cancel();
        self.position = review.position();
        self.show_end_at_once();
        self.last_game = None;
        effects.push(Effect::Announce(
            self.texts.playing_from_text(self.position.move_count()),
        ));
        effects.push(Effect::Changed);
        effects.push(Effect::Event(Event::NewGame {
            moves: self.position.moves_string(),
        }));
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// Opens a puzzle; the game in progress waits until the player goes back to it.
    pub(super) fn open_puzzle(&mut self, choice: PuzzleChoice, now: f64) -> Vec<Effect> {
        let current = self.puzzle.as_ref().map(|r| r.puzzle.id);
        let found = match choice {
            PuzzleChoice::Daily(days) => puzzle::daily(days),
            PuzzleChoice::Id(id) => puzzle::by_id(id),
            PuzzleChoice::Next => {
                let all = puzzle::all();
                let after = current.unwrap_or(0) as usize;
                all.iter()
                    .cycle()
                    .skip(after)
                    .take(all.len())
                    .find(|p| !self.solved.contains(p.id))
                    .or_else(|| all.get(after % all.len().max(1)))
            }
        };
        let Some(&puzzle) = found else {
            let said = match choice {
                PuzzleChoice::Id(id) => self.texts.no_such_puzzle_text(id),
                _ => self.texts.no_such_puzzle_text(0),
            };
            self.notice = Some(said.clone());
            return vec![Effect::Announce(said), Effect::Changed];
        };
        let game = *self.game();
        let mut effects = self.cancel();
        self.review = None;
        self.notice = None;
        self.puzzle = Some(PuzzleRun {
            puzzle,
            state: PuzzleState::Playing,
            left: puzzle.moves,
            pending: None,
            game,
        });
        self.position = puzzle.start;
        self.show_end_at_once();
        self.selected = [3, 2, 4, 1, 5, 0, 6]
            .into_iter()
            .find(|&c| puzzle.start.can_play(c))
            .unwrap_or(crate::engine::WIDTH / 2);
        effects.push(Effect::Announce(self.texts.puzzle_start_text(&puzzle)));
        effects.push(Effect::Changed);
        effects.push(self.save());
        effects.extend(self.tick(now));
        effects
    }

    /// Opens again the puzzle that was open before a reload, from its start, and says so.
    pub fn reopen_puzzle(&mut self, id: u32, now: f64) -> Vec<Effect> {
        let mut effects = self.open_puzzle(PuzzleChoice::Id(id), now);
        if self.puzzle.is_some() {
            let again =
                crate::ui::text::fill(&self.texts.puzzle_reopened, &[("id", &id.to_string())]);
            effects.push(Effect::Announce(again));
        }
        effects
    }

    /// Starts the puzzle shown again.
    pub(super) fn retry(&mut self, now: f64) -> Vec<Effect> {
        match self.puzzle.as_ref().map(|r| r.puzzle.id) {
            Some(id) => {
                // The game kept aside stays kept: open_puzzle takes it from the puzzle.
                let mut effects = self.open_puzzle(PuzzleChoice::Id(id), now);
                if let Some(run) = &self.puzzle {
                    let start = self.texts.puzzle_start_text(&run.puzzle);
                    effects.push(Effect::Announce(format!("{} {start}", self.texts.retrying)));
                }
                effects
            }
            None => vec![Effect::Announce(self.texts.no_puzzle.clone())],
        }
    }

    /// Judges the player's move in a puzzle being played, before it is played: `None` if
    /// it may be played, or what to do instead (wait, or it failed). A puzzle that is over
    /// was refused before (`refusal`: nobody is to move in it).
    pub(super) fn judge_puzzle_move(&mut self, column: usize) -> Option<Vec<Effect>> {
        let run = self.puzzle.as_ref()?;
        let Some(scores) = self.analysis else {
            if let Some(run) = &mut self.puzzle {
                run.pending = Some(column);
            }
            return Some(vec![Effect::Announce(self.texts.puzzle_checking.clone())]);
        };
        let played = self.position.move_count();
        let worked = puzzle::winning_columns(&scores, played, run.left);
        if worked.contains(&column) {
            return None;
        }
        let said = self.texts.puzzle_failed_text(column, &worked);
        if let Some(&first) = worked.first() {
            self.hint = scores[first].map(|s| (first, s));
        }
        if let Some(run) = &mut self.puzzle {
            run.state = PuzzleState::Failed {
                tried: column,
                worked,
            };
        }
        Some(vec![Effect::Announce(said), Effect::Changed])
    }

    /// The position is checked: the move the player made meanwhile is played now.
    pub(super) fn play_pending(&mut self, now: f64) -> Vec<Effect> {
        match self.puzzle.as_mut().and_then(|run| run.pending.take()) {
            Some(column) => self.drop_piece(column, now),
            None => Vec::new(),
        }
    }

    /// A move of the player's in a puzzle was played: one fewer is left.
    pub(super) fn puzzle_moved(&mut self, by: Player) {
        if let Some(run) = &mut self.puzzle {
            if by == run.puzzle.side() {
                run.left = run.left.saturating_sub(1);
            }
        }
    }

    /// The game just ended: a puzzle is solved, or a game against the computer counts in the
    /// record.
    pub(super) fn count_end(&mut self) -> Vec<Effect> {
        if let Some(run) = &mut self.puzzle {
            if self.position.winner() == Some(run.puzzle.side()) {
                run.state = PuzzleState::Solved;
                self.solved.insert(run.puzzle.id);
                return vec![self.save()];
            }
            return Vec::new();
        }
        if self.review.is_some() {
            return Vec::new();
        }
        let Some(Mode::Computer { level, person }) = self.mode() else {
            return Vec::new();
        };
        let finish = match self.position.status() {
            Status::Win(p) if p == person => Finish::Won,
            Status::Win(_) => Finish::Lost,
            Status::Draw => Finish::Drawn,
            Status::InProgress => return Vec::new(),
        };
        self.record.count(level, finish);
        vec![self.save()]
    }

    pub fn record(&self) -> &crate::ui::stats::Record {
        &self.record
    }

    pub fn solved(&self) -> &puzzle::Solved {
        &self.solved
    }

    /// Whether Reset record was pressed once, and a second press resets.
    pub fn reset_armed(&self) -> bool {
        self.reset_armed
    }

    /// The first press asks for a second; the second resets.
    pub(super) fn reset_record(&mut self) -> Vec<Effect> {
        if !self.reset_armed {
            self.reset_armed = true;
            return vec![
                Effect::Announce(self.texts.confirm_reset_said.clone()),
                Effect::Changed,
            ];
        }
        self.reset_armed = false;
        self.record = Default::default();
        vec![
            Effect::Announce(self.texts.record_reset.clone()),
            Effect::Changed,
            self.save(),
        ]
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::solver::{Book, Rng, Solver};
    use crate::ui::command::Command;
    use crate::ui::protocol::Reply;
    use crate::ui::review::Rating;
    use crate::ui::save::Saved;
    use crate::ui::Settings;

    /// The worker's part, played by the real solver: answers every request in `effects`,
    /// and the requests those answers lead to, and gives back every effect seen.
    fn serve(c: &mut Controller, solver: &mut Solver, effects: Vec<Effect>) -> Vec<Effect> {
        let mut seen = Vec::new();
        let mut queue = effects;
        let mut rng = Rng::new(7);
        while !queue.is_empty() {
            let mut next = Vec::new();
            for effect in queue {
                if let Effect::Ask(request) = &effect {
                    let reply = match request.clone() {
                        Request::BestMove { id, moves, level } => {
                            let p = Position::from_moves(&moves).unwrap();
                            let column = solver.best_move(&p, level, &mut rng).unwrap();
                            Some(Reply::Move {
                                id,
                                column: column as u8,
                            })
                        }
                        Request::Analyze { id, moves } => Some(Reply::Analysis {
                            id,
                            scores: solver
                                .analyze(&Position::from_moves(&moves).unwrap())
                                .unwrap(),
                        }),
                        Request::Review { id, positions } => Some(Reply::Review {
                            id,
                            scores: positions
                                .iter()
                                .map(|m| solver.analyze(&Position::from_moves(m).unwrap()).unwrap())
                                .collect(),
                        }),
                        _ => None,
                    };
                    if let Some(reply) = reply {
                        next.extend(c.reply(reply, 0.0));
                    }
                }
                seen.push(effect);
            }
            queue = next;
        }
        seen
    }

    fn solver() -> Solver {
        let mut solver = Solver::new(16);
        solver.set_book(Some(Book::embedded()));
        solver
    }

    fn said(effects: &[Effect]) -> String {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Announce(s) | Effect::Finished(s) => Some(s.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn saved(effects: &[Effect]) -> Option<Saved> {
        effects.iter().rev().find_map(|e| match e {
            Effect::Save(text) => Some(Saved::decode(text).unwrap()),
            _ => None,
        })
    }

    fn reduced(players: [PlayerKind; 2]) -> Settings {
        Settings {
            players,
            reduced_motion: true,
            ..Settings::default()
        }
    }

    #[test]
    fn a_review_rates_the_blunder_and_steps_and_plays_on() {
        let mut solver = solver();
        let game = Position::from_moves("17171727").unwrap();
        let mut c = Controller::with_position(reduced([PlayerKind::Human; 2]), game);
        let effects = c.command(Command::Review, 0.0);
        assert!(effects.iter().any(|e| matches!(
            e,
            Effect::Ask(Request::Review { positions, .. }) if positions.len() == 8
        )));
        assert!(said(&effects).contains("Move 8 of 8: Yellow in column 7."));
        let effects = serve(&mut c, &mut solver, effects);
        assert!(
            said(&effects).contains("Review ready:"),
            "{}",
            said(&effects)
        );
        let review = c.review().unwrap();
        assert!(review.is_ready());
        let blunder = &review.rated()[6];
        assert_eq!(blunder.rating, Rating::Mistake);
        // What the page shows: a bar per move, the blunder marked, and the table.
        let m = crate::ui::Mirror::of(&c);
        let view = m.review.expect("the review panel");
        assert_eq!((view.at, view.len, view.ready), (8, 8, true));
        assert_eq!(view.bars.len(), 8);
        assert!(view.bars[6].mistake && view.bars[6].height < 0.0);
        assert!(view.bars[7].shown && view.bars[7].height == -1.0);
        assert_eq!(view.rows[6][..3], ["7", "Red", "2"]);
        assert!(view.rows[6][3].starts_with("mistake. Column"));
        assert_eq!(view.rows[6][4], "Yellow can force a win in 1");
        assert_eq!(view.position, "8 of 8");
        assert!(m.puzzle.is_none() && !m.can_hint);
        // Stepping back to the blunder says so, and names the column that kept the win.
        let effects = c.command(Command::ReviewBy(-1), 0.0);
        let step = said(&effects);
        assert!(
            step.starts_with("Move 7 of 8: Red in column 2, mistake."),
            "{step}"
        );
        assert!(
            step.contains("kept the win") && step.contains('1'),
            "{step}"
        );
        assert!(step.contains("Yellow can force a win in 1."), "{step}");
        assert_eq!(c.position().moves_string(), "1717172");
        // The board shows the review: no move may be made on it, and undo is off.
        let effects = c.command(Command::Drop(3), 0.0);
        assert!(said(&effects).contains("This is the review"));
        assert_eq!(c.position().move_count(), 7);
        c.command(Command::Undo, 0.0);
        assert_eq!(c.position().move_count(), 7);
        // Home, End, and past the ends.
        assert!(said(&c.command(Command::ReviewTo(0), 0.0)).starts_with("Start of the game"));
        assert_eq!(c.position().move_count(), 0);
        assert!(said(&c.command(Command::ReviewBy(-1), 0.0)).starts_with("Start of the game"));
        c.command(Command::ReviewTo(usize::MAX), 0.0);
        assert_eq!(c.position().moves_string(), "17171727");
        assert!(c.finished(), "the end shows as it was");
        // Saving keeps the game, not the position shown.
        c.command(Command::ReviewTo(3), 0.0);
        let effects = c.command(Command::SetSound(false), 0.0);
        assert_eq!(saved(&effects).unwrap().position, game);
        // Play from here: the game goes on from move 3.
        let effects = c.command(Command::PlayFromHere, 0.0);
        assert!(c.review().is_none());
        assert_eq!(c.position().moves_string(), "171");
        assert_eq!(saved(&effects).unwrap().position.moves_string(), "171");
        assert!(said(&effects).contains("Playing on after move 3."));
        assert!(!c.finished());
        c.command(Command::Drop(3), 0.0);
        assert_eq!(c.position().moves_string(), "1714");
    }

    #[test]
    fn back_from_a_review_brings_the_game_back() {
        let game = Position::from_moves("4455").unwrap();
        let mut c = Controller::with_position(reduced([PlayerKind::Human; 2]), game);
        assert!(said(
            &Controller::new(reduced([PlayerKind::Human; 2])).command(Command::Review, 0.0)
        )
        .contains("no moves to review"));
        c.command(Command::Review, 0.0);
        c.command(Command::ReviewTo(1), 0.0);
        assert_eq!(c.position().move_count(), 1);
        assert_eq!(c.link().encode(), "moves=4455&review=1");
        let effects = c.command(Command::Back, 0.0);
        assert!(
            effects.contains(&Effect::CancelComputer),
            "the review's job is dropped"
        );
        assert_eq!(*c.position(), game);
        assert!(c.review().is_none());
        // R again opens it, and R in the review goes back.
        c.command(Command::Review, 0.0);
        assert!(c.review().is_some());
        c.command(Command::Review, 0.0);
        assert!(c.review().is_none());
        assert_eq!(*c.position(), game);
    }

    #[test]
    fn a_review_against_the_computer_does_not_let_it_move() {
        let game = Position::from_moves("44").unwrap();
        let players = [PlayerKind::Human, PlayerKind::Computer(Level::Hard)];
        let mut c = Controller::with_position(reduced(players), game);
        c.command(Command::Review, 0.0);
        let effects = c.command(Command::ReviewTo(1), 0.0);
        assert!(!effects
            .iter()
            .any(|e| matches!(e, Effect::Ask(Request::BestMove { .. }))));
        // Playing on from move 1 is Yellow's turn: the computer's.
        let effects = c.command(Command::PlayFromHere, 0.0);
        assert!(effects
            .iter()
            .any(|e| matches!(e, Effect::Ask(Request::BestMove { .. }))));
    }

    /// Plays the puzzle: at each turn, one of the columns the analysis says still wins in
    /// time.
    fn solve(c: &mut Controller, solver: &mut Solver) -> Vec<Effect> {
        let mut all = Vec::new();
        for _ in 0..MAX_MOVES {
            let run = c.puzzle().unwrap();
            if run.state != PuzzleState::Playing {
                break;
            }
            let scores = c
                .analysis()
                .copied()
                .expect("analysed for the player's turn");
            let worked = puzzle::winning_columns(&scores, c.position().move_count(), run.left);
            let effects = c.command(Command::Drop(worked[0]), 0.0);
            all.extend(serve(c, solver, effects));
        }
        all
    }

    const MAX_MOVES: usize = 6;

    fn worked_first(puzzle: &Puzzle, solver: &mut Solver) -> usize {
        let scores = solver.analyze(&puzzle.start).unwrap();
        puzzle::winning_columns(&scores, puzzle.start.move_count(), puzzle.moves)[0]
    }

    #[test]
    fn a_puzzle_failed_retried_and_solved() {
        let mut solver = solver();
        let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
        let game = Position::from_moves("44").unwrap();
        let mut c = Controller::with_position(reduced(players), game);
        let puzzle = *puzzle::all().iter().find(|p| p.moves == 3).unwrap();
        let effects = c.command(Command::Puzzle(PuzzleChoice::Id(puzzle.id)), 0.0);
        assert!(said(&effects).contains(&format!("Puzzle {}:", puzzle.id)));
        assert_eq!(*c.position(), puzzle.start);
        assert_eq!(c.link().encode(), format!("puzzle={}", puzzle.id));
        // A move before the analysis is in waits for it, then is judged.
        let early = worked_first(&puzzle, &mut solver);
        assert!(said(&c.command(Command::Drop(early), 0.0)).contains("being checked"));
        assert_eq!(*c.position(), puzzle.start);
        serve(&mut c, &mut solver, effects);
        let played = c.position().history()[puzzle.start.move_count()];
        assert_eq!(usize::from(played), early, "played once checked");
        c.command(Command::Retry, 0.0);
        let effects = c.command(Command::Retry, 0.0);
        serve(&mut c, &mut solver, effects);
        let scores = *c.analysis().unwrap();
        let worked = puzzle::winning_columns(&scores, puzzle.start.move_count(), 3);
        assert_eq!(worked.len(), 1, "a single winning first move");
        let wrong = (0..7)
            .find(|&col| puzzle.start.can_play(col) && col != worked[0])
            .unwrap();
        let effects = c.command(Command::Drop(wrong), 0.0);
        let failed = said(&effects);
        assert!(
            failed.contains(&format!(
                "Column {} does not win in time: column {} would have.",
                wrong + 1,
                worked[0] + 1
            )),
            "{failed}"
        );
        assert_eq!(*c.position(), puzzle.start, "the wrong move is not played");
        assert!(said(&c.command(Command::Hint, 0.0)).contains("No hints in puzzles"));
        assert_eq!(c.hint(), Some(worked[0]), "the move that worked is shown");
        assert!(said(&c.command(Command::Drop(worked[0]), 0.0)).contains("Retry"));
        // Retry, then solve it.
        let effects = c.command(Command::Retry, 0.0);
        assert_eq!(c.puzzle().unwrap().state, PuzzleState::Playing);
        serve(&mut c, &mut solver, effects);
        let effects = solve(&mut c, &mut solver);
        assert_eq!(c.puzzle().unwrap().state, PuzzleState::Solved);
        assert_eq!(c.position().winner(), Some(puzzle.side()));
        assert!(said(&effects).contains(&format!("Solved! Puzzle {}: win in 3.", puzzle.id)));
        let m = crate::ui::Mirror::of(&c);
        let view = m.puzzle.expect("the puzzle panel");
        assert!(view.solved && !view.failed);
        assert_eq!(
            m.result,
            Some(format!("Solved! Puzzle {}: win in 3.", puzzle.id))
        );
        assert_eq!(
            view.line,
            "What next: another puzzle, or back to your game."
        );
        assert!(!m.can_undo && !m.analysis_shown);
        let item = c
            .texts()
            .puzzle_item_text(&puzzle, m.solved.contains(puzzle.id));
        assert!(item.ends_with("✓ solved"), "{item}");
        assert_eq!(
            m.puzzles_solved,
            format!("1 of {} solved", puzzle::all().len())
        );
        // Remembered, with the game kept aside.
        let kept = saved(&effects).unwrap();
        assert!(kept.solved.contains(puzzle.id));
        assert_eq!(kept.position, game);
        assert_eq!(
            kept.puzzle,
            Some(puzzle.id),
            "a reload opens the puzzle again"
        );
        assert!(
            c.record().is_empty(),
            "a puzzle is not a game against the computer"
        );
        // Back to the game, as it was.
        let effects = c.command(Command::Back, 0.0);
        assert_eq!(saved(&effects).unwrap().puzzle, None);
        assert_eq!(*c.position(), game);
        assert!(c.puzzle().is_none());
        // Next opens a puzzle not yet solved.
        c.command(Command::Puzzle(PuzzleChoice::Next), 0.0);
        assert!(!c.solved().contains(c.puzzle().unwrap().puzzle.id));
        assert!(
            said(&c.command(Command::Puzzle(PuzzleChoice::Id(99_999)), 0.0))
                .contains("no puzzle 99999")
        );
    }

    #[test]
    fn the_record_counts_games_against_the_computer_per_level() {
        let mut solver = solver();
        // Red (the person) has three in column 1, Yellow in column 7.
        let start = Position::from_moves("171717").unwrap();
        let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
        let mut c = Controller::with_position(reduced(players), start);
        let effects = c.command(Command::Drop(0), 0.0);
        assert!(said(&effects).contains("You win!"));
        assert_eq!(c.record().at(Level::Easy).wins, 1);
        assert_eq!(saved(&effects).unwrap().record, *c.record());
        // Against perfect, Red blunders and Yellow wins.
        c.command(
            Command::SetPlayers([PlayerKind::Human, PlayerKind::Computer(Level::Perfect)]),
            0.0,
        );
        c.new_game(start, 0.0);
        let effects = c.command(Command::Drop(1), 0.0);
        serve(&mut c, &mut solver, effects);
        assert_eq!(c.position().winner(), Some(Player::Second));
        assert_eq!(c.record().at(Level::Perfect).losses, 1);
        assert_eq!(c.record().at(Level::Easy).games(), 1);
        // Two people: not counted.
        c.command(Command::SetPlayers([PlayerKind::Human; 2]), 0.0);
        c.new_game(start, 0.0);
        c.command(Command::Drop(0), 0.0);
        assert_eq!(c.record().tallies.iter().map(|t| t.games()).sum::<u32>(), 2);
        // Reset asks for a second press; anything else in between disarms it.
        let effects = c.command(Command::ResetRecord, 0.0);
        assert!(said(&effects).contains("again"));
        assert!(!c.record().is_empty() && c.reset_armed());
        c.command(Command::SetSound(true), 0.0);
        assert!(!c.reset_armed());
        c.command(Command::ResetRecord, 0.0);
        let effects = c.command(Command::ResetRecord, 0.0);
        assert!(c.record().is_empty());
        assert!(saved(&effects).unwrap().record.is_empty());
    }

    #[test]
    fn links_open_what_they_show_or_say_why_not() {
        let mut c = Controller::new(reduced([PlayerKind::Human; 2]));
        let effects = c.open_link(Err("moves: bad digit".into()), 0.0);
        assert!(said(&effects).contains("could not be opened (moves: bad digit)"));
        assert!(c.notice().is_some());
        assert_eq!(c.position().move_count(), 0);
        c.command(Command::Drop(3), 0.0);
        assert!(c.notice().is_none(), "the notice goes with the next move");
        let link = crate::ui::share::Link::decode("moves=4453&yellow=hard")
            .unwrap()
            .unwrap();
        let effects = c.open_link(Ok(link), 0.0);
        let opened = said(&effects);
        assert!(
            opened.ends_with("Shared game opened: 4 moves played. Red to move"),
            "{opened}"
        );
        assert_eq!(c.position().moves_string(), "4453");
        assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
        assert_eq!(c.link().encode(), "moves=4453&yellow=hard");
        let link = crate::ui::share::Link::decode("moves=4453&review=2")
            .unwrap()
            .unwrap();
        c.open_link(Ok(link), 0.0);
        assert_eq!(c.review().unwrap().at(), 2);
        assert_eq!(c.position().moves_string(), "44");
        assert_eq!(c.game().moves_string(), "4453");
        let link = crate::ui::share::Link::decode("puzzle=1").unwrap().unwrap();
        c.open_link(Ok(link), 0.0);
        assert_eq!(c.puzzle().unwrap().puzzle.id, 1);
        assert_eq!(c.game().moves_string(), "4453", "the game waits");
    }
}
