//! The site's files, as a public server must serve them: only regular files under the
//! site's folder (a link out of it is not followed), no dotfiles (`.env`, `.git/`), the
//! files compressed when the site was built (`.br`, `.gz` beside each) and never afresh,
//! `X-Content-Type-Options: nosniff` on everything, and the game's Content-Security-Policy
//! on its pages. And the origins whose pages may play: the server's own, never a name that
//! merely points at it (DNS rebinding).

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::path::{Component, Path, PathBuf};

/// The policy of the site's own pages: what the game needs and nothing more.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     worker-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; \
     manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/// The site's folder, checked at start: it exists and holds `index.html`.
#[derive(Debug, Clone)]
pub struct Site {
    root: PathBuf,
}

impl Site {
    /// The site in `dir`; `data` (the database's folder, if it is one) must not be inside
    /// it, where anyone could download the database.
    pub fn open(dir: &Path, data: Option<&Path>) -> Result<Site, String> {
        let root = dir
            .canonicalize()
            .map_err(|e| format!("--site {}: {e}", dir.display()))?;
        if !root.join("index.html").is_file() {
            return Err(format!(
                "--site {}: no index.html there (the built site is Trunk's dist/)",
                dir.display()
            ));
        }
        let Some(data) = data else {
            return Ok(Site { root });
        };
        let data = resolved(data).map_err(|e| format!("--data {}: {e}", data.display()))?;
        if data.starts_with(&root) {
            return Err(format!(
                "--data {} is inside --site {}: anyone could download the games' database; \
                 keep it elsewhere",
                data.display(),
                root.display()
            ));
        }
        Ok(Site { root })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// What the URL path `path` may be served as: `None` if nothing (404), else whether
    /// its compressed copies (`.br`, `.gz`) may be sent too. It is served if no part of it
    /// starts with a dot, and what it names (or its `index.html`) is a regular file inside
    /// the site once every link is followed; its copies, if each that exists is one too.
    pub fn allows(&self, path: &str) -> Option<bool> {
        let relative: PathBuf = url_parts(path)?.iter().collect();
        if relative
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
        {
            return None;
        }
        let mut target = self.root.join(&relative);
        if target.is_dir() {
            target.push("index.html");
        }
        // Nothing there (a copy alone is not the file), or not a file of the site's: 404.
        if !self.holds(&target) {
            return None;
        }
        let copies_safe = ["br", "gz"].iter().all(|ending| {
            let mut copy = target.clone().into_os_string();
            copy.push(".");
            copy.push(ending);
            let copy = PathBuf::from(copy);
            copy.symlink_metadata().is_err() || self.holds(&copy)
        });
        Some(copies_safe)
    }

    /// Whether `path` is a regular file inside the site, once every link is followed.
    fn holds(&self, path: &Path) -> bool {
        path.canonicalize()
            .is_ok_and(|real| real.starts_with(&self.root) && real.is_file())
    }
}

/// `path` made absolute with every link followed, though its last parts do not exist yet
/// (nothing is created).
fn resolved(path: &Path) -> std::io::Result<PathBuf> {
    let path = std::path::absolute(path)?;
    let mut existing = path.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        rest.push(existing.file_name().unwrap_or_default().to_owned());
        existing = existing.parent().unwrap_or(Path::new("/"));
    }
    let mut out = existing.canonicalize()?;
    out.extend(rest.iter().rev());
    Ok(out)
}

/// The parts of the URL path `path`, its `%xx` escapes decoded: `None` if it is not UTF-8,
/// or a part starts with a dot (dotfiles, `..`) or holds a backslash. What the site (on disk
/// or built in) may serve at all.
pub(crate) fn url_parts(path: &str) -> Option<Vec<String>> {
    let decoded = percent_decode(path)?;
    let parts: Vec<String> = decoded
        .split('/')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    let hidden = parts.iter().any(|p| p.starts_with('.') || p.contains('\\'));
    (!hidden).then_some(parts)
}

/// `%xx` escapes decoded, if they make UTF-8.
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Refuses (404) a request for anything the site may not serve, before the file service
/// sees it; where a compressed copy is not one of the site's files, the file itself is
/// sent uncompressed.
pub async fn guard(State(site): State<Site>, mut request: Request, next: Next) -> Response {
    match site.allows(request.uri().path()) {
        None => StatusCode::NOT_FOUND.into_response(),
        Some(copies_safe) => {
            if !copies_safe {
                request.headers_mut().remove(header::ACCEPT_ENCODING);
            }
            next.run(request).await
        }
    }
}

/// `nosniff` on every response, and the game's policy on its HTML pages.
pub async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // The same path is sent compressed or not, as the browser says: a cache must tell.
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if html {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
    }
    response
}

