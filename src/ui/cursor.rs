//! Where the player points: the keyboard's column (the one column control in the tab order),
//! the column under the pointer, and whether the focus is on the column controls.

use super::command::Command;
use super::effect::Effect;
use crate::engine::WIDTH;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    selected: usize,
    hover: Option<usize>,
    focused: bool,
}

impl Default for Cursor {
    /// The centre column, nothing pointed at, no focus.
    fn default() -> Cursor {
        Cursor {
            selected: WIDTH / 2,
            hover: None,
            focused: false,
        }
    }
}

impl Cursor {
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
        let changed = column < WIDTH && column != self.selected;
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
                let next = (self.selected as i32 + delta).clamp(0, WIDTH as i32 - 1);
                self.select(next as usize)
            }
            Command::Hover(column) => {
                let column = column.filter(|&c| c < WIDTH);
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
