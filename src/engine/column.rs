//! A column of the board, checked once where it comes in (from JS, from a move string).

use super::{PlayError, MAX_WIDTH};
use std::fmt;

/// A column of the widest board: always in `0..9`, so it needs no further check than
/// [`super::Position::play`]'s against its own board's width.
///
/// [`Column::index`] is 0-based, as the JS API and [`super::Position::play`] count; its
/// `Display` is 1-based (`"4"` for the centre column), as people and Pons' move notation
/// count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(u8);

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; MAX_WIDTH] = {
        let mut all = [Column(0); MAX_WIDTH];
        let mut i = 0;
        while i < MAX_WIDTH {
            all[i] = Column(i as u8);
            i += 1;
        }
        all
    };

    /// The column with this 0-based index, or `None` if it is off the board.
    pub const fn new(index: usize) -> Option<Column> {
        if index < MAX_WIDTH {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The 0-based index: 0 is the leftmost column.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column a move character names in Pons' notation: `'1'` to `'9'`.
    pub const fn from_digit(digit: char) -> Option<Column> {
        match digit {
            '1'..='9' => Some(Column(digit as u8 - b'1')),
            _ => None,
        }
    }

    /// The move character that names this column in Pons' notation: `'1'` to `'9'`.
    pub const fn digit(self) -> char {
        (b'1' + self.0) as char
    }
}

/// Checks a 0-based index: [`PlayError::InvalidColumn`] if it is off the widest board.
impl TryFrom<usize> for Column {
    type Error = PlayError;

    fn try_from(index: usize) -> Result<Column, PlayError> {
        Column::new(index).ok_or(PlayError::InvalidColumn {
            column: index,
            width: MAX_WIDTH as u8,
        })
    }
}

impl From<Column> for usize {
    fn from(column: Column) -> usize {
        column.index()
    }
}

/// 1-based, as people count: `Column::new(3)` shows as `4`.
impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_at_construction() {
        for index in 0..MAX_WIDTH {
            let column = Column::new(index).unwrap();
            assert_eq!(column.index(), index);
            assert_eq!(usize::from(column), index);
            assert_eq!(Column::try_from(index), Ok(column));
            assert_eq!(Column::ALL[index], column);
        }
        for index in [MAX_WIDTH, 10, 255, 256, usize::MAX] {
            assert_eq!(Column::new(index), None);
            assert_eq!(
                Column::try_from(index),
                Err(PlayError::InvalidColumn {
                    column: index,
                    width: 9
                })
            );
        }
    }

    #[test]
    fn one_based_for_people_and_notation() {
        let centre = Column::new(3).unwrap();
        assert_eq!(centre.to_string(), "4");
        assert_eq!(centre.digit(), '4');
        assert_eq!(Column::from_digit('4'), Some(centre));
        for column in Column::ALL {
            assert_eq!(Column::from_digit(column.digit()), Some(column));
            assert_eq!(column.to_string(), column.digit().to_string());
        }
        for bad in ['0', ':', 'a', ' ', '٣'] {
            assert_eq!(Column::from_digit(bad), None, "{bad:?}");
        }
    }
}
