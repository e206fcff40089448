//! The computer player: a perfect solver and the levels built on it. Pure Rust; uses
//! only the engine.

mod any;
mod bits;
pub mod book;
mod csf;
mod digest;
mod judge;
pub mod levels;
pub mod listing;
mod openings;
mod score;
mod search;
mod table;

pub use any::Solver;
pub use book::{Book, BookError, Entry};
pub use levels::{Level, Rng};
pub use listing::Listing;
pub use score::{Outcome, Score};
pub use search::{BestMoves, ColumnScores, Forced, SolveError};

/// Sorts a board's few columns by `key`, keeping ties in their order: an insertion sort.
/// The standard library's stable sort, made once per board geometry and call, cost the
/// solver's wasm module about 40 KB.
pub(crate) fn sort_columns_by<K: Ord>(columns: &mut [usize], key: impl Fn(usize) -> K) {
    for i in 1..columns.len() {
        let mut j = i;
        while j > 0 && key(columns[j - 1]) > key(columns[j]) {
            columns.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod sort_tests {
    #[test]
    fn the_columns_sort_by_their_key_and_ties_keep_their_order() {
        let worth = [3, 1, 3, 0, 2, 1, 3];
        let mut columns: Vec<usize> = (0..7).collect();
        super::sort_columns_by(&mut columns, |c| std::cmp::Reverse(worth[c]));
        assert_eq!(columns, [0, 2, 6, 4, 1, 5, 3]);
        let mut expected: Vec<usize> = (0..7).collect();
        expected.sort_by_key(|&c| std::cmp::Reverse(worth[c]));
        assert_eq!(columns, expected);
    }
}
