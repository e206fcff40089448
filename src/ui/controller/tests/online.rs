//! Online play through the controller: the page's side, with the server's messages fed in
//! as the server writes them (the server itself is tested in crates/server).

use super::*;
use crate::online::{End, GameId, GameState, Presence, Role, Seat, Secret, ToPage, ToServer};
use crate::ui::command::Play;
use crate::ui::effect::Online;
use crate::ui::mirror::Mirror;

pub(super) fn sent(effects: &[Effect]) -> Vec<ToServer> {
    picked(effects, |e| match e {
        Effect::Online(Online::Send(m)) => Some(m.clone()),
        _ => None,
    })
}

pub(super) fn game() -> GameId {
    GameId::from_bytes([1, 2, 3, 4, 5, 6, 7, 8])
}

pub(super) fn state(moves: &str, you: Role, seats: [Presence; 2], end: Option<End>) -> ToPage {
    ToPage::State(GameState {
        game: game(),
        columns: 7,
        rows: 6,
        moves: moves.into(),
        you,
        seats,
        end,
        rematch: [false, false],
        next: None,
        wins: [0, 0],
        names: [None, None],
    })
}

pub(super) const BOTH: [Presence; 2] = [Presence::Here, Presence::Here];

/// A controller on a page with a game server, that opened the invite link to `game()`,
/// connected.
pub(super) fn joining() -> Controller {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.join_online(game(), None, 0.0);
    c.online_opened(0.0);
    c
}

/// A controller that created an online game as Red, which Yellow joined.
pub(super) fn red_online() -> Controller {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    // The colour first: nothing connects until the game is created.
    let setup = c.command(Command::Online(Play::Setup), 0.0);
    assert!(
        !setup.iter().any(|e| matches!(e, Effect::Online(_))),
        "{setup:?}"
    );
    let effects = c.command(Command::Online(Play::Create), 0.0);
    assert!(effects.contains(&Effect::Online(Online::Connect { after_ms: 0 })));
    assert_eq!(c.rules().name, "online");
    let create = sent(&c.online_opened(0.0));
    assert!(matches!(
        create[..],
        [ToServer::Create {
            columns: 7,
            rows: 6,
            seat: Seat::Red,
            ..
        }]
    ));
    let secret = Secret::from_bytes([3; 16]);
    let kept = c.online_message(
        ToPage::Seated {
            game: game(),
            seat: Seat::Red,
            secret: secret.clone(),
        },
        1.0,
    );
    assert!(kept.contains(&Effect::Online(Online::Keep {
        game: game().to_string(),
        secret: secret.as_str().to_owned()
    })));
    c.online_message(
        state("", Role::Red, [Presence::Here, Presence::Empty], None),
        2.0,
    );
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(
        view.invite.as_ref().map(GameId::as_str),
        Some("0102030405060708")
    );
    assert_eq!(view.line, "You play Red: waiting for your friend.");
    assert!(!view.can_hand, "the box holds the invite link");
    assert!(view.note.unwrap().contains("invite link"));
    let joined = c.online_message(state("", Role::Red, BOTH, None), 3.0);
    assert_eq!(announced(&joined), ["Yellow joined: the game is on."]);
    assert_eq!(
        Mirror::of(&c).online.unwrap().invite,
        None,
        "both seats are taken"
    );
    c
}

#[test]
fn a_move_falls_at_once_and_goes_to_the_server() {
    let mut c = red_online();
    assert!(c.human_to_move());
    let effects = drop(&mut c, 3, 4.0);
    assert_eq!(
        sent(&effects),
        [ToServer::Move {
            game: game(),
            number: 0,
            column: 3
        }]
    );
    // Shown at once, as the person's move (the host hears it then), not after the round
    // trip to the server.
    assert_eq!(c.position().moves_string(), "4");
    assert!(names(&effects).contains(&"c4-move"), "{effects:?}");
    assert!(!c.human_to_move(), "one move at a time");
    let accepted = c.online_message(state("4", Role::Red, BOTH, None), 5.0);
    assert_eq!(c.position().moves_string(), "4");
    assert!(
        !names(&accepted).contains(&"c4-move"),
        "quietly: {accepted:?}"
    );
    // Not Red's turn: the move is refused, and the player hears whose turn it is.
    let early = drop(&mut c, 2, 5.5);
    assert!(sent(&early).is_empty());
    assert_eq!(announced(&early), ["Yellow to move: you play Red."]);
    // Yellow's move arrives and falls; then it is Red's turn again.
    let theirs = c.online_message(state("43", Role::Red, BOTH, None), 6.0);
    assert!(said(&theirs).contains("column 3"), "{}", said(&theirs));
    assert!(c.human_to_move());
}

