//! The opening book: what the solver knows at once about early positions, one entry per
//! mirror pair (a position and its mirror image share their canonical key, the smaller of
//! their two keys).
//!
//! The book covers every position with at most [`Book::max_moves`] moves that is not over
//! and where the side to move cannot win at once (the search sees those itself). Up to
//! [`Book::exact_moves`] moves it gives each position's exact score. One move deeper (the
//! 11-move positions of the shipped book) it gives either the exact score or that the score
//! is above the bound the position's parents set; the search finds the rest, starting above
//! that bound.
//!
//! # What is stored, and how
//!
//! A parent scoring `s` has every move score at most `s`, so each of its children scores at
//! least `-s`: the parents' scores bound a position's score from below (the best of these
//! bounds is its *bound*), and a parent's best moves lead to children scoring the bound
//! exactly. Given its move count and its bound, a position's score is far from random: the
//! book stores, per position, how far its score is above its bound, in a prefix code made for
//! that move count and bound (canonical Huffman codes). Looking a position up reads its
//! parents first (and theirs, back to the empty board: a few dozen positions), for its bound.
//!
//! The codes are kept without the keys, in a compressed static function
//! ([`super::csf`]): the book need not say which positions it holds, since they are every
//! position with few enough moves. So the file is the codes, the function's array and a
//! header. Reading it is a copy: nothing is listed or sorted, and it takes the file's size in
//! memory. The complete listing of exact scores it is built from is
//! [`super::listing::Listing`] (`book/listing.bin`, made by `make-book`).
//!
//! # File format (integers little-endian)
//!
//! ```text
//! "C4BOOK4\n"        8 bytes magic (C4BOOK3 had three windows a key)
//! max_moves          u8
//! exact_moves        u8    max_moves or max_moves - 1
//! seed               u64   the function's shape (see csf::Shape)
//! segment_bits       u8
//! segments           u32
//! contexts           u16   how many codes follow
//! contexts x code    moves u8, bound i8 (-128: no parent in the book), symbols u8, then
//!                    symbols x (value i8, length u8) in canonical order (by length, then
//!                    as given). A value is the score minus the bound (the score where there
//!                    is no bound), or -128: above the bound.
//! words              u32
//! words x u64        the function's array
//! ```

use super::bits::{Bits, Classic, Geometry};
use super::csf::{self, Shape};
use super::listing::Listing;
use crate::engine::{Position, WIDTH};
use std::collections::HashMap;
use std::fmt;

const MAGIC: &[u8; 8] = b"C4BOOK4\n";

/// A value meaning "above the bound" (the score is not stored).
const ABOVE: i8 = i8::MIN;

/// A context's bound when no parent of the position is in the book.
const NO_BOUND: i8 = i8::MIN;

/// The generated book file, built into native builds (the tools, tests and benchmarks).
/// The wasm module leaves it out: the page's worker fetches `book.bin` and hands its bytes
/// to the solver, so the book never delays the first board.
#[cfg(not(target_arch = "wasm32"))]
pub const EMBEDDED: &[u8] = include_bytes!("book.bin");

#[derive(Debug, Clone)]
pub struct Book {
    max_moves: u32,
    exact_moves: u32,
    shape: Shape,
    words: Vec<u64>,
    /// Sorted by (moves, bound).
    contexts: Vec<Context>,
}

/// The code for the positions with one number of moves and one bound.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Context {
    moves: u8,
    bound: i8,
    code: Code,
}

/// A canonical prefix code: `symbols` in order of code length, `counts[n]` of them with
/// codes of `n` bits. A lone symbol has the empty code.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Code {
    symbols: Vec<i8>,
    counts: Vec<u32>,
}

impl Code {
    /// The symbol whose code starts `bits` (first bit in bit 0), and the code's length.
    fn decode(&self, bits: u64) -> Option<(i8, u32)> {
        if self.counts.len() <= 1 {
            return self.symbols.first().map(|&s| (s, 0));
        }
        // Canonical codes of length n are consecutive numbers from `first`.
        let (mut code, mut first, mut index) = (0u64, 0u64, 0usize);
        for len in 1..self.counts.len() {
            code |= (bits >> (len - 1)) & 1;
            let count = u64::from(self.counts[len]);
            if code - first < count {
                return Some((self.symbols[index + (code - first) as usize], len as u32));
            }
            index += count as usize;
            first = (first + count) << 1;
            code <<= 1;
        }
        None
    }

