//! The game's DOM: built once inside the host element from its parts (the [`Board`], the
//! [`Controls`], the activities' [`Panels`]), then brought in line with each [`Mirror`],
//! touching only what changed. Every text comes from `ui::text`.

use super::board::Board;
use super::controls::Controls;
use super::dom::{append, attr, bool_attr, changed, el, set_attr, text};
use super::labels::Labels;
use super::panels::Panels;
use super::sizes::SizeChoice;
use super::style;
use crate::ui::activity::Focus as Target;
use crate::ui::mirror::Mirror;
use crate::ui::text::Key;
use crate::ui::text::Texts;
use crate::ui::Action;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, HtmlDetailsElement, HtmlElement, ShadowRoot, ShadowRootInit, ShadowRootMode,
};

/// The open shadow root the game lives in, so that the page's styles cannot reach it: the
/// host's own, or a new one whose `<slot>` still shows the host's children, before the game
/// as they were before it. An element that cannot hold one (a `<td>`, a `<button>`), or
/// that has a closed one, gets a `<div>` child that holds it.
fn shadow_root(doc: &Document, host: &HtmlElement) -> Result<ShadowRoot, JsValue> {
    if let Some(shadow) = host.shadow_root() {
        return Ok(shadow);
    }
    let open = ShadowRootInit::new(ShadowRootMode::Open);
    match host.attach_shadow(&open) {
        Ok(shadow) => {
            let slot: web_sys::Node = doc.create_element("slot")?.into();
            shadow.append_child(&slot)?;
            Ok(shadow)
        }
        // It could hold one, so it holds one already, closed: its children never show.
        Err(_) if can_hold_shadow(&host.local_name()) => Err(JsValue::from_str(&format!(
            "mount cannot show a board in this <{}>: it has a closed shadow root, which hides \
             anything put inside it. Mount the game on an element without one, such as a <div>",
            host.local_name()
        ))),
        Err(_) => {
            let holder: HtmlElement = el(doc, "div", "");
            attr(&holder, "data-c4-holder", "");
            // Through the CSSOM: a strict CSP refuses a `style` attribute.
            let style = holder.style();
            for (property, value) in [
                ("display", "block"),
                ("border", "0"),
                ("padding", "0"),
                ("margin", "0"),
                ("height", "100%"),
            ] {
                style.set_property(property, value)?;
            }
            if host.has_attribute("data-c4-fill") {
                attr(&holder, "data-c4-fill", "");
            }
            host.append_child(&holder)?;
            holder.attach_shadow(&open)
        }
    }
}

/// Whether an element of this name can have a shadow root attached (the HTML standard's
/// list, and custom elements).
fn can_hold_shadow(name: &str) -> bool {
    name.contains('-')
        || matches!(
            name,
            "article"
                | "aside"
                | "blockquote"
                | "body"
                | "div"
                | "footer"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "header"
                | "main"
                | "nav"
                | "p"
                | "section"
                | "span"
        )
}

/// Elements whose children a browser never shows (void elements, form controls, media and
/// other replaced content): a game mounted in one could not be seen.
const BLIND_HOSTS: &[&str] = &[
    "area", "audio", "base", "br", "canvas", "col", "colgroup", "datalist", "embed", "frame",
    "frameset", "head", "hr", "html", "iframe", "img", "input", "link", "meta", "meter",
    "noscript", "object", "optgroup", "option", "param", "picture", "progress", "script", "select",
    "source", "style", "template", "textarea", "title", "track", "video", "wbr",
];

/// Refuses a host that could not show a board, saying why and what to do instead.
pub fn check_host(host: &HtmlElement) -> Result<(), String> {
    let name = host.local_name();
    if BLIND_HOSTS.contains(&name.as_str()) {
        return Err(format!(
            "mount cannot show a board inside <{name}>: a browser never shows what is inside \
             it. Mount the game on an element that shows its children, such as a <div>"
        ));
    }
    Ok(())
}

/// Gives the stylesheet the shape of a board of `size` on `wrapper`: the stage's aspect
/// ratio, how wide the board's column may be for its height, and its height in cells.
fn shape(wrapper: &HtmlElement, size: crate::engine::Size) -> Result<(), JsValue> {
    use crate::ui::layout::Layout;
    let style = wrapper.style();
    style.set_property("--_ratio", &Layout::aspect_ratio(size))?;
    style.set_property("--_wide", &Layout::wide(size))?;
    style.set_property("--_tall", &Layout::tall(size))
}

