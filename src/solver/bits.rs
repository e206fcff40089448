//! The search's own compact position: the side to move's stones and all stones, in the
//! engine's bit layout (see `engine::position`), plus a move count. `Copy`.
//!
//! The layout depends on the board's size, which a [`Geometry`] gives: [`Classic`] is the
//! standard 7 x 6 board, in `u64`s and with every mask a constant, so that the search there
//! compiles to what a 7 x 6-only solver would be; [`Sized`] is any board from 4 x 4 to 9 x 9,
//! in `u64`s where its keys fit and `u128`s elsewhere, with its masks read from a table made
//! at compile time.

use crate::engine::{has_four, Position, Size, CELLS, HEIGHT, WIDTH};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;
use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::ops::{Shl, Shr, Sub};

/// The unsigned integer a bitboard is kept in: `u64` or `u128`.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    fn count_ones(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn wrapping_neg(self) -> Self;
    fn from_u128(value: u128) -> Self;
    /// 64 bits that depend on every bit: what a table hashes.
    fn fold(self) -> u64;
    /// A table's hash of a key (multiplicative, by 2^64 over the golden ratio): its high
    /// bits are the best mixed, so a table takes its index from them.
    #[inline(always)]
    fn table_hash(self) -> u64 {
        self.fold().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> $t {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn from_u128(value: u128) -> $t {
                value as $t
            }
            #[inline(always)]
            fn fold(self) -> u64 {
                (self as u128 ^ (self as u128 >> 64)) as u64
            }
        }
    };
}
word!(u64);
word!(u128);

/// A board's size, as the search sees it: its dimensions and masks.
pub trait Geometry: Copy + Debug + Send + Sync + 'static {
    type Word: Word;
    fn size(self) -> Size;
    /// Bits a column takes: its height and a spare bit.
    fn h1(self) -> u32;
    /// The bottom cell of every column.
    fn bottom(self) -> Self::Word;
    /// Every playable cell.
    fn board(self) -> Self::Word;
    /// The cells a column's second, fourth, … stones go to.
    fn even_rows(self) -> Self::Word;
    /// The cells a column's first, third, … stones go to.
    fn odd_rows(self) -> Self::Word;
    /// The columns from the centre out.
    fn order(self) -> &'static [u8];
    /// How far each column is from the nearer edge.
    fn edge_distance(self, column: usize) -> u32;

    #[inline(always)]
    fn width(self) -> usize {
        self.size().width()
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.h1() - 1
    }
    #[inline(always)]
    fn cells(self) -> u32 {
        self.size().cells() as u32
    }
    /// The cells of column `col`.
    #[inline(always)]
    fn column_mask(self, col: usize) -> Self::Word {
        ((Self::Word::ONE << self.height()) - Self::Word::ONE) << (col as u32 * self.h1())
    }
    #[inline(always)]
    fn top_cell(self, col: usize) -> Self::Word {
        Self::Word::ONE << (self.height() - 1 + col as u32 * self.h1())
    }
    #[inline(always)]
    fn bottom_cell(self, col: usize) -> Self::Word {
        Self::Word::ONE << (col as u32 * self.h1())
    }
    /// Whether the second player's follow-up bounds hold here: only with an even number of
    /// rows, where the follower can always answer directly above (see
    /// [`Bits::follow_up_bound`]).
    #[inline(always)]
    fn follow_up(self) -> bool {
        self.height() % 2 == 0
    }
}

/// The standard 7 x 6 board: `u64`, every mask a constant.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Classic;

/// The standard board's masks, made as every size's are (they fit in a `u64`).
const CLASSIC: Masks = masks_of(WIDTH, HEIGHT);
/// The standard board's columns from the centre out.
static CLASSIC_ORDER: [u8; Size::MAX] = CLASSIC.order;

