//! Several server processes on one PostgreSQL database (`--database-url`), any of them
//! serving any game: behind a round-robin balancer (Debian's nginx, proxying as
//! docs/deploy/nginx.conf does), through SIGKILLs at random moments, with the same move
//! sent to two processes at once, and with the database's connections cut.

mod common;

use common::nginx::Nginx;
use common::{data_dir, postgres::Cluster, request, Client, Random, Server};
use connect_four::engine::{Position, Size};
use connect_four::online::{GameId, Presence, Refusal, Role, Secret, ToPage};
use std::time::Duration;

/// A throwaway cluster, made off the test's runtime (its client is synchronous).
fn cluster(name: &str) -> Cluster {
    let name = name.to_owned();
    std::thread::spawn(move || Cluster::start(&name))
        .join()
        .unwrap()
}

/// A server process on `cluster`'s database, listening on `listen`; its log beside `dir`.
fn process(cluster: &Cluster, dir: &std::path::Path, listen: &str) -> Server {
    let extra = ["--metrics", "on", "--games-per-minute", "10000"];
    cluster.server(dir, listen, &extra)
}

/// `n` processes on `cluster`, their logs in `name`'s folders.
fn processes(cluster: &Cluster, name: &str, n: usize) -> Vec<Server> {
    (0..n)
        .map(|i| process(cluster, &data_dir(&format!("{name}-{i}")), "127.0.0.1:0"))
        .collect()
}

