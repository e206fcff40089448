//! The review, puzzles, the record and share links, through the controller, with the real
//! solver in the worker's place.

use super::serve::{serve, solver};
use super::*;
use crate::engine::Cell;
use crate::solver::Solver;
use crate::ui::puzzle::{self, Puzzle, PuzzleChoice, PuzzleState};
use crate::ui::review::Rating;

#[test]
fn a_review_rates_the_blunder_and_steps_and_plays_on() {
    let mut solver = solver();
    let game = Position::from_moves("17171727").unwrap();
    let mut c = Controller::with_position(playing([PlayerKind::Human; 2]), game);
    let effects = c.command(Command::Review, 0.0);
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::Ask(Request::Review { positions, .. }) if positions.len() == 8
    )));
    assert!(said(&effects).contains("Move 8 of 8: Yellow in column 7."));
    let effects = serve(&mut c, &mut solver, effects);
    assert!(
        said(&effects).contains("Review ready:"),
        "{}",
        said(&effects)
    );
    let review = c.activity().review().unwrap();
    assert!(review.is_ready());
    let blunder = &review.rated()[6];
    assert_eq!(blunder.rating, Rating::Blunder);
    // What the page shows: a bar per move, the blunder marked, and the table.
    let m = crate::ui::Mirror::of(&c);
    let view = m.review.expect("the review panel");
    assert_eq!((view.at, view.len, view.ready), (8, 8, true));
    assert_eq!(view.bars.len(), 8);
    assert!(view.bars[6].mistake && view.bars[6].height < 0.0);
    assert!(view.bars[7].shown && view.bars[7].height == -1.0);
    assert_eq!(view.rows[6][..3], ["7", "Red", "2"]);
    assert!(view.rows[6][3].starts_with("blunder. Column"));
    assert_eq!(view.rows[6][4], "Yellow can force a win in 1");
    assert_eq!(view.position, "8 of 8");
    assert!(m.puzzle.is_none() && !m.can_hint);
    // On the board, Home, End and the arrows step through the game: nothing is played.
    c.command(Command::Select(0), 0.0);
    assert_eq!(
        c.activity().review().unwrap().at(),
        8,
        "a click selects only"
    );
    c.command(Command::SelectBy(i32::MIN), 0.0);
    assert_eq!(c.activity().review().unwrap().at(), 0, "Home: the start");
    c.command(Command::SelectBy(1), 0.0);
    assert_eq!(c.activity().review().unwrap().at(), 1);
    c.command(Command::SelectBy(i32::MAX), 0.0);
    assert_eq!(c.activity().review().unwrap().at(), 8, "End: the end");
    // Stepping back to the blunder says so, and names the column that kept the win.
    let effects = c.command(Command::ReviewBy(-1), 0.0);
    let step = said(&effects);
    assert!(
        step.starts_with("Move 7 of 8: Red in column 2, blunder."),
        "{step}"
    );
    // The board shows it too, once the piece is down: the blunder's checker (column 2, the
    // bottom row) with its rating, and where column 1's piece would have won (row 2).
    c.tick(100_000.0);
    let scene = crate::ui::scene::Scene::at(&c, 100_000.0);
    let blundered = Cell { column: 1, row: 5 };
    assert_eq!(scene.verdict, Some((blundered, Rating::Blunder)));
    assert!(
        scene.better.contains(&Cell { column: 0, row: 2 }),
        "{:?}",
        scene.better
    );
    assert!(!scene.better.iter().any(|b| b.column == 1));
    assert_eq!(scene.last, Some(blundered));
    assert!(
        step.contains("kept the win") && step.contains('1'),
        "{step}"
    );
    assert!(step.contains("Yellow can force a win in 1."), "{step}");
    assert_eq!(c.position().moves_string(), "1717172");
    // The board shows the review: no move may be made on it, and undo is off.
    let effects = c.command(Command::Drop(3), 0.0);
    assert!(said(&effects).contains("This is the review"));
    assert_eq!(c.position().move_count(), 7);
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().move_count(), 7);
    // Home, End, and past the ends.
    assert!(said(&c.command(Command::ReviewTo(0), 0.0)).starts_with("Start of the game"));
    assert_eq!(c.position().move_count(), 0);
    assert!(said(&c.command(Command::ReviewBy(-1), 0.0)).starts_with("Start of the game"));
    c.command(Command::ReviewTo(usize::MAX), 0.0);
    assert_eq!(c.position().moves_string(), "17171727");
    assert!(c.motion().finished(), "the end shows as it was");
    // Saving keeps the game, not the position shown.
    c.command(Command::ReviewTo(3), 0.0);
    let effects = c.command(Command::SetSound(false), 0.0);
    assert_eq!(saved(&effects).unwrap().position, game);
    // Play from here: the game goes on from move 3.
    let effects = c.command(Command::PlayFromHere, 0.0);
    assert!(c.activity().review().is_none());
    assert_eq!(c.position().moves_string(), "171");
    assert_eq!(saved(&effects).unwrap().position.moves_string(), "171");
    assert!(said(&effects).contains("Playing on after move 3."));
    assert!(!c.motion().finished());
    c.command(Command::Drop(3), 0.0);
    assert_eq!(c.position().moves_string(), "1714");
}