impl Geometry for Classic {
    type Word = u64;
    #[inline(always)]
    fn size(self) -> Size {
        Size::CLASSIC
    }
    #[inline(always)]
    fn h1(self) -> u32 {
        CLASSIC.h1
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        CLASSIC.bottom as u64
    }
    #[inline(always)]
    fn board(self) -> u64 {
        CLASSIC.board as u64
    }
    #[inline(always)]
    fn even_rows(self) -> u64 {
        CLASSIC.even_rows as u64
    }
    #[inline(always)]
    fn odd_rows(self) -> u64 {
        CLASSIC.odd_rows as u64
    }
    #[inline(always)]
    fn order(self) -> &'static [u8] {
        &CLASSIC_ORDER[..WIDTH]
    }
    #[inline(always)]
    fn edge_distance(self, column: usize) -> u32 {
        Size::CLASSIC.edge_distance(column) as u32
    }
    #[inline(always)]
    fn width(self) -> usize {
        WIDTH
    }

    #[inline(always)]
    fn cells(self) -> u32 {
        CELLS as u32
    }
}

/// Any board from 4 x 4 to 9 x 9, in words of `W`: a reference into a table of every size's
/// masks, made at compile time. `u128` holds every size (a 9 x 9 board's key takes 90 bits);
/// `u64` the sizes whose keys take at most 56 bits ([`Sized::fits`]), where the search runs
/// several times faster in wasm, which has no 128-bit arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sized<W = u128>(&'static Masks, PhantomData<W>);

/// One size's masks, for [`Sized`].
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Masks {
    size: Size,
    h1: u32,
    bottom: u128,
    board: u128,
    even_rows: u128,
    odd_rows: u128,
    order: [u8; Size::MAX],
    width: u8,
}

const SIDES: usize = Size::MAX - Size::MIN + 1;

const fn masks_of(width: usize, height: usize) -> Masks {
    let Ok(size) = Size::new(width, height) else {
        panic!("not a size")
    };
    let h1 = height as u32 + 1;
    let mut bottom = 0u128;
    let mut c = 0;
    while c < width {
        bottom |= 1 << (c as u32 * h1);
        c += 1;
    }
    let (mut even, mut odd) = (0u128, 0u128);
    let mut r = 0;
    while r < height {
        if r % 2 == 0 {
            odd |= bottom << r;
        } else {
            even |= bottom << r;
        }
        r += 1;
    }
    Masks {
        size,
        h1,
        bottom,
        board: bottom * ((1 << height) - 1),
        even_rows: even,
        odd_rows: odd,
        order: size.centre_out(),
        width: width as u8,
    }
}

static MASKS: [[Masks; SIDES]; SIDES] = {
    // A const block cannot loop to build an array of a non-Copy type, so one row at a time.
    const fn row(w: usize) -> [Masks; SIDES] {
        [
            masks_of(w, 4),
            masks_of(w, 5),
            masks_of(w, 6),
            masks_of(w, 7),
            masks_of(w, 8),
            masks_of(w, 9),
        ]
    }
    [row(4), row(5), row(6), row(7), row(8), row(9)]
};

/// The masks of `size`, from the table.
fn masks(size: Size) -> &'static Masks {
    &MASKS[size.width() - Size::MIN][size.height() - Size::MIN]
}

impl<W: Word> Sized<W> {
    /// The geometry of `size`, if its table keys fit in `W` beside a table entry's 8 bits
    /// ([`Sized::fits`]).
    pub fn of(size: Size) -> Option<Sized<W>> {
        Self::fits(size).then(|| Sized(masks(size), PhantomData))
    }

    /// Whether `W` holds the table keys of `size` (a bit a cell and a spare bit a column)
    /// with 8 bits to spare: the transposition table keeps a bound below each key.
    pub fn fits(size: Size) -> bool {
        size.width() as u32 * (size.height() as u32 + 1) + 8 <= W::BITS
    }
}

impl Sized<u128> {
    /// The geometry of any `size`: a `u128` holds every size's keys, with room to spare
    /// (a 9 x 9 board's take 90 bits).
    pub fn wide(size: Size) -> Sized<u128> {
        Sized(masks(size), PhantomData)
    }
}

impl<W: Word> Geometry for Sized<W> {
    type Word = W;
    #[inline(always)]
    fn size(self) -> Size {
        self.0.size
    }
    #[inline(always)]
    fn h1(self) -> u32 {
        self.0.h1
    }
    #[inline(always)]
    fn bottom(self) -> W {
        W::from_u128(self.0.bottom)
    }
    #[inline(always)]
    fn board(self) -> W {
        W::from_u128(self.0.board)
    }
    #[inline(always)]
    fn even_rows(self) -> W {
        W::from_u128(self.0.even_rows)
    }
    #[inline(always)]
    fn odd_rows(self) -> W {
        W::from_u128(self.0.odd_rows)
    }
    #[inline(always)]
    fn order(self) -> &'static [u8] {
        &self.0.order[..usize::from(self.0.width)]
    }
    #[inline(always)]
    fn edge_distance(self, column: usize) -> u32 {
        self.0.size.edge_distance(column) as u32
    }
}

