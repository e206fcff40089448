//! The online game's server: the built site at `/`, the game's WebSocket at `/online`, and
//! `/healthz`. Games live in SQLite under `--data` ([`store`]); each game in memory is one
//! task that owns its state ([`game`]); the [`hub`] finds or loads a game's task; each page's
//! socket is checked frame by frame ([`socket`]). See docs/online.md.

/// Writes a line to the server's log (stderr). A log that cannot be written (a full disk)
/// loses the line: it never stops the server, as `eprintln!` would by panicking.
#[macro_export]
macro_rules! log {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "connect-four-server: {}", format_args!($($arg)*));
    }};
}

/// The response header that names the game's WebSocket path, relative to the site.
pub const ONLINE_HEADER: &str = "x-connect-four-online";

pub mod game;
pub mod http;
pub mod hub;
pub mod site;
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
    /// The origin the site's pages are served from when it is not the address the server
    /// listens on (behind a proxy, under a domain name): `https://games.example.org`.
    pub public_url: Option<String>,
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
    /// The origins whose pages may play besides the server's own address: the public
    /// URL's and each `--allow-origin`.
    origins: Arc<Vec<String>>,
    /// The last check that the store can commit: when, and what it said.
    health: Arc<std::sync::Mutex<Option<Checked>>>,
}

/// When the store's commit was last checked, and what it said.
type Checked = (std::time::Instant, Result<(), String>);

/// `/healthz`: 200 `ok` while the store can commit, 503 with the reason when it cannot.
/// A check commits a small write of its own, at most once a second however often asked.
async fn healthz(State(app): State<App>) -> Response {
    let db = app.hub.db();
    let fresh = app
        .health
        .lock()
        .ok()
        .and_then(|h| h.clone())
        .filter(|(at, _)| at.elapsed() < Duration::from_secs(1));
    let checked = match fresh {
        Some((_, result)) => result,
        None => {
            let result = db.check().await;
            if let Ok(mut health) = app.health.lock() {
                *health = Some((std::time::Instant::now(), result.clone()));
            }
            result
        }
    };
    // The last commit, the games' own or the check's, failed: not healthy until one
    // succeeds.
    let result = checked.and_then(|()| db.failure().map_or(Ok(()), Err));
    match result {
        Ok(()) => "ok".into_response(),
        Err(why) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the games cannot be saved: {why}"),
        )
            .into_response(),
    }
}

async fn online(
    State(app): State<App>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Extension(place): Extension<Arc<http::Place>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let header = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if !site::origin_allowed(header(header::ORIGIN), header(header::HOST), &app.origins) {
        return (
            StatusCode::FORBIDDEN,
            "this page's origin may not play here: if this server's pages are served under a \
             name (behind a proxy), start it with --public-url https://that.name; for \
             another site's pages, --allow-origin https://that.site",
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
    let mut origins = Vec::new();
    for origin in config.public_url.iter() {
        origins.push(site::parse_origin(origin, "--public-url")?);
    }
    for origin in &config.allow_origins {
        origins.push(site::parse_origin(origin, "--allow-origin")?);
    }
    let site = match &config.site {
        Some(dir) => Some(site::Site::open(dir, &config.data)?),
        None => None,
    };
    // One process for one --data: a second would give seats twice.
    let _lock = store::lock_dir(&config.data)?;
    let store = store::Sqlite::open(&config.data)?;
    let reader = store::Sqlite::reader(&config.data)?;
    let (db, writer) = store::Db::start(Box::new(store), Box::new(reader));
    let hub = hub::Hub::new(db.clone(), config.games_per_minute, config.claim_after);
    let (stop, stopping) = watch::channel(false);
    let app = App {
        hub: hub.clone(),
        stopping: stopping.clone(),
        origins: Arc::new(origins),
        health: Arc::new(std::sync::Mutex::new(None)),
    };
    let mut router = Router::new()
        .route("/online", get(online))
        .route("/healthz", get(healthz))
        .with_state(app);
    if let Some(site) = site {
        // The files compressed when the site was built (file.br, file.gz), never afresh.
        let files = ServeDir::new(site.root())
            .append_index_html_on_directories(true)
            .precompressed_br()
            .precompressed_gzip();
        router = router.fallback_service(
            tower::ServiceBuilder::new()
                .layer(axum::middleware::from_fn_with_state(site, site::guard))
                .service(files),
        );
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
        .layer(axum::middleware::from_fn(site::headers));
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("{}: {e}", config.listen))?;
    // Expired games go before the first page comes, then every minute.
    expire_once(&hub, config.finished_ttl, config.idle_ttl).await;
    ready(listener.local_addr().map_err(|e| e.to_string())?);
    let expiry = tokio::spawn(expire(hub.clone(), config.finished_ttl, config.idle_ttl));
    let signal_stop = stop.clone();
    tokio::spawn(async move {
        stop_signal().await;
        let _ = signal_stop.send(true);
    });
    // The writer thread ending before the server stops means it died: the process stops
    // too, with the reason, for its supervisor to restart it.
    let mut writer = tokio::task::spawn_blocking(move || writer.join());
    let connections = Arc::new(http::Connections::default());
    let serving = http::serve(listener, router, connections, config.limits, stopping);
    tokio::pin!(serving);
    let died = tokio::select! {
        () = &mut serving => None,
        joined = &mut writer => Some(joined),
    };
    if let Some(joined) = died {
        let _ = stop.send(true);
        let _ = tokio::time::timeout(config.limits.grace, serving).await;
        let why = match joined {
            Ok(Err(_)) => "the database's writer failed",
            _ => "the database's writer stopped",
        };
        return Err(why.to_owned());
    }
    expiry.abort();
    hub.close(Duration::from_secs(5)).await;
    drop((hub, db));
    // The writes under way finish; every acknowledged one was committed already.
    match tokio::time::timeout(Duration::from_secs(10), writer).await {
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

/// Deletes the games finished more than `finished` ago and those untouched for `idle`,
/// but none that is in memory.
async fn expire_once(hub: &hub::Hub, finished: Duration, idle: Duration) {
    let now = store::now_ms();
    let before = |ttl: Duration| now.saturating_sub(ttl.as_millis() as u64);
    let keep = hub.ids();
    if let Err(e) = hub.db().expire(before(finished), before(idle), keep).await {
        log!("expiring games: {e}");
    }
}

/// Deletes expired games every minute.
async fn expire(hub: hub::Hub, finished: Duration, idle: Duration) {
    let mut every = tokio::time::interval(Duration::from_secs(60));
    every.tick().await;
    loop {
        every.tick().await;
        expire_once(&hub, finished, idle).await;
    }
}
