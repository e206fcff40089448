//! `connect-four-server --listen 127.0.0.1:8080 --data DIR`: the game's site and its online
//! play (see docs/online.md and docs/deploy.md); `connect-four-server backup --data DIR
//! FILE`: a consistent copy of the games while it runs. Every option can also come from
//! the environment variable named in `--help` (`CONNECT_FOUR_LISTEN`, …).

use clap::{Parser, Subcommand};
use connect_four_server::obs::LogFormat;
use connect_four_server::{run, Config, MetricsAt};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    version = connect_four_server::VERSION,
    about = "The Connect Four game's server: its site and online play",
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: Serve,
}

#[derive(Subcommand)]
enum Command {
    /// Writes a consistent copy of the games' database to FILE with SQLite's online
    /// backup, while the server runs (a copy of games.sqlite alone misses what is still
    /// in its write-ahead log). Restore: stop the server, put FILE in --data as
    /// games.sqlite (removing games.sqlite-wal and games.sqlite-shm), start it.
    Backup {
        /// The directory of the games' database.
        #[arg(long, env = "CONNECT_FOUR_DATA")]
        data: PathBuf,
        /// Where the copy goes (replaced if it exists, once the copy is whole).
        file: PathBuf,
    },
}

#[derive(clap::Args)]
struct Serve {
    /// The address to listen on (port 0: any free port; the address is printed). 0.0.0.0
    /// or [::] for every interface.
    #[arg(long, env = "CONNECT_FOUR_LISTEN", default_value = "127.0.0.1:8080", value_parser = listen_address)]
    listen: SocketAddr,
    /// The directory of the games' database (created if missing).
    #[arg(
        long,
        env = "CONNECT_FOUR_DATA",
        required_unless_present = "database_url",
        conflicts_with = "database_url"
    )]
    data: Option<PathBuf>,
    /// A PostgreSQL database for the games instead of --data
    /// (postgres://user:password@host:port/name); its tables are made when the server
    /// starts. Any number of server processes may share one, each serving every game.
    #[arg(long, env = "DATABASE_URL")]
    database_url: Option<String>,
    /// The built site to serve at / (Trunk's dist/), instead of the one built into this
    /// binary (release builds made with the site have one).
    #[arg(long, env = "CONNECT_FOUR_SITE")]
    site: Option<PathBuf>,
    /// Serve online play only, no site (not even the built-in one).
    #[arg(long, env = "CONNECT_FOUR_NO_SITE", conflicts_with = "site")]
    no_site: bool,
    /// An origin whose pages may play here besides the site's own (repeat for more; in
    /// the environment, separated by commas): https://example.com
    #[arg(
        long = "allow-origin",
        env = "CONNECT_FOUR_ALLOW_ORIGIN",
        value_delimiter = ','
    )]
    allow_origins: Vec<String>,
    /// The origin this server's pages are served from, when it is not the address it
    /// listens on (behind a proxy, under a name): https://games.example.org
    #[arg(long, env = "CONNECT_FOUR_PUBLIC_URL")]
    public_url: Option<String>,
    /// A reverse proxy (an address or a CIDR block) whose X-Forwarded-For or Forwarded
    /// header names the client (repeat for more; in the environment, separated by commas).
    /// Without it, those headers are ignored.
    #[arg(long, env = "CONNECT_FOUR_TRUST_PROXY", value_delimiter = ',')]
    trust_proxy: Vec<String>,
    /// Where /metrics (Prometheus' text format) is served: on (at this address), off, or
    /// an address of its own such as 127.0.0.1:9100.
    #[arg(long, env = "CONNECT_FOUR_METRICS", default_value = "on")]
    metrics: MetricsAt,
    /// The log's format on stderr.
    #[arg(
        long,
        env = "CONNECT_FOUR_LOG_FORMAT",
        value_enum,
        default_value = "text"
    )]
    log_format: LogFormat,
    /// The log's level (error, warn, info, debug), or a tracing filter.
    #[arg(long, env = "CONNECT_FOUR_LOG_LEVEL", default_value = "info")]
    log_level: String,
    /// Seconds a finished game is kept.
    #[arg(long, env = "CONNECT_FOUR_FINISHED_TTL", default_value_t = Config::FINISHED_TTL.as_secs())]
    finished_ttl: u64,
    /// Seconds a game nobody touches is kept.
    #[arg(long, env = "CONNECT_FOUR_IDLE_TTL", default_value_t = Config::IDLE_TTL.as_secs())]
    idle_ttl: u64,
    /// The most games one address may create in a minute.
    #[arg(long, env = "CONNECT_FOUR_GAMES_PER_MINUTE", default_value_t = connect_four_server::hub::GAMES_PER_MINUTE)]
    games_per_minute: u32,
    /// The most connections open at once (WebSockets included).
    #[arg(long, env = "CONNECT_FOUR_MAX_CONNECTIONS", default_value_t = Config::MAX_CONNECTIONS)]
    max_connections: usize,
    /// The most connections open at once from one address (an IPv6 address by its /64;
    /// behind a trusted proxy, each client's WebSockets).
    #[arg(long, env = "CONNECT_FOUR_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = Config::MAX_PER_ADDRESS)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's head; also how long a kept-alive
    /// connection may sit idle.
    #[arg(long, env = "CONNECT_FOUR_HEADER_TIMEOUT", default_value_t = Config::HEADER_TIMEOUT.as_secs())]
    header_timeout: u64,
    /// For tests: milliseconds a player must be away on their turn before a claim (the
    /// page counts with the default).
    #[arg(long, hide = true, default_value_t = connect_four::online::CLAIM_AFTER_MS)]
    claim_after_ms: u64,
    /// For tests: milliseconds a process's lease on its players lasts unless renewed.
    #[arg(long, hide = true, default_value_t = connect_four_server::store::LEASE.as_millis() as u64)]
    lease_ms: u64,
}