    /// The code of each symbol (first bit in bit 0) and its length, from the symbols'
    /// frequencies (a Huffman code, made canonical).
    fn from_counts(frequencies: &[(i8, u64)]) -> (Code, HashMap<i8, (u64, u32)>) {
        let lengths = huffman_lengths(&frequencies.iter().map(|&(_, f)| f).collect::<Vec<_>>());
        let mut order: Vec<(u32, i8)> = (frequencies.iter().zip(&lengths))
            .map(|(&(symbol, _), &len)| (len, symbol))
            .collect();
        order.sort_unstable();
        let longest = order.last().map_or(0, |&(len, _)| len) as usize;
        let mut counts = vec![0u32; longest + 1];
        let mut codes = HashMap::new();
        let (mut code, mut len) = (0u64, 0u32);
        for &(l, symbol) in &order {
            code <<= l - len;
            len = l;
            counts[l as usize] += 1;
            // Stored first bit first: reverse the code's `l` bits.
            let reversed = if l == 0 {
                0
            } else {
                code.reverse_bits() >> (64 - l)
            };
            codes.insert(symbol, (reversed, l));
            code += 1;
        }
        let symbols = order.iter().map(|&(_, symbol)| symbol).collect();
        (Code { symbols, counts }, codes)
    }
}

/// Huffman code lengths for `frequencies` (all above zero): 0 for a lone symbol.
fn huffman_lengths(frequencies: &[u64]) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = frequencies.len();
    if n <= 1 {
        return vec![0; n];
    }
    // Nodes 0..n are the symbols; each merge adds a node, whose parent is recorded.
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = frequencies
        .iter()
        .enumerate()
        .map(|(i, &f)| Reverse((f, i)))
        .collect();
    let mut next = n;
    while let (Some(Reverse((fa, a))), Some(Reverse((fb, b)))) = (heap.pop(), heap.pop()) {
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((fa + fb, next)));
        next += 1;
    }
    (0..n)
        .map(|mut i| {
            let mut depth = 0;
            while parent[i] != usize::MAX {
                i = parent[i];
                depth += 1;
            }
            depth
        })
        .collect()
}

/// What the book knows of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Its exact score.
    Exact(i32),
    /// Its score is at least this (and not stored).
    AtLeast(i32),
}

