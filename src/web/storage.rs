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

/// Saves `text` under `key`; a full or forbidden store is passed over.
pub fn save(key: &str, text: &str) {
    if let Some(store) = store() {
        let _ = store.set_item(key, text);
    }
}
