//! An online game's life on a page that drops and comes back: the heartbeat, the browser
//! offline, a move made meanwhile, Resign and Leave asking first, the review that keeps the
//! connection.

use super::online::{game, joining, red_online, sent, state, BOTH};
use super::*;
use crate::online::{End, GameState, Presence, Role, Seat, ToPage, ToServer};
use crate::ui::command::Play;
use crate::ui::effect::Online;
use crate::ui::mirror::Mirror;

/// The heartbeat pings; a ping unanswered is a lost connection, as is the browser going
/// offline; back online, the page connects at once.
#[test]
fn a_silent_connection_is_found_lost_by_the_heartbeat() {
    let mut c = red_online();
    c.online_opened(10_000.0);
    c.online_message(state("", Role::Red, BOTH, None), 10_100.0);
    assert!(c.online_beat(11_000.0, 0.5).is_empty());
    assert_eq!(sent(&c.online_beat(12_000.0, 0.5)), [ToServer::Ping {}]);
    let lost = c.online_beat(15_000.0, 0.5);
    assert!(
        lost.contains(&Effect::Online(Online::Disconnect)),
        "{lost:?}"
    );
    assert!(lost.contains(&Effect::Online(Online::Connect { after_ms: 375 })));
    assert_eq!(
        announced(&lost),
        ["Offline: your move will be sent when you are back."]
    );
    // Back online: at once, not after the wait.
    assert_eq!(
        c.online_network(true, 0.5),
        [Effect::Online(Online::Connect { after_ms: 0 })]
    );
    c.online_opened(16_000.0);
    let offline = c.online_network(false, 0.5);
    assert!(
        offline.contains(&Effect::Online(Online::Disconnect)),
        "{offline:?}"
    );
    // Nothing to do for a page without an online game.
    let mut local = Controller::new(reduced());
    assert!(local.online_network(false, 0.5).is_empty());
    assert!(local.online_beat(1.0, 0.5).is_empty());
}

/// Leaving a game that goes on asks first; "A friend online" then goes back to it, not to
/// a new game.
#[test]
fn leaving_a_running_game_asks_and_a_friend_online_goes_back_to_it() {
    let mut c = red_online();
    let asked = c.command(Command::Back, 4.0);
    assert_eq!(
        announced(&asked),
        ["Leave this game? If you are away on your turn for 2 minutes, Yellow can claim the win."]
    );
    assert_eq!(c.rules().name, "online");
    let left = c.command(Command::Confirm(true), 4.5);
    assert!(left.contains(&Effect::Online(Online::Disconnect)));
    assert_eq!(c.rules().name, "play");
    let again = c.command(Command::Online(Play::Setup), 5.0);
    assert!(again.contains(&Effect::Online(Online::Connect { after_ms: 0 })));
    assert!(matches!(
        &sent(&c.online_opened(6.0))[..],
        [ToServer::Resume { game: g, .. }] if *g == game()
    ));
    // Once back in it, a new "A friend online" (after leaving again) still finds it; a
    // game over is not gone back to.
    c.online_message(
        state(
            "",
            Role::Red,
            BOTH,
            Some(End::Resigned { seat: Seat::Yellow }),
        ),
        7.0,
    );
    c.command(Command::Back, 8.0);
    c.command(Command::Online(Play::Setup), 9.0);
    c.command(Command::Online(Play::Create), 9.0);
    assert!(matches!(
        &sent(&c.online_opened(10.0))[..],
        [ToServer::Create { .. }]
    ));
}

/// Red online, in a game of 4 moves that Yellow resigned.
fn resigned_by_yellow() -> Controller {
    let mut c = red_online();
    c.online_message(
        state(
            "4455",
            Role::Red,
            BOTH,
            Some(End::Resigned { seat: Seat::Yellow }),
        ),
        5.0,
    );
    c
}

