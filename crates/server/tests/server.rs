//! The server as it runs: a real process on a free port, a real database file, real
//! WebSocket clients. Each test starts its own server on its own directory.

mod common;

use common::{data_dir, Client, Server};
use connect_four::engine::{Position, Size, Status};
use connect_four::online::{End, GameId, GameState, Presence, Refusal, Role, Seat, Secret, ToPage};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Two players in a new game on `columns` x `rows`: Red created it, Yellow joined.
async fn two_players(
    server: &Server,
    columns: u8,
    rows: u8,
) -> (Client, Client, GameId, Secret, Secret) {
    let mut red = Client::connect(server).await;
    let (game, red_secret) = red.create(columns, rows, "red").await;
    let mut yellow = Client::connect(server).await;
    yellow.join(&game).await;
    let (joined, seat, yellow_secret) = yellow.seated().await;
    assert_eq!((joined.clone(), seat), (game.clone(), Seat::Yellow));
    let state = yellow.state().await;
    assert_eq!(state.you, Role::Yellow);
    assert_eq!(state.seats, [Presence::Here, Presence::Here]);
    let state = red.state().await;
    assert_eq!(
        state.seats[1],
        Presence::Here,
        "Red hears that Yellow joined"
    );
    (red, yellow, game, red_secret, yellow_secret)
}

/// Plays `moves` (Pons' notation) alternately by `red` and `yellow`; each move is seen by
/// both.
async fn play_out(red: &mut Client, yellow: &mut Client, game: &GameId, moves: &str) -> GameState {
    play_out_from(red, yellow, game, "", moves).await
}

