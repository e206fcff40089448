//! An online seat moved to another device ("Continue on another device"): the link made
//! and copied, opened on the other device, and the device it came from watching.

use super::online::{game, red_online, sent, state, BOTH};
use super::*;
use crate::online::{Role, Secret, ToPage, ToServer};
use crate::ui::command::Play;
use crate::ui::effect::Online;
use crate::ui::mirror::Mirror;
use crate::ui::share::{Link, Shown};

#[test]
fn a_seat_moves_to_another_device_by_a_link_that_works_once() {
    let mut c = red_online();
    assert!(
        Mirror::of(&c).online.unwrap().can_hand,
        "the friend has come"
    );
    let asked = c.command(Command::Online(Play::Hand), 4.0);
    assert_eq!(sent(&asked), [ToServer::Hand { game: game() }]);
    // The link is copied, and shows in the invite link's box.
    let token = Secret::from_bytes([0x42; 16]);
    let handed = c.online_message(
        ToPage::Handed {
            game: game(),
            token: token.clone(),
        },
        5.0,
    );
    assert!(
        handed.contains(&Effect::CopyInvite(game(), Some(token.clone()))),
        "{handed:?}"
    );
    let view = Mirror::of(&c).online.unwrap();
    assert_eq!(
        (view.invite, view.take),
        (Some(game()), Some(token.clone()))
    );
    assert_eq!(view.invite_text, "Continue on another device");
    let link = c.link();
    assert_eq!(
        link.encode(),
        format!("join={}&take={}", game(), token.as_str())
    );
    // On the other device: the link takes the seat, held by that page's own secret.
    let mut phone = Controller::new(reduced());
    phone.set_online(true, Vec::new(), "");
    let opened = Link::decode(&format!("#{}", link.encode()))
        .unwrap()
        .unwrap();
    assert_eq!(opened.shown, Shown::Join(game(), Some(token.clone())));
    phone.open_link(Ok(opened), 0.0);
    let mine = Secret::from_bytes([0x17; 16]);
    phone.online_claim(mine.clone());
    assert_eq!(
        sent(&phone.online_opened(1.0)),
        [ToServer::Take {
            game: game(),
            token,
            secret: mine.clone()
        }]
    );
    let seated = phone.online_message(
        ToPage::Seated {
            game: game(),
            seat: crate::online::Seat::Red,
            secret: mine.clone(),
        },
        2.0,
    );
    assert!(seated.contains(&Effect::Online(Online::Keep {
        game: game().to_string(),
        secret: mine.as_str().to_owned()
    })));
    phone.online_message(state("4", Role::Red, BOTH, None), 3.0);
    assert!(Mirror::of(&phone).online.unwrap().take.is_none());
    // The device it came from watches, forgets its secret, and says so.
    let taken = c.online_message(ToPage::Taken { game: game() }, 6.0);
    assert!(taken.contains(&Effect::Online(Online::Keep {
        game: game().to_string(),
        secret: String::new()
    })));
    assert_eq!(
        announced(&taken),
        ["Your seat moved to another device: you watch the game here."]
    );
    c.online_message(state("4", Role::Watcher, BOTH, None), 7.0);
    let view = Mirror::of(&c).online.unwrap();
    assert!(view.take.is_none() && view.invite.is_none() && !view.can_hand);
    assert!(view.line.starts_with("Watching"), "{}", view.line);
    // A reload finds no seat to resume: it joins, and watches.
    c.online_closed(0.5);
    assert!(matches!(
        sent(&c.online_opened(8.0))[..],
        [ToServer::Join { .. }]
    ));
}

#[test]
fn a_link_to_continue_is_read_whole_or_refused() {
    let id = game();
    let token = "42".repeat(16);
    let link = Link::decode(&format!("#join={id}&take={token}"))
        .unwrap()
        .unwrap();
    assert!(matches!(link.shown, Shown::Join(_, Some(_))));
    for bad in [
        format!("#take={token}"),
        format!("#join={id}&take=42"),
        format!("#join={id}&take={token}&moves=4"),
    ] {
        assert!(Link::decode(&bad).is_err(), "{bad}");
    }
}

/// The server refuses the page's secret or token: the page joins to watch.
fn refused_and_watching(c: &mut Controller) -> Vec<Effect> {
    let refused = c.online_message(
        ToPage::Refused {
            reason: crate::online::Refusal::WrongSecret,
            detail: String::new(),
        },
        2.0,
    );
    assert_eq!(
        sent(&refused),
        [ToServer::Join {
            game: game(),
            secret: None
        }]
    );
    refused
}