#[test]
fn a_game_won_online_is_said_in_the_players_own_words() {
    let mut c = red_online();
    let over = c.online_message(state("1212121", Role::Red, BOTH, Some(End::Played)), 4.0);
    assert!(
        announced(&over).is_empty(),
        "shown afresh, not played: {over:?}"
    );
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(view.line, "You won!");
    assert!(view.can_rematch);
    // The one who lost, and a watcher, who hears colours.
    let mut yellow = red_online();
    let lost = state("1212121", Role::Yellow, BOTH, Some(End::Played));
    yellow.online_message(lost, 4.0);
    assert_eq!(Mirror::of(&yellow).online.unwrap().line, "You lost.");
    let mut watcher = red_online();
    watcher.online_message(
        state("1212121", Role::Watcher, BOTH, Some(End::Played)),
        4.0,
    );
    let line = Mirror::of(&watcher).online.unwrap().line;
    assert!(line.starts_with("Red wins"), "{line}");
}

#[test]
fn no_hint_no_undo_no_analysis_online() {
    let mut c = red_online();
    let fair =
        "No hints, analysis or undo in a game against a friend online: it keeps the game fair.";
    assert_eq!(announced(&c.command(Command::Hint, 4.0)), [fair]);
    assert_eq!(announced(&c.command(Command::Undo, 4.0)), [fair]);
    c.command(Command::SetAnalysis(true), 4.0);
    assert!(!c.analysis_shown());
    assert!(
        asked(&drop(&mut c, 3, 5.0)).is_empty(),
        "the worker is never asked"
    );
}

#[test]
fn away_back_a_resignation_and_leaving() {
    let mut c = red_online();
    let away = c.online_message(
        state(
            "",
            Role::Red,
            [Presence::Here, Presence::Away { ms: 5 }],
            None,
        ),
        4.0,
    );
    assert_eq!(announced(&away), ["Yellow has lost the connection…"]);
    let back = c.online_message(state("", Role::Red, BOTH, None), 5.0);
    assert_eq!(announced(&back), ["Yellow is back."]);
    // Resign asks first: "Keep playing" keeps the game, the button that confirms resigns.
    let asked = c.command(Command::Resign, 6.0);
    assert!(sent(&asked).is_empty(), "{asked:?}");
    assert_eq!(announced(&asked), ["Resign this game? Yellow wins it."]);
    let question = Mirror::of(&c).question.unwrap();
    assert_eq!(
        question,
        ("Resign this game? Yellow wins it.".into(), "Resign".into())
    );
    let kept = c.command(Command::Confirm(false), 6.1);
    assert!(sent(&kept).is_empty() && Mirror::of(&c).question.is_none());
    c.command(Command::Resign, 6.2);
    let resign = c.command(Command::Confirm(true), 6.3);
    assert_eq!(sent(&resign), [ToServer::Resign { game: game() }]);
    let over = c.online_message(
        state("", Role::Red, BOTH, Some(End::Resigned { seat: Seat::Red })),
        7.0,
    );
    assert_eq!(announced(&over), ["You resigned: Yellow wins."]);
    assert!(Mirror::of(&c).online.unwrap().can_rematch);
    // Back to the game on this device, once it is over, asks nothing: the seat is left
    // for good (the friend hears "left"), and the connection closes.
    let left = c.command(Command::Back, 8.0);
    assert_eq!(sent(&left), [ToServer::Leave { game: game() }]);
    assert!(left.contains(&Effect::Online(Online::Disconnect)));
    assert_eq!(c.rules().name, "play");
}

