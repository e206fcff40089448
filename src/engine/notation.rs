//! Pascal Pons' move notation: one digit `1`-`7` per move, naming the column 1-based,
//! first player first. `""` is the empty board; `"4453"` is four moves.

use super::{Column, ParseMovesError, Position, WIDTH};

/// Reads the columns (0-based) of a move string, checking only its characters.
/// Use [`Position::from_moves`] to also check that every move is legal.
pub fn parse_columns(moves: &str) -> Result<Vec<usize>, ParseMovesError> {
    moves
        .chars()
        .enumerate()
        .map(|(index, character)| column_of(index, character))
        .collect()
}

/// The 0-based column a move character names, or the error naming it.
fn column_of(index: usize, character: char) -> Result<usize, ParseMovesError> {
    Column::from_digit(character)
        .map(Column::index)
        .ok_or(ParseMovesError::InvalidCharacter { index, character })
}

/// Writes 0-based columns as a move string. Columns outside `0..WIDTH` are a caller bug.
///
/// # Panics
/// If a column is `WIDTH` or more.
#[track_caller]
pub fn format_columns(columns: &[usize]) -> String {
    columns
        .iter()
        .map(|&c| {
            assert!(c < WIDTH, "column {c} is off the board");
            char::from(b'1' + c as u8)
        })
        .collect()
}

impl Position {
    /// Replays a move string from the empty board.
    ///
    /// # Errors
    /// Names the first move that is not a digit `1`-`7`, fills a full column, or comes
    /// after the game has ended.
    pub fn from_moves(moves: &str) -> Result<Position, ParseMovesError> {
        // Every character is checked before any move is played, so a bad character is
        // reported even after an illegal move.
        if !moves.bytes().all(|byte| matches!(byte, b'1'..=b'7')) {
            for (index, character) in moves.chars().enumerate() {
                column_of(index, character)?;
            }
        }
        // All characters are now the ASCII digits 1-7: one byte per move. This runs on every
        // solver call from JS, so the usual case (a game in progress) takes a quick path:
        // on Test_L3_R1's lines it halved the parse, natively (0.45 -> 0.22 µs) and in wasm
        // (about 1.0 -> 0.45 µs). Anything else is replayed move by move, for its status or
        // for the error that names the first illegal move.
        let columns = moves.bytes().map(|byte| usize::from(byte - b'1'));
        if let Some(position) = Position::replay_in_progress(columns.clone()) {
            return Ok(position);
        }
        let mut position = Position::new();
        for (index, column) in columns.enumerate() {
            position
                .play(column)
                .map_err(|error| ParseMovesError::IllegalMove { index, error })?;
        }
        Ok(position)
    }

    /// The moves played so far, in Pons' notation.
    pub fn moves_string(&self) -> String {
        self.history()
            .iter()
            .map(|&c| char::from(b'1' + c))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayError;

    #[test]
    fn parses_and_formats() {
        assert_eq!(parse_columns("4453").unwrap(), vec![3, 3, 4, 2]);
        assert_eq!(format_columns(&[3, 3, 4, 2]), "4453");
        assert_eq!(parse_columns("").unwrap(), Vec::<usize>::new());
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
            let err = parse_columns(s).unwrap_err();
            assert_eq!(err, ParseMovesError::InvalidCharacter { index, character });
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
        format_columns(&[7]);
    }
}