/// `--listen`'s value: an address and port (`0.0.0.0:8080`, `[::1]:8080`), or a name and
/// port (`localhost:8080`: the first address the name has).
fn listen_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(addr) = text.parse() {
        return Ok(addr);
    }
    let mut found = text
        .to_socket_addrs()
        .map_err(|e| format!("expected an address and a port, such as 127.0.0.1:8080 ({e})"))?;
    found
        .next()
        .ok_or_else(|| format!("{text} names no address"))
}

fn fail(why: &str) -> std::process::ExitCode {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "connect-four-server: {why}");
    std::process::ExitCode::FAILURE
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if let Some(Command::Backup { data, file }) = args.command {
        return match connect_four_server::store::backup(&data, &file) {
            Ok(b) => {
                println!(
                    "connect-four-server: backed up {} games and {} moves to {} ({} bytes)",
                    b.games,
                    b.moves,
                    file.display(),
                    b.bytes
                );
                std::process::ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("backup: {e}")),
        };
    }
    let args = args.serve;
    if let Err(e) = connect_four_server::obs::init_logs(args.log_format, &args.log_level) {
        return fail(&e);
    }
    let trust_proxy = match connect_four_server::proxy::Trusted::parse(&args.trust_proxy) {
        Ok(trusted) => trusted,
        Err(e) => return fail(&e),
    };
    let site = match (args.no_site, args.site) {
        (true, _) => connect_four_server::SiteFrom::None,
        (false, Some(dir)) => connect_four_server::SiteFrom::Dir(dir),
        (false, None) => connect_four_server::SiteFrom::BuiltIn,
    };
    let config = Config {
        listen: args.listen,
        data: args.data.unwrap_or_default(),
        database_url: args.database_url,
        site,
        allow_origins: args.allow_origins,
        public_url: args.public_url,
        finished_ttl: Duration::from_secs(args.finished_ttl),
        idle_ttl: Duration::from_secs(args.idle_ttl),
        games_per_minute: args.games_per_minute,
        limits: connect_four_server::http::Limits {
            total: args.max_connections,
            per_address: args.max_connections_per_address,
            header_timeout: Duration::from_secs(args.header_timeout.max(1)),
            grace: Config::GRACE,
        },
        trust_proxy,
        metrics: args.metrics,
        claim_after: Duration::from_millis(args.claim_after_ms),
        lease: Duration::from_millis(args.lease_ms.max(30)),
    };
    connect_four_server::raise_file_limit();
    let ready = |addr: SocketAddr| {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "connect-four-server: listening on http://{addr}");
        // On every interface: the addresses another device on the network can open.
        if addr.ip().is_unspecified() {
            for ip in connect_four_server::reachable_addresses(addr.ip().is_ipv6()) {
                let shown = SocketAddr::new(ip, addr.port());
                let _ = writeln!(out, "connect-four-server: on this network: http://{shown}");
            }
        }
        let _ = out.flush();
    };
    match run(config, ready).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            std::process::ExitCode::FAILURE
        }
    }
}
