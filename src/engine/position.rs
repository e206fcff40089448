//! The bitboard position.
//!
//! # Bit layout
//!
//! Each column takes `height + 1` bits: its cells, bottom first, and one spare bit on top
//! that is always empty. The spare bit stops a line from running off the top of one column
//! into the bottom of the next, so a shift by 1, `height`, `height + 1` or `height + 2`
//! follows a line in one of the four directions. On the standard 7 x 6 board:
//!
//! ```text
//!   .  .  .  .  .  .  .      <- spare bits: 6 13 20 27 34 41 48
//!   5 12 19 26 33 40 47      <- top row (row 0 in the JS board)
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42      <- bottom row (row 5 in the JS board)
//! ```
//!
//! Shifts there: 1 = vertical, 7 = horizontal, 8 = diagonal `/`, 6 = diagonal `\`. A 9 x 9
//! board takes 90 bits, so the engine keeps `u128`s; the solver's 7 x 6 search keeps `u64`s.

use super::{Column, PlayError, Size, MAX_CELLS, MAX_WIDTH};

/// One of the two players. [`Player::First`] moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// 1 for the first player, 2 for the second, as on the JS board.
    pub fn number(self) -> u8 {
        match self {
            Player::First => 1,
            Player::Second => 2,
        }
    }

    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    InProgress,
    Win(Player),
    Draw,
}

impl Status {
    /// `"in-progress"`, `"win"` or `"draw"`, as in the JS API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::InProgress => "in-progress",
            Status::Win(_) => "win",
            Status::Draw => "draw",
        }
    }
}

/// A cell, 0-based. `row` 0 is the top row, as in the JS board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
}

impl crate::json::Json for Cell {
    fn write(&self, out: &mut crate::json::Out) {
        out.object(&[("column", &self.column), ("row", &self.row)]);
    }
}

/// Where a played piece landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub column: u8,
    /// 0 is the top row.
    pub row: u8,
    pub player: Player,
}

/// A Connect Four position on a board of any [`Size`], with its move history.
///
/// `Copy` and about 130 bytes: cheap to clone for trying a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of [`Player::First`] and [`Player::Second`].
    stones: [u128; 2],
    size: Size,
    heights: [u8; MAX_WIDTH],
    history: [u8; MAX_CELLS],
    len: u8,
    status: Status,
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether `stones` (in the layout above, with `column_bits` bits a column) holds four in a
/// row anywhere: 4 directions, 4 operations each, and no branch until the end. The solver's
/// bitboards use it too (`solver::bits`), on `u64` for 7 x 6 and `u128` for the rest.
#[inline(always)]
pub(crate) fn has_four<W>(stones: W, column_bits: u32) -> bool
where
    W: Copy
        + PartialEq
        + Default
        + std::ops::BitAnd<Output = W>
        + std::ops::BitOr<Output = W>
        + std::ops::Shr<u32, Output = W>,
{
    let mut found = W::default();
    for shift in [1, column_bits, column_bits - 1, column_bits + 1] {
        let pairs = stones & (stones >> shift);
        found = found | (pairs & (pairs >> (2 * shift)));
    }
    found != W::default()
}

impl Position {
    /// The empty standard 7 x 6 board, first player to move.
    pub const fn new() -> Position {
        Position::empty(Size::CLASSIC)
    }

    /// The empty board of `size`, first player to move.
    pub const fn empty(size: Size) -> Position {
        Position {
            stones: [0; 2],
            size,
            heights: [0; MAX_WIDTH],
            history: [0; MAX_CELLS],
            len: 0,
            status: Status::InProgress,
        }
    }

    /// The board's size.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// Number of columns.
    pub const fn width(&self) -> usize {
        self.size.width()
    }

    /// Number of rows.
    pub const fn rows(&self) -> usize {
        self.size.height()
    }

    #[inline(always)]
    fn bit(&self, column: usize, height: usize) -> u128 {
        1u128 << (column as u32 * self.size.column_bits() + height as u32)
    }

    /// Plays in `column` (0-based) for the player to move.
    ///
    /// # Errors
    /// [`PlayError::InvalidColumn`], [`PlayError::ColumnFull`] or [`PlayError::GameOver`];
    /// the position is then unchanged.
    pub fn play(&mut self, column: usize) -> Result<Placed, PlayError> {
        if let Status::Win(winner) = self.status {
            return Err(PlayError::GameOver {
                winner: Some(winner),
            });
        }
        if self.status == Status::Draw {
            return Err(PlayError::GameOver { winner: None });
        }
        if column >= self.width() {
            return Err(PlayError::InvalidColumn {
                column,
                width: self.size.width() as u8,
            });
        }
        if usize::from(self.heights[column]) >= self.rows() {
            return Err(PlayError::ColumnFull { column });
        }
        Ok(self.play_unchecked(column))
    }