#[test]
fn stepping_quickly_through_a_review_keeps_the_board_with_the_words() {
    let game = Position::from_moves("17171727").unwrap();
    let settings = Settings {
        reduced_motion: false,
        ..playing([PlayerKind::Human; 2])
    };
    let mut c = Controller::with_position(settings, game);
    c.command(Command::Review, 0.0);
    c.command(Command::ReviewTo(0), 0.0);
    for _ in 0..3 {
        c.command(Command::ReviewBy(1), 10.0);
    }
    assert_eq!(c.position().moves_string(), "171");
    // Only the newest step's piece falls (to the second row from the bottom): once a fall
    // from the air to the bottom row has had its time, nothing is left falling.
    let longest = crate::ui::anim::fall_duration(5.0 - crate::ui::layout::DROP_ROW);
    c.tick(10.0 + longest + 1.0);
    assert!(c.motion().fall().is_none(), "{:?}", c.motion().fall());
}

#[test]
fn back_from_a_review_brings_the_game_back() {
    let game = Position::from_moves("4455").unwrap();
    let mut c = Controller::with_position(playing([PlayerKind::Human; 2]), game);
    assert!(
        said(&Controller::new(playing([PlayerKind::Human; 2])).command(Command::Review, 0.0))
            .contains("no moves to review")
    );
    c.command(Command::Review, 0.0);
    c.command(Command::ReviewTo(1), 0.0);
    assert_eq!(c.position().move_count(), 1);
    assert_eq!(c.link().encode(), "moves=4455&review=1");
    let effects = c.command(Command::Back, 0.0);
    assert!(
        effects.contains(&Effect::CancelComputer),
        "the review's job is dropped"
    );
    assert_eq!(*c.position(), game);
    assert!(c.activity().review().is_none());
    // R again opens it, and R in the review goes back.
    c.command(Command::Review, 0.0);
    assert!(c.activity().review().is_some());
    c.command(Command::Review, 0.0);
    assert!(c.activity().review().is_none());
    assert_eq!(*c.position(), game);
}

#[test]
fn a_review_against_the_computer_does_not_let_it_move() {
    let game = Position::from_moves("44").unwrap();
    let players = [PlayerKind::Human, PlayerKind::Computer(Level::Hard)];
    let mut c = Controller::with_position(playing(players), game);
    c.command(Command::Review, 0.0);
    let effects = c.command(Command::ReviewTo(1), 0.0);
    assert!(!effects
        .iter()
        .any(|e| matches!(e, Effect::Ask(Request::BestMove { .. }))));
    // Playing on from move 1 is Yellow's turn: the computer's.
    let effects = c.command(Command::PlayFromHere, 0.0);
    assert!(effects
        .iter()
        .any(|e| matches!(e, Effect::Ask(Request::BestMove { .. }))));
}

