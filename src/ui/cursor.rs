//! Where the player points: the keyboard's column (the one column control in the tab order),
//! the column under the pointer, and whether the focus is on the column controls.

use super::command::Command;
use super::effect::Effect;
use crate::engine::Size;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    /// The board's columns.
    width: usize,
    selected: usize,
    hover: Option<usize>,
    focused: bool,
}

impl Default for Cursor {
    /// On the standard board: see [`Cursor::new`].
    fn default() -> Cursor {
        Cursor::new(Size::CLASSIC)
    }
}

impl Cursor {
    /// On a board of `size`: the centre column, nothing pointed at, no focus.
    pub fn new(size: Size) -> Cursor {
        Cursor {
            width: size.width(),
            selected: size.centre(),
            hover: None,
            focused: false,
        }
    }

    /// On a board of `size` from now on: a board of another width starts with its centre
    /// column selected; the same width keeps the selection.
    pub fn fit(&mut self, size: Size) {
        if self.width != size.width() {
            self.width = size.width();
            self.selected = size.centre();
            self.hover = self.hover.filter(|&c| c < self.width);
        }
    }

    /// The keyboard's column.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The column under the pointer.
    pub fn hover(&self) -> Option<usize> {
        self.hover
    }

    /// Whether the keyboard focus is on a column control.
    pub fn focused(&self) -> bool {
        self.focused
    }

    /// Selects `column` if it is on the board; true if that changed the selection.
    pub fn select(&mut self, column: usize) -> bool {
        let changed = column < self.width && column != self.selected;
        if changed {
            self.selected = column;
        }
        changed
    }

    /// Carries out a pointing command (select, move the selection, hover, focus); `Changed`
    /// if what shows changed.
    pub fn update(&mut self, command: Command) -> Vec<Effect> {
        let changed = match command {
            Command::Select(column) => self.select(column),
            // Left (-1) or right (+1), stopping at the edges.
            Command::SelectBy(delta) => {
                let next = (self.selected as i32).saturating_add(delta);
                let next = next.clamp(0, self.width as i32 - 1);
                self.select(next as usize)
            }
            Command::Hover(column) => {
                let column = column.filter(|&c| c < self.width);
                std::mem::replace(&mut self.hover, column) != column
            }
            Command::FocusBoard(on) => std::mem::replace(&mut self.focused, on) != on,
            _ => false,
        };
        if changed {
            vec![Effect::Changed]
        } else {
            Vec::new()
        }
    }
}