/// The cells that would complete a four for the stones `own`, given occupied `mask`
/// (only empty cells are returned).
#[inline(always)]
pub fn winning_cells<G: Geometry>(g: G, own: G::Word, mask: G::Word) -> G::Word {
    let h1 = g.h1();
    // vertical
    let mut r = (own << 1) & (own << 2) & (own << 3);
    for s in [h1, h1 - 1, h1 + 1] {
        // horizontal (h1) and the two diagonals
        let mut p = (own << s) & (own << (2 * s));
        r |= p & (own << (3 * s));
        r |= p & (own >> s);
        p = (own >> s) & (own >> (2 * s));
        r |= p & (own << s);
        r |= p & (own >> (3 * s));
    }
    r & (g.board() ^ mask)
}

/// A position as the search sees it, on the board `geo` describes (the standard one unless
/// said otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<G: Geometry = Classic> {
    /// Stones of the player to move.
    pub current: G::Word,
    /// All stones.
    pub mask: G::Word,
    /// Moves played.
    pub moves: u32,
    pub geo: G,
}

impl Bits<Classic> {
    /// The standard board's `p`, which must be on it.
    pub fn from_position(p: &Position) -> Bits {
        Bits::of(Classic, p)
    }

    /// The position with this [`Bits::key`] (the key of a position, or of its mirror image).
    pub fn from_key(key: u64) -> Bits {
        Bits::from_key_in(Classic, key)
    }
}

impl<G: Geometry> Bits<G> {
    /// `p`, a position on `geo`'s board.
    pub fn of(geo: G, p: &Position) -> Bits<G> {
        debug_assert_eq!(p.size(), geo.size());
        let (current, mask) = p.bitboards();
        Bits {
            current: G::Word::from_u128(current),
            mask: G::Word::from_u128(mask),
            moves: p.move_count() as u32,
            geo,
        }
    }

    /// A unique key: the stones of the side to move plus one bit above each column.
    #[inline(always)]
    pub fn key(&self) -> G::Word {
        self.current + self.mask
    }

    /// The position with this key on `geo`'s board.
    pub fn from_key_in(geo: G, key: G::Word) -> Bits<G> {
        let h1 = geo.h1();
        let field_mask = (G::Word::ONE << h1) - G::Word::ONE;
        let (mut current, mut mask) = (G::Word::ZERO, G::Word::ZERO);
        for c in 0..geo.width() as u32 {
            // A column of height h holds mask bits 2^h - 1 plus its stones below them.
            let field = (key >> (c * h1)) & field_mask;
            let top = G::Word::BITS - 1 - (field + G::Word::ONE).leading_zeros();
            let column = (G::Word::ONE << top) - G::Word::ONE;
            mask |= column << (c * h1);
            current |= (field - column) << (c * h1);
        }
        Bits {
            current,
            mask,
            moves: mask.count_ones(),
            geo,
        }
    }

    /// The key of the mirror image (column c <-> width - 1 - c); the score is the same.
    pub fn mirror_key(&self) -> G::Word {
        let k = self.key();
        let (h1, width) = (self.geo.h1(), self.geo.width());
        let field_mask = (G::Word::ONE << h1) - G::Word::ONE;
        let mut m = G::Word::ZERO;
        for c in 0..width {
            let col = (k >> (c as u32 * h1)) & field_mask;
            m |= col << ((width - 1 - c) as u32 * h1);
        }
        m
    }

    #[inline(always)]
    pub fn can_play(&self, col: usize) -> bool {
        self.mask & self.geo.top_cell(col) == G::Word::ZERO
    }

    /// The cells where a piece can go: one per non-full column.
    #[inline(always)]
    pub fn possible(&self) -> G::Word {
        (self.mask + self.geo.bottom()) & self.geo.board()
    }

