//! Games destroyed while busy (a `destroy()` from one of their own callbacks): taken down
//! as soon as they are free.

use super::Shared;
use std::cell::RefCell;

thread_local! {
    /// Games whose `destroy()` came while they were busy: taken down once they are free.
    static PENDING: RefCell<Vec<Shared>> = const { RefCell::new(Vec::new()) };
}

/// Takes a game down now, or as soon as it is free if it is busy (a `destroy()` from one of
/// its own callbacks, such as a focus handler the game set off).
pub fn destroy(app: Shared) {
    let busy = match app.try_borrow_mut() {
        Ok(mut game) => {
            game.destroy();
            false
        }
        Err(_) => true,
    };
    if busy {
        PENDING.with(|d| d.borrow_mut().push(app));
    }
}

/// Takes down the games that were busy when destroyed and are free now.
pub(super) fn take_down_pending() {
    let pending = PENDING.with(|d| std::mem::take(&mut *d.borrow_mut()));
    for app in pending {
        destroy(app);
    }
}
