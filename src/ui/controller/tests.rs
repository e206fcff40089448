//! The game in play, through the controller: moves, falls, the computer's turns, hints and
//! analysis, undo, settings, sounds and what the host hears.

use super::*;
use crate::engine::{Player, Status};
use crate::ui::anim;
use crate::ui::jobs::Job;
use crate::ui::protocol::Request;

fn announced(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Announce(s) | Effect::Finished(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

/// The events for the host.
fn events(effects: &[Effect]) -> Vec<Event> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Event(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn names(effects: &[Effect]) -> Vec<&'static str> {
    events(effects).iter().map(Event::name).collect()
}

/// The requests sent to the worker.
fn asked(effects: &[Effect]) -> Vec<Request> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Ask(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn drop(c: &mut Controller, column: usize, now: f64) -> Vec<Effect> {
    c.command(Command::Drop(column), now)
}

/// A person (Red) against the computer at `level`, with reduced motion.
fn against(level: Level) -> Settings {
    Settings {
        players: [PlayerKind::Human, PlayerKind::Computer(level)],
        ..reduced()
    }
}

fn reduced() -> Settings {
    Settings {
        reduced_motion: true,
        ..Settings::default()
    }
}

/// The id of the job the controller waits for.
fn job_id(c: &Controller) -> u32 {
    c.jobs().job().id().expect("a job")
}

#[test]
fn a_drop_changes_state_at_once_and_animates() {
    let mut c = Controller::new(Settings::default());
    let e = drop(&mut c, 3, 0.0);
    assert_eq!(announced(&e), ["Red in column 4, row 1"]);
    assert_eq!(c.position().moves_string(), "4");
    assert!(c.motion().is_animating(10.0));
    let (placed, offset) = c.motion().falling(0.0).unwrap();
    assert_eq!(placed.row, 5);
    // From the lane of air, 0.9 of a row above the top row, to the bottom row.
    assert!((offset - 5.9).abs() < 1e-9, "{offset}");
    // A second click during the fall (a double-click) is not played for Yellow.
    let e = drop(&mut c, 3, 50.0);
    assert_eq!(announced(&e), ["Wait: a piece is still falling."]);
    assert_eq!(
        events(&e),
        [Event::Refused {
            column: 3,
            reason: Refusal::Busy
        }]
    );
    assert_eq!(c.position().moves_string(), "4");
    c.tick(10_000.0);
    assert_eq!(c.position().moves_string(), "4", "nothing was queued");
    let e = drop(&mut c, 2, 10_000.0);
    assert_eq!(announced(&e), ["Yellow in column 3, row 1"]);
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
        "an announcement, the console's detail, the host's event only, and no book for \
         later workers: {e:?}"
    );
    assert!(e.contains(&Effect::ForgetBook), "{e:?}");
    assert!(e.contains(&Effect::Warn(
        "could not load the opening book from /book.bin: HTTP 404".into()
    )));
    assert_eq!(
        events(&e),
        [Event::Error {
            message: "could not load the opening book from /book.bin: HTTP 404".into()
        }]
    );
    assert_eq!(
        announced(&e),
        ["The computer could not load its opening book, so its first moves may take longer."]
    );
    assert_eq!(c.position().moves_string(), "4");
    // A replacement worker says it again; the player hears it once.
    assert!(c.reply(warning, 0.0).is_empty());
    assert!(c.reply(Reply::Ready { warning: None }, 0.0).is_empty());
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
fn computer_turns_are_requested_and_stale_answers_dropped() {
    let settings = against(Level::Easy);
    let mut c = Controller::new(settings);
    let e = drop(&mut c, 3, 0.0);
    let id = match asked(&e).as_slice() {
        [Request::BestMove { id, moves, level }] => {
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
                Request::Ponder { moves } => Some(moves),
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
fn hints_and_analysis_follow_the_position() {
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    // With the analysis off, a hint asks only for the best columns (cheaper).
    let e = c.command(Command::Hint, 0.0);
    let id = match asked(&e).as_slice() {
        [Request::Hint { id, moves }] if moves == "4" => *id,
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
                score: 1,
                columns: vec![0]
            },
            0.0
        )
        .is_empty());
    let e = c.reply(
        Reply::Hint {
            id,
            score: 0,
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
        [Request::Analyze { id, moves }] if moves == "43" => *id,
        other => panic!("no analysis asked: {other:?}"),
    };
    // A hint asked while the analysis is on its way comes from the analysis.
    let e = c.command(Command::Hint, 0.0);
    assert!(asked(&e).is_empty(), "{e:?}");
    let e = c.reply(Reply::Analysis { id, scores }, 0.0);
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
    let e = c.reply(Reply::Analysis { id, scores }, 0.0);
    assert!(announced(&e)[0].starts_with("Analysis: column 1:"), "{e:?}");
}

#[test]
fn the_host_hears_moves_refusals_new_games_and_the_end() {
    let settings = against(Level::Easy);
    let mut c = Controller::new(settings);
    let e = drop(&mut c, 3, 0.0);
    assert_eq!(names(&e), ["c4-move"]);
    match &events(&e)[0] {
        Event::Move { result, moves, by } => {
            assert_eq!((result.column, result.row, result.player), (3, 5, 1));
            assert_eq!((moves.as_str(), *by), ("4", "human"));
        }
        other => panic!("{other:?}"),
    }
    // The computer's turn: a person's move is refused as busy.
    let e = drop(&mut c, 2, 0.0);
    assert_eq!(
        events(&e),
        [Event::Refused {
            column: 2,
            reason: Refusal::Busy
        }]
    );
    let id = job_id(&c);
    let e = c.reply(Reply::Move { id, column: 3 }, 0.0);
    match &events(&e)[..] {
        [Event::Move { by, moves, .. }] => assert_eq!((*by, moves.as_str()), ("easy", "44")),
        other => panic!("{other:?}"),
    }
    let e = c.command(Command::NewGame, 0.0);
    assert_eq!(events(&e), [Event::NewGame { moves: "".into() }]);
    // A full column, then the end and a move after it.
    let mut c = Controller::with_position(
        Settings {
            reduced_motion: true,
            ..Settings::default()
        },
        Position::from_moves("121212444444").unwrap(),
    );
    assert_eq!(
        events(&drop(&mut c, 3, 0.0)),
        [Event::Refused {
            column: 3,
            reason: Refusal::Full
        }]
    );
    let e = drop(&mut c, 0, 0.0);
    assert_eq!(names(&e), ["c4-move", "c4-end"]);
    assert!(
        matches!(&events(&e)[1], Event::End { status: "win", winner: Some(1), moves, .. } if moves == "1212124444441")
    );
    assert_eq!(
        events(&drop(&mut c, 5, 0.0)),
        [Event::Refused {
            column: 5,
            reason: Refusal::Over
        }]
    );
}

#[test]
fn the_hosts_play_is_refused_while_a_piece_falls() {
    let mut c = Controller::new(Settings::default());
    let (e, result) = c.play(Column::new(3).unwrap(), 0.0);
    let result = result.expect("played");
    assert_eq!(
        (result.column, result.row, result.status),
        (3, 5, "in-progress")
    );
    assert_eq!(names(&e), ["c4-move"]);
    // While the piece falls, the host's play is refused, as a person's click is.
    let (e, result) = c.play(Column::new(2).unwrap(), 10.0);
    assert_eq!(result, Err(Refusal::Busy));
    assert_eq!(announced(&e), ["Wait: a piece is still falling."]);
    assert_eq!(c.position().moves_string(), "4");
    c.tick(10_000.0);
    let (_, result) = c.play(Column::new(2).unwrap(), 10_000.0);
    assert_eq!(result.map(|r| r.player), Ok(2));
    assert_eq!(c.position().moves_string(), "43");
    // A new game from a chosen start.
    let e = c.new_game(Position::from_moves("4453").unwrap(), 20_000.0);
    assert_eq!(
        events(&e),
        [Event::NewGame {
            moves: "4453".into()
        }]
    );
    assert_eq!(announced(&e), ["New game. Red to move."]);
}

#[test]
fn a_click_during_the_fall_before_the_computers_turn_is_refused() {
    let mut c = Controller::new(Settings {
        reduced_motion: false,
        ..against(Level::Easy)
    });
    drop(&mut c, 3, 0.0);
    let e = drop(&mut c, 2, 10.0);
    assert_eq!(announced(&e), ["Wait: the computer is thinking."]);
    assert_eq!(
        events(&e),
        [Event::Refused {
            column: 2,
            reason: Refusal::Busy
        }]
    );
    c.tick(10_000.0);
    assert_eq!(c.position().moves_string(), "4");
    assert!(c.jobs().is_thinking());
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
            message: "boom".into()
        }]
    );
    // The next worker fails the same way: nothing more is said.
    let e = c.reply(boom, 0.0);
    assert!(events(&e).is_empty() && announced(&e).is_empty(), "{e:?}");
}

/// The sounds asked for.
fn sounds(effects: &[Effect]) -> Vec<Cue> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Sound(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The last saved text, if any.
fn saved(effects: &[Effect]) -> Option<String> {
    effects.iter().rev().find_map(|e| match e {
        Effect::Save(s) => Some(s.clone()),
        _ => None,
    })
}

#[test]
fn the_main_choice_sets_the_players_and_remembers_the_level() {
    let mut c = Controller::new(reduced());
    assert_eq!(c.mode(), Some(Mode::Friend));
    assert_eq!(c.shown_choice(), (Level::Medium, Player::First));
    c.command(Command::Choose(ModeChoice::Level(Level::Hard)), 0.0);
    assert_eq!(
        c.settings().players,
        [PlayerKind::Human, PlayerKind::Computer(Level::Hard)]
    );
    // Playing Yellow: the computer (Red) moves first, at once.
    let e = c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
    assert_eq!(
        c.settings().players,
        [PlayerKind::Computer(Level::Hard), PlayerKind::Human]
    );
    assert!(
        matches!(
            asked(&e)[..],
            [Request::BestMove {
                level: Level::Hard,
                ..
            }]
        ),
        "{e:?}"
    );
    // Back to two people: the choice still shows hard and Yellow for next time.
    c.command(Command::Choose(ModeChoice::Friend), 0.0);
    assert_eq!(c.settings().players, [PlayerKind::Human; 2]);
    assert_eq!(c.shown_choice(), (Level::Hard, Player::Second));
    c.command(Command::Choose(ModeChoice::Computer), 0.0);
    assert_eq!(
        c.settings().players,
        [PlayerKind::Computer(Level::Hard), PlayerKind::Human]
    );
}

#[test]
fn a_choice_after_the_end_starts_a_new_game() {
    let mut c = Controller::with_position(reduced(), Position::from_moves("1212121").unwrap());
    let e = c.command(Command::Choose(ModeChoice::Level(Level::Easy)), 0.0);
    assert_eq!(c.position().move_count(), 0);
    assert!(names(&e).contains(&"c4-newgame"), "{e:?}");
    // During a game, the game goes on with the new opponent.
    drop(&mut c, 3, 0.0);
    let id = job_id(&c);
    c.reply(Reply::Move { id, column: 3 }, 0.0);
    c.command(Command::Choose(ModeChoice::Level(Level::Perfect)), 0.0);
    assert_eq!(c.position().moves_string(), "44");
}

#[test]
fn every_change_is_saved() {
    let mut c = Controller::new(reduced());
    let e = drop(&mut c, 3, 0.0);
    let text = saved(&e).expect("a move is saved");
    let back = Saved::decode(&text).unwrap();
    assert_eq!(back.position.moves_string(), "4");
    assert_eq!(back.settings, c.settings());
    let e = c.command(Command::SetAnalysis(true), 0.0);
    assert!(saved(&e).unwrap().contains("analysis=1"));
    let e = c.command(Command::Undo, 0.0);
    assert!(saved(&e).unwrap().contains("moves=&"));
    let e = c.command(Command::NewGame, 0.0);
    assert!(saved(&e).is_some());
    // Looking around saves nothing.
    assert_eq!(saved(&c.command(Command::Select(1), 0.0)), None);
    assert_eq!(saved(&c.command(Command::Hover(Some(2)), 0.0)), None);
}

#[test]
fn sounds_follow_the_landings_and_the_end_while_the_sound_is_on() {
    let quiet = Settings {
        sound: false,
        ..reduced()
    };
    let mut c = Controller::new(quiet);
    assert!(sounds(&drop(&mut c, 0, 0.0)).is_empty());
    let mut c = Controller::new(Settings {
        sound: true,
        ..reduced()
    });
    assert_eq!(sounds(&drop(&mut c, 0, 0.0)), [Cue::Land]);
    for column in [1, 0, 1, 0, 1] {
        drop(&mut c, column, 0.0);
    }
    assert_eq!(sounds(&drop(&mut c, 0, 0.0)), [Cue::Land, Cue::Win]);
    // The computer beating the one person playing it sounds like a loss.
    let mut c = Controller::with_position(
        Settings {
            sound: true,
            ..against(Level::Easy)
        },
        Position::from_moves("121212").unwrap(),
    );
    c.command(Command::Choose(ModeChoice::Person(Player::Second)), 0.0);
    let id = job_id(&c);
    let e = c.reply(Reply::Move { id, column: 0 }, 0.0);
    assert_eq!(sounds(&e), [Cue::Land, Cue::Loss]);
    let drawn = "54712566226127126621574377157631535333444";
    let mut c = Controller::with_position(
        Settings {
            sound: true,
            ..reduced()
        },
        Position::from_moves(drawn).unwrap(),
    );
    assert_eq!(sounds(&drop(&mut c, 3, 0.0)), [Cue::Land, Cue::Draw]);
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
    assert!(saved(&e).unwrap().contains("moves=445"));
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
