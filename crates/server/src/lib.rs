//! The online game's server: the built site at `/`, the game's WebSocket at `/online`, and
//! `/healthz`. Games live in SQLite under `--data` ([`store`]); each game in memory is one
//! task that owns its state ([`game`]); the [`hub`] finds or loads a game's task; each page's
//! socket is checked frame by frame ([`socket`]). See docs/online.md.

/// The response header that names the game's WebSocket path, relative to the site.
pub const ONLINE_HEADER: &str = "x-connect-four-online";

pub mod game;
pub mod http;
pub mod hub;
pub mod socket;
pub mod store;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Extension;
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// What the server is started with.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    /// Where the database lives.
    pub data: PathBuf,
    /// The built site (Trunk's `dist/`), if it serves one.
    pub site: Option<PathBuf>,
    /// Origins other than the site's own whose pages may play (embedders'): `https://host`.
    pub allow_origins: Vec<String>,
    /// Finished games are deleted after this long.
    pub finished_ttl: Duration,
    /// Games nobody touched are deleted after this long.
    pub idle_ttl: Duration,
    /// The most games one address may create in a minute.
    pub games_per_minute: u32,
    /// The limits on connections.
    pub limits: http::Limits,
    /// How long a player must be away on their own turn before the other may claim the
    /// win ([`connect_four::online::CLAIM_AFTER_MS`], which the page counts with, unless a
    /// test says otherwise).
    pub claim_after: Duration,
}

impl Config {
    /// One day for a finished game, a week for one nobody has touched.
    pub const FINISHED_TTL: Duration = Duration::from_secs(24 * 3600);
    pub const IDLE_TTL: Duration = Duration::from_secs(7 * 24 * 3600);
    /// Connections a small server holds in all, and from one address (a household behind
    /// one router, a school: each player is one connection).
    pub const MAX_CONNECTIONS: usize = 4096;
    pub const MAX_PER_ADDRESS: usize = 64;
    /// Seconds a client has to send a request's head (and a kept-alive connection may
    /// idle between requests).
    pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
    /// How long the connections have to finish when the server stops.
    pub const GRACE: Duration = Duration::from_secs(3);
}

#[derive(Clone)]
struct App {
    hub: hub::Hub,
    stopping: watch::Receiver<bool>,
    allow_origins: Vec<String>,
}

/// Whether a page from `origin` may use the game's socket at `host`: the site's own pages,
/// those of an allowed origin, and clients that are not pages (no `Origin`).
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let own = host.is_some_and(|host| {
        origin == format!("http://{host}") || origin == format!("https://{host}")
    });
    own || allowed.iter().any(|a| a == origin)
}

async fn online(
    State(app): State<App>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Extension(place): Extension<Arc<http::Place>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &app.allow_origins) {
        return (
            StatusCode::FORBIDDEN,
            "this origin may not play here: start the server with --allow-origin for it",
        )
            .into_response();
    }
    if *app.stopping.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "restarting").into_response();
    }
    // A frame over the game's limit is refused with a reason; one over 4 KB ends the
    // connection as soon as its header says its length, before it is read.
    // Small buffers: a game's frames are under 1 KB, and thousands of sockets are open.
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(socket::MAX_READ)
        .max_frame_size(socket::MAX_READ)
        .on_upgrade(move |socket| async move {
            // The WebSocket keeps its connection's place among the open ones.
            let _place = place;
            socket::serve(socket, app.hub, http::counted(addr.ip()), app.stopping).await
        })
}

/// Runs the server until SIGTERM or SIGINT: then it stops taking connections, tells every
/// page it is restarting, finishes what it was writing, and returns. `ready` hears the
/// address it listens on.
pub async fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let store = store::Sqlite::open(&config.data)?;
    let (db, writer) = store::Db::start(Box::new(store));
    let hub = hub::Hub::new(db.clone(), config.games_per_minute, config.claim_after);
    let (stop, stopping) = watch::channel(false);
    let app = App {
        hub: hub.clone(),
        stopping: stopping.clone(),
        allow_origins: config.allow_origins.clone(),
    };
    let mut router = Router::new()
        .route("/online", get(online))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(app);
    if let Some(site) = &config.site {
        let files = ServeDir::new(site).append_index_html_on_directories(true);
        router = router.fallback_service(files);
    }
    let router = router
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        // Tells the site's page, which asks with a HEAD of itself, that online play is here
        // (a static host answers the same request without it, and nothing is logged).
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static(ONLINE_HEADER),
            HeaderValue::from_static("online"),
        ))
        .layer(CompressionLayer::new());
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("{}: {e}", config.listen))?;
    // Expired games go before the first page comes, then every minute.
    expire_once(&db, config.finished_ttl, config.idle_ttl).await;
    ready(listener.local_addr().map_err(|e| e.to_string())?);
    let expiry = tokio::spawn(expire(db.clone(), config.finished_ttl, config.idle_ttl));
    tokio::spawn(async move {
        stop_signal().await;
        let _ = stop.send(true);
    });
    let connections = Arc::new(http::Connections::default());
    http::serve(listener, router, connections, config.limits, stopping).await;
    expiry.abort();
    hub.close(Duration::from_secs(5)).await;
    drop((hub, db));
    // The writes under way finish; every acknowledged one was committed already.
    let finished = tokio::task::spawn_blocking(move || writer.join());
    match tokio::time::timeout(Duration::from_secs(10), finished).await {
        Ok(Ok(Ok(()))) => Ok(()),
        Ok(_) => Err("the database's writer failed".to_owned()),
        Err(_) => Err("the database's writer did not finish in 10 s".to_owned()),
    }
}

/// Raises this process's limit on open files to the most it may have: every socket is one.
pub fn raise_file_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the one struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) {
        (Ok(mut term), Ok(mut int)) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        }
        _ => std::future::pending().await,
    }
}

/// Deletes the games finished more than `finished` ago and those untouched for `idle`.
async fn expire_once(db: &store::Db, finished: Duration, idle: Duration) {
    let now = store::now_ms();
    let before = |ttl: Duration| now.saturating_sub(ttl.as_millis() as u64);
    if let Err(e) = db.expire(before(finished), before(idle)).await {
        eprintln!("connect-four-server: expiring games: {e}");
    }
}

/// Deletes expired games every minute.
async fn expire(db: store::Db, finished: Duration, idle: Duration) {
    let mut every = tokio::time::interval(Duration::from_secs(60));
    every.tick().await;
    loop {
        every.tick().await;
        expire_once(&db, finished, idle).await;
    }
}