#[tokio::test]
async fn a_whole_game_to_a_win() {
    let server = Server::start(&data_dir("win"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    let state = play_out(&mut red, &mut yellow, &game, "1212121").await;
    assert_eq!(state.end, Some(End::Played));
    assert_eq!(
        state.position().unwrap().status(),
        Status::Win(connect_four::engine::Player::First)
    );
    // Over: no more moves.
    yellow.play(&game, 7, 1).await;
    assert_eq!(yellow.refused().await, Refusal::Over);
}

#[tokio::test]
async fn resign_then_rematch_with_colours_swapped() {
    let server = Server::start(&data_dir("rematch"), &[]);
    let (mut red, mut yellow, game, red_secret, yellow_secret) = two_players(&server, 7, 6).await;
    red.send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    assert_eq!(red.refused().await, Refusal::NotOver);
    play_out(&mut red, &mut yellow, &game, "44").await;
    yellow
        .send(&format!(r#"{{"resign":{{"game":"{game}"}}}}"#))
        .await;
    let ended = red.state().await;
    assert_eq!(ended.end, Some(End::Resigned { seat: Seat::Yellow }));
    assert_eq!(ended.wins, [1, 0], "Red's win counts in the series");
    yellow.state().await;
    for client in [&mut red, &mut yellow] {
        client
            .send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
            .await;
    }
    let next = loop {
        let state = red.state().await;
        if let Some(next) = state.next {
            break next;
        }
    };
    assert_ne!(next, game);
    // Each secret holds the other colour in the rematch.
    red.resume(&next, &red_secret).await;
    let as_yellow = red.state_of(&next).await;
    assert_eq!(
        (as_yellow.you, as_yellow.moves.as_str()),
        (Role::Yellow, "")
    );
    yellow.resume(&next, &yellow_secret).await;
    let as_red = yellow.state_of(&next).await;
    assert_eq!(as_red.you, Role::Red);
    // The score follows the players: the first Red, now Yellow, has the one win.
    assert_eq!(as_red.wins, [0, 1]);
    // It is kept with the game: after a restart too.
    drop((red, yellow));
    let data = server.data.clone();
    assert!(server.stop("TERM").success());
    let server = Server::start(&data, &[]);
    let mut again = Client::connect(&server).await;
    again.resume(&next, &yellow_secret).await;
    assert_eq!(again.state_of(&next).await.wins, [0, 1]);
}

/// A drawn game on 4 x 4, found by playing seeded random moves with the engine.
fn a_draw_on_4x4() -> String {
    let size = Size::new(4, 4).unwrap();
    let mut seed = 0x9e3779b97f4a7c15_u64;
    loop {
        let mut p = Position::empty(size);
        while !p.is_over() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let open: Vec<usize> = (0..4).filter(|&c| p.can_play(c)).collect();
            p.play(open[(seed % open.len() as u64) as usize]).unwrap();
        }
        if p.status() == Status::Draw {
            return p.moves_string();
        }
    }
}

#[tokio::test]
async fn a_drawn_game_on_4x4() {
    let server = Server::start(&data_dir("draw"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 4, 4).await;
    let moves = a_draw_on_4x4();
    let state = play_out(&mut red, &mut yellow, &game, &moves).await;
    assert_eq!(state.end, Some(End::Played));
    assert_eq!(state.position().unwrap().status(), Status::Draw);
    assert_eq!((state.columns, state.rows), (4, 4));
}

#[tokio::test]
async fn every_bad_message_is_refused_with_its_reason_and_the_game_goes_on() {
    let server = Server::start(&data_dir("refusals"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    play_out(&mut red, &mut yellow, &game, "44").await;
    // Out of turn.
    yellow.play(&game, 2, 3).await;
    assert_eq!(yellow.refused().await, Refusal::NotYourTurn);
    // A wrong move number (ahead, and a different move behind).
    red.play(&game, 5, 3).await;
    assert_eq!(red.refused().await, Refusal::WrongNumber);
    red.play(&game, 0, 5).await;
    assert_eq!(red.refused().await, Refusal::WrongNumber);
    // No such column.
    red.play(&game, 2, 7).await;
    assert_eq!(red.refused().await, Refusal::BadColumn);
    // A watcher's move.
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    let seen = watcher.state().await;
    assert_eq!((seen.you, seen.moves.as_str()), (Role::Watcher, "44"));
    watcher.play(&game, 2, 3).await;
    assert_eq!(watcher.refused().await, Refusal::Watching);
    // A forged secret.
    let mut forger = Client::connect(&server).await;
    forger.resume(&game, &Secret::from_bytes([0; 16])).await;
    assert_eq!(forger.refused().await, Refusal::WrongSecret);
    forger.play(&game, 2, 3).await;
    assert_eq!(
        forger.refused().await,
        Refusal::NoSuchGame,
        "not in the game"
    );
    // A frame of 2 KB (refused with its reason), a binary frame, malformed ones.
    red.send(&format!(r#"{{"join":{{"game":"{}"}}}}"#, "a".repeat(2_000)))
        .await;
    assert_eq!(red.refused().await, Refusal::TooLong);
    // A frame over 4 KB ends its connection (its header says its length: it is not read).
    let mut big = Client::connect(&server).await;
    big.send(&format!(
        r#"{{"join":{{"game":"{}"}}}}"#,
        "a".repeat(100_000)
    ))
    .await;
    assert_eq!(big.try_recv().await, None, "the connection is closed");
    red.send_binary(vec![1, 2, 3]).await;
    assert_eq!(red.refused().await, Refusal::Unreadable);
    for bad in [
        "{",
        "null",
        r#"{"move":{}}"#,
        r#"{"move":{"game":"x","number":0,"column":0}}"#,
    ] {
        red.send(bad).await;
        assert_eq!(red.refused().await, Refusal::Unreadable, "{bad}");
    }
    // A full column: 4 has 2 pieces; fill it to 6.
    play_out_from(&mut red, &mut yellow, &game, "44", "4444").await;
    red.play(&game, 6, 3).await;
    assert_eq!(red.refused().await, Refusal::BadColumn);
    // Still playable, and nothing refused was played.
    let state = play_out_from(&mut red, &mut yellow, &game, "444444", "1").await;
    assert_eq!(state.moves, "4444441");
    assert_eq!(state.end, None);
}

/// Plays `more` after `before` (already played).
async fn play_out_from(
    red: &mut Client,
    yellow: &mut Client,
    game: &GameId,
    before: &str,
    more: &str,
) -> GameState {
    let mut so_far = before.to_owned();
    let mut state = None;
    for digit in more.bytes() {
        let i = so_far.len();
        let column = usize::from(digit - b'1');
        let mover = if i % 2 == 0 { &mut *red } else { &mut *yellow };
        mover.play(game, i, column).await;
        so_far.push(char::from(digit));
        red.state_with(&so_far).await;
        state = Some(yellow.state_with(&so_far).await);
    }
    state.expect("at least one move")
}

#[tokio::test]
async fn a_flood_is_refused_and_the_game_goes_on() {
    let server = Server::start(&data_dir("flood"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    for _ in 0..60 {
        red.send(r#"{"join":{"game":"0000000000000000"}}"#).await;
    }
    let mut too_fast = false;
    for _ in 0..60 {
        if red.refused().await == Refusal::TooFast {
            too_fast = true;
            break;
        }
    }
    assert!(too_fast, "a flood is refused as too fast");
    // The flood joined nothing: the other player's game is as it was, and Red, whose
    // joins all failed, is still in it (once its rate has room again).
    yellow.play(&game, 0, 3).await;
    assert_eq!(yellow.refused().await, Refusal::NotYourTurn);
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    red.play(&game, 0, 3).await;
    let seen = yellow.state_of(&game).await;
    assert_eq!(seen.moves, "4", "Red's move was played");
}

/// Binary frames and pings count against the rate too: a flood of either ends the
/// connection, as a flood of text does.
#[tokio::test]
async fn binary_and_ping_floods_end_the_connection() {
    let server = Server::start(&data_dir("floods"), &[]);
    for ping in [false, true] {
        let mut flooder = Client::connect(&server).await;
        for _ in 0..2_000 {
            if flooder.try_flood(ping).await.is_none() {
                break;
            }
        }
        // A join after the flood is not answered: the connection is gone.
        let _ = flooder
            .try_send_text(r#"{"join":{"game":"0000000000000000"}}"#)
            .await;
        loop {
            match flooder.try_recv().await {
                None => break,
                Some(ToPage::Refused {
                    reason: Refusal::NoSuchGame,
                    ..
                }) => panic!("the connection survived a flood (ping: {ping})"),
                Some(_) => continue,
            }
        }
    }
}

/// A flood paced to stay just over the rate (40 pings a second) ends the connection too,
/// within seconds: a refusal in a row is not what counts, their number is.
#[tokio::test]
async fn a_paced_ping_flood_ends_the_connection() {
    let server = Server::start(&data_dir("paced"), &[]);
    let mut flooder = Client::connect(&server).await;
    let mut closed = false;
    for _ in 0..40 * 20 {
        if flooder.try_flood(true).await.is_none() {
            closed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    if !closed {
        let _ = flooder
            .try_send_text(r#"{"join":{"game":"0000000000000000"}}"#)
            .await;
        closed = flooder.drained().await;
    }
    assert!(
        closed,
        "20 s of pings at 40 a second, and the connection is open"
    );
}

/// Failed joins and resumes from one address are slowed, then refused: a guesser soon
/// hears "too fast" for every try.
#[tokio::test]
async fn failed_joins_are_slowed_then_refused() {
    let server = Server::start(&data_dir("guesses"), &[]);
    let mut guesser = Client::connect(&server).await;
    let mut refused = Vec::new();
    for i in 0..40u64 {
        guesser
            .send(&format!(r#"{{"join":{{"game":"{i:016x}"}}}}"#))
            .await;
        refused.push(guesser.refused().await);
        // Within the per-message rate: only the failures count here.
        tokio::time::sleep(std::time::Duration::from_millis(120)).await;
    }
    assert_eq!(refused[0], Refusal::NoSuchGame);
    assert!(
        refused
            .iter()
            .filter(|r| **r == Refusal::NoSuchGame)
            .count()
            <= 31,
        "{refused:?}"
    );
    assert_eq!(refused.last(), Some(&Refusal::TooFast), "{refused:?}");
}

/// A rematch counts toward the games one address may create in a minute: a chain of
/// resigns and rematches cannot make games without end.
#[tokio::test]
async fn rematches_count_toward_the_creation_limit() {
    let server = Server::start(&data_dir("rematches"), &["--games-per-minute", "3"]);
    let (mut red, mut yellow, mut game, red_secret, yellow_secret) =
        two_players(&server, 7, 6).await;
    let mut made = 1;
    loop {
        red.send(&format!(r#"{{"resign":{{"game":"{game}"}}}}"#))
            .await;
        while red.state_of(&game).await.end.is_none() {}
        red.send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
            .await;
        // Red's ask is in before Yellow's: the one that completes the pair is Yellow's,
        // which hears the refusal when the limit is reached (a page's messages arrive in
        // order, two pages' in any).
        while !red.state_of(&game).await.rematch.contains(&true) {}
        yellow
            .send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
            .await;
        let next = loop {
            match yellow.recv().await {
                // A state of the game before (its rematch, this game, long made) may come
                // late: only this game's rematch counts.
                ToPage::State(state) if state.game == game && state.next.is_some() => {
                    break state.next
                }
                ToPage::State(_) => continue,
                ToPage::Refused { reason, .. } => {
                    assert_eq!(reason, Refusal::TooManyGames);
                    break None;
                }
                other => panic!("{other:?}"),
            }
        };
        let Some(next) = next else { break };
        made += 1;
        assert!(made <= 3, "{made} games from one address in a minute");
        // Colours swap: each secret holds the other seat in the rematch.
        red.resume(&next, &red_secret).await;
        red.state_of(&next).await;
        yellow.resume(&next, &yellow_secret).await;
        yellow.state_of(&next).await;
        game = next;
    }
    assert_eq!(made, 3);
}

#[tokio::test]
async fn a_reconnect_resumes_the_seat_and_a_resent_move_is_played_once() {
    let server = Server::start(&data_dir("resume"), &[]);
    let (mut red, mut yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    play_out(&mut red, &mut yellow, &game, "4").await;
    drop(red);
    let away = yellow.state().await;
    assert!(matches!(away.seats[0], Presence::Away { .. }), "{away:?}");
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    let back = red.state().await;
    assert_eq!((back.you, back.moves.as_str()), (Role::Red, "4"));
    assert_eq!(yellow.state().await.seats[0], Presence::Here);
    // Yellow's move, sent twice (as after a lost connection): played once.
    yellow.play(&game, 1, 2).await;
    yellow.state_with("43").await;
    yellow.play(&game, 1, 2).await;
    let again = yellow.state().await;
    assert_eq!(again.moves, "43", "acknowledged, not played twice");
    red.state_with("43").await;
    red.play(&game, 2, 3).await;
    assert_eq!(red.state_with("434").await.moves, "434");
}

#[tokio::test]
async fn a_restart_keeps_every_acknowledged_move() {
    let data = data_dir("restart");
    let server = Server::start(&data, &[]);
    let (mut red, mut yellow, game, red_secret, yellow_secret) = two_players(&server, 8, 7).await;
    play_out(&mut red, &mut yellow, &game, "4455").await;
    // SIGTERM: the pages hear the server is restarting (after, perhaps, that the other
    // page's connection went first).
    let stopped = tokio::spawn(async move { server.stop("TERM") });
    let restarting = loop {
        match red.recv().await {
            ToPage::State(_) => continue,
            other => break other,
        }
    };
    assert_eq!(restarting, ToPage::Restarting);
    assert!(stopped.await.unwrap().success());
    let server = Server::start(&data, &[]);
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    let state = red.state().await;
    assert_eq!(
        (state.moves.as_str(), state.columns, state.rows),
        ("4455", 8, 7)
    );
    // SIGKILL after an acknowledged move: it is still there.
    let mut yellow = Client::connect(&server).await;
    yellow.resume(&game, &yellow_secret).await;
    yellow.state().await;
    red.play(&game, 4, 5).await;
    red.state_with("44556").await;
    server.stop("KILL");
    let server = Server::start(&data, &[]);
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    assert_eq!(watcher.state().await.moves, "44556");
}

#[tokio::test]
async fn finished_games_expire() {
    let data = data_dir("expiry");
    let server = Server::start(&data, &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    play_out(&mut red, &mut yellow, &game, "1212121").await;
    let (unfinished, _) = Client::connect(&server).await.create(7, 6, "red").await;
    server.stop("TERM");
    // Finished games are kept 0 seconds: the next start deletes it, and keeps the other.
    let server = Server::start(&data, &["--finished-ttl", "0"]);
    let mut late = Client::connect(&server).await;
    late.join(&game).await;
    assert_eq!(late.refused().await, Refusal::NoSuchGame);
    late.join(&unfinished).await;
    let (_, seat, _) = late.seated().await;
    assert_eq!(seat, Seat::Yellow);
}

#[tokio::test]
async fn a_page_from_another_origin_is_turned_away() {
    let server = Server::start(
        &data_dir("origin"),
        &["--allow-origin", "https://embedder.example"],
    );
    let url = format!("ws://{}/online", server.addr);
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", "https://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    let mut allowed = url.as_str().into_client_request().unwrap();
    allowed
        .headers_mut()
        .insert("Origin", "https://embedder.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(allowed).await.is_ok());
    let mut own = url.as_str().into_client_request().unwrap();
    own.headers_mut()
        .insert("Origin", format!("http://{}", server.addr).parse().unwrap());
    assert!(tokio_tungstenite::connect_async(own).await.is_ok());
}

/// The site's page asks with a HEAD of itself whether online play is here: the server's
/// answer names the WebSocket's path.
#[tokio::test]
async fn the_site_is_told_where_online_play_is() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let data = data_dir("online-header");
    let site = data.join("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("index.html"), "<!doctype html><title>c4</title>").unwrap();
    let server = Server::start(&data, &["--site", site.to_str().unwrap()]);
    let mut stream = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    let ask = format!(
        "HEAD / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream.write_all(ask.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let answer = answer.to_ascii_lowercase();
    assert!(answer.starts_with("http/1.1 200"), "{answer}");
    assert!(
        answer.contains(&format!(
            "{}: online\r\n",
            connect_four_server::ONLINE_HEADER
        )),
        "{answer}"
    );
    server.stop("KILL");
}

/// A claim counts only the time the other player has been away on their own turn: Yellow
/// drops on Red's turn, Red waits past the claim's time and moves, and a claim at once is
/// refused; once Yellow has been away that long on their turn, it stands.
#[tokio::test]
async fn a_claim_counts_only_the_time_away_on_their_own_turn() {
    let server = Server::start(&data_dir("claims"), &["--claim-after-ms", "400"]);
    let (mut red, yellow, game, _, _) = two_players(&server, 7, 6).await;
    drop(yellow);
    let away = red.state_of(&game).await;
    assert!(matches!(away.seats[1], Presence::Away { .. }), "{away:?}");
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    red.play(&game, 0, 3).await;
    let after = red.state_with("4").await;
    assert!(
        matches!(after.seats[1], Presence::Away { ms } if ms < 400),
        "Yellow's time away counts from their turn: {:?}",
        after.seats[1]
    );
    red.send(&format!(r#"{{"claim":{{"game":"{game}"}}}}"#))
        .await;
    assert_eq!(red.refused().await, Refusal::CannotClaim);
    // The server says when the time has come; then the claim stands.
    loop {
        let state = red.state_of(&game).await;
        if matches!(state.seats[1], Presence::Away { ms } if ms >= 400) {
            break;
        }
    }
    red.send(&format!(r#"{{"claim":{{"game":"{game}"}}}}"#))
        .await;
    let claimed = red.state_of(&game).await;
    assert_eq!(claimed.end, Some(End::Claimed { seat: Seat::Red }));
}

/// A restart is not the players' fault: Yellow, connected a while before the server was
/// killed on their turn, is away from the restart on, not from when their lease was
/// written, so an immediate claim after the restart is refused.
#[tokio::test]
async fn a_restart_does_not_count_against_a_player_away() {
    let data = data_dir("claim-restart");
    let quick = ["--claim-after-ms", "2000", "--lease-ms", "300"];
    let server = Server::start(&data, &quick);
    let (mut red, mut yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    red.play(&game, 0, 3).await;
    yellow.state_with("4").await;
    // Longer than the claim's time, with Yellow here on their turn.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    server.stop("KILL");
    drop(yellow);
    let server = Server::start(&data, &quick);
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    let state = red.state_of(&game).await;
    assert!(
        matches!(state.seats[1], Presence::Away { ms } if ms < 2000),
        "{:?}",
        state.seats[1]
    );
    red.send(&format!(r#"{{"claim":{{"game":"{game}"}}}}"#))
        .await;
    assert_eq!(red.refused().await, Refusal::CannotClaim);
}

/// Watchers coming and going are nobody else's news: the players hear nothing of them.
#[tokio::test]
async fn watchers_coming_and_going_are_not_broadcast() {
    let server = Server::start(&data_dir("watchers"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    for _ in 0..10 {
        let mut watcher = Client::connect(&server).await;
        watcher.join(&game).await;
        watcher.state_of(&game).await;
    }
    red.play(&game, 0, 3).await;
    // The first thing Red hears after the watchers is its own move.
    let next = red.state().await;
    assert_eq!(next.moves, "4", "Red heard of the watchers first: {next:?}");
    yellow.state_with("4").await;
}

/// A page too slow to read what it is sent is closed (so that it reconnects and resumes),
/// not left open and deaf: a watcher that stops reading while the game changes thousands
/// of times.
#[tokio::test]
async fn a_page_too_slow_to_read_is_closed() {
    let server = Server::start(&data_dir("slow"), &[]);
    let (mut red, _yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    let mut slow = Client::connect_small(&server).await;
    slow.join(&game).await;
    // Red comes back again and again: each time every page hears the game.
    drop(red);
    // Enough states to fill what the server's socket buffers (256 KB, doubled by Linux)
    // and the page's queue behind it.
    for _ in 0..3_000 {
        red = Client::connect(&server).await;
        red.resume(&game, &red_secret).await;
        red.state_of(&game).await;
    }
    // The slow page, read now, ends: the server closed it.
    assert!(slow.drained().await, "the slow page is still open");
}

/// Taking a seat is safe to repeat: the page makes the seat's secret and sends it with
/// `create` and `join`, and the same message again (its answer lost with the connection)
/// gets the same game and seat back, not a second game nor a watcher's place.
#[tokio::test]
async fn a_repeated_create_or_join_finds_the_same_seat() {
    let server = Server::start(&data_dir("repeat"), &[]);
    let red_secret = Secret::from_bytes([0x11; 16]);
    let create = format!(
        r#"{{"create":{{"columns":7,"rows":6,"seat":"red","secret":"{}"}}}}"#,
        red_secret.as_str()
    );
    let mut first = Client::connect(&server).await;
    first.send(&create).await;
    let (game, seat, secret) = first.seated().await;
    assert_eq!((seat, &secret), (Seat::Red, &red_secret));
    drop(first);
    // The same create on a new connection: the same game, the same seat.
    let mut again = Client::connect(&server).await;
    again.send(&create).await;
    let (same, seat, _) = again.seated().await;
    assert_eq!((same.clone(), seat), (game.clone(), Seat::Red));
    assert_eq!(again.state_of(&game).await.you, Role::Red);
    // The same for a join.
    let yellow_secret = Secret::from_bytes([0x22; 16]);
    let join = format!(
        r#"{{"join":{{"game":"{game}","secret":"{}"}}}}"#,
        yellow_secret.as_str()
    );
    let mut yellow = Client::connect(&server).await;
    yellow.send(&join).await;
    assert_eq!(yellow.seated().await.1, Seat::Yellow);
    drop(yellow);
    let mut yellow = Client::connect(&server).await;
    yellow.send(&join).await;
    let (joined, seat, kept) = yellow.seated().await;
    assert_eq!(
        (joined, seat, kept),
        (game.clone(), Seat::Yellow, yellow_secret)
    );
    assert_eq!(yellow.state_of(&game).await.you, Role::Yellow);
}

/// A page's pings are answered; a page that goes silent (a phone out of reach: its TCP
/// connection still open, nothing answering the server's pings) is let go by the server's
/// heartbeat, and its friend hears it away, without waiting for TCP to notice.
#[tokio::test]
async fn a_silent_page_is_let_go_and_its_friend_hears_it_away() {
    let server = Server::start(&data_dir("heartbeat"), &[]);
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    red.send(r#"{"ping":{}}"#).await;
    assert_eq!(red.recv().await, ToPage::Pong {});
    play_out(&mut red, &mut yellow, &game, "4").await;
    // Red stops reading (its pings go unanswered); Yellow reads (and so answers its own).
    let away = loop {
        let state = yellow.state().await;
        if state.seats[0] != Presence::Here {
            break state;
        }
    };
    assert!(matches!(away.seats[0], Presence::Away { .. }), "{away:?}");
    assert!(
        red.drained().await,
        "the server closed the silent page's connection"
    );
}

/// Leaving a game that is over tells the friend "left", withdraws the rematch asked, and
/// no rematch can come; coming back to the seat undoes it.
#[tokio::test]
async fn leaving_a_finished_game_tells_the_friend_and_ends_the_rematch() {
    let server = Server::start(&data_dir("left"), &[]);
    let (mut red, mut yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    play_out(&mut red, &mut yellow, &game, "4343434").await;
    yellow
        .send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    let asked = red.state().await;
    assert_eq!(asked.rematch, [false, true]);
    yellow.state().await;
    red.send(&format!(r#"{{"leave":{{"game":"{game}"}}}}"#))
        .await;
    let left = yellow.state().await;
    assert_eq!(left.seats[0], Presence::Left);
    assert_eq!(left.rematch, [false, false], "the request is ended");
    yellow
        .send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    assert_eq!(yellow.refused().await, Refusal::Left);
    // Red's connection is out of the game: its moves there are refused.
    red.send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    assert_eq!(red.refused().await, Refusal::NoSuchGame);
    // Back to the seat: here again, and a rematch may come.
    red.resume(&game, &red_secret).await;
    assert_eq!(yellow.state().await.seats[0], Presence::Here);
    // Leaving a game that goes on is only being away: the player may come back.
    let (mut red, mut yellow, game, _, _) = two_players(&server, 7, 6).await;
    play_out(&mut red, &mut yellow, &game, "4").await;
    red.send(&format!(r#"{{"leave":{{"game":"{game}"}}}}"#))
        .await;
    let away = yellow.state().await;
    assert!(matches!(away.seats[0], Presence::Away { .. }), "{away:?}");
}

/// A player's name reaches the others, cleaned, and stays with the seat through a rematch
/// and a restart; a reaction reaches everyone in the game, one every 2 s at most; a
/// watcher can neither name nor react.
#[tokio::test]
async fn names_and_reactions_reach_the_others() {
    let data = data_dir("names");
    let server = Server::start(&data, &[]);
    let (mut red, mut yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    red.send(&format!(
        r#"{{"name":{{"game":"{game}","name":"  Ann\u0007 <b>Lee</b>  "}}}}"#
    ))
    .await;
    let named = yellow.state().await;
    assert_eq!(
        named.names,
        [Some("Ann <b>Lee</b>".into()), None],
        "text, kept as text"
    );
    red.state().await;
    let long = "x".repeat(21);
    red.send(&format!(
        r#"{{"name":{{"game":"{game}","name":"{long}"}}}}"#
    ))
    .await;
    assert_eq!(red.refused().await, Refusal::Unreadable);
    // Reactions: to everyone, paced.
    red.send(&format!(r#"{{"react":{{"game":"{game}","reaction":0}}}}"#))
        .await;
    let reacted = ToPage::Reacted {
        seat: Seat::Red,
        reaction: 0,
    };
    assert_eq!(yellow.recv().await, reacted);
    assert_eq!(red.recv().await, reacted);
    red.send(&format!(r#"{{"react":{{"game":"{game}","reaction":1}}}}"#))
        .await;
    assert_eq!(red.refused().await, Refusal::TooFast);
    yellow
        .send(&format!(r#"{{"react":{{"game":"{game}","reaction":6}}}}"#))
        .await;
    assert_eq!(yellow.refused().await, Refusal::Unreadable);
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    watcher.state_of(&game).await;
    watcher
        .send(&format!(r#"{{"react":{{"game":"{game}","reaction":2}}}}"#))
        .await;
    assert_eq!(watcher.refused().await, Refusal::Watching);
    // After a restart, the name is there.
    drop((red, yellow, watcher));
    assert!(server.stop("TERM").success());
    let server = Server::start(&data, &[]);
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    assert_eq!(
        red.state_of(&game).await.names[0].as_deref(),
        Some("Ann <b>Lee</b>")
    );
}

/// "Continue on another device": a one-time token moves a seat. The new device holds it by
/// its own secret (the same take again finds it), the old one watches from then on and
/// its secret holds nothing, the token is spent, a newer token replaces an older one, and
/// a token made before a restart works after it.
#[tokio::test]
async fn a_seat_moves_to_another_device_once() {
    let data = data_dir("hand");
    let server = Server::start(&data, &[]);
    let (mut red, mut yellow, game, red_secret, _) = two_players(&server, 7, 6).await;
    red.play(&game, 0, 3).await;
    red.state_with("4").await;
    yellow.state_with("4").await;
    let hand = format!(r#"{{"hand":{{"game":"{game}"}}}}"#);
    let handed = |message: ToPage| match message {
        ToPage::Handed { game: g, token } if g == game => token,
        other => panic!("expected a token, got {other:?}"),
    };
    red.send(&hand).await;
    let older = handed(red.recv().await);
    red.send(&hand).await;
    let token = handed(red.recv().await);
    assert_ne!(older, token, "a token is new each time");
    // A watcher has no seat to move.
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    watcher.state_of(&game).await;
    watcher.send(&hand).await;
    assert_eq!(watcher.refused().await, Refusal::Watching);
    let take = |token: &Secret, secret: &Secret| {
        format!(
            r#"{{"take":{{"game":"{game}","token":"{}","secret":"{}"}}}}"#,
            token.as_str(),
            secret.as_str()
        )
    };
    // The older token was replaced.
    let phone_secret = Secret::from_bytes([0x5a; 16]);
    let mut phone = Client::connect(&server).await;
    phone.send(&take(&older, &phone_secret)).await;
    assert_eq!(phone.refused().await, Refusal::WrongSecret);
    // Restarted in between, the token still works.
    drop((red, yellow, watcher, phone));
    assert!(server.stop("TERM").success());
    let server = Server::start(&data, &[]);
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    red.state_of(&game).await;
    let mut phone = Client::connect(&server).await;
    phone.send(&take(&token, &phone_secret)).await;
    assert_eq!(
        phone.seated().await,
        (game.clone(), Seat::Red, phone_secret.clone())
    );
    assert_eq!(phone.state_of(&game).await.you, Role::Red);
    // The old device hears it, and watches.
    assert_eq!(red.recv().await, ToPage::Taken { game: game.clone() });
    let watching = red.state_of(&game).await;
    assert_eq!(watching.you, Role::Watcher);
    assert_eq!(
        watching.seats[0],
        Presence::Here,
        "the seat is held, by the phone"
    );
    red.play(&game, 1, 2).await;
    assert_eq!(red.refused().await, Refusal::Watching);
    // The same take again (its answer lost) finds the seat; another secret does not.
    let mut again = Client::connect(&server).await;
    again.send(&take(&token, &phone_secret)).await;
    assert_eq!(again.seated().await.1, Seat::Red);
    let mut thief = Client::connect(&server).await;
    thief
        .send(&take(&token, &Secret::from_bytes([0x77; 16])))
        .await;
    assert_eq!(thief.refused().await, Refusal::WrongSecret);
    // The old secret holds nothing; the phone's plays on.
    let mut old = Client::connect(&server).await;
    old.resume(&game, &red_secret).await;
    assert_eq!(old.refused().await, Refusal::WrongSecret);
    let mut phone = again;
    phone.state_of(&game).await;
    phone.send(&hand).await;
    assert!(matches!(phone.recv().await, ToPage::Handed { .. }));
}
