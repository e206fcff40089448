//! The game in play: drops and falls, the end and its celebration, refusals, undo and new
//! games, the keyboard's column, reading the board.

use super::*;

#[test]
fn a_drop_changes_state_at_once_and_animates() {
    let mut c = Controller::new(Settings::default());
    let e = drop(&mut c, 3, 0.0);
    assert_eq!(announced(&e), ["Red in column 4, row 1"]);
    assert_eq!(c.position().moves_string(), "4");
    assert!(c.motion().is_animating(10.0));
    let (placed, offset) = c.motion().falling(0.0).unwrap();
    assert_eq!(placed.row, 5);
    // From the headroom, 0.9 of a row above the top row, to the bottom row.
    assert!((offset - 5.9).abs() < 1e-9, "{offset}");
    // A second tap during the fall is Yellow's move: it counts at once, and its piece
    // falls once Red's has landed.
    let e = drop(&mut c, 2, 50.0);
    assert_eq!(announced(&e), ["Yellow in column 3, row 1"]);
    assert_eq!(c.position().moves_string(), "43");
    let first = c.motion().fall().unwrap();
    assert_eq!(first.placed.column, 3, "Red's piece still falls first");
    let yellow = Cell { column: 2, row: 5 };
    assert!(
        c.motion().on_its_way(yellow),
        "Yellow's piece waits, not drawn yet"
    );
    // Red's lands; Yellow's starts as it does, not from the moment of the tap.
    let landed = first.start + first.duration;
    c.tick(landed);
    let second = c.motion().fall().unwrap();
    assert_eq!((second.placed.column, second.start), (2, landed));
    assert!(c.motion().on_its_way(yellow));
    c.tick(landed + second.duration);
    assert!(c.motion().fall().is_none() && !c.motion().on_its_way(yellow));
    assert_eq!(c.position().moves_string(), "43");
}

#[test]
fn a_win_is_announced_when_the_last_piece_lands_then_fades() {
    let mut c = Controller::new(Settings::default());
    let mut now = 0.0;
    for col in [0, 1, 0, 1, 0, 1] {
        drop(&mut c, col, now);
        now += 1000.0;
        c.tick(now);
    }
    let e = drop(&mut c, 0, now);
    assert_eq!(c.position().status(), Status::Win(Player::First));
    assert!(!announced(&e).iter().any(|s| s.contains("wins")));
    // The line is shown only once the piece has landed.
    assert!(c.motion().win_line().is_empty());
    let e = c.tick(now + 1000.0);
    assert_eq!(
        announced(&e),
        ["Red wins! Four in a column: column 1, rows 1 to 4."]
    );
    assert_eq!(c.motion().win_line(), c.position().win_line().as_slice());
    assert_eq!(c.motion().win_line().len(), 4);
    assert_eq!(c.motion().others_fade(now + 1000.0), 0.0);
    assert_eq!(c.motion().others_fade(now + 5000.0), anim::FADED);
    assert!(!c.motion().is_animating(now + 5000.0));
    assert!(announced(&drop(&mut c, 3, now + 5000.0))[0].contains("over"));
    c.command(Command::Undo, now + 6000.0);
    assert!(c.motion().win_line().is_empty());
    // A controller made from a finished game shows its line at once.
    let won = Position::from_moves("1212121").unwrap();
    let c = Controller::with_position(Settings::default(), won);
    assert_eq!(c.motion().win_line(), won.win_line().as_slice());
}

#[test]
fn reduced_motion_lands_at_once() {
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    assert!(c.motion().fall().is_none());
    drop(&mut c, 3, 0.0);
    assert_eq!(c.position().moves_string(), "44");
}

#[test]
fn full_columns_and_missing_columns_are_refused_with_a_message() {
    let mut c = Controller::new(reduced());
    for _ in 0..6 {
        drop(&mut c, 0, 0.0);
    }
    let e = drop(&mut c, 0, 0.0);
    assert_eq!(announced(&e), ["Column 1 is full"]);
    assert_eq!(c.position().move_count(), 6);
    assert_eq!(announced(&drop(&mut c, 7, 0.0)), ["There is no column 8"]);
    assert_eq!(c.position().move_count(), 6);
}

#[test]
fn undo_and_new_game() {
    let mut c = Controller::new(reduced());
    assert_eq!(
        announced(&c.command(Command::Undo, 0.0)),
        ["Nothing to undo"]
    );
    drop(&mut c, 3, 0.0);
    drop(&mut c, 4, 0.0);
    assert_eq!(
        announced(&c.command(Command::Undo, 0.0)),
        ["Undid Yellow in column 5"]
    );
    assert_eq!(c.position().moves_string(), "4");
    let e = c.command(Command::NewGame, 0.0);
    assert_eq!(
        announced(&e),
        ["New game. Red to move. Undo brings the last game back."]
    );
    assert_eq!(c.position().move_count(), 0);
    assert_eq!(c.cursor().selected(), 3);
}

