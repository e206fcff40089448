//! The online game's panel, in the controls' place while a game against a friend online is
//! played (the turn line above the board says what is going on): what may come, the invite
//! link (with Copy link, and the system's share sheet where the browser has one), Resign,
//! Rematch, Claim the win, the review once it is over, and Back.

use crate::online::{Role, Seat};
use crate::ui::mirror::OnlineView;
use crate::ui::text::Key;
use crate::ui::{Command, Play};
use crate::web::dom::{append, attr, el, set_attr, set_hidden, text};
use crate::web::labels::Labels;
use crate::web::labels::Text;
use crate::web::labels::{tree, Part};
use crate::web::panels::Listener;
use crate::web::parts::text_button;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlInputElement};

pub struct OnlinePanel {
    pub section: HtmlElement,
    note: HtmlElement,
    /// The series' score: "You 3 – 1 Yellow".
    score: HtmlElement,
    /// The invite link's label and box, and its buttons.
    invite: HtmlElement,
    /// The box's label: the invite's, or the link's that moves the seat.
    invite_label: HtmlElement,
    continue_label: HtmlElement,
    link: HtmlInputElement,
    copy: HtmlButtonElement,
    share: HtmlButtonElement,
    resign: HtmlButtonElement,
    rematch: HtmlButtonElement,
    claim: HtmlButtonElement,
    review: HtmlButtonElement,
    /// Continue on another device.
    hand: HtmlButtonElement,
    back: HtmlButtonElement,
    /// Resign, Rematch, Claim the win, Review, Leave game: hidden while a question asks.
    actions: HtmlElement,
    /// The colour chooser before the game is created: Red, Yellow, Random; and Create.
    setup: HtmlElement,
    colours: Vec<HtmlInputElement>,
    create: HtmlButtonElement,
    /// The name the person goes by, and its box.
    name_label: HtmlElement,
    name: HtmlInputElement,
    /// The reactions' buttons.
    reactions: HtmlElement,
    /// The reactions' buttons, in `crate::online::REACTIONS`' order.
    reacts: Vec<HtmlButtonElement>,
    /// Resign's or Leave's question, its button that confirms it, and Keep playing.
    ask: HtmlElement,
    question: HtmlElement,
    confirm: HtmlButtonElement,
    keep: HtmlButtonElement,
    /// Where invite links send the friend (the `inviteUrl` option): set by the app.
    pub invite_url: crate::web::options::InviteUrl,
}

/// The browser's `navigator.share`, where it has one.
fn share_sheet() -> Option<(web_sys::Navigator, js_sys::Function)> {
    let navigator = web_sys::window()?.navigator();
    let share = js_sys::Reflect::get(&navigator, &"share".into()).ok()?;
    Some((navigator, share.dyn_into().ok()?))
}

