//! Errors of the rules engine. Each carries the data that explains it.

use super::Player;
use std::fmt;

/// Why a move was refused. A refused move leaves the position unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The column index is outside `0..width`, the board's width.
    InvalidColumn { column: usize, width: u8 },
    /// The column has no empty cell left.
    ColumnFull { column: usize },
    /// The game has already ended; `winner` is `None` for a draw.
    GameOver { winner: Option<Player> },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayError::InvalidColumn { column, width } => write!(
                f,
                "invalid column {column}: expected an integer from 0 to {}",
                width - 1
            ),
            PlayError::ColumnFull { column } => write!(
                f,
                "column {column} is full (column {} in move notation)",
                column + 1
            ),
            PlayError::GameOver { winner: Some(p) } => {
                write!(f, "the game is over: player {} has won", p.number())
            }
            PlayError::GameOver { winner: None } => {
                write!(f, "the game is over: it ended in a draw")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a move string could not be read or replayed.
///
/// `index` is the 0-based position of the offending character in the string; the message
/// names the move 1-based ("move 3"), as a person counts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ParseMovesError {
    /// The character is not a column digit from `1` to the board's `width`.
    InvalidCharacter {
        index: usize,
        character: char,
        width: u8,
    },
    /// The digit names a column, but the move is illegal in the position reached so far.
    IllegalMove { index: usize, error: PlayError },
}

impl ParseMovesError {
    /// The 0-based index of the failing move in the string.
    pub fn index(&self) -> usize {
        match *self {
            ParseMovesError::InvalidCharacter { index, .. }
            | ParseMovesError::IllegalMove { index, .. } => index,
        }
    }
}

/// Its message: a derived `Debug` would write the character with `{:?}`, which brings
/// Unicode's tables of printable characters into the page's module (16 KB).
impl fmt::Debug for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseMovesError::InvalidCharacter {
                index,
                character: character @ '1'..='9',
                width,
            } => write!(
                f,
                "invalid move {} ({}): column {character} is off this board, \
                 which has {width} columns (a digit from 1 to {width})",
                index + 1,
                quoted_char(character)
            ),
            ParseMovesError::InvalidCharacter {
                index,
                character,
                width,
            } => write!(
                f,
                "invalid move {} ({}): expected a column digit from 1 to {width}",
                index + 1,
                quoted_char(character)
            ),
            ParseMovesError::IllegalMove { index, error } => match error {
                PlayError::ColumnFull { column } => write!(
                    f,
                    "illegal move {} ('{}'): column {} is full",
                    index + 1,
                    column + 1,
                    column + 1
                ),
                PlayError::GameOver { .. } => write!(
                    f,
                    "illegal move {}: {error}, so no more moves can be played",
                    index + 1
                ),
                PlayError::InvalidColumn { .. } => {
                    write!(f, "illegal move {}: {error}", index + 1)
                }
            },
        }
    }
}

impl std::error::Error for ParseMovesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseMovesError::IllegalMove { error, .. } => Some(error),
            ParseMovesError::InvalidCharacter { .. } => None,
        }
    }
}

/// `text` in quotes for an error message, with quotes, backslashes and control characters
/// escaped as Rust writes them (`\"`, `\\`, `\n`, `\u{1c}`), cut after about 40 characters
/// of that (then "…"), so that a huge input never makes a huge message, nor does a short
/// one of characters that need escaping (`\u{1c}` is 6 for 1).
/// A character in single quotes, escaped as [`quoted`] escapes text, as Rust's `{:?}`
/// writes it for the characters people type (`'x'`, `'\n'`). `{:?}` itself would bring
/// Unicode's tables of printable characters into the page's module: 16 KB.
pub fn quoted_char(c: char) -> String {
    match c {
        '\'' => "'\\''".to_owned(),
        '"' => "'\"'".to_owned(),
        c => {
            let text = quoted(c.encode_utf8(&mut [0; 4]));
            format!("'{}'", text.trim_matches('"'))
        }
    }
}

