//! The opening book: exact scores of early positions, keyed by the position's canonical key
//! (the smaller of its key and its mirror image's), so one entry covers both mirror images.
//!
//! # File format (little-endian)
//!
//! ```text
//! "C4BOOK1\n"      8 bytes magic
//! max_moves        u8: every stored position has at most this many moves
//! count            u32
//! count x entry    u64: key << 8 | (score + 64) as u8, sorted by key
//! ```
//!
//! `src/bin/make-book.rs` generates it deterministically.

use super::bits::{column_mask, Bits};
use crate::engine::{Position, WIDTH};
use std::collections::HashMap;
use std::fmt;

const MAGIC: &[u8; 8] = b"C4BOOK1\n";

/// The generated book file, as built into the library.
pub const EMBEDDED: &[u8] = include_bytes!("../../www/book.bin");

#[derive(Debug, Clone, Default)]
pub struct Book {
    max_moves: u32,
    scores: HashMap<u64, i8>,
}

/// Why book data could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    BadMagic,
    Truncated { expected: usize, found: usize },
    BadScore { index: usize },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::BadMagic => write!(f, "not an opening book: the header is wrong"),
            BookError::Truncated { expected, found } => {
                write!(
                    f,
                    "opening book is truncated: expected {expected} bytes, found {found}"
                )
            }
            BookError::BadScore { index } => {
                write!(f, "opening book entry {index} has an impossible score")
            }
        }
    }
}

impl std::error::Error for BookError {}

impl Book {
    pub fn new(max_moves: u32) -> Book {
        Book {
            max_moves,
            scores: HashMap::new(),
        }
    }

    /// The book `make-book` generated (`www/book.bin`), built into the library. An unreadable
    /// file gives an empty book, not a panic: the search still answers exactly, only slower
    /// (`tests/book.rs` checks that the built-in one reads and is consistent).
    pub fn embedded() -> Book {
        Book::from_bytes(EMBEDDED).unwrap_or_default()
    }

    pub fn max_moves(&self) -> u32 {
        self.max_moves
    }

