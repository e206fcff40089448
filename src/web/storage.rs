//! Where a game keeps itself across reloads: `localStorage`, under a key of its own. A page
//! that forbids storage (a sandboxed frame, a privacy setting) simply gets no saving.

/// The page's `localStorage`, if it may be used.
fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text saved under `key`, if there is one.
pub fn load(key: &str) -> Option<String> {
    store()?.get_item(key).ok().flatten()
}

/// Every text saved under a key that starts with `prefix`: the rest of its key, and the text.
pub fn with_prefix(prefix: &str) -> Vec<(String, String)> {
    let Some(store) = store() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for i in 0..store.length().unwrap_or(0) {
        let Some(key) = store.key(i).ok().flatten() else {
            continue;
        };
        if let (Some(rest), Ok(Some(text))) = (key.strip_prefix(prefix), store.get_item(&key)) {
            found.push((rest.to_owned(), text));
        }
    }
    found
}

/// Saves `text` under `key` (the empty text: none, the key goes); a full or forbidden
/// store is passed over.
pub fn save(key: &str, text: &str) {
    if let Some(store) = store() {
        let _ = match text.is_empty() {
            true => store.remove_item(key),
            false => store.set_item(key, text),
        };
    }
}

/// Keeps `text`, which could not be read, under a key of its own beside `key`
/// (`key:unreadable`, then `:unreadable-2`… so an earlier one is never overwritten), before
/// the game saves over it. Returns the key it went under, if it could be kept.
pub fn keep_apart(key: &str, text: &str) -> Option<String> {
    let store = store()?;
    (1..=9).find_map(|n| {
        let apart = match n {
            1 => format!("{key}:unreadable"),
            n => format!("{key}:unreadable-{n}"),
        };
        match store.get_item(&apart).ok()? {
            Some(kept) if kept == text => Some(apart),
            Some(_) => None,
            None => store.set_item(&apart, text).ok().map(|()| apart),
        }
    })
}
