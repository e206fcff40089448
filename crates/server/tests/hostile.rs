//! What a hostile client does to the server's HTTP side, against the real binary: requests
//! sent by half, connections held idle, many connections from one address, and a stop
//! signal while all that goes on.

mod common;

use common::{closed_by_server, data_dir, get, raw, Server};
use std::io::Write;

/// A request whose head never ends is closed after the head's time limit, and so is a
/// kept-alive connection left idle; a whole request is answered.
#[test]
fn a_half_sent_request_and_an_idle_connection_are_closed() {
    let server = Server::start(&data_dir("half-sent"), &["--header-timeout", "1"]);
    let mut half = raw(&server, "127.0.0.1");
    half.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        .unwrap();
    let mut idle = raw(&server, "127.0.0.1");
    assert!(get(&mut idle, "/healthz").starts_with("HTTP/1.1 200"));
    assert!(
        closed_by_server(&mut half),
        "the half-sent request is closed"
    );
    assert!(closed_by_server(&mut idle), "the idle connection is closed");
}

/// A request's head over the limit (16 KB) is refused, not held: 96 KB of an unfinished
/// head, which the default limit (about 400 KB) would keep reading and holding.
#[test]
fn a_huge_head_is_refused() {
    let server = Server::start(&data_dir("huge-head"), &[]);
    let mut huge = raw(&server, "127.0.0.1");
    let header = format!("X-Big: {}\r\n", "a".repeat(8_000));
    let _ = write!(huge, "GET / HTTP/1.1\r\nHost: localhost\r\n");
    for _ in 0..12 {
        if huge.write_all(header.as_bytes()).is_err() {
            break;
        }
    }
    assert!(closed_by_server(&mut huge), "the connection is closed");
}

/// SIGTERM ends the server while a client holds a half-sent request (its head's time
/// limit is far off) and another an idle connection: neither keeps it running.
#[test]
fn sigterm_finishes_whatever_the_clients_do() {
    let server = Server::start(&data_dir("sigterm"), &["--header-timeout", "600"]);
    let mut half = raw(&server, "127.0.0.1");
    half.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    let mut idle = raw(&server, "127.0.0.2");
    assert!(get(&mut idle, "/healthz").starts_with("HTTP/1.1 200"));
    let (status, took) = server.stop_within_patience("TERM");
    println!("SIGTERM with a half-sent request and an idle connection: {took:?}");
    assert!(status.success(), "{status}");
    assert!(closed_by_server(&mut half));
}

/// Connections are capped from one address and in all: one over a cap is closed at once,
/// and those already open are served.
#[test]
fn connections_are_capped_per_address_and_in_total() {
    let server = Server::start(
        &data_dir("caps"),
        &[
            "--max-connections-per-address",
            "3",
            "--max-connections",
            "5",
            "--header-timeout",
            "600",
        ],
    );
    let mut first: Vec<_> = (0..3).map(|_| raw(&server, "127.0.0.1")).collect();
    // Each is open (a request on the first answers) before the next comes.
    assert!(get(&mut first[0], "/healthz").starts_with("HTTP/1.1 200"));
    let mut fourth = raw(&server, "127.0.0.1");
    assert!(closed_by_server(&mut fourth), "a fourth from one address");
    let mut other: Vec<_> = (0..2).map(|_| raw(&server, "127.0.0.2")).collect();
    assert!(get(&mut other[1], "/healthz").starts_with("HTTP/1.1 200"));
    let mut sixth = raw(&server, "127.0.0.3");
    assert!(closed_by_server(&mut sixth), "a sixth in all");
    // Those open are still served, and a place freed is taken again.
    assert!(get(&mut first[2], "/healthz").starts_with("HTTP/1.1 200"));
    drop(first.pop());
    let mut again = loop {
        let mut next = raw(&server, "127.0.0.3");
        if get_or_closed(&mut next) {
            break next;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(get(&mut again, "/healthz").starts_with("HTTP/1.1 200"));
}

/// A GET that is answered (true), or a connection the server closed (false): the place
/// freed by a dropped connection is given back when the server sees it go.
fn get_or_closed(stream: &mut std::net::TcpStream) -> bool {
    use std::io::Read;
    if write!(stream, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n").is_err() {
        return false;
    }
    let mut buffer = [0; 1024];
    matches!(stream.read(&mut buffer), Ok(n) if n > 0)
}
