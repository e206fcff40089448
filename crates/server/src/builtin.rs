//! The site built into the binary (the `embed-site` feature: Trunk's `dist/`, built before
//! the server), so that hosting is one file to copy. Served as `--site` serves a folder:
//! the compressed copies made with the site (`.br`, `.gz`) when the browser takes them,
//! an ETag from each file's digest, nothing that starts with a dot, 404 for the rest.

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

#[cfg(feature = "embed-site")]
#[derive(rust_embed::Embed)]
#[folder = "../../dist"]
struct Dist;

/// Whether this binary has a site built in.
pub fn present() -> bool {
    file("index.html").is_some()
}

/// A built-in file: its bytes, its type and its digest.
struct File {
    bytes: std::borrow::Cow<'static, [u8]>,
    mime: String,
    digest: [u8; 32],
}

#[cfg(feature = "embed-site")]
fn file(path: &str) -> Option<File> {
    let file = Dist::get(path)?;
    Some(File {
        mime: file.metadata.mimetype().to_owned(),
        digest: file.metadata.sha256_hash(),
        bytes: file.data,
    })
}

#[cfg(not(feature = "embed-site"))]
fn file(_path: &str) -> Option<File> {
    None
}

/// The built-in `index.html`, if there is one.
pub fn index_html() -> Option<Vec<u8>> {
    file("index.html").map(|f| f.bytes.into_owned())
}

/// Serves the built-in site's file at `uri` (GET and HEAD).
pub async fn serve(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let Some(parts) = crate::site::url_parts(uri.path()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut name = parts.join("/");
    // A folder's address (a last `/`, written or `%2F`) names its index.
    let folder = uri.path().ends_with('/') || uri.path().to_ascii_lowercase().ends_with("%2f");
    if folder || name.is_empty() {
        name = if name.is_empty() {
            "index.html".into()
        } else {
            format!("{name}/index.html")
        };
    }
    let Some(found) = file(&name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let accepts = |coding: &str| {
        headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|c| {
                let mut fields = c.split(';');
                let named = fields.next().is_some_and(|n| n.trim() == coding);
                let refused =
                    fields.any(|q| matches!(q.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
                named && !refused
            })
    };
    let compressed = [("br", ".br"), ("gzip", ".gz")]
        .into_iter()
        .filter(|(coding, _)| accepts(coding))
        .find_map(|(coding, suffix)| Some((coding, file(&format!("{name}{suffix}"))?)));
    let etag = |digest: &[u8; 32], coding: &str| {
        let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        format!(
            "\"{hex}{}{coding}\"",
            if coding.is_empty() { "" } else { "-" }
        )
    };
    let (body, coding, tag) = match compressed {
        Some((coding, copy)) => (copy.bytes, Some(coding), etag(&found.digest, coding)),
        None => (found.bytes, None, etag(&found.digest, "")),
    };
    let not_modified = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match body {
            std::borrow::Cow::Borrowed(bytes) => bytes.into_response(),
            std::borrow::Cow::Owned(bytes) => bytes.into_response(),
        }
    };
    let h = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&found.mime) {
        h.insert(header::CONTENT_TYPE, value);
    }
    if let Ok(value) = HeaderValue::from_str(&tag) {
        h.insert(header::ETAG, value);
    }
    if let Some(coding) = coding {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    response
}