    /// Plays a move given as the single bit of its cell.
    #[inline(always)]
    pub fn play_cell(&mut self, cell: G::Word) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// The cell a piece dropped in `col` lands on.
    #[inline(always)]
    pub fn landing(&self, col: usize) -> G::Word {
        (self.mask + self.geo.bottom_cell(col)) & self.geo.column_mask(col)
    }

    #[inline(always)]
    pub fn play_col(&mut self, col: usize) {
        self.play_cell(self.landing(col));
    }

    #[inline(always)]
    pub fn winning_cells(&self) -> G::Word {
        winning_cells(self.geo, self.current, self.mask)
    }

    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> G::Word {
        winning_cells(self.geo, self.current ^ self.mask, self.mask)
    }

    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != G::Word::ZERO
    }

    /// Whether playing `col` wins at once.
    #[inline(always)]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_cells() & self.possible() & self.geo.column_mask(col) != G::Word::ZERO
    }

    /// The columns where the side to move wins at once: bit `c` for column `c`.
    pub fn winning_columns(&self) -> u16 {
        let cells = self.winning_cells() & self.possible();
        (0..self.geo.width()).fold(0, |found, c| {
            found | u16::from(cells & self.geo.column_mask(c) != G::Word::ZERO) << c
        })
    }

    /// Moves that do not hand the opponent an immediate win. Only meaningful when the side
    /// to move cannot win at once. Empty if every move loses.
    #[inline(always)]
    pub fn non_losing_moves(&self) -> G::Word {
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != G::Word::ZERO {
            if forced & (forced - G::Word::ONE) != G::Word::ZERO {
                return G::Word::ZERO; // two threats to block: lost
            }
            possible = forced;
        }
        // Never play just below an opponent's winning cell.
        possible & !(threats >> 1)
    }

    /// Move-ordering score: how many winning cells the side to move would have after
    /// playing `cell`.
    #[inline(always)]
    pub fn move_score(&self, cell: G::Word) -> u32 {
        winning_cells(self.geo, self.current | cell, self.mask).count_ones()
    }

    /// An upper bound on the side to move's score from the second player's follow-up
    /// ("claimeven", with "baseinverse" pairs). The side to move is the first player when
    /// an even number of columns hold an odd number of stones. The second player can then
    /// answer each move directly above it in the even columns, taking every empty cell in
    /// the even rows there. It pairs up the next cells of the odd columns (all in even
    /// rows): when one of a pair is played it takes the other, after which both columns
    /// are even. So the first player gets its stones, the empty cells in odd rows and one
    /// cell of each pair, whichever it likes. If no pairing lets that hold a four, it can
    /// never win: the score is at most 0, and at most -1 if the second player's sure share
    /// (its stones and the other even-row empty cells) holds a four, since it then wins by
    /// its last stone at the latest. `None` if there are more than `PAIRED_MAX` odd
    /// columns, or if every pairing leaves the first player a four. Only on boards with an
    /// even number of rows: on the others the follower cannot answer a stone in a column's
    /// top cell.
    #[inline(always)]
    pub fn follow_up_bound(&self) -> Option<i32> {
        if !self.geo.follow_up() {
            return None;
        }
        let g = self.geo;
        let paired = self.possible() & g.even_rows();
        let count = paired.count_ones();
        if count % 2 == 1 || count > PAIRED_MAX {
            return None;
        }
        let empty = g.board() & !self.mask;
        let base = self.current | (empty & g.odd_rows());
        let h1 = g.h1();
        if has_four(base, h1) || (paired != G::Word::ZERO && !pairing_blocks(h1, base, paired)) {
            return None;
        }
        let second = (self.current ^ self.mask) | (empty & g.even_rows() & !paired);
        Some(if has_four(second, h1) { -1 } else { 0 })
    }

    /// A lower bound on the side to move's score when it is the second player (an odd
    /// number of columns hold an odd number of stones): it makes one move that leaves at
    /// most `PAIRED_MAX` odd columns, and then follows up as in [`Bits::follow_up_bound`].
    /// The best such bound over those moves.
    #[inline(always)]
    pub fn follow_up_reply_bound(&self) -> Option<i32> {
        if !self.geo.follow_up() {
            return None;
        }
        let g = self.geo;
        let possible = self.possible();
        let odd = possible & g.even_rows();
        let count = odd.count_ones();
        if count % 2 == 0 || count > PAIRED_MAX + 1 {
            return None;
        }
        // Whatever it plays, the opponent keeps its stones and these odd-row cells.
        let kept = (self.current ^ self.mask) | (g.board() & !self.mask & g.odd_rows() & !possible);
        if has_four(kept, g.h1()) {
            return None;
        }
        // A move in an odd column evens it; one in an even column makes it odd.
        let mut moves = if count < PAIRED_MAX { possible } else { odd };
        let mut best = None;
        while moves != G::Word::ZERO {
            let cell = moves & moves.wrapping_neg();
            moves ^= cell;
            let mut child = *self;
            child.play_cell(cell);
            if let Some(v) = child.follow_up_bound() {
                if v == -1 {
                    return Some(1);
                }
                best = Some(-v);
            }
        }
        best
    }

    /// The scores a position where the side to move cannot win at once can have.
    pub fn score_range(&self) -> (i32, i32) {
        score_range_after(self.geo.cells(), self.moves)
    }

    /// Cells left on the board.
    #[inline(always)]
    pub fn remaining(&self) -> u32 {
        self.geo.cells() - self.moves
    }
}

