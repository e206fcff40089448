//! The app's side of online play: what the connection to the game's server says goes to
//! the controller, and its effects are carried out.

use super::App;
use crate::web::online::{Heard, OnlineSocket};

impl App {
    /// What the connection to the game's server says.
    pub(super) fn heard(&mut self, heard: Heard) {
        let now = self.now();
        let effects = match heard {
            Heard::Opened => {
                // The seat the page creates or joins is held by a secret it makes itself,
                // so that a try whose answer was lost is known when it comes again.
                if let Some(secret) = crate::web::online::new_secret() {
                    self.controller.online_claim(secret);
                }
                self.stamp_today();
                self.controller.online_opened(now)
            }
            Heard::Beat => {
                self.stamp_today();
                self.controller.online_beat(now, js_sys::Math::random())
            }
            Heard::Network(online) => self
                .controller
                .online_network(online, js_sys::Math::random()),
            Heard::Message(message) => self.controller.online_message(message, now),
            // The wait before the next try is spread, so pages do not all come back at once.
            Heard::Closed => self.controller.online_closed(js_sys::Math::random()),
            Heard::Blocked(why) => {
                web_sys::console::warn_1(
                    &format!(
                        "connect-four: the browser would not connect to the game's server: {why}"
                    )
                    .into(),
                );
                self.controller.online_blocked(now)
            }
        };
        self.apply(effects);
    }

    /// Tells the controller the day, for a game that ends (the list of recent ones): when
    /// the connection opens and at each heartbeat, not at every message.
    fn stamp_today(&mut self) {
        let today = crate::web::convert::today().clamp(0, u32::MAX.into());
        self.controller.set_today(today as u32);
    }

    /// Puts `url` on the clipboard; the game then says whether that worked.
    pub(super) fn copy(&self, url: String) {
        let me = self.me.clone();
        crate::web::address::copy(&self.window, &url, move |ok| {
            super::run::with_app(&me, |a| a.copied(ok))
        });
    }

    /// The clipboard took a link (`ok`), or gave none (a page over plain http): then the
    /// invite link's box, if it shows, is selected for a copy by hand.
    pub(super) fn copied(&mut self, ok: bool) {
        use crate::ui::command::Copied;
        let copied = match ok {
            true => Copied::Done,
            false if self.view.panels.online.select_link() => Copied::Selected,
            false => Copied::Refused,
        };
        self.run(crate::ui::Command::LinkCopied(copied));
    }

    /// The game server's address, from the options (`None`: online play is not offered).
    pub(super) fn set_online(&mut self) {
        let url = self.choice.online.clone();
        let name = crate::web::storage::load(crate::web::online::NAME_KEY).unwrap_or_default();
        self.controller
            .set_online(url.is_some(), OnlineSocket::kept_secrets(), &name);
        self.online.set_url(url);
    }
}
