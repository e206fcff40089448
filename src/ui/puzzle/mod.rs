//! Puzzles: the activity of playing one of the "win in N" positions ([`set`] holds them and
//! the solved set) against a perfect defender. A puzzle plays on a [`Session`] of its own, so
//! the game in progress waits untouched; each of the player's moves is judged against the
//! analysis before it is played. This module owns the run, judges the moves, takes the
//! position's analysis, and builds its part of the mirror ([`PuzzleView`]).

pub mod set;

pub use set::{
    all, by_id, check, daily, parse, winning_columns, Puzzle, Solved, Streak, FILE, MAX_MOVES,
    MIN_MOVES,
};

use super::effect::Effect;
use super::jobs::Jobs;
use super::session::Session;
use super::settings::PlayerKind;
use super::text::Texts;
use crate::engine::{Player, WIDTH};
use crate::solver::Level;

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
    /// The player's move in `tried` did not win in time; `worked` did, which is shown
    /// only once the player asks (`shown`).
    Failed {
        tried: usize,
        worked: Vec<usize>,
        shown: bool,
    },
}

/// The puzzle panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleView {
    pub id: u32,
    /// "Puzzle 12: Red wins in 3", or once it is over, how it ended.
    pub line: String,
    pub solved: bool,
    pub failed: bool,
    /// Failed, and the answer not shown yet: "Show answer" is offered.
    pub can_show_answer: bool,
}

/// A puzzle being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRun {
    pub puzzle: Puzzle,
    pub state: PuzzleState,
    /// How many of the player's moves are left to win in.
    pub left: u32,
    /// A move the player made before the position was checked: played once it is.
    pending: Option<usize>,
    /// The puzzle's own game: the player against the perfect defender.
    session: Session,
    /// Today's puzzle: its day, and the player's streak on it.
    daily: Option<(i64, u32)>,
}

