//! The built-in opening book (`src/solver/book.bin`, made by `make-book`): it reads, covers
//! the opening, and agrees with itself and with the rules of negamax. (The wasm module leaves
//! the book out; `tests/web.rs` hands it the file's bytes, as the page's worker does.)
#![cfg(not(target_arch = "wasm32"))]

use connect_four::engine::{Position, WIDTH};
use connect_four::solver::{Book, BookError, Entry, Listing, Solver};
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

/// The listing of exact scores the book was built from (`make-book`).
const LISTING: &[u8] = include_bytes!("../book/listing.bin");

fn embedded() -> Book {
    Book::from_bytes_verified(connect_four::solver::book::EMBEDDED).expect("book.bin reads")
}

#[test]
fn embedded_book_reads_and_covers_the_first_two_moves() {
    let book = embedded();
    assert_eq!((book.exact_moves(), book.max_moves()), (10, 11));
    assert_eq!(book.len(), Listing::HELD[11]);
    for p in positions(2) {
        assert!(
            book.score_of(&p).is_some(),
            "{:?} is missing",
            p.moves_string()
        );
    }
}

/// Each column's stones, bottom up: 1 for the first player's, 2 for the second's.
fn stacks(p: &Position) -> Vec<Vec<u8>> {
    (0..WIDTH)
        .map(|col| {
            let h = p.height(col);
            (0..h)
                .map(|i| {
                    p.cell(col, connect_four::engine::HEIGHT - 1 - i)
                        .unwrap()
                        .number()
                })
                .collect()
        })
        .collect()
}

/// A position with these stacks, reached by some order of moves (none of which ends the
/// game: a position that is not over has no four in a row, nor had before).
fn replay(stacks: &[Vec<u8>]) -> Option<Position> {
    fn go(p: Position, stacks: &[Vec<u8>], left: usize) -> Option<Position> {
        if left == 0 {
            return Some(p);
        }
        let who = if p.move_count() % 2 == 0 { 1 } else { 2 };
        for col in 0..WIDTH {
            if stacks[col].get(p.height(col)) == Some(&who) {
                let mut next = p;
                next.play(col).ok()?;
                if let Some(found) = go(next, stacks, left - 1) {
                    return Some(found);
                }
            }
        }
        None
    }
    go(Position::new(), stacks, stacks.iter().map(Vec::len).sum())
}

/// What the book must say of a position the listing scores `score`, given its parents'
/// scores in the listing: the exact score up to its exact depth; one move deeper, the exact
/// score where it is the parents' bound, else that it is above the bound.
fn expected(book: &Book, listing: &Listing, p: &Position, score: i32) -> Entry {
    if p.move_count() as u32 <= book.exact_moves() {
        return Entry::Exact(score);
    }
    // The parents: take back a top stone of the side that just moved.
    let stacks = stacks(p);
    let last = if p.move_count() % 2 == 1 { 1 } else { 2 };
    let mut bound = None;
    for col in 0..WIDTH {
        if stacks[col].last() != Some(&last) {
            continue;
        }
        let mut rest = stacks.clone();
        rest[col].pop();
        // Some stones cannot be taken back first: no order of moves reaches what is left.
        let Some(parent) = replay(&rest) else {
            continue;
        };
        if let Some(s) = listing.score_of(&parent) {
            bound = Some(bound.map_or(-s, |b: i32| b.max(-s)));
        }
    }
    match bound {
        Some(bound) if bound != score => Entry::AtLeast(bound + 1),
        _ => Entry::Exact(score),
    }
}

/// Checks every `step`-th position of the listing (by layer) against the book.
fn agrees_with_the_listing(step: usize) -> usize {
    let book = embedded();
    let listing = Listing::from_bytes(LISTING).expect("book/listing.bin reads");
    assert_eq!(listing.max_moves(), book.max_moves());
    let mut checked = 0;
    for layer in Listing::positions(listing.max_moves()) {
        for p in layer.iter().step_by(step) {
            let Some(score) = listing.score_of(p) else {
                continue; // the side to move wins at once: neither holds it
            };
            assert_eq!(
                book.entry_of(p),
                Some(expected(&book, &listing, p, score)),
                "{:?} scores {score}",
                p.moves_string()
            );
            checked += 1;
        }
    }
    checked
}