impl Bits {
    /// [`Bits::score_range`] of any standard-board position with `moves` moves played.
    pub const fn score_range_after(moves: u32) -> (i32, i32) {
        score_range_after(CELLS as u32, moves)
    }
}

/// The scores a position with `moves` of `cells` cells played, where the side to move
/// cannot win at once, can have.
const fn score_range_after(cells: u32, moves: u32) -> (i32, i32) {
    let remaining = (cells - moves) as i32;
    (-remaining / 2, (remaining + 1) / 2)
}

/// [`Bits::follow_up_bound`] pairs up to this many odd columns (more add little: on five
/// slow Test_L1_R3 positions, 2 saved 13% of the positions searched, 4 16%, 6 no more).
const PAIRED_MAX: u32 = 4;

/// Whether the cells of `paired` can be split into pairs so that `base` plus one cell of
/// each pair, whichever the opponent picks, never holds a four.
fn pairing_blocks<W: Word>(h1: u32, base: W, paired: W) -> bool {
    if paired == W::ZERO {
        return !has_four(base, h1);
    }
    let a = paired & paired.wrapping_neg();
    let rest = paired ^ a;
    let mut partners = rest;
    while partners != W::ZERO {
        let b = partners & partners.wrapping_neg();
        partners ^= b;
        let left = rest ^ b;
        if pairing_blocks(h1, base | a, left) && pairing_blocks(h1, base | b, left) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;

    /// Every size has a geometry in `u128`, and the 26 whose keys take at most 56 bits one
    /// in `u64` (the search's faster words in wasm); 8 x 7, 9 x 6 and the larger do not.
    #[test]
    fn every_size_has_a_word() {
        let mut narrow = Vec::new();
        for size in Size::all() {
            assert!(Sized::<u128>::fits(size), "{size}");
            assert_eq!(Sized::wide(size).size(), size);
            let bits = size.width() * (size.height() + 1);
            assert_eq!(Sized::<u64>::of(size).is_some(), bits <= 56, "{size}");
            if bits <= 56 {
                narrow.push(size);
            }
        }
        assert_eq!(narrow.len(), 26);
        for (w, h) in [(8, 7), (9, 6), (7, 8), (9, 9)] {
            assert!(!narrow.contains(&Size::new(w, h).unwrap()));
        }
        assert_eq!(
            Sized::<u64>::of(Size::new(8, 6).unwrap()).map(|g| g.cells()),
            Some(48)
        );
    }

    /// A key gives back its position, at every move of the first 100 lines of Test_L2_R1.
    #[test]
    fn keys_give_back_their_positions() {
        let text = include_str!("../../tests/data/pons/Test_L2_R1");
        for line in text.lines().take(100) {
            let moves = line.split(' ').next().unwrap();
            for len in 0..=moves.len() {
                let b = Bits::from_position(&Position::from_moves(&moves[..len]).unwrap());
                assert_eq!(Bits::from_key(b.key()), b, "{}", &moves[..len]);
                let mirror = Bits::from_key(b.mirror_key());
                assert_eq!(mirror.key(), b.mirror_key());
                assert_eq!(mirror.moves, b.moves);
            }
        }
    }

    /// `winning_columns` names exactly the columns where the engine's own win check finds a
    /// win after the move, on every position along Test_L3_R1's first 200 lines.
    #[test]
    fn winning_columns_are_the_moves_that_win() {
        let text = include_str!("../../tests/data/pons/Test_L3_R1");
        let mut wins_seen = 0;
        for line in text.lines().take(200) {
            let moves = line.split(' ').next().unwrap();
            for len in 0..=moves.len() {
                let p = Position::from_moves(&moves[..len]).unwrap();
                let mut expected = 0u16;
                for col in (0..WIDTH).filter(|&c| p.can_play(c)) {
                    let mut child = p;
                    child.play(col).unwrap();
                    if matches!(child.status(), Status::Win(_)) {
                        expected |= 1 << col;
                    }
                }
                let b = Bits::from_position(&p);
                assert_eq!(b.winning_columns(), expected, "{}", &moves[..len]);
                assert_eq!(b.can_win_next(), expected != 0);
                wins_seen += expected.count_ones();
            }
        }
        assert!(wins_seen > 100, "only {wins_seen} winning moves seen");
    }

    /// The exact score of `p` (not over) by plain minimax over the engine's own rules,
    /// memoised on the position: fine with a dozen empty cells or so.
    fn exact(p: &Position, memo: &mut std::collections::HashMap<(u128, u128), i32>) -> i32 {
        if let Some(&s) = memo.get(&p.bitboards()) {
            return s;
        }
        let n = p.move_count() as i32;
        let mut best = i32::MIN;
        for col in p.legal_columns() {
            let mut child = *p;
            child.play(col).unwrap();
            best = best.max(match child.status() {
                Status::Win(_) => (p.size().cells() as i32 + 1 - n) / 2,
                Status::Draw => 0,
                Status::InProgress => -exact(&child, memo),
            });
        }
        memo.insert(p.bitboards(), best);
        best
    }

    /// The follow-up bounds hold on random positions with 8 to 12 empty cells, scored by
    /// plain minimax, with and without pairs of odd columns; and they are often the exact
    /// score, so an off-by-one would show.
    #[test]
    fn follow_up_bounds_hold() {
        let mut rng = crate::solver::Rng::new(5);
        let mut memo = std::collections::HashMap::new();
        let (mut upper, mut lower, mut tight, mut paired) = (0, 0, 0, 0);
        for _ in 0..400_000 {
            if upper >= 300 && lower >= 300 && paired >= 300 {
                break;
            }
            let target = 30 + rng.below(5) as usize;
            let mut p = Position::new();
            // Random moves that do not end the game (random games mostly end early).
            while p.move_count() < target {
                let quiet: Vec<usize> = (p.legal_columns().into_iter())
                    .filter(|&c| {
                        let mut child = p;
                        child.play(c).unwrap();
                        !child.is_over()
                    })
                    .collect();
                if quiet.is_empty() {
                    break;
                }
                p.play(rng.pick(&quiet)).unwrap();
            }
            if p.move_count() < target {
                continue;
            }
            let b = Bits::from_position(&p);
            let moves = p.moves_string();
            // Columns with an odd number of stones: the follow-up pairs their next cells.
            let odd_columns = (b.possible() & Classic.even_rows()).count_ones();
            if let Some(v) = b.follow_up_bound() {
                let score = exact(&p, &mut memo);
                assert!(
                    score <= v,
                    "{moves}: score {score}, follow-up bound at most {v}"
                );
                upper += 1;
                tight += usize::from(score == v);
                paired += usize::from(odd_columns >= 2);
            }
            if let Some(v) = b.follow_up_reply_bound() {
                let score = exact(&p, &mut memo);
                assert!(
                    score >= v,
                    "{moves}: score {score}, follow-up bound at least {v}"
                );
                lower += 1;
                tight += usize::from(score == v);
                paired += usize::from(odd_columns >= 3);
            }
        }
        eprintln!("{upper} upper and {lower} lower bounds, {paired} paired, {tight} exact");
        assert!(
            upper >= 300 && lower >= 300 && paired >= 300,
            "only {upper} upper and {lower} lower bounds checked, {paired} of them paired"
        );
        assert!(
            tight > 100,
            "only {tight} of the bounds were the exact score"
        );
    }
}