/// A page older than the server (a service worker kept it) is told so in words, leaves
/// the online game and stops connecting, rather than trying again for ever.
#[test]
fn a_page_of_another_protocol_version_says_to_reload_and_leaves() {
    let mut c = red_online();
    let refused = c.online_message(
        ToPage::Refused {
            reason: crate::online::Refusal::Version,
            detail: "this page speaks version 0".into(),
        },
        1.0,
    );
    assert_eq!(
        announced(&refused)[0],
        "This page is older than the game's server: reload it to play online."
    );
    assert!(refused.contains(&Effect::Online(Online::Disconnect)));
    assert_eq!(c.rules().name, "play");
    assert!(Mirror::of(&c).online.is_none());
}

#[test]
fn an_invite_link_joins_or_watches() {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.join_online(game(), None, 0.0);
    assert_eq!(
        sent(&c.online_opened(0.0)),
        [ToServer::Join {
            game: game(),
            secret: None
        }]
    );
    c.online_message(state("44", Role::Watcher, BOTH, None), 1.0);
    assert_eq!(c.position().moves_string(), "44");
    assert_eq!(
        Mirror::of(&c).online.unwrap().line,
        "Watching: Red against Yellow. Red to move."
    );
    assert!(
        sent(&drop(&mut c, 0, 2.0)).is_empty(),
        "a watcher cannot move"
    );
    let gone = c.online_message(
        ToPage::Refused {
            reason: crate::online::Refusal::NoSuchGame,
            detail: String::new(),
        },
        3.0,
    );
    assert_eq!(
        announced(&gone),
        [
            "That online game does not exist or has expired.",
            "Back to your game."
        ]
    );
}

#[test]
fn without_a_server_online_play_says_so_and_nothing_changes() {
    let mut c = Controller::new(reduced());
    c.command(Command::Drop(3), 0.0);
    let before = c.position().moves_string();
    let said = c.command(Command::Online(Play::Setup), 1.0);
    assert_eq!(
        announced(&said),
        ["Online play needs the game's server: this page has none."]
    );
    assert_eq!(c.rules().name, "play");
    let link = crate::ui::share::Link::decode(&format!("#join={}", game()));
    c.open_link(link.map(Option::unwrap), 2.0);
    assert_eq!(c.rules().name, "play");
    assert_eq!(c.position().moves_string(), before);
    assert_eq!(
        Mirror::of(&c).notice.as_deref(),
        Some("Online play needs the game's server: this page has none.")
    );
}

#[test]
fn an_invite_link_to_a_seat_kept_resumes_it_and_an_unknown_game_says_so() {
    let mut c = Controller::new(reduced());
    let secret = Secret::from_bytes([7; 16]);
    c.set_online(true, vec![(game(), secret.clone())], "");
    c.command(Command::Drop(2), 0.0);
    let link = crate::ui::share::Link::decode(&format!("#join={}", game()));
    c.open_link(link.map(Option::unwrap), 1.0);
    assert_eq!(c.rules().name, "online");
    assert_eq!(
        sent(&c.online_opened(0.0)),
        [ToServer::Resume {
            game: game(),
            secret
        }]
    );
    let gone = c.online_message(
        ToPage::Refused {
            reason: crate::online::Refusal::NoSuchGame,
            detail: String::new(),
        },
        2.0,
    );
    assert!(gone.contains(&Effect::Online(Online::Disconnect)));
    assert_eq!(c.rules().name, "play", "the page starts as it would have");
    assert_eq!(c.position().moves_string(), "3");
    assert_eq!(
        Mirror::of(&c).notice.as_deref(),
        Some("That online game does not exist or has expired.")
    );
}

