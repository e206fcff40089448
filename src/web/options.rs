//! `mount`'s options, defined once: the Rust struct, the list of known keys and the
//! TypeScript interface all come from the one list below.

use crate::engine::Position;
use crate::ui::theme::Theme;
use crate::ui::{PlayerKind, Settings};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Declares `MountOptions`: each option's doc comment, Rust name, JS name, Rust type and
/// TypeScript type. Every option is optional.
macro_rules! mount_options {
    ($( $(#[doc = $doc:literal])* $field:ident / $js:literal : $ty:ty => $ts:literal, )*) => {
        /// Options accepted by `mount`; see the TypeScript interface for each one's meaning.
        #[derive(Debug, Clone, Default, serde::Deserialize)]
        #[serde(default)]
        pub struct MountOptions {
            $( $(#[doc = $doc])* #[serde(rename = $js)] pub $field: Option<$ty>, )*
        }

        impl MountOptions {
            /// The options' names, as JS spells them.
            pub const KEYS: &'static [&'static str] = &[$($js),*];
        }

        #[wasm_bindgen(typescript_custom_section)]
        const TS_MOUNT_OPTIONS: &'static str = concat!(
            "/** Options of `mount`. */\nexport interface MountOptions {\n",
            $( "  /**", $($doc, "\n   *",)* "/\n  ", $js, "?: ", $ts, ";\n", )*
            "}\n"
        );
    };
}

mount_options! {
    /// Pieces appear without falling; the end fade is short. Default: `prefers-reduced-motion`.
    reduced_motion / "reducedMotion": bool => "boolean",
    /// Who plays Red (first): "human" (default) or a computer level.
    red / "red": String => "\"human\" | Level",
    /// Who plays Yellow (second): "human" (default) or a computer level.
    yellow / "yellow": String => "\"human\" | Level",
    /// Show each column's outcome (win in n, draw, loses in n) above the board.
    analysis / "analysis": bool => "boolean",
    /// Colours: "auto" (default: the page's `color-scheme`, then the system's preference),
    /// "light", "dark" or "high-contrast". CSS custom properties on the host element
    /// (`--c4-board`, `--c4-hole`, `--c4-red`, `--c4-yellow`, `--c4-background`, `--c4-text`,
    /// `--c4-focus`) override single colours.
    theme / "theme": String => "\"auto\" | \"light\" | \"dark\" | \"high-contrast\"",
    /// Start from this position, in move notation (e.g. "4453").
    moves / "moves": String => "string",
    /// Where the computer's worker fetches the opening book, relative to the page. Default:
    /// `book.bin` beside the package's `connect_four.js`. Set it if your bundler moves the file.
    book_url / "bookUrl": String => "string",
}

/// What `mount` starts with, once its options are checked.
pub struct Start {
    pub settings: Settings,
    pub position: Position,
    pub theme: Theme,
    /// The opening book's absolute URL, if the options name one.
    pub book_url: Option<String>,
}

/// Reads `mount`'s options argument: `undefined`, `null` or an object with only known keys.
pub fn parse(options: &JsValue) -> Result<MountOptions, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(MountOptions::default());
    }
    if !options.is_object() {
        return Err("invalid mount options: expected an object".into());
    }
    for key in js_sys::Object::keys(options.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !MountOptions::KEYS.contains(&key.as_str()) {
            return Err(format!(
                "invalid mount options: unknown field {key:?}, expected one of {:?}",
                MountOptions::KEYS
            ));
        }
    }
    serde_wasm_bindgen::from_value(options.clone()).map_err(|e| {
        // serde_wasm_bindgen's errors read "Error: ..." (a JS Error's text).
        let e = e.to_string();
        let why = e.strip_prefix("Error: ").unwrap_or(&e);
        format!("invalid mount options: {why}")
    })
}

fn player(value: &Option<String>, who: &str) -> Result<PlayerKind, String> {
    value
        .as_deref()
        .unwrap_or("human")
        .parse()
        .map_err(|e| format!("option {who}: {e}"))
}

impl MountOptions {
    /// Checks the values: the players, the start position and the book's URL (resolved
    /// against `base`, the page's base URI). `reduced_motion` is the page's preference.
    pub fn start(&self, base: &str, reduced_motion: bool) -> Result<Start, String> {
        let settings = Settings {
            players: [player(&self.red, "red")?, player(&self.yellow, "yellow")?],
            reduced_motion: self.reduced_motion.unwrap_or(reduced_motion),
            show_analysis: self.analysis.unwrap_or(false),
        };
        let position = match &self.moves {
            None => Position::new(),
            Some(moves) => Position::from_moves(moves).map_err(|e| format!("option moves: {e}"))?,
        };
        let theme = match &self.theme {
            None => Theme::Auto,
            Some(name) => name.parse().map_err(|e| format!("option theme: {e}"))?,
        };
        let book_url = match &self.book_url {
            None => None,
            Some(url) => Some(
                web_sys::Url::new_with_base(url, base)
                    .map_err(|_| format!("option bookUrl: bad URL {url:?}"))?
                    .href(),
            ),
        };
        Ok(Start {
            settings,
            position,
            theme,
            book_url,
        })
    }
}
