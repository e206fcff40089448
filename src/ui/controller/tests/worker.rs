//! The computer's worker: its turns, stale answers, failures, pondering, hints and the
//! analysis, a missing book.

use super::*;

#[test]
fn a_missing_book_is_announced_once_and_changes_nothing() {
    let mut c = Controller::new(Settings::default());
    drop(&mut c, 3, 0.0);
    let warning = Reply::Ready {
        warning: Some("could not load the opening book from /book.bin: HTTP 404".into()),
    };
    let e = c.reply(warning.clone(), 0.0);
    assert_eq!(
        e.len(),
        4,
        "an announcement, the console's detail, the host's event and a redraw: {e:?}"
    );
    assert!(e.contains(&Effect::Changed), "{e:?}");
    assert!(e.contains(&Effect::Warn(
        "could not load the opening book from /book.bin: HTTP 404".into()
    )));
    assert_eq!(
        events(&e),
        [Event::Error {
            code: "book",
            message: "could not load the opening book from /book.bin: HTTP 404".into()
        }]
    );
    assert_eq!(
        announced(&e),
        ["The computer could not load its opening book: early in a game it plays its best judgement, not perfect play."]
    );
    assert_eq!(c.position().moves_string(), "4");
    // A replacement worker says it again; the player hears it once.
    assert!(c.reply(warning, 0.0).is_empty());
    assert!(c.reply(Reply::Ready { warning: None }, 0.0).is_empty());
}

/// While the book comes, the perfect level's move waits for it and the turn line says how
/// far it got; the lower levels' moves do not wait, and say they are thinking.
#[test]
fn the_books_progress_shows_while_the_perfect_level_waits() {
    let texts = Texts::default();
    for (level, waits) in [(Level::Hard, false), (Level::Perfect, true)] {
        let mut c = Controller::new(against(level));
        drop(&mut c, 3, 0.0);
        assert!(c.jobs().is_thinking(), "{level}");
        let e = c.reply(
            Reply::Book {
                loaded: 280_000,
                total: Some(700_000),
            },
            10.0,
        );
        assert_eq!(e, [Effect::Changed], "{level}");
        let turn = crate::ui::mirror::Mirror::of(&c).turn;
        if waits {
            assert_eq!(turn, "The computer is getting its opening book: 40%…");
        } else {
            assert_eq!(turn, texts.computer_thinking(), "{level}");
        }
        // Without a size, the bytes so far.
        c.reply(
            Reply::Book {
                loaded: 350_000,
                total: None,
            },
            10.0,
        );
        if waits {
            assert_eq!(
                crate::ui::mirror::Mirror::of(&c).turn,
                "The computer is getting its opening book: 350 KB…"
            );
        }
        // In: the turn line is the thinking line again.
        assert_eq!(
            c.reply(Reply::Ready { warning: None }, 10.0),
            [Effect::Changed]
        );
        assert_eq!(
            crate::ui::mirror::Mirror::of(&c).turn,
            texts.computer_thinking(),
            "{level}"
        );
    }
}

#[test]
fn computer_turns_are_requested_and_stale_answers_dropped() {
    let settings = against(Level::Easy);
    let mut c = Controller::new(settings);
    let e = drop(&mut c, 3, 0.0);
    let id = match asked(&e).as_slice() {
        [Request::BestMove {
            id, moves, level, ..
        }] => {
            assert_eq!(moves, "4");
            assert_eq!(*level, Level::Easy);
            *id
        }
        other => panic!("computer not asked: {other:?}"),
    };
    assert!(c.jobs().is_thinking());
    assert!(announced(&drop(&mut c, 2, 0.0))[0].contains("thinking"));
    // Undo during the computer's turn cancels it; its late answer is ignored.
    let e = c.command(Command::Undo, 0.0);
    assert!(e.contains(&Effect::CancelComputer));
    assert!(!c.jobs().is_thinking());
    assert!(c.reply(Reply::Move { id, column: 2 }, 0.0).is_empty());
    assert_eq!(c.position().moves_string(), "");
    // Undo against the computer takes back its reply too.
    drop(&mut c, 3, 0.0);
    let id = job_id(&c);
    // An answer to another request is stale too.
    assert!(c
        .reply(
            Reply::Move {
                id: id + 1,
                column: 0
            },
            0.0
        )
        .is_empty());
    c.reply(Reply::Move { id, column: 3 }, 0.0);
    assert_eq!(c.position().moves_string(), "44");
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().moves_string(), "");
    assert!(c.human_to_move());
}

