//! Property tests of the rules engine against a brute-force reading of the board.
#![cfg(not(target_arch = "wasm32"))]

use connect_four::engine::notation::{format_columns, parse_columns};
use connect_four::engine::{
    Cell, Column, ParseMovesError, PlayError, Player, Position, Status, HEIGHT, WIDTH,
};
use proptest::prelude::*;

/// Scans every line on the board from its first cell, with no bitboards: the cells of every
/// run of four or more stones of one player, and that player.
fn brute_force_runs(p: &Position) -> Vec<(Player, Vec<Cell>)> {
    let owner = |c: i32, r: i32| -> Option<Player> {
        if (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r) {
            p.cell(c as usize, r as usize)
        } else {
            None
        }
    };
    let mut runs = Vec::new();
    for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                let Some(who) = owner(c, r) else { continue };
                if owner(c - dc, r - dr) == Some(who) {
                    continue; // not the start of a run
                }
                let mut cells = Vec::new();
                let (mut x, mut y) = (c, r);
                while owner(x, y) == Some(who) {
                    cells.push(Cell {
                        column: x as u8,
                        row: y as u8,
                    });
                    x += dc;
                    y += dr;
                }
                if cells.len() >= 4 {
                    runs.push((who, cells));
                }
            }
        }
    }
    runs
}

fn brute_force_status(p: &Position) -> Status {
    match brute_force_runs(p).first() {
        Some((who, _)) => Status::Win(*who),
        None if p.board().iter().flatten().all(|&c| c != 0) => Status::Draw,
        None => Status::InProgress,
    }
}

fn brute_force_win_line(p: &Position) -> Vec<Cell> {
    let Some(last) = p.last_move() else {
        return Vec::new();
    };
    let last = Cell {
        column: last.column,
        row: last.row,
    };
    let mut cells: Vec<Cell> = brute_force_runs(p)
        .into_iter()
        .filter(|(_, run)| run.contains(&last))
        .flat_map(|(_, run)| run)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Plays a random game: each choice picks among the legal columns.
fn play_game(choices: &[u8], mut each: impl FnMut(&Position, &Position)) -> Position {
    let mut p = Position::new();
    for &choice in choices {
        let legal = p.legal_columns();
        if legal.is_empty() {
            break;
        }
        let before = p;
        p.play(legal[usize::from(choice) % legal.len()]).unwrap();
        each(&before, &p);
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn incremental_win_check_agrees_with_brute_force(choices in prop::collection::vec(any::<u8>(), 42)) {
        play_game(&choices, |_, p| {
            assert_eq!(p.status(), brute_force_status(p), "{}", p.moves_string());
            assert_eq!(p.win_line(), brute_force_win_line(p), "{}", p.moves_string());
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn undo_restores_the_exact_earlier_state(choices in prop::collection::vec(any::<u8>(), 0..42)) {
        let end = play_game(&choices, |before, after| {
            let mut undone = *after;
            let column = undone.undo().expect("a move was played");
            assert_eq!(before.height(column) + 1, after.height(column));
            assert_eq!(&undone, before);
        });
        // Undo all the way back to the empty board.
        let mut p = end;
        while p.undo().is_some() {}
        prop_assert_eq!(p, Position::new());
    }

    #[test]
    fn formatting_then_parsing_gives_back_the_moves(choices in prop::collection::vec(any::<u8>(), 0..42)) {
        let p = play_game(&choices, |_, _| {});
        let s = p.moves_string();
        prop_assert_eq!(Position::from_moves(&s).unwrap(), p);
        let columns: Vec<usize> = p.history().iter().map(|&c| usize::from(c)).collect();
        prop_assert_eq!(format_columns(&columns), s.clone());
        prop_assert_eq!(parse_columns(&s, 7).unwrap(), columns);
    }

    /// `from_moves` has a quick path for games in progress. It must agree with checking
    /// every character first and then playing the moves one by one: the same position, or
    /// the same error naming the same move (wins, draws, full columns, moves after the end).
    #[test]
    fn from_moves_agrees_with_playing_move_by_move(s in "[1-7]{0,50}|[0-9a-]{0,12}|[1-7]{0,30}[08 ][1-7]{0,20}") {
        let expected = parse_columns(&s, 7).and_then(|columns| {
            let mut p = Position::new();
            for (index, &column) in columns.iter().enumerate() {
                p.play(column).map_err(|error| ParseMovesError::IllegalMove { index, error })?;
            }
            Ok(p)
        });
        prop_assert_eq!(Position::from_moves(&s), expected);
    }

    #[test]
    fn any_digit_string_round_trips(s in "[1-7]{0,60}") {
        prop_assert_eq!(format_columns(&parse_columns(&s, 7).unwrap()), s);
    }

    #[test]
    fn refused_moves_change_nothing(choices in prop::collection::vec(any::<u8>(), 0..42), column in 0usize..12) {
        let mut p = play_game(&choices, |_, _| {});
        let before = p;
        if p.play(column).is_err() {
            prop_assert_eq!(p, before);
            prop_assert!(!before.can_play(column));
        } else {
            prop_assert!(before.can_play(column));
        }
    }

    /// A checked column plays exactly as its index does; an index that is not a column is
    /// refused by the constructor with the error `play` gives for it in a game in progress.
    #[test]
    fn checked_columns_play_as_their_indices(choices in prop::collection::vec(any::<u8>(), 0..42), index in 0usize..12) {
        let p = play_game(&choices, |_, _| {});
        let (mut by_index, mut by_column) = (p, p);
        let played = by_index.play(index);
        match Column::try_from(index) {
            Ok(column) => {
                prop_assert_eq!(column.index(), index);
                prop_assert_eq!(by_column.play_column(column), played);
                prop_assert_eq!(by_column, by_index);
            }
            Err(error) => {
                // Not a column of any board; on this one, play names its own width.
                prop_assert!(index >= 9);
                prop_assert_eq!(error, PlayError::InvalidColumn { column: index, width: 9 });
                if !p.is_over() {
                    prop_assert_eq!(played, Err(PlayError::InvalidColumn { column: index, width: 7 }));
                }
            }
        }
    }
}

#[test]
fn the_drawn_game_in_the_unit_tests_is_a_draw_by_brute_force() {
    let p = Position::from_moves("423543352361621225217353176654765447161747").unwrap();
    assert!(brute_force_runs(&p).is_empty());
    assert_eq!(brute_force_status(&p), Status::Draw);
    assert_eq!(p.status(), Status::Draw);
}

#[test]
fn brute_force_finds_a_known_win() {
    // Guard the oracle itself: a horizontal four for player 1 on the bottom row.
    let p = Position::from_moves("1122334").unwrap();
    assert_eq!(brute_force_status(&p), Status::Win(Player::First));
    assert_eq!(brute_force_win_line(&p).len(), 4);
}