    /// [`Position::play`] in a column already known to be a column: the error can only be
    /// [`PlayError::InvalidColumn`] (a column past a narrow board's edge),
    /// [`PlayError::ColumnFull`] or [`PlayError::GameOver`].
    pub fn play_column(&mut self, column: Column) -> Result<Placed, PlayError> {
        self.play(column.index())
    }

    /// Plays in `column` without checking it, then updates the status with a constant
    /// number of bitboard operations.
    ///
    /// # Panics
    /// May panic, or corrupt the position, if the game is over, the column is off the board
    /// or full. Use [`Position::play`] unless the move is known to be legal.
    #[inline(always)]
    pub fn play_unchecked(&mut self, column: usize) -> Placed {
        let side = usize::from(self.len & 1);
        let player = if side == 0 {
            Player::First
        } else {
            Player::Second
        };
        let height = usize::from(self.heights[column]);
        let stones = self.stones[side] | self.bit(column, height);
        self.stones[side] = stones;
        self.heights[column] = height as u8 + 1;
        self.history[usize::from(self.len) % MAX_CELLS] = column as u8;
        self.len += 1;
        self.status = if has_four(stones, self.size.column_bits()) {
            Status::Win(player)
        } else if usize::from(self.len) == self.size.cells() {
            Status::Draw
        } else {
            Status::InProgress
        };
        Placed {
            column: column as u8,
            row: (self.rows() - 1 - height) as u8,
            player,
        }
    }

    /// Replays `columns` from the empty board of `size`, if every move is on the board and
    /// legal and the game is still in progress after the last one; otherwise `None`.
    /// Quicker than [`Position::play`] per move: no four can appear and then go away, so one
    /// check at the end shows that no move came after a win.
    pub(crate) fn replay_in_progress(
        size: Size,
        columns: impl Iterator<Item = usize>,
    ) -> Option<Position> {
        let mut position = Position::empty(size);
        for column in columns {
            if column >= size.width() {
                return None;
            }
            let height = usize::from(position.heights[column]);
            if height >= size.height() || usize::from(position.len) >= size.cells() {
                return None;
            }
            let side = usize::from(position.len & 1);
            position.stones[side] |= position.bit(column, height);
            position.heights[column] = height as u8 + 1;
            position.history[usize::from(position.len)] = column as u8;
            position.len += 1;
        }
        let bits = size.column_bits();
        let over = has_four(position.stones[0], bits)
            || has_four(position.stones[1], bits)
            || usize::from(position.len) == size.cells();
        (!over).then_some(position)
    }

    /// Takes back the last move and returns its column, or `None` on the empty board.
    pub fn undo(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let column = usize::from(self.history[usize::from(self.len)]);
        self.history[usize::from(self.len)] = 0;
        self.heights[column] -= 1;
        let player = self.current_player();
        let cell = self.bit(column, usize::from(self.heights[column]));
        self.stones[player.index()] &= !cell;
        // Every move before the last one left the game in progress.
        self.status = Status::InProgress;
        Some(column)
    }

