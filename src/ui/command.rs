//! What a person can ask of the game, and the keys that ask it.

use super::puzzle::PuzzleChoice;
use super::settings::{ModeChoice, PlayerKind};
use crate::engine::Size;

/// One thing a person asks for; [`super::Controller::command`] carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Drop a piece in this column (0-based).
    Drop(usize),
    /// Select this column (the keyboard's cursor).
    Select(usize),
    /// Move the selection left (-1) or right (+1), stopping at the edges.
    SelectBy(i32),
    /// The pointer is over this column, or over none.
    Hover(Option<usize>),
    /// The keyboard's column shows (true: the focus entered the column controls visibly,
    /// from the keyboard, or a key was pressed on them) or not (the focus left them, or came
    /// with a tap).
    FocusBoard(bool),
    Undo,
    NewGame,
    Hint,
    SetPlayers([PlayerKind; 2]),
    SetReducedMotion(bool),
    SetAnalysis(bool),
    SetSound(bool),
    /// Play on a board of this size: a new game, once confirmed if one is in progress.
    SetSize(Size),
    /// Whether what was asked for (a new size, or the computer joining) replaces the game
    /// in progress.
    Confirm(bool),
    /// The main choice: the opponent, the computer's level or the person's colour.
    Choose(ModeChoice),
    /// Say the whole board.
    ReadBoard,
    /// Review the game (or, during a review, go back to it).
    Review,
    /// Show the review's position after this many moves.
    ReviewTo(usize),
    /// Step the review back (-1) or on (+1).
    ReviewBy(i32),
    /// Leave the review to play on from the position shown.
    PlayFromHere,
    /// Leave a review or a puzzle for the game kept aside.
    Back,
    Puzzle(PuzzleChoice),
    /// Start the puzzle again.
    Retry,
    /// Show the answer of the puzzle failed.
    ShowAnswer,
    /// Forget the record against the computer.
    ResetRecord,
    /// Open recent online game `i` (newest first) in the review.
    ReviewPlayed(usize),
    /// Put the share link on the clipboard.
    CopyLink,
    /// What became of the link: the clipboard took it, or not (and then whether the link's
    /// box was selected instead, to copy by hand).
    LinkCopied(Copied),
    /// Give up the online game (it asks first).
    Resign,
    /// What the person asks of online play.
    Online(Play),
}

/// What the person asks of online play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// A game against a friend online: the person chooses their colour first (or goes back
    /// to the game they left while it went on).
    Setup,
    /// The colour chosen for the online game about to be created: `None` for random.
    Colour(Option<crate::online::Seat>),
    /// Create the online game set up, in the colour chosen: its invite link shows.
    Create,
    /// The person changed the name they go by online (the page reads it from its box:
    /// [`crate::ui::Controller`]'s `set_name`).
    NameChanged,
    /// Send reaction `i` (`crate::online::REACTIONS`) to the others in the online game.
    React(u8),
    /// Ask for a rematch of the online game, colours swapped.
    Rematch,
    /// Claim the online game's win: the other player is away on their turn.
    ClaimWin,
    /// Make a link that moves the person's seat to another device.
    Hand,
}

/// Where a key was pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyTarget {
    /// A column control.
    Column,
    /// The review's controls (but its slider, a field).
    Review,
    /// A form field (a select, a checkbox, a text field): it keeps its own keys.
    Field,
    /// Anything else in the game: a button, the game's background.
    Other,
}

/// A [`Command`] from a key or a button, and whether the keyboard focus should then go to
/// the selected column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action {
    pub command: Command,
    pub focus_selected: bool,
}

