//! What the UI says: accessible names and announcements. Columns and rows are counted from
//! 1 here, as people count; rows from the bottom.

use crate::engine::{Placed, Player, Position, Status, HEIGHT};

pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Yellow",
    }
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
/// moves (see the score contract on `Solver`): "win in 3" (with the mover's third move from
/// now), "draw", or "loses in 5" (to the opponent's fifth move from now).
pub fn outcome_text(score: i32, moves: usize) -> String {
    let own_played = (moves / 2) as i32;
    let opponent_played = moves.div_ceil(2) as i32;
    match score {
        0 => "draw".to_owned(),
        s if s > 0 => format!("win in {}", 22 - s - own_played),
        s => format!("loses in {}", 22 + s - opponent_played),
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
        assert!(result_text(Status::Win(Player::Second))
            .unwrap()
            .contains("wins"));
    }
}
