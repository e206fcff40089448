//! Pascal Pons' score of a position, and what it says: who wins, and when.

use crate::engine::{Size, CELLS};
use std::fmt;

/// Each side's stones in a full game: 21.
const STONES: i32 = (CELLS / 2) as i32;

/// The exact value of a position for the **side to move**, both sides playing perfectly (the
/// winner as fast as it can, the loser as slowly), in Pascal Pons' convention:
///
/// - `0`: a draw;
/// - `s > 0`: the side to move wins with its `(22 - s)`-th stone (`1`: with its last, 21st
///   stone; `18`: with its 4th, the fastest possible);
/// - `s < 0`: the side to move loses: the opponent wins with its `(22 + s)`-th stone.
///
/// So a higher score is better for the side to move, and the score of a move is minus the
/// score of the position it leads to. Scores of real positions lie in `-18..=18`. The solver
/// returns plain `i32`s (as the JS API does); this type reads them. [`Score::outcome`] says
/// how many moves from now the game is won or lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

/// Where a [`Score`] leads from a given position, counted in the moves of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins with its `n`-th move from now (`Win(1)`: this move).
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The opponent wins with its `n`-th move from now (`Loss(1)`: its next move).
    Loss(u32),
}

impl Score {
    /// A draw: 0.
    pub const DRAW: Score = Score(0);

    /// The score with this value (see the convention on [`Score`]).
    pub const fn new(value: i32) -> Score {
        Score(value)
    }

    /// The plain number, as the solver and the JS API give it.
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Winning with the side to move's `stone`-th stone (1 to 21): `22 - stone`.
    pub const fn win_with_stone(stone: u32) -> Score {
        Score(STONES + 1 - stone as i32)
    }

    /// Losing to the opponent's `stone`-th stone (1 to 21): `stone - 22`.
    pub const fn loss_to_stone(stone: u32) -> Score {
        Score(stone as i32 - (STONES + 1))
    }

    /// The score of winning with the very next stone, after `moves_played` moves: the best
    /// score a position with that many moves can have, `(43 - moves_played) / 2`.
    pub const fn win_next(moves_played: usize) -> Score {
        // The side to move has played moves_played / 2 stones: the next is one more.
        Score::win_with_stone((moves_played / 2) as u32 + 1)
    }

    pub const fn is_win(self) -> bool {
        self.0 > 0
    }

    pub const fn is_draw(self) -> bool {
        self.0 == 0
    }

    pub const fn is_loss(self) -> bool {
        self.0 < 0
    }

    /// Who wins, and with which of their moves counted from now, for the side to move in a
    /// position with `moves_played` moves played: `Win(n)`, the side to move wins with its
    /// `n`-th move from now; `Loss(n)`, the opponent wins with its `n`-th move from now.
    ///
    /// The side to move has played `moves_played / 2` stones, the opponent
    /// `moves_played.div_ceil(2)`. `n` is at least 1 for every score such a position can
    /// have (0 for a score it cannot).
    pub fn outcome(self, moves_played: usize) -> Outcome {
        self.outcome_on(Size::CLASSIC, moves_played)
    }

    /// [`Score::outcome`] on a board of `size`, where winning with the move after `n`
    /// moves scores `(cells + 1 - n) / 2`: the move a score stands for is the one of the
    /// two with that score that the winner makes (moves alternate, so its parity is known).
    pub fn outcome_on(self, size: Size, moves_played: usize) -> Outcome {
        let cells = size.cells() as i32;
        let n = moves_played.min(size.cells()) as i32;
        // The winning move's index (moves played before it), of the parity of `first`, the
        // winner's first move from now; then which of the winner's moves from now it is.
        let from_now = |score: i32, first: i32| {
            let mut at = cells - 2 * score;
            if (at - first) % 2 != 0 {
                at += 1;
            }
            ((at - first) / 2 + 1).max(0) as u32
        };
        match self.0 {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win(from_now(s, n)),
            s => Outcome::Loss(from_now(-s, n + 1)),
        }
    }
}

impl From<i32> for Score {
    fn from(value: i32) -> Score {
        Score(value)
    }
}

impl From<Score> for i32 {
    fn from(score: Score) -> i32 {
        score.0
    }
}