impl OnlinePanel {
    pub fn build(doc: &Document, labels: &mut Labels) -> Result<OnlinePanel, JsValue> {
        // The panel's elements, from one table (each under the last one less deep before
        // it): cheaper for the page's module than a call for each.
        const B: &str = "c4-btn";
        const PRIMARY: &str = "c4-btn c4-primary";
        #[rustfmt::skip]
        const NODES: &[Part] = &[
            (0, "div", "c4-online-setup", None),          // 0
            (0, "p", "c4-online-score", None),            // 1
            (0, "p", "c4-online-note", None),             // 2
            (0, "div", "c4-reactions", None),             // 3
            (0, "div", "c4-invite", None),                // 4
            (1, "label", "", None),                       // 5
            (2, "span", "", Some(Key::invite_link)),      // 6
            (2, "span", "", Some(Key::continue_link)),    // 7
            (2, "input", "", None),                       // 8: the link
            (1, "button", PRIMARY, Some(Key::copy_invite)), // 9
            (1, "button", B, Some(Key::share_invite)),    // 10
            (1, "p", "c4-help", Some(Key::invite_local)), // 11
            (1, "p", "c4-help", None),                    // 12: elsewhere
            (2, "span", "", Some(Key::invite_elsewhere)), // 13
            (2, "br", "", None),                          // 14
            (2, "a", "", None),                           // 15: the address there
            (0, "label", "c4-online-name", None),         // 16
            (1, "span", "", Some(Key::online_name)),      // 17
            (1, "input", "", None),                       // 18: the name
            (0, "div", "c4-online-ask", None),            // 19
            (1, "p", "", None),                           // 20: the question
            (1, "button", PRIMARY, None),                 // 21: confirm
            (1, "button", B, Some(Key::size_keep)),       // 22
            (0, "div", "c4-actions", None),               // 23
            (1, "button", PRIMARY, Some(Key::rematch)),   // 24
            (1, "button", B, Some(Key::claim_win)),       // 25
            (1, "button", B, Some(Key::review)),          // 26
            (1, "button", B, Some(Key::resign)),          // 27
            (1, "button", B, Some(Key::online_hand)),     // 28
            (1, "button", B, Some(Key::online_leave)),    // 29
            (0, "p", "c4-help", Some(Key::online_fair)),  // 30
        ];
        let section: HtmlElement = el(doc, "section", "c4-online");
        labels.attr(&section, "aria-label", Key::online);
        section.set_hidden(true);
        let parts = tree(doc, labels, &section, NODES);
        let part = |i: usize| parts[i].clone();
        let button = |i: usize| parts[i].clone().unchecked_into::<HtmlButtonElement>();
        let input = |i: usize| parts[i].clone().unchecked_into::<HtmlInputElement>();
        let (link, name) = (input(8), input(18));
        for field in [&link, &name] {
            field.set_type("text");
            attr(field, "spellcheck", "false");
        }
        link.set_read_only(true);
        name.set_max_length(crate::online::NAME_MAX as i32);
        attr(&name, "autocomplete", "nickname");
        let share = button(10);
        share.set_hidden(share_sheet().is_none());
        let (local, elsewhere, lan) = (part(11), part(12), part(15));
        // A link to a loopback address opens nowhere else: said (the page's address does not
        // change), with the address the server named for its network if it did
        // (`<meta name="connect-four-lan">`). Only on the server's own site (`make serve`,
        // which the note names): a page that embeds the game is its host's to serve.
        let host = web_sys::window()
            .and_then(|w| w.location().hostname().ok())
            .unwrap_or_default();
        let own_site = matches!(
            doc.query_selector("meta[name=connect-four-online]"),
            Ok(Some(_))
        );
        let here_only =
            own_site && (host == "localhost" || host == "[::1]" || host.starts_with("127."));
        let named = here_only
            .then(|| {
                doc.query_selector("meta[name=connect-four-lan]")
                    .ok()??
                    .get_attribute("content")
            })
            .flatten()
            .filter(|url| url.starts_with("http"));
        if let Some(url) = &named {
            attr(&lan, "href", url);
            text(&lan, url);
        }
        local.set_hidden(!here_only || named.is_some());
        elsewhere.set_hidden(named.is_none());
        let setup = part(0);
        let choice = format!("c4-{}-colour", crate::web::controls::game_number());
        let choices = vec![
            (None, "red", Text::Of(Key::red)),
            (None, "yellow", Text::Of(Key::yellow)),
            (None, "random", Text::Of(Key::online_random)),
        ];
        let colours = crate::web::controls::segments(
            doc,
            &setup,
            labels,
            "c4-colours",
            &choice,
            Key::you_play,
            choices,
        )?;
        let mut inputs = Vec::new();
        for (_, input) in colours {
            inputs.push(input);
        }
        let create = text_button(doc, labels, PRIMARY, Key::online_create);
        append(&setup, &create);
        // Each reaction a button with its words as its name (the emoji alone says little).
        let reactions = part(3);
        attr(&reactions, "role", "group");
        labels.attr(&reactions, "aria-label", Key::reactions);
        let mut reacts = Vec::new();
        for (i, emoji) in crate::online::REACTIONS.iter().enumerate() {
            let b = crate::web::dom::button(doc, "c4-btn c4-reaction", emoji);
            labels.made(&b, Some("aria-label"), move |t| {
                t.reaction(i as u8).to_owned()
            });
            append(&reactions, &b);
            reacts.push(b);
        }
        let ask = part(19);
        attr(&ask, "role", "group");
        ask.set_hidden(true);
        for i in [9, 10, 21, 22, 24, 25, 26, 27, 28, 29] {
            button(i).set_type("button");
        }
        Ok(OnlinePanel {
            section,
            note: part(2),
            score: part(1),
            invite: part(4),
            invite_label: part(6),
            continue_label: part(7),
            link,
            copy: button(9),
            share,
            resign: button(27),
            rematch: button(24),
            claim: button(25),
            review: button(26),
            hand: button(28),
            back: button(29),
            actions: part(23),
            setup,
            colours: inputs,
            create,
            name_label: part(16),
            name,
            reactions,
            reacts,
            ask,
            question: part(20),
            confirm: button(21),
            keep: button(22),
            invite_url: Default::default(),
        })
    }

    /// Rematch once the game is over, the invite link while the friend has not come,
    /// otherwise Back; while an online game shows.
    pub fn main_control(&self) -> Option<&HtmlElement> {
        if self.section.hidden() {
            None
        } else if !self.rematch.hidden() {
            Some(&self.rematch)
        } else if !self.invite.hidden() {
            Some(&self.link)
        } else {
            Some(&self.back)
        }
    }

