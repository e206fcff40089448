//! The built-in opening book (`src/solver/book.bin`, made by `make-book`): it reads, covers
//! the opening, and agrees with itself and with the rules of negamax. (The wasm module leaves
//! the book out; `tests/web.rs` hands it the file's bytes, as the page's worker does.)
#![cfg(not(target_arch = "wasm32"))]

use connect_four::engine::{Position, WIDTH};
use connect_four::solver::{Book, Solver};
use std::collections::BTreeMap;

/// Every position (not over) with at most `depth` moves, by move string.
fn positions(depth: usize) -> Vec<Position> {
    let mut all = vec![Position::new()];
    let mut layer = vec![Position::new()];
    for _ in 0..depth {
        let mut next: BTreeMap<String, Position> = BTreeMap::new();
        for p in &layer {
            for col in 0..WIDTH {
                let mut child = *p;
                if child.play(col).is_ok() && !child.is_over() {
                    next.entry(child.moves_string()).or_insert(child);
                }
            }
        }
        layer = next.into_values().collect();
        all.extend(layer.iter().copied());
    }
    all
}

/// The score of playing `col`, if the book (or the rules) can tell without a search.
fn column_score(book: &Book, p: &Position, col: usize) -> Option<i32> {
    let mut child = *p;
    child.play(col).ok()?;
    if child.winner().is_some() {
        // Winning with this stone: the mover's stone number n / 2 + 1 scores 22 - it.
        return Some(22 - (p.move_count() as i32 / 2 + 1));
    }
    if child.is_over() {
        return Some(0);
    }
    book.score_of(&child).map(|s| -s)
}

#[test]
fn embedded_book_reads_and_covers_the_first_two_moves() {
    let book = Book::from_bytes(connect_four::solver::book::EMBEDDED).expect("book.bin reads");
    assert!(book.max_moves() >= 2, "max moves {}", book.max_moves());
    for p in positions(2) {
        assert!(
            book.score_of(&p).is_some(),
            "{:?} is missing",
            p.moves_string()
        );
    }
    assert_eq!(Book::embedded().len(), book.len());
}

/// Wherever the book holds a position and every move from it, its score is the best of
/// the moves' scores: the entries agree with each other (each was solved on its own).
#[test]
fn embedded_book_agrees_with_negamax() {
    let book = Book::embedded();
    let mut checked = 0;
    // One position per mirror pair: a position and its mirror image share an entry.
    for p in Book::positions(book.max_moves()).into_iter().flatten() {
        let Some(score) = book.score_of(&p) else {
            continue;
        };
        let moves: Option<Vec<i32>> = (0..WIDTH)
            .filter(|&c| p.can_play(c))
            .map(|c| column_score(&book, &p, c))
            .collect();
        if let Some(moves) = moves {
            let best = moves.into_iter().max().unwrap();
            assert_eq!(score, best, "{:?}", p.moves_string());
            checked += 1;
        }
    }
    // At least the empty board and the seven positions after one move.
    eprintln!("{checked} book positions checked against their moves");
    assert!(checked >= 8, "only {checked} positions could be checked");
}

/// With the book, the empty board's analysis and best moves are look-ups, and they agree.
#[test]
fn empty_board_best_moves_match_its_analysis() {
    let mut with = Solver::new(16);
    with.set_book(Some(Book::embedded()));
    let empty = Position::new();
    let scores = with.analyze(&empty).unwrap();
    let best = scores.iter().flatten().max().copied().unwrap();
    assert_eq!(with.score(&empty).unwrap(), best);
    // Moves reaching the best score are exactly the best-scored columns.
    let best_cols: Vec<usize> = (0..WIDTH).filter(|&c| scores[c] == Some(best)).collect();
    let found = with.best_moves(&empty).unwrap();
    assert_eq!((found.score, found.columns), (best, best_cols));
}

/// One move past the book, searches take the book's scores of a position's parents as a
/// lower bound on its score. From the 8-move positions of Pons' Test_L1_R1, the best moves
/// found with the book (its score, then one test per column, each a search one move past
/// the book) are those a search without the book finds, and the score is Pons'.
#[test]
fn best_moves_one_move_past_the_book_match_a_search_without_it() {
    let book = Book::embedded();
    let depth = book.max_moves() as usize;
    let mut with = Solver::new(16);
    with.set_book(Some(book));
    let mut without = Solver::new(16);
    let text = include_str!("data/pons/Test_L1_R1");
    let mut checked = 0;
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').expect("<moves> <score>");
        if moves.len() != depth {
            continue;
        }
        let p = Position::from_moves(moves).unwrap();
        let found = with.best_moves(&p).unwrap();
        assert_eq!(found, without.best_moves(&p).unwrap(), "{moves}");
        assert_eq!(found.score, score.parse::<i32>().unwrap(), "{moves}");
        checked += 1;
    }
    eprintln!(
        "{checked} positions, {} vs {} positions searched",
        with.nodes(),
        without.nodes()
    );
    assert!(checked >= 50, "{checked} positions of {depth} moves");
    assert!(with.nodes() < without.nodes());
}

/// The build recorded the digest of this very book, and refuses any other: a book with
/// every score flipped is well formed, yet refused before it is read.
#[test]
fn the_book_proves_itself() {
    let bytes = connect_four::solver::book::EMBEDDED;
    assert_eq!(Book::digest(bytes), Book::DIGEST);
    assert_eq!(
        Book::from_bytes_verified(bytes).unwrap().len(),
        Book::HELD[11]
    );
    let mut flipped = bytes.to_vec();
    for score in &mut flipped[13..] {
        *score = (-(*score as i8)) as u8;
    }
    assert!(Book::from_bytes(&flipped).is_ok(), "well formed");
    let e = Book::from_bytes_verified(&flipped).unwrap_err().to_string();
    assert!(
        e.starts_with("not the opening book this build was made with"),
        "{e}"
    );
    // Truncated, empty or random: refused by the header.
    for bad in [
        &bytes[..bytes.len() - 1],
        &[][..],
        &[7u8; 64][..],
        &bytes[..13],
    ] {
        assert!(Book::from_bytes_verified(bad).is_err());
    }
}
