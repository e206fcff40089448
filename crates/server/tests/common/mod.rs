//! What the server's tests share: the server as a process, and a WebSocket client.

#![allow(dead_code)] // each test file uses its own part

pub mod nginx;
pub mod postgres;

use connect_four::online::{GameId, GameState, Refusal, Seat, Secret, ToPage};
use futures_util::{SinkExt, StreamExt};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for a message before it fails (a hang, not a speed limit).
const PATIENCE: Duration = Duration::from_secs(30);

pub struct Server {
    child: Child,
    pub addr: String,
    pub data: PathBuf,
}

impl Server {
    pub fn start(data: &std::path::Path, extra: &[&str]) -> Server {
        Server::start_with(data, extra, || {})
    }

    /// The server, with `before_exec` run in its process before it starts (a limit). Its
    /// log goes to `server.log` beside the data folder: a file, as a host's log is, so a
    /// limit on files applies to it too.
    pub fn start_with(
        data: &std::path::Path,
        extra: &[&str],
        before_exec: impl Fn() + Send + Sync + 'static,
    ) -> Server {
        let mut args = vec!["--listen", "127.0.0.1:0", "--data", data.to_str().unwrap()];
        args.extend(extra);
        Server::spawn(data, &args, &[], before_exec)
    }

    /// The server started with exactly `args` and the environment variables `env`; its
    /// log goes to `data`'s `.log` file.
    pub fn spawn(
        data: &std::path::Path,
        args: &[&str],
        env: &[(&str, &str)],
        before_exec: impl Fn() + Send + Sync + 'static,
    ) -> Server {
        use std::os::unix::process::CommandExt;
        let mut command = Command::new(env!("CARGO_BIN_EXE_connect-four-server"));
        command
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(
                std::fs::File::create(data.with_extension("log"))
                    .map(Stdio::from)
                    .unwrap_or_else(|_| Stdio::inherit()),
            );
        // SAFETY: `before_exec` only sets limits and signal dispositions.
        unsafe {
            command.pre_exec(move || {
                before_exec();
                Ok(())
            });
        }
        let mut child = command.spawn().expect("the server starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .rsplit("http://")
            .next()
            .expect("the server says where it listens")
            .to_owned();
        Server {
            child,
            addr,
            data: data.to_path_buf(),
        }
    }

    /// Stops the server with `signal` (`TERM` or `KILL`) and waits for it.
    pub fn stop(mut self, signal: &str) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        Command::new("kill")
            .args(["-s", signal, &pid])
            .status()
            .unwrap();
        self.child.wait().unwrap()
    }
}

impl Server {
    /// Sends `signal` and waits for the process to end: its exit status, and how long it
    /// took (for the record). Fails the test if it is still running after the test's
    /// patience: a server that hangs on a signal is the fault being tested.
    pub fn stop_within_patience(mut self, signal: &str) -> (std::process::ExitStatus, Duration) {
        let pid = self.child.id().to_string();
        let start = std::time::Instant::now();
        Command::new("kill")
            .args(["-s", signal, &pid])
            .status()
            .unwrap();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, start.elapsed());
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the server is still running {PATIENCE:?} after SIG{signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// A raw TCP connection to the server from `from` (a loopback address: 127.0.0.2 is
/// another client), for what a WebSocket library would not send.
pub fn raw(server: &Server, from: &str) -> std::net::TcpStream {
    let socket = connect_from(from, &server.addr);
    socket
        .set_read_timeout(Some(PATIENCE))
        .expect("a read timeout");
    socket
}

fn connect_from(from: &str, to: &str) -> std::net::TcpStream {
    // std has no bind-then-connect: tokio's TcpSocket does it, on a one-off runtime.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket
            .bind(format!("{from}:0").parse().unwrap())
            .expect("bind a loopback address");
        let stream = socket.connect(to.parse().unwrap()).await.expect("connect");
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    })
}

