//! Board geometry in CSS pixels. The stage is 7 cells wide and 7 tall: one row of air above
//! the 6 rows of the board, where the ghost piece hovers and falls start.

use crate::engine::{HEIGHT, WIDTH};

/// Rows of the stage: the board plus one row above it.
pub const STAGE_ROWS: usize = HEIGHT + 1;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Stage size in CSS pixels.
    pub width: f64,
    pub height: f64,
    /// Side of one cell.
    pub cell: f64,
    /// Left edge of the board.
    pub left: f64,
    /// Top edge of the board (below the row of air).
    pub top: f64,
    /// Radius of a hole; pieces are drawn slightly larger so no gap shows.
    pub hole: f64,
}

impl Layout {
    /// Fits the largest square-celled board into `width` x `height`, centred.
    pub fn fit(width: f64, height: f64) -> Layout {
        let width = width.max(1.0);
        let height = height.max(1.0);
        let cell = (width / WIDTH as f64).min(height / STAGE_ROWS as f64);
        let left = (width - cell * WIDTH as f64) / 2.0;
        let top = (height - cell * STAGE_ROWS as f64) / 2.0 + cell;
        Layout {
            width,
            height,
            cell,
            left,
            top,
            hole: cell * 0.38,
        }
    }

    /// Centre of a cell; `row` 0 is the top row of the board, -1 the row of air above it.
    pub fn center(&self, column: usize, row: f64) -> (f64, f64) {
        (
            self.left + (column as f64 + 0.5) * self.cell,
            self.top + (row + 0.5) * self.cell,
        )
    }

    /// The column under horizontal position `x`, if it is over the board.
    pub fn column_at(&self, x: f64) -> Option<usize> {
        let c = ((x - self.left) / self.cell).floor();
        (c >= 0.0 && c < WIDTH as f64).then_some(c as usize)
    }

    /// The board's bottom edge.
    pub fn bottom(&self) -> f64 {
        self.top + self.cell * HEIGHT as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_wide_and_tall_containers() {
        let wide = Layout::fit(1400.0, 700.0);
        assert_eq!(wide.cell, 100.0);
        assert_eq!(wide.left, 350.0);
        assert_eq!(wide.top, 100.0);
        let tall = Layout::fit(350.0, 800.0);
        assert_eq!(tall.cell, 50.0);
        assert_eq!(tall.left, 0.0);
        assert!(tall.bottom() <= 800.0);
    }

    #[test]
    fn maps_positions_to_columns() {
        let l = Layout::fit(700.0, 700.0);
        assert_eq!(l.column_at(0.0), Some(0));
        assert_eq!(l.column_at(99.9), Some(0));
        assert_eq!(l.column_at(350.0), Some(3));
        assert_eq!(l.column_at(699.9), Some(6));
        assert_eq!(l.column_at(700.0), None);
        assert_eq!(l.column_at(-1.0), None);
        assert_eq!(l.center(3, 5.0), (350.0, 650.0));
        assert_eq!(l.center(0, -1.0), (50.0, 50.0));
    }
}
