//! HTTP as the open internet needs it: each connection counts against a cap in total and
//! one per address (an IPv6 address by its /64), a request's head has a size limit and a
//! time limit (which also ends a kept-alive connection that sits idle), and a shutdown ends
//! every connection within a grace period, whatever its client does. Behind a trusted
//! proxy ([`crate::proxy`]), the per-address cap counts each client's WebSockets instead.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The limits on connections.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Open connections (WebSockets included) in all.
    pub total: usize,
    /// Open connections from one address (an IPv6 one by its /64).
    pub per_address: usize,
    /// How long a client has to send a request's head, and how long a kept-alive
    /// connection may sit idle between requests.
    pub header_timeout: Duration,
    /// How long the connections have to finish once the server stops.
    pub grace: Duration,
}

impl Limits {
    /// The most bytes of a request's head: the site's requests need a few hundred.
    pub const MAX_HEAD: usize = 16 * 1024;
}

/// The address a limit counts by: an IPv4 address, or an IPv6 address's /64 (one
/// household's or one server's block, which one client may use all of).
pub fn counted(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// The connections open now, in all and by address.
#[derive(Default)]
pub struct Connections {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One connection's place among the open ones, given back when the last of its holders
/// drops it (the HTTP connection, or the WebSocket it became).
pub struct Place {
    connections: Arc<Connections>,
    /// Whether it counts in the total (a connection does; a WebSocket's place for its
    /// client's address behind a proxy does not: its connection counts already).
    total: bool,
    /// The address it counts against, if any (none for a trusted proxy's connection: its
    /// clients' WebSockets count against their own addresses).
    addr: Option<IpAddr>,
}

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// The server holds `--max-connections` already.
    Total,
    /// The address holds `--max-connections-per-address` already.
    Address,
}

impl Full {
    pub fn name(self) -> &'static str {
        match self {
            Full::Total => "connections",
            Full::Address => "connections-per-address",
        }
    }
}

impl Connections {
    /// A place for a connection from `addr` (`None`: a trusted proxy's, which counts only
    /// in the total), if the limits allow one.
    pub fn enter(self: &Arc<Self>, addr: Option<IpAddr>, limits: &Limits) -> Result<Place, Full> {
        self.take(true, addr.map(counted), limits)
    }

    /// A place for a client behind a trusted proxy, against its own address only.
    pub fn enter_address(self: &Arc<Self>, addr: IpAddr, limits: &Limits) -> Result<Place, Full> {
        self.take(false, Some(counted(addr)), limits)
    }

    fn take(
        self: &Arc<Self>,
        total: bool,
        addr: Option<IpAddr>,
        limits: &Limits,
    ) -> Result<Place, Full> {
        let mut open = self.open.lock().map_err(|_| Full::Total)?;
        if total && open.0 >= limits.total {
            return Err(Full::Total);
        }
        if let Some(addr) = addr {
            let from = open.1.get(&addr).copied().unwrap_or(0);
            if from >= limits.per_address {
                return Err(Full::Address);
            }
            open.1.insert(addr, from + 1);
        }
        if total {
            open.0 += 1;
            crate::obs::metrics().connections.inc();
        }
        Ok(Place {
            connections: self.clone(),
            total,
            addr,
        })
    }

    /// How many connections are open.
    pub fn count(&self) -> usize {
        self.open.lock().map_or(0, |open| open.0)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Ok(mut open) = self.connections.open.lock() {
            if self.total {
                open.0 = open.0.saturating_sub(1);
                crate::obs::metrics().connections.dec();
            }
            if let Some(addr) = self.addr {
                if let Some(n) = open.1.get_mut(&addr) {
                    *n -= 1;
                    if *n == 0 {
                        open.1.remove(&addr);
                    }
                }
            }
        }
    }
}

/// Counts and logs (once a minute an address and reason) a connection turned away.
pub fn turned_away(full: Full, addr: IpAddr) {
    crate::obs::turned_away(full.name(), counted(addr), "connections turned away");
}

/// Serves `router` on `listener` until `stop` turns true; then stops taking connections,
/// asks each open one to finish, and returns once all have, or once `limits.grace` has
/// passed (the rest are dropped). Each request carries the client's `ConnectInfo` and its
/// connection's `Arc<Place>`, which a WebSocket keeps for as long as it is open.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    connections: Arc<Connections>,
    limits: Limits,
    proxies: Arc<crate::proxy::Trusted>,
    mut stop: watch::Receiver<bool>,
) {
    let mut tasks = JoinSet::new();
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, say: wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stopped(&mut stop) => break,
        };
        // Over a limit: closed at once, before anything is read. A trusted proxy's
        // connections count in the total only: each WebSocket through it counts against
        // its client's own address.
        let counted_as = (!proxies.trusts(peer.ip())).then_some(peer.ip());
        let place = match connections.enter(counted_as, &limits) {
            Ok(place) => place,
            Err(full) => {
                drop(stream);
                turned_away(full, peer.ip());
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        bound_send_buffer(&stream);
        let place = Arc::new(place);
        let service = router
            .clone()
            .layer(axum::Extension(ConnectInfo(peer)))
            .layer(axum::Extension(place.clone()))
            .map_request(|request: axum::http::Request<hyper::body::Incoming>| {
                request.map(axum::body::Body::new)
            });
        let mut stopping = stop.clone();
        tasks.spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .max_buf_size(Limits::MAX_HEAD);
            let connection = builder
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopped(&mut stopping) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(limits.grace, connection).await;
                }
            }
            drop(place);
        });
        // Finished connections' tasks are collected as they go.
        while tasks.try_join_next().is_some() {}
    }
    drop(listener);
    let all = async { while tasks.join_next().await.is_some() {} };
    if tokio::time::timeout(limits.grace, all).await.is_err() {
        tasks.abort_all();
    }
}

/// Returns once `stop` is true (at once if it is already).
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    // The guard the wait gives back is dropped here, not held across an await.
    let _ = stop.wait_for(|&stopping| stopping).await.map(|_| ());
}

/// The most a connection's socket buffers for its client: enough for the site's files to
/// flow at a few MB/s over a slow link, and a bound on what a page that stops reading
/// holds (then its queue fills, and the game lets it go).
const SEND_BUFFER: libc::c_int = 256 * 1024;

fn bound_send_buffer(stream: &tokio::net::TcpStream) {
    use std::os::fd::AsRawFd;
    // SAFETY: setsockopt reads one c_int from the pointer given, for the stream's own
    // descriptor, which stays open for the call.
    unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_SNDBUF,
            (&SEND_BUFFER as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
    }
}
