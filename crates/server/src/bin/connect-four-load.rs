//! `connect-four-load --addr 127.0.0.1:PORT --games 2000 --seconds 60`: plays that many
//! online games at once against a running server on this machine, each at one move a
//! second, and reports the time from a move sent by one player to its arrival at the
//! other (p50, p99, the slowest), the moves played and refused, and (with `--pid`) the
//! server's memory and CPU. Several `--addr` (server processes on one database): each
//! game's Red is on one and its Yellow on the next, so every move crosses processes.
//! Loopback only, and bounded in games and time.

use clap::Parser;
use connect_four::engine::{Position, Size};
use connect_four::online::{GameId, Seat, ToPage};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser)]
#[command(about = "Plays many online games at once against a local connect-four-server")]
struct Args {
    /// The server: a loopback address; again for each process of several on one
    /// database (each game's players on two of them).
    #[arg(long, required = true)]
    addr: Vec<SocketAddr>,
    /// Games played at once (two sockets each), at most 5,000.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// How long to play, at most 600 s.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A server's process id, to read its memory and CPU time from /proc (again for each
    /// process).
    #[arg(long)]
    pid: Vec<u32>,
    /// A process whose CPU time, with its children's (a database's postmaster and its
    /// backends), is reported too.
    #[arg(long)]
    cpu_tree: Vec<u32>,
    /// Games created per second while starting (the server allows 20 a minute per address
    /// unless started with a higher limit).
    #[arg(long, default_value_t = 200)]
    ramp: usize,
    /// Watchers in each game besides its two players, each on a socket of its own (at most
    /// 8): with `--idle`, what one more connection costs the server.
    #[arg(long, default_value_t = 0)]
    watchers: usize,
    /// The games are entered and then left idle (nobody moves): what an idle game costs.
    #[arg(long)]
    idle: bool,
    /// Sockets besides the games' that join games that do not exist, one after another,
    /// all the time (at most 8,000), from another address (127.0.0.2): a hostile client's
    /// load beside the games.
    #[arg(long, default_value_t = 0)]
    missing: usize,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Default)]
struct Tally {
    latencies_us: Mutex<Vec<u64>>,
    moves: AtomicU64,
    refused: AtomicU64,
    games: AtomicU64,
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU seconds `pid` has used (user and system), from /proc.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name in parentheses: state is field 3; utime and stime 14, 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Some(ticks as f64 / per_second)
}

/// CPU seconds `root` and every process below it have used.
fn tree_cpu_seconds(root: u32) -> f64 {
    let mut total = cpu_seconds(root).unwrap_or(0.0);
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return total;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let parent = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| {
                stat.rsplit_once(')')?
                    .1
                    .split_whitespace()
                    .nth(1)?
                    .parse::<u32>()
                    .ok()
            });
        if parent == Some(root) {
            total += cpu_seconds(pid).unwrap_or(0.0);
        }
    }
    total
}

