//! The complete listing of exact scores: every position (one per mirror pair) with at most
//! some number of moves that is not over and where the side to move cannot win at once.
//! It is what `make-book` solves and keeps (`book/listing.bin`), and what the shipped book
//! ([`super::Listing`], smaller and quick to load) is built from and checked against. The set
//! of positions is fixed by the number of moves, so the file stores only the scores, in
//! the order [`Listing::positions`] lists the positions: one byte each.
//!
//! # File format
//!
//! ```text
//! "C4BOOK2\n"      8 bytes magic
//! max_moves        u8
//! count            u32, little-endian: how many positions (a check)
//! count x score    i8, in the order of `Listing::positions(max_moves)`, skipping the
//!                  positions where the side to move wins at once
//! ```

use super::bits::Bits;
use super::book::{Book, BookError};
use crate::engine::{Position, WIDTH};
use std::collections::BTreeMap;

const MAGIC: &[u8; 8] = b"C4BOOK2\n";
const HEADER: usize = 13;

#[derive(Debug, Clone, Default)]
pub struct Listing {
    max_moves: u32,
    /// Entry `n`: the positions with `n` moves, in order of canonical key.
    layers: Vec<Layer>,
}

/// A book's positions with one number of moves: canonical keys in increasing order, and
/// their scores. 9 bytes a position (the 11-move book: 25 MB of the worker's memory), and
/// a file reads straight into it: its positions come in this order. Lookups search the
/// keys by halves; the search makes few of them (only up to one move past the book).
#[derive(Debug, Clone, Default)]
struct Layer {
    keys: Vec<u64>,
    scores: Vec<i8>,
}

impl Listing {
    /// The deepest book a file may claim. Reading lists every position up to it: for 11
    /// moves, 2,773,019 entries (1,784,788 of them with 11 moves) in about 0.26 s natively,
    /// with at most 68 MB in use (while the 11-move children are sorted; 24 MB for 10
    /// moves). A deeper book would be too slow and too big for a browser's worker.
    pub const MAX_DEPTH: u32 = 11;

    /// How many positions a book of `n` moves holds, for each `n` up to [`Listing::MAX_DEPTH`]:
    /// a header is checked against it before anything is listed. A test lists them again.
    pub const HELD: [usize; Self::MAX_DEPTH as usize + 1] = [
        1, 5, 30, 151, 719, 2_863, 10_501, 36_219, 113_934, 353_893, 988_231, 2_773_019,
    ];

