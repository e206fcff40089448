//! Every user-facing string: labels, the turn line, accessible names and announcements.
//! Columns and rows are counted from 1 here, as people count; rows from the bottom.

use super::settings::PlayerKind;
use crate::engine::{Placed, Player, Position, Status, HEIGHT};
use crate::solver::{Outcome, Score};

/// The game's accessible name.
pub const GAME: &str = "Connect Four";
/// The accessible name of the group of column controls.
pub const BOARD: &str = "Board: choose a column";
pub const PLAY_AGAIN: &str = "Play again";
pub const NEW_GAME: &str = "New game";
pub const UNDO: &str = "Undo";
pub const HINT: &str = "Hint";
pub const SHOW_ANALYSIS: &str = "Show analysis";
pub const SETTINGS: &str = "Settings";
pub const REDUCE_MOTION: &str = "Reduce motion";
pub const KEY_HELP: &str = "Keys: ← → choose a column, Enter or Space drops, 1–7 drop directly, U undoes, N starts a new game, H gives a hint.";

pub const NO_HINT_GAME_OVER: &str = "The game is over: there is no move to hint.";
pub const WAIT_FOR_COMPUTER: &str = "Wait: the computer is thinking.";
pub const WAIT_FOR_FALL: &str = "Wait: a piece is still falling.";
pub const LOOKING_FOR_HINT: &str = "Looking for the best move…";
pub const GAME_OVER: &str = "The game is over. Press N or choose New game to play again.";
pub const NOTHING_TO_UNDO: &str = "Nothing to undo";

pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Yellow",
    }
}

/// The label of a side's choice of player: "Red is played by".
pub fn played_by(player: Player) -> String {
    format!("{} is played by", player_name(player))
}

/// A choice of player in the settings: "A person" or "Computer: hard".
pub fn player_choice(kind: PlayerKind) -> String {
    match kind {
        PlayerKind::Human => "A person".to_owned(),
        PlayerKind::Computer(level) => format!("Computer: {level}"),
    }
}

/// The turn line while the computer works out its move.
pub fn thinking_text(player: Player) -> String {
    format!("{} is thinking…", player_name(player))
}

/// "0 moves played", "1 move played".
pub fn count_text(moves: usize) -> String {
    format!(
        "{moves} {} played",
        if moves == 1 { "move" } else { "moves" }
    )
}

/// A column number that does not exist.
pub fn no_such_column(column: usize) -> String {
    format!("There is no column {}", column + 1)
}

/// The hint: "Hint: column 4, win in 3".
pub fn hint_text(column: usize, score: i32, moves: usize) -> String {
    format!(
        "Hint: column {}, {}",
        column + 1,
        outcome_text(score, moves)
    )
}

/// The accessible name of a column control with what the analysis and the hint add.
pub fn column_name(label: &str, outcome: Option<&str>, hinted: bool) -> String {
    let mut name = label.to_owned();
    if let Some(outcome) = outcome {
        name.push_str("; analysis: ");
        name.push_str(outcome);
    }
    if hinted {
        name.push_str("; hint: best move");
    }
    name
}

/// What undo took back: "Undid Yellow in column 5 and Red in column 4".
pub fn undid_text(undone: &[(Player, usize)]) -> String {
    let what: Vec<String> = undone
        .iter()
        .map(|&(p, c)| format!("{} in column {}", player_name(p), c + 1))
        .collect();
    format!("Undid {}", what.join(" and "))
}

pub fn new_game_text(first: Player) -> String {
    format!("New game. {} to move.", player_name(first))
}

pub fn computer_failed_text(message: &str) -> String {
    format!("The computer could not move: {message}")
}

/// The computer's worker started without its opening book, for `reason` (e.g. "could not
/// load the opening book from …: HTTP 404").
pub fn no_book_text(reason: &str) -> String {
    // ASCII only: the messages are English, and Unicode's case tables would add 15 KB
    // to the wasm module.
    let mut reason = reason.to_owned();
    if let Some(first) = reason.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    format!("{reason}. The computer still plays exactly, but may think longer early in the game.")
}

/// "Red in column 4, row 1" (row 1 is the bottom row).
pub fn move_text(placed: Placed) -> String {
    format!(
        "{} in column {}, row {}",
        player_name(placed.player),
        placed.column + 1,
        HEIGHT - usize::from(placed.row)
    )
}

pub fn full_text(column: usize) -> String {
    format!("Column {} is full", column + 1)
}

/// The result line, or `None` while the game goes on.
pub fn result_text(status: Status) -> Option<String> {
    match status {
        Status::InProgress => None,
        Status::Win(p) => Some(format!("{} wins!", player_name(p))),
        Status::Draw => Some("It's a draw: the board is full.".to_owned()),
    }
}

/// The turn line: "Red to move" or the result.
pub fn turn_text(position: &Position) -> String {
    result_text(position.status())
        .unwrap_or_else(|| format!("{} to move", player_name(position.current_player())))
}

