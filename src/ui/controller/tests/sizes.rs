//! Other board sizes through the controller: choosing one (and confirming it replaces a game
//! in progress), the levels each size offers, the record per size, share links and saved
//! games with a size, and the worker's answers that are not known on big boards.

use super::serve::{serve, solver};
use super::*;
use crate::engine::Size;
use crate::ui::mirror::Mirror;
use crate::ui::share::Link;

fn size(w: usize, h: usize) -> Size {
    Size::new(w, h).unwrap()
}

#[test]
fn a_new_size_starts_a_new_game_at_once_when_none_is_in_progress() {
    let mut c = Controller::new(reduced());
    let effects = c.command(Command::SetSize(size(8, 7)), 0.0);
    assert_eq!(c.position(), &Position::empty(size(8, 7)));
    assert_eq!(c.cursor().selected(), 3, "the cursor starts in the middle");
    assert!(said(&effects).starts_with("New game, 8 × 7 board. Red to move."));
    assert_eq!(
        events(&effects),
        [Event::NewGame {
            board: Board {
                columns: 8,
                rows: 7
            },
            moves: "".into()
        }]
    );
    let saved = saved(&effects).unwrap();
    assert_eq!(saved.position.size(), size(8, 7));
    let m = Mirror::of(&c);
    assert_eq!((m.columns.len(), m.size), (8, size(8, 7)));
    // Every column of the wider board plays; the ninth is off it.
    drop(&mut c, 7, 0.0);
    assert_eq!(c.position().moves_string(), "8");
    let e = drop(&mut c, 8, 0.0);
    assert!(said(&e).contains("9"), "{}", said(&e));
    assert_eq!(c.position().moves_string(), "8");
}

#[test]
fn a_game_in_progress_is_replaced_only_once_the_player_confirms() {
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    let e = c.command(Command::SetSize(size(5, 4)), 0.0);
    assert_eq!(
        said(&e),
        "A new 5 × 4 game will replace the game in progress."
    );
    assert_eq!(c.position().moves_string(), "4", "the game stays");
    let m = Mirror::of(&c);
    assert_eq!(m.size, size(5, 4), "the choice shows the size asked for");
    assert_eq!(m.board, Size::CLASSIC, "the board stays");
    assert_eq!(
        m.question.unwrap().1,
        "Start the 5 × 4 game",
        "the question shows"
    );
    // Keep playing: nothing changes.
    let e = c.command(Command::Confirm(false), 0.0);
    assert_eq!(said(&e), "Your game goes on.");
    assert!(Mirror::of(&c).question.is_none());
    assert_eq!(
        Mirror::of(&c).size,
        Size::CLASSIC,
        "back to the game's size"
    );
    assert_eq!(c.position().moves_string(), "4");
    // Anything else done meanwhile drops the question too, and says the game goes on
    // before what it does (the status line never keeps the question).
    c.command(Command::SetSize(size(5, 4)), 0.0);
    let e = c.command(Command::ReadBoard, 0.0);
    assert_eq!(announced(&e)[0], "Your game goes on.");
    assert!(c.asked_size().is_none());
    c.command(Command::SetSize(size(5, 4)), 0.0);
    let e = drop(&mut c, 3, 0.0);
    assert_eq!(announced(&e)[0], "Your game goes on.");
    assert!(announced(&e)
        .last()
        .unwrap()
        .starts_with("Yellow in column 4"));
    assert!(c.asked_size().is_none());
    assert!(c.command(Command::Confirm(true), 0.0).is_empty());
    assert_eq!(c.position().moves_string(), "44");
    // Confirmed: the new size's game starts, and undo brings the old one back.
    c.command(Command::SetSize(size(5, 4)), 0.0);
    c.command(Command::Confirm(true), 0.0);
    assert_eq!(c.position(), &Position::empty(size(5, 4)));
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().moves_string(), "44");
    assert_eq!(c.position().size(), Size::CLASSIC);
    // A finished game is not in progress: no question.
    let mut c = Controller::with_position(reduced(), Position::from_moves("1212121").unwrap());
    c.command(Command::SetSize(size(4, 9)), 0.0);
    assert_eq!(c.position(), &Position::empty(size(4, 9)));
}

