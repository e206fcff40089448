//! Every board size: the solver against brute force on small boards, the empty board's
//! outcome against John Tromp's published table, and bad sizes.
#![cfg(not(target_arch = "wasm32"))]

use connect_four::engine::{Position, Size, Status};
use connect_four::solver::{Level, Rng, SolveError, Solver};
use std::collections::HashMap;

/// John Tromp's table of results on other board sizes ("John's Connect Four Playground",
/// tromp.github.io/c4/c4.html): the empty board's outcome for the first player, `+` a
/// win, `=` a draw, `-` a loss; `?` where the table has no entry. Rows are heights 4 to 9,
/// columns widths 4 to 9.
const TROMP: [&str; 6] = [
    "==-=--", // height 4
    "====++", // height 5
    "==-+--", // height 6
    "==+=+?", // height 7
    "==-+-?", // height 8
    "==+???", // height 9
];

fn tromp(size: Size) -> char {
    TROMP[size.height() - 4].as_bytes()[size.width() - 4] as char
}

fn sign(score: i32) -> char {
    match score {
        s if s > 0 => '+',
        0 => '=',
        _ => '-',
    }
}

/// The exact score of `p` (in progress) by plain minimax over the engine's own rules,
/// memoised on the position, in Pons' convention for the board: a win with the move after
/// `n` moves scores `(cells + 1 - n) / 2`.
fn brute(p: &Position, memo: &mut HashMap<(u128, u128), i32>) -> i32 {
    if let Some(&s) = memo.get(&p.bitboards()) {
        return s;
    }
    let n = p.move_count() as i32;
    let cells = p.size().cells() as i32;
    let mut best = i32::MIN;
    for col in p.legal_columns() {
        let mut child = *p;
        child.play(col).unwrap();
        best = best.max(match child.status() {
            Status::Win(_) => (cells + 1 - n) / 2,
            Status::Draw => 0,
            Status::InProgress => -brute(&child, memo),
        });
    }
    memo.insert(p.bitboards(), best);
    best
}

fn size(w: usize, h: usize) -> Size {
    Size::new(w, h).unwrap()
}

/// A random game of `moves` moves on `size` that is still in progress, if the dice allow.
fn random_position(size: Size, moves: usize, rng: &mut Rng) -> Option<Position> {
    let mut p = Position::empty(size);
    while p.move_count() < moves {
        let legal = p.legal_columns();
        p.play(rng.pick(&legal)).unwrap();
        if p.is_over() {
            return None;
        }
    }
    Some(p)
}

/// On the small boards (and near the end on the large ones), every score and every column's
/// score the solver gives is the brute-force one, from the empty board (4 x 4) and from
/// random positions.
#[test]
fn the_solver_agrees_with_brute_force_on_small_boards() {
    let mut rng = Rng::new(7);
    for (w, h, from) in [
        (4, 4, 0),
        (5, 4, 4),
        (4, 5, 4),
        (6, 4, 10),
        (4, 6, 10),
        (5, 5, 12),
        // Keys wider than 64 bits, near the end of a game.
        (9, 6, 40),
        (8, 7, 42),
        (9, 9, 67),
    ] {
        let size = size(w, h);
        let mut memo = HashMap::new();
        let mut solver = Solver::try_for_size(size, 4).unwrap();
        let mut checked = 0;
        let mut seen = std::collections::HashSet::new();
        while checked < 60 {
            let moves = from + rng.below(size.cells() as u32 - from as u32 - 1) as usize;
            let Some(p) = random_position(size, moves, &mut rng) else {
                continue;
            };
            if !seen.insert(p.moves_string()) {
                continue;
            }
            let expected = brute(&p, &mut memo);
            assert_eq!(
                solver.score(&p),
                Ok(expected),
                "{size} {}",
                p.moves_string()
            );
            let scores = solver.analyze(&p).unwrap();
            assert_eq!(scores.len(), w);
            for (col, score) in scores.iter().enumerate() {
                let mut child = p;
                let want = child.play(col).ok().map(|_| match child.status() {
                    Status::Win(_) => (size.cells() as i32 + 1 - moves as i32) / 2,
                    Status::Draw => 0,
                    Status::InProgress => -brute(&child, &mut memo),
                });
                assert_eq!(*score, want, "{size} {} column {col}", p.moves_string());
            }
            let best = solver.best_moves(&p).unwrap();
            assert_eq!(best.score, expected);
            assert!(best.columns.iter().all(|&c| scores[c] == Some(expected)));
            checked += 1;
        }
        if from == 0 {
            let empty = Position::empty(size);
            assert_eq!(solver.score(&empty), Ok(brute(&empty, &mut memo)), "{size}");
        }
    }
}