#[test]
fn selection_moves_and_stops_at_the_edges() {
    let mut c = Controller::new(Settings::default());
    assert_eq!(c.cursor().selected(), 3);
    assert_eq!(c.command(Command::SelectBy(1), 0.0), [Effect::Changed]);
    assert_eq!(c.cursor().selected(), 4);
    c.command(Command::Select(6), 0.0);
    assert!(
        c.command(Command::SelectBy(1), 0.0).is_empty(),
        "stops at 7"
    );
    assert_eq!(c.cursor().selected(), 6);
    c.command(Command::Select(0), 0.0);
    assert!(
        c.command(Command::SelectBy(-1), 0.0).is_empty(),
        "stops at 1"
    );
    assert_eq!(c.cursor().selected(), 0);
    assert!(c.command(Command::Select(9), 0.0).is_empty());
    assert_eq!(c.cursor().selected(), 0);
    // The pointer and the focus are view state: a change asks for a redraw, once.
    assert_eq!(c.command(Command::Hover(Some(2)), 0.0), [Effect::Changed]);
    assert!(c.command(Command::Hover(Some(2)), 0.0).is_empty());
    assert_eq!(c.cursor().hover(), Some(2));
    c.command(Command::Hover(Some(12)), 0.0);
    assert_eq!(c.cursor().hover(), None, "off the board is no column");
    assert_eq!(c.command(Command::FocusBoard(true), 0.0), [Effect::Changed]);
    assert!(c.cursor().focused());
}

#[test]
fn starting_from_a_position() {
    let p = Position::from_moves("4453").unwrap();
    let c = Controller::with_position(Settings::default(), p);
    assert_eq!(c.position().moves_string(), "4453");
    assert!(!c.motion().finished() && c.human_to_move());
    // A finished game starts with its end display on, not animating.
    let won = Position::from_moves("1212121").unwrap();
    let mut c = Controller::with_position(Settings::default(), won);
    assert!(c.motion().finished() && !c.motion().is_animating(0.0));
    assert_eq!(c.motion().others_fade(0.0), anim::FADED);
    assert!(announced(&drop(&mut c, 3, 0.0))[0].contains("over"));
    c.command(Command::NewGame, 0.0);
    assert!(!c.motion().finished());
    assert_eq!(c.motion().others_fade(0.0), 0.0);
}

#[test]
fn a_won_game_celebrates_briefly_unless_motion_is_reduced() {
    let mut settings = Settings::default();
    let mut c = Controller::with_position(settings, Position::from_moves("121212").unwrap());
    drop(&mut c, 0, 0.0);
    c.tick(2_000.0);
    assert!(c.motion().finished());
    let beat = c.motion().celebration(2_000.0 + anim::CELEBRATION / 6.0);
    assert!(beat > 0.5, "{beat}");
    assert!(c.motion().is_animating(2_000.0 + anim::CELEBRATION / 2.0));
    assert_eq!(
        c.motion().celebration(2_000.0 + anim::CELEBRATION + 1.0),
        0.0
    );
    assert!(!c.motion().is_animating(2_000.0 + anim::CELEBRATION + 1.0));
    settings.reduced_motion = true;
    let mut c = Controller::with_position(settings, Position::from_moves("121212").unwrap());
    drop(&mut c, 0, 0.0);
    assert!(c.motion().finished());
    assert_eq!(c.motion().celebration(anim::CELEBRATION / 6.0), 0.0);
}

#[test]
fn the_board_is_read_on_demand() {
    // Red 4, Yellow 4 (on top), Red 5, Yellow 3.
    let mut c = Controller::with_position(reduced(), Position::from_moves("4453").unwrap());
    let e = c.command(Command::ReadBoard, 0.0);
    assert_eq!(
        announced(&e),
        [
            "Board, from the bottom row up: row 1: Yellow in column 3, Red in column 4, \
          Red in column 5; row 2: Yellow in column 4; rows 3 to 6 empty."
        ]
    );
    assert_eq!(
        c.position().moves_string(),
        "4453",
        "reading changes nothing"
    );
}

#[test]
fn undo_brings_back_the_game_a_new_game_replaced() {
    let mut c = Controller::new(reduced());
    for column in [3, 3, 4] {
        drop(&mut c, column, 0.0);
    }
    let e = c.command(Command::NewGame, 0.0);
    assert_eq!(c.position().move_count(), 0);
    assert_eq!(
        announced(&e).last().map(String::as_str),
        Some("New game. Red to move. Undo brings the last game back.")
    );
    assert!(c.can_undo());
    let e = c.command(Command::Undo, 0.0);
    assert_eq!(c.position().moves_string(), "445");
    assert_eq!(
        announced(&e).last().map(String::as_str),
        Some("The last game is back.")
    );
    assert!(saved_text(&e).unwrap().contains("moves=445"));
    // Once a move is made in the new game, the old one is gone for good.
    c.command(Command::NewGame, 0.0);
    drop(&mut c, 0, 0.0);
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().move_count(), 0);
    assert!(!c.can_undo());
    // A new game from an empty board has nothing to bring back.
    let e = c.command(Command::NewGame, 0.0);
    assert_eq!(announced(&e), ["New game. Red to move."]);
}