/// Plays the puzzle: at each turn, one of the columns the analysis says still wins in
/// time.
fn solve(c: &mut Controller, solver: &mut Solver) -> Vec<Effect> {
    let mut all = Vec::new();
    for _ in 0..MAX_MOVES {
        let run = c.activity().puzzle().unwrap();
        if run.state != PuzzleState::Playing {
            break;
        }
        let scores = c
            .jobs()
            .analysis()
            .cloned()
            .expect("analysed for the player's turn");
        let worked = puzzle::winning_columns(&scores, c.position().move_count(), run.left);
        let effects = c.command(Command::Drop(worked[0]), 0.0);
        all.extend(serve(c, solver, effects));
    }
    all
}

const MAX_MOVES: usize = 6;

fn worked_first(puzzle: &Puzzle, solver: &mut Solver) -> usize {
    let scores = solver.analyze(&puzzle.start).unwrap();
    puzzle::winning_columns(&scores, puzzle.start.move_count(), puzzle.moves)[0]
}

#[test]
fn a_puzzle_failed_retried_and_solved() {
    let mut solver = solver();
    let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
    let game = Position::from_moves("44").unwrap();
    let mut c = Controller::with_position(playing(players), game);
    let puzzle = *puzzle::all().iter().find(|p| p.moves == 3).unwrap();
    let effects = c.command(Command::Puzzle(PuzzleChoice::Id(puzzle.id)), 0.0);
    assert!(said(&effects).contains(&format!("Puzzle {}:", puzzle.id)));
    assert_eq!(*c.position(), puzzle.start);
    assert_eq!(c.link().encode(), format!("puzzle={}", puzzle.id));
    assert!(
        !crate::ui::Mirror::of(&c).can_hint,
        "no Hint button in a puzzle"
    );
    // A move before the analysis is in waits for it, then is judged.
    let early = worked_first(&puzzle, &mut solver);
    let line = crate::ui::Mirror::of(&c).puzzle.unwrap().line;
    assert!(line.ends_with("Checking the position…"), "{line}");
    let waiting = format!(
        "Checking the position: your move in column {} plays as soon as it is done.",
        early + 1
    );
    assert_eq!(said(&c.command(Command::Drop(early), 0.0)), waiting);
    assert_eq!(
        crate::ui::Mirror::of(&c).puzzle.unwrap().line,
        waiting,
        "shown, not only said"
    );
    assert_eq!(*c.position(), puzzle.start);
    serve(&mut c, &mut solver, effects);
    let played = c.position().history()[puzzle.start.move_count()];
    assert_eq!(usize::from(played), early, "played once checked");
    c.command(Command::Retry, 0.0);
    let effects = c.command(Command::Retry, 0.0);
    serve(&mut c, &mut solver, effects);
    let scores = c.jobs().analysis().unwrap().clone();
    let worked = puzzle::winning_columns(&scores, puzzle.start.move_count(), 3);
    assert_eq!(worked.len(), 1, "a single winning first move");
    let wrong = (0..7)
        .find(|&col| puzzle.start.can_play(col) && col != worked[0])
        .unwrap();
    let effects = c.command(Command::Drop(wrong), 0.0);
    let failed = said(&effects);
    assert!(
        failed.contains(&format!(
            "Column {} does not win in time. Choose Retry to try again, or Show answer.",
            wrong + 1,
        )),
        "{failed}"
    );
    assert_eq!(*c.position(), puzzle.start, "the wrong move is not played");
    assert!(said(&c.command(Command::Hint, 0.0)).contains("No hints in puzzles"));
    // The answer is not given away: it shows once asked for.
    assert_eq!(c.hint(), None);
    let view = crate::ui::Mirror::of(&c).puzzle.unwrap();
    assert!(view.failed && view.can_show_answer);
    let answer = said(&c.command(Command::ShowAnswer, 0.0));
    assert!(
        answer.starts_with(&format!("Column {} wins in time.", worked[0] + 1)),
        "{answer}"
    );
    assert_eq!(c.hint(), Some(worked[0]), "the move that worked is shown");
    assert!(!crate::ui::Mirror::of(&c).puzzle.unwrap().can_show_answer);
    assert!(said(&c.command(Command::Drop(worked[0]), 0.0)).contains("Retry"));
    // Retry, then solve it.
    let effects = c.command(Command::Retry, 0.0);
    assert_eq!(c.activity().puzzle().unwrap().state, PuzzleState::Playing);
    serve(&mut c, &mut solver, effects);
    let effects = solve(&mut c, &mut solver);
    assert_eq!(c.activity().puzzle().unwrap().state, PuzzleState::Solved);
    assert_eq!(c.position().winner(), Some(puzzle.side()));
    assert!(said(&effects).contains(&format!("Solved! Puzzle {}: win in 3.", puzzle.id)));
    let m = crate::ui::Mirror::of(&c);
    let view = m.puzzle.expect("the puzzle panel");
    assert!(view.solved && !view.failed);
    assert_eq!(
        m.result,
        Some(format!("Solved! Puzzle {}: win in 3.", puzzle.id))
    );
    assert_eq!(
        view.line,
        "What next: another puzzle, or back to your game."
    );
    assert!(!m.can_undo && !m.analysis_shown);
    let item = c
        .texts()
        .puzzle_item_text(&puzzle, m.solved.contains(puzzle.id));
    assert!(item.ends_with("✓ solved"), "{item}");
    assert_eq!(
        m.puzzles_solved,
        format!("1 of {} solved", puzzle::all().len())
    );
    // Remembered, with the game kept aside.
    let kept = saved(&effects).unwrap();
    assert!(kept.solved.contains(puzzle.id));
    assert_eq!(kept.position, game);
    assert_eq!(
        kept.puzzle,
        Some(puzzle.id),
        "a reload opens the puzzle again"
    );
    assert!(
        c.records().record().is_empty(),
        "a puzzle is not a game against the computer"
    );
    // Back to the game, as it was.
    let effects = c.command(Command::Back, 0.0);
    assert_eq!(saved(&effects).unwrap().puzzle, None);
    assert_eq!(*c.position(), game);
    assert!(c.activity().puzzle().is_none());
    // Next opens a puzzle not yet solved.
    c.command(Command::Puzzle(PuzzleChoice::Next), 0.0);
    assert!(!c
        .solved()
        .contains(c.activity().puzzle().unwrap().puzzle.id));
    assert!(
        said(&c.command(Command::Puzzle(PuzzleChoice::Id(99_999)), 0.0))
            .contains("no puzzle 99999")
    );
}