/// Where the keyboard focus was: in the game, and on its result.
#[derive(Debug, Clone, Copy)]
pub struct Focus {
    in_game: bool,
    on_result: bool,
}

pub struct View {
    /// The element the game was mounted in.
    pub host: HtmlElement,
    /// The document or shadow root that adopted the stylesheet for this game.
    style_root: web_sys::Node,
    pub wrapper: HtmlElement,
    pub board: Board,
    pub controls: Controls,
    /// The choice of board size, in the main choice.
    pub sizes: SizeChoice,
    /// The review, the puzzle, the puzzles' list, the record, the notice.
    pub panels: Panels,
    status: HtmlElement,
    /// The disclosures ("How to play", "Settings", "Puzzles", "Record", the review's
    /// table): one open at a time.
    pub disclosures: Vec<HtmlDetailsElement>,
    /// What the DOM shows now.
    shown: Option<Mirror>,
    labels: Labels,
    /// Alternates so that a repeated announcement is announced again.
    announce_toggle: bool,
}

impl View {
    /// Builds the game, on a board of `size`, in `root`'s open shadow root, after what it
    /// already holds, and shares the stylesheet with it.
    pub fn build(
        doc: &Document,
        root: &HtmlElement,
        links: bool,
        size: crate::engine::Size,
    ) -> Result<View, JsValue> {
        let wrapper: HtmlElement = el(doc, "section", "c4");
        let mut labels = Labels::default();
        labels.attr(&wrapper, "aria-label", Key::game);
        let layout: HtmlElement = el(doc, "div", "c4-layout");
        let controls = Controls::build(doc, &mut labels, links)?;
        let sizes = SizeChoice::build(doc, &controls.choice, &mut labels)?;
        let board = Board::build(doc, &mut labels, size)?;
        let status: HtmlElement = el(doc, "p", "c4-status");
        attr(&status, "role", "status");
        attr(&status, "aria-live", "polite");
        attr(&status, "aria-atomic", "true");
        let more: HtmlElement = el(doc, "div", "c4-more");
        append(&more, &controls.howto);
        append(&more, &controls.settings);
        // The controls, and in their place during a review or a puzzle, its panel.
        let dock: HtmlElement = el(doc, "div", "c4-dock");
        append(&dock, &controls.row);
        let panels = Panels::build(doc, &mut labels, &dock, &more)?;
        panels.review.link.set_hidden(!links);
        for part in [
            &controls.choice,
            &controls.bar,
            &board.stage,
            &status,
            &dock,
            &more,
        ] {
            append(&layout, part);
        }
        append(&wrapper, &layout);
        shadow_root(doc, root)?.append_child(&wrapper)?;
        let style_root = style::adopt(&wrapper)?;
        shape(&wrapper, size)?;
        Ok(View {
            host: root.clone(),
            style_root,
            wrapper,
            status,
            disclosures: vec![
                controls.howto.clone(),
                controls.settings.clone(),
                panels.puzzle.list.clone(),
                panels.record.details.clone(),
                panels.review.table.clone(),
            ],
            board,
            controls,
            sizes,
            panels,
            shown: None,
            labels,
            announce_toggle: false,
        })
    }

    /// Brings the DOM in line with `m` (and its labels with `texts`), writing only what
    /// differs from what it shows. True if the board changed size: it needs a new layout.
    pub fn apply(&mut self, m: Mirror, texts: &Texts) -> bool {
        let old = self.shown.take();
        let resized = m.board != self.board.size;
        if resized {
            let shaped = self
                .board
                .resize(m.board)
                .and_then(|()| shape(&self.wrapper, m.board));
            if let Err(e) = shaped {
                web_sys::console::warn_2(
                    &"connect-four: the board could not be resized:".into(),
                    &e,
                );
            }
        }
        self.board.apply(&m, old.as_ref());
        self.sizes.apply(&m, old.as_ref());
        if changed(old.as_ref(), |o| o.thinking == m.thinking) {
            set_attr(&self.wrapper, "aria-busy", bool_attr(m.thinking));
        }
        if changed(old.as_ref(), |o| o.moving == m.moving) {
            set_attr(&self.wrapper, "data-moving", bool_attr(m.moving));
        }
        if changed(old.as_ref(), |o| {
            o.activity == m.activity && o.hides == m.hides
        }) {
            set_attr(&self.wrapper, "data-activity", m.activity);
            set_attr(&self.wrapper, "data-hides", &m.hides);
        }
        set_attr(&self.wrapper, "data-notice", bool_attr(m.notice.is_some()));
        let asking = m.question.is_some();
        set_attr(&self.wrapper, "data-asking", bool_attr(asking));
        if let Err(e) = self.panels.apply(&m, old.as_ref(), texts) {
            web_sys::console::warn_2(&"connect-four: a panel could not be shown:".into(), &e);
        }
        self.controls.apply(&m, old.as_ref(), &self.wrapper);
        if changed(old.as_ref(), |o| o.texts_version == m.texts_version) {
            self.labels.show(texts);
        }
        self.shown = Some(m);
        resized
    }