impl PuzzleRun {
    /// The puzzle `choice` names (`current` is the one open, if one is), or what to say
    /// when there is none.
    pub fn open(
        choice: PuzzleChoice,
        current: Option<u32>,
        solved: &Solved,
        t: &Texts,
    ) -> Result<PuzzleRun, String> {
        let found = match choice {
            PuzzleChoice::Daily(days) => daily(days),
            PuzzleChoice::Id(id) => by_id(id),
            PuzzleChoice::Next => {
                let all = all();
                let after = current.unwrap_or(0) as usize;
                all.iter()
                    .cycle()
                    .skip(after)
                    .take(all.len())
                    .find(|p| !solved.contains(p.id))
                    .or_else(|| all.get(after % all.len().max(1)))
            }
        };
        let Some(&puzzle) = found else {
            return Err(match choice {
                PuzzleChoice::Id(id) => t.no_such_puzzle_text(id),
                _ => t.no_such_puzzle_text(0),
            });
        };
        let mut players = [PlayerKind::Computer(Level::Perfect); 2];
        players[usize::from(puzzle.side().number() - 1)] = PlayerKind::Human;
        Ok(PuzzleRun {
            puzzle,
            state: PuzzleState::Playing,
            left: puzzle.moves,
            pending: None,
            session: Session::new(puzzle.start, players),
            daily: match choice {
                PuzzleChoice::Daily(day) => Some((day, solved.streak.on(day))),
                PuzzleChoice::Id(_) | PuzzleChoice::Next => None,
            },
        })
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The column the keyboard starts on: the most central one that can be played.
    pub fn first_column(&self) -> usize {
        [3, 2, 4, 1, 5, 0, 6]
            .into_iter()
            .find(|&c| self.puzzle.start.can_play(c))
            .unwrap_or(WIDTH / 2)
    }

    pub fn is_playing(&self) -> bool {
        self.state == PuzzleState::Playing
    }

    /// Judges the player's move in `column` before it is played: `None` if it may be
    /// played, or what to do instead: wait for the position's analysis (the move is then
    /// played once it is in), or the puzzle failed (the answer is shown if asked for).
    pub fn judge(&mut self, column: usize, jobs: &mut Jobs, t: &Texts) -> Option<Vec<Effect>> {
        let Some(scores) = jobs.analysis().cloned() else {
            self.pending = Some(column);
            return Some(Effect::changed(t.puzzle_pending_text(column)));
        };
        let played = self.session.position().move_count();
        let worked = winning_columns(&scores, played, self.left);
        if worked.contains(&column) {
            return None;
        }
        let said = t.puzzle_failed_text(column);
        self.state = PuzzleState::Failed {
            tried: column,
            worked,
            shown: false,
        };
        Some(Effect::changed(said))
    }

    /// The player asks for the answer of the puzzle they failed: the columns that won in
    /// time are said, and the first marked on the board.
    pub fn show_answer(&mut self, jobs: &mut Jobs, t: &Texts) -> Vec<Effect> {
        let PuzzleState::Failed { worked, shown, .. } = &mut self.state else {
            return Effect::say(t.puzzle_no_answer().to_owned());
        };
        *shown = true;
        if let (Some(&first), Some(scores)) = (worked.first(), jobs.analysis().cloned()) {
            jobs.set_hint(first, scores[first]);
        }
        Effect::changed(t.puzzle_answer_text(worked))
    }

    /// The position is checked: the move the player made meanwhile, to play now.
    pub fn checked(&mut self) -> Option<usize> {
        self.pending.take()
    }

    /// A move by `by` was played: one fewer is left if it was the player's.
    pub fn moved(&mut self, by: Player) {
        if by == self.puzzle.side() {
            self.left = self.left.saturating_sub(1);
        }
    }

    /// The puzzle's game just ended: solved (and counted in `solved`) if the player won.
    pub fn ended(&mut self, solved: &mut Solved) -> bool {
        let won = self.session.position().winner() == Some(self.puzzle.side());
        if won {
            self.state = PuzzleState::Solved;
            solved.insert(self.puzzle.id);
            // Today's puzzle keeps the streak going.
            if let Some((day, streak)) = &mut self.daily {
                solved.streak.solved_on(*day);
                *streak = solved.streak.on(*day);
            }
        }
        won
    }

    /// What a move on a puzzle that is over gets: Retry, or what next.
    pub fn waits(&self, t: &Texts) -> Option<String> {
        match self.state {
            PuzzleState::Playing => None,
            PuzzleState::Failed { .. } => Some(t.puzzle_retry().to_owned()),
            PuzzleState::Solved => Some(t.puzzle_done().to_owned()),
        }
    }

    /// The result line, once solved.
    pub fn result_line(&self, t: &Texts) -> Option<String> {
        (self.state == PuzzleState::Solved).then(|| t.puzzle_solved_text(&self.puzzle))
    }

    /// The puzzle's part of the mirror; `checking` while its position's analysis is not in
    /// (a move waits for it, and the line says so).
    pub fn view(&self, t: &Texts, checking: bool) -> PuzzleView {
        let line = match &self.state {
            PuzzleState::Playing if checking => match self.pending {
                Some(column) => t.puzzle_pending_text(column),
                // The check on a line of its own, under the puzzle's own line.
                None => format!(
                    "{}\n{}",
                    t.puzzle_line_text(&self.puzzle, self.left),
                    t.puzzle_checking()
                ),
            },
            PuzzleState::Playing => t.puzzle_line_text(&self.puzzle, self.left),
            // The result panel says it is solved; this says what next.
            PuzzleState::Solved => t.puzzle_next().to_owned(),
            PuzzleState::Failed {
                worked,
                shown: true,
                ..
            } => t.puzzle_answer_text(worked),
            PuzzleState::Failed { tried, .. } => t.puzzle_failed_text(*tried),
        };
        PuzzleView {
            id: self.puzzle.id,
            // Today's puzzle says the streak, on a line of its own.
            line: match self.daily {
                Some((_, streak)) => format!("{line}\n{}", t.streak_text(streak)),
                None => line,
            },
            solved: self.state == PuzzleState::Solved,
            failed: matches!(self.state, PuzzleState::Failed { .. }),
            can_show_answer: matches!(self.state, PuzzleState::Failed { shown: false, .. }),
        }
    }
}
