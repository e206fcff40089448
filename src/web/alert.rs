//! The turn alert of online play: when it becomes the person's turn while the page is
//! hidden (another tab, the phone locked), the tab's title says so, the device vibrates
//! where it can, and the turn's sound plays if the sound is on. The title comes back once
//! the page shows again.

use super::audio::Audio;
use crate::ui::text::fill;
use crate::ui::Cue;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::Document;

pub struct Alert {
    doc: Document,
    /// The page's own title, while the alert's replaces it.
    before: Rc<RefCell<Option<String>>>,
    _visible: gloo_events::EventListener,
}

impl Alert {
    pub fn new(doc: &Document) -> Alert {
        let before: Rc<RefCell<Option<String>>> = Rc::default();
        let (shown, kept) = (doc.clone(), before.clone());
        let visible = gloo_events::EventListener::new(doc, "visibilitychange", move |_| {
            if !shown.hidden() {
                if let Some(title) = kept.borrow_mut().take() {
                    shown.set_title(&title);
                }
            }
        });
        Alert {
            doc: doc.clone(),
            before,
            _visible: visible,
        }
    }

    /// The person's turn: said in the title (`title`, `{title}` the page's own), felt and
    /// heard (with `audio`, if the sound is on), while the page is hidden.
    pub fn turn(&self, title: &str, audio: Option<&Audio>) {
        if !self.doc.hidden() {
            return;
        }
        let mut before = self.before.borrow_mut();
        let own = before.get_or_insert_with(|| self.doc.title());
        self.doc.set_title(&fill(title, &[("title", own)]));
        if let Some(audio) = audio {
            audio.play(Cue::Turn);
        }
        if let Some(window) = web_sys::window() {
            window.navigator().vibrate_with_duration(200);
        }
    }

    /// Puts the page's own title back (the game is taken down).
    pub fn restore(&self) {
        if let Some(title) = self.before.borrow_mut().take() {
            self.doc.set_title(&title);
        }
    }
}
