//! The `key=value&key=value` text that saved games and share links are written in. Reading
//! it is strict: a bounded length, each part a `key=value`, no key twice, only known keys.
//! What is wrong is said with at most a short quote of the input.

use crate::engine::error::quoted as quote;

/// The fields of one text, in order, each key once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Fields<'a> {
    /// Splits `text`, of at most `max_len` bytes, into fields: the first part that is not a
    /// `key=value`, or the first repeated key, refuses the whole text.
    pub fn read(text: &'a str, max_len: usize) -> Result<Fields<'a>, String> {
        let (fields, problems) = Self::read_each(text, max_len)?;
        match problems.into_iter().next() {
            Some(first) => Err(first),
            None => Ok(fields),
        }
    }

    /// Splits `text`, of at most `max_len` bytes, into fields, passing over each part that
    /// is not a `key=value` and each key's later repeats: they come back as problems, and
    /// the rest of the text still reads.
    pub fn read_each(text: &'a str, max_len: usize) -> Result<(Fields<'a>, Vec<String>), String> {
        if text.len() > max_len {
            return Err(format!("{} bytes is too long", text.len()));
        }
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        let mut problems = Vec::new();
        for part in text.split('&') {
            match part.split_once('=') {
                None => problems.push(format!("{} is not key=value", quote(part))),
                Some((key, _)) if pairs.iter().any(|(k, _)| *k == key) => {
                    problems.push(format!("{} appears twice", quote(key)))
                }
                Some(pair) => pairs.push(pair),
            }
        }
        Ok((Fields { pairs }, problems))
    }

    /// Each key not in `known`, said as a problem.
    pub fn unknown(&self, known: &[&str]) -> Vec<String> {
        let mut unknown = Vec::new();
        for (key, _) in &self.pairs {
            if !known.contains(key) {
                unknown.push(format!("unknown field {}", quote(key)));
            }
        }
        unknown
    }

    /// Refuses a key not in `known`.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        match self.unknown(known).into_iter().next() {
            Some(first) => Err(first),
            None => Ok(()),
        }
    }

    /// The value of `key`, if it is there.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// The value of `key`, which must be there.
    pub fn need(&self, key: &str) -> Result<&'a str, String> {
        self.get(key).ok_or_else(|| missing(key))
    }

    /// The value of `key` read with `parse`, if it is there; a bad value names the key.
    pub fn parse<T, E>(
        &self,
        key: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => parse(value).map(Some).map_err(|_| bad(key, value)),
        }
    }
}

/// Why the value of `key` was not read (once for every type read: a copy of the message's
/// formatting each cost the module its bytes).
#[inline(never)]
fn bad(key: &str, value: &str) -> String {
    format!("{key}: {}", quote(value))
}

impl Fields<'_> {
    /// The value of `key` read with `parse`; it must be there.
    pub fn require<T, E>(
        &self,
        key: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<T, String> {
        self.parse(key, parse)?.ok_or_else(|| missing(key))
    }
}

/// Why a field that must be there is not.
#[inline(never)]
fn missing(key: &str) -> String {
    format!("no {key}")
}

/// A `0` or `1` flag.
pub fn flag(value: &str) -> Result<bool, &'static str> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err("not 0 or 1"),
    }
}

/// A count or an id: plain digits only (no sign, no space), at most 9 of them.
pub fn number(value: &str) -> Result<u32, &'static str> {
    if value.is_empty() || value.len() > 9 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err("not a plain number");
    }
    value.parse().map_err(|_| "not a plain number")
}

/// A flag written as `0` or `1`.
pub fn flag_text(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: [&str; 3] = ["a", "b", "n"];

    #[test]
    fn reads_known_fields_once_each() {
        let f = Fields::read("a=1&n=12&b=", 50).unwrap();
        assert_eq!(f.get("a"), Some("1"));
        assert_eq!(f.get("b"), Some(""));
        assert_eq!(f.need("n"), Ok("12"));
        assert_eq!(f.parse("n", str::parse::<u32>), Ok(Some(12)));
        assert_eq!(f.parse("c", str::parse::<u32>), Ok(None));
        assert_eq!(f.parse("a", flag), Ok(Some(true)));
        assert!(f.parse("b", flag).unwrap_err().starts_with("b: \"\""));
        assert_eq!(
            Fields::read("b=x", 50).unwrap().need("a"),
            Err("no a".into())
        );
    }

    #[test]
    fn refuses_what_is_not_fields() {
        for (text, why) in [
            ("", "not key=value"),
            ("a", "not key=value"),
            ("a=1&&b=2", "not key=value"),
            ("a=1&a=2", "appears twice"),
            ("a=1&zz=2", "unknown field \"zz\""),
            ("a=1234567890", "too long"),
        ] {
            let e = Fields::read(text, 10)
                .and_then(|f| f.only(&KNOWN))
                .unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
        let e = Fields::read(&format!("{}=1", "k".repeat(500)), 1000)
            .and_then(|f| f.only(&KNOWN))
            .unwrap_err();
        assert!(e.len() < 80, "{e}");
    }
}
