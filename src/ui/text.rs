//! Every user-facing string, in one table: [`Texts`]. A host replaces any of them with the
//! `texts` option (player names included), so the game can speak another language. Texts
//! with `{placeholders}` are templates. Columns and rows are counted from 1 here, as people
//! count; rows from the bottom.

use super::puzzle::set::Puzzle;
use super::review::rating::{Rated, Rating, Standing};
use super::settings::PlayerKind;
use crate::engine::{Cell, Placed, Player, Position, Size, Status};
use crate::joined::Joined;
use crate::solver::{Level, Outcome, Score};
use std::borrow::Cow;

/// Strings packed end to end, read by their place: a list of `&str`s cost the page's module
/// 8 bytes of address and length each, twice for each of the 250 texts.
#[derive(Debug, Clone, Copy)]
pub struct Packed {
    text: &'static str,
    /// Where each string ends in `text`.
    ends: &'static [u16],
}

impl Packed {
    /// The `i`th string ("" past the last).
    pub fn get(&self, i: usize) -> &'static str {
        let start = match i {
            0 => 0,
            _ => self.ends.get(i - 1).map_or(0, |&e| usize::from(e)),
        };
        let end = self.ends.get(i).map_or(0, |&e| usize::from(e));
        self.text.get(start..end).unwrap_or("")
    }

    /// The strings, in order.
    pub fn iter(self) -> impl Iterator<Item = &'static str> {
        (0..self.ends.len()).map(move |i| self.get(i))
    }
}

/// Where each of strings of these lengths ends, packed end to end.
const fn ends<const N: usize>(lengths: [usize; N]) -> [u16; N] {
    let mut ends = [0u16; N];
    let mut at = 0;
    let mut i = 0;
    while i < N {
        at += lengths[i];
        assert!(at <= u16::MAX as usize, "the texts fit in 64 KiB");
        ends[i] = at as u16;
        i += 1;
    }
    ends
}