#[test]
fn a_failed_worker_is_announced_and_nothing_stays_pending() {
    let settings = against(Level::Hard);
    let mut c = Controller::new(settings);
    drop(&mut c, 3, 0.0);
    let id = job_id(&c);
    // A failure of an older job is stale.
    assert!(c
        .reply(
            Reply::Failed {
                id: Some(id + 7),
                error: "old".into()
            },
            0.0
        )
        .is_empty());
    assert!(c.jobs().is_thinking());
    let e = c.reply(
        Reply::Failed {
            id: None,
            error: "the worker could not start".into(),
        },
        0.0,
    );
    assert_eq!(
        announced(&e),
        ["The computer could not move: the worker could not start"]
    );
    assert_eq!(c.jobs().job(), Job::Idle);
    // A move the rules refuse is a failure too, not a silent stop.
    let mut c = Controller::with_position(settings, Position::from_moves("444444").unwrap());
    drop(&mut c, 0, 0.0);
    let id = job_id(&c);
    let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
    assert!(
        announced(&e)[0].starts_with("The computer could not move:"),
        "{e:?}"
    );
    assert_eq!(c.jobs().job(), Job::Idle);
}

#[test]
fn the_perfect_level_ponders_on_the_players_time() {
    let ponders = |e: &[Effect]| -> Vec<String> {
        asked(e)
            .into_iter()
            .filter_map(|r| match r {
                Request::Ponder { moves, .. } => Some(moves),
                _ => None,
            })
            .collect()
    };
    let settings = against(Level::Perfect);
    let mut c = Controller::new(settings);
    assert_eq!(ponders(&c.tick(0.0)), [""]);
    assert!(ponders(&c.tick(1.0)).is_empty(), "once per position");
    // While the computer thinks there is nothing to ponder; after its move, there is.
    let e = drop(&mut c, 3, 0.0);
    assert!(ponders(&e).is_empty());
    let id = job_id(&c);
    let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
    assert_eq!(ponders(&e), ["44"]);
    // Undo and a new game may replace the worker: the position is pondered again.
    assert_eq!(ponders(&c.command(Command::Undo, 0.0)), [""]);
    assert_eq!(ponders(&c.command(Command::NewGame, 0.0)), [""]);
    // Not against a lower level, nor between two people.
    for players in [
        [PlayerKind::Human, PlayerKind::Computer(Level::Hard)],
        [PlayerKind::Human, PlayerKind::Human],
    ] {
        let mut c = Controller::new(Settings {
            players,
            ..settings
        });
        assert!(ponders(&c.tick(0.0)).is_empty());
        assert!(ponders(&drop(&mut c, 3, 0.0)).is_empty());
    }
}