    /// What the panel listens to, and the commands it gives.
    pub fn listeners(&self) -> Vec<Listener> {
        let link = self.link.clone();
        let select = self.link.clone();
        let sheet = self.share.clone();
        let mut listeners = vec![
            Listener::click(&self.copy, Command::CopyLink),
            Listener::click(&self.resign, Command::Resign),
            Listener::click(&self.rematch, Command::Online(Play::Rematch)),
            Listener::click(&self.claim, Command::Online(Play::ClaimWin)),
            Listener::click(&self.review, Command::Review),
            Listener::click(&self.back, Command::Back),
            Listener::click(&self.hand, Command::Online(Play::Hand)),
            Listener::click(&self.confirm, Command::Confirm(true)),
            Listener::click(&self.create, Command::Online(Play::Create)),
            Listener {
                target: self.name.clone().into(),
                event: "change",
                read: Box::new(|_| Some(Command::Online(Play::NameChanged))),
            },
            // A colour chosen ("random": none).
            Listener {
                target: self.setup.clone(),
                event: "change",
                read: Box::new(|event| {
                    let input: HtmlInputElement = event.target()?.dyn_into().ok()?;
                    Some(Command::Online(Play::Colour(Seat::named(&input.value()))))
                }),
            },
            Listener::click(&self.keep, Command::Confirm(false)),
            // The system's share sheet is the browser's own: nothing for the game to decide.
            Listener {
                target: self.share.clone().into(),
                event: "click",
                read: Box::new(move |_| {
                    if let Some((navigator, share)) = share_sheet() {
                        let data = js_sys::Object::new();
                        let _ = js_sys::Reflect::set(&data, &"url".into(), &link.value().into());
                        // The invite's words, which `apply` keeps on the button.
                        let text = sheet.get_attribute("data-text").unwrap_or_default();
                        let _ = js_sys::Reflect::set(&data, &"text".into(), &text.into());
                        // A share the person cancels rejects: that is no error.
                        if let Ok(promise) = share.call1(&navigator, &data) {
                            let ignore = Closure::once_into_js(|_: JsValue| {});
                            let catch = js_sys::Reflect::get(&promise, &"catch".into());
                            if let Ok(catch) = catch.and_then(|c| c.dyn_into::<js_sys::Function>())
                            {
                                let _ = catch.call1(&promise, &ignore);
                            }
                        }
                    }
                    None
                }),
            },
            // A tap or focus on the box selects the whole link, ready to copy by hand.
            Listener {
                target: self.link.clone().into(),
                event: "focus",
                read: Box::new(move |_| {
                    select.select();
                    None
                }),
            },
        ];
        // A reaction, by its button.
        for (i, b) in self.reacts.iter().enumerate() {
            listeners.push(Listener::click(b, Command::Online(Play::React(i as u8))));
        }
        listeners
    }

    /// What the name's box holds.
    pub fn name(&self) -> String {
        self.name.value()
    }

    /// Focuses and selects the invite link, if it shows: whether it did.
    pub fn select_link(&self) -> bool {
        let shown = !self.section.hidden() && !self.invite.hidden();
        if shown {
            let _ = self.link.focus();
            self.link.select();
        }
        shown
    }

    /// Shows the online game in `view` (hidden while none is played), and the question
    /// Resign or Leave asks, while it waits.
    pub fn apply(&self, view: Option<&OnlineView>, question: Option<&(String, String)>) {
        set_hidden(&self.section, view.is_none());
        let Some(view) = view else {
            return;
        };
        if let Some((question, confirm)) = question {
            text(&self.question, question);
            text(&self.confirm, confirm);
            // The question takes the buttons' place, and the focus of the one that asked.
            if self.ask.hidden() {
                let focused = self.actions.matches(":focus-within").unwrap_or(false);
                self.ask.set_hidden(false);
                self.actions.set_hidden(true);
                if focused {
                    let _ = self.keep.focus();
                }
            }
        }
        set_hidden(&self.ask, question.is_none());
        set_hidden(&self.actions, question.is_some());
        set_hidden(&self.setup, view.setup.is_none());
        set_hidden(&self.reactions, !view.can_react);
        // The name's box while the person has a seat to name, not while they type in it.
        set_hidden(&self.name_label, !view.can_name);
        let typing = self.name.matches(":focus").unwrap_or(false);
        let name = view.name.as_deref().unwrap_or_default();
        if !typing && self.name.value() != name {
            self.name.set_value(name);
        }
        if let Some(chosen) = view.setup {
            let value = chosen.map_or("random", |seat| Role::from(seat).name());
            for input in &self.colours {
                input.set_checked(input.value() == value);
            }
        }
        for (part, shown) in [(&self.note, &view.note), (&self.score, &view.score)] {
            text(part, shown.as_deref().unwrap_or_default());
            set_hidden(part, shown.is_none());
        }
        set_hidden(&self.invite, view.invite.is_none());
        set_hidden(&self.invite_label, view.take.is_some());
        set_hidden(&self.continue_label, view.take.is_none());
        set_attr(&self.share, "data-text", &view.invite_text);
        if let (Some(game), Some(window)) = (&view.invite, web_sys::window()) {
            let (how, take) = (&self.invite_url, view.take.as_ref());
            let url = crate::web::address::invite_link(&window, how, game.as_str(), take);
            if self.link.value() != url {
                self.link.set_value(&url);
            }
        }
        set_hidden(&self.resign, !view.can_resign);
        set_hidden(&self.rematch, !view.can_rematch);
        set_hidden(&self.claim, !view.can_claim);
        set_hidden(&self.review, !view.over);
        set_hidden(&self.hand, !view.can_hand);
    }
}
