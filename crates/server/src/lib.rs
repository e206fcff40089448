//! The online game's server: the built site at `/`, the game's WebSocket at `/online`, and
//! `/healthz`. Games live in SQLite under `--data` ([`store`]), or in PostgreSQL
//! (`--database-url`, [`postgres`]) which several processes share; each game in memory is
//! one task that holds its state ([`game`]); the [`hub`] finds or loads a game's task; each
//! page's socket is checked frame by frame ([`socket`]). See docs/online.md.

/// This server's version and the commit it was built from: `0.1.0 (abc1234)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("CONNECT_FOUR_COMMIT"),
    ")"
);

/// The response header that names the game's WebSocket path, relative to the site.
pub const ONLINE_HEADER: &str = "x-connect-four-online";

pub mod builtin;
pub mod game;
pub mod http;
pub mod hub;
pub mod obs;
pub mod postgres;
pub mod proxy;
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
    /// Where the database lives (SQLite's folder), unless `database_url` names one.
    pub data: PathBuf,
    /// A PostgreSQL database instead of `data` (`postgres://…`), which any number of
    /// server processes may share.
    pub database_url: Option<String>,
    /// The site it serves, if any.
    pub site: SiteFrom,
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
    /// The reverse proxies whose `X-Forwarded-For` (or `Forwarded`) names the client.
    pub trust_proxy: proxy::Trusted,
    /// Where `/metrics` is served.
    pub metrics: MetricsAt,
    /// How long a player must be away on their own turn before the other may claim the
    /// win ([`connect_four::online::CLAIM_AFTER_MS`], which the page counts with, unless a
    /// test says otherwise).
    pub claim_after: Duration,
    /// How long a process's word that a player is connected to it lasts unless renewed
    /// ([`store::LEASE`], unless a test says otherwise): how soon the others see the players
    /// of a process that died as away.
    pub lease: Duration,
}

/// Where the site comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteFrom {
    /// No site: online play only.
    None,
    /// A built site in a folder (Trunk's `dist/`).
    Dir(PathBuf),
    /// The one built into the binary, if it has one (else none, said in the log).
    BuiltIn,
}

/// Where the metrics are served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetricsAt {
    /// Not at all.
    Off,
    /// At `/metrics` on the game's own address.
    Here,
    /// At `/metrics` on an address of its own only (`127.0.0.1:9100`, say).
    At(SocketAddr),
}

impl std::str::FromStr for MetricsAt {
    type Err = String;
    fn from_str(text: &str) -> Result<MetricsAt, String> {
        match text {
            "off" => Ok(MetricsAt::Off),
            "on" => Ok(MetricsAt::Here),
            _ => text.parse().map(MetricsAt::At).map_err(|_| {
                format!("{text:?}: expected on, off, or an address such as 127.0.0.1:9100")
            }),
        }
    }
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
    /// What the refusal of another origin says to set.
    expected_origin: Arc<String>,
    /// Whether `--public-url` was given (the refusal then says to check it).
    public_url: bool,
    proxies: Arc<proxy::Trusted>,
    limits: http::Limits,
    connections: Arc<http::Connections>,
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

/// What the page sends with its WebSocket's address.
#[derive(serde::Deserialize)]
struct OnlineQuery {
    /// The protocol's version ([`connect_four::online::PROTOCOL`]), which every page sends.
    v: Option<String>,
}

async fn online(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(place): Extension<Arc<http::Place>>,
    axum::extract::Query(query): axum::extract::Query<OnlineQuery>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let header = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let addr = app.proxies.client(peer.ip(), &headers);
    if !site::origin_allowed(header(header::ORIGIN), header(header::HOST), &app.origins) {
        let origin = header(header::ORIGIN).unwrap_or("(none)");
        obs::metrics().turned_away("origin");
        if obs::once_a_minute(&format!("origin/{addr}")) {
            tracing::warn!(
                origin,
                host = header(header::HOST).unwrap_or("(none)"),
                %addr,
                expected = %app.expected_origin,
                "a page's origin was refused (logged once a minute an address)"
            );
        }
        let body = if app.public_url {
            format!(
                "this page's origin ({origin}) may not play here: this server's pages come \
                 from {}, its --public-url (is that the address in the browser's address \
                 bar, scheme and port included?); for another site's pages that embed the \
                 game, add --allow-origin with that site's origin",
                app.expected_origin
            )
        } else {
            format!(
                "this page's origin ({origin}) may not play here: this server expects {}. If \
                 its pages are served under another name (behind a proxy that does not pass \
                 Host), start it with --public-url set to that origin, such as --public-url \
                 https://games.example.org; for another site's pages that embed the game, \
                 --allow-origin with that site's origin",
                app.expected_origin
            )
        };
        return (StatusCode::FORBIDDEN, body).into_response();
    }
    if *app.stopping.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "restarting").into_response();
    }
    // Behind a trusted proxy, each WebSocket counts against its client's address.
    let client_place = if app.proxies.trusts(peer.ip()) {
        match app.connections.enter_address(addr, &app.limits) {
            Ok(place) => Some(place),
            Err(full) => {
                http::turned_away(full, addr);
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many connections from your address",
                )
                    .into_response();
            }
        }
    } else {
        None
    };
    // Without a version: a client that is not a page (a load generator, a bot), served the
    // current one. Every page says its own.
    let version = query
        .v
        .as_deref()
        .map_or(Ok(connect_four::online::PROTOCOL), str::parse::<u32>);
    let refused = match version {
        Ok(connect_four::online::PROTOCOL) => None,
        Ok(v) if v < connect_four::online::PROTOCOL => Some(format!(
            "this page speaks version {v} of the game's messages, and the server {}: reload \
             the page",
            connect_four::online::PROTOCOL
        )),
        _ => Some(format!(
            "this page speaks version {} of the game's messages, newer than the server's {}",
            query.v.as_deref().unwrap_or_default(),
            connect_four::online::PROTOCOL
        )),
    };
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
            let _places = (place, client_place);
            if let Some(detail) = refused {
                let what = format!("a page was refused: {detail}");
                obs::turned_away("version", http::counted(addr), &what);
                return socket::refuse_version(socket, detail).await;
            }
            socket::serve(socket, app.hub, http::counted(addr), app.stopping).await
        })
}

