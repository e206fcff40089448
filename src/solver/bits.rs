//! The search's own compact position: the side to move's stones and all stones, in the
//! engine's bit layout (see `engine::position`). 16 bytes plus a move count, `Copy`.

use crate::engine::{has_four, Position, CELLS, HEIGHT, WIDTH};

pub const H1: u32 = HEIGHT as u32 + 1;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c as u32 * H1);
        c += 1;
    }
    m
}

/// The bottom cell of every column.
pub const BOTTOM: u64 = bottom_mask();
/// Every playable cell.
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

#[inline(always)]
pub const fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col as u32 * H1)
}

#[inline(always)]
const fn top_cell(col: usize) -> u64 {
    1 << (HEIGHT as u32 - 1 + col as u32 * H1)
}

#[inline(always)]
pub const fn bottom_cell(col: usize) -> u64 {
    1 << (col as u32 * H1)
}

/// The cells that would complete a four for the stones `own`, given occupied `mask`
/// (only empty cells are returned).
#[inline(always)]
pub fn winning_cells(own: u64, mask: u64) -> u64 {
    // vertical
    let mut r = (own << 1) & (own << 2) & (own << 3);
    for s in [H1, H1 - 1, H1 + 1] {
        // horizontal (H1) and the two diagonals
        let mut p = (own << s) & (own << (2 * s));
        r |= p & (own << (3 * s));
        r |= p & (own >> s);
        p = (own >> s) & (own >> (2 * s));
        r |= p & (own << s);
        r |= p & (own >> (3 * s));
    }
    r & (BOARD ^ mask)
}

/// The rows a column's second, fourth and sixth stones go to.
const EVEN_ROWS: u64 = BOTTOM * 0b10_1010;
/// The rows a column's first, third and fifth stones go to.
const ODD_ROWS: u64 = BOTTOM * 0b1_0101;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    /// Stones of the player to move.
    pub current: u64,
    /// All stones.
    pub mask: u64,
    /// Moves played.
    pub moves: u32,
}

impl Bits {
    pub fn from_position(p: &Position) -> Bits {
        let (current, mask) = p.bitboards();
        Bits {
            current,
            mask,
            moves: p.move_count() as u32,
        }
    }

    /// A unique key: the stones of the side to move plus one bit above each column.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The position with this [`Bits::key`] (the key of a position, or of its mirror image).
    pub fn from_key(key: u64) -> Bits {
        let (mut current, mut mask) = (0, 0);
        for c in 0..WIDTH as u32 {
            // A column of height h holds mask bits 2^h - 1 plus its stones below them.
            let field = (key >> (c * H1)) & ((1 << H1) - 1);
            let column = (1u64 << (63 - (field + 1).leading_zeros())) - 1;
            mask |= column << (c * H1);
            current |= (field - column) << (c * H1);
        }
        Bits {
            current,
            mask,
            moves: mask.count_ones(),
        }
    }

    /// The key of the mirror image (column c <-> 6 - c); the score is the same.
    pub fn mirror_key(&self) -> u64 {
        let k = self.key();
        let mut m = 0;
        for c in 0..WIDTH {
            let col = (k >> (c as u32 * H1)) & ((1 << H1) - 1);
            m |= col << ((WIDTH - 1 - c) as u32 * H1);
        }
        m
    }

    #[inline(always)]
    pub fn can_play(&self, col: usize) -> bool {
        self.mask & top_cell(col) == 0
    }

    /// The cells where a piece can go: one per non-full column.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Plays a move given as the single bit of its cell.
    #[inline(always)]
    pub fn play_cell(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    #[inline(always)]
    pub fn play_col(&mut self, col: usize) {
        self.play_cell((self.mask + bottom_cell(col)) & column_mask(col));
    }

    #[inline(always)]
    pub fn winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// Whether playing `col` wins at once.
    #[inline(always)]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_cells() & self.possible() & column_mask(col) != 0
    }

    /// The columns where the side to move wins at once: bit `c` for column `c`.
    pub fn winning_columns(&self) -> u8 {
        let cells = self.winning_cells() & self.possible();
        (0..WIDTH).fold(0, |found, c| {
            found | u8::from(cells & column_mask(c) != 0) << c
        })
    }