/// An origin as a page sends it: `scheme://host[:port]`, checked at start so that a
/// wrong `--allow-origin` or `--public-url` is an error, not a rule that never matches.
pub fn parse_origin(text: &str, what: &str) -> Result<String, String> {
    let bad = |why: &str| {
        Err(format!(
            "{what} {text:?}: {why}; an origin is a scheme, a host and maybe a port, such as \
             https://games.example.org or http://192.168.1.20:8080, with no path and no \
             trailing slash"
        ))
    };
    let Some((scheme, rest)) = text.split_once("://") else {
        return bad("it has no scheme");
    };
    let scheme = scheme.to_ascii_lowercase();
    let scheme = scheme.as_str();
    if scheme != "http" && scheme != "https" {
        return bad("the scheme is not http or https");
    }
    if rest.is_empty() {
        return bad("it has no host");
    }
    if rest.contains('/') {
        return bad("it has a path or a trailing slash");
    }
    if rest.contains('*') {
        return bad("a wildcard matches nothing");
    }
    if rest.contains(['?', '#', '@', ' ']) {
        return bad("it is not a bare origin");
    }
    let (host, port) = match rest.strip_prefix('[') {
        // An IPv6 address: [2001:db8::1]:8443.
        Some(v6) => match v6.split_once(']') {
            Some((host, "")) => (host, None),
            Some((host, port)) => match port.strip_prefix(':') {
                Some(port) => (host, Some(port)),
                None => return bad("it is not a bare origin"),
            },
            None => return bad("its IPv6 address has no closing bracket"),
        },
        None => match rest.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        },
    };
    if host.is_empty() {
        return bad("it has no host");
    }
    if !host.is_ascii() {
        return bad("its host is not ASCII: give its punycode form (xn--…), as browsers send it");
    }
    let default = match scheme {
        "https" => "443",
        _ => "80",
    };
    match port {
        Some(port) if port.parse::<u16>().is_err() => bad("its port is not a port (1 to 65535)"),
        // Browsers leave the scheme's own port out: so does the origin kept.
        Some(port) if port == default => Ok(format!("{scheme}://{host}").to_ascii_lowercase()),
        _ => Ok(format!("{scheme}://{rest}").to_ascii_lowercase()),
    }
}

/// Whether a page from `origin` may use the game's socket: one of `allowed` (the public
/// URL's origin and each `--allow-origin`), or this server named by its address (an IP
/// address or `localhost`, as `Host` says) — never a domain name that merely resolves to
/// it, which is how a DNS-rebinding page would come. A client that is not a page sends no
/// `Origin`, and is let in.
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>, allowed: &[String]) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let origin = origin.to_ascii_lowercase();
    if allowed.contains(&origin) {
        return true;
    }
    let Some(host) = host.map(str::to_ascii_lowercase) else {
        return false;
    };
    let same = origin == format!("http://{host}") || origin == format!("https://{host}");
    same && by_address(&host)
}

/// Whether `host` (a `Host` header: a name or an address, maybe a port) names the server
/// by its address, or as `localhost`.
fn by_address(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name == "localhost" || name.parse::<std::net::IpAddr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked_at_start() {
        for good in [
            "https://games.example.org",
            "http://192.168.1.20:8080",
            "http://localhost:3000",
            "https://[2001:db8::1]:8443",
        ] {
            assert_eq!(parse_origin(good, "--allow-origin").as_deref(), Ok(good));
        }
        // As browsers send them: no default port, lower case.
        for (given, kept) in [
            ("https://b.example:443", "https://b.example"),
            ("http://c.example:80", "http://c.example"),
            ("HTTPS://Games.Example.org", "https://games.example.org"),
        ] {
            assert_eq!(parse_origin(given, "--allow-origin").as_deref(), Ok(kept));
        }
        assert!(parse_origin("https://ä.example", "--allow-origin").is_err());
        assert!(parse_origin("https://a.example:99999", "--allow-origin").is_err());
        for bad in [
            "https://games.example.org/",
            "https://games.example.org/c4",
            "*",
            "https://*.example.org",
            "games.example.org",
            "ftp://games.example.org",
            "http://host:port",
            "https://",
        ] {
            assert!(parse_origin(bad, "--allow-origin").is_err(), "{bad}");
        }
    }

    #[test]
    fn a_name_that_points_here_is_not_the_server() {
        let allowed = vec!["https://games.example.org".to_owned()];
        let ok = |origin: &str, host: &str| origin_allowed(Some(origin), Some(host), &allowed);
        assert!(ok("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(ok("http://localhost:8080", "localhost:8080"));
        assert!(ok("http://192.168.1.20:8080", "192.168.1.20:8080"));
        assert!(ok("http://[::1]:8080", "[::1]:8080"));
        assert!(ok("https://games.example.org", "127.0.0.1:8080"));
        assert!(
            !ok("http://evil.example:8080", "evil.example:8080"),
            "rebinding"
        );
        assert!(!ok("http://evil.example:8080", "127.0.0.1:8080"));
        assert!(origin_allowed(None, Some("x"), &allowed), "not a page");
    }
}

/// The site's `index.html` as this server sends it: with a
/// `<meta name="connect-four-online" content="online">` in its head, which tells the page
/// that online play is here and where (the path of its WebSocket, relative to the page).
/// The `X-Connect-Four-Online` header says it too, but a proxy or a CDN may strip headers;
/// it leaves the page's own words alone.
#[derive(Clone)]
pub struct IndexPage(axum::body::Bytes);

impl IndexPage {
    /// The page, with `lan` (an address another device on the network can open the game
    /// at, when the server listens on every interface) named in it too, for a page opened
    /// at a loopback address to offer instead of its own.
    pub fn new(html: &[u8], lan: Option<&str>) -> IndexPage {
        let mut meta = String::from("<meta name=\"connect-four-online\" content=\"online\">");
        if let Some(lan) = lan {
            meta.push_str(&format!(
                "<meta name=\"connect-four-lan\" content=\"{lan}\">"
            ));
        }
        let meta = meta.as_bytes();
        let at = html.windows(7).position(|w| w == b"</head>").unwrap_or(0);
        let mut page = Vec::with_capacity(html.len() + meta.len());
        page.extend_from_slice(&html[..at]);
        page.extend_from_slice(meta);
        page.extend_from_slice(&html[at..]);
        IndexPage(page.into())
    }
}

/// Serves [`IndexPage`] at `/` and `/index.html`.
pub async fn index(
    axum::extract::State(page): axum::extract::State<IndexPage>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page.0.clone(),
    )
        .into_response()
}