/// `/metrics`: the server's metrics in Prometheus' text format.
async fn metrics(State(hub): State<hub::Hub>) -> Response {
    obs::metrics()
        .games_in_memory
        .set(i64::try_from(hub.loaded()).unwrap_or(i64::MAX));
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        obs::metrics().encode(),
    )
        .into_response()
}

/// Runs the server until SIGTERM or SIGINT: then it stops taking connections, tells every
/// page it is restarting, finishes what it was writing, and returns. `ready` hears the
/// address it listens on.
pub async fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let public_origin = config
        .public_url
        .as_deref()
        .map(|url| site::parse_origin(url, "--public-url"))
        .transpose()?;
    let mut origins: Vec<String> = public_origin.iter().cloned().collect();
    for origin in &config.allow_origins {
        origins.push(site::parse_origin(origin, "--allow-origin")?);
    }
    let site = match &config.site {
        SiteFrom::Dir(dir) => {
            let data = config
                .database_url
                .is_none()
                .then_some(config.data.as_path());
            Some(site::Site::open(dir, data)?)
        }
        SiteFrom::None | SiteFrom::BuiltIn => None,
    };
    let builtin = config.site == SiteFrom::BuiltIn && builtin::present();
    if config.site == SiteFrom::BuiltIn && !builtin {
        tracing::warn!(
            "this binary has no site built in (build it with `make server`, or give --site \
             dist): online play only"
        );
    }
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("{}: {e}", config.listen))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    // Listening on every interface: the first address another device can open, for pages
    // opened at a loopback address (their invite links would open nowhere else).
    let lan = bound
        .ip()
        .is_unspecified()
        .then(|| reachable_addresses(bound.ip().is_ipv6()).first().copied())
        .flatten()
        .map(|ip| format!("http://{}/", SocketAddr::new(ip, bound.port())));
    let index = match (&site, builtin) {
        (Some(site), _) => {
            let path = site.root().join("index.html");
            let html = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(site::IndexPage::new(&html, lan.as_deref()))
        }
        (None, true) => {
            builtin::index_html().map(|html| site::IndexPage::new(&html, lan.as_deref()))
        }
        (None, false) => None,
    };
    // One process for one --data (SQLite's file is this process's alone); any number on
    // one PostgreSQL database, which decides the order of their changes.
    let (_lock, store, reader, stored_games): (_, Box<dyn store::Store>, Box<dyn store::Store>, _) =
        match &config.database_url {
            None => {
                let lock = store::lock_dir(&config.data)?;
                let store = store::Sqlite::open(&config.data)?;
                let games = store.games()?;
                let reader = store::Sqlite::reader(&config.data)?;
                (Some(lock), Box::new(store), Box::new(reader), games)
            }
            Some(url) => {
                // Its client is synchronous: it connects off the runtime's threads, and
                // runs on the store's own.
                let url = url.clone();
                let connected = tokio::task::spawn_blocking(move || {
                    let mut store = postgres::Postgres::connect(&url)?;
                    let games = store.games()?;
                    let reader = postgres::Postgres::connect(&url)?;
                    Ok::<_, String>((store, reader, games))
                });
                let (store, reader, games) = connected.await.map_err(|e| e.to_string())??;
                (None, Box::new(store), Box::new(reader), games)
            }
        };
    let (db, writer) = store::Db::start(store, reader, config.lease);
    let hub = hub::Hub::new(db.clone(), config.games_per_minute, config.claim_after);
    // The other processes' changes, heard on a connection of its own.
    let stop_listening = Arc::new(std::sync::atomic::AtomicBool::new(false));
    if let Some(url) = &config.database_url {
        let (heard, missed) = (hub.clone(), hub.clone());
        postgres::listen(
            url.clone(),
            db.process().into(),
            move |note| heard.heard(note),
            move || missed.catch_up(),
            stop_listening.clone(),
        );
    }
    let (stop, stopping) = watch::channel(false);
    let expected_origin = match &public_origin {
        Some(origin) => origin.clone(),
        None => format!(
            "pages served by this server itself, by its address or as localhost (here \
             {bound}; another port is another origin: give it with --allow-origin)"
        ),
    };
    let connections = Arc::new(http::Connections::default());
    let proxies = Arc::new(config.trust_proxy.clone());
    let app = App {
        hub: hub.clone(),
        stopping: stopping.clone(),
        origins: Arc::new(origins),
        expected_origin: Arc::new(expected_origin),
        public_url: config.public_url.is_some(),
        proxies: proxies.clone(),
        limits: config.limits,
        connections: connections.clone(),
        health: Arc::new(std::sync::Mutex::new(None)),
    };
    let mut router = Router::new()
        .route("/online", get(online))
        .route("/healthz", get(healthz))
        .route("/readyz", get(healthz))
        .with_state(app);
    match config.metrics {
        MetricsAt::Off => {}
        MetricsAt::Here => {
            router = router.route("/metrics", get(metrics).with_state(hub.clone()));
        }
        MetricsAt::At(addr) => {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| format!("--metrics {addr}: {e}"))?;
            if let Ok(bound) = listener.local_addr() {
                tracing::info!(addr = %bound, "metrics served at http://{bound}/metrics");
            }
            let metrics_router = Router::new()
                .route("/metrics", get(metrics))
                .with_state(hub.clone());
            let mut stopping = stopping.clone();
            tokio::spawn(async move {
                let _ = axum::serve(listener, metrics_router)
                    .with_graceful_shutdown(async move { http::stopped(&mut stopping).await })
                    .await;
            });
        }
    }
    if let Some(index) = index {
        router = router
            .route("/", get(site::index).with_state(index.clone()))
            .route("/index.html", get(site::index).with_state(index));
    }
    if builtin {
        router = router.fallback(builtin::serve);
    }
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
    // Expired games go before the first page comes, then every minute.
    expire_once(&hub, config.finished_ttl, config.idle_ttl).await;
    let addr = bound;
    tracing::info!(
        %addr,
        version = VERSION,
        data = %match &config.database_url {
            Some(_) => "PostgreSQL (--database-url)".to_owned(),
            None => config.data.display().to_string(),
        },
        site = %match &config.site {
            SiteFrom::Dir(dir) => dir.display().to_string(),
            SiteFrom::BuiltIn if builtin => "built in".to_owned(),
            _ => "none".to_owned(),
        },
        games = stored_games,
        public_url = config.public_url.as_deref().unwrap_or("(none)"),
        trust_proxy = %config.trust_proxy,
        metrics = %match config.metrics {
            MetricsAt::Off => "off".to_owned(),
            MetricsAt::Here => format!("http://{addr}/metrics"),
            MetricsAt::At(at) => format!("http://{at}/metrics"),
        },
        "started"
    );
    ready(addr);
    let expiry = tokio::spawn(expire(hub.clone(), config.finished_ttl, config.idle_ttl));
    // The leases on the seats of the players connected here, kept alive for the other
    // processes (a store this process holds alone has none to tell).
    let renewing = db.shared().then(|| {
        let db = db.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(config.lease / 3);
            loop {
                every.tick().await;
                db.renew();
            }
        })
    });
    let signal_stop = stop.clone();
    tokio::spawn(async move {
        stop_signal().await;
        let _ = signal_stop.send(true);
    });
    // The writer thread ending before the server stops means it died: the process stops
    // too, with the reason, for its supervisor to restart it.
    let mut writer = tokio::task::spawn_blocking(move || writer.join());
    let serving = http::serve(
        listener,
        router,
        connections,
        config.limits,
        proxies,
        stopping,
    );
    tokio::pin!(serving);
    let died = tokio::select! {
        () = &mut serving => None,
        joined = &mut writer => Some(joined),
    };
    if let Some(joined) = died {
        tracing::error!("the database's writer stopped: stopping");
        let _ = stop.send(true);
        let _ = tokio::time::timeout(config.limits.grace, serving).await;
        let why = match joined {
            Ok(Err(_)) => "the database's writer failed",
            _ => "the database's writer stopped",
        };
        return Err(why.to_owned());
    }
    expiry.abort();
    if let Some(renewing) = renewing {
        renewing.abort();
    }
    stop_listening.store(true, std::sync::atomic::Ordering::SeqCst);
    tracing::info!("stopping: the connections are closed, the games saved");
    hub.close(Duration::from_secs(5)).await;
    if let Err(e) = db.release().await {
        tracing::warn!("letting go of the players' leases: {e}");
    }
    drop((hub, db));
    // The writes under way finish; every acknowledged one was committed already.
    match tokio::time::timeout(Duration::from_secs(10), writer).await {
        Ok(Ok(Ok(()))) => {
            tracing::info!("stopped");
            Ok(())
        }
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

/// SIGTERM, SIGINT or SIGHUP: each stops the server the same way (pages are told it is
/// restarting, the games are saved). SIGHUP too, as a terminal that closes sends it: the
/// log is stderr, which needs no reopening.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    match (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
        signal(SignalKind::hangup()),
    ) {
        (Ok(mut term), Ok(mut int), Ok(mut hup)) => {
            let name = tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
                _ = hup.recv() => "SIGHUP",
            };
            tracing::info!(signal = name, "asked to stop");
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
    match hub.db().expire(before(finished), before(idle), keep).await {
        Ok(0) => {}
        Ok(n) => {
            obs::metrics().games_expired.inc_by(n as u64);
            tracing::info!(games = n, "expired games deleted");
        }
        Err(e) => tracing::warn!("expiring games: {e}"),
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

/// The addresses of this machine's interfaces that another device may reach it at (not
/// loopback, not link-local), IPv4 first: what a server listening on every interface
/// prints, for a phone on the same network.
pub fn reachable_addresses(ipv6: bool) -> Vec<std::net::IpAddr> {
    use std::net::IpAddr;
    let mut found = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list that freeifaddrs frees; each
    // entry's ifa_addr, when not null, points to a sockaddr of the family it names.
    unsafe {
        if libc::getifaddrs(&mut list) != 0 {
            return found;
        }
        let mut at = list;
        while !at.is_null() {
            let entry = &*at;
            at = entry.ifa_next;
            let up = entry.ifa_flags & (libc::IFF_UP as libc::c_uint) != 0;
            if entry.ifa_addr.is_null() || !up {
                continue;
            }
            match i32::from((*entry.ifa_addr).sa_family) {
                libc::AF_INET => {
                    let sin = &*(entry.ifa_addr as *const libc::sockaddr_in);
                    found.push(IpAddr::from(
                        u32::from_be(sin.sin_addr.s_addr).to_be_bytes(),
                    ));
                }
                libc::AF_INET6 if ipv6 => {
                    let sin6 = &*(entry.ifa_addr as *const libc::sockaddr_in6);
                    found.push(IpAddr::from(sin6.sin6_addr.s6_addr));
                }
                _ => {}
            }
        }
        libc::freeifaddrs(list);
    }
    found.retain(|ip| {
        !ip.is_loopback()
            && !ip.is_unspecified()
            && match ip {
                IpAddr::V4(v4) => !v4.is_link_local(),
                IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) != 0xfe80,
            }
    });
    found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    found.dedup();
    found
}
