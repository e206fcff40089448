//! The online game's panel, in the controls' place while a game against a friend online is
//! played (the turn line above the board says what is going on): what may come, the invite
//! link (with Copy link, and the system's share sheet where the browser has one), Resign,
//! Rematch, Claim the win, the review once it is over, and Back.

use crate::online::{Role, Seat};
use crate::ui::mirror::OnlineView;
use crate::ui::text::Key;
use crate::ui::Command;
use crate::web::dom::{append, attr, button, el, set_attr, set_hidden, text};
use crate::web::labels::Labels;
use crate::web::labels::Text;
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
    link: HtmlInputElement,
    copy: HtmlButtonElement,
    share: HtmlButtonElement,
    resign: HtmlButtonElement,
    rematch: HtmlButtonElement,
    claim: HtmlButtonElement,
    review: HtmlButtonElement,
    back: HtmlButtonElement,
    /// Resign, Rematch, Claim the win, Review, Leave game: hidden while a question asks.
    actions: HtmlElement,
    /// The colour chooser before the game is created: Red, Yellow, Random; and Create.
    setup: HtmlElement,
    colours: Vec<HtmlInputElement>,
    create: HtmlButtonElement,
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
        let section: HtmlElement = el(doc, "section", "c4-online");
        labels.attr(&section, "aria-label", Key::online);
        section.set_hidden(true);
        let note: HtmlElement = el(doc, "p", "c4-online-note");
        let score: HtmlElement = el(doc, "p", "c4-online-score");
        let invite: HtmlElement = el(doc, "div", "c4-invite");
        let label: HtmlElement = el(doc, "label", "");
        let caption: HtmlElement = el(doc, "span", "");
        labels.text(&caption, Key::invite_link);
        let link: HtmlInputElement = el(doc, "input", "");
        link.set_type("text");
        link.set_read_only(true);
        attr(&link, "spellcheck", "false");
        append(&label, &caption);
        append(&label, &link);
        let copy = text_button(doc, labels, "c4-btn c4-primary", Key::copy_invite);
        let share = text_button(doc, labels, "c4-btn", Key::share_invite);
        share.set_hidden(share_sheet().is_none());
        let local: HtmlElement = el(doc, "p", "c4-help");
        labels.text(&local, Key::invite_local);
        let elsewhere: HtmlElement = el(doc, "p", "c4-help");
        let said: HtmlElement = el(doc, "span", "");
        labels.text(&said, Key::invite_elsewhere);
        let lan: HtmlElement = el(doc, "a", "");
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
        append(&elsewhere, &said);
        append(&elsewhere, &el::<HtmlElement>(doc, "br", ""));
        append(&elsewhere, &lan);
        for part in [&label, copy.as_ref(), share.as_ref(), &local, &elsewhere] {
            append(&invite, part);
        }
        let actions: HtmlElement = el(doc, "div", "c4-actions");
        let resign = text_button(doc, labels, "c4-btn", Key::resign);
        let rematch = text_button(doc, labels, "c4-btn c4-primary", Key::rematch);
        let claim = text_button(doc, labels, "c4-btn", Key::claim_win);
        let review = text_button(doc, labels, "c4-btn", Key::review);
        let back = text_button(doc, labels, "c4-btn", Key::online_leave);
        for part in [&rematch, &claim, &review, &resign, &back] {
            append(&actions, part);
        }
        let setup: HtmlElement = el(doc, "div", "c4-online-setup");
        let name = format!("c4-{}-colour", crate::web::controls::game_number());
        let colour = |key: Key| Text::Of(key);
        let choices = vec![
            (None, "red", colour(Key::red)),
            (None, "yellow", colour(Key::yellow)),
            (None, "random", colour(Key::online_random)),
        ];
        let colours = crate::web::controls::segments(
            doc,
            &setup,
            labels,
            "c4-colours",
            &name,
            Key::you_play,
            choices,
        )?;
        let colours = colours.into_iter().map(|(_, input)| input).collect();
        let create = text_button(doc, labels, "c4-btn c4-primary", Key::online_create);
        append(&setup, &create);
        let ask: HtmlElement = el(doc, "div", "c4-online-ask");
        attr(&ask, "role", "group");
        let question: HtmlElement = el(doc, "p", "");
        let confirm = button(doc, "c4-btn c4-primary", "");
        let keep = text_button(doc, labels, "c4-btn", Key::size_keep);
        for part in [&question, confirm.as_ref(), keep.as_ref()] {
            append(&ask, part);
        }
        ask.set_hidden(true);
        let fair: HtmlElement = el(doc, "p", "c4-help");
        labels.text(&fair, Key::online_fair);
        for part in [&setup, &score, &note, &invite, &ask, &actions, &fair] {
            append(&section, part);
        }
        Ok(OnlinePanel {
            section,
            note,
            score,
            invite,
            link,
            copy,
            share,
            resign,
            rematch,
            claim,
            review,
            back,
            actions,
            setup,
            colours,
            create,
            ask,
            question,
            confirm,
            keep,
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
        vec![
            Listener::click(&self.copy, Command::CopyLink),
            Listener::click(&self.resign, Command::Resign),
            Listener::click(&self.rematch, Command::Rematch),
            Listener::click(&self.claim, Command::ClaimWin),
            Listener::click(&self.review, Command::Review),
            Listener::click(&self.back, Command::Back),
            Listener::click(&self.confirm, Command::Confirm(true)),
            Listener::click(&self.create, Command::CreateOnline),
            // A colour chosen ("random": none).
            Listener {
                target: self.setup.clone(),
                event: "change",
                read: Box::new(|event| {
                    let input: HtmlInputElement = event.target()?.dyn_into().ok()?;
                    Some(Command::OnlineColour(Seat::named(&input.value())))
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
        ]
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
        set_attr(&self.share, "data-text", &view.invite_text);
        if let (Some(game), Some(window)) = (&view.invite, web_sys::window()) {
            let url = crate::web::address::invite_link(&window, &self.invite_url, game.as_str());
            if self.link.value() != url {
                self.link.set_value(&url);
            }
        }
        set_hidden(&self.resign, !view.can_resign);
        set_hidden(&self.rematch, !view.can_rematch);
        set_hidden(&self.claim, !view.can_claim);
        set_hidden(&self.review, !view.over);
    }
}