#[test]
fn hints_and_analysis_follow_the_position() {
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    // With the analysis off, a hint asks only for the best columns (cheaper).
    let e = c.command(Command::Hint, 0.0);
    let id = match asked(&e).as_slice() {
        [Request::Hint { id, moves, .. }] if moves == "4" => *id,
        other => panic!("no hint asked: {other:?}"),
    };
    assert!(c.jobs().is_analyzing());
    assert!(
        asked(&c.command(Command::Hint, 0.0)).is_empty(),
        "asked once"
    );
    // A stale answer (to another request) is ignored.
    assert!(c
        .reply(
            Reply::Hint {
                id: id + 1,
                score: Some(1),
                columns: vec![0]
            },
            0.0
        )
        .is_empty());
    let e = c.reply(
        Reply::Hint {
            id,
            score: Some(0),
            columns: vec![2, 3, 4],
        },
        0.0,
    );
    assert_eq!(c.hint(), Some(3), "the most central best column");
    assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
    assert!(!c.jobs().is_analyzing());
    // Asked again in the same position, the hint is said again, with no new search.
    let e = c.command(Command::Hint, 0.0);
    assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
    assert!(asked(&e).is_empty());
    // A move voids the hint; one asked meanwhile is cancelled with the worker's job.
    drop(&mut c, 2, 0.0);
    assert_eq!(c.hint(), None);
    c.command(Command::Hint, 0.0);
    let e = drop(&mut c, 0, 0.0);
    assert!(e.contains(&Effect::CancelComputer), "{e:?}");
    assert!(!c.jobs().is_analyzing());
    c.command(Command::Undo, 0.0);
    assert_eq!(c.position().moves_string(), "43");
    let scores = [
        Some(-2),
        Some(-1),
        Some(0),
        Some(0),
        Some(0),
        Some(-1),
        Some(-2),
    ];
    // Turning analysis on asks for it, and the answer is announced.
    let e = c.command(Command::SetAnalysis(true), 0.0);
    let id = match asked(&e).as_slice() {
        [Request::Analyze { id, moves, .. }] if moves == "43" => *id,
        other => panic!("no analysis asked: {other:?}"),
    };
    // A hint asked while the analysis is on its way comes from the analysis.
    let e = c.command(Command::Hint, 0.0);
    assert!(asked(&e).is_empty(), "{e:?}");
    let e = c.reply(
        Reply::Analysis {
            id,
            scores: scores.to_vec(),
            unproved: Vec::new(),
        },
        0.0,
    );
    assert_eq!(announced(&e), ["Play column 4: it holds the draw."]);
    assert_eq!(c.hint(), Some(3));
    assert!(c.jobs().analysis().is_some());
    // After the next move the analysis is asked for again, at once with reduced motion.
    let e = drop(&mut c, 0, 0.0);
    assert!(matches!(asked(&e).as_slice(), [Request::Analyze { moves, .. }] if moves == "431"));
    // A move while an analysis is still being worked out cancels it.
    let e = drop(&mut c, 0, 0.0);
    assert!(e.contains(&Effect::CancelComputer), "{e:?}");
    assert!(matches!(asked(&e).as_slice(), [Request::Analyze { moves, .. }] if moves == "4311"));
    // Without a hint wanted, the analysis is announced.
    let id = job_id(&c);
    let e = c.reply(
        Reply::Analysis {
            id,
            scores: scores.to_vec(),
            unproved: Vec::new(),
        },
        0.0,
    );
    assert!(announced(&e)[0].starts_with("Analysis: column 1:"), "{e:?}");
}

#[test]
fn a_failed_worker_tells_the_host_once() {
    let mut c = Controller::new(Settings::default());
    let boom = Reply::Failed {
        id: None,
        error: "boom".into(),
    };
    let e = c.reply(boom.clone(), 0.0);
    assert_eq!(
        events(&e),
        [Event::Error {
            code: "computer",
            message: "boom".into()
        }]
    );
    // The next worker fails the same way: nothing more is said.
    let e = c.reply(boom.clone(), 0.0);
    assert!(events(&e).is_empty() && announced(&e).is_empty(), "{e:?}");
    // A new game says it again: a player who starts one hears why the computer is silent.
    c.command(Command::NewGame, 0.0);
    let e = c.reply(boom, 0.0);
    assert_eq!(
        events(&e),
        [Event::Error {
            code: "computer",
            message: "boom".into()
        }]
    );
    assert_eq!(announced(&e).len(), 1, "{e:?}");
}

#[test]
fn a_click_while_the_computers_piece_falls_is_played_after_it() {
    let mut c = Controller::new(Settings {
        reduced_motion: false,
        ..against(Level::Easy)
    });
    drop(&mut c, 3, 0.0);
    let red = c.motion().fall().unwrap();
    c.tick(red.start + red.duration);
    let id = job_id(&c);
    let reply_at = red.start + red.duration + 100.0;
    c.reply(Reply::Move { id, column: 3 }, reply_at);
    assert!(c.motion().fall().is_some(), "the computer's piece falls");
    // The person's turn has come, though the computer's piece is still on its way.
    let e = drop(&mut c, 2, reply_at + 10.0);
    assert_eq!(announced(&e), ["Red in column 3, row 1"]);
    assert_eq!(c.position().moves_string(), "443");
    let computers = c.motion().fall().unwrap();
    assert_eq!(computers.placed.column, 3);
    c.tick(computers.start + computers.duration);
    let red = c.motion().fall().unwrap();
    assert_eq!(red.placed.column, 2, "the person's piece falls next");
    // Only once every piece has landed does the computer get its turn.
    assert!(!c.jobs().is_thinking());
    c.tick(red.start + red.duration);
    assert!(c.motion().fall().is_none() && c.jobs().is_thinking());
}