/// The empty board's outcome on the sizes the solver finishes in about a second or less,
/// natively, against Tromp's table (the other sizes are timed by `cargo bench --bench sizes`).
#[test]
fn empty_board_outcomes_match_tromps_table() {
    let quick = [
        (4, 4),
        (5, 4),
        (4, 5),
        (6, 4),
        (4, 6),
        (5, 5),
        (4, 7),
        (7, 4),
        (5, 6),
        (6, 5),
        (4, 8),
        (4, 9),
    ];
    for (w, h) in quick {
        let size = size(w, h);
        let mut solver = Solver::try_for_size(size, 64).unwrap();
        let score = solver.score(&Position::empty(size)).unwrap();
        assert_eq!(sign(score), tromp(size), "{size}: score {score}");
    }
}

/// The levels play every size: each plays a whole game against another from the empty
/// board, legal moves only, and the perfect level never loses to easy.
#[test]
fn the_levels_play_every_size() {
    let mut rng = Rng::new(3);
    for size in Size::all() {
        let mut solver = Solver::try_for_size(size, 8).unwrap();
        let mut p = Position::empty(size);
        let levels = [Level::Easy, Level::Medium];
        while !p.is_over() {
            let level = levels[p.move_count() % 2];
            let col = solver.best_move(&p, level, &mut rng).unwrap();
            assert!(p.can_play(col), "{size}: {level} plays {col}");
            p.play(col).unwrap();
        }
    }
    for (w, h) in [(4, 4), (5, 4), (6, 4)] {
        let size = size(w, h);
        let mut solver = Solver::try_for_size(size, 8).unwrap();
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let mut p = Position::empty(size);
            while !p.is_over() {
                let level = if p.move_count() % 2 == 0 {
                    Level::Perfect
                } else {
                    Level::Easy
                };
                p.play(solver.best_move(&p, level, &mut rng).unwrap())
                    .unwrap();
            }
            let perfect_first = solver_outcome(size);
            if perfect_first >= 0 {
                assert_ne!(
                    p.winner(),
                    Some(connect_four::engine::Player::Second),
                    "{size}: perfect (first) lost to easy: {}",
                    p.moves_string()
                );
            }
        }
    }
}

fn solver_outcome(size: Size) -> i32 {
    Solver::try_for_size(size, 8)
        .unwrap()
        .score(&Position::empty(size))
        .unwrap()
}

/// A solver refuses a position on another size, and a budget too small gives no score
/// rather than a guess.
#[test]
fn sizes_are_kept_apart() {
    let mut solver = Solver::try_for_size(size(8, 7), 4).unwrap();
    assert_eq!(solver.size(), size(8, 7));
    let classic = Position::from_moves("44").unwrap();
    let error = solver.score(&classic).unwrap_err();
    assert_eq!(
        error,
        SolveError::WrongSize {
            solver: size(8, 7),
            position: Size::CLASSIC
        }
    );
    assert!(error.to_string().contains("8 x 7"), "{error}");
    let empty = Position::empty(size(8, 7));
    assert_eq!(solver.score_within(&empty, 1_000), Ok(None));
    assert_eq!(solver.analyze_within(&empty, 1_000), Ok(None));
    // The book is the standard board's only.
    solver.set_book(connect_four::solver::Book::embedded());
    assert!(solver.book().is_none());
    // Bad sizes.
    for (w, h) in [(3, 6), (10, 6), (7, 3), (7, 10), (0, 0)] {
        assert!(Size::new(w, h).is_err(), "{w} x {h}");
    }
}
