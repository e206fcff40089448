//! `mount`'s options, defined once: the Rust struct, the list of known keys and the
//! TypeScript interface all come from the one list below.

use crate::engine::{Position, Size};
use crate::ui::text::{Texts, TS_TEXTS};
use crate::ui::theme::Theme;
use crate::ui::{PlayerKind, Settings};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Declares `MountOptions`: each option's doc comment, Rust name, JS name, Rust type and
/// TypeScript type. Every option is optional.
macro_rules! mount_options {
    ($( $(#[doc = $doc:literal])* $field:ident / $js:literal : $ty:ty => $ts:literal, )*) => {
        /// Options accepted by `mount`; see the TypeScript interface for each one's meaning.
        #[derive(Debug, Clone, Default)]
        pub struct MountOptions {
            $( $(#[doc = $doc])* pub $field: Option<$ty>, )*
        }

        impl MountOptions {
            /// The options' names, as JS spells them.
            pub const KEYS: &'static [&'static str] = &[$($js),*];

            /// Reads each option from `object`, a plain copy of the options.
            fn read(object: &js_sys::Object) -> Result<MountOptions, String> {
                Ok(MountOptions { $( $field: read_option(object, $js)?, )* })
            }
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
    /// The landing click and the end's cue, synthesised. Default: off; the player can turn
    /// it on in the settings, and with `storageKey` their choice is saved.
    sound / "sound": bool => "boolean",
    /// Where the game saves itself in `localStorage` (the position and the player's
    /// choices), so that a reload keeps it: a key of the host's, such as
    /// `"connect-four:home"`. Default: none, nothing is saved. `""` saves nothing.
    storage_key / "storageKey": String => "string",
    /// Colours: "auto" (default: the page's `color-scheme`, then the system's preference),
    /// "light", "dark" or "high-contrast". CSS custom properties on the host element
    /// (`--c4-board`, `--c4-accent`, `--c4-red`… every colour has one: see the package's
    /// README, "Theming") override single colours.
    theme / "theme": String => "\"auto\" | \"light\" | \"dark\" | \"high-contrast\"",
    /// Replaces any of the game's texts (player names included), e.g. to speak another
    /// language: `{ red: "Rot", yellow: "Gelb", toMove: "{player} ist am Zug" }`. Each
    /// `texts` replaces the one set before: the texts it leaves out are the defaults
    /// (`defaultTexts`), so `{}` or `null` brings every default back.
    texts / "texts": Vec<(String, String)> => "Partial<Texts> | null",
    /// The board's columns, 4 to 9 (default 7). A size the game is not on starts a new game
    /// on it.
    columns / "columns": f64 => "number",
    /// The board's rows, 4 to 9 (default 6).
    rows / "rows": f64 => "number",
    /// Start from this position, in move notation (e.g. "4453"), on the board's size.
    moves / "moves": String => "string",
    /// Where the computer's worker fetches the opening book, relative to the page. Default:
    /// `book.bin` beside the package's `connect_four.js`. Set it if your bundler moves the file.
    book_url / "bookUrl": String => "string | URL",
    /// Share links: the game opens what the page address's fragment shows
    /// (`#moves=4453&yellow=hard`, `#moves=4453&review=2`, `#puzzle=12`), and offers a Copy
    /// link button. Read when the game is mounted. Default: false (the fragment is the
    /// host page's own).
    links / "links": bool => "boolean",
    /// The address of your game server's WebSocket (`connect-four-server`'s `/online`, e.g.
    /// `"wss://games.example.com/online"`; `http(s)` and relative addresses are turned into
    /// `ws(s)`): the main choice then offers "A friend online", a game against a friend on
    /// another device through an invite link. Default: none, online play is not offered.
    /// `""` turns it off.
    online / "online": String => "string | URL",
    /// The address an invite link sends the friend to, with `#join=<game>` after it: a
    /// base URL (relative to the page), or a function from the game's id to the whole
    /// address. Default: this page's address without its query or fragment.
    invite_url / "inviteUrl": InviteOption => "string | URL | ((game: string) => string | URL)",
    /// An online game to join, by its id (what follows `#join=` in an invite link): the game
    /// opens it as the invite link would, when mounted or at `setOptions`. Needs `online`.
    join / "join": String => "string",
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TEXTS_SECTION: &'static str = TS_TEXTS;

/// The English texts, by their JS names: the package's entry exports them, frozen, as
/// `defaultTexts`.
#[wasm_bindgen(js_name = __defaultTexts, skip_typescript)]
pub fn default_texts() -> js_sys::Object {
    let texts = js_sys::Object::new();
    for (key, text) in Texts::defaults() {
        let _ = js_sys::Reflect::set(&texts, &key.into(), &text.into());
    }
    texts
}

/// The game's options once checked: what `mount` starts with, and what `setOptions` changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub settings: Settings,
    pub theme: Theme,
    /// The opening book's absolute URL, if the options name one.
    pub book_url: Option<String>,
    /// A position to start from, if the options give one.
    pub moves: Option<Position>,
    /// The board's size, if the options give one: the game is on it.
    pub size: Option<Size>,
    pub texts: Texts,
    /// Where the game saves itself, if the options name a place ("" for nowhere).
    pub storage_key: Option<String>,
    /// Share links are on (the `links` option).
    pub links: bool,
    /// What the page's address asked for, if share links are on and it asked: a link, or
    /// why it was refused.
    pub link: Option<Result<crate::ui::share::Link, crate::ui::share::LinkError>>,
    /// The record and the solved puzzles the saved game kept.
    pub record: crate::ui::stats::Record,
    pub solved: crate::ui::puzzle::Solved,
    /// The recent online games the saved game kept.
    pub played: crate::ui::played::Recent,
    /// The puzzle the saved game had open, if it had one.
    pub puzzle: Option<u32>,
    /// The saved game that starts was played with help (the record counts it apart).
    pub helped: bool,
    /// The game server's WebSocket address (`ws:` or `wss:`), if online play is offered.
    pub online: Option<String>,
    /// The online game the saved game had open, if it had one.
    pub online_game: Option<crate::online::GameId>,
    /// Where invite links send the friend.
    pub invite_url: InviteUrl,
    /// The online game the options ask to join (the `join` option): opened once, not kept.
    pub join: Option<crate::online::GameId>,
}

/// Where invite links send the friend (the `inviteUrl` option).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum InviteUrl {
    /// This page's address, without its query or fragment.
    #[default]
    Page,
    /// This address (absolute, without a fragment).
    Base(String),
    /// What this function of the game's id gives.
    Made(js_sys::Function),
}

/// The `inviteUrl` option as given: a string or a function.
#[derive(Debug, Clone)]
pub struct InviteOption(JsValue);

impl OptionValue for InviteOption {
    fn from_js(value: &JsValue) -> Result<InviteOption, String> {
        match value.is_string() || value.is_function() {
            true => Ok(InviteOption(value.clone())),
            false => Err(expected("a URL or a function", value)),
        }
    }
}

impl Choice {
    /// Before any option: two people, the page's motion preference, the theme `auto`.
    pub fn defaults(reduced_motion: bool) -> Choice {
        Choice {
            settings: Settings::embedded(reduced_motion),
            theme: Theme::Auto,
            book_url: None,
            moves: None,
            size: None,
            texts: Texts::default(),
            storage_key: None,
            links: false,
            link: None,
            record: Default::default(),
            solved: Default::default(),
            played: Default::default(),
            puzzle: None,
            helped: false,
            online: None,
            online_game: None,
            invite_url: InviteUrl::Page,
            join: None,
        }
    }
}

/// The `columns` or `rows` option (`name`): a whole number from 4 to 9, or `current` if it
/// is left out.
fn side(value: Option<f64>, name: &str, current: usize) -> Result<usize, String> {
    match value {
        None => Ok(current),
        Some(n) if n.fract() == 0.0 && (Size::MIN as f64..=Size::MAX as f64).contains(&n) => {
            Ok(n as usize)
        }
        Some(n) => Err(format!(
            "{name}: expected a whole number from {} to {}, not {}",
            Size::MIN,
            Size::MAX,
            super::convert::describe(&JsValue::from_f64(n))
        )),
    }
}

/// A plain copy of the object `value`'s own string-keyed properties, each read through a call
/// that catches (a throwing getter or Proxy trap is an error, `what` and why); `allow`
/// checks each key.
fn plain_copy(
    value: &JsValue,
    what: &str,
    allow: impl Fn(&str) -> Result<(), String>,
) -> Result<js_sys::Object, String> {
    let fail = |why: String| format!("{what}: {why}");
    let thrown = |e: JsValue| crate::engine::error::quoted(&super::convert::error_text(&e));
    let target: &js_sys::Object = value.unchecked_ref();
    let keys = js_sys::Reflect::own_keys(target)
        .map_err(|e| fail(format!("could not list its keys: {}", thrown(e))))?;
    let copy = js_sys::Object::new();
    for key in keys.iter() {
        // Symbol keys are not options.
        let Some(name) = key.as_string() else {
            continue;
        };
        allow(&name).map_err(fail)?;
        let value = js_sys::Reflect::get(target, &key)
            .map_err(|e| fail(format!("could not read {name}: {}", thrown(e))))?;
        if !value.is_undefined() {
            let _ = js_sys::Reflect::set(&copy, &key, &value);
        }
    }
    Ok(copy)
}

/// Reads `mount`'s options argument: `undefined`, `null` or an object with only known keys.
pub fn parse(options: &JsValue) -> Result<MountOptions, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(MountOptions::default());
    }
    if !options.is_object() {
        return Err("invalid mount options: expected an object".into());
    }
    // Read once, into a plain object, through calls that catch: a getter or a Proxy trap
    // that throws becomes an error here instead of unwinding through wasm.
    let options = plain_copy(options, "invalid mount options", |key| {
        if MountOptions::KEYS.contains(&key) {
            Ok(())
        } else {
            Err(format!(
                "unknown field {}{}, expected one of {}",
                crate::engine::error::quoted(key),
                crate::engine::error::did_you_mean(key, MountOptions::KEYS),
                crate::engine::error::quoted_list(MountOptions::KEYS)
            ))
        }
    })?;
    let read = |what: &str, e: JsValue| {
        format!(
            "invalid mount options: could not read {what}: {}",
            crate::engine::error::quoted(&super::convert::error_text(&e))
        )
    };
    // A URL object stands for its address.
    for key in ["bookUrl", "online", "inviteUrl"] {
        let url = js_sys::Reflect::get(&options, &key.into()).unwrap_or_default();
        if url.dyn_ref::<web_sys::Url>().is_some() {
            let href = js_sys::Reflect::get(&url, &"href".into()).map_err(|e| read(key, e))?;
            let _ = js_sys::Reflect::set(&options, &key.into(), &href);
        }
    }
    // The texts, too, are read through calls that catch; `null` is no texts of the host's.
    let texts = js_sys::Reflect::get(&options, &"texts".into()).unwrap_or_default();
    if texts.is_null() {
        let _ = js_sys::Reflect::set(&options, &"texts".into(), &js_sys::Object::new());
    } else if texts.is_object() {
        let texts = plain_copy(&texts, "invalid mount options: texts", |_| Ok(()))?;
        let _ = js_sys::Reflect::set(&options, &"texts".into(), &texts);
    }
    MountOptions::read(&options).map_err(|why| format!("invalid mount options: {why}"))
}

/// A type an option can have, read from its JS value (a plain copy's: reading it cannot
/// throw); an error says why not, after the option's name (`": expected a string, not 7"`).
trait OptionValue: Sized {
    fn from_js(value: &JsValue) -> Result<Self, String>;
}

/// Why `value` is not `what` ("a string"), after an option's name.
fn expected(what: &str, value: &JsValue) -> String {
    format!(": expected {what}, not {}", super::convert::describe(value))
}

impl OptionValue for bool {
    fn from_js(value: &JsValue) -> Result<bool, String> {
        value.as_bool().ok_or_else(|| expected("a boolean", value))
    }
}

impl OptionValue for f64 {
    fn from_js(value: &JsValue) -> Result<f64, String> {
        value.as_f64().ok_or_else(|| expected("a number", value))
    }
}

impl OptionValue for String {
    fn from_js(value: &JsValue) -> Result<String, String> {
        value.as_string().ok_or_else(|| expected("a string", value))
    }
}

/// The `texts` option: each text's JS name and its replacement, in the object's order. An
/// error names the text that is not a string (`".red: expected a string, not 5"`).
impl OptionValue for Vec<(String, String)> {
    fn from_js(value: &JsValue) -> Result<Self, String> {
        let object: &js_sys::Object = value
            .dyn_ref()
            .ok_or_else(|| expected("an object of strings", value))?;
        let entries = js_sys::Object::entries(object);
        let mut texts = Vec::with_capacity(entries.length() as usize);
        for entry in entries.iter() {
            let entry: js_sys::Array = entry.unchecked_into();
            let key = entry.get(0).as_string().unwrap_or_default();
            let text = String::from_js(&entry.get(1)).map_err(|why| format!(".{key}{why}"))?;
            texts.push((key, text));
        }
        Ok(texts)
    }
}

/// The option `key` of `object`: none if it is left out (or `null`), an error if it is not
/// what the option takes.
fn read_option<T: OptionValue>(object: &js_sys::Object, key: &str) -> Result<Option<T>, String> {
    let value = js_sys::Reflect::get(object, &key.into()).unwrap_or_default();
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    T::from_js(&value).map(Some).map_err(|why| named(key, &why))
}

/// `why`, after the option's name (once for every type read).
#[inline(never)]
fn named(key: &str, why: &str) -> String {
    format!("{key}{why}")
}

impl MountOptions {
    /// These options over `base`: what they leave out stays as `base` has it. Relative
    /// URLs resolve against `base_uri` (the page's). An invalid value is an error, worded
    /// as a value of the wrong type is, and then nothing changes.
    pub fn over(&self, base: &Choice, base_uri: &str) -> Result<Choice, String> {
        self.choice(base, base_uri)
            .map_err(|why| format!("invalid mount options: {why}"))
    }

    /// [`MountOptions::over`], with the error naming the option and why.
    fn choice(&self, base: &Choice, base_uri: &str) -> Result<Choice, String> {
        fn pick<T, E: std::fmt::Display>(
            value: &Option<String>,
            name: &str,
            current: T,
        ) -> Result<T, String>
        where
            T: std::str::FromStr<Err = E>,
        {
            match value {
                None => Ok(current),
                Some(v) => v.parse().map_err(|e| format!("{name}: {e}")),
            }
        }
        let [red, yellow] = base.settings.players;
        let settings = Settings {
            players: [
                pick::<PlayerKind, _>(&self.red, "red", red)?,
                pick::<PlayerKind, _>(&self.yellow, "yellow", yellow)?,
            ],
            reduced_motion: self.reduced_motion.unwrap_or(base.settings.reduced_motion),
            show_analysis: self.analysis.unwrap_or(base.settings.show_analysis),
            sound: self.sound.unwrap_or(base.settings.sound),
        };
        // A size the options give; the one they leave out stays as it was.
        let size = match (self.columns, self.rows) {
            (None, None) => base.size,
            (columns, rows) => {
                let was = base.size.unwrap_or_default();
                let columns = side(columns, "columns", was.width())?;
                let rows = side(rows, "rows", was.height())?;
                Some(Size::new(columns, rows).map_err(|e| format!("columns and rows: {e}"))?)
            }
        };
        let moves = match &self.moves {
            // A start on another size than the one asked for is not the game asked for.
            None => base.moves.filter(|p| size.is_none_or(|s| p.size() == s)),
            Some(moves) => Some(
                Position::from_moves_on(size.unwrap_or_default(), moves)
                    .map_err(|e| format!("moves: {e}"))?,
            ),
        };
        let book_url = match &self.book_url {
            None => base.book_url.clone(),
            Some(url) => Some(
                web_sys::Url::new_with_base(url, base_uri)
                    .map_err(|_| format!("bookUrl: bad URL {}", crate::engine::error::quoted(url)))?
                    .href(),
            ),
        };
        let online = match self.online.as_deref() {
            None => base.online.clone(),
            Some("") => None,
            Some(url) => Some(socket_url(url, base_uri)?),
        };
        // Texts given replace those set before, over the defaults.
        let mut texts = match &self.texts {
            Some(_) => Texts::default(),
            None => base.texts.clone(),
        };
        for (key, value) in self.texts.iter().flatten() {
            if !texts.set(key, value.clone()) {
                let guess = crate::engine::error::did_you_mean(
                    key,
                    &Texts::KEYS.iter().collect::<Vec<_>>(),
                );
                return Err(format!(
                    "texts: unknown text {}{guess}; the texts' names are the keys of defaultTexts",
                    crate::engine::error::quoted(key),
                ));
            }
        }
        let join = match &self.join {
            None => None,
            Some(_) if online.is_none() => {
                return Err(
                    "join: online play is off: give the online option (your game \
                            server's address) too"
                        .into(),
                )
            }
            Some(id) => Some(
                crate::online::GameId::try_from(id.clone()).map_err(|e| format!("join: {e}"))?,
            ),
        };
        Ok(Choice {
            settings,
            texts,
            theme: pick(&self.theme, "theme", base.theme)?,
            book_url,
            moves,
            size,
            storage_key: self.storage_key.clone().or(base.storage_key.clone()),
            links: self.links.unwrap_or(base.links),
            link: base.link.clone(),
            record: base.record,
            solved: base.solved.clone(),
            played: base.played.clone(),
            puzzle: base.puzzle,
            helped: base.helped,
            online,
            online_game: base.online_game.clone(),
            invite_url: match &self.invite_url {
                None => base.invite_url.clone(),
                Some(InviteOption(value)) => invite_url(value, base_uri)?,
            },
            join,
        })
    }
}

/// The `inviteUrl` option: a function as it is, an address resolved against `base_uri`
/// without its fragment, `""` the default.
fn invite_url(value: &JsValue, base_uri: &str) -> Result<InviteUrl, String> {
    if let Some(make) = value.dyn_ref::<js_sys::Function>() {
        return Ok(InviteUrl::Made(make.clone()));
    }
    let url = value.as_string().unwrap_or_default();
    if url.is_empty() {
        return Ok(InviteUrl::Page);
    }
    let parsed = web_sys::Url::new_with_base(&url, base_uri)
        .map_err(|_| format!("inviteUrl: bad URL {}", crate::engine::error::quoted(&url)))?;
    parsed.set_hash("");
    Ok(InviteUrl::Base(parsed.href()))
}

/// The `online` option's WebSocket address: `url` resolved against `base_uri`, with `http`
/// made `ws` and `https` made `wss`.
fn socket_url(url: &str, base_uri: &str) -> Result<String, String> {
    let bad = |why: &str| format!("online: {why} {}", crate::engine::error::quoted(url));
    let parsed = web_sys::Url::new_with_base(url, base_uri).map_err(|_| bad("bad URL"))?;
    let protocol = match parsed.protocol().as_str() {
        "ws:" | "http:" => "ws:",
        "wss:" | "https:" => "wss:",
        _ => return Err(bad("expected a ws:, wss:, http: or https: address, not")),
    };
    parsed.set_protocol(protocol);
    parsed.set_hash("");
    Ok(parsed.href())
}