#[test]
fn perfect_is_offered_only_where_it_is_quick_and_gives_way_to_hard_elsewhere() {
    assert!(Level::Perfect.offered_on(Size::CLASSIC));
    assert!(Level::Perfect.offered_on(size(5, 4)));
    assert!(!Level::Perfect.offered_on(size(9, 9)));
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        assert!(Size::all().all(|s| level.offered_on(s)), "{level}");
    }
    let mut c = Controller::new(against(Level::Perfect));
    let e = c.command(Command::SetSize(size(9, 7)), 0.0);
    assert!(
        said(&e).contains("Perfect is not offered on 9 × 7, so the computer plays hard."),
        "{}",
        said(&e)
    );
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
    let m = Mirror::of(&c);
    assert!(!m.perfect_offered);
    assert_eq!(
        m.level_note.as_deref(),
        Some("Perfect is not offered on 9 × 7: there its opening moves take over a second to work out exactly.")
    );
    // Two people have no level: the note goes, and comes back with the computer.
    c.command(Command::Choose(ModeChoice::Friend), 0.0);
    assert_eq!(Mirror::of(&c).level_note, None);
    c.command(Command::Choose(ModeChoice::Computer), 0.0);
    assert!(Mirror::of(&c).level_note.is_some());
    // Asking for it there is answered the same way.
    let e = c.command(Command::Choose(ModeChoice::Level(Level::Perfect)), 0.0);
    assert!(
        said(&e).contains("so the computer plays hard"),
        "{}",
        said(&e)
    );
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
    // A host's start on such a board too.
    let mut c = Controller::with_position(against(Level::Perfect), Position::empty(size(9, 7)));
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
    // Back on a board that offers it, the level chosen comes back, and the player hears so.
    let e = c.command(Command::SetSize(size(5, 4)), 0.0);
    assert!(
        said(&e).ends_with("On 5 × 4 the computer plays perfect again."),
        "{}",
        said(&e)
    );
    assert_eq!(
        c.settings().players[1],
        PlayerKind::Computer(Level::Perfect)
    );
    // Choosing another level in between forgets it.
    c.command(Command::SetSize(size(9, 7)), 0.0);
    c.command(Command::Choose(ModeChoice::Level(Level::Medium)), 0.0);
    c.command(Command::SetSize(Size::CLASSIC), 0.0);
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Medium));
    // Back on a board that offers it, it can be chosen again.
    let mut c = Controller::new(against(Level::Hard));
    c.command(Command::SetSize(size(4, 4)), 0.0);
    c.command(Command::Choose(ModeChoice::Level(Level::Perfect)), 0.0);
    assert_eq!(
        c.settings().players[1],
        PlayerKind::Computer(Level::Perfect)
    );
    assert!(Mirror::of(&c).perfect_offered && Mirror::of(&c).level_note.is_none());
}

/// Only 7 x 6 has a book: on another size the perfect level's move never says it waits
/// for one while it comes.
#[test]
fn only_the_standard_board_waits_for_the_book() {
    let arriving = Reply::Book {
        loaded: 280_000,
        total: Some(700_000),
    };
    for (board, waits) in [(Size::CLASSIC, true), (size(4, 4), false)] {
        let mut c = Controller::new(against(Level::Perfect));
        c.command(Command::SetSize(board), 0.0);
        drop(&mut c, 1, 0.0);
        assert!(c.jobs().is_thinking(), "{board}");
        c.reply(arriving.clone(), 10.0);
        assert_eq!(c.jobs().book_wait().is_some(), waits, "{board}");
        let turn = Mirror::of(&c).turn;
        assert_eq!(turn.contains("opening book"), waits, "{board}: {turn}");
    }
}

#[test]
fn a_game_against_the_computer_on_another_size_counts_in_that_sizes_record() {
    let mut solver = solver();
    let mut c = Controller::new(against(Level::Perfect));
    let small = size(4, 4);
    let e = c.command(Command::SetSize(small), 0.0);
    serve(&mut c, &mut solver, e);
    // Red plays the leftmost open column until the game ends; perfect answers.
    while !c.position().is_over() {
        let column = (0..4).find(|&col| c.position().can_play(col)).unwrap();
        let e = drop(&mut c, column, 0.0);
        serve(&mut c, &mut solver, e);
    }
    let record = c.records().record();
    assert_eq!(record.at(small, Level::Perfect).games(), 1);
    assert!(record.is_empty_on(Size::CLASSIC));
    assert_eq!(Mirror::of(&c).record.board, "On the 4 × 4 board");
    assert_eq!(Mirror::of(&c).record.rows.len(), 4, "every level on 4 × 4");
    // A board without perfect has no perfect row.
    c.command(Command::SetSize(size(9, 7)), 0.0);
    let rows = Mirror::of(&c).record.rows;
    let levels: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(levels, ["easy", "medium", "hard"]);
}

