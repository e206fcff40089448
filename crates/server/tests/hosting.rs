//! What a host needs to be able to trust, against the real binary: one process per data
//! folder, a health check that tells the truth, the site's files served safely and
//! precompressed, and pages from the server's own origins only.

mod common;

use common::{data_dir, refuses_to_start, request, Client, Server};
use connect_four::online::{Refusal, ToPage};
use std::os::unix::fs::symlink;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A second server on the same --data refuses to start, naming the first one's PID.
#[test]
fn two_processes_cannot_share_one_data_folder() {
    let data = data_dir("two");
    let first = Server::start(&data, &[]);
    let (status, said) = refuses_to_start(&["--data", data.to_str().unwrap()]);
    assert!(!status.success());
    assert!(said.contains("in use by another"), "{said}");
    assert!(said.contains(&format!("pid {}", first.pid())), "{said}");
    // Once the first has stopped, a new one starts.
    first.stop("KILL");
    Server::start(&data, &[]);
}

/// A site: index.html, a script and its precompressed copy (whose bytes differ from any
/// compression of the script, to tell which was sent), a link out of the site, dotfiles.
fn site(data: &std::path::Path) -> std::path::PathBuf {
    let site = data.join("site");
    std::fs::create_dir_all(site.join(".git")).unwrap();
    std::fs::write(site.join("index.html"), "<!doctype html><title>c4</title>").unwrap();
    std::fs::write(
        site.join("game.js"),
        "console.log('the game');\n".repeat(100),
    )
    .unwrap();
    std::fs::write(site.join("game.js.br"), b"precompressed at build time").unwrap();
    std::fs::write(site.join(".env"), "SECRET=1").unwrap();
    std::fs::write(site.join(".git/config"), "[core]").unwrap();
    let _ = symlink("/etc/passwd", site.join("linked-passwd"));
    // A file whose compressed copies are links out of the site, and a copy without its file.
    std::fs::write(site.join("leak.txt"), "the site's own text").unwrap();
    let _ = symlink("/etc/passwd", site.join("leak.txt.br"));
    let _ = symlink("/etc/passwd", site.join("leak.txt.gz"));
    std::fs::write(site.join("alone.txt.br"), b"a copy without its file").unwrap();
    site
}

#[test]
fn the_site_is_served_safely_and_precompressed() {
    let data = data_dir("site");
    let site = site(&data);
    let server = Server::start(&data, &["--site", site.to_str().unwrap()]);
    let page = request(&server.addr, "/", &[]);
    assert_eq!(page.status, 200);
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    let policy = page.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{policy}"
    );
    for hidden in [
        "/linked-passwd",
        "/.env",
        "/.git/config",
        "/%2eenv",
        "/.git/",
    ] {
        let answer = request(&server.addr, hidden, &[]);
        assert_eq!(answer.status, 404, "{hidden}");
        assert!(!String::from_utf8_lossy(&answer.body).contains("root:"));
    }
    // What the site was built with, sent as it is, twice.
    for _ in 0..2 {
        let script = request(&server.addr, "/game.js", &[("Accept-Encoding", "br, gzip")]);
        assert_eq!(script.status, 200);
        assert_eq!(script.header("content-encoding"), Some("br"));
        assert_eq!(script.body, b"precompressed at build time");
    }
    // A client that takes no compression gets the file itself; caches are told it varies.
    let plain = request(&server.addr, "/game.js", &[]);
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.body.starts_with(b"console.log"));
    assert_eq!(plain.header("vary"), Some("Accept-Encoding"));
    // A compressed copy that links out of the site is never sent: the file itself is.
    for encoding in ["br", "gzip"] {
        let leak = request(&server.addr, "/leak.txt", &[("Accept-Encoding", encoding)]);
        assert_eq!(leak.status, 200);
        assert_eq!(leak.header("content-encoding"), None, "{encoding}");
        assert_eq!(leak.body, b"the site's own text", "{encoding}");
    }
    // A copy without its file is not the file.
    let alone = request(&server.addr, "/alone.txt", &[("Accept-Encoding", "br")]);
    assert_eq!(alone.status, 404);
}

#[test]
fn a_wrong_site_or_a_database_inside_it_stops_the_start() {
    let data = data_dir("wrong-site");
    let empty = data.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (status, said) = refuses_to_start(&[
        "--data",
        data.to_str().unwrap(),
        "--site",
        empty.to_str().unwrap(),
    ]);
    assert!(
        !status.success() && said.contains("no index.html"),
        "{said}"
    );
    let (status, said) = refuses_to_start(&[
        "--data",
        data.join("missing").join("db").to_str().unwrap(),
        "--site",
        data.join("missing").to_str().unwrap(),
    ]);
    assert!(!status.success() && said.contains("--site"), "{said}");
    let site = site(&data);
    let (status, said) = refuses_to_start(&[
        "--data",
        site.join("db").to_str().unwrap(),
        "--site",
        site.to_str().unwrap(),
    ]);
    assert!(
        !status.success() && said.contains("inside --site"),
        "{said}"
    );
}

#[test]
fn a_wrong_origin_option_stops_the_start() {
    let data = data_dir("origin-options");
    for bad in [
        "https://embedder.example/",
        "*",
        "embedder.example",
        "https://a.example/path",
    ] {
        let (status, said) =
            refuses_to_start(&["--data", data.to_str().unwrap(), "--allow-origin", bad]);
        assert!(!status.success(), "{bad}");
        assert!(said.contains("--allow-origin"), "{said}");
    }
    let (status, said) = refuses_to_start(&[
        "--data",
        data.to_str().unwrap(),
        "--public-url",
        "https://games.example.org/",
    ]);
    assert!(!status.success() && said.contains("--public-url"), "{said}");
}

