//! Conversions between engine values and the plain JS objects of the API.

#[cfg(feature = "ui")]
use crate::engine::{Cell, Column};
use crate::engine::{Position, Size};
use crate::json::Json;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse`, with anything it throws caught.
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    pub fn json_parse(text: &str) -> Result<JsValue, JsValue>;
}

/// A plain JS value: `None` becomes `null` (not `undefined`), objects are plain objects. It goes through JSON text and `JSON.parse`, which makes its objects and
/// arrays without running any of the page's code: a setter a page put on
/// `Object.prototype` or `Array.prototype` (say, one that calls back into the game) is not
/// called while the wasm object is in use.
pub fn to_js(value: &dyn Json) -> JsValue {
    // The text is valid JSON (crate::json's tests): if it ever were not, `undefined` is
    // safer than a panic.
    json_parse(&crate::json::to_string(value)).unwrap_or(JsValue::UNDEFINED)
}

/// A JS `Error` whose message is this error's text.
pub fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Checks an integer coming from JS: a number with no fraction in `min..=max`. The error
/// names the value `what` and says what was expected.
pub fn integer_from_js(value: &JsValue, what: &str, min: u64, max: u64) -> Result<u64, JsError> {
    match whole_number(value, min as f64, max as f64) {
        Some(n) => Ok(n as u64),
        None => {
            // The largest a JS number holds exactly, as people write it.
            let expected = if max == MAX_SAFE_INTEGER {
                format!("an integer from {min} to 2^53 - 1")
            } else {
                format!("an integer from {min} to {max}")
            };
            Err(JsError::new(&format!(
                "invalid {what} {}: expected {expected}",
                describe(value)
            )))
        }
    }
}

/// `value` if it is a number with no fraction in `min..=max`.
pub fn whole_number(value: &JsValue, min: f64, max: f64) -> Option<f64> {
    let n = value.as_f64()?;
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// The largest integer a JS number holds exactly.
pub const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// Checks a column coming from JS for a board `width` wide: an integer from 0 to
/// `width - 1`, of type number. (The page's module only: `Game` and the handle.)
#[cfg(feature = "ui")]
pub fn column_from_js(value: &JsValue, width: usize) -> Result<Column, JsError> {
    let index = integer_from_js(value, "column", 0, width as u64 - 1)?;
    Column::try_from(index as usize).map_err(js_error)
}

/// `options` if it is an object with no key but `known`, `None` if it is missing
/// (`undefined` or `null`); an error otherwise, naming the key it does not know. `what`
/// names the options in errors ("Solver", "Game").
pub fn options_object(
    options: Option<JsValue>,
    known: &[&str],
    what: &str,
) -> Result<Option<JsValue>, JsError> {
    let options = match options {
        None => return Ok(None),
        Some(o) if o.is_undefined() || o.is_null() => return Ok(None),
        // A plain object: not an array, nor one of the package's own objects (a `Game`
        // passed where its options go), which would read as options with odd names.
        Some(o) if o.is_object() && !js_sys::Array::is_array(&o) && !is_wasm_object(&o) => o,
        Some(o) => {
            return Err(JsError::new(&format!(
                "{what} options must be a plain object, such as {{ columns: 8, rows: 7 }}, not {}",
                describe(&o)
            )))
        }
    };
    // Through a call that catches: a Proxy whose `ownKeys` throws is an error here.
    let keys = js_sys::Reflect::own_keys(options.unchecked_ref()).map_err(|e| {
        JsError::new(&format!(
            "could not list the {what} options: {}",
            error_text(&e)
        ))
    })?;
    for key in keys.iter() {
        if let Some(key) = key.as_string().filter(|key| !known.contains(&key.as_str())) {
            return Err(JsError::new(&format!(
                "unknown {what} option {}{}, expected one of {}",
                crate::engine::error::quoted(&key),
                crate::engine::error::did_you_mean(&key, known),
                crate::engine::error::quoted_list(known)
            )));
        }
    }
    Ok(Some(options))
}

/// `options[name]`, once `options` is known to be an object: its own property only, so
/// that a property on `Object.prototype` is no option. `undefined` if it has none.
pub fn option(options: &JsValue, name: &str) -> Result<JsValue, JsError> {
    let key = JsValue::from_str(name);
    let unreadable = |_| JsError::new(&format!("could not read options.{name}"));
    let own = js_sys::Reflect::get_own_property_descriptor(
        options.unchecked_ref::<js_sys::Object>(),
        &key,
    )
    .map_err(unreadable)?;
    if own.is_undefined() {
        return Ok(JsValue::UNDEFINED);
    }
    js_sys::Reflect::get(options, &key).map_err(unreadable)
}

/// Whether `value` is one of the package's wasm objects (a `Game`, a `Solver`, a handle).
fn is_wasm_object(value: &JsValue) -> bool {
    js_sys::Reflect::has(value, &JsValue::from_str("__wbg_ptr")).unwrap_or(false)
}

/// `options[name]` as an integer in `min..=max`, or `None` if it is not given.
pub fn integer_option(
    options: &JsValue,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, JsError> {
    let value = option(options, name)?;
    if value.is_undefined() {
        return Ok(None);
    }
    integer_from_js(&value, name, min, max).map(Some)
}

/// The board size in `options.columns` and `options.rows`: each an integer from 4 to 9, of
/// type number (7 and 6 when not given).
pub fn size_from_options(options: &JsValue) -> Result<Size, JsError> {
    let side = |name: &str, default: usize| -> Result<usize, JsError> {
        let (min, max) = (Size::MIN as u64, Size::MAX as u64);
        let given = integer_option(options, name, min, max)?;
        Ok(given.map_or(default, |n| n as usize))
    };
    let classic = Size::CLASSIC;
    let (columns, rows) = (
        side("columns", classic.width())?,
        side("rows", classic.height())?,
    );
    Size::new(columns, rows).map_err(js_error)
}

/// The text of a JS error (or of any thrown value).
pub fn error_text(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| describe(e))
}

/// A number as JS prints it (`String(x)`). Rust's float formatting would add its own
/// 15 KB to the page's module; the browser already has one.
pub fn number(x: f64) -> String {
    // Radix 10 never throws.
    js_sys::Number::from(x)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// A length in CSS pixels, for a style property.
#[cfg(feature = "ui")]
pub fn px(x: f64) -> String {
    number(x) + "px"
}

/// A short description of a JS value for error messages.
pub fn describe(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        // NaN, Infinity, -1, 3.5, as JS prints them.
        number(n)
    } else if let Some(s) = value.as_string() {
        format!("{} (a string)", crate::engine::error::quoted(&s))
    } else if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else if let Some(b) = value.as_bool() {
        format!("{b} (a boolean)")
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else if value.is_function() {
        "a function".into()
    } else if value.is_object() {
        // Named by its class where it has one (a Game, a URL, a Map); read through calls
        // that catch, since a Proxy's traps may throw.
        let name = js_sys::Reflect::get(value, &JsValue::from_str("constructor"))
            .and_then(|c| js_sys::Reflect::get(&c, &JsValue::from_str("name")))
            .ok()
            .and_then(|n| n.as_string())
            .filter(|n| !n.is_empty() && n != "Object");
        match name {
            Some(name) => format!("a {name} object"),
            None => "an object".into(),
        }
    } else {
        format!(
            "of type {}",
            value.js_typeof().as_string().unwrap_or_default()
        )
    }
}

/// Replays a move string coming from JS on a board of `size`: it must be a string of digits
/// from 1 to the board's width naming legal moves.
pub fn position_from_js(moves: &JsValue, size: Size) -> Result<Position, JsError> {
    let Some(text) = moves.as_string() else {
        return Err(JsError::new(&format!(
            "invalid move string {}: expected a string of digits 1-{}",
            describe(moves),
            size.width()
        )));
    };
    Position::from_moves_on(size, &text).map_err(js_error)
}

/// The board as rows of numbers, top row first.
#[cfg(feature = "ui")]
pub fn board_to_js(position: &Position) -> JsValue {
    to_js(&position.board())
}

#[cfg(feature = "ui")]
pub fn cells_to_js(cells: &[Cell]) -> JsValue {
    to_js(&cells)
}

/// The player's local date, as days after 1970-01-01: the daily puzzle's, and the day an
/// online game ended.
pub fn today() -> i64 {
    let now = js_sys::Date::new_0();
    let utc = js_sys::Date::utc(f64::from(now.get_full_year()), f64::from(now.get_month()));
    // Date.UTC(year, month) is the month's first day; add the days gone.
    ((utc / 86_400_000.0).floor() as i64) + i64::from(now.get_date()) - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::*;

    #[wasm_bindgen_test]
    fn numbers_read_as_js_writes_them() {
        assert_eq!(number(3.0), "3");
        assert_eq!(number(-0.5), "-0.5");
        assert_eq!(number(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(number(f64::NAN), "NaN");
        assert_eq!(number(f64::NEG_INFINITY), "-Infinity");
        #[cfg(feature = "ui")]
        assert_eq!(px(12.25), "12.25px");
        assert_eq!(describe(&JsValue::from(7)), "7");
        assert_eq!(describe(&JsValue::from_str("x")), "\"x\" (a string)");
    }
}
