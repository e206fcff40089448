//! `connect-four-server --listen 127.0.0.1:8080 --data DIR --site dist`: the game's site and
//! its online play (see docs/online.md).

use clap::Parser;
use connect_four_server::{run, Config};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    version,
    about = "The Connect Four game's server: its site and online play"
)]
struct Args {
    /// The address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The directory of the games' database (created if missing).
    #[arg(long)]
    data: PathBuf,
    /// The built site to serve at / (Trunk's dist/).
    #[arg(long)]
    site: Option<PathBuf>,
    /// An origin whose pages may play here besides the site's own (repeat for more):
    /// https://example.com
    #[arg(long = "allow-origin")]
    allow_origins: Vec<String>,
    /// The origin this server's pages are served from, when it is not the address it
    /// listens on (behind a proxy, under a name): https://games.example.org
    #[arg(long)]
    public_url: Option<String>,
    /// Seconds a finished game is kept.
    #[arg(long, default_value_t = Config::FINISHED_TTL.as_secs())]
    finished_ttl: u64,
    /// Seconds a game nobody touches is kept.
    #[arg(long, default_value_t = Config::IDLE_TTL.as_secs())]
    idle_ttl: u64,
    /// The most games one address may create in a minute.
    #[arg(long, default_value_t = connect_four_server::hub::GAMES_PER_MINUTE)]
    games_per_minute: u32,
    /// The most connections open at once (WebSockets included).
    #[arg(long, default_value_t = Config::MAX_CONNECTIONS)]
    max_connections: usize,
    /// The most connections open at once from one address (an IPv6 address by its /64).
    #[arg(long, default_value_t = Config::MAX_PER_ADDRESS)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's head; also how long a kept-alive
    /// connection may sit idle.
    #[arg(long, default_value_t = Config::HEADER_TIMEOUT.as_secs())]
    header_timeout: u64,
    /// For tests: milliseconds a player must be away on their turn before a claim (the
    /// page counts with the default).
    #[arg(long, hide = true, default_value_t = connect_four::online::CLAIM_AFTER_MS)]
    claim_after_ms: u64,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let config = Config {
        listen: args.listen,
        data: args.data,
        site: args.site,
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
        claim_after: Duration::from_millis(args.claim_after_ms),
    };
    connect_four_server::raise_file_limit();
    let ready = |addr: SocketAddr| {
        use std::io::Write;
        let _ = writeln!(
            std::io::stdout(),
            "connect-four-server: listening on http://{addr}"
        );
    };
    match run(config, ready).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            connect_four_server::log!("{e}");
            std::process::ExitCode::FAILURE
        }
    }
}
