//! What the server tells its operator: its log (through `tracing`, as text or JSON lines on
//! stderr) and its metrics (Prometheus' text format, at `/metrics`). See docs/deploy.md.
//!
//! Log levels: `info` for the server's life (start, stop), each game created and ended, the
//! expired games, and refusals for limits (too fast, too many games, too many watchers, a
//! connection over its limit); `warn` for a refused origin and a store's failure; `debug`
//! for refusals of a game's own rules (not your turn, a wrong move number, a full column).
//! No secret and no move is logged at `info`.

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// How the log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// A line of text an event: time, level, message, fields.
    Text,
    /// A JSON object a line, for log collectors.
    Json,
}

/// Starts the log on stderr at the level `filter` names (`info`, `debug`, or a
/// `tracing_subscriber` filter such as `info,connect_four_server::socket=debug`).
pub fn init_logs(format: LogFormat, filter: &str) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .map_err(|e| format!("--log-level {filter:?}: {e}"))?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        // A line that cannot be written (a full disk) is lost: never a panic, as
        // `eprintln!`'s report of the failure would be.
        .log_internal_errors(false);
    let set = match format {
        LogFormat::Text => builder.with_ansi(false).try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
    set.map_err(|e| e.to_string())
}

type Labels = [(&'static str, &'static str); 1];

/// The server's counters, gauges and histograms: one set in the process.
pub struct Metrics {
    registry: Registry,
    pub sockets: Gauge,
    pub connections: Gauge,
    pub games_in_memory: Gauge,
    pub games_created: Counter,
    /// By result (`red`, `yellow`, `draw`) and how it ended (`played`, `resigned`,
    /// `claimed`).
    pub games_ended: Family<[(&'static str, &'static str); 2], Counter>,
    pub moves: Counter,
    /// Messages refused, by the reason the page is told.
    pub refusals: Family<Labels, Counter>,
    /// Connections and WebSockets refused or let go: `connections`,
    /// `connections-per-address`, `origin`, `version` (before any message), and `flood`
    /// (a page that kept sending past its refusals).
    pub turned_away: Family<Labels, Counter>,
    /// Seconds each commit of the store took (a batch of writes, or a health check).
    pub commit_seconds: Histogram,
    pub commit_failures: Counter,
    pub games_expired: Counter,
    /// Changes that found their game changed first by another process (and were judged
    /// again on the game as it then was).
    pub stale: Counter,
    /// Notes heard from the other processes on the same database.
    pub heard: Counter,
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("connect_four");
        let metrics = Metrics {
            sockets: Gauge::default(),
            connections: Gauge::default(),
            games_in_memory: Gauge::default(),
            games_created: Counter::default(),
            games_ended: Family::default(),
            moves: Counter::default(),
            refusals: Family::default(),
            turned_away: Family::default(),
            // 100 µs to 3.3 s.
            commit_seconds: Histogram::new(exponential_buckets(0.0001, 2.0, 16)),
            commit_failures: Counter::default(),
            games_expired: Counter::default(),
            stale: Counter::default(),
            heard: Counter::default(),
            registry: Registry::default(),
        };
        // Each metric under its name, with its help; the registry holds a handle onto it.
        macro_rules! described {
            ($($name:literal, $help:literal, $field:ident;)*) => {
                $(registry.register($name, $help, metrics.$field.clone());)*
            };
        }
        described! {
            "open_sockets", "Online play's WebSockets open now", sockets;
            "open_connections", "HTTP connections open now, WebSockets included", connections;
            "games_in_memory", "Games loaded in memory (those someone is connected to, and a minute after)", games_in_memory;
            "games_created", "Games created, rematches included", games_created;
            "games_ended", "Games ended, by result and by how", games_ended;
            "moves", "Moves played and saved", moves;
            "refusals", "Messages refused, by the reason the page is told", refusals;
            "turned_away", "Connections refused before any message, by reason", turned_away;
            "store_commit_seconds", "How long the store's commits took", commit_seconds;
            "store_commit_failures", "Commits the store could not make", commit_failures;
            "games_expired", "Games deleted for their age", games_expired;
            "stale_changes", "Changes that found their game changed first by another process", stale;
            "notes_heard", "Changes heard from the other processes on the same database", heard;
        }
        // Every label set there from the start, at 0: an alert on a series' absence, or
        // on its rate, has something to read before the first event.
        for reason in connect_four::online::Refusal::ALL {
            let _ = metrics.refusals.get_or_create(&[("reason", reason.name())]);
        }
        for reason in [
            "connections",
            "connections-per-address",
            "origin",
            "version",
            "flood",
        ] {
            let _ = metrics.turned_away.get_or_create(&[("reason", reason)]);
        }
        // (A draw is only ever played out.)
        let ends = [("draw", "played")].into_iter().chain(
            ["red", "yellow"]
                .into_iter()
                .flat_map(|r| ["played", "resigned", "claimed"].map(|how| (r, how))),
        );
        for (result, how) in ends {
            let _ = metrics
                .games_ended
                .get_or_create(&[("result", result), ("how", how)]);
        }
        Metrics {
            registry,
            ..metrics
        }
    }

    /// Everything, in Prometheus' text format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }

    pub fn refused(&self, reason: &'static str) {
        self.refusals.get_or_create(&[("reason", reason)]).inc();
    }

    pub fn turned_away(&self, reason: &'static str) {
        self.turned_away.get_or_create(&[("reason", reason)]).inc();
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

/// A connection or page turned away for `reason` (a `turned_away` label) from `addr`:
/// counted each time, and `what` logged once a minute for each reason and address, so that
/// a flood of them is one line.
pub fn turned_away(reason: &'static str, addr: std::net::IpAddr, what: &str) {
    metrics().turned_away(reason);
    if once_a_minute(&format!("{reason}/{addr}")) {
        tracing::info!(reason, %addr, "{what} (logged once a minute an address)");
    }
}

/// Whether a line about `key` may be logged now: once a minute for each key, so that a
/// flood of the same refusal is one line a minute, not thousands.
pub fn once_a_minute(key: &str) -> bool {
    static LAST: LazyLock<Mutex<HashMap<String, Instant>>> = LazyLock::new(Default::default);
    let Ok(mut last) = LAST.lock() else {
        return false;
    };
    let now = Instant::now();
    if last.len() > 10_000 {
        last.retain(|_, at| now.duration_since(*at) < Duration::from_secs(60));
    }
    match last.get(key) {
        Some(at) if now.duration_since(*at) < Duration::from_secs(60) => false,
        _ => {
            last.insert(key.to_owned(), now);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_names_every_metric() {
        let m = Metrics::new();
        m.refused("too-fast");
        m.games_ended
            .get_or_create(&[("result", "red"), ("how", "played")])
            .inc();
        m.commit_seconds.observe(0.002);
        let text = m.encode();
        for line in [
            "connect_four_open_sockets 0",
            "connect_four_refusals_total{reason=\"too-fast\"} 1",
            "connect_four_games_ended_total{result=\"red\",how=\"played\"} 1",
            "connect_four_store_commit_seconds_count 1",
            "connect_four_games_expired_total 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in:\n{text}");
        }
        assert!(text.ends_with("# EOF\n"));
    }

    #[test]
    fn a_key_is_let_through_once_a_minute() {
        assert!(once_a_minute("obs-test-a"));
        assert!(!once_a_minute("obs-test-a"));
        assert!(once_a_minute("obs-test-b"));
    }
}
