//! The worker's part, played by the real solver, for the tests that play whole games.

use super::*;
use crate::engine::Size;
use crate::solver::{Book, Rng, Solver};
use crate::ui::protocol::{Board, Reply};

/// The worker's part, played by the real solver: answers every request in `effects`,
/// and the requests those answers lead to, and gives back every effect seen. On a board
/// other than 7 x 6 a solver for its size answers, and as the worker does, an analysis, a
/// hint or a review past [`BUDGET`] positions is not known.
pub fn serve(c: &mut Controller, solver: &mut Solver, effects: Vec<Effect>) -> Vec<Effect> {
    let mut seen = Vec::new();
    let mut queue = effects;
    let mut rng = Rng::new(7);
    let mut sized: Option<Solver> = None;
    while !queue.is_empty() {
        let mut next = Vec::new();
        for effect in queue {
            if let Effect::Ask(request) = &effect {
                let reply = answer(request.clone(), solver, &mut sized, &mut rng);
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

/// The positions the test's worker searches for an exact answer off 7 x 6.
const BUDGET: u64 = 2_000_000;
/// The positions a whole review may search off 7 x 6, five analyses' worth (as in worker.js).
const REVIEW_BUDGET: u64 = 5 * BUDGET;

fn size_of(board: Board) -> Size {
    Size::new(board.columns.into(), board.rows.into()).unwrap()
}

/// The solver for `board`: the 7 x 6 one, or one for its size.
fn solver_for<'a>(
    board: Board,
    classic: &'a mut Solver,
    sized: &'a mut Option<Solver>,
) -> &'a mut Solver {
    let size = size_of(board);
    if size.is_classic() {
        return classic;
    }
    if sized.as_ref().is_none_or(|s| s.size() != size) {
        *sized = Some(Solver::try_for_size(size, 16).unwrap());
    }
    sized.as_mut().unwrap()
}

/// The reply to `request`, as the worker gives it.
fn answer(
    request: Request,
    classic: &mut Solver,
    sized: &mut Option<Solver>,
    rng: &mut Rng,
) -> Option<Reply> {
    let on = |board: Board, moves: &str| Position::from_moves_on(size_of(board), moves).unwrap();
    let budget = |board: Board| match size_of(board).is_classic() {
        true => u64::MAX,
        false => BUDGET,
    };
    Some(match request {
        Request::BestMove {
            id,
            board,
            moves,
            level,
        } => {
            let p = on(board, &moves);
            let solver = solver_for(board, classic, sized);
            let column = solver.best_move(&p, level, rng).unwrap();
            Reply::Move {
                id,
                column: column as u8,
            }
        }
        Request::Analyze { id, board, moves } => {
            let p = on(board, &moves);
            let solver = solver_for(board, classic, sized);
            // As worker.js: off 7 x 6, each column within its share of the budget.
            let found = solver.analyze_each_within(&p, budget(board)).unwrap();
            Reply::Analysis {
                id,
                scores: found.scores,
                unproved: found.unproved.iter().map(|&c| c as u8).collect(),
            }
        }
        Request::Hint { id, board, moves } => {
            let p = on(board, &moves);
            let solver = solver_for(board, classic, sized);
            match solver.analyze_within(&p, budget(board)).unwrap() {
                Some(scores) => {
                    let columns = crate::ui::text::best_columns(&scores);
                    Reply::Hint {
                        id,
                        score: scores[columns[0]],
                        columns: columns.iter().map(|&c| c as u8).collect(),
                    }
                }
                // As worker.js: not proved, the computer's (hard's) move.
                None => Reply::Hint {
                    id,
                    score: None,
                    columns: vec![solver.best_move(&p, Level::Hard, rng).unwrap() as u8],
                },
            }
        }
        Request::Review {
            id,
            board,
            positions,
        } => {
            // As worker.js: the last (quickest) positions first, each within the budget;
            // one not worked out is not known, and the earlier ones are tried while the
            // whole review's budget lasts.
            let mut left = match size_of(board).is_classic() {
                true => u64::MAX,
                false => REVIEW_BUDGET,
            };
            let mut scores = vec![None; positions.len()];
            for (i, moves) in positions.iter().enumerate().rev() {
                if left == 0 {
                    break;
                }
                let p = on(board, moves);
                let solver = solver_for(board, classic, sized);
                let start = solver.nodes();
                scores[i] = solver.analyze_within(&p, left.min(budget(board))).unwrap();
                left = left.saturating_sub(solver.nodes() - start);
            }
            Reply::Review { id, scores }
        }
        Request::Ponder { .. } => return None,
    })
}

pub fn solver() -> Solver {
    let mut solver = Solver::new(16);
    solver.set_book(Book::embedded());
    solver
}
