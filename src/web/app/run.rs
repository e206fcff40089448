//! Every call into a game (an event's, a callback's, the host's through its handle): the
//! game runs it unless it is gone or busy, then the events it raised are fired with the
//! game no longer borrowed, and the games destroyed meanwhile are taken down.

use super::teardown::take_down_pending;
use super::{App, Shared};
use std::cell::RefCell;
use std::rc::Weak;

/// Runs `f` on the app unless it is gone or already busy (a re-entrant DOM event), then
/// fires the events it raised, with the app no longer borrowed.
pub(super) fn with_app(weak: &Weak<RefCell<App>>, f: impl FnOnce(&mut App)) {
    if let Some(shared) = weak.upgrade() {
        let _ = run_app(&shared, |app| {
            if !app.destroyed {
                f(app)
            }
        });
    }
}

/// Runs `f` on the app, then fires the events it raised; `None` if the app is busy (called
/// from inside one of its own DOM callbacks). Games destroyed meanwhile are then taken down.
pub fn run_app<T>(shared: &Shared, f: impl FnOnce(&mut App) -> T) -> Option<T> {
    let (mut f, mut result) = (Some(f), None);
    run(shared, &mut |app| result = f.take().map(|f| f(app)));
    result
}

/// [`run_app`]'s work, once for every caller (a generic copy each cost the module 2 KB).
#[inline(never)]
fn run(shared: &Shared, f: &mut dyn FnMut(&mut App)) {
    let (host, events) = {
        let Ok(mut app) = shared.try_borrow_mut() else {
            return;
        };
        f(&mut app);
        let change = app.controller.change();
        let mut events = std::mem::take(&mut app.events);
        events.extend(change);
        (app.view.host.clone(), events)
    };
    crate::web::host::dispatch(&host, events);
    take_down_pending();
}