async fn connect(addr: SocketAddr) -> Result<Socket, String> {
    let url = format!("ws://{addr}/online");
    let (ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

async fn next_page(ws: &mut Socket) -> Option<ToPage> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

async fn send(ws: &mut Socket, text: String) -> bool {
    ws.send(Message::Text(text.into())).await.is_ok()
}

/// Two sockets in one game: Red created it (on `addr.0`), Yellow joined (on `addr.1`).
async fn start_game(addr: (SocketAddr, SocketAddr)) -> Result<(GameId, Socket, Socket), String> {
    let mut red = connect(addr.0).await?;
    send(
        &mut red,
        r#"{"create":{"columns":7,"rows":6,"seat":"red"}}"#.into(),
    )
    .await;
    let game = match next_page(&mut red).await {
        Some(ToPage::Seated { game, .. }) => game,
        other => return Err(format!("create: {other:?}")),
    };
    let mut yellow = connect(addr.1).await?;
    send(&mut yellow, format!(r#"{{"join":{{"game":"{game}"}}}}"#)).await;
    match next_page(&mut yellow).await {
        Some(ToPage::Seated {
            seat: Seat::Yellow, ..
        }) => {}
        other => return Err(format!("join: {other:?}")),
    }
    Ok((game, red, yellow))
}

/// Reads `ws` until the game shows `moves` (or a refusal, counted).
async fn until_moves(ws: &mut Socket, moves: &str, tally: &Tally) -> Result<(), String> {
    loop {
        match next_page(ws).await {
            Some(ToPage::State(state)) if state.moves == moves => return Ok(()),
            Some(ToPage::Refused { .. }) => {
                tally.refused.fetch_add(1, Ordering::Relaxed);
                return Ok(());
            }
            Some(_) => continue,
            None => return Err("the socket closed".into()),
        }
    }
}

/// Reads `ws` until `until` (answering the server's pings), as a page that stays open.
async fn stay(mut ws: Socket, until: Instant) {
    let until = tokio::time::Instant::from_std(until);
    while let Ok(Some(Ok(_))) = tokio::time::timeout_at(until, ws.next()).await {}
}

/// `count` watchers of `game`, each on its own socket, kept open until `until`.
async fn watch(
    addr: SocketAddr,
    game: &GameId,
    count: usize,
    until: Instant,
) -> Result<(), String> {
    for _ in 0..count {
        let mut ws = connect(addr).await?;
        send(&mut ws, format!(r#"{{"join":{{"game":"{game}"}}}}"#)).await;
        match next_page(&mut ws).await {
            Some(ToPage::State(state)) if state.you == connect_four::online::Role::Watcher => {}
            other => return Err(format!("watch: {other:?}")),
        }
        tokio::spawn(stay(ws, until));
    }
    Ok(())
}

/// Plays games on one pair of sockets until `until`, one move a second (or, `idle`, holds
/// one game open without a move); `watchers` watch each game.
async fn play(
    addr: (SocketAddr, SocketAddr),
    tally: Arc<Tally>,
    until: Instant,
    seed: u64,
    (watchers, idle): (usize, bool),
) -> Result<(), String> {
    let mut seed = seed | 1;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut game, mut red, mut yellow) = start_game(addr).await?;
    tally.games.fetch_add(1, Ordering::Relaxed);
    watch(addr.1, &game, watchers, until).await?;
    if idle {
        tokio::join!(stay(red, until), stay(yellow, until));
        return Ok(());
    }
    let mut position = Position::empty(Size::CLASSIC);
    // Each game keeps its own second: players do not all move at the same instant.
    let phase = Duration::from_millis(random(1000) as u64);
    let start = tokio::time::Instant::now() + phase;
    let mut tick = tokio::time::interval_at(start, Duration::from_secs(1));
    while Instant::now() < until {
        tick.tick().await;
        if position.is_over() {
            // A new game on the same sockets.
            drop((red, yellow));
            (game, red, yellow) = start_game(addr).await?;
            tally.games.fetch_add(1, Ordering::Relaxed);
            watch(addr.1, &game, watchers, until).await?;
            position = Position::empty(Size::CLASSIC);
            continue;
        }
        let open: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
        let column = open[random(open.len())];
        let number = position.move_count();
        let (mover, other) = if number % 2 == 0 {
            (&mut red, &mut yellow)
        } else {
            (&mut yellow, &mut red)
        };
        let sent = Instant::now();
        let message =
            format!(r#"{{"move":{{"game":"{game}","number":{number},"column":{column}}}}}"#);
        if !send(mover, message).await {
            return Err("the socket closed".into());
        }
        position.play(column).map_err(|e| e.to_string())?;
        let moves = position.moves_string();
        // The other player's page: the move's arrival.
        until_moves(other, &moves, &tally).await?;
        let took = sent.elapsed().as_micros() as u64;
        tally
            .latencies_us
            .lock()
            .map_err(|e| e.to_string())?
            .push(took);
        tally.moves.fetch_add(1, Ordering::Relaxed);
        // The mover's acknowledgement.
        until_moves(mover, &moves, &tally).await?;
    }
    Ok(())
}

/// A socket from 127.0.0.2: another address than the games' (127.0.0.1), as a hostile
/// client's would be.
async fn connect_from_another(addr: SocketAddr) -> Result<Socket, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind("127.0.0.2:0".parse().map_err(|_| "an address")?)
        .map_err(|e| e.to_string())?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let url = format!("ws://{addr}/online");
    let (ws, _) =
        tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
            .await
            .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Joins games that do not exist on one socket (from 127.0.0.2) until `until`, each as
/// soon as the last was answered; counts the answers.
async fn join_missing(addr: SocketAddr, until: Instant, seed: u64, answers: Arc<AtomicU64>) {
    let Ok(mut ws) = connect_from_another(addr).await else {
        return;
    };
    let mut id = seed;
    while Instant::now() < until {
        id = id
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if !send(&mut ws, format!(r#"{{"join":{{"game":"{id:016x}"}}}}"#)).await {
            return;
        }
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, next_page(&mut ws)).await {
            Ok(Some(_)) => {
                answers.fetch_add(1, Ordering::Relaxed);
            }
            _ => return,
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at] as f64 / 1000.0
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if args.addr.iter().any(|a| !a.ip().is_loopback())
        || args.games > 5000
        || args.seconds > 600
        || args.watchers > 8
        || args.missing > 8000
    {
        eprintln!(
            "connect-four-load: a loopback address, at most 5,000 games, 8 watchers, 8,000 \
             missing joiners and 600 s"
        );
        return std::process::ExitCode::FAILURE;
    }
    connect_four_server::raise_file_limit();
    let before: Vec<Option<u64>> = args.pid.iter().map(|&pid| rss_kib(pid)).collect();
    let tally = Arc::new(Tally::default());
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let mut players = tokio::task::JoinSet::new();
    let started = Instant::now();
    for i in 0..args.games {
        if i > 0 && i % args.ramp.max(1) == 0 {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        let tally = tally.clone();
        let seed = 0x9e37_79b9 + i as u64;
        let n = args.addr.len();
        players.spawn(play(
            (args.addr[i % n], args.addr[(i + 1) % n]),
            tally,
            until,
            seed,
            (args.watchers, args.idle),
        ));
    }
    let ramp = started.elapsed();
    // CPU time from the end of the ramp to the end of play: the games held.
    let cpu_start = Instant::now();
    let cpu_before: Vec<f64> = args
        .pid
        .iter()
        .map(|&pid| cpu_seconds(pid).unwrap_or(0.0))
        .collect();
    let tree_before: Vec<f64> = args
        .cpu_tree
        .iter()
        .map(|&pid| tree_cpu_seconds(pid))
        .collect();
    let answers = Arc::new(AtomicU64::new(0));
    for i in 0..args.missing {
        tokio::spawn(join_missing(
            args.addr[i % args.addr.len()],
            until,
            0x5eed + i as u64,
            answers.clone(),
        ));
    }
    // Each server's memory at its highest while the games are played.
    let peaks: Arc<Vec<AtomicU64>> = Arc::new(args.pid.iter().map(|_| AtomicU64::new(0)).collect());
    {
        let (peaks, pids) = (peaks.clone(), args.pid.clone());
        tokio::spawn(async move {
            loop {
                for (peak, &pid) in peaks.iter().zip(&pids) {
                    if let Some(kib) = rss_kib(pid) {
                        peak.fetch_max(kib, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
    }
    // The CPU measured up to the end of play, before the sockets close.
    let (pids, trees) = (args.pid.clone(), args.cpu_tree.clone());
    let cpu = tokio::spawn(async move {
        tokio::time::sleep_until(tokio::time::Instant::from_std(until)).await;
        let seconds = cpu_start.elapsed().as_secs_f64();
        let used: Vec<f64> = pids
            .iter()
            .zip(&cpu_before)
            .map(|(&pid, before)| cpu_seconds(pid).unwrap_or(0.0) - before)
            .collect();
        let tree: Vec<f64> = trees
            .iter()
            .zip(&tree_before)
            .map(|(&pid, before)| tree_cpu_seconds(pid) - before)
            .collect();
        (seconds, used, tree)
    });
    let mut failed = 0;
    while let Some(result) = players.join_next().await {
        if let Ok(Err(e)) | Err(e) = result.map_err(|e| e.to_string()) {
            failed += 1;
            if failed <= 5 {
                eprintln!("a game failed: {e}");
            }
        }
    }
    let mut latencies = tally
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    latencies.sort_unstable();
    let moves = tally.moves.load(Ordering::Relaxed);
    let sockets = args.games * (2 + args.watchers);
    println!(
        "games at once: {} ({sockets} sockets{}), {} s (ramp {:.1} s)",
        args.games,
        if args.idle { ", idle" } else { "" },
        args.seconds,
        ramp.as_secs_f64()
    );
    println!(
        "games played: {}, moves: {moves} ({:.0} a second), refused: {}, pairs failed: {failed}",
        tally.games.load(Ordering::Relaxed),
        moves as f64 / args.seconds as f64,
        tally.refused.load(Ordering::Relaxed)
    );
    println!(
        "move to the other page: p50 {:.2} ms, p99 {:.2} ms, slowest {:.2} ms",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().map_or(0.0, |&l| l as f64 / 1000.0)
    );
    if args.missing > 0 {
        println!(
            "joins of missing games: {} sockets, {} answered ({:.0} a second)",
            args.missing,
            answers.load(Ordering::Relaxed),
            answers.load(Ordering::Relaxed) as f64 / args.seconds as f64
        );
    }
    for ((pid, before), peak) in args.pid.iter().zip(&before).zip(peaks.iter()) {
        let during = peak.load(Ordering::Relaxed);
        if let Some(before) = before.filter(|_| during > 0) {
            println!(
                "server {pid} memory: {before} KiB before, at most {during} KiB with {} games and {sockets} sockets ({:.1} KiB a game with its {} sockets, over {} processes)",
                args.games,
                (during.saturating_sub(before)) as f64 / args.games as f64,
                2 + args.watchers,
                args.pid.len()
            );
        }
    }
    if let Ok((seconds, used, tree)) = cpu.await {
        for (pid, used) in args.pid.iter().zip(used) {
            println!(
                "server {pid} CPU: {:.0}% of a core ({used:.1} s in {seconds:.0} s)",
                100.0 * used / seconds
            );
        }
        for (pid, used) in args.cpu_tree.iter().zip(tree) {
            println!(
                "process {pid} and its children CPU: {:.0}% of a core ({used:.1} s in {seconds:.0} s)",
                100.0 * used / seconds
            );
        }
    }
    if failed > 0 {
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
