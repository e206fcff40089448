//! The search's own compact position: the side to move's stones and all stones, in the
//! engine's bit layout (see `engine::position`). 16 bytes plus a move count, `Copy`.

use crate::engine::{Position, CELLS, HEIGHT, WIDTH};

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

    /// The scores a position where the side to move cannot win at once can have.
    pub fn score_range(&self) -> (i32, i32) {
        (
            -(self.remaining() as i32) / 2,
            (self.remaining() as i32 + 1) / 2,
        )
    }

    /// Cells left on the board.
    pub const fn remaining(&self) -> u32 {
        CELLS as u32 - self.moves
    }
}

/// Best possible score for the side to move if it wins with its next stone.
#[inline(always)]
pub const fn win_now_score(moves: u32) -> i32 {
    (CELLS as i32 + 1 - moves as i32) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;

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
}
