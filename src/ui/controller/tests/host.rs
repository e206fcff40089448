//! What the host and the player choose and hear: the host's events and moves, the main
//! choice, saving, sounds.

use super::*;

const CLASSIC: Board = Board {
    columns: 7,
    rows: 6,
};

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
            board: CLASSIC,
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
    assert_eq!(
        events(&e),
        [Event::NewGame {
            board: CLASSIC,
            moves: "".into()
        }]
    );
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
            board: CLASSIC,
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
            board: CLASSIC,
            column: 5,
            reason: Refusal::Over
        }]
    );
}

#[test]
fn the_hosts_play_is_taken_while_a_piece_falls() {
    let mut c = Controller::new(Settings::default());
    let (e, result) = c.play(Column::new(3).unwrap(), 0.0);
    let result = result.expect("played");
    assert_eq!(
        (result.column, result.row, result.status),
        (3, 5, "in-progress")
    );
    assert_eq!(names(&e), ["c4-move"]);
    // While the piece falls, the host's play counts at once (a host may play from its
    // `c4-move` listener); its piece falls next.
    let (e, result) = c.play(Column::new(2).unwrap(), 10.0);
    assert_eq!(result.map(|r| (r.player, r.row)), Ok((2, 5)));
    assert_eq!(names(&e), ["c4-move"]);
    assert_eq!(c.position().moves_string(), "43");
    // A new game from a chosen start.
    let e = c.new_game(Position::from_moves("4453").unwrap(), 20_000.0);
    assert_eq!(
        events(&e),
        [Event::NewGame {
            board: CLASSIC,
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
            board: CLASSIC,
            column: 2,
            reason: Refusal::Busy
        }]
    );
    c.tick(10_000.0);
    assert_eq!(c.position().moves_string(), "4");
    assert!(c.jobs().is_thinking());
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
fn every_change_is_saved_text() {
    let mut c = Controller::new(reduced());
    let e = drop(&mut c, 3, 0.0);
    let text = saved_text(&e).expect("a move is saved");
    let back = Saved::decode(&text).unwrap();
    assert_eq!(back.position.moves_string(), "4");
    assert_eq!(back.settings, c.settings());
    let e = c.command(Command::SetAnalysis(true), 0.0);
    assert!(saved_text(&e).unwrap().contains("analysis=1"));
    let e = c.command(Command::Undo, 0.0);
    assert!(saved_text(&e).unwrap().contains("moves=&"));
    let e = c.command(Command::NewGame, 0.0);
    assert!(saved_text(&e).is_some());
    // Looking around saves nothing.
    assert_eq!(saved_text(&c.command(Command::Select(1), 0.0)), None);
    assert_eq!(saved_text(&c.command(Command::Hover(Some(2)), 0.0)), None);
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
    // (From the settings, which hand a side to the computer mid-game without asking.)
    c.command(
        Command::SetPlayers([PlayerKind::Computer(Level::Easy), PlayerKind::Human]),
        0.0,
    );
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
fn every_change_of_the_position_is_told_once_with_the_state() {
    let mut c = Controller::new(reduced());
    let state = |c: &mut Controller| match c.change() {
        Some(Event::Change(state)) => Some(state.moves),
        None => None,
        Some(other) => panic!("{other:?}"),
    };
    // The start, once; then nothing until the position changes.
    assert_eq!(state(&mut c).as_deref(), Some(""));
    assert_eq!(state(&mut c), None);
    drop(&mut c, 3, 0.0);
    assert_eq!(state(&mut c).as_deref(), Some("4"));
    c.command(Command::SetSound(false), 0.0);
    assert_eq!(
        state(&mut c),
        None,
        "a setting is not a change of the position"
    );
    drop(&mut c, 2, 0.0);
    assert_eq!(state(&mut c).as_deref(), Some("43"));
    c.command(Command::Undo, 0.0);
    assert_eq!(state(&mut c).as_deref(), Some("4"));
    c.new_game(Position::from_moves("44").unwrap(), 0.0);
    assert_eq!(state(&mut c).as_deref(), Some("44"));
    c.command(Command::NewGame, 0.0);
    assert_eq!(state(&mut c).as_deref(), Some(""));
}

#[test]
fn an_undo_tells_the_host_what_it_took_back() {
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    drop(&mut c, 2, 0.0);
    let e = c.command(Command::Undo, 0.0);
    assert_eq!(
        events(&e),
        [Event::Undo {
            board: CLASSIC,
            moves: "4".into(),
            undone: vec![Undone {
                player: 2,
                column: 2
            }]
        }]
    );
    // Nothing to undo: no event.
    c.command(Command::Undo, 0.0);
    assert!(names(&c.command(Command::Undo, 0.0)).is_empty());
    // Against the computer, its reply goes too, last first.
    let mut c = Controller::new(against(Level::Easy));
    drop(&mut c, 3, 0.0);
    let id = job_id(&c);
    c.reply(Reply::Move { id, column: 0 }, 0.0);
    let e = c.command(Command::Undo, 0.0);
    assert_eq!(
        events(&e),
        [Event::Undo {
            board: CLASSIC,
            moves: "".into(),
            undone: vec![
                Undone {
                    player: 2,
                    column: 0
                },
                Undone {
                    player: 1,
                    column: 3
                }
            ]
        }]
    );
    // Undo after a new game brings the old game back, and says so to the host too.
    let mut c = Controller::new(reduced());
    drop(&mut c, 3, 0.0);
    c.command(Command::NewGame, 0.0);
    let e = c.command(Command::Undo, 0.0);
    assert!(events(&e).contains(&Event::Undo {
        board: CLASSIC,
        moves: "4".into(),
        undone: vec![]
    }));
}

#[test]
fn a_game_that_starts_finished_tells_the_host_it_has_ended() {
    let won = Position::from_moves("1212121").unwrap();
    let ended = |e: &[Effect]| {
        events(e)
            .into_iter()
            .filter(|e| matches!(e, Event::End { .. }))
            .count()
    };
    let mut c = Controller::with_position(reduced(), won);
    assert_eq!(ended(&c.opened(0.0)), 1);
    assert_eq!(ended(&c.new_game(won, 0.0)), 1);
    assert_eq!(ended(&c.new_game(Position::new(), 0.0)), 0);
    assert_eq!(ended(&Controller::new(reduced()).opened(0.0)), 0);
}
