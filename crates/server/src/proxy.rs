//! The client's address behind a reverse proxy. For a connection from a peer that
//! `--trust-proxy` names, the client is the rightmost address of `X-Forwarded-For` (or else
//! of `Forwarded`'s `for=`) that is not itself a trusted proxy: the addresses left of it
//! were written by the client, and could say anything. From any other peer the headers are
//! ignored, so that nobody can forge an address by sending them.

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::net::IpAddr;

/// The proxies whose forwarding headers are believed.
#[derive(Debug, Clone, Default)]
pub struct Trusted(Vec<IpNet>);

impl std::fmt::Display for Trusted {
    /// `127.0.0.1/32,10.0.0.0/8`, or `(none)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(none)");
        }
        let all: Vec<String> = self.0.iter().map(IpNet::to_string).collect();
        f.write_str(&all.join(","))
    }
}

impl Trusted {
    /// From `--trust-proxy` values: a CIDR (`10.0.0.0/8`, `fd00::/8`) or one address.
    pub fn parse(values: &[String]) -> Result<Trusted, String> {
        values
            .iter()
            .map(|value| {
                let value = value.trim();
                value
                    .parse::<IpNet>()
                    .or_else(|_| value.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| {
                        format!(
                            "--trust-proxy {value:?}: expected an address or a CIDR block, \
                             such as 127.0.0.1 or 10.0.0.0/8"
                        )
                    })
            })
            .collect::<Result<_, _>>()
            .map(Trusted)
    }

    /// How many blocks are trusted.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `addr` is a trusted proxy (an IPv4 address mapped into IPv6 counts as
    /// itself).
    pub fn trusts(&self, addr: IpAddr) -> bool {
        let addr = addr.to_canonical();
        self.0.iter().any(|net| net.contains(&addr))
    }

    /// The client's address for a request from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let chain = forwarded_for(headers);
        // Right to left: the first address no trusted proxy holds is the client. A chain
        // of proxies only, or no header at all, leaves the peer.
        chain
            .iter()
            .rev()
            .find(|addr| !self.trusts(**addr))
            .copied()
            .or_else(|| chain.first().copied())
            .unwrap_or(peer)
            .to_canonical()
    }
}

/// The addresses the request passed through, client first: `X-Forwarded-For`'s if there
/// is one, else `Forwarded`'s `for=`. An entry that is not an address (`unknown`, an
/// obfuscated name) ends the chain there: nothing left of it is known.
fn forwarded_for(headers: &HeaderMap) -> Vec<IpAddr> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|part| part.trim().to_owned())
            .collect()
    };
    let xff = values("x-forwarded-for");
    let entries: Vec<Option<IpAddr>> = if !xff.is_empty() {
        xff.iter().map(|part| address(part)).collect()
    } else {
        values("forwarded")
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(key, _)| key.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, value)| address(value))
            })
            .collect()
    };
    // Only the known tail counts.
    let known = entries
        .iter()
        .rposition(Option::is_none)
        .map_or(0, |i| i + 1);
    entries[known..].iter().flatten().copied().collect()
}

/// An address as the headers write it: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`,
/// `[2001:db8::1]:4711`, any of them in double quotes.
fn address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(addr) = text.parse::<IpAddr>() {
        return Some(addr);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    let (host, port) = text.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_its_own_address_whatever_it_sends() {
        let trusted = Trusted::parse(&["10.0.0.0/8".into()]).unwrap();
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        assert_eq!(trusted.client(ip("192.0.2.9"), &h), ip("192.0.2.9"));
        assert_eq!(
            Trusted::default().client(ip("10.0.0.1"), &h),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn the_rightmost_untrusted_address_is_the_client() {
        let trusted = Trusted::parse(&["127.0.0.1".into(), "10.0.0.0/8".into()]).unwrap();
        let peer = ip("127.0.0.1");
        // The client wrote 6.6.6.6 itself; the proxy appended what it saw.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.1.2.3")]);
        assert_eq!(trusted.client(peer, &h), ip("198.51.100.7"));
        // Two headers read as one list.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "203.0.113.5"),
        ]);
        assert_eq!(trusted.client(peer, &h), ip("203.0.113.5"));
        // Nothing but proxies: the first of them.
        let h = headers(&[("x-forwarded-for", "10.0.0.2, 10.0.0.3")]);
        assert_eq!(trusted.client(peer, &h), ip("10.0.0.2"));
        // No header: the proxy itself.
        assert_eq!(trusted.client(peer, &HeaderMap::new()), peer);
        // An IPv4 peer seen as IPv6.
        let h = headers(&[("x-forwarded-for", "198.51.100.7")]);
        assert_eq!(
            trusted.client(ip("::ffff:127.0.0.1"), &h),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let trusted = Trusted::parse(&["::1".into()]).unwrap();
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6, for=\"[2001:db8:cafe::17]:4711\";proto=https, for=::1",
        )]);
        assert_eq!(trusted.client(ip("::1"), &h), ip("2001:db8:cafe::17"));
        let h = headers(&[(
            "forwarded",
            "for=192.0.2.60:8080;proto=http;by=203.0.113.43",
        )]);
        assert_eq!(trusted.client(ip("::1"), &h), ip("192.0.2.60"));
        // An unknown hop: nothing left of it is believed, nothing right of it is a client.
        let h = headers(&[("forwarded", "for=6.6.6.6, for=unknown")]);
        assert_eq!(trusted.client(ip("::1"), &h), ip("::1"));
    }

    #[test]
    fn bad_values_are_refused_with_an_example() {
        assert!(Trusted::parse(&["10.0.0.0/33".into()])
            .unwrap_err()
            .contains("CIDR"));
        assert!(Trusted::parse(&["nginx".into()]).is_err());
        assert!(Trusted::parse(&["fd00::/8".into(), " 127.0.0.1 ".into()]).is_ok());
    }
}