#[test]
fn big_boards_say_what_is_not_known_and_small_ones_are_exact() {
    let mut solver = solver();
    let analysis = Settings {
        show_analysis: true,
        ..reduced()
    };
    // 9 x 9 from the start: far past the budget. Each column says it is not proved, and
    // the analysis is never left waiting.
    let mut c = Controller::new(analysis);
    let e = c.command(Command::SetSize(size(9, 9)), 0.0);
    let e = serve(&mut c, &mut solver, e);
    let all: Vec<String> = (1..=9).map(|n| format!("column {n}: not proved")).collect();
    assert!(
        said(&e).ends_with(&format!("Analysis: {}.", all.join(", "))),
        "{}",
        said(&e)
    );
    assert_eq!(c.jobs().unproved(), (0..9).collect::<Vec<_>>());
    let m = Mirror::of(&c);
    assert!(!m.analysis_busy && m.notice.is_none());
    assert_eq!(m.columns[4].label, ("not".into(), "proved".into()));
    assert!(
        m.columns[4].name.contains("not proved"),
        "{}",
        m.columns[4].name
    );
    // The hint still names a column: the computer's judgement, said as not proved.
    let e = c.command(Command::Hint, 0.0);
    assert_eq!(asked(&e).len(), 1, "the hint is asked of the worker");
    let e = serve(&mut c, &mut solver, e);
    let column = c.hint().expect("a column is named");
    assert!(
        said(&e).contains(&format!(
            "Play column {}: the computer's best judgement",
            column + 1
        )),
        "{}",
        said(&e)
    );
    // Asked again, it is said again without asking the worker.
    let e = c.command(Command::Hint, 0.0);
    assert!(asked(&e).is_empty() && said(&e).contains("best judgement"));
    // A hint asked while the analysis is under way, which then runs out: the hint is
    // asked on its own, and names a column.
    let moved = drop(&mut c, 4, 0.0);
    assert!(asked(&moved)
        .iter()
        .any(|r| matches!(r, Request::Analyze { .. })));
    let hint = c.command(Command::Hint, 0.0);
    let e = serve(&mut c, &mut solver, [moved, hint].concat());
    assert!(
        said(&e).contains("the computer's best judgement"),
        "{}",
        said(&e)
    );
    assert!(c.hint().is_some());
    // Where some columns are proved and others are not, each says which. Red has three
    // on the bottom row (columns 1 to 3) and Yellow must block in column 4: every other
    // column loses at once, which is proved, and the block is not.
    let mut c = Controller::new(analysis);
    c.command(Command::SetSize(size(9, 9)), 0.0);
    for column in [0, 8, 1, 8, 2] {
        let e = drop(&mut c, column, 0.0);
        serve(&mut c, &mut solver, e);
    }
    assert_eq!(c.jobs().unproved(), [3]);
    let p = *c.position();
    let mut exact = crate::solver::Solver::try_for_size(size(9, 9), 16).unwrap();
    let scores = c.jobs().analysis().unwrap().clone();
    for column in (0..9).filter(|&c| c != 3) {
        let mut after = p;
        after.play(column).unwrap();
        let score = exact.score(&after).unwrap();
        assert_eq!(scores[column], Some(-score), "column {}", column + 1);
    }
    let m = Mirror::of(&c);
    assert_eq!(m.columns[0].label, ("loss".into(), "in 1".into()));
    assert_eq!(m.columns[3].label, ("not".into(), "proved".into()));
    // No column is marked best: the unproved one may be better than the proved ones.
    assert!(m.columns.iter().all(|column| !column.best));
    // Its hint is the block: the unproved column, named as the computer's judgement.
    let e = c.command(Command::Hint, 0.0);
    let e = serve(&mut c, &mut solver, e);
    assert_eq!(c.hint(), Some(3));
    assert!(
        said(&e).contains("Play column 4: the computer's best judgement"),
        "{}",
        said(&e)
    );
    // The review of a few moves is not known either.
    let e = c.command(Command::Review, 0.0);
    let e = serve(&mut c, &mut solver, e);
    assert!(
        said(&e).contains("The ratings are not known"),
        "{}",
        said(&e)
    );
    let view = Mirror::of(&c).review.unwrap();
    assert!(view.line.contains("not known"), "{}", view.line);
    assert_eq!(view.rows[0][3], "not known", "the move's row says so");
    // 5 x 4 is solved at once: the analysis, the hint and the review are exact.
    let mut c = Controller::new(analysis);
    let e = c.command(Command::SetSize(size(5, 4)), 0.0);
    serve(&mut c, &mut solver, e);
    let scores = c.jobs().analysis().expect("known").clone();
    assert_eq!(scores.len(), 5);
    let mut exact = crate::solver::Solver::try_for_size(size(5, 4), 16).unwrap();
    assert_eq!(scores, exact.analyze(&Position::empty(size(5, 4))).unwrap());
    for column in [2, 2, 1] {
        let e = drop(&mut c, column, 0.0);
        serve(&mut c, &mut solver, e);
    }
    let e = c.command(Command::Review, 0.0);
    serve(&mut c, &mut solver, e);
    assert!(c.activity().review().unwrap().is_ready());
    assert_eq!(c.activity().review().unwrap().rated().len(), 3);
}