/// Why book data could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    BadMagic,
    /// A web page came instead of the book (a server that answers every address with its
    /// `index.html`): the book's URL is wrong.
    WebPage,
    /// More moves than a book can cover (the positions would be too many to list).
    TooDeep {
        max_moves: u32,
    },
    Truncated {
        expected: usize,
        found: usize,
    },
    /// The header's count is not the number of positions the book must hold.
    WrongCount {
        expected: usize,
        found: usize,
    },
    BadScore {
        index: usize,
    },
    /// Writing: a position the file must hold has no score.
    Missing {
        moves: String,
    },
    /// More bytes than any book has: refused before they are copied.
    TooLarge {
        found: usize,
    },
    /// A header or code that no book has (what is wrong with it).
    Malformed(&'static str),
    /// A well-formed book, but not the one this build was made with.
    WrongDigest {
        expected: u64,
        found: u64,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::BadMagic => write!(f, "not an opening book: the header is wrong"),
            BookError::WebPage => write!(
                f,
                "not an opening book but a web page (HTML): the server has no book at this address"
            ),
            BookError::TooDeep { max_moves } => write!(
                f,
                "an opening book of {max_moves} moves is too deep (at most {})",
                Listing::MAX_DEPTH
            ),
            BookError::Truncated { expected, found } => {
                write!(
                    f,
                    "opening book is truncated: expected {expected} bytes, found {found}"
                )
            }
            BookError::WrongCount { expected, found } => write!(
                f,
                "opening book has {found} positions where {expected} are needed"
            ),
            BookError::BadScore { index } => {
                write!(f, "opening book entry {index} has an impossible score")
            }
            BookError::Missing { moves } => {
                write!(f, "the book has no score for the position {moves:?}")
            }
            BookError::TooLarge { found } => write!(
                f,
                "not an opening book: {found} bytes is more than any book has ({})",
                Book::MAX_BYTES
            ),
            BookError::Malformed(what) => write!(f, "not an opening book: {what}"),
            BookError::WrongDigest { expected, found } => write!(
                f,
                "not the opening book this build was made with (digest {found:#018x}, \
                 expected {expected:#018x}): a stale or mismatched copy?"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// Reads a file's fields in order, or says it ended early.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize) -> Result<&'a [u8], BookError> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.data.len());
        let end = end.ok_or(BookError::Truncated {
            expected: self.at.saturating_add(n),
            found: self.data.len(),
        })?;
        let out = &self.data[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let mut out = [0; N];
        out.copy_from_slice(self.bytes(N)?);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, BookError> {
        Ok(self.array::<1>()?[0])
    }
}

impl Book {
    /// The size of the largest book file: anything larger is not a book (the shipped one
    /// is 689 KB; exact scores for every 11-move position would take about 1 MB).
    pub const MAX_BYTES: usize = 2 << 20;

    /// Whether `len` bytes could be a book file at all: checked before a buffer is copied.
    pub fn check_size(len: usize) -> Result<(), BookError> {
        if len > Self::MAX_BYTES {
            return Err(BookError::TooLarge { found: len });
        }
        Ok(())
    }

    /// The digest of the book file this build was made with (`src/solver/book.bin`).
    pub const DIGEST: u64 = include!(concat!(env!("OUT_DIR"), "/book_digest.rs"));

    /// The digest of a book file, to compare with [`Book::DIGEST`].
    pub fn digest(data: &[u8]) -> u64 {
        super::digest::fnv1a64(data)
    }

    /// Reads the book file this build was made with, and refuses any other, however well
    /// formed: its size first, then its fields (so a truncated file says so), then its
    /// digest.
    pub fn from_bytes_verified(data: &[u8]) -> Result<Book, BookError> {
        let book = Self::from_bytes(data)?;
        let found = Self::digest(data);
        if found != Self::DIGEST {
            return Err(BookError::WrongDigest {
                expected: Self::DIGEST,
                found,
            });
        }
        Ok(book)
    }

    /// The book `make-book` generated (`src/solver/book.bin`), built into native builds. An
    /// unreadable file gives no book, not a panic: the search still answers exactly, only
    /// slower (`tests/book.rs` checks that the built-in one reads and agrees with the listing).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn embedded() -> Option<Book> {
        Book::from_bytes(EMBEDDED).ok()
    }

    /// Reads any well-formed book file. [`Book::from_bytes_verified`] also insists on the
    /// book this build was made with. A damaged array is not detected here (only the digest
    /// finds it): lookups then give wrong scores, or none, but never panic.
    pub fn from_bytes(data: &[u8]) -> Result<Book, BookError> {
        Self::check_size(data.len())?;
        let mut r = Reader { data, at: 0 };
        if r.bytes(MAGIC.len()).ok() != Some(&MAGIC[..]) {
            let text = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
            if text.trim_ascii_start().starts_with(b"<") {
                return Err(BookError::WebPage);
            }
            return Err(BookError::BadMagic);
        }
        let max_moves = u32::from(r.u8()?);
        if max_moves > Listing::MAX_DEPTH {
            return Err(BookError::TooDeep { max_moves });
        }
        let exact_moves = u32::from(r.u8()?);
        if exact_moves > max_moves || exact_moves + 1 < max_moves {
            return Err(BookError::Malformed("its exact depth"));
        }
        let seed = u64::from_le_bytes(r.array()?);
        let segment_bits = u32::from(r.u8()?);
        let segments = u32::from_le_bytes(r.array()?);
        if !(6..=20).contains(&segment_bits) || !(4..=1 << 16).contains(&segments) {
            return Err(BookError::Malformed("its array's shape"));
        }
        let shape = Shape {
            seed,
            segment_bits,
            segments,
        };
        let count = u16::from_le_bytes(r.array()?);
        let mut contexts: Vec<Context> = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            let moves = r.u8()?;
            let bound = r.u8()? as i8;
            let n = usize::from(r.u8()?);
            let mut symbols = Vec::with_capacity(n);
            let mut counts = vec![0u32; 1];
            for _ in 0..n {
                let value = r.u8()? as i8;
                let len = usize::from(r.u8()?);
                if len > csf::MAX_BITS as usize || len + 1 < counts.len() {
                    return Err(BookError::Malformed("a code's lengths"));
                }
                counts.resize(counts.len().max(len + 1), 0);
                counts[len] += 1;
                symbols.push(value);
            }
            let code = Code { symbols, counts };
            if !code.is_complete() {
                return Err(BookError::Malformed("a code"));
            }
            let context = Context { moves, bound, code };
            if u32::from(moves) > max_moves
                || contexts
                    .last()
                    .is_some_and(|c| (c.moves, c.bound) >= (moves, bound))
            {
                return Err(BookError::Malformed("the codes' order"));
            }
            contexts.push(context);
        }
        let words = u32::from_le_bytes(r.array()?) as usize;
        if words != shape.words() {
            return Err(BookError::Malformed("its array's size"));
        }
        let expected = r.at + 8 * words;
        if data.len() != expected {
            return Err(BookError::Truncated {
                expected,
                found: data.len(),
            });
        }
        let words = r.bytes(8 * words)?;
        let words = words
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("chunks of 8")))
            .collect();
        Ok(Book {
            max_moves,
            exact_moves,
            shape,
            words,
            contexts,
        })
    }

    /// The book file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(self.max_moves as u8);
        out.push(self.exact_moves as u8);
        out.extend_from_slice(&self.shape.seed.to_le_bytes());
        out.push(self.shape.segment_bits as u8);
        out.extend_from_slice(&self.shape.segments.to_le_bytes());
        out.extend_from_slice(&(self.contexts.len() as u16).to_le_bytes());
        for context in &self.contexts {
            out.push(context.moves);
            out.push(context.bound as u8);
            out.push(context.code.symbols.len() as u8);
            let lengths = (context.code.counts.iter().enumerate())
                .flat_map(|(len, &count)| std::iter::repeat_n(len as u8, count as usize));
            for (&symbol, len) in context.code.symbols.iter().zip(lengths) {
                out.push(symbol as u8);
                out.push(len);
            }
        }
        out.extend_from_slice(&(self.words.len() as u32).to_le_bytes());
        for word in &self.words {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out
    }

    /// The book of a listing's scores: exact up to `exact_moves` moves, and up to the
    /// listing's depth either exact or above the bound.
    ///
    /// # Panics
    /// If `exact_moves` is not the listing's depth or one less, or the listing has more than
    /// 255 scores a context (impossible for real scores).
    pub fn from_listing(listing: &Listing, exact_moves: u32) -> Book {
        let max_moves = listing.max_moves();
        assert!(exact_moves <= max_moves && exact_moves + 1 >= max_moves);
        // Each position's context and value.
        let mut values: Vec<(u64, (u8, i8), i8)> = Vec::with_capacity(listing.len());
        for moves in 0..=max_moves {
            for (key, score) in listing.layer(moves) {
                let b = Bits::from_key(key);
                let bound = parents(&b)
                    .filter_map(|parent| listing.get(&parent).map(|s| -s))
                    .max();
                // (A score below its bound is no real score, but the book keeps it exactly.)
                let value = match bound {
                    None => score,
                    Some(bound) if moves > exact_moves && score > bound => i32::from(ABOVE),
                    Some(bound) => score - bound,
                };
                let context = (moves as u8, bound.map_or(NO_BOUND, |b| b as i8));
                values.push((key, context, value as i8));
            }
        }
        // One code a context, from its values' frequencies.
        let mut frequencies: HashMap<(u8, i8), HashMap<i8, u64>> = HashMap::new();
        for &(_, context, value) in &values {
            *frequencies
                .entry(context)
                .or_default()
                .entry(value)
                .or_default() += 1;
        }
        let mut keys: Vec<(u8, i8)> = frequencies.keys().copied().collect();
        keys.sort_unstable();
        let mut contexts = Vec::new();
        let mut codes = HashMap::new();
        for (moves, bound) in keys {
            let mut counts: Vec<(i8, u64)> = frequencies[&(moves, bound)]
                .iter()
                .map(|(&v, &f)| (v, f))
                .collect();
            counts.sort_unstable();
            let (code, table) = Code::from_counts(&counts);
            contexts.push(Context { moves, bound, code });
            codes.insert((moves, bound), table);
        }
        let items: Vec<csf::Item> = values
            .iter()
            .map(|&(key, context, value)| {
                let (bits, len) = codes[&context][&value];
                csf::Item { key, bits, len }
            })
            .collect();
        let (shape, words) = csf::build(&items, 0);
        Book {
            max_moves,
            exact_moves,
            shape,
            words,
            contexts,
        }
    }

    /// Up to how many moves the book covers positions.
    pub fn max_moves(&self) -> u32 {
        self.max_moves
    }

    /// How many positions the book covers (one per mirror pair).
    pub fn len(&self) -> usize {
        Listing::HELD[self.max_moves as usize]
    }

    /// Whether the book covers no position (never: it covers at least the empty board).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Up to how many moves the book gives every position's exact score.
    pub fn exact_moves(&self) -> u32 {
        self.exact_moves
    }

    pub(crate) fn canonical_key(b: &Bits) -> u64 {
        b.key().min(b.mirror_key())
    }

    /// The key under which `position` and its mirror image are stored (the smaller of
    /// their two keys).
    pub fn key_of(position: &Position) -> u64 {
        Self::canonical_key(&Bits::from_position(position))
    }

    /// Whether a book of enough moves covers `position`: the game is not over and the side
    /// to move cannot win at once.
    pub fn holds(position: &Position) -> bool {
        !position.is_over() && !Bits::from_position(position).can_win_next()
    }

    /// What the book knows of `b` (a position that is not over).
    fn entry(&self, b: &Bits, memo: &mut HashMap<u64, Option<Entry>>) -> Option<Entry> {
        if b.moves > self.max_moves || b.can_win_next() {
            return None;
        }
        let key = Self::canonical_key(b);
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let found = self.read(b, key, memo);
        memo.insert(key, found);
        found
    }

    fn read(&self, b: &Bits, key: u64, memo: &mut HashMap<u64, Option<Entry>>) -> Option<Entry> {
        let bound = self.bound(b, memo)?;
        let context = (b.moves as u8, bound.map_or(NO_BOUND, |b| b as i8));
        let i = (self.contexts)
            .binary_search_by_key(&context, |c| (c.moves, c.bound))
            .ok()?;
        let (value, _) =
            self.contexts[i]
                .code
                .decode(csf::window(&self.shape, &self.words, key))?;
        let (min, max) = b.score_range();
        let entry = match (value, bound) {
            (ABOVE, Some(bound)) if b.moves > self.exact_moves => Entry::AtLeast(bound + 1),
            (ABOVE, _) => return None,
            (value, bound) => Entry::Exact(bound.unwrap_or(0) + i32::from(value)),
        };
        let (Entry::Exact(s) | Entry::AtLeast(s)) = entry;
        (min..=max).contains(&s).then_some(entry)
    }

    /// The bound `b`'s parents in the book set (`Some(None)`: none of them is in the book);
    /// `None` if a parent cannot be read (a damaged book).
    fn bound(&self, b: &Bits, memo: &mut HashMap<u64, Option<Entry>>) -> Option<Option<i32>> {
        let mut bound = None;
        for parent in parents(b) {
            if parent.can_win_next() {
                continue;
            }
            match self.entry(&parent, memo) {
                Some(Entry::Exact(s)) => bound = Some(bound.map_or(-s, |bound: i32| bound.max(-s))),
                Some(Entry::AtLeast(_)) => {}
                None => return None,
            }
        }
        Some(bound)
    }

    /// What the book says of `b` (not over) for a search: its exact score, or a lower bound
    /// on it (for a position one move past the book, from the exact scores of its parents).
    pub(crate) fn probe(&self, b: &Bits) -> Option<Entry> {
        if b.moves > self.max_moves + 1 {
            return None;
        }
        let mut memo = HashMap::new();
        if b.moves <= self.max_moves {
            if let Some(entry) = self.entry(b, &mut memo) {
                return Some(entry);
            }
        }
        // One move past the book (or a damaged entry): the exact scores of its parents.
        let mut bound = None;
        for parent in parents(b) {
            if let Some(Entry::Exact(s)) = self.entry(&parent, &mut memo) {
                bound = Some(bound.map_or(-s, |bound: i32| bound.max(-s)));
            }
        }
        bound.map(Entry::AtLeast)
    }

    /// The exact score of `position`, if the book has it.
    pub fn score_of(&self, position: &Position) -> Option<i32> {
        if position.is_over() {
            return None;
        }
        match self.entry(&Bits::from_position(position), &mut HashMap::new())? {
            Entry::Exact(s) => Some(s),
            Entry::AtLeast(_) => None,
        }
    }

    /// What the book knows of `position` (not over): its exact score, or a lower bound.
    pub fn entry_of(&self, position: &Position) -> Option<Entry> {
        if position.is_over() {
            return None;
        }
        self.entry(&Bits::from_position(position), &mut HashMap::new())
    }
}

