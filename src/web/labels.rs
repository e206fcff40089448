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
    text: Box<dyn Fn(&Texts) -> String>,
}

/// The labels, gathered while the DOM is built.
#[derive(Default)]
pub struct Labels(Vec<Label>);

impl Labels {
    pub fn text(&mut self, element: &web_sys::Element, text: impl Fn(&Texts) -> String + 'static) {
        self.0.push(Label {
            element: element.clone(),
            attribute: None,
            text: Box::new(text),
        });
    }

    pub fn attr(
        &mut self,
        element: &web_sys::Element,
        attribute: &'static str,
        text: impl Fn(&Texts) -> String + 'static,
    ) {
        self.0.push(Label {
            element: element.clone(),
            attribute: Some(attribute),
            text: Box::new(text),
        });
    }

    pub fn show(&self, texts: &Texts) {
        for label in &self.0 {
            let value = (label.text)(texts);
            match label.attribute {
                Some(name) => set_attr(&label.element, name, &value),
                None => text(&label.element, &value),
            }
        }
    }
}
