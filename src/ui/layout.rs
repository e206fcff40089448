//! Board geometry in CSS pixels. The stage is as many cells wide as the board has columns, and
//! 0.8 of a cell taller than its rows (7 by 6.8 on the standard board): headroom above
//! the board, just tall enough for the ghost piece, where falls start.

use crate::engine::Size;

/// The headroom above the board, in cells: a checker (0.71 of a cell across) and a little.
pub const HEADROOM: f64 = 0.8;

/// The row (in board rows, 0 the top one) of the lane's middle, where the ghost hovers and
/// falls start.
pub const DROP_ROW: f64 = -(HEADROOM / 2.0 + 0.5);

/// The width of the board's outline, in cells (see [`Layout::outline_width`]).
pub const OUTLINE: f64 = 0.03;

/// Room kept free on each side of the board, in cells, so that its outline (centred on the
/// edge) is drawn whole rather than cut by the canvas's edges.
pub const EDGE: f64 = OUTLINE;

/// Rows of the stage on a board of `size`: the board plus the headroom above it.
fn stage_rows(size: Size) -> f64 {
    size.height() as f64 + HEADROOM
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// The board's columns and rows.
    pub columns: usize,
    pub rows: usize,
    /// Stage size in CSS pixels.
    pub width: f64,
    pub height: f64,
    /// Side of one cell.
    pub cell: f64,
    /// Left edge of the board.
    pub left: f64,
    /// Top edge of the board (below the headroom).
    pub top: f64,
    /// Radius of a hole; pieces are drawn slightly larger so no gap shows.
    pub hole: f64,
}

/// `x` to two decimals, as CSS reads it, with integers: float formatting would cost the
/// page's module 15 KB.
fn hundredths(x: f64) -> String {
    let h = (x * 100.0).round() as u32;
    format!("{}.{:02}", h / 100, h % 100)
}

impl Layout {
    /// The stage's shape as CSS writes it ("7.06 / 6.86" on the standard board): the
    /// board's columns wide, its rows and the headroom tall, with the free edge around.
    /// The web layer sets it on the stage, and the stylesheet uses the standard board's.
    pub fn aspect_ratio(size: Size) -> String {
        format!(
            "{} / {}",
            hundredths(size.width() as f64 + 2.0 * EDGE),
            Layout::tall(size)
        )
    }

    /// The stage's width over its height, as CSS multiplies by it ("1.03" on the standard
    /// board): how wide the board's column may be for the height it has.
    pub fn wide(size: Size) -> String {
        hundredths((size.width() as f64 + 2.0 * EDGE) / (stage_rows(size) + 2.0 * EDGE))
    }

    /// The stage's height in cells ("6.86" on the standard board): how tall the stage must
    /// be for cells of a given size.
    pub fn tall(size: Size) -> String {
        hundredths(stage_rows(size) + 2.0 * EDGE)
    }

    /// Fits the largest square-celled board of `size` into `width` x `height`, centred,
    /// with [`EDGE`] of a cell free around it.
    pub fn fit(size: Size, width: f64, height: f64) -> Layout {
        let width = width.max(1.0);
        let height = height.max(1.0);
        let (columns, stage_rows) = (size.width() as f64, stage_rows(size));
        let cell = (width / (columns + 2.0 * EDGE)).min(height / (stage_rows + 2.0 * EDGE));
        let left = (width - cell * columns) / 2.0;
        let top = (height - cell * stage_rows) / 2.0 + cell * HEADROOM;
        Layout {
            columns: size.width(),
            rows: size.height(),
            width,
            height,
            cell,
            left,
            top,
            hole: cell * 0.38,
        }
    }

    /// Centre of a cell; `row` 0 is the top row of the board, [`DROP_ROW`] the headroom above it.
    pub fn center(&self, column: usize, row: f64) -> (f64, f64) {
        (
            self.left + (column as f64 + 0.5) * self.cell,
            self.top + (row + 0.5) * self.cell,
        )
    }

    /// The column under horizontal position `x`, if it is over the board.
    pub fn column_at(&self, x: f64) -> Option<usize> {
        let c = ((x - self.left) / self.cell).floor();
        (c >= 0.0 && c < self.columns as f64).then_some(c as usize)
    }

    /// The width of the board's outline in CSS pixels: [`OUTLINE`] of a cell, at least 1.
    pub fn outline_width(&self) -> f64 {
        (self.cell * OUTLINE).max(1.0)
    }

    /// The board's bottom edge.
    pub fn bottom(&self) -> f64 {
        self.top + self.cell * self.rows as f64
    }