impl Code {
    /// Whether the code's lengths fill the code space exactly (Kraft's sum is 1), so that
    /// every string of bits starts with some symbol's code.
    fn is_complete(&self) -> bool {
        if self.symbols.is_empty() {
            return false;
        }
        if self.counts.len() == 1 {
            return self.symbols.len() == 1;
        }
        let longest = self.counts.len() - 1;
        let sum: u128 = (self.counts.iter().enumerate())
            .map(|(len, &count)| u128::from(count) << (longest - len))
            .sum();
        self.counts[0] == 0 && sum == 1u128 << longest
    }
}

/// The positions `b` comes from: take back a top stone of the side that just moved, where
/// what is left can be reached at all (a stone of the first player's on top of the second
/// player's only stone cannot be taken back first, for one).
fn parents(b: &Bits) -> impl Iterator<Item = Bits> + '_ {
    taken_back(b).filter(reachable)
}

/// `b` less a top stone of the side that just moved, for each such stone.
fn taken_back(b: &Bits) -> impl Iterator<Item = Bits> + '_ {
    let last_mover = b.current ^ b.mask;
    (0..WIDTH).filter_map(move |col| {
        let stones = b.mask & Classic.column_mask(col);
        if stones == 0 || b.moves == 0 {
            return None;
        }
        let top = 1 << (63 - stones.leading_zeros());
        (last_mover & top != 0).then(|| Bits {
            current: last_mover ^ top,
            mask: b.mask ^ top,
            moves: b.moves - 1,
            geo: Classic,
        })
    })
}

