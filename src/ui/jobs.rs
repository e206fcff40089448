//! The computer's worker, as the view model sees it: one client state machine for every job
//! (the computer's move, pondering, a hint, the analysis, a review), with one cancel path,
//! and what the worker found out about the position shown (its analysis and the hint).

use super::effect::Effect;
use super::protocol::{Reply, Request, Scores};
use super::session::Session;
use super::settings::PlayerKind;
use super::text::{self, Texts};
use crate::engine::{Position, Size};
use crate::solver::Level;

/// What the computer's worker is doing for this game: one job at a time. Each job has an
/// `id`, and only a reply with that `id` is taken; any other is stale.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Job {
    #[default]
    Idle,
    /// Working out the computer's move.
    Move { id: u32 },
    /// Scoring every column; a hint follows from the scores when `hint` is set.
    Analysis { id: u32, hint: bool },
    /// Looking for the best columns, for a hint.
    Hint { id: u32 },
    /// Analysing every position of a game, for its review.
    Review { id: u32 },
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

/// A reply the worker's client took, for whoever asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Stale, or nothing more to do than these effects.
    Said(Vec<Effect>),
    /// The computer plays this column.
    Move(usize),
    /// The analysis of the position is in ([`Jobs::analysis`]); a hint was asked for.
    Analysis { hint: bool },
    /// The hint's columns and their score.
    Hint {
        columns: Vec<usize>,
        score: Option<i32>,
    },
    /// The review's analysis, one per position it asked about.
    Review(Vec<Option<Scores>>),
    /// The job failed, for a reason the player has not heard yet.
    Failed(String),
}

/// The worker's client.
#[derive(Debug, Clone, Default)]
pub struct Jobs {
    job: Job,
    /// The last job's id.
    last_id: u32,
    /// The analysis of the position shown, once known.
    analysis: Option<Scores>,
    /// The analysis's columns not worked out within the worker's budget (a big board's).
    unproved: Vec<usize>,
    /// The hinted column and its score (`None`: the computer's judgement, not proved).
    hint: Option<(usize, Option<i32>)>,
    /// The last position a [`Request::Ponder`] was sent for.
    pondered: Option<String>,
    /// Whether the player has heard that the opening book is missing.
    book_warned: bool,
    /// How much of the opening book has arrived (bytes, and of how many), while it comes.
    book: Option<(u32, Option<u32>)>,
    /// Whether the job waits for the book while it comes: all but the lower levels' moves.
    needs_book: bool,
    /// The worker's last failure, said once a game: a new worker that fails the same way in
    /// the same game is quiet.
    failure: Option<String>,
}

impl Jobs {
    pub fn job(&self) -> Job {
        self.job
    }

    /// The analysis of the position shown, if it is known (`None` for a full column, and for
    /// one of [`Jobs::unproved`]).
    pub fn analysis(&self) -> Option<&Scores> {
        self.analysis.as_ref()
    }

    /// The analysis's columns not worked out within the worker's budget.
    pub fn unproved(&self) -> &[usize] {
        &self.unproved
    }

    /// The hinted column and its score (`None`: not proved).
    pub fn hint(&self) -> Option<(usize, Option<i32>)> {
        self.hint
    }

    /// Marks `column` (reaching `score`) on the board, as a hint does.
    pub fn set_hint(&mut self, column: usize, score: Option<i32>) {
        self.hint = score.map(|s| (column, Some(s)));
    }

    /// How much of the opening book has arrived (bytes, and of how many if known), if the
    /// job waits for it: the perfect level, hints, analyses and reviews do.
    pub fn book_wait(&self) -> Option<(u32, Option<u32>)> {
        self.book
            .filter(|_| self.job != Job::Idle && self.needs_book)
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
        self.needs_book = request.reads_book();
        vec![Effect::Ask(request), Effect::Changed]
    }

    /// Drops the worker's job, if it has one: the one way work in progress is cancelled.
    pub fn cancel(&mut self) -> Vec<Effect> {
        let busy = self.job != Job::Idle;
        self.job = Job::Idle;
        if busy {
            vec![Effect::CancelComputer]
        } else {
            Vec::new()
        }
    }

    /// The position changed: what was known about the old one is void.
    pub fn forget(&mut self) {
        self.analysis = None;
        self.unproved.clear();
        self.hint = None;
    }

    /// A new game starts: a failure of the worker is said again in it.
    pub fn new_game(&mut self) {
        self.failure = None;
    }