#[test]
fn the_review_of_an_online_game_keeps_its_connection() {
    let mut c = resigned_by_yellow();
    let review = c.command(Command::Review, 6.0);
    assert_eq!(c.rules().name, "review");
    assert_eq!(
        c.position().moves_string(),
        "4455",
        "the online game's moves"
    );
    // The friend is not told the person left: the connection stays.
    assert!(
        !review.contains(&Effect::Online(Online::Disconnect)),
        "{review:?}"
    );
    assert!(sent(&review).is_empty(), "{review:?}");
    let told = review
        .iter()
        .filter(|e| matches!(e, Effect::Event(Event::Online(_))));
    assert_eq!(told.count(), 0, "{review:?}");
    // A rematch asked reaches the person in the review, on screen too.
    let asked = c.online_message(
        match state(
            "4455",
            Role::Red,
            BOTH,
            Some(End::Resigned { seat: Seat::Yellow }),
        ) {
            ToPage::State(state) => ToPage::State(GameState {
                rematch: [false, true],
                ..state
            }),
            other => other,
        },
        6.5,
    );
    assert_eq!(announced(&asked), ["Yellow asks for a rematch."]);
    assert_eq!(
        Mirror::of(&c).notice.as_deref(),
        Some("Yellow asks for a rematch.")
    );
    assert_eq!(c.rules().name, "review", "the review stays");
    // Back: the game, as the server left it, without a new connection.
    let back = c.command(Command::Back, 7.0);
    assert!(
        !back.iter().any(|e| matches!(e, Effect::Online(_))),
        "{back:?}"
    );
    assert_eq!(c.rules().name, "online");
    assert_eq!(c.position().moves_string(), "4455");
    assert!(Mirror::of(&c)
        .online
        .unwrap()
        .note
        .unwrap()
        .contains("rematch"));
    // Leaving the review for the game on this device closes it.
    c.command(Command::Review, 8.0);
    let new_game = c.command(Command::NewGame, 9.0);
    assert!(
        new_game.contains(&Effect::Online(Online::Disconnect)),
        "{new_game:?}"
    );
}

/// After a reload, the review of an online game (kept by its id) enters it again on Back.
#[test]
fn back_from_a_review_after_a_reload_enters_the_online_game_again() {
    let mut c = resigned_by_yellow();
    c.command(Command::Review, 6.0);
    // What a reload keeps: the review, and the game it returns to, not the connection.
    c.seats.behind = None;
    let back = c.command(Command::Back, 7.0);
    assert!(back.contains(&Effect::Online(Online::Connect { after_ms: 0 })));
    assert_eq!(c.rules().name, "online");
}

#[test]
fn a_lost_connection_is_made_again_and_the_seat_resumed() {
    let mut c = red_online();
    let lost = c.online_closed(1.0);
    assert!(lost.contains(&Effect::Online(Online::Connect { after_ms: 500 })));
    // Red's turn: a move may be made, and waits for the connection.
    assert_eq!(
        announced(&lost),
        ["Offline: your move will be sent when you are back."]
    );
    // A click meanwhile is not refused: the piece falls, and waits.
    assert!(c.human_to_move());
    let waiting = drop(&mut c, 3, 2.0);
    assert!(sent(&waiting).is_empty(), "{waiting:?}");
    assert_eq!(c.position().moves_string(), "4");
    let resumed = sent(&c.online_opened(3.0));
    assert!(matches!(&resumed[..], [ToServer::Resume { game: g, .. }] if *g == game()));
    // The server's game has no such move yet: it goes now, and the board stays.
    let back = c.online_message(state("", Role::Red, BOTH, None), 4.0);
    assert_eq!(
        sent(&back),
        [ToServer::Move {
            game: game(),
            number: 0,
            column: 3
        }]
    );
    assert_eq!(c.position().moves_string(), "4");
}

#[test]
fn a_connection_lost_and_found_again_is_said_both_ways() {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.command(Command::Online(Play::Setup), 0.0);
    assert!(
        announced(&c.online_opened(0.0)).is_empty(),
        "the first time, nothing to say"
    );
    let mut c = red_online();
    c.online_message(state("4", Role::Red, BOTH, None), 1.0);
    assert_eq!(
        announced(&c.online_closed(0.5)),
        ["The connection to the game's server was lost: trying again…"],
        "Yellow's turn: no move of Red's waits"
    );
    // A try that fails says nothing more; the one that opens says so.
    assert!(announced(&c.online_closed(0.5)).is_empty());
    assert_eq!(announced(&c.online_opened(0.0)), ["Connected again."]);
}

/// The person's turn, come by the friend's move (or the friend joining), alerts the page
/// (which alerts the person only if it is hidden); the person's own move does not.
#[test]
fn the_persons_turn_online_alerts_the_page() {
    let alerts = |effects: &[Effect]| {
        effects
            .iter()
            .filter(|e| matches!(e, Effect::TurnAlert { .. }))
            .cloned()
            .collect::<Vec<_>>()
    };
    let mut c = red_online();
    let mine = drop(&mut c, 3, 1.0);
    assert!(alerts(&mine).is_empty());
    c.online_message(state("4", Role::Red, BOTH, None), 2.0);
    let theirs = c.online_message(state("43", Role::Red, BOTH, None), 3.0);
    assert_eq!(
        alerts(&theirs),
        [Effect::TurnAlert {
            title: "Your move – {title}".into(),
            sound: c.settings().sound,
        }]
    );
    // A presence change is no turn.
    let away = [Presence::Here, Presence::Away { ms: 0 }];
    assert!(alerts(&c.online_message(state("43", Role::Red, away, None), 4.0)).is_empty());
}