#[test]
fn the_host_hears_the_game_the_seat_and_the_connection() {
    use crate::ui::event::{Event, OnlineStatus};
    let told = |effects: &[Effect]| {
        picked(effects, |e| match e {
            Effect::Event(Event::Online(status)) => Some(status.clone()),
            _ => None,
        })
    };
    let status = |game: Option<&GameId>, seat, connection| OnlineStatus {
        game: game.map(GameId::to_string),
        seat,
        connection,
        reason: None,
        opponent: None,
        names: [None, None],
    };
    let with = |opponent, status: OnlineStatus| OnlineStatus {
        opponent: Some(opponent),
        ..status
    };
    let new_games = |effects: &[Effect]| {
        picked(effects, |e| match e {
            Effect::Event(Event::NewGame { moves, .. }) => Some(moves.clone()),
            _ => None,
        })
    };
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    // Nothing to tell while the colour is chosen; then the game is created.
    assert!(told(&c.command(Command::Online(Play::Setup), 0.0)).is_empty());
    let opened = c.command(Command::Online(Play::Create), 0.0);
    assert_eq!(told(&opened), [status(None, None, "connecting")]);
    assert_eq!(told(&c.online_opened(0.0)), [status(None, None, "open")]);
    let seated = c.online_message(
        ToPage::Seated {
            game: game(),
            seat: Seat::Red,
            secret: Secret::from_bytes([3; 16]),
        },
        1.0,
    );
    assert_eq!(told(&seated), [status(Some(&game()), None, "open")]);
    let waiting = [Presence::Here, Presence::Empty];
    let first = c.online_message(state("", Role::Red, waiting, None), 2.0);
    let red = status(Some(&game()), Some("red"), "open");
    assert_eq!(told(&first), [with("empty", red.clone())]);
    // The game on the board is the online game: a new game for the host.
    assert_eq!(new_games(&first), [""]);
    let joined = c.online_message(state("", Role::Red, BOTH, None), 2.5);
    assert_eq!(told(&joined), [with("here", red.clone())]);
    assert!(new_games(&joined).is_empty(), "the same game");
    // The same again tells the host nothing.
    assert!(told(&c.online_message(state("", Role::Red, BOTH, None), 3.0)).is_empty());
    let away = [Presence::Here, Presence::Away { ms: 0 }];
    let gone = c.online_message(state("", Role::Red, away, None), 3.5);
    assert_eq!(told(&gone), [with("away", red.clone())]);
    let lost = c.online_closed(0.5);
    assert_eq!(
        told(&lost),
        [with(
            "away",
            status(Some(&game()), Some("red"), "reconnecting")
        )]
    );
    // Left (Leave asks first while the game goes on): no game and no seat any more.
    c.command(Command::Back, 4.0);
    let left = c.command(Command::Confirm(true), 4.1);
    assert_eq!(told(&left), [status(None, None, "closed")]);
}

#[test]
fn the_persons_online_games_count_in_a_row_of_their_own() {
    let mut c = red_online();
    // Yellow resigns: a win for Red, this page's person.
    let over = c.online_message(
        state(
            "44",
            Role::Red,
            BOTH,
            Some(End::Resigned { seat: Seat::Yellow }),
        ),
        5.0,
    );
    assert!(over.iter().any(|e| matches!(e, Effect::Save(_))));
    let record = c.records().record();
    let tally = record.online_at(crate::engine::Size::CLASSIC);
    assert_eq!((tally.wins, tally.losses, tally.games()), (1, 0, 1));
    let rows = Mirror::of(&c).record.rows;
    assert_eq!(rows.last().unwrap()[..3], ["A friend online", "1", "0"]);
    // The same state again (a reconnect) does not count it twice.
    c.online_message(
        state(
            "44",
            Role::Red,
            BOTH,
            Some(End::Resigned { seat: Seat::Yellow }),
        ),
        6.0,
    );
    assert_eq!(
        c.records()
            .record()
            .online_at(crate::engine::Size::CLASSIC)
            .games(),
        1
    );
}

#[test]
fn a_watcher_counts_nothing() {
    let mut c = joining();
    c.online_message(state("44", Role::Watcher, BOTH, None), 1.0);
    c.online_message(
        state(
            "44",
            Role::Watcher,
            BOTH,
            Some(End::Resigned { seat: Seat::Red }),
        ),
        2.0,
    );
    assert!(c.records().record().is_empty());
}