    /// The top of the headroom above the board.
    pub fn lane_top(&self) -> f64 {
        self.top - self.cell * HEADROOM
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn fits_wide_and_tall_containers() {
        // 6.8 rows of 100 px, plus the free edge above and below.
        let wide = Layout::fit(Size::CLASSIC, 1400.0, 686.0);
        assert!(close(wide.cell, 100.0), "{wide:?}");
        assert!(close(wide.left, 350.0), "{wide:?}");
        assert!(close(wide.top, 83.0), "{wide:?}");
        assert!(close(wide.lane_top(), 3.0), "{wide:?}");
        assert!(close(wide.bottom(), 683.0), "{wide:?}");
        // 7 columns of 50 px, plus the free edge left and right.
        let tall = Layout::fit(Size::CLASSIC, 353.0, 800.0);
        assert!(close(tall.cell, 50.0), "{tall:?}");
        assert!(close(tall.left, 1.5), "{tall:?}");
        assert!(tall.bottom() <= 800.0);
    }

    /// The board's outline (centred on its edge) stays inside the stage, whichever side
    /// limits the size, on every board size; the last column is under its own cells.
    #[test]
    fn the_outline_is_never_cut() {
        let stages = [
            (616.0, 616.0),
            (390.0, 390.0),
            (1400.0, 700.0),
            (300.0, 900.0),
        ];
        let every = stages
            .into_iter()
            .flat_map(|wh| Size::all().map(move |size| (size, wh)));
        for (size, (w, h)) in every {
            let l = Layout::fit(size, w, h);
            assert_eq!((l.columns, l.rows), (size.width(), size.height()));
            assert_eq!(
                l.column_at(l.left + l.cell * (size.width() as f64 - 0.5)),
                Some(size.width() - 1)
            );
            let half_line = l.outline_width() / 2.0;
            assert!(l.left >= half_line, "{l:?}");
            assert!(l.left + l.cell * l.columns as f64 + half_line <= w, "{l:?}");
            assert!(l.bottom() + half_line <= h, "{l:?}");
            assert!(l.lane_top() >= 0.0, "{l:?}");
            // The ghost, a checker in the lane, is drawn whole.
            let (_, y) = l.center(0, DROP_ROW);
            assert!(y - l.hole >= l.lane_top() && y + l.hole <= l.top, "{l:?}");
        }
    }

    /// The stylesheet sizes the stage with the same shape the layout fits the board in.
    #[test]
    fn the_stylesheet_has_the_stage_shape() {
        assert_eq!(Layout::aspect_ratio(Size::CLASSIC), "7.06 / 6.86");
        assert_eq!(Layout::wide(Size::CLASSIC), "1.03");
        assert_eq!(Layout::tall(Size::CLASSIC), "6.86");
        assert_eq!(Layout::tall(Size::new(4, 9).unwrap()), "9.86");
        let css = include_str!("../web/style.js");
        // Every size sets its own on the game; the standard board's is the fallback.
        let ratio = format!("var(--_ratio, {})", Layout::aspect_ratio(Size::CLASSIC));
        let wide = format!("100cqh * var(--_wide, {})", Layout::wide(Size::CLASSIC));
        assert!(css.contains(&wide) && !css.contains("100cqh * 1"));
        let tall = format!("var(--_tall, {}) * 28px", Layout::tall(Size::CLASSIC));
        assert!(css.contains(&tall), "the least board is 28px a cell");
        // The `aspect-ratio` property (not a `max-aspect-ratio` query), unless `auto`.
        let ratios: Vec<&str> = css
            .match_indices("aspect-ratio:")
            .filter(|&(i, _)| !css[..i].ends_with('-'))
            .map(|(i, key)| {
                let rest = &css[i + key.len()..];
                rest.split([';', '!', '}']).next().unwrap_or("").trim()
            })
            .filter(|value| *value != "auto")
            .collect();
        assert!(!ratios.is_empty());
        assert!(ratios.iter().all(|r| *r == ratio), "{ratios:?}");
    }

    #[test]
    fn maps_positions_to_columns() {
        let l = Layout::fit(Size::CLASSIC, 706.0, 706.0);
        assert!(close(l.cell, 100.0), "{l:?}");
        assert_eq!(l.column_at(3.0), Some(0));
        assert_eq!(l.column_at(102.9), Some(0));
        assert_eq!(l.column_at(353.0), Some(3));
        assert_eq!(l.column_at(702.9), Some(6));
        assert_eq!(l.column_at(703.0), None);
        assert_eq!(l.column_at(2.9), None);
        // The board sits 20 px lower than it would under a whole row of air.
        let (x, y) = l.center(3, 5.0);
        assert!(close(x, 353.0) && close(y, 643.0), "{x} {y}");
        let (x, y) = l.center(0, DROP_ROW);
        assert!(close(x, 53.0) && close(y, 53.0), "{x} {y}");
    }
}