/// Whether some order of moves reaches `b`'s stones (four in a row aside): taking stones
/// back, the last mover's first, empties the board.
fn reachable(b: &Bits) -> bool {
    fn back(b: &Bits, dead_ends: &mut Vec<u64>) -> bool {
        if b.mask == 0 {
            return true;
        }
        if dead_ends.contains(&b.mask) {
            return false;
        }
        if taken_back(b).any(|parent| back(&parent, dead_ends)) {
            return true;
        }
        dead_ends.push(b.mask);
        false
    }
    back(b, &mut Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_decode_what_they_encode() {
        let counts = [(0i8, 50u64), (1, 20), (2, 20), (-3, 5), (ABOVE, 4), (7, 1)];
        let (code, table) = Code::from_counts(&counts);
        assert!(code.is_complete());
        for &(symbol, _) in &counts {
            let (bits, len) = table[&symbol];
            // Whatever follows the code does not matter.
            assert_eq!(
                code.decode(bits | 0xdead << len),
                Some((symbol, len)),
                "{symbol}"
            );
        }
        let (lone, table) = Code::from_counts(&[(5, 9)]);
        assert_eq!(table[&5], (0, 0));
        assert_eq!(lone.decode(0xffff), Some((5, 0)));
    }

    /// A book built from a listing gives every position what the listing says: its exact
    /// score up to the exact depth, and one move deeper the score where it is the parents'
    /// bound, else that it is above.
    #[test]
    fn a_book_keeps_its_listings_scores() {
        let listing = crate::solver::listing::tests::made_up_book(5);
        for exact in [4, 5] {
            let book = Book::from_listing(&listing, exact);
            let back = Book::from_bytes(&book.to_bytes()).unwrap();
            assert_eq!(back.to_bytes(), book.to_bytes());
            let mut above = 0;
            for p in Listing::positions(5).iter().flatten() {
                let b = Bits::from_position(p);
                let Some(score) = listing.get(&b) else {
                    assert_eq!(back.entry_of(p), None, "{}", p.moves_string());
                    continue;
                };
                let entry = back.entry_of(p);
                if p.move_count() as u32 <= exact {
                    assert_eq!(entry, Some(Entry::Exact(score)), "{}", p.moves_string());
                } else {
                    let bound = parents(&b)
                        .filter_map(|q| listing.get(&q).map(|s| -s))
                        .max();
                    match (entry, bound) {
                        (Some(Entry::Exact(s)), _) => assert_eq!(s, score),
                        (Some(Entry::AtLeast(s)), Some(bound)) => {
                            assert_eq!(s, bound + 1);
                            assert!(score > bound);
                            above += 1;
                        }
                        _ => panic!("{}: {entry:?}", p.moves_string()),
                    }
                }
            }
            assert_eq!(above > 0, exact < 5);
        }
    }
}