/// Whether the server closed `stream`: its read ends (EOF or a reset) within the test's
/// patience, rather than timing out.
pub fn closed_by_server(stream: &mut std::net::TcpStream) -> bool {
    use std::io::Read;
    stream.set_nonblocking(false).unwrap();
    let mut buffer = [0; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

/// A whole GET of `path` on `stream`, and the status line of the answer.
pub fn get(stream: &mut std::net::TcpStream, path: &str) -> String {
    use std::io::{Read, Write};
    write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0; 4096];
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut buffer).expect("an answer");
        assert!(n > 0, "the connection closed without an answer");
        answer.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// What a server answered: its status, its headers (names in lower case) and its body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A GET of `path` with `headers` (and `Connection: close`), read to its end.
pub fn request(addr: &str, path: &str, headers: &[(&str, &str)]) -> Answer {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    let mut ask = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        ask.push_str(&format!("{name}: {value}\r\n"));
    }
    ask.push_str("\r\n");
    stream.write_all(ask.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("an answer");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    // A chunked body, unchunked.
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v == "chunked");
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap().trim(), 16)
                .unwrap();
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[end + 2..end + 2 + size]);
            rest = &rest[end + 2 + size + 2..];
        }
        body = out;
    }
    Answer {
        status,
        headers,
        body,
    }
}

/// Runs the server with `args` expecting it to refuse to start: its exit status and
/// what it wrote to stderr.
pub fn refuses_to_start(args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect-four-server"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server runs");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the server started with {args:?}, and is still running");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    (status, said)
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of the metric `name` (with its labels, as written) in Prometheus' `text`.
pub fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .and_then(|v| v.parse().ok())
}

/// A small random generator (xorshift), seeded, so a failure can be replayed.
pub struct Random(pub u64);

impl Random {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The server closed the connection (rather than the test's patience running out).
    closed: bool,
}

impl Client {
    pub async fn connect(server: &Server) -> Client {
        Client::try_connect(&server.addr).await.unwrap()
    }

    pub async fn try_connect(addr: &str) -> Result<Client, String> {
        Client::try_connect_with(addr, "/online", &[]).await
    }

    /// A WebSocket to `path` (with its query) on `addr`, its request carrying `headers`.
    pub async fn try_connect_with(
        addr: &str,
        path: &str,
        headers: &[(&'static str, &str)],
    ) -> Result<Client, String> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}{path}")
            .into_client_request()
            .map_err(|e| e.to_string())?;
        for (name, value) in headers {
            request
                .headers_mut()
                .append(*name, value.parse().map_err(|_| "a bad header".to_owned())?);
        }
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Client { ws, closed: false })
    }

    /// A WebSocket to `url` over `stream`, a connection made by the test (from an address
    /// of its choosing, say).
    pub async fn over(stream: TcpStream, url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
        Client { ws, closed: false }
    }

