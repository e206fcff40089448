//! `Game`: the JS face of [`Position`].

use super::convert::{board_to_js, cells_to_js, column_from_js, js_error, position_from_js, to_js};
use crate::engine::Position;
use crate::ui::event::MoveResult;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The computer's levels, weakest first. */
export type Level = "easy" | "medium" | "hard" | "perfect";
/** A board cell, 0-based. `row` 0 is the top row. */
export interface Cell { column: number; row: number }
/** The game's state: still being played, won, or drawn. */
export type GameStatus = "in-progress" | "win" | "draw";
/** What `Game.play` returns: the whole new state, ready to draw. */
export interface MoveResult {
  /** The column played, 0-based. */
  column: number;
  /** The row the piece landed in; 0 is the top row. */
  row: number;
  /** The player who moved. */
  player: 1 | 2;
  /** Rows from top to bottom, each with 7 cells: 0 empty, 1 or 2 a player's piece. */
  board: number[][];
  /** "in-progress", "win" or "draw", after the move. */
  status: GameStatus;
  /** The winner (1 or 2) if the move won; otherwise `null`. */
  winner: 1 | 2 | null;
  /** Every cell of every line of four or more through the winning move; empty unless won. */
  winLine: Cell[];
}
"#;

/// A game of Connect Four on the standard 7 x 6 board. Player 1 moves first.
///
/// Columns are 0-based. Move strings use Pascal Pons' notation: one digit `1`-`7` per move,
/// naming the column 1-based (`"4453"`).
#[wasm_bindgen(js_name = Game)]
#[derive(Clone, Default)]
pub struct Game {
    position: Position,
}

impl Game {
    pub fn position(&self) -> &Position {
        &self.position
    }
}

#[wasm_bindgen(js_class = Game)]
impl Game {
    /// An empty board; player 1 moves first.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Game {
        Game::default()
    }

    /// Replays a move string such as `"4453"`.
    ///
    /// Throws an `Error` naming the first move that is not a digit 1-7, fills a full column,
    /// or comes after the game has ended.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    ) -> Result<Game, JsError> {
        position_from_js(&moves).map(|position| Game { position })
    }

    /// Drops a piece for the player to move into `column` (0-based).
    ///
    /// Throws an `Error` and leaves the game unchanged if the column is not an integer from
    /// 0 to 6 (`invalid column`), if it is full (`full`), or if the game is over (`over`).
    #[wasm_bindgen(unchecked_return_type = "MoveResult")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] column: JsValue,
    ) -> Result<JsValue, JsError> {
        if self.position.is_over() {
            // The game being over is the most useful thing to say, whatever the column.
            let err = self.position.play(0).unwrap_err();
            return Err(JsError::new(&err.to_string()));
        }
        let column = column_from_js(&column)?;
        let placed = self.position.play_column(column).map_err(js_error)?;
        Ok(to_js(&MoveResult::after(&self.position, placed)))
    }

    /// Takes back the last move. Returns `false` if there is none.
    pub fn undo(&mut self) -> bool {
        self.position.undo().is_some()
    }

    /// Back to the empty board.
    pub fn reset(&mut self) {
        self.position = Position::new();
    }

    /// Rows from top to bottom, each with 7 cells: 0 empty, 1 or 2 a player's piece.
    #[wasm_bindgen(getter, unchecked_return_type = "number[][]")]
    pub fn board(&self) -> JsValue {
        board_to_js(&self.position)
    }

    /// `"in-progress"`, `"win"` or `"draw"`.
    #[wasm_bindgen(getter, unchecked_return_type = "GameStatus")]
    pub fn status(&self) -> String {
        self.position.status().as_str().to_owned()
    }

    /// 1 or 2 once a player has won; otherwise `null`.
    #[wasm_bindgen(getter, unchecked_return_type = "1 | 2 | null")]
    pub fn winner(&self) -> JsValue {
        self.position
            .winner()
            .map_or(JsValue::NULL, |p| JsValue::from(p.number()))
    }

    /// Every cell of every line of four or more through the winning move; empty unless won.
    #[wasm_bindgen(getter, js_name = winLine, unchecked_return_type = "Cell[]")]
    pub fn win_line(&self) -> JsValue {
        cells_to_js(&self.position.win_line())
    }

    /// The player to move: 1 or 2.
    #[wasm_bindgen(getter, js_name = currentPlayer, unchecked_return_type = "1 | 2")]
    pub fn current_player(&self) -> u8 {
        self.position.current_player().number()
    }

    /// The moves so far in Pons' notation, e.g. `"4453"`.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> String {
        self.position.moves_string()
    }

    /// The number of moves played.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> u32 {
        self.position.move_count() as u32
    }

    /// The columns that can be played now, 0-based; empty once the game is over.
    #[wasm_bindgen(js_name = legalColumns, unchecked_return_type = "number[]")]
    pub fn legal_columns(&self) -> JsValue {
        to_js(&self.position.legal_columns())
    }

    /// An independent copy of this game.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_js(&self) -> Game {
        self.clone()
    }
}