#[test]
fn links_and_saved_games_carry_the_size() {
    let mut c = Controller::new(reduced());
    let link = Link::decode("#size=8x7&moves=4458").map(Option::unwrap);
    let e = c.open_link(link, 0.0);
    assert_eq!(
        c.position(),
        &Position::from_moves_on(size(8, 7), "4458").unwrap()
    );
    assert!(saved_text(&e).unwrap().contains("&size=8x7"));
    assert_eq!(c.link().encode(), "size=8x7&moves=4458");
    // A bad size is refused with a visible line, and the game stays.
    let e = c.open_link(Link::decode("#size=12x7&moves=4").map(Option::unwrap), 0.0);
    assert_eq!(c.position().moves_string(), "4458");
    let notice = Mirror::of(&c).notice.unwrap();
    assert!(
        notice.contains("its board size is not one this game plays"),
        "{notice}"
    );
    assert!(said(&e).contains("Your game goes on as it was."));
}

#[test]
fn the_computer_taking_over_a_side_in_a_game_in_progress_asks_first() {
    let people = playing([PlayerKind::Human; 2]);
    let mut c = Controller::new(people);
    drop(&mut c, 3, 0.0);
    let e = c.command(Command::Choose(ModeChoice::Computer), 0.0);
    assert!(
        said(&e).starts_with("A new game against the computer (")
            && said(&e).ends_with(") will replace the game in progress."),
        "{}",
        said(&e)
    );
    assert!(
        !e.iter().any(|e| matches!(e, Effect::Ask(_))),
        "the computer waits"
    );
    assert_eq!(
        c.settings().players,
        [PlayerKind::Human; 2],
        "nobody joins yet"
    );
    let m = Mirror::of(&c);
    assert!(
        matches!(m.mode, Some(Mode::Computer { .. })),
        "the choice shows the computer"
    );
    assert!(m.question.unwrap().1.starts_with("New game against "));
    // Keep playing: the two people play on.
    let e = c.command(Command::Confirm(false), 0.0);
    assert_eq!(said(&e), "Your game goes on.");
    assert_eq!(Mirror::of(&c).mode, Some(Mode::Friend));
    assert!(Mirror::of(&c).question.is_none());
    assert_eq!(c.position().moves_string(), "4");
    // Choosing two people again answers it the same way.
    c.command(Command::Choose(ModeChoice::Computer), 0.0);
    let e = c.command(Command::Choose(ModeChoice::Friend), 0.0);
    assert_eq!(announced(&e)[0], "Your game goes on.");
    assert!(c.asked().is_none());
    assert_eq!(c.settings().players, [PlayerKind::Human; 2]);
    // A level chosen while it waits changes the question, not the game.
    c.command(Command::Choose(ModeChoice::Computer), 0.0);
    let e = c.command(Command::Choose(ModeChoice::Level(Level::Hard)), 0.0);
    assert_eq!(
        said(&e),
        "A new game against the computer (hard) will replace the game in progress."
    );
    // Confirmed: a new game against it starts, and undo brings back the position.
    c.command(Command::Confirm(true), 0.0);
    assert_eq!(c.position(), &Position::new());
    assert!(c
        .settings()
        .players
        .contains(&PlayerKind::Computer(Level::Hard)));
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().moves_string(), "4");

    // Against the computer, another level or the computer keeping its side asks nothing.
    let mut c = Controller::new(against(Level::Easy));
    drop(&mut c, 3, 0.0);
    let id = job_id(&c);
    c.reply(Reply::Move { id, column: 3 }, 0.0);
    let e = c.command(Command::Choose(ModeChoice::Level(Level::Hard)), 0.0);
    assert!(c.asked().is_none(), "{}", said(&e));
    assert_eq!(c.settings().players[1], PlayerKind::Computer(Level::Hard));
    // The person's colour changes: the computer takes over the side they played.
    c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
    assert!(c.asked().is_some());
    assert_eq!(c.position().moves_string(), "44");

    // A finished game is not in progress: the choice applies, and a new game starts.
    let mut c = Controller::with_position(people, Position::from_moves("1212121").unwrap());
    c.command(Command::Choose(ModeChoice::Computer), 0.0);
    assert!(c.asked().is_none());
    assert_eq!(c.position(), &Position::new());
}

