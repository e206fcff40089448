//! Reading the plain objects the page receives (the worker's replies, the server's
//! messages) by hand, field by field: a general deserialiser would cost the page's module
//! tens of KB. A message is an object with one key, its name, whose value holds its fields
//! (`{ move: { id: 3, column: 2 } }`), or a bare string for one without fields.

use super::convert::{describe, whole_number};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A message's name and fields: the value of its one key.
pub struct Body {
    pub name: String,
    value: JsValue,
}

impl Body {
    /// The message `data`, which may also be a bare string: the name of a message
    /// without fields (the server writes those so), whose body is empty.
    pub fn of_named(data: &JsValue) -> Result<Body, String> {
        match data.as_string() {
            Some(name) => Ok(Body {
                name,
                value: JsValue::UNDEFINED,
            }),
            None => Body::of(data),
        }
    }

    /// The message `data`: an object with one key.
    pub fn of(data: &JsValue) -> Result<Body, String> {
        let entries = data
            .dyn_ref::<Object>()
            .filter(|o| !o.is_instance_of::<Array>())
            .map(Object::entries)
            .filter(|entries| entries.length() == 1)
            .ok_or("expected an object with one key")?;
        let entry: Array = entries.get(0).unchecked_into();
        Ok(Body {
            name: entry.get(0).as_string().unwrap_or_default(),
            value: entry.get(1),
        })
    }

    /// Field `key`, as it is (undefined if the body is not an object). The message was
    /// cloned into this thread or parsed from JSON: plain data, whose reads cannot throw.
    fn get(&self, key: &str) -> JsValue {
        match self.value.is_object() {
            true => Reflect::get(&self.value, &key.into()).unwrap_or_default(),
            false => JsValue::UNDEFINED,
        }
    }

    /// Field `key`, read by `read`; an error names it and what it holds if it does not read.
    pub fn field<T>(&self, key: &str, read: impl Fn(&JsValue) -> Option<T>) -> Result<T, String> {
        let value = self.get(key);
        read(&value).ok_or_else(|| self.unread(key, &value))
    }

    /// Why field `key` did not read: it holds `value` (once for every type read).
    #[inline(never)]
    fn unread(&self, key: &str, value: &JsValue) -> String {
        format!("{}.{key} is {}", self.name, describe(value))
    }

    /// Field `key`, or none if it is left out or `null`.
    pub fn optional<T>(
        &self,
        key: &str,
        read: impl Fn(&JsValue) -> Option<T>,
    ) -> Result<Option<T>, String> {
        let value = self.get(key);
        match value.is_undefined() || value.is_null() {
            true => Ok(None),
            false => self.field(key, read).map(Some),
        }
    }
}

/// An id or a byte count.
pub fn count(value: &JsValue) -> Option<u32> {
    whole_number(value, 0.0, u32::MAX.into()).map(|n| n as u32)
}

/// Each item of the array `value`, read by `item`; none if it is not an array, or if an item
/// does not read.
pub fn list<T>(value: &JsValue, item: impl Fn(&JsValue) -> Option<T>) -> Option<Vec<T>> {
    let array: &Array = value.dyn_ref()?;
    // A loop, not `collect`: an iterator's adapters for each type read cost more.
    let mut items = Vec::with_capacity(array.length() as usize);
    for i in 0..array.length() {
        items.push(item(&array.get(i))?);
    }
    Some(items)
}