/// The accessible name of a column control: it starts "Column N" and says how full the
/// column is and what is in it, bottom to top.
pub fn column_label(position: &Position, column: usize) -> String {
    let height = position.height(column);
    let pieces: Vec<&str> = (0..height)
        .map(|h| {
            position
                .cell(column, HEIGHT - 1 - h)
                .map_or("?", player_name)
        })
        .collect();
    let fill = if height == HEIGHT {
        "full".to_owned()
    } else if height == 0 {
        "empty".to_owned()
    } else {
        format!("{height} of {HEIGHT} filled")
    };
    if pieces.is_empty() {
        format!("Column {}, {fill}", column + 1)
    } else {
        format!(
            "Column {}, {fill}: {} (bottom to top)",
            column + 1,
            pieces.join(", ")
        )
    }
}

/// A column's outcome in words, from a solver score for the side to move after `moves`
/// moves (see [`Score`]): "win in 3" (with the mover's third move from now), "draw", or
/// "loses in 5" (to the opponent's fifth move from now).
pub fn outcome_text(score: i32, moves: usize) -> String {
    match Score::new(score).outcome(moves) {
        Outcome::Win(n) => format!("win in {n}"),
        Outcome::Draw => "draw".to_owned(),
        Outcome::Loss(n) => format!("loses in {n}"),
    }
}

/// The best columns of an analysis (highest score), left to right.
pub fn best_columns(scores: &[Option<i32>]) -> Vec<usize> {
    let best = scores.iter().flatten().max();
    (0..scores.len())
        .filter(|&c| scores[c].is_some() && scores[c].as_ref() == best)
        .collect()
}

/// The announcement of an analysis: the best move first, then every column.
pub fn analysis_text(scores: &[Option<i32>], moves: usize) -> String {
    let parts: Vec<String> = scores
        .iter()
        .enumerate()
        .filter_map(|(c, s)| s.map(|s| format!("column {} {}", c + 1, outcome_text(s, moves))))
        .collect();
    format!("Analysis: {}.", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_count_moves_from_now() {
        // Empty board: the first player wins with its 21st stone (score 1): 21 moves from now.
        assert_eq!(outcome_text(1, 0), "win in 21");
        // Pons' example: "4455" scores 18 for Red, who wins with its 4th stone, its 2nd from now.
        assert_eq!(outcome_text(18, 4), "win in 2");
        // A move that wins at once, after 6 moves: score (43 - 6) / 2 = 18, the next move.
        assert_eq!(outcome_text(18, 6), "win in 1");
        // Pons' example "44455554221" scores -15 for the mover, Yellow (5 stones played):
        // Red (6 stones) wins with its 7th stone, its first from now.
        assert_eq!(outcome_text(-15, 11), "loses in 1");
        assert_eq!(outcome_text(0, 20), "draw");
        let scores = [None, Some(-2), Some(3), Some(3), Some(0), None, Some(-1)];
        assert_eq!(best_columns(&scores), vec![2, 3]);
        assert!(analysis_text(&scores, 10).starts_with("Analysis: column 2 loses in"));
    }

    #[test]
    fn texts() {
        let mut p = Position::new();
        let placed = p.play(3).unwrap();
        assert_eq!(move_text(placed), "Red in column 4, row 1");
        let placed = p.play(3).unwrap();
        assert_eq!(move_text(placed), "Yellow in column 4, row 2");
        assert_eq!(
            column_label(&p, 3),
            "Column 4, 2 of 6 filled: Red, Yellow (bottom to top)"
        );
        assert_eq!(column_label(&p, 0), "Column 1, empty");
        assert_eq!(full_text(0), "Column 1 is full");
        assert_eq!(turn_text(&p), "Red to move");
        let p = Position::from_moves("444444").unwrap();
        assert!(column_label(&p, 3).starts_with("Column 4, full"));
        let p = Position::from_moves("1212121").unwrap();
        assert_eq!(turn_text(&p), "Red wins!");
        assert!(result_text(Status::Draw).unwrap().contains("draw"));
        assert_eq!(count_text(1), "1 move played");
        assert_eq!(count_text(2), "2 moves played");
        assert_eq!(thinking_text(Player::Second), "Yellow is thinking…");
        assert_eq!(played_by(Player::First), "Red is played by");
        assert_eq!(player_choice(PlayerKind::Human), "A person");
        assert_eq!(
            player_choice(PlayerKind::Computer(crate::solver::Level::Hard)),
            "Computer: hard"
        );
        assert_eq!(
            column_name("Column 4, empty", Some("draw"), true),
            "Column 4, empty; analysis: draw; hint: best move"
        );
        assert_eq!(
            column_name("Column 4, empty", None, false),
            "Column 4, empty"
        );
        assert_eq!(
            undid_text(&[(Player::Second, 4), (Player::First, 3)]),
            "Undid Yellow in column 5 and Red in column 4"
        );
        assert!(result_text(Status::Win(Player::Second))
            .unwrap()
            .contains("wins"));
    }
}
