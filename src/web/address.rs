//! The page's address: the share link a visitor opened, and the address a copied link gets.

use super::options::InviteUrl;
use crate::ui::share::{Link, LinkError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Window;

/// The share link in the page's address, if there is one: read once, then taken off the
/// address, so that a reload shows the game as it has gone on since (it is saved).
pub fn read_link(window: &Window) -> Option<Result<Link, LinkError>> {
    let location = window.location();
    let hash = location.hash().ok()?;
    // The address keeps its fragment percent-encoded; a link is plain ASCII anyway.
    let fragment = js_sys::decode_uri_component(&hash)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or(hash);
    let link = Link::decode(&fragment);
    if matches!(link, Ok(None)) {
        return None;
    }
    if let (Ok(history), Ok(path), Ok(search)) =
        (window.history(), location.pathname(), location.search())
    {
        let _ =
            history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{search}")));
    }
    link.transpose()
}

/// The invite link to `game`, as `how` makes it (the `inviteUrl` option); with `take`, the
/// one-time token that moves a seat, in its fragment. A function that throws or gives no
/// address is said in the console, and this page's address is used.
pub fn invite_link(
    window: &Window,
    how: &InviteUrl,
    game: &str,
    take: Option<&crate::online::Secret>,
) -> String {
    let mut url = made_link(window, how, game);
    if let Some(token) = take {
        url.push_str(if url.contains('#') {
            "&take="
        } else {
            "#take="
        });
        url.push_str(token.as_str());
    }
    url
}

fn made_link(window: &Window, how: &InviteUrl, game: &str) -> String {
    let page = || {
        let href = window.location().href().unwrap_or_default();
        let base = href.split(['?', '#']).next().unwrap_or_default().to_owned();
        format!("{base}#join={game}")
    };
    match how {
        InviteUrl::Page => page(),
        InviteUrl::Base(base) => format!("{base}#join={game}"),
        InviteUrl::Made(make) => {
            let made = make.call1(&JsValue::NULL, &game.into());
            // Resolved against the page, as the option's own address is: a path is sent
            // to the friend as a whole address.
            let href = made.as_ref().ok().and_then(|url| {
                let text = url
                    .as_string()
                    .or_else(|| url.dyn_ref::<web_sys::Url>().map(web_sys::Url::href))?;
                let base = window.document()?.base_uri().ok().flatten()?;
                web_sys::Url::new_with_base(&text, &base)
                    .ok()
                    .map(|u| u.href())
            });
            href.unwrap_or_else(|| {
                let why = match made {
                    Err(e) => super::convert::error_text(&e),
                    Ok(other) => format!("it gave {}", super::convert::describe(&other)),
                };
                web_sys::console::warn_1(
                    &format!("connect-four: inviteUrl gave no address, this page's is used: {why}")
                        .into(),
                );
                page()
            })
        }
    }
}

/// This page's address with `fragment` (a share link's, without `#`).
pub fn with_fragment(window: &Window, fragment: &str) -> String {
    let href = window.location().href().unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}#{fragment}")
}

/// Puts `text` on the clipboard, then calls `answer` with whether that worked. A browser
/// without the clipboard API (or a page not in a secure context) has no `writeText`: the
/// answer is then no.
pub fn copy(window: &Window, text: &str, answer: impl Fn(bool) + Clone + 'static) {
    let clipboard = window.navigator().clipboard();
    let written = js_sys::Reflect::get(&clipboard, &"writeText".into())
        .ok()
        .filter(|f| f.is_function())
        .map(|_| clipboard.write_text(text))
        .unwrap_or_else(|| js_sys::Promise::reject(&JsValue::NULL));
    let then = js_sys::Reflect::get(&written, &"then".into())
        .ok()
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
    let callback = |ok: bool| {
        let answer = answer.clone();
        Closure::once_into_js(move |_: JsValue| answer(ok))
    };
    if let Some(then) = then {
        let _ = then.call2(&written, &callback(true), &callback(false));
    }
}
