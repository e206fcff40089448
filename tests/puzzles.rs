#![cfg(not(target_arch = "wasm32"))]
//! Every shipped puzzle (src/ui/puzzles.txt) is checked with the solver: exactly one
//! winning first move, and a forced win with exactly the side to move's N-th move. Then the
//! defence is played out: the winner, always picking a move that still wins in time, and
//! the perfect defender (the longest loss) reach the win in exactly N moves.

use connect_four::engine::Position;
use connect_four::solver::{Book, Level, Rng, Solver};
use connect_four::ui::puzzle::{self, MAX_MOVES, MIN_MOVES};

fn solver() -> Solver {
    let mut solver = Solver::new(64);
    solver.set_book(Book::embedded());
    solver
}

#[test]
fn every_shipped_puzzle_has_one_winning_first_move_and_wins_in_exactly_n() {
    let mut solver = solver();
    let puzzles = puzzle::parse(puzzle::FILE).expect("the file reads");
    assert!(!puzzles.is_empty());
    let mut counts = [0usize; MAX_MOVES as usize + 1];
    for p in &puzzles {
        puzzle::check(&mut solver, p).unwrap();
        counts[p.moves as usize] += 1;
    }
    for n in MIN_MOVES..=MAX_MOVES {
        assert!(counts[n as usize] > 0, "no puzzle wins in {n}");
    }
}

#[test]
fn the_perfect_defence_holds_out_for_exactly_n_moves() {
    let mut solver = solver();
    let mut rng = Rng::new(3);
    for p in puzzle::all() {
        let mut position: Position = p.start;
        let mut left = p.moves;
        let mut played = 0;
        while !position.is_over() {
            assert!(left > 0, "puzzle {}: not won within {}", p.id, p.moves);
            let scores = solver.analyze(&position).unwrap();
            let worked = puzzle::winning_columns(&scores, position.move_count(), left);
            assert!(!worked.is_empty(), "puzzle {}: the win slipped", p.id);
            position.play(worked[0]).unwrap();
            played += 1;
            left -= 1;
            if position.is_over() {
                break;
            }
            let defence = solver
                .best_move(&position, Level::Perfect, &mut rng)
                .unwrap();
            position.play(defence).unwrap();
        }
        assert_eq!(position.winner(), Some(p.side()), "puzzle {}", p.id);
        assert_eq!(
            played, p.moves,
            "puzzle {}: the defence gave way early",
            p.id
        );
    }
}
