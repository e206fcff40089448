//! The texts the game shows that do not change with the game (buttons, headings, accessible
//! names): each element remembers which of the [`Texts`] it shows, so that new texts reach
//! every one of them.

use super::dom::{set_attr, text};
use crate::ui::text::Texts;

/// A text the game shows that does not change with the game: an element's text, or one of
/// its attributes, from the [`Texts`].
struct Label {
    element: web_sys::Element,
    attribute: Option<&'static str>,
    text: Text,
}

/// How a label's text is made from the [`Texts`]: most are one text, as a plain function
/// (a boxed closure each, made generic, cost the module its own code per label).
enum Text {
    Of(fn(&Texts) -> String),
    Made(Box<dyn Fn(&Texts) -> String>),
}

impl Text {
    fn of(&self, texts: &Texts) -> String {
        match self {
            Text::Of(f) => f(texts),
            Text::Made(f) => f(texts),
        }
    }
}

/// The labels, gathered while the DOM is built.
#[derive(Default)]
pub struct Labels(Vec<Label>);

impl Labels {
    pub fn text(&mut self, element: &web_sys::Element, text: fn(&Texts) -> String) {
        self.push(element, None, Text::Of(text));
    }

    pub fn attr(
        &mut self,
        element: &web_sys::Element,
        attribute: &'static str,
        text: fn(&Texts) -> String,
    ) {
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