/// A client through `nginx`; a refusal (a 502 while nginx finds a process it killed a
/// moment ago) is tried again, as a page does.
async fn through(nginx: &Nginx) -> Client {
    let mut why = String::new();
    for _ in 0..100 {
        match Client::try_connect(&nginx.addr).await {
            Ok(client) => return client,
            Err(e) => why = e,
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let log = std::fs::read_to_string(nginx.prefix.join("error.log")).unwrap_or_default();
    panic!("no connection through nginx: {why}; its log: {log}")
}

/// A metric's value in `server`'s `/metrics`.
fn metric(server: &Server, name: &str) -> Option<f64> {
    let answer = request(&server.addr, "/metrics", &[]);
    common::metric(&String::from_utf8_lossy(&answer.body), name)
}

/// Three processes behind nginx's round robin: Red, Yellow and a watcher each land on a
/// process of their own; they play a whole game, every move reaching the other two; a
/// reaction and a name cross processes; both ask for a rematch, each on their process, and
/// both are in the same new game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_behind_a_balancer_play_one_game() {
    let cluster = cluster("three");
    let servers = processes(&cluster, "three", 3);
    let addrs: Vec<&str> = servers.iter().map(|s| s.addr.as_str()).collect();
    let nginx = Nginx::start(&data_dir("three-nginx"), &addrs);
    let mut red = through(&nginx).await;
    let (game, _) = red.create(7, 6, "red").await;
    let mut yellow = through(&nginx).await;
    yellow.join(&game).await;
    yellow.seated().await;
    let first = yellow.state_of(&game).await;
    assert_eq!(first.seats, [Presence::Here, Presence::Here], "{first:?}");
    let mut watcher = through(&nginx).await;
    watcher.join(&game).await;
    assert_eq!(watcher.state_of(&game).await.you, Role::Watcher);
    // One socket on each process: each page is on a process of its own.
    for server in &servers {
        assert_eq!(
            metric(server, "connect_four_open_sockets"),
            Some(1.0),
            "{}",
            server.addr
        );
    }
    // Red sees Yellow here though Yellow is on another process: at once, never away (the
    // seat and its lease are one commit), as Yellow sees Red.
    loop {
        let state = red.state_of(&game).await;
        assert!(
            !matches!(state.seats[1], Presence::Away { .. }),
            "{state:?}"
        );
        if state.seats == [Presence::Here, Presence::Here] {
            break;
        }
    }
    // A whole game: random columns, until it is over.
    let mut random = Random(0xc4_3333);
    let mut moves = String::new();
    let mut seen_by_watcher = Vec::new();
    let mut last = None;
    loop {
        let position = Position::from_moves_on(Size::CLASSIC, &moves).unwrap();
        if position.is_over() {
            break;
        }
        let open: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
        let column = open[random.below(open.len() as u64) as usize];
        let number = position.move_count();
        let mover = if number % 2 == 0 {
            &mut red
        } else {
            &mut yellow
        };
        mover.play(&game, number, column).await;
        moves.push_str(&(column + 1).to_string());
        last = Some(red.state_with(&moves).await);
        yellow.state_with(&moves).await;
        seen_by_watcher.push(watcher.state_with(&moves).await.moves);
    }
    assert!(moves.len() >= 7, "{moves}");
    assert_eq!(
        seen_by_watcher.len(),
        moves.len(),
        "the watcher saw every move"
    );
    let end = last.unwrap();
    assert!(end.end.is_some(), "the game is over: {end:?}");
    // A reaction and a name, from Yellow's process to Red's and the watcher's.
    yellow
        .send(&format!(r#"{{"react":{{"game":"{game}","reaction":2}}}}"#))
        .await;
    // Every page hears it once: Yellow's own too.
    for page in [&mut yellow, &mut red, &mut watcher] {
        loop {
            if let ToPage::Reacted { seat, reaction } = page.recv().await {
                assert_eq!((seat, reaction), (connect_four::online::Seat::Yellow, 2));
                break;
            }
        }
    }
    yellow
        .send(&format!(r#"{{"name":{{"game":"{game}","name":"Bo"}}}}"#))
        .await;
    loop {
        if let ToPage::State(state) = red.recv().await {
            assert_ne!(state.seats[1], Presence::Left);
            if state.names[1].as_deref() == Some("Bo") {
                break;
            }
        }
    }
    // Both ask for a rematch, each on their own process: one new game for both.
    red.send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    yellow
        .send(&format!(r#"{{"rematch":{{"game":"{game}"}}}}"#))
        .await;
    let (a, b) = (
        next_of(&mut red, &game).await,
        next_of(&mut yellow, &game).await,
    );
    assert_eq!(a, b, "one rematch for both");
    drop((red, yellow, watcher));
    drop(nginx);
    for server in servers {
        assert!(server.stop("TERM").success());
    }
}

/// The rematch `page` hears of in `game`.
async fn next_of(page: &mut Client, game: &GameId) -> GameId {
    loop {
        if let ToPage::State(state) = page.recv().await {
            if let Some(next) = state.next.filter(|_| &state.game == game) {
                return next;
            }
        }
    }
}

/// A new game through `nginx`, its two players seated.
async fn new_game(nginx: &str) -> Played {
    let mut red = Client::try_connect(nginx).await.unwrap();
    let (game, red_secret) = red.create(7, 6, "red").await;
    let mut yellow = Client::try_connect(nginx).await.unwrap();
    yellow.join(&game).await;
    let (_, _, yellow_secret) = yellow.seated().await;
    Played {
        game,
        secrets: [red_secret, yellow_secret],
        acknowledged: String::new(),
    }
}

struct Played {
    game: GameId,
    secrets: [Secret; 2],
    /// The moves acknowledged to the player who made them.
    acknowledged: String,
}

/// Red's and Yellow's pages on `played`, connected through `nginx` one after the other (so
/// the round robin puts them on different processes): the game as stored, once both have
/// resumed, or `None` if a connection failed.
async fn connect_both(nginx: &str, played: &Played) -> Option<(Client, Client, String)> {
    let mut pages = Vec::new();
    let mut stored = String::new();
    for secret in &played.secrets {
        let mut page = Client::try_connect(nginx).await.ok()?;
        let secret = secret.as_str();
        page.try_send_text(&format!(
            r#"{{"resume":{{"game":"{}","secret":"{secret}"}}}}"#,
            played.game
        ))
        .await?;
        loop {
            match page.try_recv().await? {
                ToPage::State(state) if state.game == played.game => {
                    stored = state.moves;
                    break;
                }
                ToPage::Refused { .. } => return None,
                _ => continue,
            }
        }
        pages.push(page);
    }
    let yellow = pages.pop()?;
    Some((pages.pop()?, yellow, stored))
}

/// Checks that `stored` keeps every move acknowledged in `played` (and at most the one in
/// flight beyond them), and takes it as the game from now on.
fn check_stored(played: &mut Played, stored: String) {
    assert!(
        stored.starts_with(&played.acknowledged),
        "game {}: stored {stored:?}, acknowledged {:?}",
        played.game,
        played.acknowledged
    );
    assert!(stored.len() <= played.acknowledged.len() + 1, "{stored:?}");
    assert!(Position::from_moves(&stored).is_ok(), "{stored:?}");
    played.acknowledged = stored;
}

/// Plays random moves in `played` through `nginx`, about one every 10 ms, until `stop` or
/// the game's end; records each move acknowledged to its mover. A page whose connection
/// drops (its process was killed) connects again through the balancer, to a process that
/// lives, and plays on: how many times, it returns.
async fn play_on(
    nginx: String,
    played: &mut Played,
    seed: u64,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> usize {
    let mut random = Random(seed | 1);
    let stopped = || stop.load(std::sync::atomic::Ordering::SeqCst);
    let mut reconnects = 0;
    let mut first = true;
    'connect: while !stopped() {
        let Some((mut red, mut yellow, stored)) = connect_both(&nginx, played).await else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        check_stored(played, stored);
        reconnects += usize::from(!first);
        first = false;
        while !stopped() {
            let position = Position::from_moves_on(Size::CLASSIC, &played.acknowledged).unwrap();
            if position.is_over() {
                return reconnects;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
            let open: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
            let column = open[random.below(open.len() as u64) as usize];
            let number = position.move_count();
            let (mover, other) = if number % 2 == 0 {
                (&mut red, &mut yellow)
            } else {
                (&mut yellow, &mut red)
            };
            if mover.try_play(&played.game, number, column).await.is_none() {
                continue 'connect;
            }
            let wanted = format!("{}{}", played.acknowledged, column + 1);
            // The mover's acknowledgement (the game with its move in it), then the other's
            // view, from the other process.
            for (i, client) in [mover, other].into_iter().enumerate() {
                loop {
                    match client.try_recv().await {
                        Some(ToPage::State(state)) if state.moves == wanted => break,
                        Some(ToPage::Refused { .. }) | None => continue 'connect,
                        Some(_) => continue,
                    }
                }
                if i == 0 {
                    played.acknowledged = wanted.clone();
                }
            }
        }
    }
    reconnects
}

/// Rounds of SIGKILL, each of a process chosen at random at a random moment, and the
/// games played through them.
const ROUNDS: usize = 25;
const GAMES: usize = 6;

/// Three processes behind nginx; in each round every game is played through the balancer
/// and a random process is killed at a random moment, then started again on its port. The
/// pages connect again through the balancer (to any process) and play on; after each
/// round, every move a page saw acknowledged is there, in its place, and none twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_when_any_process_is_killed() {
    let cluster = cluster("kills");
    let mut servers = processes(&cluster, "kills", 3);
    let addrs: Vec<String> = servers.iter().map(|s| s.addr.clone()).collect();
    let nginx = Nginx::start(
        &data_dir("kills-nginx"),
        &addrs.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let mut random = Random(0x5eed_9999);
    let mut games = Vec::new();
    for _ in 0..GAMES {
        games.push(new_game(&nginx.addr).await);
    }
    let (mut kills, mut checked, mut finished, mut reconnects) = (0, 0, 0, 0);
    for round in 0..ROUNDS {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut tasks = Vec::new();
        for (i, mut played) in games.drain(..).enumerate() {
            let (nginx, stop) = (nginx.addr.clone(), stop.clone());
            let seed = (round * GAMES + i) as u64 + 1;
            tasks.push(tokio::spawn(async move {
                let again = play_on(nginx, &mut played, seed, stop).await;
                (played, again)
            }));
        }
        tokio::time::sleep(Duration::from_millis(50 + random.below(400))).await;
        let victim = random.below(servers.len() as u64) as usize;
        let killed = servers.remove(victim);
        let dir = killed.data.clone();
        killed.stop("KILL");
        kills += 1;
        // The victim's pages connect again through the balancer and play on.
        tokio::time::sleep(Duration::from_millis(300)).await;
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        for task in tasks {
            let (played, again) = task.await.unwrap();
            games.push(played);
            reconnects += again;
        }
        servers.insert(victim, process(&cluster, &dir, &addrs[victim]));
        // Every acknowledged move is there, in its place; at most the one move in flight
        // when its process died is there beyond them (committed, its answer lost).
        for played in &mut games {
            let mut watcher = through(&nginx).await;
            watcher.join(&played.game).await;
            let stored = watcher.state_of(&played.game).await.moves;
            check_stored(played, stored);
            checked += 1;
        }
        // A game over makes room for a new one.
        let before = games.len();
        games.retain(|g| !Position::from_moves(&g.acknowledged).is_ok_and(|p| p.is_over()));
        finished += before - games.len();
        while games.len() < GAMES {
            games.push(new_game(&nginx.addr).await);
        }
    }
    let moves: usize = games.iter().map(|g| g.acknowledged.len()).sum();
    println!(
        "{kills} kills of one process in three, {reconnects} pages connected again to \
         another process mid-game, {checked} games checked, {finished} games finished, \
         {moves} moves in those still going"
    );
    assert!(finished > 0, "games got played to their end");
    assert!(
        reconnects > 0,
        "pages connected again to another process and played on"
    );
    drop(nginx);
    for server in servers {
        let _ = server.stop("KILL");
    }
}

/// Races: Red's seat is held on two processes (the same secret resumed on each), and so
/// is Yellow's; for each move, the mover's two pages send the same move number, with
/// different columns, to their two processes at once. Exactly one is played each time:
/// the other page is refused as for a wrong move number, and the game grows by one move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_sent_to_two_processes_at_once_is_played_once() {
    let cluster = cluster("race");
    let servers = processes(&cluster, "race", 2);
    let mut random = Random(0x7ace);
    let (mut races, mut first_won, mut games) = (0, [0, 0], 0);
    while races < 300 {
        games += 1;
        let mut red_a = Client::connect(&servers[0]).await;
        let (game, red_secret) = red_a.create(7, 6, "red").await;
        let mut yellow_b = Client::connect(&servers[1]).await;
        yellow_b.join(&game).await;
        let (_, _, yellow_secret) = yellow_b.seated().await;
        let mut red_b = Client::connect(&servers[1]).await;
        red_b.resume(&game, &red_secret).await;
        red_b.state_of(&game).await;
        let mut yellow_a = Client::connect(&servers[0]).await;
        yellow_a.resume(&game, &yellow_secret).await;
        yellow_a.state_of(&game).await;
        let mut moves = String::new();
        // Each race: its number, and the index (0 or 1) of the page whose move was played.
        let mut won = Vec::new();
        // The refusals each page heard (red_a, red_b, yellow_a, yellow_b), by move number.
        let mut refused: [Vec<u16>; 4] = Default::default();
        loop {
            let position = Position::from_moves_on(Size::CLASSIC, &moves).unwrap();
            let open: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
            // At most 16 races a game: each page sends at most ten messages, within the
            // server's pace for one connection (a burst of 20).
            if position.is_over() || open.len() < 2 || moves.len() == 16 {
                break;
            }
            let first = open[random.below(open.len() as u64) as usize];
            let second = *open.iter().find(|&&c| c != first).unwrap();
            let number = position.move_count();
            let (a, b, seat) = if number % 2 == 0 {
                (&mut red_a, &mut red_b, 0)
            } else {
                (&mut yellow_a, &mut yellow_b, 2)
            };
            tokio::join!(a.play(&game, number, first), b.play(&game, number, second));
            // Each page hears of one move more, whichever it was.
            let mut heard = Vec::new();
            for (i, page) in [a, b].into_iter().enumerate() {
                heard.push(read_until(page, &game, number + 1, &mut refused[seat + i]).await);
            }
            assert_eq!(heard[0], heard[1], "move {number}: one game for both");
            let played = heard[0].chars().last().unwrap();
            assert!(heard[0].starts_with(&moves));
            let winner = if played == char::from(b'1' + first as u8) {
                0
            } else {
                1
            };
            assert_eq!(
                played,
                char::from(b'1' + [first, second][winner] as u8),
                "move {number}: one of the two"
            );
            won.push((number as u16, seat + winner));
            first_won[winner] += 1;
            moves = heard[0].clone();
            races += 1;
        }
        // What each page was told is all there once a move that cannot be (number 999) is
        // refused: its refusal comes after theirs.
        for (i, page) in [&mut red_a, &mut red_b, &mut yellow_a, &mut yellow_b]
            .into_iter()
            .enumerate()
        {
            page.play(&game, 999, 0).await;
            read_until(page, &game, usize::MAX, &mut refused[i]).await;
        }
        for (number, winner) in won {
            let loser = winner ^ 1;
            assert!(
                !refused[winner].contains(&number) && refused[loser].contains(&number),
                "move {number}: the page whose move was played is not refused, the other is \
                 ({refused:?})"
            );
        }
        // Read back from the database, through a process that took no part.
        let mut watcher = Client::connect(&servers[0]).await;
        watcher.join(&game).await;
        assert_eq!(watcher.state_of(&game).await.moves, moves, "each move once");
    }
    println!(
        "{races} races in {games} games: the first process's page won {}, the second's {}",
        first_won[0], first_won[1]
    );
    for server in servers {
        assert!(server.stop("TERM").success());
    }
}

/// The claim rule across processes and through a process's death: Red on one process,
/// Yellow on another; on Yellow's turn Yellow's process is killed. Red's process sees Yellow
/// away once that process's lease on Yellow has run out (leases of 1.5 s here, 30 s by
/// default); a claim before the claim's time is refused, and after it stands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_a_process_that_died_can_be_claimed_against() {
    let cluster = cluster("claim");
    let quick = ["--claim-after-ms", "1500", "--lease-ms", "1500"];
    let one = cluster.server(&data_dir("claim-0"), "127.0.0.1:0", &quick);
    let two = cluster.server(&data_dir("claim-1"), "127.0.0.1:0", &quick);
    let mut red = Client::connect(&one).await;
    let (game, _) = red.create(7, 6, "red").await;
    let mut yellow = Client::connect(&two).await;
    yellow.join(&game).await;
    yellow.seated().await;
    red.play(&game, 0, 3).await;
    yellow.state_with("4").await;
    // Yellow's process dies on Yellow's turn; Yellow's page is gone with it.
    two.stop("KILL");
    drop(yellow);
    red.send(&format!(r#"{{"claim":{{"game":"{game}"}}}}"#))
        .await;
    // Red's process says when Yellow's lease has run out (before the claim's refusal, if it
    // ran out by then), and when the claim's time has come.
    let mut seen_away = false;
    loop {
        match red.recv().await {
            ToPage::Refused { reason, .. } => {
                assert_eq!(reason, Refusal::CannotClaim);
                break;
            }
            // (Red's own move's acknowledgement, with Yellow here, may come first.)
            ToPage::State(state) => match state.seats[1] {
                Presence::Here => {}
                Presence::Away { ms } if ms < 1500 => seen_away = true,
                other => panic!("Yellow {other:?} before the claim's time"),
            },
            _ => {}
        }
    }
    loop {
        if let ToPage::State(state) = red.recv().await {
            match state.seats[1] {
                Presence::Away { ms } if ms >= 1500 => break,
                Presence::Away { .. } => seen_away = true,
                _ => {}
            }
        }
    }
    assert!(seen_away, "Yellow was seen away before the claim's time");
    red.send(&format!(r#"{{"claim":{{"game":"{game}"}}}}"#))
        .await;
    loop {
        if let ToPage::State(state) = red.recv().await {
            if state.end.is_some() {
                assert_eq!(
                    state.end,
                    Some(connect_four::online::End::Claimed {
                        seat: connect_four::online::Seat::Red
                    })
                );
                break;
            }
        }
    }
    assert!(one.stop("TERM").success());
}

/// Reads `page` until it has `game` with `moves` moves (or, with `usize::MAX`, until the
/// refusal of move 999); notes each move number it was refused as a wrong one.
async fn read_until(
    page: &mut Client,
    game: &GameId,
    moves: usize,
    refused: &mut Vec<u16>,
) -> String {
    loop {
        match page.recv().await {
            ToPage::Refused { reason, detail }
                if detail.contains("999") || reason == Refusal::Over =>
            {
                assert_eq!(moves, usize::MAX, "{detail}");
                return String::new();
            }
            ToPage::Refused { reason, detail } => {
                assert_eq!(reason, Refusal::WrongNumber, "{detail}");
                let number = detail
                    .strip_prefix("move ")
                    .and_then(|d| d.split(' ').next()?.parse().ok())
                    .unwrap_or_else(|| panic!("{detail}"));
                refused.push(number);
            }
            ToPage::State(state) if &state.game == game && state.moves.len() == moves => {
                return state.moves;
            }
            _ => {}
        }
    }
}

/// Every connection to the database is cut (`pg_terminate_backend`, as a database restart
/// or a network's failure would): each process connects again by itself, and a process
/// that missed the others' notes meanwhile reads its games again, so a page on it sees the
/// move made on another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_cut_off_from_the_database_catch_up() {
    let cluster = cluster("cut");
    let servers = processes(&cluster, "cut", 2);
    let mut red = Client::connect(&servers[0]).await;
    let (game, _) = red.create(7, 6, "red").await;
    let mut yellow = Client::connect(&servers[1]).await;
    yellow.join(&game).await;
    yellow.seated().await;
    red.play(&game, 0, 3).await;
    yellow.state_with("4").await;
    let cut = |cluster: &Cluster| {
        let url = cluster.url();
        std::thread::spawn(move || {
            let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
            let cut: i64 = admin
                .query_one(
                    "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM \
                     pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = 'games') t",
                    &[],
                )
                .unwrap()
                .get(0);
            cut
        })
        .join()
        .unwrap()
    };
    // Each process's writer, reader and listener: six connections.
    assert!(cut(&cluster) >= 6);
    // Yellow's move is made on the second process as soon as it has connected again (a
    // page sends a refused move again); Red, on the first, sees it once its process hears
    // again.
    let mut sent = false;
    for _ in 0..100 {
        yellow.play(&game, 1, 2).await;
        match yellow.recv().await {
            ToPage::State(state) if state.moves == "43" => {
                sent = true;
                break;
            }
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    assert!(sent, "the second process saves moves again");
    assert_eq!(red.state_with("43").await.moves, "43");
    for server in servers {
        assert!(server.stop("TERM").success());
    }
}
