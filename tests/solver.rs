//! The solver against Pascal Pons' public test sets (tests/data/pons, copied unmodified).
#![cfg(not(target_arch = "wasm32"))]

use connect_four::engine::Position;
use connect_four::solver::Solver;

fn load(set: &str) -> Vec<(String, i32)> {
    let path = format!("{}/tests/data/pons/{set}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("'<moves> <score>'");
            (moves.to_owned(), score.parse().expect("a score"))
        })
        .collect()
}

/// Checks every `step`-th line of a set; `step` 1 checks all of them.
fn check(set: &str, step: usize, min_lines: usize) {
    let lines = load(set);
    assert_eq!(lines.len(), 1000, "{set}");
    let mut solver = Solver::new(16);
    let mut checked = 0;
    for (moves, expected) in lines.iter().step_by(step) {
        let position = Position::from_moves(moves).unwrap();
        assert_eq!(
            solver.score(&position).unwrap(),
            *expected,
            "{set}: {moves}"
        );
        checked += 1;
    }
    assert!(checked >= min_lines, "{set}: only {checked} lines");
}

#[test]
fn end_game_easy_every_line() {
    check("Test_L3_R1", 1, 1000);
}

#[test]
fn middle_game_easy_every_line() {
    check("Test_L2_R1", 1, 1000);
}

#[test]
fn beginning_easy_every_line() {
    check("Test_L1_R1", 1, 1000);
}

#[test]
fn middle_game_medium_sample() {
    check("Test_L2_R2", 10, 100);
}

#[test]
fn beginning_medium_sample() {
    check("Test_L1_R2", 10, 100);
}
