//! Tells the host page what happened: each [`Event`] becomes a `CustomEvent` fired on the
//! host element, bubbling and composed (it crosses shadow roots), with its `detail`.

use super::convert::to_js;
use crate::ui::event::Event;
use web_sys::{CustomEvent, CustomEventInit, HtmlElement};

/// Fires `events` on `host`, in order. Call it with no borrow of the game held: a listener
/// may call the game's handle.
pub fn dispatch(host: &HtmlElement, events: Vec<Event>) {
    for event in events {
        let init = CustomEventInit::new();
        init.set_bubbles(true);
        init.set_composed(true);
        init.set_detail(&to_js(&event));
        if let Ok(e) = CustomEvent::new_with_event_init_dict(event.name(), &init) {
            let _ = host.dispatch_event(&e);
        }
    }
}