#[test]
fn a_long_game_on_9x9_is_rated_from_its_end() {
    let mut solver = solver();
    // A random game on 9 x 9 (a fixed seed) that lasts 45 moves or more.
    let mut rng = crate::solver::Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut random = |n: usize| rng.below(n as u32) as usize;
    let big = size(9, 9);
    let game = (0..10_000)
        .find_map(|_| {
            let mut p = Position::empty(big);
            while !p.is_over() {
                let open: Vec<usize> = (0..9).filter(|&c| p.can_play(c)).collect();
                p.play(open[random(open.len())]).unwrap();
            }
            (p.move_count() >= 45).then_some(p)
        })
        .expect("a long game");
    let mut c = Controller::with_position(reduced(), game);
    let e = c.command(Command::Review, 0.0);
    let e = serve(&mut c, &mut solver, e);
    let review = c.activity().review().expect("the review").clone();
    let rated: Vec<usize> = review.rated().iter().map(|r| r.number).collect();
    let len = game.move_count();
    // The late moves are rated, from the last back; the early ones are not known, each.
    assert!(!rated.is_empty() && rated.len() < len, "{rated:?} of {len}");
    assert!(rated.contains(&len) && !rated.contains(&1), "{rated:?}");
    let view = Mirror::of(&c).review.unwrap();
    assert_eq!(view.rows.len(), len);
    for (i, row) in view.rows.iter().enumerate() {
        let rated = review.rated().iter().find(|r| r.number == i + 1);
        assert_eq!(row[3] != "not known", rated.is_some(), "move {}", i + 1);
        let known = rated.is_some_and(|r| r.after.is_some());
        assert_eq!(view.bars[i].known, known, "move {}", i + 1);
    }
    let n = (len - rated.len()).to_string();
    assert!(
        said(&e).contains(&format!("{n} moves are not rated")),
        "{}",
        said(&e)
    );
    // Each rated move agrees with the exact solver.
    let mut exact = crate::solver::Solver::try_for_size(big, 16).unwrap();
    for r in review.rated() {
        let before = Position::from_moves_on(big, &game.moves_string()[..r.number - 1]).unwrap();
        let scores = exact.analyze(&before).unwrap();
        let best = scores.iter().flatten().max().copied();
        assert_eq!(
            r.rating == crate::ui::review::Rating::Best,
            scores[r.column] == best,
            "move {}",
            r.number
        );
    }
}

/// A short game on a big board, reviewed through the worker (the real solver, its budget):
/// Red's win and Yellow's missed block are rated, though no early position is worked out.
#[test]
fn a_short_game_on_9x9_rates_the_win_and_the_missed_block() {
    let mut solver = solver();
    let game = Position::from_moves_on(size(9, 9), "1212121").unwrap();
    let mut c = Controller::with_position(reduced(), game);
    let e = c.command(Command::Review, 0.0);
    let e = serve(&mut c, &mut solver, e);
    let view = Mirror::of(&c).review.unwrap();
    assert!(view.ready);
    assert!(view.rows[5][3].starts_with("blunder"), "{:?}", view.rows[5]);
    assert!(view.rows[5][3].contains("Column 1"), "{:?}", view.rows[5]);
    assert_eq!(view.rows[6][3], "best");
    assert!(
        !said(&e).contains("The ratings are not known"),
        "{}",
        said(&e)
    );
}