/// What a screen-reader user hears, item by item (issue 57's "heard right").
#[test]
fn what_is_said_is_about_the_other_player_and_said_once() {
    let over = Some(End::Resigned { seat: Seat::Yellow });
    let with =
        |moves: &str, seats: [Presence; 2], end, rematch, next: Option<crate::online::GameId>| {
            match state(moves, Role::Red, seats, end) {
                ToPage::State(s) => ToPage::State(GameState { rematch, next, ..s }),
                other => other,
            }
        };
    // The person's own seat away (a reload's old connection going) is not said to them.
    let mut c = red_online();
    let mine_away = [Presence::Away { ms: 0 }, Presence::Here];
    assert!(announced(&c.online_message(state("", Role::Red, mine_away, None), 1.0)).is_empty());
    assert!(announced(&c.online_message(state("", Role::Red, BOTH, None), 1.5)).is_empty());
    // Back from a finished game's review: its result, not whose move it was.
    c.online_message(state("4455", Role::Red, BOTH, over), 2.0);
    c.command(Command::Review, 3.0);
    let back = c.command(Command::Back, 4.0);
    assert_eq!(announced(&back), ["Yellow resigned: you won!"]);
    // The rematch is said once; the friend's coming to it is not "is back".
    let next = crate::online::GameId::from_bytes([9; 8]);
    let rematch = c.online_message(
        with("4455", BOTH, over, [true, true], Some(next.clone())),
        5.0,
    );
    assert_eq!(announced(&rematch), ["Rematch: you play Yellow now."]);
    let arrive = |seats| match state("", Role::Yellow, seats, None) {
        ToPage::State(s) => ToPage::State(GameState {
            game: next.clone(),
            ..s
        }),
        other => other,
    };
    let away = [Presence::Away { ms: 0 }, Presence::Here];
    c.online_opened(5.5);
    assert!(announced(&c.online_message(arrive(away), 6.0)).is_empty());
    assert!(announced(&c.online_message(arrive(BOTH), 7.0)).is_empty());
    // Away and back after that is said.
    assert_eq!(
        announced(&c.online_message(arrive(away), 8.0)),
        ["Red has lost the connection…"]
    );
    assert_eq!(
        announced(&c.online_message(arrive(BOTH), 9.0)),
        ["Red is back."]
    );
    // Coming back to a game long over whose rematch began meanwhile: followed quietly.
    let mut again = red_online();
    again.command(Command::Back, 10.0);
    again.command(Command::Confirm(true), 10.1);
    again.join_online(game(), None, 11.0);
    again.online_opened(12.0);
    let reopened = again.online_message(
        with("4455", BOTH, over, [true, true], Some(next.clone())),
        13.0,
    );
    assert!(
        !announced(&reopened)
            .iter()
            .any(|s| s.starts_with("Rematch")),
        "{:?}",
        announced(&reopened)
    );
}

/// A watcher hears the rematch in words of its own.
#[test]
fn a_watcher_hears_the_rematch_in_words() {
    let mut c = joining();
    let over = Some(End::Resigned { seat: Seat::Yellow });
    c.online_message(state("44", Role::Watcher, BOTH, over), 2.0);
    let next = crate::online::GameId::from_bytes([9; 8]);
    let rematch = match state("44", Role::Watcher, BOTH, over) {
        ToPage::State(s) => ToPage::State(GameState {
            rematch: [true, true],
            next: Some(next),
            ..s
        }),
        other => other,
    };
    assert_eq!(
        announced(&c.online_message(rematch, 3.0)),
        ["Rematch: the players swap colours."]
    );
}