#[test]
fn the_record_counts_games_against_the_computer_per_level() {
    let mut solver = solver();
    // Red (the person) has three in column 1, Yellow in column 7.
    let start = Position::from_moves("171717").unwrap();
    let players = [PlayerKind::Human, PlayerKind::Computer(Level::Easy)];
    let mut c = Controller::with_position(playing(players), start);
    let effects = c.command(Command::Drop(0), 0.0);
    assert!(said(&effects).contains("You win!"));
    assert_eq!(c.records().record().at(Size::CLASSIC, Level::Easy).wins, 1);
    assert_eq!(saved(&effects).unwrap().record, *c.records().record());
    // Against perfect, Red blunders and Yellow wins.
    c.command(
        Command::SetPlayers([PlayerKind::Human, PlayerKind::Computer(Level::Perfect)]),
        0.0,
    );
    c.new_game(start, 0.0);
    let effects = c.command(Command::Drop(1), 0.0);
    serve(&mut c, &mut solver, effects);
    assert_eq!(c.position().winner(), Some(Player::Second));
    assert_eq!(
        c.records()
            .record()
            .at(Size::CLASSIC, Level::Perfect)
            .losses,
        1
    );
    assert_eq!(
        c.records().record().at(Size::CLASSIC, Level::Easy).games(),
        1
    );
    // With a hint, a win against easy counts apart, the end says so, and the save keeps
    // the help until the next game.
    c.command(
        Command::SetPlayers([PlayerKind::Human, PlayerKind::Computer(Level::Easy)]),
        0.0,
    );
    c.new_game(start, 0.0);
    let effects = c.command(Command::Hint, 0.0);
    let effects = serve(&mut c, &mut solver, effects);
    assert_eq!(c.hint(), Some(0), "{}", said(&effects));
    let effects = c.command(Command::Drop(0), 0.0);
    assert!(said(&effects).contains("You win!") && said(&effects).contains("With help"));
    let easy = c.records().record().at(Size::CLASSIC, Level::Easy);
    assert_eq!((easy.wins, easy.helped), (1, 1), "not a second win");
    assert!(saved(&effects).unwrap().helped);
    let effects = c.new_game(start, 0.0);
    assert!(
        !saved(&effects).unwrap().helped,
        "a new game has had no help"
    );
    // A game with help, replaced by New game and brought back by undo, still had help.
    let effects = c.command(Command::Hint, 0.0);
    serve(&mut c, &mut solver, effects);
    let effects = c.command(Command::NewGame, 0.0);
    assert!(
        !saved(&effects).unwrap().helped,
        "the new game has had no help"
    );
    let effects = c.command(Command::Undo, 0.0);
    assert_eq!(*c.position(), start, "the game is back");
    assert!(saved(&effects).is_some_and(|s| s.helped), "with its help");
    c.command(Command::Drop(0), 0.0);
    assert_eq!(
        c.records().record().at(Size::CLASSIC, Level::Easy).helped,
        2
    );
    // Two people: not counted.
    c.command(Command::SetPlayers([PlayerKind::Human; 2]), 0.0);
    c.new_game(start, 0.0);
    c.command(Command::Drop(0), 0.0);
    assert_eq!(
        Level::ALL
            .iter()
            .map(|&l| c.records().record().at(Size::CLASSIC, l).games())
            .sum::<u32>(),
        4
    );
    // Reset asks for a second press; anything else in between disarms it.
    let effects = c.command(Command::ResetRecord, 0.0);
    assert!(said(&effects).contains("again"));
    assert!(!c.records().record().is_empty() && c.records().armed());
    c.command(Command::SetSound(true), 0.0);
    assert!(!c.records().armed());
    c.command(Command::ResetRecord, 0.0);
    let effects = c.command(Command::ResetRecord, 0.0);
    assert!(c.records().record().is_empty());
    assert!(saved(&effects).unwrap().record.is_empty());
}