pub fn quoted(text: &str) -> String {
    const MOST: usize = 40;
    let mut out = String::from('"');
    let mut shown = 0;
    let mut buffer = [0; 4];
    let mut control;
    for c in text.chars() {
        let escaped: &str = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\0' => "\\0",
            c if c.is_control() => {
                control = format!("\\u{{{:x}}}", c as u32);
                &control
            }
            c => c.encode_utf8(&mut buffer),
        };
        shown += escaped.chars().count();
        if shown > MOST {
            out.push_str("\"…");
            return out;
        }
        out.push_str(escaped);
    }
    out.push('"');
    out
}

/// Names in quotes, separated by commas (`"a", "b"`), for an error that lists the choices.
pub fn quoted_list(names: &[&str]) -> String {
    let mut list = crate::joined::Joined::new(", ");
    for name in names {
        list.push(&format!("\"{name}\""));
    }
    list.text()
}

/// Names in quotes, the last after "or" (`"a", "b" or "c"`), for an error that says which
/// one was expected.
pub fn quoted_choices(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => format!("\"{last}\""),
        Some((last, rest)) => format!("{} or \"{last}\"", quoted_list(rest)),
        None => String::new(),
    }
}

/// The name in `names` closest to `key`, an unknown one (a typo, another case), if one is
/// close enough to be what was meant: for an error's "did you mean".
pub fn closest<'a>(key: &str, names: &[&'a str]) -> Option<&'a str> {
    names
        .iter()
        .map(|name| (edit_distance(key, name), *name))
        .filter(|&(d, name)| d <= 2.max(name.len() / 5))
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// `" (did you mean "name"?)"` for the name in `names` closest to `key`, or nothing.
pub fn did_you_mean(key: &str, names: &[&str]) -> String {
    closest(key, names).map_or_else(String::new, |name| format!(" (did you mean \"{name}\"?)"))
}

/// How many one-byte edits turn `a` into `b`, ignoring ASCII case (Levenshtein over bytes:
/// the names are ASCII, and anything else is far from all of them anyway).
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row = Vec::new();
    for j in 0..=b.len() {
        row.push(j);
    }
    for (i, ca) in a.bytes().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(!ca.eq_ignore_ascii_case(cb)));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod quoting {
    use super::{closest, did_you_mean, edit_distance, quoted, quoted_choices, quoted_list};

    #[test]
    fn a_character_is_quoted_as_debug_quotes_it() {
        for c in [
            'x', '0', ' ', '\n', '\t', '\\', '\'', '"', 'é', '\u{7}', '\0',
        ] {
            assert_eq!(super::quoted_char(c), format!("{c:?}"), "{}", c as u32);
        }
    }

    #[test]
    fn an_unknown_name_gets_the_closest_known_one() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        let names = ["columns", "rows", "yellow", "red"];
        assert_eq!(closest("colums", &names), Some("columns"));
        assert_eq!(closest("Yelow", &names), Some("yellow"));
        assert_eq!(closest("zzzzzzzz", &names), None);
        assert_eq!(did_you_mean("rws", &names), " (did you mean \"rows\"?)");
        assert_eq!(did_you_mean("theme", &names), "");
    }

    #[test]
    fn lists_are_quoted() {
        assert_eq!(quoted_list(&["red", "yellow"]), "\"red\", \"yellow\"");
        assert_eq!(quoted_list(&[]), "");
        assert_eq!(quoted_choices(&["a", "b", "c"]), "\"a\", \"b\" or \"c\"");
        assert_eq!(quoted_choices(&["a"]), "\"a\"");
        assert_eq!(quoted_choices(&[]), "");
    }

    #[test]
    fn long_inputs_are_cut() {
        assert_eq!(quoted("4453"), "\"4453\"");
        let long = "x".repeat(1_000_000);
        let q = quoted(&long);
        assert!(q.len() < 50 && q.ends_with('…'), "{q}");
        assert_eq!(quoted(&"é".repeat(40)), format!("{:?}", "é".repeat(40)));
        assert_eq!(quoted("a\"b\n"), format!("{:?}", "a\"b\n"));
        assert_eq!(quoted("\\\t\r\0\u{7f}"), format!("{:?}", "\\\t\r\0\u{7f}"));
        // Characters that escape long are counted as written.
        let q = quoted(&"\u{1c}".repeat(40));
        assert!(
            q.len() < 50 && q.starts_with("\"\\u{1c}") && q.ends_with('…'),
            "{q}"
        );
    }
}
