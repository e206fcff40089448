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