    /// The position is replaced: the job is dropped (and what the board still has queued at
    /// the worker), so the next position is pondered again.
    pub fn reset(&mut self) -> Vec<Effect> {
        self.pondered = None;
        self.forget();
        self.cancel()
    }

    /// Takes the worker's reply. A reply to a job that is no longer wanted (its `id` is not
    /// the current job's) changes nothing.
    pub fn accept(&mut self, reply: Reply, texts: &Texts) -> Answer {
        match reply {
            Reply::Book { loaded, total } => {
                self.book = Some((loaded, total));
                Answer::Said(vec![Effect::Changed])
            }
            Reply::Ready { warning } => {
                let waited = self.book.take().is_some();
                match warning {
                    // A later worker (the page's went away and came back) says it again:
                    // say it once.
                    Some(reason) if !self.book_warned => {
                        self.book_warned = true;
                        Answer::Said(vec![
                            Effect::Announce(texts.no_book().to_owned()),
                            Effect::Warn(reason.clone()),
                            Effect::Event(super::event::Event::Error {
                                code: "book",
                                message: reason,
                            }),
                            Effect::Changed,
                        ])
                    }
                    _ if waited => Answer::Said(vec![Effect::Changed]),
                    _ => Answer::Said(Vec::new()),
                }
            }
            Reply::Move { id, column } if self.job == (Job::Move { id }) => {
                self.job = Job::Idle;
                self.failure = None;
                Answer::Move(usize::from(column))
            }
            Reply::Analysis {
                id,
                scores,
                unproved,
            } => match self.job {
                Job::Analysis { id: want, hint } if want == id => {
                    self.job = Job::Idle;
                    self.analysis = Some(scores);
                    self.unproved.clear();
                    for column in unproved {
                        self.unproved.push(usize::from(column));
                    }
                    Answer::Analysis { hint }
                }
                _ => Answer::Said(Vec::new()),
            },
            Reply::Review { id, scores } if self.job == (Job::Review { id }) => {
                self.job = Job::Idle;
                Answer::Review(scores)
            }
            Reply::Hint { id, score, columns } if self.job == (Job::Hint { id }) => {
                self.job = Job::Idle;
                let mut wide = Vec::new();
                for column in columns {
                    wide.push(usize::from(column));
                }
                Answer::Hint {
                    columns: wide,
                    score,
                }
            }
            Reply::Failed { id, error } if id.is_none() || id == self.job.id() => {
                self.job = Job::Idle;
                if self.failure.as_ref() == Some(&error) {
                    return Answer::Said(vec![Effect::Changed]);
                }
                self.failure = Some(error.clone());
                Answer::Failed(error)
            }
            _ => Answer::Said(Vec::new()),
        }
    }

    /// What the worker does while `session` waits for its next move (no piece falling):
    /// the computer's move on its turn; on a person's (`human`), the analysis if it is
    /// `wanted`, and against the perfect level, pondering once per position.
    pub fn for_turn(&mut self, session: &Session, human: bool, wanted: bool) -> Vec<Effect> {
        let position = session.position();
        let mut effects = Vec::new();
        if position.is_over() {
            return effects;
        }
        if let (PlayerKind::Computer(level), false) = (session.to_move(), self.is_thinking()) {
            effects.extend(self.ask_move(position, level));
        }
        if wanted && human {
            effects.extend(self.ask_analysis(position));
        }
        if human && session.opponent() == PlayerKind::Computer(Level::Perfect) {
            effects.extend(self.ponder(position));
        }
        effects
    }

    /// Asks for the computer's move at `level` in `position`.
    pub fn ask_move(&mut self, position: &Position, level: Level) -> Vec<Effect> {
        let (board, moves) = (position.size().into(), position.moves_string());
        self.start(|id| {
            let request = Request::BestMove {
                id,
                board,
                moves,
                level,
            };
            (Job::Move { id }, request)
        })
    }

    /// Asks for the analysis of `position` unless it is known or on its way.
    pub fn ask_analysis(&mut self, position: &Position) -> Vec<Effect> {
        if self.analysis.is_some() || position.is_over() {
            return Vec::new();
        }
        let hint = match self.job {
            Job::Analysis { .. } | Job::Review { .. } => return Vec::new(),
            Job::Hint { .. } => true,
            Job::Idle | Job::Move { .. } => false,
        };
        let (board, moves) = (position.size().into(), position.moves_string());
        self.start(|id| {
            let request = Request::Analyze { id, board, moves };
            (Job::Analysis { id, hint }, request)
        })
    }