/// A page whose origin is a name pointing at the server (DNS rebinding: Origin and Host
/// both the attacker's name) is refused; the server's own address, its public URL and an
/// allowed origin are let in.
#[tokio::test]
async fn only_the_servers_own_origins_may_play() {
    let server = Server::start(
        &data_dir("rebinding"),
        &["--public-url", "https://games.example.org"],
    );
    let port = server.addr.rsplit(':').next().unwrap().to_owned();
    let attempt = |origin: String, host: String| {
        let url = format!("ws://{}/online", server.addr);
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
        request.headers_mut().insert("Host", host.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    let evil = format!("evil.example:{port}");
    assert!(attempt(format!("http://{evil}"), evil.clone())
        .await
        .is_err());
    let own = server.addr.clone();
    assert!(attempt(format!("http://{own}"), own.clone()).await.is_ok());
    let local = format!("localhost:{port}");
    assert!(attempt(format!("http://{local}"), local).await.is_ok());
    assert!(attempt(
        "https://games.example.org".into(),
        "games.example.org".into()
    )
    .await
    .is_ok());
    // The refusal says what to set.
    match attempt(format!("http://{evil}"), evil).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
            let body = String::from_utf8_lossy(response.body().as_deref().unwrap_or_default())
                .into_owned();
            assert!(body.contains("--public-url"), "{body}");
        }
        other => panic!("{other:?}"),
    }
}

/// Stops `pid` from writing past the start of any file (as a full disk would); the
/// process must ignore SIGXFSZ, which that sends.
fn fill_disk(pid: u32) {
    let limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: prlimit on another process, as root (the tests' user); only a limit changes.
    let done = unsafe {
        libc::prlimit(
            pid as libc::pid_t,
            libc::RLIMIT_FSIZE,
            &limit,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(done, 0, "prlimit: {}", std::io::Error::last_os_error());
}

/// When the store cannot commit (its disk full), `/healthz` says 503 with the reason, moves
/// are refused, the pages are closed so they reconnect, and nothing acknowledged was lost:
/// every move a page saw accepted is in the database after a restart, and no move it was
/// refused.
#[tokio::test]
async fn a_store_that_cannot_commit_is_reported_and_loses_nothing_acknowledged() {
    let data = data_dir("full");
    let server = Server::start_with(&data, &[], || {
        // SAFETY: in the child between fork and exec: a signal disposition.
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
    });
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    let mut red = Client::connect(&server).await;
    let (game, _) = red.create(7, 6, "red").await;
    let mut yellow = Client::connect(&server).await;
    yellow.join(&game).await;
    yellow.seated().await;
    red.state_of(&game).await;
    // Four moves acknowledged.
    for (number, column) in [(0, 3), (1, 3), (2, 2), (3, 2)] {
        let page = if number % 2 == 0 {
            &mut red
        } else {
            &mut yellow
        };
        page.play(&game, number, column).await;
        red.state_with(&"4433"[..number + 1]).await;
    }
    fill_disk(server.pid());
    red.play(&game, 4, 1).await;
    let mut refused = false;
    while let Some(message) = red.try_recv().await {
        match message {
            ToPage::Refused { reason, .. } => {
                assert_eq!(reason, Refusal::Restarting);
                refused = true;
            }
            ToPage::State(state) => assert_eq!(state.moves, "4433", "a move not saved was sent"),
            other => panic!("{other:?}"),
        }
    }
    assert!(refused, "the move was not refused");
    assert!(red.closed(), "the page was not closed");
    let health = request(&server.addr, "/healthz", &[]);
    assert_eq!(health.status, 503);
    let why = String::from_utf8_lossy(&health.body).into_owned();
    assert!(why.contains("cannot be saved"), "{why}");
    server.stop("KILL");
    // Every acknowledged move is there, and the refused one is not.
    let server = Server::start(&data, &[]);
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    let mut watcher = Client::connect(&server).await;
    watcher.join(&game).await;
    assert_eq!(watcher.state_of(&game).await.moves, "4433");
}

/// A database that cannot be written at all stops the start, with the reason.
#[test]
fn a_store_that_cannot_be_written_stops_the_start() {
    let data = data_dir("unwritable");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_connect-four-server"));
    command.args(["--listen", "127.0.0.1:0", "--data", data.to_str().unwrap()]);
    use std::os::unix::process::CommandExt;
    // SAFETY: in the child between fork and exec: a signal disposition and a limit.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    let output = command.output().unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(said.contains(data.to_str().unwrap()), "{said}");
}

/// A damaged database stops the start, saying so.
#[test]
fn a_damaged_database_stops_the_start() {
    let data = data_dir("damaged");
    Server::start(&data, &[]).stop("TERM");
    let path = data.join("games.sqlite");
    // Everything in the file itself, none left in the write-ahead log.
    {
        let db = rusqlite::Connection::open(&path).unwrap();
        db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 4096 * 3, "{} bytes", bytes.len());
    // The pages after the first: the tables' b-trees.
    for byte in bytes.iter_mut().skip(4096).take(4096 * 2) {
        *byte = 0x55;
    }
    std::fs::write(&path, bytes).unwrap();
    let (status, said) = refuses_to_start(&["--data", data.to_str().unwrap()]);
    assert!(!status.success());
    assert!(said.contains("games.sqlite"), "{said}");
}
