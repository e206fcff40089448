//! Pascal Pons' move notation: one digit per move, naming the column 1-based (`1`-`7` on
//! the standard board, `1`-`9` on the widest), first player first. `""` is the empty board;
//! `"4453"` is four moves.

use super::{Column, ParseMovesError, Position, Size, MAX_WIDTH};

/// Reads the columns (0-based) of a move string for a board `width` columns wide, checking
/// only its characters. Use [`Position::from_moves_on`] to also check that every move is
/// legal.
pub fn parse_columns(moves: &str, width: usize) -> Result<Vec<usize>, ParseMovesError> {
    let mut columns = Vec::with_capacity(moves.len());
    for (index, character) in moves.chars().enumerate() {
        columns.push(column_of(index, character, width)?);
    }
    Ok(columns)
}

/// The 0-based column a move character names on a board `width` wide, or the error naming it.
fn column_of(index: usize, character: char, width: usize) -> Result<usize, ParseMovesError> {
    Column::from_digit(character)
        .map(Column::index)
        .filter(|&column| column < width)
        .ok_or(ParseMovesError::InvalidCharacter {
            index,
            character,
            width: width as u8,
        })
}

/// Writes 0-based columns as a move string. Columns outside `0..9` are a caller bug.
///
/// # Panics
/// If a column is 9 or more.
#[track_caller]
pub fn format_columns(columns: &[usize]) -> String {
    let mut text = String::with_capacity(columns.len());
    for &c in columns {
        assert!(c < MAX_WIDTH, "column {c} is off the board");
        text.push(char::from(b'1' + c as u8));
    }
    text
}

impl Position {
    /// Replays a move string from the empty standard board.
    ///
    /// # Errors
    /// Names the first move that is not a digit `1`-`7`, fills a full column, or comes
    /// after the game has ended.
    pub fn from_moves(moves: &str) -> Result<Position, ParseMovesError> {
        Position::from_moves_on(Size::CLASSIC, moves)
    }

    /// Replays a move string from the empty board of `size`.
    ///
    /// # Errors
    /// Names the first move that is not a digit from `1` to the board's width (a digit past
    /// it says so), fills a full column, or comes after the game has ended.
    pub fn from_moves_on(size: Size, moves: &str) -> Result<Position, ParseMovesError> {
        let last = b'0' + size.width() as u8;
        // Every character is checked before any move is played, so a bad character is
        // reported even after an illegal move.
        if !moves.bytes().all(|byte| (b'1'..=last).contains(&byte)) {
            for (index, character) in moves.chars().enumerate() {
                column_of(index, character, size.width())?;
            }
        }
        // All characters are now ASCII digits on the board: one byte per move. This runs on
        // every solver call from JS, so the usual case (a game in progress) takes a quick
        // path: on Test_L3_R1's lines it halved the parse, natively (0.45 -> 0.22 µs) and in
        // wasm (about 1.0 -> 0.45 µs). Anything else is replayed move by move, for its status
        // or for the error that names the first illegal move.
        let columns = moves.bytes().map(|byte| usize::from(byte - b'1'));
        if let Some(position) = Position::replay_in_progress(size, columns.clone()) {
            return Ok(position);
        }
        let mut position = Position::empty(size);
        for (index, column) in columns.enumerate() {
            position
                .play(column)
                .map_err(|error| ParseMovesError::IllegalMove { index, error })?;
        }
        Ok(position)
    }

    /// The moves played so far, in Pons' notation.
    pub fn moves_string(&self) -> String {
        let mut text = String::with_capacity(self.history().len());
        for &c in self.history() {
            text.push(char::from(b'1' + c));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayError;

    #[test]
    fn parses_and_formats() {
        assert_eq!(parse_columns("4453", 7).unwrap(), vec![3, 3, 4, 2]);
        assert_eq!(format_columns(&[3, 3, 4, 2]), "4453");
        assert_eq!(parse_columns("", 7).unwrap(), Vec::<usize>::new());
        assert_eq!(Position::from_moves("4453").unwrap().moves_string(), "4453");
    }

    #[test]
    fn rejects_bad_characters_naming_the_move() {
        for (s, index, character) in [
            ("408", 1, '0'),
            ("8", 0, '8'),
            ("12a", 2, 'a'),
            ("1 2", 1, ' '),
        ] {
            let err = parse_columns(s, 7).unwrap_err();
            assert_eq!(
                err,
                ParseMovesError::InvalidCharacter {
                    index,
                    character,
                    width: 7
                }
            );
            assert!(
                err.to_string().contains(&format!("move {}", index + 1)),
                "{err}"
            );
        }
        let err = Position::from_moves("44-").unwrap_err();
        assert!(err.to_string().contains("move 3"), "{err}");
    }

    #[test]
    fn rejects_full_column_and_moves_after_the_end() {
        let err = Position::from_moves("1111111").unwrap_err();
        assert_eq!(
            err,
            ParseMovesError::IllegalMove {
                index: 6,
                error: PlayError::ColumnFull { column: 0 }
            }
        );
        assert!(
            err.to_string().contains("move 7") && err.to_string().contains("full"),
            "{err}"
        );

        // Player 1 wins vertically in column 1 with move 7; move 8 comes too late.
        let err = Position::from_moves("12121212").unwrap_err();
        assert_eq!(err.index(), 7);
        assert!(err.to_string().contains("over"), "{err}");
    }

    #[test]
    #[should_panic(expected = "off the board")]
    fn format_rejects_off_board_columns() {
        format_columns(&[9]);
    }
}

#[cfg(test)]
mod sizes {
    use super::*;
    use crate::engine::{ParseMovesError, Status};

    #[test]
    fn a_digit_past_the_board_says_so() {
        let size = Size::new(5, 4).unwrap();
        let err = Position::from_moves_on(size, "1236").unwrap_err();
        assert_eq!(
            err,
            ParseMovesError::InvalidCharacter {
                index: 3,
                character: '6',
                width: 5
            }
        );
        assert!(
            err.to_string()
                .contains("column 6 is off this board, which has 5 columns"),
            "{err}"
        );
        let wide = Size::new(9, 9).unwrap();
        let p = Position::from_moves_on(wide, "9981").unwrap();
        assert_eq!(p.moves_string(), "9981");
        assert_eq!(p.size(), wide);
        assert_eq!(Position::from_moves("8").unwrap_err().index(), 0);
        assert!(Position::from_moves_on(wide, "0").is_err());
    }

    #[test]
    fn a_low_board_fills_its_columns_sooner() {
        let size = Size::new(4, 4).unwrap();
        let err = Position::from_moves_on(size, "11111").unwrap_err();
        assert_eq!(err.index(), 4);
        let p = Position::from_moves_on(size, "1111").unwrap();
        assert!(!p.can_play(0));
        assert_eq!(p.status(), Status::InProgress);
    }
}