    pub fn len(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    pub(crate) fn canonical_key(b: &Bits) -> u64 {
        b.key().min(b.mirror_key())
    }

    /// The key under which `position` and its mirror image are stored (the smaller of
    /// their two keys).
    pub fn key_of(position: &Position) -> u64 {
        Self::canonical_key(&Bits::from_position(position))
    }

    /// A lower bound on the score of `b` from the book's entries for the positions it can
    /// come from: a parent scoring `s` has every move score at most `s`, so every child
    /// scores at least `-s` (and the parent's best moves lead to children scoring exactly
    /// `-s`). The best such bound, if the book holds any parent.
    pub(crate) fn child_bound(&self, b: &Bits) -> Option<i32> {
        if b.moves == 0 || b.moves > self.max_moves + 1 {
            return None;
        }
        // The parents: take back a top stone of the side that just moved.
        let last_mover = b.current ^ b.mask;
        let mut bound = None;
        for col in 0..WIDTH {
            let stones = b.mask & column_mask(col);
            if stones == 0 {
                continue;
            }
            let top = 1 << (63 - stones.leading_zeros());
            if last_mover & top == 0 {
                continue;
            }
            let parent = Bits {
                current: last_mover ^ top,
                mask: b.mask ^ top,
                moves: b.moves - 1,
            };
            if let Some(s) = self.get(&parent) {
                bound = Some(bound.map_or(-s, |bound: i32| bound.max(-s)));
            }
        }
        bound
    }

    /// The stored score of a position, if the book has it.
    #[inline]
    pub(crate) fn get(&self, b: &Bits) -> Option<i32> {
        if b.moves > self.max_moves {
            return None;
        }
        self.scores
            .get(&Self::canonical_key(b))
            .map(|&s| i32::from(s))
    }

    /// Stores the exact score of `position` (see the score contract on [`super::Solver`]).
    pub fn add(&mut self, position: &Position, score: i32) {
        let b = Bits::from_position(position);
        self.max_moves = self.max_moves.max(b.moves);
        self.scores.insert(Self::canonical_key(&b), score as i8);
    }

    /// The stored score of `position`, if the book has it.
    pub fn score_of(&self, position: &Position) -> Option<i32> {
        self.get(&Bits::from_position(position))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries: Vec<u64> = self
            .scores
            .iter()
            .map(|(&k, &s)| (k << 8) | u64::from((i32::from(s) + 64) as u8))
            .collect();
        entries.sort_unstable();
        let mut out = Vec::with_capacity(13 + entries.len() * 8);
        out.extend_from_slice(MAGIC);
        out.push(self.max_moves as u8);
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for e in entries {
            out.extend_from_slice(&e.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(data: &[u8]) -> Result<Book, BookError> {
        if data.len() < 13 || &data[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let max_moves = u32::from(data[8]);
        let count = u32::from_le_bytes([data[9], data[10], data[11], data[12]]) as usize;
        let expected = count.saturating_mul(8).saturating_add(13);
        if data.len() != expected {
            return Err(BookError::Truncated {
                expected,
                found: data.len(),
            });
        }
        let mut scores = HashMap::with_capacity(count);
        for (index, chunk) in data[13..].chunks_exact(8).enumerate() {
            let e = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
            let score = (e & 0xff) as i32 - 64;
            if !(-21..=21).contains(&score) {
                return Err(BookError::BadScore { index });
            }
            scores.insert(e >> 8, score as i8);
        }
        Ok(Book { max_moves, scores })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_bad_data_is_refused() {
        let mut book = Book::new(0);
        for (moves, score) in [("", 1), ("4", -1), ("44", 0), ("1", 2), ("7", 2)] {
            book.add(&Position::from_moves(moves).unwrap(), score);
        }
        // "1" and "7" are mirror images: one entry.
        assert_eq!(book.len(), 4);
        let bytes = book.to_bytes();
        let back = Book::from_bytes(&bytes).unwrap();
        assert_eq!(back.len(), 4);
        assert_eq!(back.max_moves(), 2);
        for moves in ["", "4", "44", "1", "7"] {
            let p = Position::from_moves(moves).unwrap();
            assert_eq!(back.score_of(&p), book.score_of(&p), "{moves}");
        }
        assert_eq!(back.score_of(&Position::from_moves("3").unwrap()), None);

        assert_eq!(
            Book::from_bytes(b"nonsense").unwrap_err(),
            BookError::BadMagic
        );
        assert_eq!(
            Book::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            BookError::Truncated {
                expected: bytes.len(),
                found: bytes.len() - 1
            }
        );
        let mut bad = bytes.clone();
        bad[13] = 200; // first entry's score byte: 200 - 64 is no score
        assert_eq!(
            Book::from_bytes(&bad).unwrap_err(),
            BookError::BadScore { index: 0 }
        );
    }

    /// A parent's book score bounds its children's scores from below, and the bound is
    /// the exact score of the children its best moves lead to. Solving with the bound gives
    /// the same scores as solving without it.
    #[test]
    fn parents_in_the_book_bound_their_children() {
        use crate::solver::Solver;
        // Test_L2_R1 positions (mid-game, quick to solve), with every child's exact score.
        let data = include_str!("../../tests/data/pons/Test_L2_R1");
        let mut plain = Solver::new(16);
        let mut checked_exact = 0;
        for line in data.lines().take(40) {
            let moves = line.split(' ').next().unwrap();
            let parent = Position::from_moves(moves).unwrap();
            let parent_score = plain.score(&parent).unwrap();
            let mut book = Book::new(0);
            book.add(&parent, parent_score);
            let mut bounded = Solver::new(16);
            bounded.set_book(Some(book.clone()));
            for col in parent.legal_columns() {
                let mut child = parent;
                child.play(col).unwrap();
                if child.is_over() {
                    continue;
                }
                let bound = book.child_bound(&Bits::from_position(&child));
                assert_eq!(bound, Some(-parent_score), "{moves} then {col}");
                let score = plain.score(&child).unwrap();
                assert!(score >= -parent_score, "{moves} then {col}");
                checked_exact += usize::from(score == -parent_score);
                assert_eq!(bounded.score(&child).unwrap(), score, "{moves} then {col}");
            }
            // Two moves on, the book says nothing.
            let mut grandchild = parent;
            let cols = parent.legal_columns();
            if grandchild.play(cols[0]).is_ok() && grandchild.play(cols[0]).is_ok() {
                assert_eq!(book.child_bound(&Bits::from_position(&grandchild)), None);
            }
        }
        assert!(
            checked_exact >= 40,
            "a best child per parent: {checked_exact}"
        );
    }
}