/// A sample of the listing: every 97th position of each number of moves.
#[test]
fn the_book_agrees_with_the_listing_it_was_built_from() {
    let checked = agrees_with_the_listing(97);
    assert!(checked > Listing::HELD[11] / 100, "{checked}");
}

/// Every position of the listing (2,773,019): `cargo test --release --test book --
/// --ignored`.
#[test]
#[ignore]
fn the_book_agrees_with_every_position_of_the_listing() {
    assert_eq!(agrees_with_the_listing(1), Listing::HELD[11]);
}

/// Where the book says only "above the bound", the search starts there and finds the
/// listing's exact score.
#[test]
fn above_the_bound_the_search_finds_the_listings_score() {
    let book = embedded();
    let listing = Listing::from_bytes(LISTING).unwrap();
    let mut solver = Solver::new(16);
    solver.set_book(Some(book.clone()));
    let mut checked = 0;
    for p in Listing::positions(11).pop().unwrap().iter().step_by(50_000) {
        let (Some(score), Some(Entry::AtLeast(bound))) = (listing.score_of(p), book.entry_of(p))
        else {
            continue;
        };
        assert!(score >= bound, "{}", p.moves_string());
        assert_eq!(solver.score(p).unwrap(), score, "{}", p.moves_string());
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

/// Wherever the book gives a position and every move from it exactly, its score is the best
/// of the moves' scores (up to 7 moves: the entries agree with each other).
#[test]
fn embedded_book_agrees_with_negamax() {
    let book = embedded();
    let mut checked = 0;
    // One position per mirror pair: a position and its mirror image share an entry.
    for p in Listing::positions(7).into_iter().flatten() {
        let Some(score) = book.score_of(&p) else {
            continue;
        };
        let moves: Option<Vec<i32>> = (0..WIDTH)
            .filter(|&c| p.can_play(c))
            .map(|c| column_score(&book, &p, c))
            .collect();
        // (A move after which the opponent wins at once has no entry.)
        if let Some(moves) = moves {
            let best = moves.into_iter().max().unwrap();
            assert_eq!(score, best, "{:?}", p.moves_string());
            checked += 1;
        }
    }
    assert!(
        checked >= 10_000,
        "only {checked} positions could be checked"
    );
}

/// With the book, the empty board's analysis and best moves are look-ups, and they agree.
#[test]
fn empty_board_best_moves_match_its_analysis() {
    let mut with = Solver::new(16);
    with.set_book(Book::embedded());
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
    let book = embedded();
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

/// The build recorded the digest of this very book, and refuses any other: a book with a
/// flipped bit, a truncated one, the listing, or bytes that are no book.
#[test]
fn the_book_proves_itself() {
    let bytes = connect_four::solver::book::EMBEDDED;
    assert_eq!(Book::digest(bytes), Book::DIGEST);
    assert_eq!(embedded().len(), Listing::HELD[11]);
    // A flipped bit in the array: well formed, yet refused before it is read.
    let mut flipped = bytes.to_vec();
    let at = flipped.len() - 1000;
    flipped[at] ^= 4;
    assert!(Book::from_bytes(&flipped).is_ok(), "well formed");
    let e = Book::from_bytes_verified(&flipped).unwrap_err().to_string();
    assert!(
        e.starts_with("not the opening book this build was made with"),
        "{e}"
    );
    // Truncated, empty, random, or the listing (another format): refused.
    for bad in [
        &bytes[..bytes.len() - 1],
        &[][..],
        &[7u8; 64][..],
        &bytes[..40],
        LISTING,
    ] {
        assert!(Book::from_bytes_verified(bad).is_err());
        assert!(Book::from_bytes(bad).is_err());
    }
    // A web page where the book should be (a server's fallback index.html) says so.
    for page in [
        &b"<!doctype html><html>"[..],
        b"\xEF\xBB\xBF\n  <html lang=\"en\">",
    ] {
        assert_eq!(Book::from_bytes(page).unwrap_err(), BookError::WebPage);
        assert!(Book::from_bytes_verified(page)
            .unwrap_err()
            .to_string()
            .contains("web page"));
    }
    assert_eq!(
        Book::from_bytes(b"C4BOOK3\n").unwrap_err(),
        BookError::BadMagic
    );
}
