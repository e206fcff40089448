//! `Game`: the JS face of [`Position`].

use super::convert::{
    board_to_js, cells_to_js, column_from_js, js_error, options_object, position_from_js,
    size_from_options, to_js,
};
use crate::engine::{Position, Size};
use crate::ui::event::MoveResult;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The computer's levels, weakest first. */
export type Level = "easy" | "medium" | "hard" | "perfect";
/** A board cell, 0-based. `row` 0 is the top row. */
export interface Cell { column: number; row: number }
/** A board's size: 4 to 9 columns and 4 to 9 rows (7 and 6 unless given). */
export interface BoardSize {
  /** Columns, 4 to 9 (default 7). */
  columns?: number;
  /** Rows, 4 to 9 (default 6). */
  rows?: number;
}
/** The game's state: still being played, won, or drawn. */
export type GameStatus = "in-progress" | "win" | "draw";
/** What `Game.play` returns: the whole new state, ready to draw. */
export interface MoveResult {
  /** The board's columns, 4 to 9 (7 on the standard board). */
  columns: number;
  /** The board's rows, 4 to 9 (6 on the standard board). */
  rows: number;
  /** The column played, 0-based. */
  column: number;
  /** The row the piece landed in; 0 is the top row. */
  row: number;
  /** The player who moved. */
  player: 1 | 2;
  /** Rows from top to bottom, each with a cell per column: 0 empty, 1 or 2 a player's piece. */
  board: number[][];
  /** "in-progress", "win" or "draw", after the move. */
  status: GameStatus;
  /** The winner (1 or 2) if the move won; otherwise `null`. */
  winner: 1 | 2 | null;
  /** Every cell of every line of four or more through the winning move; empty unless won. */
  winLine: Cell[];
}
"#;

/// A game of Connect Four, on the standard 7 x 6 board or any size from 4 x 4 to 9 x 9.
/// Player 1 moves first.
///
/// Columns are 0-based. Move strings use Pascal Pons' notation: one digit per move, naming
/// the column 1-based (`"4453"`; `1`-`7` on 7 x 6, up to `9` on a 9-column board).
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
    /// An empty board of `options.columns` by `options.rows` (7 by 6 unless given, each 4
    /// to 9); player 1 moves first. Throws an `Error` for any other size or an unknown key.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "BoardSize")] options: Option<JsValue>,
    ) -> Result<Game, JsError> {
        let size = game_size(options)?;
        Ok(Game {
            position: Position::empty(size),
        })
    }

    /// Replays a move string such as `"4453"`, on a board of `options.columns` by
    /// `options.rows` (7 by 6 unless given).
    ///
    /// Throws an `Error` naming the first move that is not a column digit of the board (a
    /// digit past its width says so), fills a full column, or comes after the game has
    /// ended.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(
        #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BoardSize")] options: Option<JsValue>,
    ) -> Result<Game, JsError> {
        let size = game_size(options)?;
        position_from_js(&moves, size).map(|position| Game { position })
    }

    /// The board's columns: 4 to 9.
    #[wasm_bindgen(getter)]
    pub fn columns(&self) -> u32 {
        self.position.width() as u32
    }

    /// The board's rows: 4 to 9.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.position.rows() as u32
    }

    /// Drops a piece for the player to move into `column` (0-based).
    ///
    /// Throws an `Error` and leaves the game unchanged if the column is not an integer from
    /// 0 to `columns - 1` (`invalid column`), if it is full (`full`), or if the game is over
    /// (`over`).
    #[wasm_bindgen(unchecked_return_type = "MoveResult")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] column: JsValue,
    ) -> Result<JsValue, JsError> {
        if self.position.is_over() {
            // The game being over is the most useful thing to say, whatever the column.
            let over = crate::engine::error::PlayError::GameOver {
                winner: self.position.winner(),
            };
            return Err(JsError::new(&over.to_string()));
        }
        let column = column_from_js(&column, self.position.width())?;
        let placed = self.position.play_column(column).map_err(js_error)?;
        Ok(to_js(&MoveResult::after(&self.position, placed)))
    }

    /// Takes back the last move. Returns `false` if there is none.
    pub fn undo(&mut self) -> bool {
        self.position.undo().is_some()
    }

    /// Back to the empty board, of the same size.
    pub fn reset(&mut self) {
        self.position = Position::empty(self.position.size());
    }

    /// Rows from top to bottom, each with a cell per column: 0 empty, 1 or 2 a player's
    /// piece.
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

/// The size in a `Game`'s options: `columns` and `rows`, nothing else.
fn game_size(options: Option<JsValue>) -> Result<Size, JsError> {
    match options_object(options, &["columns", "rows"], "Game")? {
        None => Ok(Size::CLASSIC),
        Some(options) => size_from_options(&options),
    }
}