#[test]
fn a_link_to_continue_used_already_leaves_the_page_watching() {
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.join_online(game(), Some(Secret::from_bytes([0x42; 16])), 0.0);
    c.online_claim(Secret::from_bytes([0x17; 16]));
    assert!(matches!(
        sent(&c.online_opened(1.0))[..],
        [ToServer::Take { .. }]
    ));
    let refused = refused_and_watching(&mut c);
    assert_eq!(
        announced(&refused),
        ["This link to continue on another device was used already: you watch the game."]
    );
    c.online_message(state("4", Role::Watcher, BOTH, None), 3.0);
    assert!(Mirror::of(&c).online.unwrap().line.starts_with("Watching"));
}

/// A game played to its end goes to the list of recent online games: saved, shown in the
/// record in words, and opened in the review from there.
#[test]
fn a_finished_game_is_kept_among_the_recent_ones_and_reviewed() {
    use crate::online::{End, GameState, Seat};
    let mut c = red_online();
    c.set_today(20_785);
    let ended = match state(
        "4455",
        Role::Red,
        BOTH,
        Some(End::Resigned { seat: Seat::Yellow }),
    ) {
        ToPage::State(s) => ToPage::State(GameState {
            names: [None, Some("Bo".into())],
            ..s
        }),
        other => other,
    };
    let effects = c.online_message(ended, 5.0);
    let kept = saved(&effects).expect("saved");
    assert_eq!(kept.played.0.len(), 1);
    assert_eq!(kept.played.0[0].position.moves_string(), "4455");
    assert_eq!(kept.played.0[0].opponent.as_deref(), Some("Bo"));
    assert_eq!(
        Mirror::of(&c).record.played,
        ["Won against Bo on 7 × 6, 2026-11-28"]
    );
    // From the record, the game opens in the review, at its end; the online game stays
    // connected behind it (the friend is told nothing), and Back goes back to it.
    let opened = c.command(Command::ReviewPlayed(0), 7.0);
    assert!(sent(&opened).is_empty(), "{opened:?}");
    assert!(!opened.contains(&Effect::Online(Online::Disconnect)));
    let review = Mirror::of(&c).review.expect("the review");
    assert_eq!((review.at, review.len), (4, 4));
    // Past the list, nothing.
    assert!(c.command(Command::ReviewPlayed(1), 8.0).is_empty());
    c.command(Command::Back, 9.0);
    assert!(Mirror::of(&c).online.is_some(), "back to the online game");
}

/// The device a seat moved to keeps the seat's name (its browser had none): it is not
/// cleared on the server, and the browser keeps it.
#[test]
fn a_seat_moved_here_keeps_its_name() {
    use crate::online::GameState;
    let mut c = Controller::new(reduced());
    c.set_online(true, Vec::new(), "");
    c.join_online(game(), Some(Secret::from_bytes([0x42; 16])), 0.0);
    c.online_claim(Secret::from_bytes([0x17; 16]));
    c.online_opened(1.0);
    c.online_message(
        ToPage::Seated {
            game: game(),
            seat: crate::online::Seat::Red,
            secret: Secret::from_bytes([0x17; 16]),
        },
        2.0,
    );
    let named = match state("4", Role::Red, BOTH, None) {
        ToPage::State(s) => ToPage::State(GameState {
            names: [Some("Ann".into()), Some("Bo".into())],
            ..s
        }),
        other => other,
    };
    let effects = c.online_message(named, 3.0);
    assert!(sent(&effects).is_empty(), "{effects:?}");
    assert!(effects.contains(&Effect::Online(Online::KeepName("Ann".into()))));
    assert_eq!(c.online_name(), Some("Ann"));
}

/// A reload (or a rematch followed) after the seat moved away: the secret kept holds
/// nothing; the page watches, forgets it, and says why.
#[test]
fn a_seat_gone_to_another_device_leaves_a_reload_watching() {
    let mut c = Controller::new(reduced());
    c.set_online(true, vec![(game(), Secret::from_bytes([3; 16]))], "");
    c.join_online(game(), None, 0.0);
    assert!(matches!(
        sent(&c.online_opened(1.0))[..],
        [ToServer::Resume { .. }]
    ));
    let refused = refused_and_watching(&mut c);
    assert!(refused.contains(&Effect::Online(Online::Keep {
        game: game().to_string(),
        secret: String::new()
    })));
    assert_eq!(
        announced(&refused),
        ["Your seat moved to another device: you watch the game here."]
    );
    // The first word of the game it watches says whose move it is on the board shown.
    let first = c.online_message(state("4", Role::Watcher, BOTH, None), 3.0);
    assert_eq!(
        announced(&first),
        ["Watching: Red against Yellow. Yellow to move."]
    );
}