#[test]
fn links_open_what_they_show_or_say_why_not() {
    let mut c = Controller::new(playing([PlayerKind::Human; 2]));
    let full = crate::ui::share::Link::decode("moves=4444444");
    let effects = c.open_link(full.map(Option::unwrap), 0.0);
    assert_eq!(
        said(&effects),
        "This link could not be opened: its move 7 goes in column 4, which is already full. A new game starts."
    );
    // The detail is for the console.
    assert!(effects.iter().any(
        |e| matches!(e, Effect::Warn(w) if w.contains("illegal move 7 ('4'): column 4 is full"))
    ));
    assert!(c.notice().is_some());
    assert_eq!(c.position().move_count(), 0);
    c.command(Command::Drop(3), 0.0);
    assert!(c.notice().is_none(), "the notice goes with the next move");
    // With a game on the board, the game stays, and the player is told so.
    let bad = crate::ui::share::Link::decode("moves=4453&x");
    let effects = c.open_link(bad.map(Option::unwrap), 0.0);
    assert_eq!(
        said(&effects),
        "This link could not be opened: it is not a game link this page can read. Your game goes on as it was."
    );
    assert_eq!(c.position().moves_string(), "4");
    let link = crate::ui::share::Link::decode("moves=4453&yellow=hard")
        .unwrap()
        .unwrap();
    let effects = c.open_link(Ok(link), 0.0);
    let opened = said(&effects);
    assert!(
        opened.ends_with("Shared game opened: 4 moves played. Red to move."),
        "{opened}"
    );
    assert_eq!(c.position().moves_string(), "4453");
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
    assert_eq!(c.link().encode(), "moves=4453&yellow=hard");
    let link = crate::ui::share::Link::decode("moves=4453&review=2")
        .unwrap()
        .unwrap();
    c.open_link(Ok(link), 0.0);
    assert_eq!(c.activity().review().unwrap().at(), 2);
    assert_eq!(c.position().moves_string(), "44");
    assert_eq!(c.game().moves_string(), "4453");
    let link = crate::ui::share::Link::decode("puzzle=1").unwrap().unwrap();
    c.open_link(Ok(link), 0.0);
    assert_eq!(c.activity().puzzle().unwrap().puzzle.id, 1);
    assert_eq!(c.game().moves_string(), "4453", "the game waits");
}