/// The command for a key (`KeyboardEvent.key`) pressed on `target`, if it has one. Keys
/// with Ctrl, Alt or Meta (`modified`) belong to the browser.
pub fn key_action(key: &str, modified: bool, target: KeyTarget) -> Option<Action> {
    if modified || target == KeyTarget::Field {
        return None;
    }
    let on_column = target == KeyTarget::Column;
    let on_review = target == KeyTarget::Review;
    let act = |command, focus_selected| {
        Some(Action {
            command,
            focus_selected,
        })
    };
    match key {
        "ArrowLeft" if on_column => act(Command::SelectBy(-1), true),
        "ArrowRight" if on_column => act(Command::SelectBy(1), true),
        // As far left as the board goes (a key, unlike a click's Select).
        "Home" if on_column => act(Command::SelectBy(i32::MIN), true),
        // As far right as the board goes.
        "End" if on_column => act(Command::SelectBy(i32::MAX), true),
        "ArrowLeft" if on_review => act(Command::ReviewBy(-1), false),
        "ArrowRight" if on_review => act(Command::ReviewBy(1), false),
        "Home" if on_review => act(Command::ReviewTo(0), false),
        "End" if on_review => act(Command::ReviewTo(usize::MAX), false),
        "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => {
            let column = usize::from(key.as_bytes()[0] - b'1');
            act(Command::Drop(column), on_column)
        }
        "u" | "U" => act(Command::Undo, false),
        "n" | "N" => act(Command::NewGame, true),
        "h" | "H" => act(Command::Hint, false),
        "b" | "B" => act(Command::ReadBoard, false),
        "r" | "R" => act(Command::Review, false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(key: &str, target: KeyTarget) -> Option<Command> {
        key_action(key, false, target).map(|a| a.command)
    }

    #[test]
    fn keys_map_to_commands() {
        use KeyTarget::*;
        assert_eq!(command("ArrowLeft", Column), Some(Command::SelectBy(-1)));
        assert_eq!(command("ArrowRight", Column), Some(Command::SelectBy(1)));
        assert_eq!(command("Home", Column), Some(Command::SelectBy(i32::MIN)));
        assert_eq!(command("End", Column), Some(Command::SelectBy(i32::MAX)));
        for (key, column) in ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
            .iter()
            .zip(0..)
        {
            assert_eq!(command(key, Column), Some(Command::Drop(column)));
            assert_eq!(command(key, Other), Some(Command::Drop(column)));
        }
        for target in [Column, Other] {
            assert_eq!(command("u", target), Some(Command::Undo));
            assert_eq!(command("U", target), Some(Command::Undo));
            assert_eq!(command("n", target), Some(Command::NewGame));
            assert_eq!(command("N", target), Some(Command::NewGame));
            assert_eq!(command("h", target), Some(Command::Hint));
            assert_eq!(command("H", target), Some(Command::Hint));
            assert_eq!(command("b", target), Some(Command::ReadBoard));
            assert_eq!(command("B", target), Some(Command::ReadBoard));
        }
        // On the review's controls, arrows step through the game.
        assert_eq!(command("ArrowLeft", Review), Some(Command::ReviewBy(-1)));
        assert_eq!(command("ArrowRight", Review), Some(Command::ReviewBy(1)));
        assert_eq!(command("Home", Review), Some(Command::ReviewTo(0)));
        assert_eq!(command("End", Review), Some(Command::ReviewTo(usize::MAX)));
        assert_eq!(command("r", Other), Some(Command::Review));
        assert_eq!(command("R", Review), Some(Command::Review));
        // Arrows move the selection only on the board; elsewhere they scroll or move a caret.
        assert_eq!(command("ArrowLeft", Other), None);
        assert_eq!(command("Home", Other), None);
        // Enter and Space press the focused column's button: the browser's own click.
        assert_eq!(command("Enter", Column), None);
        assert_eq!(command(" ", Column), None);
        assert_eq!(command("0", Column), None);
        assert_eq!(command(":", Column), None);
        assert_eq!(command("x", Column), None);
    }

    #[test]
    fn fields_and_modified_keys_are_left_alone() {
        assert_eq!(key_action("4", false, KeyTarget::Field), None);
        assert_eq!(key_action("n", false, KeyTarget::Field), None);
        assert_eq!(key_action("4", true, KeyTarget::Column), None);
        assert_eq!(key_action("n", true, KeyTarget::Other), None);
    }

    #[test]
    fn focus_follows_the_selection_from_the_board_and_after_a_new_game() {
        let focus = |key, target| key_action(key, false, target).unwrap().focus_selected;
        assert!(focus("ArrowLeft", KeyTarget::Column));
        assert!(focus("End", KeyTarget::Column));
        assert!(
            focus("3", KeyTarget::Column),
            "a digit on the board moves focus there"
        );
        assert!(
            !focus("3", KeyTarget::Other),
            "a digit elsewhere leaves focus"
        );
        assert!(focus("n", KeyTarget::Other));
        assert!(!focus("u", KeyTarget::Column));
        assert!(!focus("h", KeyTarget::Column));
    }
}

/// What became of a link to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// On the clipboard.
    Done,
    /// The browser gave no clipboard (or refused it).
    Refused,
    /// No clipboard, and the link's box is selected instead (an online game's invite).
    Selected,
}