    /// A client with a small receive buffer, which stops reading until told: a slow page.
    pub async fn connect_small(server: &Server) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let stream = socket.connect(server.addr.parse().unwrap()).await.unwrap();
        let url = format!("ws://{}/online", server.addr);
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
        Client { ws, closed: false }
    }

    /// Whether the server closed the connection.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Reads all there is until the server closes the connection: true if it did within
    /// the test's patience (pings would keep an open one going for ever).
    pub async fn drained(&mut self) -> bool {
        let drain = async { while self.try_recv().await.is_some() {} };
        tokio::time::timeout(PATIENCE, drain).await.is_ok() && self.closed
    }

    /// The next message, or `None` once the connection is gone.
    pub async fn try_recv(&mut self) -> Option<ToPage> {
        // The patience counts to a message: the server's pings alone do not renew it.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()?;
            let Some(Ok(frame)) = frame else {
                self.closed = true;
                return None;
            };
            if let Message::Close(_) = frame {
                self.closed = true;
            }
            if let Message::Text(text) = frame {
                return serde_json::from_str(text.as_str()).ok();
            }
        }
    }

    async fn try_send(&mut self, text: String) -> Option<()> {
        self.ws.send(Message::Text(text.into())).await.ok()
    }

    pub async fn try_send_text(&mut self, text: &str) -> Option<()> {
        self.try_send(text.to_owned()).await
    }

    /// Sends a ping (`ping`) or a small binary frame: `None` once the connection is gone.
    pub async fn try_flood(&mut self, ping: bool) -> Option<()> {
        let frame = match ping {
            true => Message::Ping(vec![1].into()),
            false => Message::Binary(vec![1, 2, 3].into()),
        };
        self.ws.send(frame).await.ok()
    }

    /// Resumes the seat `secret` holds: `None` if the connection is gone or refused.
    pub async fn try_resume(&mut self, game: &GameId, secret: &Secret) -> Option<()> {
        let secret = secret.as_str();
        self.try_send(format!(
            r#"{{"resume":{{"game":"{game}","secret":"{secret}"}}}}"#
        ))
        .await?;
        loop {
            match self.try_recv().await? {
                ToPage::State(state) if &state.game == game => return Some(()),
                ToPage::Refused { .. } => return None,
                _ => continue,
            }
        }
    }

    pub async fn try_play(&mut self, game: &GameId, number: usize, column: usize) -> Option<()> {
        self.try_send(format!(
            r#"{{"move":{{"game":"{game}","number":{number},"column":{column}}}}}"#
        ))
        .await
    }

    pub async fn send(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::Binary(bytes.into())).await.unwrap();
    }

    /// The next message from the server (pings aside).
    pub async fn recv(&mut self) -> ToPage {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a message within the test's patience")
                .expect("the connection is open")
                .unwrap();
            if let Message::Text(text) = frame {
                return serde_json::from_str(text.as_str()).unwrap();
            }
        }
    }

    pub async fn state(&mut self) -> GameState {
        match self.recv().await {
            ToPage::State(state) => state,
            other => panic!("expected the game's state, got {other:?}"),
        }
    }

    /// The next state of `game`, past those of others.
    pub async fn state_of(&mut self, game: &GameId) -> GameState {
        loop {
            let state = self.state().await;
            if &state.game == game {
                return state;
            }
        }
    }

    /// The next state whose moves are `moves`, past any others (presence changes).
    pub async fn state_with(&mut self, moves: &str) -> GameState {
        loop {
            let state = self.state().await;
            if state.moves == moves {
                return state;
            }
        }
    }

    pub async fn refused(&mut self) -> Refusal {
        loop {
            match self.recv().await {
                ToPage::Refused { reason, .. } => return reason,
                ToPage::State(_) => continue,
                other => panic!("expected a refusal, got {other:?}"),
            }
        }
    }

    pub async fn seated(&mut self) -> (GameId, Seat, Secret) {
        match self.recv().await {
            ToPage::Seated { game, seat, secret } => (game, seat, secret),
            other => panic!("expected a seat, got {other:?}"),
        }
    }

    pub async fn create(&mut self, columns: u8, rows: u8, seat: &str) -> (GameId, Secret) {
        self.send(&format!(
            r#"{{"create":{{"columns":{columns},"rows":{rows},"seat":"{seat}"}}}}"#
        ))
        .await;
        let (game, _, secret) = self.seated().await;
        self.state().await;
        (game, secret)
    }

    pub async fn join(&mut self, game: &GameId) {
        self.send(&format!(r#"{{"join":{{"game":"{game}"}}}}"#))
            .await;
    }

    pub async fn resume(&mut self, game: &GameId, secret: &Secret) {
        let secret = secret.as_str();
        self.send(&format!(
            r#"{{"resume":{{"game":"{game}","secret":"{secret}"}}}}"#
        ))
        .await;
    }

    pub async fn play(&mut self, game: &GameId, number: usize, column: usize) {
        self.send(&format!(
            r#"{{"move":{{"game":"{game}","number":{number},"column":{column}}}}}"#
        ))
        .await;
    }
}