#[test]
fn todays_puzzle_solved_keeps_a_streak_which_is_saved() {
    let mut solver = solver();
    let mut c = Controller::new(reduced());
    let day = 20_000;
    let effects = c.command(Command::Puzzle(PuzzleChoice::Daily(day)), 0.0);
    serve(&mut c, &mut solver, effects);
    let line = crate::ui::Mirror::of(&c).puzzle.unwrap().line;
    assert!(
        line.ends_with("Solve today's puzzle each day for a streak."),
        "{line}"
    );
    let effects = solve(&mut c, &mut solver);
    assert_eq!(c.activity().puzzle().unwrap().state, PuzzleState::Solved);
    assert_eq!(c.solved().streak.on(day), 1);
    let line = crate::ui::Mirror::of(&c).puzzle.unwrap().line;
    assert!(
        line.ends_with("Streak: 1 day. Tomorrow's puzzle makes it 2."),
        "{line}"
    );
    // Kept with the saved game.
    let saved = effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Save(text) => Some(text.clone()),
            _ => None,
        })
        .expect("saved once solved");
    assert!(saved.contains(&format!("&streak={day}.1")), "{saved}");
    let back = crate::ui::save::Saved::decode(&saved).unwrap();
    assert_eq!(back.solved.streak.on(day + 1), 1);
    // The next day's puzzle solved makes it 2.
    let effects = c.command(Command::Puzzle(PuzzleChoice::Daily(day + 1)), 0.0);
    serve(&mut c, &mut solver, effects);
    solve(&mut c, &mut solver);
    assert_eq!(c.solved().streak.on(day + 1), 2);
    let line = crate::ui::Mirror::of(&c).puzzle.unwrap().line;
    assert!(line.ends_with("Streak: 2 days in a row."), "{line}");
}

#[test]
fn a_review_the_worker_cannot_work_out_says_so_for_each_move() {
    let mut c = Controller::with_position(reduced(), Position::from_moves("4455").unwrap());
    let e = c.command(Command::Review, 0.0);
    let Some(Request::Review { id, positions, .. }) = asked(&e).into_iter().next() else {
        panic!("the review is asked of the worker: {e:?}");
    };
    // Not one position worked out within the budget.
    let e = c.reply(
        Reply::Review {
            id,
            scores: vec![None; positions.len()],
        },
        0.0,
    );
    assert!(
        said(&e).starts_with("The ratings are not known"),
        "{}",
        said(&e)
    );
    let view = crate::ui::Mirror::of(&c).review.unwrap();
    assert_eq!(view.rows.len(), 4);
    assert!(view.rows.iter().all(|row| row[3] == "not known"));
    assert!(view.bars.iter().all(|bar| !bar.known));
}