    /// Checks a book file's header and size (cheaply: nothing is listed); returns its depth
    /// and how many positions it holds.
    fn check_header(data: &[u8]) -> Result<(u32, usize), BookError> {
        if data.len() < HEADER || &data[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let max_moves = u32::from(data[8]);
        if max_moves > Self::MAX_DEPTH {
            return Err(BookError::TooDeep { max_moves });
        }
        let count = u32::from_le_bytes([data[9], data[10], data[11], data[12]]) as usize;
        let held = Self::HELD[max_moves as usize];
        if count != held {
            return Err(BookError::WrongCount {
                expected: held,
                found: count,
            });
        }
        let expected = count + HEADER;
        if data.len() != expected {
            return Err(BookError::Truncated {
                expected,
                found: data.len(),
            });
        }
        Ok((max_moves, count))
    }

    /// A book of the given exact scores (see the score contract on [`super::Solver`]);
    /// for a position given twice (or with its mirror image), the last score counts.
    pub fn from_scores(scores: &[(Position, i32)]) -> Listing {
        let mut layers: Vec<Vec<(u64, i8)>> = Vec::new();
        for (position, score) in scores {
            let moves = position.move_count();
            if layers.len() <= moves {
                layers.resize_with(moves + 1, Vec::new);
            }
            layers[moves].push((Book::key_of(position), *score as i8));
        }
        let layers: Vec<Layer> = layers
            .into_iter()
            .map(|mut entries| {
                // Stable: of equal keys, the last given is kept.
                entries.sort_by_key(|&(key, _)| key);
                entries.reverse();
                entries.dedup_by_key(|&mut (key, _)| key);
                entries.reverse();
                Layer {
                    keys: entries.iter().map(|&(key, _)| key).collect(),
                    scores: entries.iter().map(|&(_, score)| score).collect(),
                }
            })
            .collect();
        Listing {
            max_moves: layers.len().saturating_sub(1) as u32,
            layers,
        }
    }

    pub fn max_moves(&self) -> u32 {
        self.max_moves
    }

    pub fn len(&self) -> usize {
        self.layers.iter().map(|layer| layer.keys.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One position per mirror pair for every position that is not over and has at most
    /// `max_moves` moves: one list per number of moves, each in order of canonical key
    /// ([`Book::key_of`]). The representative of a pair is the first reached by playing
    /// columns in order from the previous list's positions, in their order. A book file
    /// stores the scores of those positions that it [`holds`](Book::holds), in this order.
    pub fn positions(max_moves: u32) -> Vec<Vec<Position>> {
        let mut all = Vec::new();
        let mut layer = vec![Position::new()];
        for _ in 0..max_moves {
            let mut next = BTreeMap::new();
            for p in &layer {
                for col in 0..WIDTH {
                    let mut child = *p;
                    if child.play(col).is_ok() && !child.is_over() {
                        next.entry(Book::key_of(&child)).or_insert(child);
                    }
                }
            }
            all.push(std::mem::replace(&mut layer, next.into_values().collect()));
        }
        all.push(layer);
        all
    }

    /// The positions a book file of `max_moves` moves stores, in its order.
    fn held_positions(max_moves: u32) -> Vec<Position> {
        Self::positions(max_moves)
            .into_iter()
            .flatten()
            .filter(Book::holds)
            .collect()
    }

    /// The canonical keys of [`Listing::held_positions`], in the same order, one sorted list
    /// per number of moves, handed to `layer` one by one (to keep: they become the book's
    /// key arrays). Found with keys and sorting instead of the engine's moves and ordered
    /// maps: reading a book takes this, so it must be quick and light. Besides the lists
    /// handed over, only one layer's keys and its children's are in memory at a time.
    fn held_layers(max_moves: u32, mut layer: impl FnMut(Vec<u64>)) {
        let mut keys = vec![Book::canonical_key(&Bits::from_position(&Position::new()))];
        for moves in 0..=max_moves {
            let mut next = Vec::new();
            if moves < max_moves {
                // Room for every move at once (there are about 6.7 children a position):
                // growing the list would, for a moment, take three times the space of the
                // 11-move children (about 80 MB).
                next.reserve_exact(keys.len() * WIDTH);
                for &key in &keys {
                    let b = Bits::from_key(key);
                    // A winning move ends the game; a board cannot fill up this early.
                    for col in (0..WIDTH).filter(|&c| b.can_play(c) && !b.is_winning_move(c)) {
                        let mut child = b;
                        child.play_col(col);
                        next.push(Book::canonical_key(&child));
                    }
                }
                next.sort_unstable();
                next.dedup();
            }
            keys.retain(|&key| !Bits::from_key(key).can_win_next());
            keys.shrink_to_fit();
            layer(std::mem::replace(&mut keys, next));
        }
    }

    /// The canonical keys and scores of the positions with `moves` moves, in key order.
    pub fn layer(&self, moves: u32) -> impl Iterator<Item = (u64, i32)> + '_ {
        let layer = self.layers.get(moves as usize);
        let keys = layer.map_or(&[][..], |l| &l.keys[..]);
        let scores = layer.map_or(&[][..], |l| &l.scores[..]);
        keys.iter()
            .copied()
            .zip(scores.iter().map(|&s| i32::from(s)))
    }

    /// The stored score of a position, if the book has it.
    #[inline]
    pub(crate) fn get(&self, b: &Bits) -> Option<i32> {
        let layer = self.layers.get(b.moves as usize)?;
        let i = layer.keys.binary_search(&Book::canonical_key(b)).ok()?;
        Some(i32::from(layer.scores[i]))
    }

    /// The stored score of `position`, if the book has it.
    pub fn score_of(&self, position: &Position) -> Option<i32> {
        self.get(&Bits::from_position(position))
    }

    /// The book file for every position up to `max_moves` moves (see the module's
    /// documentation), or which position has no score yet.
    pub fn to_bytes(&self, max_moves: u32) -> Result<Vec<u8>, BookError> {
        if max_moves > Self::MAX_DEPTH {
            return Err(BookError::TooDeep { max_moves });
        }
        let mut scores = Vec::new();
        for p in Self::held_positions(max_moves) {
            let score = self.score_of(&p).ok_or_else(|| BookError::Missing {
                moves: p.moves_string(),
            })?;
            scores.push(score as i8 as u8);
        }
        let mut out = Vec::with_capacity(HEADER + scores.len());
        out.extend_from_slice(MAGIC);
        out.push(max_moves as u8);
        out.extend_from_slice(&(scores.len() as u32).to_le_bytes());
        out.extend_from_slice(&scores);
        Ok(out)
    }

    /// Reads any well-formed book file (its header is checked before anything is listed).
    /// [`Listing::from_bytes_verified`] also insists on the book this build was made with.
    pub fn from_bytes(data: &[u8]) -> Result<Listing, BookError> {
        let (max_moves, count) = Self::check_header(data)?;
        let mut layers: Vec<Layer> = Vec::with_capacity(max_moves as usize + 1);
        let mut bytes = &data[HEADER..];
        let mut listed = 0;
        let mut bad = None;
        Self::held_layers(max_moves, |keys| {
            let (these, rest) = bytes.split_at(keys.len().min(bytes.len()));
            bytes = rest;
            let scores: Vec<i8> = these.iter().map(|&byte| byte as i8).collect();
            // No win at once, so a win comes no sooner than with the next-but-one stone.
            let (min, max) = Bits::score_range_after(layers.len() as u32);
            if let Some(i) = (scores.iter()).position(|&s| !(min..=max).contains(&i32::from(s))) {
                bad.get_or_insert(listed + i);
            }
            listed += keys.len();
            layers.push(Layer { keys, scores });
        });
        if listed != count {
            return Err(BookError::WrongCount {
                expected: listed,
                found: count,
            });
        }
        if let Some(index) = bad {
            return Err(BookError::BadScore { index });
        }
        Ok(Listing { max_moves, layers })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn positions_are_every_position_once_per_mirror_pair() {
        let layers = Listing::positions(3);
        // 1 empty board; the 7 first moves are 4 up to mirroring (3 pairs and the centre);
        // of the 49 two-move positions only "44" is its own mirror image: 24 pairs and it.
        let sizes: Vec<usize> = layers.iter().map(Vec::len).collect();
        assert_eq!(&sizes[..3], &[1, 4, 25]);
        for (moves, layer) in layers.iter().enumerate() {
            let keys: Vec<u64> = layer.iter().map(Book::key_of).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
            assert!(layer.iter().all(|p| p.move_count() == moves));
        }
        // Every sequence of three moves lands on a listed position or its mirror image.
        let listed: std::collections::HashSet<u64> = layers[3].iter().map(Book::key_of).collect();
        for m in 0..WIDTH * WIDTH * WIDTH {
            let s: String = [m / 49, m / 7 % 7, m % 7]
                .iter()
                .map(|&c| char::from(b'1' + c as u8))
                .collect();
            let p = Position::from_moves(&s).unwrap();
            assert!(listed.contains(&Book::key_of(&p)), "{s}");
        }
        assert_eq!(listed.len(), sizes[3]);
    }

    /// Reading a book lists its positions the quick way: the same keys in the same order
    /// as the engine's own listing.
    #[test]
    fn quick_listing_matches_the_positions() {
        for max_moves in 0..=6 {
            let slow: Vec<u64> = Listing::held_positions(max_moves)
                .iter()
                .map(Book::key_of)
                .collect();
            let mut quick = Vec::new();
            let mut moves = 0;
            Listing::held_layers(max_moves, |keys| {
                for &key in &keys {
                    let b = Bits::from_key(key);
                    assert_eq!((key, b.moves), (Book::canonical_key(&b), moves));
                }
                assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
                quick.extend(keys);
                moves += 1;
            });
            assert_eq!(moves, max_moves + 1);
            assert_eq!(quick, slow, "up to {max_moves} moves");
        }
    }

    #[test]
    fn the_held_counts_are_what_listing_finds() {
        let mut sizes = Vec::new();
        Listing::held_layers(Listing::MAX_DEPTH, |keys| sizes.push(keys.len()));
        let cumulative: Vec<usize> = sizes
            .iter()
            .scan(0, |sum, &n| {
                *sum += n;
                Some(*sum)
            })
            .collect();
        assert_eq!(cumulative, Listing::HELD);
    }

    #[test]
    fn a_header_is_refused_before_anything_is_listed() {
        // 13 bytes claiming the 11-move book: its count is right, its size is not.
        let mut header = MAGIC.to_vec();
        header.push(11);
        header.extend_from_slice(&(Listing::HELD[11] as u32).to_le_bytes());
        assert_eq!(
            Listing::from_bytes(&header).unwrap_err(),
            BookError::Truncated {
                expected: Listing::HELD[11] + HEADER,
                found: HEADER
            }
        );
        // Claiming a count the depth cannot have.
        header[9..13].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            Listing::from_bytes(&header).unwrap_err(),
            BookError::WrongCount {
                expected: Listing::HELD[11],
                found: u32::MAX as usize
            }
        );
        assert_eq!(Listing::from_bytes(&[]).unwrap_err(), BookError::BadMagic);
        let bytes = made_up_book(3).to_bytes(3).unwrap();
        assert!(Listing::from_bytes(&bytes).is_ok());
    }

    /// Made-up scores, each within what its position allows.
    fn made_up_scores(max_moves: u32) -> Vec<(Position, i32)> {
        let mut scores = Vec::new();
        for p in Listing::positions(max_moves).into_iter().flatten() {
            let (min, max) = Bits::from_position(&p).score_range();
            let span = (max - min + 1) as u64;
            scores.push((p, min + (Book::key_of(&p) % span) as i32));
        }
        scores
    }

    /// A listing of made-up scores (also the book's tests' listing).
    pub(crate) fn made_up_book(max_moves: u32) -> Listing {
        Listing::from_scores(&made_up_scores(max_moves))
    }

    #[test]
    fn bytes_round_trip_and_bad_data_is_refused() {
        let book = made_up_book(3);
        let bytes = book.to_bytes(3).unwrap();
        let back = Listing::from_bytes(&bytes).unwrap();
        assert_eq!(back.max_moves(), 3);
        assert_eq!(back.len(), book.len());
        assert_eq!(bytes.len(), HEADER + book.len());
        for p in Listing::positions(3).iter().flatten() {
            assert_eq!(back.score_of(p), book.score_of(p), "{}", p.moves_string());
            // The mirror image reads the same entry.
            let mirrored: String = p
                .moves_string()
                .chars()
                .map(|c| char::from(b'1' + b'7' - c as u8))
                .collect();
            let q = Position::from_moves(&mirrored).unwrap();
            assert_eq!(back.score_of(&q), book.score_of(p), "{mirrored}");
        }
        assert_eq!(back.score_of(&Position::from_moves("1111").unwrap()), None);
        // A shallower file from the same book.
        assert_eq!(
            Listing::from_bytes(&book.to_bytes(1).unwrap())
                .unwrap()
                .len(),
            5
        );

        // Given twice (here as its mirror image), a position keeps its last score.
        let twice = Listing::from_scores(&[
            (Position::from_moves("12").unwrap(), 1),
            (Position::from_moves("76").unwrap(), -1),
        ]);
        assert_eq!(twice.len(), 1);
        assert_eq!(twice.max_moves(), 2);
        assert_eq!(
            twice.score_of(&Position::from_moves("12").unwrap()),
            Some(-1)
        );

        let gap_key = Book::key_of(&Position::from_moves("12").unwrap());
        let mut gap = made_up_scores(3);
        gap.retain(|(p, _)| Book::key_of(p) != gap_key);
        let gap = Listing::from_scores(&gap);
        assert_eq!(
            gap.to_bytes(3).unwrap_err(),
            BookError::Missing { moves: "12".into() }
        );
        assert_eq!(
            book.to_bytes(Listing::MAX_DEPTH + 1).unwrap_err(),
            BookError::TooDeep { max_moves: 12 }
        );
        assert_eq!(
            Listing::from_bytes(b"nonsense").unwrap_err(),
            BookError::BadMagic
        );
        assert_eq!(
            Listing::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            BookError::Truncated {
                expected: bytes.len(),
                found: bytes.len() - 1
            }
        );
        let mut deep = bytes.clone();
        deep[8] = 200;
        assert_eq!(
            Listing::from_bytes(&deep).unwrap_err(),
            BookError::TooDeep { max_moves: 200 }
        );
        // A count that matches the data but not the depth.
        let mut short = bytes.clone();
        short.pop();
        short[9..13].copy_from_slice(&(book.len() as u32 - 1).to_le_bytes());
        assert_eq!(
            Listing::from_bytes(&short).unwrap_err(),
            BookError::WrongCount {
                expected: book.len(),
                found: book.len() - 1
            }
        );
        let mut bad = bytes.clone();
        bad[HEADER] = 22; // the empty board's score: no side wins before its 4th stone
        assert_eq!(
            Listing::from_bytes(&bad).unwrap_err(),
            BookError::BadScore { index: 0 }
        );
    }
}