/// Declares [`Texts`]: each text's Rust name, JS name and English default, with a doc
/// comment that says where it shows and which placeholders it takes.
macro_rules! texts {
    ($( $(#[doc = $doc:literal])* $field:ident / $js:literal = $default:literal, )*) => {
        /// The texts' places in [`Texts`], in the order of the table: [`Texts::get`] reads
        /// one (a label that shows one text keeps its key, not code of its own).
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Key { $( $field, )* }

        /// The English texts, in the order of [`Key`].
        const DEFAULTS: Packed = Packed {
            text: concat!($($default),*),
            ends: &ends([$($default.len()),*]),
        };

        /// Every user-facing string of the game: one table, read through one method per
        /// text. (A struct of 166 `String` fields cost the page's module 25 KB of code to
        /// build, clone, replace and drop.)
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Texts {
            values: Vec<Cow<'static, str>>,
        }

        impl Default for Texts {
            /// The English texts.
            fn default() -> Texts {
                let mut values = Vec::new();
                for text in DEFAULTS.iter() {
                    values.push(Cow::Borrowed(text));
                }
                Texts { values }
            }
        }

        impl Texts {
            /// The texts' names, as JS spells them in the `texts` option.
            pub const KEYS: Packed = Packed {
                text: concat!($($js),*),
                ends: &ends([$($js.len()),*]),
            };

            /// Each text's JS name and its English default, in the table's order.
            pub fn defaults() -> impl Iterator<Item = (&'static str, &'static str)> {
                Self::KEYS.iter().zip(DEFAULTS.iter())
            }

            /// Replaces the text named `key` (its JS name); false if there is none.
            pub fn set(&mut self, key: &str, value: String) -> bool {
                match Self::KEYS.iter().position(|k| k == key) {
                    Some(i) => {
                        self.values[i] = Cow::Owned(value);
                        true
                    }
                    None => false,
                }
            }

            // One function reads the table; each text's method is inlined into a call of it
            // with its place (a method of its own each cost the page's module 14 KB).
            #[inline(never)]
            pub fn get(&self, key: Key) -> &str {
                &self.values[key as usize]
            }

            $(
                $(#[doc = $doc])*
                #[doc = concat!("Default: \"", $default, "\".")]
                #[inline(always)]
                pub fn $field(&self) -> &str {
                    self.get(Key::$field)
                }
            )*
        }

        /// The TypeScript interface of the `texts` option.
        pub const TS_TEXTS: &str = concat!(
            "/** Every user-facing string; `texts` replaces any of them. `{name}` marks a placeholder. */\n",
            "export interface Texts {\n",
            $( "  /**", $($doc, "\n   *",)* " Default: \"", $default, "\". */\n  ", $js, ": string;\n", )*
            "}\n"
        );
    };
}

texts! {
    /// The first player's name.
    red / "red" = "Red",
    /// The second player's name.
    yellow / "yellow" = "Yellow",
    /// The game's accessible name.
    game / "game" = "Connect Four",
    /// The accessible name of the row of column controls.
    board / "board" = "Board: choose a column",
    play_again / "playAgain" = "Play again",
    new_game / "newGame" = "New game",
    undo / "undo" = "Undo",
    hint / "hint" = "Hint",
    show_analysis / "showAnalysis" = "Show analysis",
    settings / "settings" = "Settings",
    reduce_motion / "reduceMotion" = "Reduce motion",
    key_help / "keyHelp" = "Keys, once the game has the focus: ← → choose a column (Home and End: the first and last), Enter or Space drops, the number keys drop in that column, U undoes, N starts a new game (U brings the last one back), H gives a hint, B reads the board, Escape closes this.",
    /// The label of a side's choice of player. `{player}`.
    played_by / "playedBy" = "{player} is played by",
    /// A choice of player: a person.
    human / "human" = "A person",
    /// A choice of player: the computer. `{level}`.
    computer / "computer" = "Computer: {level}",
    easy / "easy" = "easy",
    medium / "medium" = "medium",
    hard / "hard" = "hard",
    perfect / "perfect" = "perfect",
    /// The turn line. `{player}`.
    to_move / "toMove" = "{player} to move",
    /// The turn line while the computer works out its move. `{player}`.
    thinking / "thinking" = "{player} is thinking…",
    /// The turn line when it is the one person's move against the computer. `{player}`.
    your_move / "yourMove" = "Your move ({player})",
    /// The turn line while the computer works out its move against one person.
    computer_thinking / "computerThinking" = "The computer is thinking…",
    /// The turn line while the computer waits for its opening book; `{progress}` is how
    /// much has arrived, "40%" (or "350 KB" when the size is not known).
    getting_book / "gettingBook" = "The computer is getting its opening book: {progress}…",
    /// The result of a won game. `{player}`.
    wins / "wins" = "{player} wins!",
    /// The result of a drawn game.
    drawn / "drawn" = "It's a draw: the board is full.",
    /// The result when the one person playing the computer wins.
    you_win / "youWin" = "You win!",
    /// The result when the computer beats the one person playing it.
    computer_wins / "computerWins" = "The computer wins.",
    /// Where a horizontal four is. `{row}`, `{from}`, `{to}` (columns).
    four_in_row / "fourInRow" = "Four in a row: row {row}, columns {from} to {to}.",
    /// Where a vertical four is. `{column}`, `{from}`, `{to}` (rows).
    four_in_column / "fourInColumn" = "Four in a column: column {column}, rows {from} to {to}.",
    /// Where a diagonal four is. `{fromColumn}`, `{fromRow}`, `{toColumn}`, `{toRow}`.
    four_on_diagonal / "fourOnDiagonal" = "Four on a diagonal: from column {fromColumn}, row {fromRow} to column {toColumn}, row {toRow}.",
    /// The move counter. `{n}`.
    moves_played / "movesPlayed" = "{n} moves played",
    /// The move counter after one move.
    one_move_played / "oneMovePlayed" = "1 move played",
    /// A move, announced. `{player}`, `{column}`, `{row}` (row 1 is the bottom).
    moved / "moved" = "{player} in column {column}, row {row}",
    /// The computer's move, announced, against a person. `{player}`, `{column}`, `{row}`.
    computer_moved / "computerMoved" = "The computer plays column {column}, row {row}",
    /// `{column}`.
    full / "full" = "Column {column} is full",
    /// `{column}`.
    no_such_column / "noSuchColumn" = "There is no column {column}",
    /// A column control's name. `{column}`, `{fill}`.
    column / "column" = "Column {column}, {fill}",
    /// A column control's name, with what is in it. `{column}`, `{fill}`, `{pieces}`.
    column_with_pieces / "columnWithPieces" = "Column {column}, {fill}: {pieces} (bottom to top)",
    empty / "empty" = "empty",
    column_full / "columnFull" = "full",
    /// `{n}`: how many of the column's `{rows}` cells are filled.
    filled / "filled" = "{n} of {rows} filled",
    /// Added to a column's name when the analysis is shown. `{outcome}`.
    analysis_of_column / "analysisOfColumn" = "; analysis: {outcome}",
    /// Added to the hinted column's name.
    hinted / "hinted" = "; hint: best move",
    /// An outcome: the side to move wins with its `{n}`-th move from now.
    win_in / "winIn" = "win in {n}",
    /// An outcome: a draw.
    draw / "draw" = "draw",
    /// An outcome: the side to move loses to the opponent's `{n}`-th move from now.
    loses_in / "losesIn" = "loses in {n}",
    /// The hint when the move wins at once. `{column}`.
    hint_win_now / "hintWinNow" = "Play column {column}: it wins at once!",
    /// The hint when the move keeps a forced win. `{column}`.
    hint_win / "hintWin" = "Play column {column}: you can force a win.",
    /// The hint when the best the mover can get is a draw. `{column}`.
    hint_draw / "hintDraw" = "Play column {column}: it holds the draw.",
    /// The hint where the outcome is not proved within the budget (a big board): the
    /// computer's own choice. `{column}`.
    hint_judged / "hintJudged" = "Play column {column}: the computer's best judgement. On this board the outcome is not proved, so this is not a proof.",
    /// The hint when every move loses. `{column}`.
    hint_loss / "hintLoss" = "Play column {column}: your opponent can force a win, but this holds out longest.",
    /// The analysis label's first line over a winning column.
    label_win / "labelWin" = "win",
    /// The analysis label's first line over a losing column.
    label_loss / "labelLoss" = "loss",
    /// The analysis label's second line: in how many of the mover's (or, for a loss, the
    /// opponent's) moves. `{n}`.
    label_in / "labelIn" = "in {n}",
    /// The analysis label over a column not worked out within the budget (a big board's),
    /// in two lines: the first.
    label_not / "labelNot" = "not",
    /// The second line of that label.
    label_proved / "labelProved" = "proved",
    /// A column not worked out within the budget, in the analysis said and in the column's
    /// name.
    not_proved / "notProved" = "not proved",
    /// The analysis, announced. `{columns}`: each column's outcome.
    analysis / "analysis" = "Analysis: {columns}.",
    /// One column in the announced analysis. `{column}`, `{outcome}`.
    analysis_item / "analysisItem" = "column {column}: {outcome}",
    /// Shown above the board while the analysis is worked out.
    analysing / "analysing" = "analysing…",
    no_hint_game_over / "noHintGameOver" = "The game is over: there is no move to hint.",
    wait_for_computer / "waitForComputer" = "Wait: the computer is thinking.",
    looking_for_hint / "lookingForHint" = "Looking for the best move…",
    game_over / "gameOver" = "The game is over. Press N or choose New game to play again.",
    nothing_to_undo / "nothingToUndo" = "Nothing to undo",
    /// What undo took back. `{moves}`: the moves, each an `undoneMove`, joined by `and`.
    undid / "undid" = "Undid {moves}",
    /// One move taken back. `{player}`, `{column}`.
    undone_move / "undoneMove" = "{player} in column {column}",
    /// Joins the moves undo took back.
    and / "and" = " and ",
    /// `{player}`: who moves first.
    new_game_started / "newGameStarted" = "New game. {player} to move.",
    /// A person's new game, which undo can take back. `{player}`: who moves first.
    new_game_undoable / "newGameUndoable" = "New game. {player} to move. Undo brings the last game back.",
    /// Undo brought back the game a new game replaced.
    brought_back / "broughtBack" = "The last game is back.",
    /// The computer's worker failed. `{message}`: why, for developers.
    computer_failed / "computerFailed" = "The computer could not move: {message}",
    /// The legend of the main choice.
    opponent / "opponent" = "Play against",
    /// The main choice: the computer.
    vs_computer / "vsComputer" = "Computer",
    /// The main choice: two people taking turns on this device.
    vs_friend / "vsFriend" = "Two players",
    /// The legend of the computer's level.
    level_legend / "levelLegend" = "Computer's level",
    /// The legend of the colour the one person plays.
    you_play / "youPlay" = "You play",
    /// The colour that moves first. `{player}`.
    plays_first / "playsFirst" = "{player}, first",
    /// The colour that moves second. `{player}`.
    plays_second / "playsSecond" = "{player}, second",
    how_to_play / "howToPlay" = "How to play",
    rules / "rules" = "Take turns dropping a checker into a column: it falls to the lowest free space. The first to line up four of their own across, up and down, or diagonally wins. If the board fills up first, it's a draw.",
    sound / "sound" = "Sound",
    /// The turn line once the game has ended (the result shows over the board).
    game_ended / "gameEnded" = "Game over",
    /// The whole board, read on demand (the B key). `{rows}`: each row, from the bottom.
    board_rows / "boardRows" = "Board, from the bottom row up: {rows}.",
    /// One row with checkers in it. `{row}`, `{cells}`.
    row_cells / "rowCells" = "row {row}: {cells}",
    /// One checker in a row. `{player}`, `{column}`.
    cell_at / "cellAt" = "{player} in column {column}",
    /// The empty rows at the top. `{from}`, `{to}`.
    rows_empty / "rowsEmpty" = "rows {from} to {to} empty",
    /// The top row, empty.
    row_empty / "rowEmpty" = "row {row} empty",
    /// The whole board when it is empty.
    board_empty / "boardEmpty" = "The board is empty.",
    /// Saved state that could not be read (why goes to the console).
    save_unreadable / "saveUnreadable" = "Your saved game could not be read, so a new game has started.",
    /// Saved state of which some fields could not be read: they are back to their
    /// defaults (why goes to the console).
    save_partly_unreadable / "savePartlyUnreadable" = "Part of your saved game could not be read and was reset; the rest is kept.",
    /// The opening book could not be loaded (why goes to the console).
    no_book / "noBook" = "The computer could not load its opening book: early in a game it plays its best judgement, not perfect play.",
    /// The button that opens the review (R), and the review's heading.
    review / "review" = "Review",
    /// Said while the review's analysis is worked out.
    review_waiting / "reviewWaiting" = "Working out the ratings…",
    /// Said when the review's analysis is in. `{counts}`: how many blunders, mistakes and
    /// inaccuracies, those there are (`countBlunders`…).
    review_ready / "reviewReady" = "Review ready: {counts}.",
    /// The same, for a game with none of them.
    review_ready_clean / "reviewReadyClean" = "Review ready: no inaccuracies, mistakes or blunders.",
    /// How many blunders. `{n}`.
    count_blunders / "countBlunders" = "{n} blunders",
    count_blunder / "countBlunder" = "1 blunder",
    /// How many mistakes. `{n}`.
    count_mistakes / "countMistakes" = "{n} mistakes",
    count_mistake / "countMistake" = "1 mistake",
    /// How many inaccuracies. `{n}`.
    count_inaccuracies / "countInaccuracies" = "{n} inaccuracies",
    count_inaccuracy / "countInaccuracy" = "1 inaccuracy",
    /// The review at the start. `{total}`: the game's moves.
    review_start / "reviewStart" = "Start of the game, before move 1 of {total}.",
    /// A move in the review. `{n}`, `{total}`, `{player}`, `{column}`.
    review_move / "reviewMove" = "Move {n} of {total}: {player} in column {column}",
    /// A move's rating, after the move. `{rating}`.
    review_rated / "reviewRated" = ", {rating}",
    /// The columns that kept the result a mistake or a blunder gave up. `{columns}`,
    /// `{outcome}` (the win, the draw).
    review_kept / "reviewKept" = ". Column {columns} kept {outcome}",
    /// The same, with several columns. `{columns}`, `{outcome}`.
    review_kept_many / "reviewKeptMany" = ". Columns {columns} kept {outcome}",
    kept_win / "keptWin" = "the win",
    kept_draw / "keptDraw" = "the draw",
    /// The columns that won sooner than an inaccuracy. `{columns}`.
    review_sooner / "reviewSooner" = ". Column {columns} won sooner",
    review_sooner_many / "reviewSoonerMany" = ". Columns {columns} won sooner",
    /// The columns that held out longer than an inaccuracy or a blunder in a lost game.
    /// `{columns}`.
    review_longer / "reviewLonger" = ". Column {columns} held out longer",
    review_longer_many / "reviewLongerMany" = ". Columns {columns} held out longer",
    /// After a move that let the opponent win at once, in a position not otherwise worked
    /// out: the columns that did not. `{columns}`.
    review_spared / "reviewSpared" = ". Column {columns} would not have lost at once",
    review_spared_many / "reviewSparedMany" = ". Columns {columns} would not have lost at once",
    best / "best" = "best",
    good / "good" = "good",
    inaccuracy / "inaccuracy" = "inaccuracy",
    mistake / "mistake" = "mistake",
    blunder / "blunder" = "blunder",
    /// How to play: what the review's ratings mean.
    ratings_help / "ratingsHelp" = "The review rates each move. Best: the best result there was (a win as soon as it can come, a loss as late). Good: the same result, at most two of your moves slower. Inaccuracy: the same result, but a win three or more of your moves later, or a loss that much sooner. Mistake: a win thrown away for a draw, or a draw for a loss. Blunder: a win thrown away for a loss, or a move that lets the opponent win at once when another move did not. On the board, the review marks such a move ?! (inaccuracy), ? (mistake) or ?? (blunder), and rings where the better moves would have landed. A dot marks the last move.",
    /// Who can force a win. `{player}`, `{n}`: with their n-th move from now.
    standing_win / "standingWin" = "{player} can force a win in {n}",
    /// The game is won. `{player}`.
    standing_won / "standingWon" = "{player} has won",
    /// Neither side can force a win.
    standing_draw / "standingDraw" = "a draw with best play",
    /// The review's step buttons, the slider and the table.
    first_move / "firstMove" = "Start",
    previous_move / "previousMove" = "Previous move",
    next_move / "nextMove" = "Next move",
    last_move / "lastMove" = "Last move",
    /// The slider's name.
    review_slider / "reviewSlider" = "Move shown",
    /// The slider's value, spoken. `{n}`, `{total}`.
    review_position / "reviewPosition" = "{n} of {total}",
    /// The chart's caption.
    review_chart / "reviewChart" = "Who could force a win after each move: Red up, Yellow down, taller when sooner; marks show mistakes and blunders.",
    /// The table of moves' disclosure.
    review_table / "reviewTable" = "Moves, ratings and outcomes",
    table_move / "tableMove" = "Move",
    table_player / "tablePlayer" = "Player",
    table_column / "tableColumn" = "Column",
    table_rating / "tableRating" = "Rating",
    table_after / "tableAfter" = "After the move",
    play_from_here / "playFromHere" = "Play from here",
    back / "back" = "Back to game",
    back_to_game / "backToGame" = "Back to your game.",
    nothing_to_review / "nothingToReview" = "There are no moves to review yet.",
    not_reviewing / "notReviewing" = "No review is open: press R to review the game.",
    reviewing / "reviewing" = "This is the review: choose Play from here to play on from this position, or Back to game.",
    /// Said on leaving the review to play. `{n}`: the moves kept.
    playing_from / "playingFrom" = "Playing on after move {n}.",
    /// The puzzles' disclosure.
    puzzles / "puzzles" = "Puzzles",
    daily_puzzle / "dailyPuzzle" = "Today's puzzle",
    /// A group of puzzles in the list. `{n}`.
    win_in_group / "winInGroup" = "Win in {n}",
    /// A puzzle in the list. `{id}`, `{n}`.
    puzzle_item / "puzzleItem" = "Puzzle {id}: win in {n}",
    /// Added to a solved puzzle in the list.
    solved_mark / "solvedMark" = " ✓ solved",
    /// The list's label.
    puzzle_list / "puzzleList" = "Choose a puzzle",
    /// How many puzzles are solved. `{n}`, `{total}`.
    puzzles_solved / "puzzlesSolved" = "{n} of {total} solved",
    start_puzzle / "startPuzzle" = "Start",
    next_puzzle / "nextPuzzle" = "Next puzzle",
    retry / "retry" = "Retry",
    /// A puzzle's heading and first words. `{id}`, `{player}`, `{n}`.
    puzzle_start / "puzzleStart" = "Puzzle {id}: {player} to move and win in {n}. The computer defends as well as it can.",
    /// The puzzle's line while it is played. `{id}`, `{player}`, `{n}`: the moves left.
    puzzle_line / "puzzleLine" = "Puzzle {id}: {player} wins in {n}",
    /// The same, with one move left. `{id}`, `{player}`.
    puzzle_line_one / "puzzleLineOne" = "Puzzle {id}: {player} wins with the next move",
    /// A puzzle solved. `{id}`, `{n}`.
    puzzle_solved / "puzzleSolved" = "Solved! Puzzle {id}: win in {n}.",
    /// A move that does not win in time. `{column}`, `{worked}`: the column(s) that did.
    puzzle_failed / "puzzleFailed" = "Column {column} does not win in time. Choose Retry to try again, or Show answer.",
    /// The answer of a failed puzzle, once asked for. `{worked}`: the column(s).
    puzzle_answer / "puzzleAnswer" = "Column {worked} wins in time. Choose Retry to try again.",
    /// Today's puzzle, with no streak going.
    streak_none / "streakNone" = "Solve today's puzzle each day for a streak.",
    /// A streak of one day.
    streak_one / "streakOne" = "Streak: 1 day. Tomorrow's puzzle makes it 2.",
    /// A streak of `{n}` days.
    streak_days / "streakDays" = "Streak: {n} days in a row.",
    /// Shows the answer of a failed puzzle.
    show_answer / "showAnswer" = "Show answer",
    /// Show answer, with no failed puzzle.
    puzzle_no_answer / "puzzleNoAnswer" = "The answer shows once a move has missed: the puzzle is not over.",
    /// On the puzzle's line while its position is checked, before the first move counts.
    puzzle_checking / "puzzleChecking" = "Checking the position…",
    /// Said and shown when a move waits for the check. `{column}`.
    puzzle_pending / "puzzlePending" = "Checking the position: your move in column {column} plays as soon as it is done.",
    puzzle_retry / "puzzleRetry" = "Choose Retry to try this puzzle again.",
    puzzle_done / "puzzleDone" = "Solved! Choose Next puzzle, or Back to game.",
    /// The puzzle panel's line once it is solved.
    puzzle_next / "puzzleNext" = "What next: another puzzle, or back to your game.",
    /// A puzzle open before a reload, open again. `{id}`.
    puzzle_reopened / "puzzleReopened" = "Puzzle {id} is open again, from its start.",
    puzzle_undo / "puzzleUndo" = "Undo is off in puzzles: choose Retry to start again.",
    retrying / "retrying" = "From the start again.",
    no_puzzle / "noPuzzle" = "No puzzle is open.",
    /// `{id}`.
    no_such_puzzle / "noSuchPuzzle" = "There is no puzzle {id}.",
    /// The record's disclosure.
    record / "record" = "Record",
    record_level / "recordLevel" = "Level",
    record_wins / "recordWins" = "Wins",
    record_losses / "recordLosses" = "Losses",
    record_draws / "recordDraws" = "Draws",
    /// The record's column of games played with a hint or the analysis shown.
    record_helped / "recordHelped" = "With help",
    /// Said at the end of a game against the computer played with help.
    counted_helped / "countedHelped" = "With a hint or the analysis, this game counts in your record under With help.",
    /// The record's caption.
    record_caption / "recordCaption" = "Your games on this device, against the computer and against friends online; games played with a hint or the analysis shown count apart, under With help",
    reset_record / "resetRecord" = "Reset record",
    record_reset / "recordReset" = "Your record is reset.",
    /// Said, and shown on the button, after a first press of Reset record.
    confirm_reset / "confirmReset" = "Press again to reset",
    confirm_reset_said / "confirmResetSaid" = "Press Reset record again to clear your record.",
    no_hint_puzzle / "noHintPuzzle" = "No hints in puzzles: after a miss, Show answer shows the move that worked.",
    /// A share link opened. `{n}`: the moves on the board; then the turn or the result.
    link_opened / "linkOpened" = "Shared game opened: {n} moves played.",
    copy_link / "copyLink" = "Copy link",
    link_copied / "linkCopied" = "Link copied.",
    link_not_copied / "linkNotCopied" = "The link could not be copied: this browser did not allow it.",
    /// The clipboard refused the invite link (a page over plain `http` has none): the link's
    /// box is selected instead.
    link_selected / "linkSelected" = "This page cannot use the clipboard (over plain http, browsers give it none): the link is selected, copy it by hand.",
    /// A share link that could not be opened. `{why}`: what is wrong with it (`linkUnreadable`…);
    /// `{instead}`: what shows instead (`linkKeepsGame` or `linkNewGame`).
    link_refused / "linkRefused" = "This link could not be opened: {why}. {instead}",
    link_unreadable / "linkUnreadable" = "it is not a game link this page can read",
    link_too_long / "linkTooLong" = "it is far too long to be a game",
    /// `{n}`: the move.
    /// `{n}`: the move; `{columns}`: the board's columns.
    link_not_a_column / "linkNotAColumn" = "its move {n} is not a column from 1 to {columns}",
    /// `{n}`: the move; `{column}`.
    link_full_column / "linkFullColumn" = "its move {n} goes in column {column}, which is already full",
    /// `{n}`: the move.
    link_after_end / "linkAfterEnd" = "its move {n} comes after the game was over",
    link_past_end / "linkPastEnd" = "it asks to review a move the game does not have",
    /// What shows instead: the game the player had (saved, or going on).
    link_keeps_game / "linkKeepsGame" = "Your game goes on as it was.",
    link_new_game / "linkNewGame" = "A new game starts.",
    link_bad_size / "linkBadSize" = "its board size is not one this game plays (4 to 9 columns by 4 to 9 rows)",
    /// A board size. `{columns}`, `{rows}`.
    size_name / "sizeName" = "{columns} × {rows}",
    /// The legend of the choice of board size.
    board_size / "boardSize" = "Board",
    /// The choice of a size not in the list: its columns and rows.
    custom_size / "customSize" = "Custom",
    columns_label / "columnsLabel" = "Columns",
    rows_label / "rowsLabel" = "Rows",
    /// Asked before a new size replaces a game in progress. `{size}`.
    size_confirm / "sizeConfirm" = "A new {size} game will replace the game in progress.",
    /// The button that replaces it. `{size}`.
    size_replace / "sizeReplace" = "Start the {size} game",
    /// Asked before the computer takes over a side a person played in a game in progress.
    /// `{level}`: the computer's level.
    players_confirm / "playersConfirm" = "A new game against the computer ({level}) will replace the game in progress.",
    /// The button that replaces it. `{level}`.
    players_replace / "playersReplace" = "New game against {level}",
    /// The button that keeps the game in progress (after a new size or opponent is asked for).
    size_keep / "sizeKeep" = "Keep playing",
    size_kept / "sizeKept" = "Your game goes on.",
    /// A new game on another size. `{size}`, `{player}`.
    new_size_game / "newSizeGame" = "New game, {size} board. {player} to move.",
    /// Why the top level is not offered, in one line. `{size}`.
    perfect_not_offered / "perfectNotOffered" = "Perfect is not offered on {size}: there its opening moves take over a second to work out exactly.",
    /// Said when a size without the top level comes in while the computer plays it. `{size}`.
    perfect_replaced / "perfectReplaced" = "Perfect is not offered on {size}, so the computer plays hard.",
    /// Said when the top level, given way on another size, comes back. `{size}`.
    perfect_back / "perfectBack" = "On {size} the computer plays perfect again.",
    /// A move the review could not rate within the budget (a big board's early move).
    rating_not_known / "ratingNotKnown" = "not known",
    /// How many moves the review could not rate within the budget. `{n}`.
    review_some_not_known / "reviewSomeNotKnown" = "{n} moves are not rated: on this board they take too long to work out.",
    /// The review could not rate one move within the budget (an early one).
    review_first_not_known / "reviewFirstNotKnown" = "One move is not rated: on this board it takes too long to work out.",
    /// The review could not rate every move in time on a big board.
    review_not_known / "reviewNotKnown" = "The ratings are not known: on this board the early positions take too long to work out.",
    /// The record's board. `{size}`.
    record_board / "recordBoard" = "On the {size} board",
    /// The main choice's third opponent: a friend on another device.
    online_friend / "onlineFriend" = "A friend online",
    /// The record's list of recent online games: its heading.
    played_heading / "playedHeading" = "Recent online games (open one to review it)",
    /// One of them. `{result}`: won, lost or drawn; `{player}`: the friend's name;
    /// `{size}`: the board; `{date}`: the day it ended (2026-11-28).
    played_game / "playedGame" = "{result} against {player} on {size}, {date}",
    played_won / "playedWon" = "Won",
    played_lost / "playedLost" = "Lost",
    played_drawn / "playedDrawn" = "Drawn",
    /// The friend who gave no name.
    played_friend / "playedFriend" = "a friend",
    /// The online panel's name.
    online / "online" = "Online game",
    /// The invite link's box.
    invite_link / "inviteLink" = "Invite link",
    /// Copies the invite link.
    copy_invite / "copyInvite" = "Copy link",
    /// Opens the system's share sheet with the invite link.
    share_invite / "shareInvite" = "Share",
    /// What the share sheet sends with the invite link. `{size}`: the board's size.
    invite_text / "inviteText" = "Play Connect Four with me on {size}",
    resign / "resign" = "Resign",
    rematch / "rematch" = "Rematch",
    /// Claims the win when the other player is away on their turn.
    claim_win / "claimWin" = "Claim the win",
    /// Connecting to the game's server.
    online_connecting / "onlineConnecting" = "Connecting to the game's server…",
    /// The connection dropped: trying again.
    online_lost / "onlineLost" = "The connection to the game's server was lost: trying again…",
    /// The server is restarting.
    online_restarting / "onlineRestarting" = "The game's server is restarting: reconnecting…",
    /// Beside the invite link of a page opened at a loopback address (127.0.0.1, localhost),
    /// which no other device can open.
    invite_local / "inviteLocal" = "This link works only on this device. To play from another, serve the game on your network (HOST=0.0.0.0 make serve) and open it there.",
    /// The same, when the server knows an address another device can open: it follows.
    invite_elsewhere / "inviteElsewhere" = "This link works only on this device. Open the game at this address instead, and invite from there:",
    /// Waiting for the friend to open the invite link. `{player}`: the person's colour.
    online_waiting / "onlineWaiting" = "You play {player}: waiting for your friend.",
    /// What to do while waiting for the friend.
    online_invite_help / "onlineInviteHelp" = "Send your friend the invite link: the game starts when they open it.",
    /// A friend took the other seat. `{player}`.
    online_joined / "onlineJoined" = "{player} joined: the game is on.",
    /// `{player}` lost the connection.
    online_away / "onlineAway" = "{player} has lost the connection…",
    /// `{player}` came back.
    online_back / "onlineBack" = "{player} is back.",
    /// The person's turn online. `{player}`.
    online_your_turn / "onlineYourTurn" = "Your move ({player}).",
    /// The friend's turn online. `{player}`: theirs; `{you}`: the person's colour.
    online_their_turn / "onlineTheirTurn" = "{player} to move: you play {you}.",
    /// Watching a game whose seats are taken.
    online_watching / "onlineWatching" = "Watching: Red against Yellow. {player} to move.",
    /// `{player}` resigned; `{winner}` wins.
    online_resigned / "onlineResigned" = "{player} resigned: {winner} wins.",
    /// `{player}` claimed the win while the other was away.
    online_claimed / "onlineClaimed" = "{player} claimed the win: the other player was away.",
    /// The other player can be claimed against soon. `{player}`: the one away.
    online_claim_soon / "onlineClaimSoon" = "If {player} is still away on their turn after 2 minutes, you can claim the win.",
    /// One player asked for a rematch. `{player}`.
    online_rematch_asked / "onlineRematchAsked" = "{player} asks for a rematch.",
    /// The person asked for a rematch. `{player}`: the friend.
    online_rematch_waiting / "onlineRematchWaiting" = "Rematch asked: waiting for {player}.",
    /// Leaves the online game (its seat is kept: the invite link enters it again).
    online_leave / "onlineLeave" = "Leave game",
    /// The rematch began, colours swapped. `{player}`: the person's colour now.
    online_rematch / "onlineRematch" = "Rematch: you play {player} now.",
    /// A watcher follows the players into their rematch.
    online_rematch_watching / "onlineRematchWatching" = "Rematch: the players swap colours.",
    /// Why the hint, the analysis and undo are off online.
    online_fair / "onlineFair" = "No hints, analysis or undo in a game against a friend online: it keeps the game fair.",
    /// A game's link that leads nowhere.
    online_no_game / "onlineNoGame" = "That online game does not exist or has expired.",
    /// The server refused something. `{why}`: the reason's code.
    online_refused / "onlineRefused" = "The game's server refused that ({why}).",
    /// The page is older than the server's messages (a service worker kept it).
    online_reload / "onlineReload" = "This page is older than the game's server: reload it to play online.",
    /// The page has no game server.
    online_no_server / "onlineNoServer" = "Online play needs the game's server: this page has none.",
    /// How to play: online play (shown where the page offers it).
    online_help / "onlineHelp" = "A friend online: choose it, and send your friend the invite link; each of you plays on their own device. The game's server judges every move. There are no hints, analysis or undo, and if your friend is away on their turn for 2 minutes, you can claim the win.",
    /// The connection is back after it was lost.
    online_reconnected / "onlineReconnected" = "Connected again.",
    /// No connection could be made, several times in a row (the server is down, or does not
    /// accept this page).
    online_unreachable / "onlineUnreachable" = "The game's server cannot be reached: trying again…",
    /// The server turned the page away before it entered its game. `{why}`: the reason's code.
    online_turned_away / "onlineTurnedAway" = "The game's server did not let this page in ({why}).",
    /// Too many games were made from the person's address in the last minute.
    online_too_many / "onlineTooMany" = "Too many games were started from here in the last minute: try again in a minute.",
    /// The page's Content-Security-Policy does not allow the connection.
    online_blocked / "onlineBlocked" = "This page does not allow a connection to the game's server (its Content-Security-Policy).",
    /// The connection is lost while the person may move, or their move waits to be sent.
    online_offline / "onlineOffline" = "Offline: your move will be sent when you are back.",
    /// The other player left a game that is over, for good.
    online_left / "onlineLeft" = "{player} has left the game.",
    /// The button that makes a link to move the person's seat to another device.
    online_hand / "onlineHand" = "Continue on another device",
    /// The box with that link (in the invite link's place).
    continue_link / "continueLink" = "Open this link on your other device (it works once)",
    /// The link to continue on another device was opened once it was used (or replaced).
    online_spent / "onlineSpent" = "This link to continue on another device was used already: you watch the game.",
    /// The person's seat was moved to another device with that link.
    online_taken / "onlineTaken" = "Your seat moved to another device: you watch the game here.",
    /// The end of an online game, to the player who won it.
    online_you_won / "onlineYouWon" = "You won!",
    /// The end of an online game, to the player who lost it.
    online_you_lost / "onlineYouLost" = "You lost.",
    /// The person resigned. `{player}`: the other player's colour (or name).
    online_you_resigned / "onlineYouResigned" = "You resigned: {player} wins.",
    /// The other player resigned. `{player}`: their colour (or name).
    online_they_resigned / "onlineTheyResigned" = "{player} resigned: you won!",
    /// The person claimed the win. `{player}`: the other player's colour (or name).
    online_you_claimed / "onlineYouClaimed" = "You claimed the win: {player} was away.",
    /// The other player claimed the win. `{player}`: their colour (or name).
    online_they_claimed / "onlineTheyClaimed" = "{player} claimed the win: you were away.",
    /// The score of a series of rematches. `{mine}`, `{theirs}`: the games each won;
    /// `{player}`: the other player's colour (or name).
    online_score / "onlineScore" = "You {mine} – {theirs} {player}",
    /// The online panel's box for the name the person goes by.
    online_name / "onlineName" = "Your name",
    /// The reactions' group, in the online panel.
    reactions / "reactions" = "Reactions",
    /// The reactions' words, in the order of `crate::online::REACTIONS` (👍 👏 😮 😅 🤔 👋).
    reaction_good / "reactionGood" = "Good move",
    reaction_applause / "reactionApplause" = "Well played",
    reaction_wow / "reactionWow" = "Wow",
    reaction_oops / "reactionOops" = "Oops",
    reaction_thinking / "reactionThinking" = "Thinking",
    reaction_hello / "reactionHello" = "Hello",
    /// A reaction, shown and said. `{player}`: who sent it; `{reaction}`: its words.
    online_reacted / "onlineReacted" = "{player}: {reaction}",
    /// "A friend online" chosen: the colour first.
    online_setup / "onlineSetup" = "Choose your colour, then create the invite link.",
    /// The colour chosen at random, when the game is created.
    online_random / "onlineRandom" = "Random",
    /// Creates the online game set up.
    online_create / "onlineCreate" = "Create invite link",
    /// The tab's title when it becomes the person's turn online while the page is hidden.
    /// `{title}`: the page's own title.
    your_turn_title / "yourTurnTitle" = "Your move – {title}",
    /// Resign asks first. `{player}`: the other player's colour.
    online_resign_ask / "onlineResignAsk" = "Resign this game? {player} wins it.",
    /// Leave game asks first, while the game goes on. `{player}`: the other player's colour.
    online_leave_ask / "onlineLeaveAsk" = "Leave this game? If you are away on your turn for 2 minutes, {player} can claim the win.",
}

/// `template` with each `{name}` replaced by its value.
/// `text` with its first letter in capitals, for a text that starts a sentence here and
/// stands inside one elsewhere. The letters of the Latin, Greek and Cyrillic alphabets are
/// mapped here (std's `to_uppercase` would bring Unicode's whole case table into the page's
/// module: 14 KB); a text whose first letter has no capital here starts as it is.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let code = first as u32;
    let upper = match code {
        // a-z, à-þ (not ÷), α-ω (not ς), а-я.
        0x61..=0x7a | 0xe0..=0xfe | 0x3b1..=0x3c1 | 0x3c3..=0x3c9 | 0x430..=0x44f
            if code != 0xf7 =>
        {
            code - 0x20
        }
        // ѐ-џ.
        0x450..=0x45f => code - 0x50,
        // ÿ, and the dotless ı (whose capital is the plain I).
        0xff => 0x178,
        0x131 => 0x49,
        // Latin Extended-A's pairs (ā, ć, ł, ő, ś, ž…): the capital comes just before.
        0x100..=0x137 | 0x14a..=0x177 if code % 2 == 1 => code - 1,
        0x139..=0x148 | 0x179..=0x17e if code % 2 == 0 => code - 1,
        _ => code,
    };
    let mut out = String::with_capacity(text.len());
    out.push(char::from_u32(upper).unwrap_or(first));
    out.push_str(chars.as_str());
    out
}

pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    // split_once, not indexing: a slice by index can panic, and its message brings
    // Unicode's tables into the page's module.
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        let value = after.split_once('}').and_then(|(name, tail)| {
            let (_, value) = values.iter().find(|(n, _)| *n == name)?;
            Some((*value, tail))
        });
        match value {
            Some((value, tail)) => {
                out.push_str(value);
                rest = tail;
            }
            // Not a placeholder of this text: kept as written.
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl Texts {
    /// A rating's word.
    pub fn rating(&self, rating: Rating) -> &str {
        match rating {
            Rating::Best => self.best(),
            Rating::Good => self.good(),
            Rating::Inaccuracy => self.inaccuracy(),
            Rating::Mistake => self.mistake(),
            Rating::Blunder => self.blunder(),
        }
    }

    /// "Red can force a win in 3", "Yellow has won", "a draw with best play".
    pub fn standing_text(&self, standing: Standing) -> String {
        match standing {
            Standing::Wins(p, 0) => self.with_player(self.standing_won(), p),
            Standing::Wins(p, n) => fill(
                self.standing_win(),
                &[("player", self.player_name(p)), ("n", &n.to_string())],
            ),
            Standing::Draw => self.standing_draw().to_owned(),
        }
    }

    /// What a move below good could have done: ". Column 1 kept the win" (a result given
    /// up), ". Columns 3, 4 won sooner", ". Column 2 held out longer"; nothing for best and
    /// good.
    pub fn kept_text(&self, rated: &Rated) -> String {
        if rated.kept.is_empty() || rated.rating <= Rating::Good {
            return String::new();
        }
        let many = rated.kept.len() > 1;
        let columns = numbered(&rated.kept, ", ");
        let Some(before) = rated.before else {
            // Nothing is known of the position but that this move lost at once.
            let template = match many {
                false => self.review_spared(),
                true => self.review_spared_many(),
            };
            return fill(template, &[("columns", &columns)]);
        };
        // The mover's result: 2 a win, 1 a draw, 0 a loss.
        let result = |standing: Option<Standing>| match standing {
            Some(Standing::Wins(p, _)) if p == rated.player => 2,
            Some(Standing::Draw) => 1,
            _ => 0,
        };
        let mover_wins = result(Some(before)) == 2;
        let gave_up = result(rated.after) < result(Some(before));
        let template = match (gave_up, mover_wins, many) {
            (true, _, false) => self.review_kept(),
            (true, _, true) => self.review_kept_many(),
            (false, true, false) => self.review_sooner(),
            (false, true, true) => self.review_sooner_many(),
            (false, false, false) => self.review_longer(),
            (false, false, true) => self.review_longer_many(),
        };
        let outcome = if mover_wins {
            self.kept_win()
        } else {
            self.kept_draw()
        };
        fill(template, &[("columns", &columns), ("outcome", outcome)])
    }

    pub fn playing_from_text(&self, moves: usize) -> String {
        fill(self.playing_from(), &[("n", &moves.to_string())])
    }

    pub fn puzzle_start_text(&self, puzzle: &Puzzle) -> String {
        fill(
            self.puzzle_start(),
            &[
                ("id", &puzzle.id.to_string()),
                ("player", self.player_name(puzzle.side())),
                ("n", &puzzle.moves.to_string()),
            ],
        )
    }

    /// The puzzle's line: who wins, and in how many moves from here.
    /// "Checking the position: your move in column 4 plays as soon as it is done."
    pub fn puzzle_pending_text(&self, column: usize) -> String {
        fill(
            self.puzzle_pending(),
            &[("column", &(column + 1).to_string())],
        )
    }

    pub fn puzzle_line_text(&self, puzzle: &Puzzle, left: u32) -> String {
        let id = puzzle.id.to_string();
        let player = self.player_name(puzzle.side());
        if left == 1 {
            fill(self.puzzle_line_one(), &[("id", &id), ("player", player)])
        } else {
            fill(
                self.puzzle_line(),
                &[("id", &id), ("player", player), ("n", &left.to_string())],
            )
        }
    }

    /// Today's puzzle's streak: days in a row solved, up to today or yesterday.
    pub fn streak_text(&self, days: u32) -> String {
        match days {
            0 => self.streak_none().to_owned(),
            1 => self.streak_one().to_owned(),
            n => fill(self.streak_days(), &[("n", &n.to_string())]),
        }
    }

    pub fn puzzle_solved_text(&self, puzzle: &Puzzle) -> String {
        fill(
            self.puzzle_solved(),
            &[
                ("id", &puzzle.id.to_string()),
                ("n", &puzzle.moves.to_string()),
            ],
        )
    }

    pub fn puzzle_failed_text(&self, column: usize) -> String {
        fill(
            self.puzzle_failed(),
            &[("column", &(column + 1).to_string())],
        )
    }

    pub fn puzzle_answer_text(&self, worked: &[usize]) -> String {
        fill(
            self.puzzle_answer(),
            &[("worked", &numbered(worked, self.and()))],
        )
    }

    pub fn no_such_puzzle_text(&self, id: u32) -> String {
        fill(self.no_such_puzzle(), &[("id", &id.to_string())])
    }

    pub fn puzzle_item_text(&self, puzzle: &Puzzle, solved: bool) -> String {
        let mut item = fill(
            self.puzzle_item(),
            &[
                ("id", &puzzle.id.to_string()),
                ("n", &puzzle.moves.to_string()),
            ],
        );
        if solved {
            item.push_str(self.solved_mark());
        }
        item
    }

    pub fn player_name(&self, player: Player) -> &str {
        match player {
            Player::First => self.red(),
            Player::Second => self.yellow(),
        }
    }

    pub fn with_player(&self, template: &str, player: Player) -> String {
        fill(template, &[("player", self.player_name(player))])
    }

    /// The words of reaction `i` (`crate::online::REACTIONS`' order).
    pub fn reaction(&self, i: u8) -> &str {
        match i {
            0 => self.reaction_good(),
            1 => self.reaction_applause(),
            2 => self.reaction_wow(),
            3 => self.reaction_oops(),
            4 => self.reaction_thinking(),
            _ => self.reaction_hello(),
        }
    }

    /// "Red is played by".
    pub fn played_by_text(&self, player: Player) -> String {
        self.with_player(self.played_by(), player)
    }

    pub fn level(&self, level: Level) -> &str {
        match level {
            Level::Easy => self.easy(),
            Level::Medium => self.medium(),
            Level::Hard => self.hard(),
            Level::Perfect => self.perfect(),
        }
    }

    /// The question before `players` replace a game in progress, and its button's label.
    pub fn players_question(&self, players: [PlayerKind; 2]) -> (String, String) {
        let level = players
            .iter()
            .find_map(|kind| match kind {
                PlayerKind::Computer(level) => Some(*level),
                PlayerKind::Human => None,
            })
            .unwrap_or(Level::Medium);
        let fill_level = |template: &str| fill(template, &[("level", self.level(level))]);
        (
            fill_level(self.players_confirm()),
            fill_level(self.players_replace()),
        )
    }

    /// A choice of player in the settings: "A person" or "Computer: hard".
    pub fn player_choice(&self, kind: PlayerKind) -> String {
        match kind {
            PlayerKind::Human => self.human().to_owned(),
            PlayerKind::Computer(level) => fill(self.computer(), &[("level", self.level(level))]),
        }
    }

    /// The turn line while the computer waits for its opening book: `loaded` bytes of
    /// `total` (if known) have arrived.
    pub fn book_text(&self, loaded: u32, total: Option<u32>) -> String {
        let progress = match total {
            Some(total) if total > 0 => format!("{}%", u64::from(loaded) * 100 / u64::from(total)),
            _ => format!("{} KB", loaded / 1000),
        };
        fill(self.getting_book(), &[("progress", &progress)])
    }

    /// The turn line while the computer works out its move.
    pub fn thinking_text(&self, player: Player) -> String {
        self.with_player(self.thinking(), player)
    }

    /// "0 moves played", "1 move played".
    pub fn count_text(&self, moves: usize) -> String {
        if moves == 1 {
            self.one_move_played().to_owned()
        } else {
            fill(self.moves_played(), &[("n", &moves.to_string())])
        }
    }

    /// A column number that does not exist.
    pub fn no_such_column_text(&self, column: usize) -> String {
        fill(
            self.no_such_column(),
            &[("column", &(column + 1).to_string())],
        )
    }

    /// The hint, in plain words: "Play column 4: you can force a win."
    /// `score` is for the side to move after `moves` moves on a board of `size`.
    pub fn hint_text(&self, column: usize, score: Option<i32>, size: Size, moves: usize) -> String {
        let template = match score.map(|s| Score::new(s).outcome_on(size, moves)) {
            Some(Outcome::Win(1)) => &self.hint_win_now(),
            Some(Outcome::Win(_)) => &self.hint_win(),
            Some(Outcome::Draw) => &self.hint_draw(),
            Some(Outcome::Loss(_)) => &self.hint_loss(),
            None => &self.hint_judged(),
        };
        fill(template, &[("column", &(column + 1).to_string())])
    }

    /// The analysis label over a column, in two short lines: ("win", "in 3"), ("draw", "")
    /// or ("loss", "in 5").
    pub fn outcome_label(&self, score: i32, size: Size, moves: usize) -> (String, String) {
        let within = |n: u32| fill(self.label_in(), &[("n", &n.to_string())]);
        match Score::new(score).outcome_on(size, moves) {
            Outcome::Win(n) => (self.label_win().to_owned(), within(n)),
            Outcome::Draw => (self.draw().to_owned(), String::new()),
            Outcome::Loss(n) => (self.label_loss().to_owned(), within(n)),
        }
    }

    /// The whole board, row by row from the bottom, naming each checker; the empty rows at
    /// the top are said together.
    pub fn board_text(&self, position: &Position) -> String {
        if position.move_count() == 0 {
            return self.board_empty().to_owned();
        }
        let mut rows = Joined::new("; ");
        let height = position.rows();
        for from_bottom in 1..=height {
            let row = height - from_bottom;
            let mut cells = Joined::new(", ");
            for column in 0..position.width() {
                if let Some(p) = position.cell(column, row) {
                    cells.push(&fill(
                        self.cell_at(),
                        &[
                            ("player", self.player_name(p)),
                            ("column", &(column + 1).to_string()),
                        ],
                    ));
                }
            }
            if cells.is_empty() {
                let n = from_bottom.to_string();
                rows.push(&if from_bottom == height {
                    fill(self.row_empty(), &[("row", &n)])
                } else {
                    fill(
                        self.rows_empty(),
                        &[("from", &n), ("to", &height.to_string())],
                    )
                });
                break;
            }
            rows.push(&fill(
                self.row_cells(),
                &[("row", &from_bottom.to_string()), ("cells", &cells.text())],
            ));
        }
        fill(self.board_rows(), &[("rows", &rows.text())])
    }

    /// A colour the one person may play against the computer: "Red, first".
    pub fn person_choice(&self, player: Player) -> String {
        let template = match player {
            Player::First => &self.plays_first(),
            Player::Second => &self.plays_second(),
        };
        self.with_player(template, player)
    }

    /// The accessible name of a column control with what the analysis and the hint add.
    pub fn column_name(&self, label: &str, outcome: Option<&str>, hinted: bool) -> String {
        let mut name = label.to_owned();
        if let Some(outcome) = outcome {
            name.push_str(&fill(self.analysis_of_column(), &[("outcome", outcome)]));
        }
        if hinted {
            name.push_str(self.hinted());
        }
        name
    }

    /// What undo took back: "Undid Yellow in column 5 and Red in column 4".
    pub fn undid_text(&self, undone: &[(Player, usize)]) -> String {
        let mut what = Joined::new(self.and());
        for &(p, c) in undone {
            what.push(&fill(
                self.undone_move(),
                &[
                    ("player", self.player_name(p)),
                    ("column", &(c + 1).to_string()),
                ],
            ));
        }
        fill(self.undid(), &[("moves", &what.text())])
    }

    /// "8 × 7".
    pub fn size_text(&self, size: Size) -> String {
        fill(
            self.size_name(),
            &[
                ("columns", &size.width().to_string()),
                ("rows", &size.height().to_string()),
            ],
        )
    }

    /// A text whose one placeholder is `{size}`.
    pub fn with_size(&self, template: &str, size: Size) -> String {
        fill(template, &[("size", &self.size_text(size))])
    }

    pub fn new_game_text(&self, first: Player) -> String {
        self.with_player(self.new_game_started(), first)
    }

    pub fn new_game_undoable_text(&self, first: Player) -> String {
        self.with_player(self.new_game_undoable(), first)
    }

    pub fn computer_failed_text(&self, message: &str) -> String {
        fill(self.computer_failed(), &[("message", message)])
    }

    /// "Red in column 4, row 1" (row 1 is the bottom row of a board `rows` high); "The
    /// computer plays column 4, row 1" for the `computer`'s move against a person.
    pub fn move_text(&self, placed: Placed, rows: usize, computer: bool) -> String {
        let template = if computer {
            self.computer_moved()
        } else {
            self.moved()
        };
        fill(
            template,
            &[
                ("player", self.player_name(placed.player)),
                ("column", &(placed.column + 1).to_string()),
                ("row", &(rows - usize::from(placed.row)).to_string()),
            ],
        )
    }

    pub fn full_text(&self, column: usize) -> String {
        fill(self.full(), &[("column", &(column + 1).to_string())])
    }

    /// The result line, or `None` while the game goes on.
    pub fn result_text(&self, status: Status) -> Option<String> {
        match status {
            Status::InProgress => None,
            Status::Win(p) => Some(self.with_player(self.wins(), p)),
            Status::Draw => Some(self.drawn().to_owned()),
        }
    }

    /// The result as the players hear it: "You win!" or "The computer wins." when one
    /// person plays the computer, "Red wins!" otherwise, or the draw.
    pub fn outcome_line(&self, status: Status, players: [PlayerKind; 2]) -> Option<String> {
        let Status::Win(winner) = status else {
            return self.result_text(status);
        };
        let humans = players.iter().filter(|&&p| p == PlayerKind::Human).count();
        let winner_kind = players[usize::from(winner.number() - 1)];
        Some(match (humans, winner_kind) {
            (1, PlayerKind::Human) => self.you_win().to_owned(),
            (1, PlayerKind::Computer(_)) => self.computer_wins().to_owned(),
            _ => self.with_player(self.wins(), winner),
        })
    }

    /// Where the four is, from the winning line and the move that made it: "Four in a row:
    /// row 1, columns 2 to 5." The line through the last move is named, counted as people
    /// count (columns from the left, rows from the bottom, from 1).
    pub fn four_text(&self, line: &[Cell], last: Placed, rows: usize) -> Option<String> {
        let (column, row) = (i32::from(last.column), i32::from(last.row));
        let has = |c: i32, r: i32| {
            line.iter()
                .any(|cell| i32::from(cell.column) == c && i32::from(cell.row) == r)
        };
        // A move can make several fours at once: each is named.
        let mut fours = Joined::new(" ");
        for (dc, dr) in [(1, 0), (0, -1), (1, -1), (1, 1)] {
            let reach = |sign: i32| {
                (1..)
                    .take_while(|&k| has(column + sign * k * dc, row + sign * k * dr))
                    .count() as i32
            };
            let (back, ahead) = (reach(-1), reach(1));
            if back + ahead + 1 < 4 {
                continue;
            }
            let from = (column - back * dc, row - back * dr);
            let to = (column + ahead * dc, row + ahead * dr);
            // People count columns from 1 and rows from the bottom, from 1.
            let c = |x: i32| (x + 1).to_string();
            let r = |y: i32| (rows as i32 - y).to_string();
            fours.push(&match (dc, dr) {
                (1, 0) => fill(
                    self.four_in_row(),
                    &[("row", &r(row)), ("from", &c(from.0)), ("to", &c(to.0))],
                ),
                (0, _) => fill(
                    self.four_in_column(),
                    &[
                        ("column", &c(column)),
                        ("from", &r(from.1)),
                        ("to", &r(to.1)),
                    ],
                ),
                _ => fill(
                    self.four_on_diagonal(),
                    &[
                        ("fromColumn", &c(from.0)),
                        ("fromRow", &r(from.1)),
                        ("toColumn", &c(to.0)),
                        ("toRow", &r(to.1)),
                    ],
                ),
            });
        }
        (!fours.is_empty()).then(|| fours.text())
    }

    /// The turn line: "Red to move" or the result.
    pub fn turn_text(&self, position: &Position) -> String {
        self.result_text(position.status())
            .unwrap_or_else(|| self.with_player(self.to_move(), position.current_player()))
    }

    /// The accessible name of a column control: it starts "Column N" and says how full the
    /// column is and what is in it, bottom to top.
    pub fn column_label(&self, position: &Position, column: usize) -> String {
        let height = position.height(column);
        let mut pieces = Joined::new(", ");
        for h in 0..height {
            pieces.push(
                position
                    .cell(column, position.rows() - 1 - h)
                    .map_or("?", |p| self.player_name(p)),
            );
        }
        let fill_text = if height == position.rows() {
            self.column_full().to_owned()
        } else if height == 0 {
            self.empty().to_owned()
        } else {
            fill(
                self.filled(),
                &[
                    ("n", &height.to_string()),
                    ("rows", &position.rows().to_string()),
                ],
            )
        };
        let number = (column + 1).to_string();
        if pieces.is_empty() {
            fill(self.column(), &[("column", &number), ("fill", &fill_text)])
        } else {
            fill(
                self.column_with_pieces(),
                &[
                    ("column", &number),
                    ("fill", &fill_text),
                    ("pieces", &pieces.text()),
                ],
            )
        }
    }

    /// A column's outcome in words, from a solver score for the side to move after `moves`
    /// moves on a board of `size` (see [`Score`]): "win in 3" (with the mover's third move
    /// from now), "draw", or "loses in 5" (to the opponent's fifth move from now).
    pub fn outcome_text(&self, score: i32, size: Size, moves: usize) -> String {
        match Score::new(score).outcome_on(size, moves) {
            Outcome::Win(n) => fill(self.win_in(), &[("n", &n.to_string())]),
            Outcome::Draw => self.draw().to_owned(),
            Outcome::Loss(n) => fill(self.loses_in(), &[("n", &n.to_string())]),
        }
    }

    /// The announcement of an analysis: every column's outcome, or "not proved" for the
    /// `unproved` ones.
    pub fn analysis_text(
        &self,
        scores: &[Option<i32>],
        unproved: &[usize],
        size: Size,
        moves: usize,
    ) -> String {
        let mut parts = Joined::new(", ");
        for c in 0..scores.len() {
            if let Some(outcome) = self.column_outcome(scores, unproved, c, size, moves) {
                parts.push(&fill(
                    self.analysis_item(),
                    &[("column", &(c + 1).to_string()), ("outcome", &outcome)],
                ));
            }
        }
        fill(self.analysis(), &[("columns", &parts.text())])
    }

    /// Column `c`'s outcome in an analysis ("win in 3", or "not proved" if it is one of
    /// `unproved`); `None` for a full column.
    pub fn column_outcome(
        &self,
        scores: &[Option<i32>],
        unproved: &[usize],
        c: usize,
        size: Size,
        moves: usize,
    ) -> Option<String> {
        match column_known(scores, unproved, c) {
            Known::Score(s) => Some(self.outcome_text(s, size, moves)),
            Known::Unproved => Some(self.not_proved().to_owned()),
            Known::Full => None,
        }
    }

    /// Column `c`'s analysis label, in two short lines; empty for a full column.
    pub fn analysis_label(
        &self,
        scores: &[Option<i32>],
        unproved: &[usize],
        c: usize,
        size: Size,
        moves: usize,
    ) -> (String, String) {
        match column_known(scores, unproved, c) {
            Known::Score(s) => self.outcome_label(s, size, moves),
            Known::Unproved => (self.label_not().to_owned(), self.label_proved().to_owned()),
            Known::Full => Default::default(),
        }
    }
}

/// What an analysis knows of one column.
enum Known {
    Score(i32),
    /// Not worked out within the budget.
    Unproved,
    /// A full column: nothing to say.
    Full,
}

/// Column `c` of an analysis's `scores`, with its `unproved` columns.
fn column_known(scores: &[Option<i32>], unproved: &[usize], c: usize) -> Known {
    match scores.get(c).copied().flatten() {
        Some(s) => Known::Score(s),
        None if unproved.contains(&c) => Known::Unproved,
        None => Known::Full,
    }
}

/// The best columns of an analysis (highest score), left to right.
pub fn best_columns(scores: &[Option<i32>]) -> Vec<usize> {
    let best = scores.iter().flatten().max();
    let mut columns = Vec::new();
    for (c, score) in scores.iter().enumerate() {
        if score.is_some() && score.as_ref() == best {
            columns.push(c);
        }
    }
    columns
}

/// Columns (0-based) as people count them, from 1, joined by `sep`: "3, 4".
fn numbered(columns: &[usize], sep: &str) -> String {
    let mut text = String::new();
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            text.push_str(sep);
        }
        text.push_str(&(column + 1).to_string());
    }
    text
}

#[cfg(test)]
mod capitals {
    #[test]
    fn a_first_letter_is_capitalised_as_std_would() {
        let letters = ('a'..='z')
            .chain('à'..='þ')
            .chain('α'..='ω')
            .chain('а'..='я')
            .chain('ѐ'..='џ')
            .chain('\u{100}'..='\u{17e}');
        for c in letters.filter(|c| !matches!(c, 'ß' | '÷' | 'ς' | 'ĸ' | 'ŉ')) {
            let text = format!("{c}x");
            let expected: String = c.to_uppercase().chain(['x']).collect();
            assert_eq!(
                super::capitalized(&text),
                expected,
                "{c} (U+{:04X})",
                c as u32
            );
        }
        assert_eq!(super::capitalized("red wins"), "Red wins");
        assert_eq!(super::capitalized(""), "");
        assert_eq!(super::capitalized("1 move"), "1 move");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const C: Size = Size::CLASSIC;

    #[test]
    fn the_packed_tables_read_back_each_string() {
        const PACKED: Packed = Packed {
            text: "abcdé",
            ends: &ends(["a".len(), "".len(), "bc".len(), "dé".len()]),
        };
        let packed = PACKED;
        let read: Vec<_> = packed.iter().collect();
        assert_eq!(read, ["a", "", "bc", "dé"]);
        assert_eq!(packed.get(4), "");
        // The texts' names are as many as their defaults, each its own and not empty.
        let keys: Vec<_> = Texts::KEYS.iter().collect();
        assert_eq!(keys.len(), DEFAULTS.iter().count());
        assert_eq!(keys.len(), Texts::default().values.len());
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len());
        assert!(keys.iter().all(|k| !k.is_empty()));
        assert_eq!((keys[0], Texts::default().red()), ("red", "Red"));
        let last = Texts::defaults().last().unwrap();
        assert_eq!(Texts::KEYS.get(keys.len() - 1), last.0);
    }

    #[test]
    fn templates_are_filled() {
        let values = [("player", "Red"), ("n", "3")];
        assert_eq!(fill("{player} wins in {n}", &values), "Red wins in 3");
        assert_eq!(fill("{n}{n}", &values), "33");
        // Not a placeholder: kept as written; a value is never filled in turn.
        assert_eq!(fill("{x} {n", &values), "{x} {n");
        assert_eq!(fill("{player}", &[("player", "{n}"), ("n", "3")]), "{n}");
        assert_eq!(fill("", &values), "");
        assert_eq!(fill("é{n}ü", &values), "é3ü");
    }

    #[test]
    fn outcomes_count_moves_from_now() {
        let t = Texts::default();
        // Empty board: the first player wins with its 21st stone (score 1): 21 moves from now.
        assert_eq!(t.outcome_text(1, C, 0), "win in 21");
        // Pons' example: "4455" scores 18 for Red, who wins with its 4th stone, its 2nd from now.
        assert_eq!(t.outcome_text(18, C, 4), "win in 2");
        // A move that wins at once, after 6 moves: score (43 - 6) / 2 = 18, the next move.
        assert_eq!(t.outcome_text(18, C, 6), "win in 1");
        // Pons' example "44455554221" scores -15 for the mover, Yellow (5 stones played):
        // Red (6 stones) wins with its 7th stone, its first from now.
        assert_eq!(t.outcome_text(-15, C, 11), "loses in 1");
        assert_eq!(t.outcome_text(0, C, 20), "draw");
        // On 4 x 4, each side has 8 stones: score 1 on the empty board is Red's 8th.
        let small = Size::new(4, 4).unwrap();
        assert_eq!(t.outcome_text(1, small, 0), "win in 8");
        // After Red's first stone, -1 for Yellow: Red wins with its 8th, its 7th from now.
        assert_eq!(
            t.outcome_label(-1, small, 1),
            ("loss".into(), "in 7".into())
        );
        let scores = [None, Some(-2), Some(3), Some(3), Some(0), None, Some(-1)];
        assert_eq!(best_columns(&scores), vec![2, 3]);
        assert!(t
            .analysis_text(&scores, &[], C, 10)
            .starts_with("Analysis: column 2: loses in"));
    }

    #[test]
    fn hints_speak_plainly() {
        let t = Texts::default();
        // The empty board: the first player wins with its 21st move (score 1).
        assert_eq!(
            t.hint_text(3, Some(1), C, 0),
            "Play column 4: you can force a win."
        );
        // After 6 moves, score 18 wins with the next move.
        assert_eq!(
            t.hint_text(0, Some(18), C, 6),
            "Play column 1: it wins at once!"
        );
        assert_eq!(
            t.hint_text(2, Some(0), C, 10),
            "Play column 3: it holds the draw."
        );
        assert!(t
            .hint_text(6, Some(-15), C, 11)
            .starts_with("Play column 7: your opponent can force"));
        // Not proved: the computer's judgement, said as such.
        assert!(t
            .hint_text(4, None, C, 11)
            .starts_with("Play column 5: the computer's best judgement."));
    }

    #[test]
    fn analysis_labels_are_two_short_lines() {
        let t = Texts::default();
        assert_eq!(t.outcome_label(18, C, 4), ("win".into(), "in 2".into()));
        assert_eq!(t.outcome_label(0, C, 4), ("draw".into(), String::new()));
        assert_eq!(t.outcome_label(-15, C, 11), ("loss".into(), "in 1".into()));
    }

    #[test]
    fn the_board_reads_row_by_row() {
        let t = Texts::default();
        assert_eq!(t.board_text(&Position::new()), "The board is empty.");
        // Column 1 filled to the top: every row has a checker in it.
        let full = Position::from_moves("111111").unwrap();
        let said = t.board_text(&full);
        assert!(
            said.starts_with(
                "Board, from the bottom row up: row 1: Red in column 1; row 2: Yellow in column 1;"
            ),
            "{said}"
        );
        assert!(said.ends_with("row 6: Yellow in column 1."), "{said}");
        // Five rows filled in column 1: only the top row is empty.
        let five = Position::from_moves("11111").unwrap();
        assert!(t
            .board_text(&five)
            .ends_with("row 5: Red in column 1; row 6 empty."));
        assert_eq!(t.person_choice(Player::Second), "Yellow, second");
    }

    #[test]
    fn texts() {
        let t = Texts::default();
        let mut p = Position::new();
        let placed = p.play(3).unwrap();
        assert_eq!(t.move_text(placed, 6, false), "Red in column 4, row 1");
        assert_eq!(
            t.move_text(placed, 6, true),
            "The computer plays column 4, row 1"
        );
        let placed = p.play(3).unwrap();
        assert_eq!(t.move_text(placed, 6, false), "Yellow in column 4, row 2");
        assert_eq!(
            t.column_label(&p, 3),
            "Column 4, 2 of 6 filled: Red, Yellow (bottom to top)"
        );
        assert_eq!(t.column_label(&p, 0), "Column 1, empty");
        // A column holds as many cells as the board has rows.
        let size = crate::engine::Size::new(5, 4).unwrap();
        let small = Position::from_moves_on(size, "44").unwrap();
        assert_eq!(
            t.column_label(&small, 3),
            "Column 4, 2 of 4 filled: Red, Yellow (bottom to top)"
        );
        assert_eq!(t.full_text(0), "Column 1 is full");
        assert_eq!(t.turn_text(&p), "Red to move");
        let p = Position::from_moves("444444").unwrap();
        assert!(t.column_label(&p, 3).starts_with("Column 4, full"));
        let p = Position::from_moves("1212121").unwrap();
        assert_eq!(t.turn_text(&p), "Red wins!");
        assert!(t.result_text(Status::Draw).unwrap().contains("draw"));
        assert_eq!(t.count_text(1), "1 move played");
        assert_eq!(t.count_text(2), "2 moves played");
        assert_eq!(t.thinking_text(Player::Second), "Yellow is thinking…");
        assert_eq!(t.played_by_text(Player::First), "Red is played by");
        assert_eq!(t.player_choice(PlayerKind::Human), "A person");
        assert_eq!(
            t.player_choice(PlayerKind::Computer(Level::Hard)),
            "Computer: hard"
        );
        assert_eq!(
            t.column_name("Column 4, empty", Some("draw"), true),
            "Column 4, empty; analysis: draw; hint: best move"
        );
        assert_eq!(
            t.column_name("Column 4, empty", None, false),
            "Column 4, empty"
        );
        assert_eq!(
            t.undid_text(&[(Player::Second, 4), (Player::First, 3)]),
            "Undid Yellow in column 5 and Red in column 4"
        );
        assert!(t
            .result_text(Status::Win(Player::Second))
            .unwrap()
            .contains("wins"));
    }

    #[test]
    fn the_end_speaks_to_the_player_and_says_where_the_four_is() {
        let t = Texts::default();
        let people = [PlayerKind::Human; 2];
        let person_first = [PlayerKind::Human, PlayerKind::Computer(Level::Hard)];
        let computer_first = [PlayerKind::Computer(Level::Hard), PlayerKind::Human];
        let red = Status::Win(Player::First);
        assert_eq!(t.outcome_line(red, people).unwrap(), "Red wins!");
        assert_eq!(t.outcome_line(red, person_first).unwrap(), "You win!");
        assert_eq!(
            t.outcome_line(red, computer_first).unwrap(),
            "The computer wins."
        );
        let both = [PlayerKind::Computer(Level::Easy); 2];
        assert_eq!(t.outcome_line(red, both).unwrap(), "Red wins!");
        assert!(t
            .outcome_line(Status::Draw, person_first)
            .unwrap()
            .contains("draw"));
        assert_eq!(t.outcome_line(Status::InProgress, people), None);
        // Each direction, played out: the four is named from its ends.
        for (moves, expected) in [
            ("2233445", "Four in a row: row 1, columns 2 to 5."),
            ("1212121", "Four in a column: column 1, rows 1 to 4."),
            // Found by random play; their ends read off the board by an independent script.
            (
                "13434442352",
                "Four on a diagonal: from column 1, row 1 to column 4, row 4.",
            ),
            (
                "231263121134",
                "Four on a diagonal: from column 1, row 4 to column 4, row 1.",
            ),
        ] {
            let mut p = Position::from_moves(&moves[..moves.len() - 1]).unwrap();
            let last = usize::from(moves.as_bytes()[moves.len() - 1] - b'1');
            let placed = p.play(last).unwrap();
            assert!(p.is_over(), "{moves}");
            assert_eq!(
                t.four_text(&p.win_line(), placed, 6).unwrap(),
                expected,
                "{moves}"
            );
        }
    }

    #[test]
    fn a_move_that_makes_two_fours_names_both() {
        let t = Texts::default();
        // Random games (a fixed seed) until one ends with a move that makes fours in two
        // directions at once.
        let mut rng = crate::solver::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut random = |n: usize| rng.below(n as u32) as usize;
        let found = (0..200_000).find_map(|_| {
            let mut p = Position::new();
            loop {
                let open: Vec<usize> = (0..7).filter(|&c| p.can_play(c)).collect();
                let placed = p.play(open[random(open.len())]).unwrap();
                if p.is_over() {
                    let line = p.win_line();
                    let text = t.four_text(&line, placed, 6)?;
                    return (text.matches("Four ").count() >= 2).then_some((line, text));
                }
            }
        });
        let (line, text) = found.expect("a double four in 200,000 random games");
        // Two lines of four share the last cell: at least 7 cells.
        assert!(line.len() >= 7, "{text}");
        assert_eq!(
            text.matches("Four ").count(),
            text.matches(". ").count() + 1,
            "{text}"
        );
    }

    #[test]
    fn another_language_replaces_every_text_it_names() {
        let mut t = Texts::default();
        for (key, value) in [
            ("red", "Rot"),
            ("yellow", "Gelb"),
            ("moved", "{player} in Spalte {column}, Reihe {row}"),
            ("toMove", "{player} ist am Zug"),
            ("movesPlayed", "{n} Züge gespielt"),
        ] {
            assert!(t.set(key, value.to_owned()), "{key}");
        }
        assert!(!t.set("colour", "x".into()), "no such text");
        let mut p = Position::new();
        let placed = p.play(3).unwrap();
        assert_eq!(t.move_text(placed, 6, false), "Rot in Spalte 4, Reihe 1");
        assert_eq!(t.turn_text(&p), "Gelb ist am Zug");
        assert_eq!(t.count_text(3), "3 Züge gespielt");
        assert_eq!(t.count_text(1), "1 move played", "what it leaves out stays");
        // Every name sets its own text, and only it.
        for key in Texts::KEYS.iter() {
            let mut changed = Texts::default();
            assert!(changed.set(key, "✱".into()), "{key}");
            assert_ne!(changed, Texts::default(), "{key}");
            assert!(TS_TEXTS.contains(&format!("  {key}: string;")), "{key}");
        }
        assert!(TS_TEXTS.contains("  toMove: string;"));
        assert!(TS_TEXTS.contains("Default: \"{player} to move\""));
    }
}
