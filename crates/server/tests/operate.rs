//! Running the server for months, as its operator sees it: the log, `/metrics`, backups,
//! the environment's settings, the version, signals, proxies' addresses, and pages of
//! another protocol version. Each against the real binary.

mod common;

use common::{data_dir, metric, request, Client, Server};
use connect_four::online::{Refusal, ToPage};
use std::process::Command;
use std::time::Duration;

fn log_of(server: &Server) -> String {
    std::fs::read_to_string(server.data.with_extension("log")).unwrap_or_default()
}

/// Waits (within the tests' patience) for the log to hold `what`.
async fn logged(server: &Server, what: &str) -> String {
    for _ in 0..500 {
        let log = log_of(server);
        if log.contains(what) {
            return log;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the log never said {what:?}:\n{}", log_of(server));
}

/// Red wins 7 x 6 in column 1 (moves 0..7): the moves "1212121".
async fn play_a_game(server: &Server) -> (Client, Client, String) {
    let mut red = Client::connect(server).await;
    let (game, secret) = red.create(7, 6, "red").await;
    let mut yellow = Client::connect(server).await;
    yellow.join(&game).await;
    yellow.seated().await;
    red.state_of(&game).await;
    for number in 0..7 {
        let page = if number % 2 == 0 {
            &mut red
        } else {
            &mut yellow
        };
        page.play(&game, number, number % 2).await;
        red.state_with(&"1212121"[..=number]).await;
    }
    (red, yellow, secret.as_str().to_owned())
}

#[tokio::test]
async fn the_log_and_the_metrics_tell_what_happened() {
    let data = data_dir("told");
    let server = Server::start(&data, &[]);
    let (_red, _yellow, secret) = play_a_game(&server).await;
    let log = logged(&server, "game ended").await;
    assert!(log.contains("INFO started"), "{log}");
    assert!(log.contains("game created"), "{log}");
    let ended = log.lines().find(|l| l.contains("game ended")).unwrap();
    for field in ["size=7x6", "result=\"red\"", "how=\"played\"", "moves=7"] {
        assert!(ended.contains(field), "{field} in {ended}");
    }
    // No secret, and no move, at info.
    assert!(!log.contains(&secret), "{log}");
    assert!(!log.contains("1212121"), "{log}");
    let metrics = request(&server.addr, "/metrics", &[]);
    assert_eq!(metrics.status, 200);
    let text = String::from_utf8_lossy(&metrics.body).into_owned();
    let m = |name| metric(&text, name).unwrap_or_else(|| panic!("{name} in\n{text}"));
    assert_eq!(m("connect_four_moves_total"), 7.0);
    assert_eq!(m("connect_four_games_created_total"), 1.0);
    assert_eq!(
        m("connect_four_games_ended_total{result=\"red\",how=\"played\"}"),
        1.0
    );
    assert_eq!(m("connect_four_open_sockets"), 2.0);
    assert_eq!(m("connect_four_games_in_memory"), 1.0);
    // Seven moves and the end, at least one commit each (some may share a batch).
    assert!(
        m("connect_four_store_commit_seconds_count") >= 2.0,
        "{text}"
    );
    server.stop("TERM");
    let log = log_of_data(&data);
    assert!(log.contains("asked to stop signal=\"SIGTERM\""), "{log}");
    assert!(log.contains("INFO stopped"), "{log}");
}

fn log_of_data(data: &std::path::Path) -> String {
    std::fs::read_to_string(data.with_extension("log")).unwrap_or_default()
}

#[tokio::test]
async fn refusals_are_counted_and_the_limits_logged_with_the_address() {
    let data = data_dir("refusals");
    let server = Server::start(&data, &["--games-per-minute", "1"]);
    let mut page = Client::connect(&server).await;
    page.create(7, 6, "red").await;
    for _ in 0..3 {
        page.send(r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#)
            .await;
        assert_eq!(page.refused().await, Refusal::TooManyGames);
    }
    page.send("nonsense").await;
    assert_eq!(page.refused().await, Refusal::Unreadable);
    let log = logged(&server, "reason=\"too-many-games\"").await;
    assert!(
        log.contains("game created") && log.contains("addr=127.0.0.1"),
        "{log}"
    );
    // Three refusals, one line: a flood cannot fill the log.
    let lines = log.lines().filter(|l| l.contains("too-many-games")).count();
    assert_eq!(lines, 1, "{log}");
    // A page's own mistakes are not the operator's business at info.
    assert!(!log.contains("unreadable"), "{log}");
    let text = String::from_utf8_lossy(&request(&server.addr, "/metrics", &[]).body).into_owned();
    assert_eq!(
        metric(
            &text,
            "connect_four_refusals_total{reason=\"too-many-games\"}"
        ),
        Some(3.0)
    );
    assert_eq!(
        metric(&text, "connect_four_refusals_total{reason=\"unreadable\"}"),
        Some(1.0)
    );
}

#[tokio::test]
async fn metrics_can_be_off_or_on_an_address_of_their_own() {
    let data = data_dir("metrics-off");
    let server = Server::start(&data, &["--metrics", "off"]);
    assert_eq!(request(&server.addr, "/metrics", &[]).status, 404);
    drop(server);
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let apart = format!("127.0.0.1:{port}");
    let data = data_dir("metrics-apart");
    let server = Server::start(&data, &["--metrics", &apart]);
    assert_eq!(request(&server.addr, "/metrics", &[]).status, 404);
    let there = request(&apart, "/metrics", &[]);
    assert_eq!(there.status, 200);
    let text = String::from_utf8_lossy(&there.body).into_owned();
    // Every series is there from the start, at 0.
    for series in [
        "connect_four_open_sockets",
        "connect_four_refusals_total{reason=\"too-fast\"}",
        "connect_four_turned_away_total{reason=\"flood\"}",
        "connect_four_games_ended_total{result=\"draw\",how=\"played\"}",
    ] {
        assert_eq!(metric(&text, series), Some(0.0), "{series} in\n{text}");
    }
    let served = format!("metrics served at http://{apart}/metrics");
    assert!(log_of(&server).contains(&served), "{}", log_of(&server));
}

#[tokio::test]
async fn the_log_can_be_json_lines_and_every_option_an_environment_variable() {
    let data = data_dir("env");
    let dir = data.to_str().unwrap().to_owned();
    let server = Server::spawn(
        &data,
        &[],
        &[
            ("CONNECT_FOUR_LISTEN", "127.0.0.1:0"),
            ("CONNECT_FOUR_DATA", &dir),
            ("CONNECT_FOUR_LOG_FORMAT", "json"),
            ("CONNECT_FOUR_GAMES_PER_MINUTE", "1"),
            ("CONNECT_FOUR_METRICS", "off"),
        ],
        || {},
    );
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    assert_eq!(request(&server.addr, "/metrics", &[]).status, 404);
    let mut page = Client::connect(&server).await;
    page.create(7, 6, "red").await;
    page.send(r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#)
        .await;
    assert_eq!(page.refused().await, Refusal::TooManyGames);
    let log = logged(&server, "game created").await;
    for line in log.lines() {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(
            value["timestamp"].is_string() && value["level"].is_string(),
            "{line}"
        );
    }
    assert!(log.contains(r#""message":"started""#), "{log}");
}

/// The database, like its folder, is the server's user's alone; `--listen` takes a name.
#[tokio::test]
async fn the_database_is_private_and_listen_takes_a_name() {
    use std::os::unix::fs::PermissionsExt;
    let data = data_dir("private");
    let dir = data.to_str().unwrap();
    let server = Server::spawn(
        &data,
        &["--listen", "localhost:0", "--data", dir],
        &[],
        || {},
    );
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join("games.sqlite")), 0o600);
}

#[test]
fn version_names_the_commit() {
    let out = Command::new(env!("CARGO_BIN_EXE_connect-four-server"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    // "connect-four-server 0.1.0 (abc1234567)", or "(unknown)" outside git.
    let expected = format!("connect-four-server {} (", env!("CARGO_PKG_VERSION"));
    assert!(
        said.starts_with(&expected) && said.trim_end().ends_with(')'),
        "{said}"
    );
}

#[tokio::test]
async fn sighup_stops_the_server_as_sigterm_does() {
    let data = data_dir("hup");
    let server = Server::start(&data, &[]);
    let mut page = Client::connect(&server).await;
    let (game, _) = page.create(7, 6, "red").await;
    let (status, _) = server.stop_within_patience("HUP");
    assert!(status.success(), "{status:?}");
    assert_eq!(page.try_recv().await, Some(ToPage::Restarting));
    assert!(log_of_data(&data).contains("signal=\"SIGHUP\""));
    // The game is there after the restart.
    let server = Server::start(&data, &[]);
    let mut yellow = Client::connect(&server).await;
    yellow.join(&game).await;
    yellow.seated().await;
    yellow.state_of(&game).await;
}

#[tokio::test]
async fn a_page_of_another_protocol_version_is_told_why() {
    let data = data_dir("version");
    let server = Server::start(&data, &[]);
    for v in ["0", "1", "3", "x"] {
        let mut page = Client::try_connect_with(&server.addr, &format!("/online?v={v}"), &[])
            .await
            .unwrap();
        match page.try_recv().await {
            Some(ToPage::Refused { reason, detail }) => {
                assert_eq!(reason, Refusal::Version);
                assert!(detail.contains("version"), "{detail}");
            }
            other => panic!("v={v}: {other:?}"),
        }
        assert!(page.drained().await, "v={v}: not closed");
    }
    // This version, and clients that do not say theirs (not pages), play.
    for path in ["/online?v=2", "/online"] {
        let mut page = Client::try_connect_with(&server.addr, path, &[])
            .await
            .unwrap();
        page.create(7, 6, "red").await;
    }
    let log = logged(&server, "a page was refused").await;
    assert!(log.contains("reload"), "{log}");
}

/// Behind a trusted proxy, each player is their own address: the games-per-minute limit
/// is theirs, and connections count against them. From an untrusted peer the header is
/// ignored: it cannot be forged.
#[tokio::test]
async fn behind_a_trusted_proxy_each_player_has_their_own_limits() {
    let data = data_dir("proxied");
    let server = Server::start(
        &data,
        &["--trust-proxy", "127.0.0.1", "--games-per-minute", "1"],
    );
    let connect = |from: String| {
        let addr = server.addr.clone();
        async move {
            Client::try_connect_with(&addr, "/online", &[("x-forwarded-for", &from)])
                .await
                .unwrap()
        }
    };
    // 25 players, each creating their game, then refused a second one.
    for n in 1..=25 {
        let mut page = connect(format!("6.6.6.6, 203.0.113.{n}")).await;
        page.create(7, 6, "red").await;
        page.send(r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#)
            .await;
        assert_eq!(page.refused().await, Refusal::TooManyGames, "player {n}");
    }
    let log = logged(&server, "addr=203.0.113.25").await;
    assert!(
        !log.contains("6.6.6.6"),
        "the address the client wrote was believed: {log}"
    );
    drop(server);
    // Untrusted: the header says nothing; every page is 127.0.0.1.
    let data = data_dir("unproxied");
    let server = Server::start(&data, &["--games-per-minute", "1"]);
    let mut first = Client::try_connect_with(
        &server.addr,
        "/online",
        &[("x-forwarded-for", "203.0.113.1")],
    )
    .await
    .unwrap();
    first.create(7, 6, "red").await;
    let mut second = Client::try_connect_with(
        &server.addr,
        "/online",
        &[("x-forwarded-for", "203.0.113.2")],
    )
    .await
    .unwrap();
    second
        .send(r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#)
        .await;
    assert_eq!(second.refused().await, Refusal::TooManyGames);
}

#[tokio::test]
async fn behind_a_trusted_proxy_sockets_count_against_each_client() {
    let data = data_dir("proxied-sockets");
    let server = Server::start(
        &data,
        &[
            "--trust-proxy",
            "127.0.0.0/8",
            "--max-connections-per-address",
            "3",
        ],
    );
    let mut held = Vec::new();
    // More sockets through the proxy than one address may hold: different clients.
    for n in 0..6 {
        let from = format!("198.51.100.{}", n / 3);
        let page =
            Client::try_connect_with(&server.addr, "/online", &[("x-forwarded-for", &from)]).await;
        held.push(page.expect("a client within its limit connects"));
    }
    let over = Client::try_connect_with(
        &server.addr,
        "/online",
        &[("x-forwarded-for", "198.51.100.0")],
    )
    .await;
    assert!(over.is_err(), "a fourth socket from one client was taken");
    let text = String::from_utf8_lossy(&request(&server.addr, "/metrics", &[]).body).into_owned();
    assert_eq!(
        metric(
            &text,
            "connect_four_turned_away_total{reason=\"connections-per-address\"}"
        ),
        Some(1.0)
    );
}

#[tokio::test]
async fn a_refused_origin_is_logged_once_a_minute_with_what_was_expected() {
    let data = data_dir("origin");
    let server = Server::start(&data, &["--public-url", "https://games.example.org"]);
    for _ in 0..3 {
        use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Error};
        let mut ask = format!("ws://{}/online", server.addr)
            .into_client_request()
            .unwrap();
        ask.headers_mut()
            .insert("origin", "https://evil.example".parse().unwrap());
        let Err(Error::Http(refused)) = tokio_tungstenite::connect_async(ask).await else {
            panic!("the origin was not refused");
        };
        assert_eq!(refused.status(), 403);
        let body =
            String::from_utf8_lossy(refused.body().as_deref().unwrap_or_default()).into_owned();
        assert!(
            body.contains("https://games.example.org") && body.contains("--public-url"),
            "{body}"
        );
    }
    let log = logged(&server, "origin was refused").await;
    let lines: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("origin was refused"))
        .collect();
    assert_eq!(lines.len(), 1, "{log}");
    assert!(
        lines[0].contains("https://evil.example")
            && lines[0].contains("expected=https://games.example.org"),
        "{log}"
    );
}

/// A backup taken while games are played holds every move acknowledged before it began,
/// passes SQLite's integrity check, and restores: a server on it plays on.
#[tokio::test]
async fn a_backup_under_load_holds_every_acknowledged_move_and_restores() {
    let data = data_dir("backup");
    let server = Server::start(&data, &[]);
    let (_red, _yellow, _) = play_a_game(&server).await;
    // A second game keeps moving while the backup is taken.
    let mut red = Client::connect(&server).await;
    let (game, _) = red.create(9, 9, "red").await;
    let mut yellow = Client::connect(&server).await;
    yellow.join(&game).await;
    yellow.seated().await;
    red.state_of(&game).await;
    let addr = server.addr.clone();
    let playing = game.clone();
    let acked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = acked.clone();
    let load = tokio::spawn(async move {
        let _keep = addr;
        // Columns 1 to 3 filled one after another: no four in a row in those 27 moves.
        let columns: Vec<usize> = (0..9).flat_map(|c| std::iter::repeat_n(c, 9)).collect();
        for (number, column) in columns.into_iter().enumerate().take(27) {
            let page = if number % 2 == 0 {
                &mut red
            } else {
                &mut yellow
            };
            page.play(&playing, number, column).await;
            let state = red.state().await;
            if state.moves.len() <= number {
                break;
            }
            counter.store(number + 1, std::sync::atomic::Ordering::SeqCst);
        }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let before = acked.load(std::sync::atomic::Ordering::SeqCst) + 7;
    let file = data.with_extension("backup.sqlite");
    let out = Command::new(env!("CARGO_BIN_EXE_connect-four-server"))
        .args([
            "backup",
            "--data",
            data.to_str().unwrap(),
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = acked.load(std::sync::atomic::Ordering::SeqCst) + 7;
    let _ = load.await;
    let copy = rusqlite::Connection::open(&file).unwrap();
    let check: String = copy
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let moves: i64 = copy
        .query_row("SELECT count(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    let moves = moves as usize;
    assert!(
        before <= moves && moves <= after + 1,
        "{before} <= {moves} <= {after}"
    );
    assert!(said.contains(&format!("{moves} moves")), "{said}");
    drop(copy);
    server.stop("TERM");
    // Restored as the docs say: the copy as games.sqlite, without the old log beside it.
    let restored = data_dir("restored");
    std::fs::copy(&file, restored.join("games.sqlite")).unwrap();
    let server = Server::start(&restored, &[]);
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    // Its first line says how many games it holds: as many as the backup said.
    let games = said
        .split(" games")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .to_owned();
    assert!(
        log_of(&server).contains(&format!("games={games} ")),
        "{said}"
    );
    let text = String::from_utf8_lossy(&request(&server.addr, "/metrics", &[]).body).into_owned();
    assert!(text.contains("connect_four_open_sockets 0"));
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    assert_eq!(watcher.state_of(&game).await.moves.len(), moves - 7);
}

#[tokio::test]
async fn a_backup_of_nothing_says_so() {
    let data = data_dir("no-backup");
    let out = Command::new(env!("CARGO_BIN_EXE_connect-four-server"))
        .args([
            "backup",
            "--data",
            data.to_str().unwrap(),
            "/tmp/c4-none.sqlite",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no database there"));
}

#[tokio::test]
async fn the_index_page_names_online_play_in_its_own_words() {
    let data = data_dir("index");
    let site = data.with_extension("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(
        site.join("index.html"),
        "<!doctype html><html><head><title>x</title></head><body></body></html>",
    )
    .unwrap();
    let server = Server::start(&data, &["--site", site.to_str().unwrap()]);
    for path in ["/", "/index.html"] {
        let page = request(&server.addr, path, &[("Accept-Encoding", "br, gzip")]);
        assert_eq!(page.status, 200);
        let html = String::from_utf8_lossy(&page.body).into_owned();
        assert!(
            html.contains(r#"<meta name="connect-four-online" content="online"></head>"#),
            "{html}"
        );
        assert_eq!(page.header("x-connect-four-online"), Some("online"));
    }
}

/// 25 players behind Debian's nginx (the documented `location /` block), each from an
/// address of its own (127.0.0.2 to 127.0.0.26): with `--trust-proxy`, each has the
/// games-per-minute limit to themselves, and the log names each by their address.
#[tokio::test]
async fn twenty_five_players_behind_nginx_each_have_their_own_limit() {
    let data = data_dir("nginx-25");
    let server = Server::start(
        &data,
        &["--trust-proxy", "127.0.0.1", "--games-per-minute", "2"],
    );
    let nginx = common::nginx::Nginx::start(&data.with_extension("nginx"), &[&server.addr]);
    let proxied = nginx.addr.clone();
    for n in 2..=26 {
        let from: std::net::IpAddr = format!("127.0.0.{n}").parse().unwrap();
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(std::net::SocketAddr::new(from, 0)).unwrap();
        let stream = socket.connect(proxied.parse().unwrap()).await.unwrap();
        let mut page = Client::over(stream, &format!("ws://{proxied}/online")).await;
        page.create(7, 6, "red").await;
        page.create(7, 6, "yellow").await;
        page.send(r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#)
            .await;
        assert_eq!(page.refused().await, Refusal::TooManyGames, "player {from}");
    }
    let text = String::from_utf8_lossy(&request(&server.addr, "/metrics", &[]).body).into_owned();
    assert_eq!(
        metric(&text, "connect_four_games_created_total"),
        Some(50.0),
        "{text}"
    );
    assert_eq!(
        metric(
            &text,
            "connect_four_refusals_total{reason=\"too-many-games\"}"
        ),
        Some(25.0)
    );
    let log = logged(&server, "addr=127.0.0.26").await;
    assert!(
        !log.contains("reason=\"too-many-games\" addr=127.0.0.1 "),
        "{log}"
    );
    drop(nginx);
}