/// The plain number, e.g. `18` or `-3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Status};
    use crate::solver::Solver;

    /// The examples `outcome_text` (src/ui/text.rs) is tested with, as outcomes.
    #[test]
    fn outcomes_count_moves_from_now() {
        // Empty board: the first player wins with its 21st stone (score 1): 21 moves from now.
        assert_eq!(Score::new(1).outcome(0), Outcome::Win(21));
        // Pons' example: "4455" scores 18 for Red, who wins with its 4th stone, its 2nd from now.
        assert_eq!(Score::new(18).outcome(4), Outcome::Win(2));
        // A move that wins at once, after 6 moves: score (43 - 6) / 2 = 18, the next move.
        assert_eq!(Score::new(18).outcome(6), Outcome::Win(1));
        // Pons' example "44455554221" scores -15 for the mover, Yellow (5 stones played):
        // Red (6 stones) wins with its 7th stone, its first from now.
        assert_eq!(Score::new(-15).outcome(11), Outcome::Loss(1));
        assert_eq!(Score::new(0).outcome(20), Outcome::Draw);
        assert_eq!(Score::DRAW.outcome(0), Outcome::Draw);
    }

    /// The same numbers as the formula the UI's texts use, for every score and move count.
    #[test]
    fn outcomes_match_the_score_contract() {
        for moves in 0..=CELLS {
            let own_played = (moves / 2) as i32;
            let opponent_played = moves.div_ceil(2) as i32;
            for s in -STONES..=STONES {
                let expected = match s {
                    0 => Outcome::Draw,
                    s if s > 0 => Outcome::Win((22 - s - own_played).max(0) as u32),
                    s => Outcome::Loss((22 + s - opponent_played).max(0) as u32),
                };
                assert_eq!(Score::new(s).outcome(moves), expected, "{s} after {moves}");
            }
        }
    }

    /// Plays the solver's best moves out from `p` and checks that the game ends exactly
    /// where `outcome` says: the winner's `n`-th move from now, or a draw. Gives back the
    /// outcome, to be counted.
    fn comes_true(solver: &mut Solver, mut p: Position, outcome: Outcome) -> Outcome {
        let (mover, start, moves) = (p.current_player(), p.move_count(), p.moves_string());
        while !p.is_over() {
            p.play(solver.best_moves(&p).unwrap().columns[0]).unwrap();
        }
        let plies = p.move_count() - start;
        let (status, want_plies) = match outcome {
            Outcome::Win(n) => (Status::Win(mover), 2 * n as usize - 1),
            Outcome::Loss(n) => (Status::Win(mover.other()), 2 * n as usize),
            Outcome::Draw => (Status::Draw, plies),
        };
        assert_eq!(p.status(), status, "{} {moves}: {outcome:?}", p.size());
        assert_eq!(plies, want_plies, "{} {moves}: {outcome:?}", p.size());
        outcome
    }

    /// On other sizes, playing the best moves out from random positions, the game ends
    /// exactly where `outcome_on` says.
    #[test]
    fn outcomes_come_true_on_other_sizes() {
        let mut rng = crate::solver::Rng::new(11);
        let (mut wins, mut losses) = (0, 0);
        for (w, h) in [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5)] {
            let size = Size::new(w, h).unwrap();
            let mut solver = Solver::try_for_size(size, 4).unwrap();
            for _ in 0..40 {
                let mut p = Position::empty(size);
                let target = rng.below(size.cells() as u32 - 6) as usize + 6;
                while p.move_count() < target && !p.is_over() {
                    p.play(rng.pick(&p.legal_columns())).unwrap();
                }
                if p.is_over() {
                    continue;
                }
                let outcome =
                    Score::new(solver.score(&p).unwrap()).outcome_on(size, p.move_count());
                match comes_true(&mut solver, p, outcome) {
                    Outcome::Win(_) => wins += 1,
                    Outcome::Loss(_) => losses += 1,
                    Outcome::Draw => {}
                }
            }
        }
        assert!(wins > 10 && losses > 10, "{wins} wins, {losses} losses");
    }

    #[test]
    fn constructors_and_predicates() {
        assert_eq!(Score::win_with_stone(4), Score::new(18));
        assert_eq!(Score::win_with_stone(21), Score::new(1));
        assert_eq!(Score::loss_to_stone(7), Score::new(-15));
        assert_eq!(Score::loss_to_stone(21), Score::new(-1));
        for moves in 0..CELLS {
            assert_eq!(
                Score::win_next(moves).get(),
                (43 - moves as i32) / 2,
                "{moves}"
            );
            assert_eq!(Score::win_next(moves).outcome(moves), Outcome::Win(1));
        }
        assert!(Score::new(3).is_win() && !Score::new(3).is_loss());
        assert!(Score::new(-3).is_loss() && !Score::new(-3).is_draw());
        assert!(Score::DRAW.is_draw() && !Score::DRAW.is_win());
        assert!(Score::new(2) > Score::new(1) && Score::new(-1) > Score::new(-2));
        assert_eq!(i32::from(Score::from(-7)), -7);
        assert_eq!(Score::new(-7).to_string(), "-7");
    }

    /// Playing the solver's best moves out from end-game positions (Test_L3_R1), the game
    /// ends exactly where the score's outcome says: the winner's `n`-th move from now.
    #[test]
    fn outcomes_come_true_under_perfect_play() {
        let text = include_str!("../../tests/data/pons/Test_L3_R1");
        let mut solver = Solver::new(16);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for line in text.lines().take(60) {
            let mut fields = line.split(' ');
            let moves = fields.next().unwrap();
            let expected: i32 = fields.next().unwrap().parse().unwrap();
            let p = Position::from_moves(moves).unwrap();
            let score = Score::new(solver.score(&p).unwrap());
            assert_eq!(score.get(), expected, "{moves}");
            match comes_true(&mut solver, p, score.outcome(p.move_count())) {
                Outcome::Win(_) => wins += 1,
                Outcome::Loss(_) => losses += 1,
                Outcome::Draw => draws += 1,
            }
        }
        assert!(
            wins > 0 && losses > 0,
            "{wins} wins, {losses} losses, {draws} draws"
        );
    }
}