    /// Asks for the analysis of every position of a game on a board of `size`, under
    /// review.
    pub fn ask_review(&mut self, size: Size, positions: Vec<String>) -> Vec<Effect> {
        let board = size.into();
        self.start(|id| {
            let request = Request::Review {
                id,
                board,
                positions,
            };
            (Job::Review { id }, request)
        })
    }

    /// Lets the worker think about `position` on the player's time, once per position.
    pub fn ponder(&mut self, position: &Position) -> Vec<Effect> {
        let moves = position.moves_string();
        if self.pondered.as_ref() == Some(&moves) {
            return Vec::new();
        }
        self.pondered = Some(moves.clone());
        let board = position.size().into();
        vec![Effect::Ask(Request::Ponder { board, moves })]
    }

    /// A person to move in `position` asks which move is best: said again if known, worked
    /// out from the analysis if that is known, or asked of the worker (with the analysis, if
    /// it is wanted anyway).
    pub fn ask_hint(&mut self, position: &Position, analysis: bool, t: &Texts) -> Vec<Effect> {
        if let Some((column, score)) = self.hint {
            return Effect::say(t.hint_text(column, score, position.size(), position.move_count()));
        }
        if self.analysis.is_some() {
            return self.hint_from_analysis(position, t);
        }
        let mut effects = Effect::say(t.looking_for_hint().to_owned());
        let (board, moves) = (position.size().into(), position.moves_string());
        match self.job {
            Job::Analysis { id, .. } => self.job = Job::Analysis { id, hint: true },
            Job::Hint { .. } | Job::Review { .. } => {}
            Job::Idle | Job::Move { .. } if analysis => {
                // The analysis is wanted anyway, and the hint follows from it.
                effects.extend(self.start(|id| {
                    let request = Request::Analyze { id, board, moves };
                    (Job::Analysis { id, hint: true }, request)
                }));
            }
            Job::Idle | Job::Move { .. } => effects.extend(self.ask_worker_for_hint(position)),
        }
        effects
    }

    /// Asks the worker for the hint in `position` on its own (not from an analysis).
    fn ask_worker_for_hint(&mut self, position: &Position) -> Vec<Effect> {
        let (board, moves) = (position.size().into(), position.moves_string());
        self.start(|id| (Job::Hint { id }, Request::Hint { id, board, moves }))
    }

    /// The analysis of `position` is in: the hint that follows from it if one was asked
    /// for, or the analysis said if it is `shown`.
    pub fn analysed(
        &mut self,
        hint: bool,
        shown: bool,
        position: &Position,
        t: &Texts,
    ) -> Vec<Effect> {
        match &self.analysis {
            _ if hint => self.hint_from_analysis(position, t),
            Some(scores) if shown => Effect::say(t.analysis_text(
                scores,
                &self.unproved,
                position.size(),
                position.move_count(),
            )),
            _ => Vec::new(),
        }
    }

    /// The hint in `position` that follows from the analysis, if it is known. Where some
    /// column is unproved, the best one may be among them: the hint is asked on its own,
    /// and names a column anyway.
    pub fn hint_from_analysis(&mut self, position: &Position, t: &Texts) -> Vec<Effect> {
        let Some(scores) = self.analysis.clone() else {
            return Vec::new();
        };
        if !self.unproved.is_empty() {
            let mut effects = Effect::say(t.looking_for_hint().to_owned());
            effects.extend(self.ask_worker_for_hint(position));
            return effects;
        }
        let best = text::best_columns(&scores);
        match best.first().and_then(|&c| scores[c]) {
            Some(score) => self.give_hint(&best, Some(score), position, t),
            None => Vec::new(),
        }
    }

    /// Shows and announces the hint in `position`: the most central of the `best` columns,
    /// which reach `score`; it is the one people find most natural.
    pub fn give_hint(
        &mut self,
        best: &[usize],
        score: Option<i32>,
        position: &Position,
        t: &Texts,
    ) -> Vec<Effect> {
        // The most central of the best columns on the board.
        let width = position.width() as i32;
        let Some(&column) = best
            .iter()
            .filter(|&&c| (c as i32) < width)
            .min_by_key(|&&c| (2 * c as i32 - (width - 1)).abs())
        else {
            return Vec::new();
        };
        self.hint = Some((column, score));
        let (size, moves) = (position.size(), position.move_count());
        Effect::changed(t.hint_text(column, score, size, moves))
    }
}
