//! The board's size: 4 to 9 columns by 4 to 9 rows, 7 x 6 by default.

use std::fmt;

/// A board size, checked once where it comes in: `4..=9` columns by `4..=9` rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A size outside `4..=9` by `4..=9`. Holds what was asked for, saturated to `u32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeError {
    pub width: u32,
    pub height: u32,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported board size {} x {}: a board has {} to {} columns and {} to {} rows",
            self.width,
            self.height,
            Size::MIN,
            Size::MAX,
            Size::MIN,
            Size::MAX
        )
    }
}

impl std::error::Error for SizeError {}

impl Size {
    /// The fewest columns or rows a board can have.
    pub const MIN: usize = 4;
    /// The most columns or rows a board can have.
    pub const MAX: usize = 9;
    /// The standard board: 7 columns by 6 rows.
    pub const CLASSIC: Size = Size {
        width: 7,
        height: 6,
    };

    /// `width` columns by `height` rows, each from 4 to 9.
    ///
    /// # Errors
    /// [`SizeError`] for anything else.
    pub const fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        if width < Size::MIN || width > Size::MAX || height < Size::MIN || height > Size::MAX {
            return Err(SizeError {
                width: saturate(width),
                height: saturate(height),
            });
        }
        Ok(Size {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Every size, narrowest first, then lowest first.
    pub fn all() -> impl Iterator<Item = Size> {
        (Size::MIN..=Size::MAX).flat_map(|w| {
            (Size::MIN..=Size::MAX).map(move |h| Size {
                width: w as u8,
                height: h as u8,
            })
        })
    }

    /// Number of columns.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells, and so the most moves a game can have.
    pub const fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Whether this is the standard 7 x 6 board.
    pub const fn is_classic(self) -> bool {
        self.width == 7 && self.height == 6
    }

    /// Bits one column takes in a bitboard: its cells and a spare bit on top.
    pub const fn column_bits(self) -> u32 {
        self.height as u32 + 1
    }

    /// The columns from the centre out (the left one of two centres first): the usual best
    /// first guess, and where a cursor starts. Only the first `width` entries count.
    pub const fn centre_out(self) -> [u8; Size::MAX] {
        let w = self.width as i32;
        let mut order = [0u8; Size::MAX];
        let mut i = 0;
        while i < w {
            // The middle, then alternately one further out on each side: left first on an
            // odd board (3, 2, 4, …), and on an even one the right middle next (3, 4, 2, …).
            let step = if i % 2 == 1 { (i + 1) / 2 } else { -(i / 2) };
            let c = (w - 1) / 2 + if w % 2 == 1 { -step } else { step };
            order[i as usize] = c as u8;
            i += 1;
        }
        order
    }

    /// The column in the middle (the left one of two middle columns).
    pub const fn centre(self) -> usize {
        (self.width() - 1) / 2
    }

    /// How far `column` is from the nearer edge, counted in columns: 0 at an edge.
    pub const fn edge_distance(self, column: usize) -> usize {
        let right = self.width() - 1 - column;
        if column < right {
            column
        } else {
            right
        }
    }
}

const fn saturate(n: usize) -> u32 {
    if n > u32::MAX as usize {
        u32::MAX
    } else {
        n as u32
    }
}

impl Default for Size {
    fn default() -> Size {
        Size::CLASSIC
    }
}

/// `7x6`, as in a share link.
impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Why a written size (`"8x7"`) was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseSizeError {
    /// Not `columns` `x` `rows` in digits.
    Form(String),
    /// Written right, but not a size a board can have.
    Size(SizeError),
}

impl fmt::Display for ParseSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSizeError::Form(text) => write!(
                f,
                "{} is not a board size: it is written columns x rows, such as 8x7",
                crate::engine::error::quoted(text)
            ),
            ParseSizeError::Size(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseSizeError {}

/// Reads `8x7`: one or two digits, `x`, one or two digits, as [`Size`]'s `Display` writes.
impl std::str::FromStr for Size {
    type Err = ParseSizeError;
    fn from_str(text: &str) -> Result<Size, ParseSizeError> {
        let form = || ParseSizeError::Form(text.to_owned());
        let (w, h) = text.split_once('x').ok_or_else(form)?;
        let number = |part: &str| -> Result<usize, ParseSizeError> {
            let digits =
                !part.is_empty() && part.len() <= 2 && part.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| part.parse().ok()).flatten().ok_or_else(form)
        };
        Size::new(number(w)?, number(h)?).map_err(ParseSizeError::Size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_back_what_they_write() {
        for size in Size::all() {
            assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
        assert!(matches!(
            "10x6".parse::<Size>(),
            Err(ParseSizeError::Size(_))
        ));
        assert!(matches!(
            "3x6".parse::<Size>(),
            Err(ParseSizeError::Size(_))
        ));
        for bad in [
            "", "7", "7x", "x6", "7X6", "7 x 6", "+7x6", "7x6x", "007x6", "7.5x6", "７x6",
        ] {
            let e = bad.parse::<Size>().unwrap_err();
            assert!(matches!(e, ParseSizeError::Form(_)), "{bad:?}: {e}");
            assert!(e.to_string().contains("such as 8x7"), "{e}");
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Size::new(7, 6), Ok(Size::CLASSIC));
        assert_eq!(Size::all().count(), 36);
        for size in Size::all() {
            assert_eq!(Size::new(size.width(), size.height()), Ok(size));
        }
        for (w, h) in [(3, 6), (10, 6), (7, 3), (7, 10), (0, 0), (usize::MAX, 6)] {
            let error = Size::new(w, h).unwrap_err();
            assert!(error.to_string().contains("4 to 9 columns"), "{error}");
        }
        assert_eq!(
            Size::new(usize::MAX, 6).unwrap_err().width,
            u32::MAX,
            "a huge size is saturated, not wrapped"
        );
    }

    #[test]
    fn centre_out_order() {
        let order = |w| Size::new(w, 6).unwrap().centre_out()[..w].to_vec();
        assert_eq!(order(7), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(order(4), [1, 2, 0, 3]);
        assert_eq!(order(8), [3, 4, 2, 5, 1, 6, 0, 7]);
        assert_eq!(order(9), [4, 3, 5, 2, 6, 1, 7, 0, 8]);
        for size in Size::all() {
            let mut seen = order(size.width());
            seen.sort_unstable();
            assert_eq!(seen, (0..size.width() as u8).collect::<Vec<_>>());
            assert_eq!(usize::from(size.centre_out()[0]), size.centre());
        }
    }
}