/// The series' score shows once a game of it is won; the colours' swap shows until the
/// first move of the rematch; "joined", "is back" and "Link copied" show until the next move.
#[test]
fn the_score_the_swap_and_the_news_show_on_screen() {
    let over = Some(End::Resigned { seat: Seat::Yellow });
    let mut c = red_online();
    assert_eq!(Mirror::of(&c).online.unwrap().score, None);
    let away = [Presence::Here, Presence::Away { ms: 0 }];
    c.online_message(state("", Role::Red, away, None), 1.0);
    c.online_message(state("", Role::Red, BOTH, None), 2.0);
    assert_eq!(
        Mirror::of(&c).online.unwrap().note.as_deref(),
        Some("Yellow is back.")
    );
    drop(&mut c, 3, 3.0);
    assert_eq!(
        Mirror::of(&c).online.unwrap().note,
        None,
        "until the next move"
    );
    c.command(Command::LinkCopied(crate::ui::command::Copied::Done), 3.5);
    let copied = Mirror::of(&c).online.unwrap().note.unwrap();
    assert!(copied.to_lowercase().contains("copied"), "{copied}");
    let ended = match state("4", Role::Red, BOTH, over) {
        ToPage::State(s) => ToPage::State(GameState { wins: [1, 0], ..s }),
        other => other,
    };
    c.online_message(ended, 4.0);
    assert_eq!(
        Mirror::of(&c).online.unwrap().score.as_deref(),
        Some("You 1 – 0 Yellow")
    );
    // The rematch: Red plays Yellow now, and the score follows the players.
    let next = crate::online::GameId::from_bytes([9; 8]);
    let rematch = match state("4", Role::Red, BOTH, over) {
        ToPage::State(s) => ToPage::State(GameState {
            wins: [1, 0],
            rematch: [true, true],
            next: Some(next.clone()),
            ..s
        }),
        other => other,
    };
    c.online_message(rematch, 5.0);
    let first = match state("", Role::Yellow, BOTH, None) {
        ToPage::State(s) => ToPage::State(GameState {
            game: next.clone(),
            wins: [0, 1],
            ..s
        }),
        other => other,
    };
    c.online_message(first, 6.0);
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(view.note.as_deref(), Some("Rematch: you play Yellow now."));
    assert_eq!(view.score.as_deref(), Some("You 1 – 0 Red"));
    let moved = match state("4", Role::Yellow, BOTH, None) {
        ToPage::State(s) => ToPage::State(GameState {
            game: next,
            wins: [0, 1],
            ..s
        }),
        other => other,
    };
    c.online_message(moved, 7.0);
    assert_eq!(Mirror::of(&c).online.unwrap().note, None);
}

/// "A friend online" asks the colour first: Red, Yellow or random (drawn as the game is
/// created); the host's code creates at once, in the colour it names.
#[test]
fn the_colour_is_chosen_before_the_game_is_created() {
    let created = |c: &mut Controller| match &sent(&c.online_opened(1.0))[..] {
        [ToServer::Create { seat, .. }] => *seat,
        other => panic!("{other:?}"),
    };
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    let setup = c.command(Command::Online(Play::Setup), 0.0);
    assert_eq!(
        announced(&setup),
        ["Choose your colour, then create the invite link."]
    );
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(
        view.setup,
        Some(Some(Seat::Red)),
        "the colour the main choice shows"
    );
    c.command(Command::Online(Play::Colour(Some(Seat::Yellow))), 0.5);
    assert_eq!(
        Mirror::of(&c).online.unwrap().setup,
        Some(Some(Seat::Yellow))
    );
    c.command(Command::Online(Play::Create), 0.7);
    assert_eq!(Mirror::of(&c).online.unwrap().setup, None);
    assert_eq!(created(&mut c), Seat::Yellow);
    // Random: drawn from the moment the game is created, each colour as likely.
    let mut seats = Vec::new();
    for now in [10.0, 11.0] {
        let mut c = Controller::new(reduced());
        c.set_online(true, Vec::new(), "");
        c.command(Command::Online(Play::Setup), now);
        c.command(Command::Online(Play::Colour(None)), now);
        c.command(Command::Online(Play::Create), now);
        seats.push(created(&mut c));
    }
    assert_eq!(seats, [Seat::Red, Seat::Yellow]);
    // From the host's code: at once.
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    let now = c.create_online(Some(Some(Seat::Yellow)), 0.0);
    assert!(now.contains(&Effect::Online(Online::Connect { after_ms: 0 })));
    assert_eq!(created(&mut c), Seat::Yellow);
}