#[test]
fn a_server_that_cannot_be_reached_or_turns_the_page_away_is_told() {
    use crate::online::Refusal;
    use crate::ui::event::{Event, OnlineStatus};
    let online = |effects: &[Effect]| {
        picked(effects, |e| match e {
            Effect::Event(Event::Online(status)) => Some((status.connection, status.reason)),
            _ => None,
        })
    };
    let errors = |effects: &[Effect]| {
        picked(effects, |e| match e {
            Effect::Event(Event::Error { code, .. }) => Some(*code),
            _ => None,
        })
    };
    // Three tries in a row that never open: unreachable, said once, and it goes on trying.
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.command(Command::Online(Play::Setup), 0.0);
    c.command(Command::Online(Play::Create), 0.0);
    for _ in 1..crate::ui::online::UNREACHABLE_AFTER {
        let e = c.online_closed(0.5);
        assert!(online(&e).iter().all(|told| *told == ("connecting", None)));
        assert_eq!(errors(&e), Vec::<&str>::new());
    }
    let e = c.online_closed(0.5);
    assert_eq!(online(&e), [("unreachable", None)]);
    assert_eq!(errors(&e), ["unreachable"]);
    assert_eq!(
        announced(&e),
        ["The game's server cannot be reached: trying again…"]
    );
    assert!(e
        .iter()
        .any(|e| matches!(e, Effect::Online(Online::Connect { after_ms }) if *after_ms > 0)));
    assert_eq!(
        Mirror::of(&c).online.map(|o| o.line),
        Some("The game's server cannot be reached: trying again…".into())
    );
    let again = c.online_closed(0.5);
    assert_eq!(errors(&again), Vec::<&str>::new(), "said once");
    // It opens at last: connecting is over.
    assert_eq!(online(&c.online_opened(0.0)), [("open", None)]);

    // Turned away before entering: refused with the reason, said, and the game left.
    for (reason, words) in [
        (
            Refusal::TooManyGames,
            "Too many games were started from here in the last minute: try again in a minute.",
        ),
        (
            Refusal::TooManyWatchers,
            "The game's server did not let this page in (too-many-watchers).",
        ),
    ] {
        let mut c = Controller::new(reduced());
        c.set_online(true, Vec::new(), "");
        c.command(Command::Online(Play::Setup), 0.0);
        c.command(Command::Online(Play::Create), 0.0);
        c.online_opened(0.0);
        let e = c.online_message(
            ToPage::Refused {
                reason,
                detail: String::new(),
            },
            1.0,
        );
        assert_eq!(online(&e), [("refused", Some(reason.name()))]);
        assert_eq!(errors(&e), [reason.name()]);
        assert_eq!(c.notice(), Some(words));
        assert!(c.activity().online().is_none(), "the game is left");
        // The connection's end after it says nothing more.
        assert_eq!(c.online_closed(0.5), Vec::new());
        assert!(
            !c.command(Command::Drop(3), 2.0).is_empty(),
            "the page plays on"
        );
    }
    // A refusal in a game already entered (a move too fast) is only said.
    let mut c = red_online();
    let e = c.online_message(
        ToPage::Refused {
            reason: Refusal::TooFast,
            detail: String::new(),
        },
        2.0,
    );
    assert_eq!(errors(&e), Vec::<&str>::new());
    assert!(c.activity().online().is_some());

    // The page may not connect at all (its Content-Security-Policy).
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.command(Command::Online(Play::Setup), 0.0);
    c.command(Command::Online(Play::Create), 0.0);
    let e = c.online_blocked(0.5);
    assert_eq!(online(&e), [("refused", Some("blocked"))]);
    assert_eq!(errors(&e), ["blocked"]);
    let status: Vec<OnlineStatus> = picked(&e, |e| match e {
        Effect::Event(Event::Online(s)) => Some(s.clone()),
        _ => None,
    });
    assert_eq!(status[0].game, None);
    assert!(c.activity().online().is_none());
}

#[test]
fn the_invite_says_the_size_in_words() {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.command(
        Command::SetSize(crate::engine::Size::new(8, 7).unwrap()),
        0.0,
    );
    c.command(Command::Online(Play::Setup), 1.0);
    c.command(Command::Online(Play::Create), 1.0);
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(view.invite_text, "Play Connect Four with me on 8 × 7");
}