    /// The player to move. Once the game is over, the player who would have moved next.
    pub fn current_player(&self) -> Player {
        if self.len % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn winner(&self) -> Option<Player> {
        match self.status {
            Status::Win(p) => Some(p),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.status != Status::InProgress
    }

    /// Number of moves played.
    pub fn move_count(&self) -> usize {
        usize::from(self.len)
    }

    /// The columns played so far, 0-based, first move first.
    pub fn history(&self) -> &[u8] {
        &self.history[..usize::from(self.len)]
    }

    /// Number of pieces in `column`.
    ///
    /// # Panics
    /// If `column` is not a column of this board.
    #[track_caller]
    pub fn height(&self, column: usize) -> usize {
        assert!(column < self.width(), "column {column} is off the board");
        usize::from(self.heights[column])
    }

    /// Whether a piece can go in `column` now: on the board, not full, game in progress.
    pub fn can_play(&self, column: usize) -> bool {
        column < self.width() && usize::from(self.heights[column]) < self.rows() && !self.is_over()
    }

    /// The playable columns, left to right; empty once the game is over.
    pub fn legal_columns(&self) -> Vec<usize> {
        let mut columns = Vec::new();
        for c in 0..self.width() {
            if self.can_play(c) {
                columns.push(c);
            }
        }
        columns
    }

    /// Who owns the cell at `column`, `row` (row 0 is the top), or `None` if it is empty or
    /// off the board.
    pub fn cell(&self, column: usize, row: usize) -> Option<Player> {
        if column >= self.width() || row >= self.rows() {
            return None;
        }
        let b = self.bit(column, self.rows() - 1 - row);
        if self.stones[0] & b != 0 {
            Some(Player::First)
        } else if self.stones[1] & b != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The board as rows from top to bottom, each left to right: 0 empty, 1 or 2 a player.
    pub fn board(&self) -> Vec<Vec<u8>> {
        let mut board = Vec::new();
        for row in 0..self.rows() {
            let mut cells = Vec::new();
            for column in 0..self.width() {
                cells.push(self.cell(column, row).map_or(0, Player::number));
            }
            board.push(cells);
        }
        board
    }

    /// The last move's cell, if any move was played.
    pub fn last_move(&self) -> Option<Placed> {
        let column = usize::from(*self.history().last()?);
        let height = usize::from(self.heights[column]) - 1;
        let player = self.current_player().other();
        Some(Placed {
            column: column as u8,
            row: (self.rows() - 1 - height) as u8,
            player,
        })
    }

    /// Every cell of every line of four or more that runs through the winning move, sorted
    /// by column then row. Empty unless the game was won.
    ///
    /// One move can complete several lines at once (a cross, or five in a row): all of
    /// their cells are included.
    pub fn win_line(&self) -> Vec<Cell> {
        let (Status::Win(player), Some(last)) = (self.status, self.last_move()) else {
            return Vec::new();
        };
        let (c0, r0) = (i32::from(last.column), i32::from(last.row));
        let owns =
            |c: i32, r: i32| c >= 0 && r >= 0 && self.cell(c as usize, r as usize) == Some(player);
        // The cells, as one bit each (column-major), so they come out in order.
        let rows = self.rows();
        let bit = |c: i32, r: i32| 1u128 << (c as usize * rows + r as usize);
        let mut cells = bit(c0, r0);
        for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let mut line = 0u128;
            for sign in [1, -1] {
                let (mut c, mut r) = (c0 + sign * dc, r0 + sign * dr);
                while owns(c, r) {
                    line |= bit(c, r);
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if line.count_ones() + 1 >= 4 {
                cells |= line;
            }
        }
        let mut line = Vec::new();
        for i in 0..self.size.cells() {
            if cells & 1 << i != 0 {
                line.push(Cell {
                    column: (i / rows) as u8,
                    row: (i % rows) as u8,
                });
            }
        }
        line
    }

    /// The stones of the player to move and of both players, in the layout above. This is
    /// what a search needs; it is enough to rebuild any position reached without a win.
    pub fn bitboards(&self) -> (u128, u128) {
        let current = self.stones[self.current_player().index()];
        (current, self.stones[0] | self.stones[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(moves: &str) -> Position {
        Position::from_moves(moves).unwrap()
    }

    fn cells(list: &[(u8, u8)]) -> Vec<Cell> {
        let mut v: Vec<Cell> = list
            .iter()
            .map(|&(column, row)| Cell { column, row })
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn empty_board() {
        let p = Position::new();
        assert_eq!(p.status(), Status::InProgress);
        assert_eq!(p.current_player(), Player::First);
        assert_eq!(p.legal_columns(), (0..7).collect::<Vec<_>>());
        assert_eq!(p.board(), vec![vec![0; 7]; 6]);
        assert_eq!(p.last_move(), None);
        assert!(p.win_line().is_empty());
    }

    #[test]
    fn pieces_fall_to_the_bottom_and_alternate() {
        let mut p = Position::new();
        let a = p.play(3).unwrap();
        assert_eq!(
            a,
            Placed {
                column: 3,
                row: 5,
                player: Player::First
            }
        );
        let b = p.play(3).unwrap();
        assert_eq!(
            b,
            Placed {
                column: 3,
                row: 4,
                player: Player::Second
            }
        );
        assert_eq!(p.board()[5][3], 1);
        assert_eq!(p.board()[4][3], 2);
        assert_eq!(p.current_player(), Player::First);
        assert_eq!(p.moves_string(), "44");
    }

    #[test]
    fn vertical_win_at_bottom() {
        let p = pos("1212121");
        assert_eq!(p.status(), Status::Win(Player::First));
        assert_eq!(p.win_line(), cells(&[(0, 5), (0, 4), (0, 3), (0, 2)]));
    }

    #[test]
    fn horizontal_win_last_piece_at_each_end_and_middle() {
        // Left end: P1 has columns 2,3,4 and finishes at 1.
        let p = pos("2233441");
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(p.win_line(), cells(&[(0, 5), (1, 5), (2, 5), (3, 5)]));
        // Right end.
        let p = pos("4455667");
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(p.win_line(), cells(&[(3, 5), (4, 5), (5, 5), (6, 5)]));
        // Middle.
        let p = pos("1122774");
        assert_eq!(p.status(), Status::InProgress);
        let p = pos("1122443");
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(p.win_line(), cells(&[(0, 5), (1, 5), (2, 5), (3, 5)]));
    }

    #[test]
    fn five_in_a_row_is_one_line_of_five() {
        // P1: 1,2,4,5 on the bottom row, then 3 completes five.
        let p = pos("112244553");
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(
            p.win_line(),
            cells(&[(0, 5), (1, 5), (2, 5), (3, 5), (4, 5)])
        );
    }

    /// Builds a position from a picture (top row first, `X` first player, `O` second) by
    /// searching for an order of alternating moves that reaches it without ending the game.
    fn from_picture(rows: [&str; 6]) -> Position {
        let mut need: [Vec<Player>; 7] = Default::default();
        for r in (0..6).rev() {
            for (c, ch) in rows[r].chars().enumerate() {
                match ch {
                    'X' => need[c].push(Player::First),
                    'O' => need[c].push(Player::Second),
                    _ => {}
                }
            }
        }
        fn search(p: &mut Position, need: &[Vec<Player>; 7], left: usize) -> bool {
            if left == 0 {
                return true;
            }
            for c in 0..7 {
                let h = p.height(c);
                if h < need[c].len() && need[c][h] == p.current_player() {
                    p.play(c).unwrap();
                    if !p.is_over() && search(p, need, left - 1) {
                        return true;
                    }
                    p.undo();
                }
            }
            false
        }
        let mut p = Position::new();
        let total = need.iter().map(Vec::len).sum();
        assert!(
            search(&mut p, &need, total),
            "picture cannot be reached: {rows:?}"
        );
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let want = match ch {
                    'X' => Some(Player::First),
                    'O' => Some(Player::Second),
                    _ => None,
                };
                assert_eq!(p.cell(c, r), want, "picture has a floating piece: {rows:?}");
            }
        }
        p
    }

    #[test]
    fn diagonal_wins_near_every_corner_and_in_the_middle() {
        // Each case: picture before the winning move, winning column, expected line.
        type Case<'a> = ([&'a str; 6], usize, &'a [(u8, u8)]);
        let cases: [Case; 6] = [
            // Bottom-left corner, '/' diagonal, last piece at the top end.
            (
                [
                    ".......", ".......", ".......", "..XO...", ".XXO...", "XOOX..O",
                ],
                3,
                &[(0, 5), (1, 4), (2, 3), (3, 2)],
            ),
            // Bottom-right corner, '\' diagonal, last piece at the bottom end.
            (
                [
                    ".......", ".......", "...X...", "...OX..", "O..XXX.", "XO.OOO.",
                ],
                6,
                &[(3, 2), (4, 3), (5, 4), (6, 5)],
            ),
            // Top-left corner, '\' diagonal.
            (
                [
                    ".......", "OX.....", "OOX....", "XOOX...", "OXXX...", "XOXOO..",
                ],
                0,
                &[(0, 0), (1, 1), (2, 2), (3, 3)],
            ),
            // Top-right corner, '/' diagonal.
            (
                [
                    ".......", ".....XO", "....XOO", "...XOOX", "...XXXO", "..OOXOX",
                ],
                6,
                &[(3, 3), (4, 2), (5, 1), (6, 0)],
            ),
            // Middle, '/' diagonal, last piece in the middle of the line.
            (
                [
                    ".......", ".......", "....X..", "...XO..", "...OX..", "OXOXO..",
                ],
                2,
                &[(1, 5), (2, 4), (3, 3), (4, 2)],
            ),
            // Middle, '\' diagonal.
            (
                [
                    ".......", ".......", "..X....", "..O....", "..XXXO.", ".OOOXXO",
                ],
                3,
                &[(2, 2), (3, 3), (4, 4), (5, 5)],
            ),
        ];
        for (picture, column, expected) in cases {
            let mut p = from_picture(picture);
            assert_eq!(p.status(), Status::InProgress, "{picture:?}");
            // Make it X's turn by construction: pictures have equal counts.
            assert_eq!(p.current_player(), Player::First, "{picture:?}");
            let placed = p.play(column).unwrap();
            assert_eq!(
                p.status(),
                Status::Win(Player::First),
                "{picture:?} {placed:?}"
            );
            assert_eq!(p.win_line(), cells(expected), "{picture:?}");
        }
    }

    #[test]
    fn vertical_win_at_top_of_column() {
        let mut p = from_picture([
            ".......", "......X", "......X", ".O....X", "XO....O", "XO....O",
        ]);
        assert_eq!(p.current_player(), Player::First);
        let placed = p.play(6).unwrap();
        assert_eq!(placed.row, 0);
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(p.win_line(), cells(&[(6, 0), (6, 1), (6, 2), (6, 3)]));
        assert!(p.legal_columns().is_empty());
    }

    #[test]
    fn one_move_completing_two_lines_reports_both() {
        let mut p = from_picture([
            ".......", ".......", "XXX....", "OOXX...", "XOOX...", "OXOXOOO",
        ]);
        assert_eq!(p.current_player(), Player::First);
        let placed = p.play(3).unwrap();
        assert_eq!((placed.column, placed.row), (3, 2));
        assert_eq!(p.winner(), Some(Player::First));
        assert_eq!(
            p.win_line(),
            cells(&[(0, 2), (1, 2), (2, 2), (3, 2), (3, 3), (3, 4), (3, 5)])
        );
    }

    #[test]
    fn draw_on_a_full_board() {
        // A random game that filled the board; tests/engine.rs checks it by brute force too.
        let moves = "423543352361621225217353176654765447161747";
        let p = pos(moves);
        assert_eq!(p.move_count(), 42);
        assert_eq!(p.status(), Status::Draw, "{:?}", p.board());
        assert!(p.legal_columns().is_empty());
        assert!(p.win_line().is_empty());
    }

    #[test]
    fn refusals_leave_the_position_unchanged() {
        let mut p = pos("111111");
        let before = p;
        assert_eq!(
            p.play(7),
            Err(PlayError::InvalidColumn {
                column: 7,
                width: 7
            })
        );
        assert_eq!(
            p.play(usize::MAX),
            Err(PlayError::InvalidColumn {
                column: usize::MAX,
                width: 7
            })
        );
        assert_eq!(p.play(0), Err(PlayError::ColumnFull { column: 0 }));
        assert_eq!(p, before);
        assert!(!p.can_play(0));

        let mut won = pos("1212121");
        let before = won;
        assert_eq!(
            won.play(3),
            Err(PlayError::GameOver {
                winner: Some(Player::First)
            })
        );
        assert_eq!(
            won.play(9),
            Err(PlayError::GameOver {
                winner: Some(Player::First)
            })
        );
        assert_eq!(won, before);
        assert!(won.legal_columns().is_empty());
        assert!(PlayError::GameOver { winner: None }
            .to_string()
            .contains("over"));
        assert!(PlayError::ColumnFull { column: 0 }
            .to_string()
            .contains("full"));
        assert!(PlayError::InvalidColumn {
            column: 7,
            width: 7
        }
        .to_string()
        .contains("invalid column"));
    }

    #[test]
    fn play_column_plays_as_play_does() {
        let mut by_index = pos("4453");
        let mut by_column = by_index;
        for column in &Column::ALL[..7] {
            let column = *column;
            assert_eq!(by_column.play_column(column), by_index.play(column.index()));
            assert_eq!(by_column, by_index);
        }
        let centre = Column::new(3).unwrap();
        let mut full = pos("444444");
        assert_eq!(
            full.play_column(centre),
            Err(PlayError::ColumnFull { column: 3 })
        );
        let mut won = pos("1212121");
        assert_eq!(
            won.play_column(centre),
            Err(PlayError::GameOver {
                winner: Some(Player::First)
            })
        );
    }

    #[test]
    fn undo_restores_and_reopens_a_finished_game() {
        let mut p = pos("121212");
        let before = p;
        p.play(0).unwrap();
        assert!(p.is_over());
        assert_eq!(p.undo(), Some(0));
        assert_eq!(p, before);
        let mut e = Position::new();
        assert_eq!(e.undo(), None);
        assert_eq!(e, Position::new());
    }
}