    /// Moves that do not hand the opponent an immediate win. Only meaningful when the side
    /// to move cannot win at once. Empty if every move loses.
    #[inline(always)]
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats to block: lost
            }
            possible = forced;
        }
        // Never play just below an opponent's winning cell.
        possible & !(threats >> 1)
    }

    /// Move-ordering score: how many winning cells the side to move would have after
    /// playing `cell`.
    #[inline(always)]
    pub fn move_score(&self, cell: u64) -> u32 {
        winning_cells(self.current | cell, self.mask).count_ones()
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
    /// columns, or if every pairing leaves the first player a four.
    #[inline(always)]
    pub fn follow_up_bound(&self) -> Option<i32> {
        let paired = self.possible() & EVEN_ROWS;
        let count = paired.count_ones();
        if count % 2 == 1 || count > PAIRED_MAX {
            return None;
        }
        let empty = BOARD & !self.mask;
        let base = self.current | (empty & ODD_ROWS);
        if has_four(base) || (paired != 0 && !pairing_blocks(base, paired)) {
            return None;
        }
        let second = (self.current ^ self.mask) | (empty & EVEN_ROWS & !paired);
        Some(if has_four(second) { -1 } else { 0 })
    }

    /// A lower bound on the side to move's score when it is the second player (an odd
    /// number of columns hold an odd number of stones): it makes one move that leaves at
    /// most `PAIRED_MAX` odd columns, and then follows up as in [`Bits::follow_up_bound`].
    /// The best such bound over those moves.
    #[inline(always)]
    pub fn follow_up_reply_bound(&self) -> Option<i32> {
        let possible = self.possible();
        let odd = possible & EVEN_ROWS;
        let count = odd.count_ones();
        if count % 2 == 0 || count > PAIRED_MAX + 1 {
            return None;
        }
        // Whatever it plays, the opponent keeps its stones and these odd-row cells.
        let kept = (self.current ^ self.mask) | (BOARD & !self.mask & ODD_ROWS & !possible);
        if has_four(kept) {
            return None;
        }
        // A move in an odd column evens it; one in an even column makes it odd.
        let mut moves = if count < PAIRED_MAX { possible } else { odd };
        let mut best = None;
        while moves != 0 {
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
        Self::score_range_after(self.moves)
    }

    /// [`Bits::score_range`] of any position with `moves` moves played.
    pub const fn score_range_after(moves: u32) -> (i32, i32) {
        let remaining = (CELLS as u32 - moves) as i32;
        (-remaining / 2, (remaining + 1) / 2)
    }

    /// Cells left on the board.
    pub const fn remaining(&self) -> u32 {
        CELLS as u32 - self.moves
    }
}

/// [`Bits::follow_up_bound`] pairs up to this many odd columns (more add little: on five
/// slow Test_L1_R3 positions, 2 saved 13% of the positions searched, 4 16%, 6 no more).
const PAIRED_MAX: u32 = 4;

/// Whether the cells of `paired` can be split into pairs so that `base` plus one cell of
/// each pair, whichever the opponent picks, never holds a four.
fn pairing_blocks(base: u64, paired: u64) -> bool {
    if paired == 0 {
        return !has_four(base);
    }
    let a = paired & paired.wrapping_neg();
    let rest = paired ^ a;
    let mut partners = rest;
    while partners != 0 {
        let b = partners & partners.wrapping_neg();
        partners ^= b;
        let left = rest ^ b;
        if pairing_blocks(base | a, left) && pairing_blocks(base | b, left) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;

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
                let mut expected = 0u8;
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
    fn exact(p: &Position, memo: &mut std::collections::HashMap<(u64, u64), i32>) -> i32 {
        if let Some(&s) = memo.get(&p.bitboards()) {
            return s;
        }
        let n = p.move_count() as i32;
        let mut best = i32::MIN;
        for col in p.legal_columns() {
            let mut child = *p;
            child.play(col).unwrap();
            best = best.max(match child.status() {
                Status::Win(_) => (CELLS as i32 + 1 - n) / 2,
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
            let odd_columns = (b.possible() & EVEN_ROWS).count_ones();
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