    /// Whether the keyboard focus is on the result panel ("Play again").
    pub fn result_has_focus(&self) -> bool {
        self.active()
            .is_some_and(|a| self.controls.result.contains(Some(&a)))
    }

    pub fn result_shown(&self) -> bool {
        !self.controls.result.hidden()
    }

    /// Whether the keyboard focus is inside the game.
    pub fn has_focus(&self) -> bool {
        self.active()
            .is_some_and(|a| self.wrapper.contains(Some(&a)))
    }

    /// The focused element in the game's shadow root (the document's is the host).
    fn active(&self) -> Option<web_sys::Element> {
        match self.wrapper.get_root_node().dyn_into::<ShadowRoot>() {
            Ok(shadow) => shadow.active_element(),
            Err(_) => self.wrapper.owner_document()?.active_element(),
        }
    }

    /// Puts the keyboard focus on `column`'s control.
    fn focus_column(&self, column: usize) {
        if let Some(button) = self.board.buttons.get(column) {
            let _ = button.focus();
        }
    }

    /// Where the keyboard focus is, before an action.
    pub fn focus(&self) -> Focus {
        Focus {
            in_game: self.has_focus(),
            on_result: self.result_has_focus(),
        }
    }

    /// Moves the keyboard focus after `action`, from where it was `before`: an activity
    /// that `opened` closes the disclosures and takes the focus where it declares; what had
    /// the focus and was hidden gives it to the board (the `selected` column), as does an
    /// action meant to go on on the board, or undo on the result that hid it.
    pub fn refocus(&self, before: Focus, action: Action, opened: Option<Target>, selected: usize) {
        if opened.is_some() {
            self.close_disclosures(None);
        }
        match opened {
            Some(target) if before.in_game && target != Target::Stay => {
                self.focus_on(target, selected)
            }
            _ if before.in_game && !self.has_focus() => self.focus_column(selected),
            _ => {
                // A move that ended the game has just sent the focus to "Play again": keep it.
                let moved_on = action.focus_selected && !self.result_has_focus();
                if moved_on || (before.on_result && !self.result_shown()) {
                    self.focus_column(selected);
                }
            }
        }
    }

    /// Puts the keyboard focus on `target`.
    pub fn focus_on(&self, target: Target, selected: usize) {
        let _ = match target {
            Target::Board => {
                self.focus_column(selected);
                Ok(())
            }
            Target::Panel => self.panels.main_control().map_or(Ok(()), |c| c.focus()),
            Target::PlayAgain => self.controls.play_again.focus(),
            Target::Stay => Ok(()),
        };
    }

    /// Closes the disclosures but `open`.
    pub fn close_disclosures(&self, open: Option<usize>) {
        for (i, details) in self.disclosures.iter().enumerate() {
            if Some(i) != open && details.open() {
                details.set_open(false);
            }
        }
    }

    /// Shows the game in `shade`'s colours (its `data-theme`, which the stylesheet reads).
    pub fn set_shade(&self, shade: crate::ui::theme::Shade) {
        set_attr(&self.wrapper, "data-theme", shade.name());
    }

    /// Says `message` in the polite live region, even if it is the same as the last one.
    pub fn announce(&mut self, message: &str) {
        // A trailing no-break space alternates so that repeating a message is heard again.
        self.announce_toggle = !self.announce_toggle;
        let suffix = if self.announce_toggle { "" } else { "\u{a0}" };
        text(&self.status, &format!("{message}{suffix}"));
    }

    /// Removes the game from the page, and the stylesheet with the last game of its
    /// document or shadow root.
    pub fn remove(&self) {
        self.wrapper.remove();
        style::release(&self.style_root);
        // A holder made for a host that cannot hold a shadow root goes with its last game.
        if let Some(shadow) = self.style_root.dyn_ref::<ShadowRoot>() {
            let holder = shadow.host();
            if &holder != self.host.as_ref() && !shadow.has_child_nodes() {
                holder.remove();
            }
        }
    }
}