/// The record shows the board of the online game played (8 x 7 here, with a 7 x 6 game
/// kept aside), and a claim counts as a loss for the player who was away.
#[test]
fn the_record_shows_the_online_games_board_and_a_claim_is_a_loss() {
    let on_8x7 = |end| match state("", Role::Yellow, BOTH, end) {
        ToPage::State(s) => ToPage::State(GameState {
            columns: 8,
            rows: 7,
            ..s
        }),
        other => other,
    };
    let mut c = joining();
    c.online_message(on_8x7(None), 1.0);
    c.online_message(on_8x7(Some(End::Claimed { seat: Seat::Red })), 2.0);
    let size = crate::engine::Size::new(8, 7).unwrap();
    let tally = c.records().record().online_at(size);
    assert_eq!(
        (tally.wins, tally.losses),
        (0, 1),
        "Yellow was away: a loss"
    );
    let record = Mirror::of(&c).record;
    assert!(record.board.contains("8 × 7"), "{}", record.board);
    assert_eq!(
        record.rows.last().unwrap()[..3],
        ["A friend online", "0", "1"]
    );
}

/// The person's name goes to the server for their seat (once), and the friend's name is
/// what the page calls them by; reactions go at most one every 2 s and show on screen.
#[test]
fn names_are_used_and_reactions_go_and_come() {
    let named = |names: [Option<&str>; 2], moves: &str| match state(moves, Role::Red, BOTH, None) {
        ToPage::State(s) => ToPage::State(GameState {
            names: names.map(|n| n.map(str::to_owned)),
            ..s
        }),
        other => other,
    };
    let mut c = red_online();
    let name = c.set_name("  Ann  ");
    assert!(name.contains(&Effect::Online(Online::KeepName("Ann".into()))));
    assert_eq!(
        sent(&name),
        [ToServer::Name {
            game: game(),
            name: "Ann".into()
        }]
    );
    // The server has it: not sent again.
    assert!(sent(&c.online_message(named([Some("Ann"), None], ""), 1.0)).is_empty());
    // The friend's name, in the words the page says, and told to the host.
    let told = c.online_message(named([Some("Ann"), Some("Bo")], ""), 2.0);
    let names = told.iter().find_map(|e| match e {
        Effect::Event(crate::ui::event::Event::Online(status)) => Some(status.names.clone()),
        _ => None,
    });
    assert_eq!(names, Some([Some("Ann".into()), Some("Bo".into())]));
    drop(&mut c, 3, 3.0);
    assert_eq!(
        Mirror::of(&c).online.unwrap().line,
        "Bo to move: you play Red."
    );
    let away = match named([Some("Ann"), Some("Bo")], "4") {
        ToPage::State(s) => ToPage::State(GameState {
            seats: [Presence::Here, Presence::Away { ms: 0 }],
            ..s
        }),
        other => other,
    };
    assert_eq!(
        announced(&c.online_message(away, 4.0)),
        ["Bo has lost the connection…"]
    );
    c.online_message(named([Some("Ann"), Some("Bo")], "4"), 4.5);
    // A reaction from Bo, said and shown; the person's own, paced.
    let reacted = c.online_message(
        ToPage::Reacted {
            seat: Seat::Yellow,
            reaction: 0,
        },
        5.0,
    );
    assert_eq!(announced(&reacted), ["Bo: 👍 Good move"]);
    assert_eq!(
        Mirror::of(&c).online.unwrap().note.as_deref(),
        Some("Bo: 👍 Good move")
    );
    // The question Resign asks names Bo.
    let asked = c.command(Command::Resign, 5.5);
    assert_eq!(announced(&asked), ["Resign this game? Bo wins it."]);
    c.command(Command::Confirm(false), 5.6);
    let react = |c: &mut Controller, now| sent(&c.command(Command::Online(Play::React(5)), now));
    assert_eq!(
        react(&mut c, 6_000.0),
        [ToServer::React {
            game: game(),
            reaction: 5
        }]
    );
    assert!(react(&mut c, 7_000.0).is_empty(), "within 2 s");
    assert_eq!(react(&mut c, 8_000.0).len(), 1);
    // A name the browser kept is sent for the seat once seated.
    let mut kept = Controller::new(reduced());
    kept.set_online(true, Vec::new(), "Cy");
    kept.command(Command::Online(Play::Setup), 0.0);
    kept.command(Command::Online(Play::Create), 0.0);
    kept.online_opened(0.0);
    kept.online_message(
        ToPage::Seated {
            game: game(),
            seat: Seat::Red,
            secret: crate::online::Secret::from_bytes([3; 16]),
        },
        1.0,
    );
    let first = kept.online_message(named([None, None], ""), 2.0);
    assert_eq!(
        sent(&first),
        [ToServer::Name {
            game: game(),
            name: "Cy".into()
        }]
    );
    assert!(
        sent(&kept.online_message(named([None, None], ""), 3.0)).is_empty(),
        "once"
    );
}
