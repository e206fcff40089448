//! JSON text written by hand, for what the wasm modules hand to JavaScript: the events'
//! details, the worker's requests, the server's messages from the page, the solver's answers.
//! serde's serialiser cost the page's module 11 KB of code (one copy of each field's writer
//! per type); this is one writer, told each value through `&dyn Json`. The native tests
//! check each shape against the one written out in the test, or against serde's where a type
//! keeps serde for the server.

use std::fmt::Write;

/// A value that writes itself as JSON.
pub trait Json {
    fn write(&self, out: &mut Out);
}

/// JSON text being written.
#[derive(Default)]
pub struct Out {
    text: String,
    /// Whether the next field or element needs a comma before it.
    comma: bool,
}

impl Out {
    /// Opens an object: its fields follow, then [`Out::end`].
    pub fn begin(&mut self) {
        self.text.push('{');
        self.comma = false;
    }

    /// Closes an object.
    pub fn end(&mut self) {
        self.text.push('}');
        self.comma = true;
    }

    /// A field of the open object.
    pub fn field(&mut self, key: &str, value: &dyn Json) {
        self.key(key);
        value.write(self);
        self.comma = true;
    }

    /// A field's key in the open object: its value follows.
    pub fn key(&mut self, key: &str) {
        self.separate();
        write_str(&mut self.text, key);
        self.text.push(':');
    }

    /// An object of `fields`.
    pub fn object(&mut self, fields: &[(&str, &dyn Json)]) {
        self.begin();
        for (key, value) in fields {
            self.field(key, *value);
        }
        self.end();
    }

    fn separate(&mut self) {
        if self.comma {
            self.text.push(',');
        }
    }

    fn raw(&mut self, text: &str) {
        self.text.push_str(text);
        self.comma = true;
    }

    fn integer(&mut self, n: i64) {
        let _ = write!(self.text, "{n}");
        self.comma = true;
    }

    fn list(&mut self, items: &mut dyn Iterator<Item = &dyn Json>) {
        self.text.push('[');
        self.comma = false;
        for item in items {
            self.separate();
            item.write(self);
            self.comma = true;
        }
        self.text.push(']');
        self.comma = true;
    }
}

/// An object of these fields, as a value.
pub struct Object<'a>(pub &'a [(&'a str, &'a dyn Json)]);

impl Json for Object<'_> {
    fn write(&self, out: &mut Out) {
        out.object(self.0);
    }
}

/// `value` as JSON text.
pub fn to_string(value: &dyn Json) -> String {
    let mut out = Out::default();
    value.write(&mut out);
    out.text
}

/// `s` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
fn write_str(text: &mut String, s: &str) {
    text.push('"');
    for c in s.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(text, "\\u{:04x}", u32::from(c));
            }
            c => text.push(c),
        }
    }
    text.push('"');
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn write(&self, out: &mut Out) {
                out.integer(*self as i64);
            }
        }
    )*};
}
integers!(u8, u16, u32, i32, usize);

impl Json for bool {
    fn write(&self, out: &mut Out) {
        out.raw(if *self { "true" } else { "false" });
    }
}

impl Json for str {
    fn write(&self, out: &mut Out) {
        write_str(&mut out.text, self);
        out.comma = true;
    }
}

impl Json for String {
    fn write(&self, out: &mut Out) {
        self.as_str().write(out);
    }
}

impl<T: Json + ?Sized> Json for &T {
    fn write(&self, out: &mut Out) {
        (**self).write(out);
    }
}

/// `None` is `null`.
impl<T: Json> Json for Option<T> {
    fn write(&self, out: &mut Out) {
        match self {
            Some(value) => value.write(out),
            None => out.raw("null"),
        }
    }
}

impl<T: Json> Json for [T] {
    fn write(&self, out: &mut Out) {
        out.list(&mut self.iter().map(|item| item as &dyn Json));
    }
}

impl<T: Json> Json for Vec<T> {
    fn write(&self, out: &mut Out) {
        self.as_slice().write(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn read(value: &dyn Json) -> Value {
        serde_json::from_str(&to_string(value)).expect("valid JSON")
    }

    #[test]
    fn values_are_written_as_json_reads_them() {
        assert_eq!(read(&7u8), json!(7));
        assert_eq!(read(&-3i32), json!(-3));
        assert_eq!(read(&u32::MAX), json!(u32::MAX));
        assert_eq!(read(&true), json!(true));
        assert_eq!(read(&None::<u8>), Value::Null);
        assert_eq!(read(&vec![Some(1), None, Some(-2)]), json!([1, null, -2]));
        assert_eq!(read(&Vec::<Vec<u8>>::new()), json!([]));
        assert_eq!(read(&vec![vec![1u8, 2], vec![]]), json!([[1, 2], []]));
    }

    #[test]
    fn strings_are_escaped() {
        let tricky = "a \"quoted\" back\\slash, a\nnew line, a tab\t, \u{1} and é ✓";
        assert_eq!(read(&tricky), json!(tricky));
        assert_eq!(to_string(&"\u{1f}"), "\"\\u001f\"");
    }

    #[test]
    fn objects_nest_and_separate_their_fields() {
        struct Inner;
        impl Json for Inner {
            fn write(&self, out: &mut Out) {
                out.object(&[("a", &1u8), ("b", &vec![2u8, 3])]);
            }
        }
        let mut out = Out::default();
        out.object(&[
            ("first", &Inner),
            ("list", &vec![Inner, Inner]),
            ("last", &"x"),
        ]);
        let text = out.text;
        assert_eq!(
            serde_json::from_str::<Value>(&text).unwrap(),
            json!({"first": {"a": 1, "b": [2, 3]}, "list": [{"a": 1, "b": [2, 3]}, {"a": 1, "b": [2, 3]}], "last": "x"})
        );
        // A message named by its key, as `ToServer::encode` writes one.
        let fields: [(&str, &dyn Json); 2] = [("game", &"abc"), ("column", &3u8)];
        let message = to_string(&Object(&[("move", &Object(&fields))]));
        assert_eq!(message, r#"{"move":{"game":"abc","column":3}}"#);
        let mut out = Out::default();
        out.object(&[]);
        assert_eq!(out.text, "{}");
    }
}
