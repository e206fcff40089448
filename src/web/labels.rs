//! The texts the game shows that do not change with the game (buttons, headings, accessible
//! names): each element remembers which of the [`Texts`] it shows, so that new texts reach
//! every one of them.

use super::dom::{set_attr, text};
use crate::ui::text::{Key, Texts};

/// A text the game shows that does not change with the game: an element's text, or one of
/// its attributes, from the [`Texts`].
struct Label {
    element: web_sys::Element,
    attribute: Option<&'static str>,
    text: Text,
}

/// How a label's text is made from the [`Texts`]: most are one text, named by its key (a
/// function each, even a plain one, cost the module its own code per label).
pub enum Text {
    Of(Key),
    Made(Box<dyn Fn(&Texts) -> String>),
}

impl Text {
    fn of(&self, texts: &Texts) -> String {
        match self {
            Text::Of(key) => texts.get(*key).to_owned(),
            Text::Made(f) => f(texts),
        }
    }
}

/// The labels, gathered while the DOM is built.
#[derive(Default)]
pub struct Labels(Vec<Label>);

impl Labels {
    pub fn text(&mut self, element: &web_sys::Element, text: Key) {
        self.push(element, None, Text::Of(text));
    }

    pub fn attr(&mut self, element: &web_sys::Element, attribute: &'static str, text: Key) {
        self.push(element, Some(attribute), Text::Of(text));
    }

    /// A label whose text is made from the texts and something of its own (a level's name).
    pub fn made(
        &mut self,
        element: &web_sys::Element,
        attribute: Option<&'static str>,
        text: impl Fn(&Texts) -> String + 'static,
    ) {
        self.push(element, attribute, Text::Made(Box::new(text)));
    }

    /// A label of either kind.
    pub fn label(
        &mut self,
        element: &web_sys::Element,
        attribute: Option<&'static str>,
        text: Text,
    ) {
        self.push(element, attribute, text);
    }

    fn push(&mut self, element: &web_sys::Element, attribute: Option<&'static str>, text: Text) {
        self.0.push(Label {
            element: element.clone(),
            attribute,
            text,
        });
    }

    pub fn show(&self, texts: &Texts) {
        for label in &self.0 {
            let value = label.text.of(texts);
            match label.attribute {
                Some(name) => set_attr(&label.element, name, &value),
                None => text(&label.element, &value),
            }
        }
    }
}

/// One part of a tree built from a table ([`tree`]): how deep it is (0: a child of the
/// root), its tag, its class (none if empty), and the text it shows, if one.
pub type Part = (u8, &'static str, &'static str, Option<crate::ui::text::Key>);

/// Builds `nodes` under `root`, each the child of the last one less deep before it; gives
/// every element built, in the table's order. A panel built from a table costs the page's
/// module far less than a call for each element.
pub fn tree(
    doc: &web_sys::Document,
    labels: &mut Labels,
    root: &web_sys::Element,
    nodes: &[Part],
) -> Vec<web_sys::HtmlElement> {
    let mut built: Vec<web_sys::HtmlElement> = Vec::with_capacity(nodes.len());
    let mut parents: Vec<web_sys::Element> = vec![root.clone()];
    for &(depth, tag, class, key) in nodes {
        let e: web_sys::HtmlElement = super::dom::el(doc, tag, class);
        if let Some(key) = key {
            labels.text(&e, key);
        }
        parents.truncate(usize::from(depth) + 1);
        if let Some(parent) = parents.last() {
            super::dom::append(parent, &e);
        }
        parents.push(e.clone().into());
        built.push(e);
    }
    built
}
