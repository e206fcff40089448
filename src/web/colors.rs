//! Reads what decides the game's colours on a page: the host's `color-scheme` and CSS custom
//! properties, and the system's preferences. `ui::theme` decides; this only reads.

use crate::ui::theme::{Palette, Shade, Theme};
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, MediaQueryList, Window};

pub struct Colors {
    /// The system's preferences: dark, and more contrast.
    pub dark: MediaQueryList,
    pub contrast: MediaQueryList,
}

impl Colors {
    pub fn new(window: &Window) -> Result<Colors, JsValue> {
        let query = |q: &str| -> Result<MediaQueryList, JsValue> {
            Ok(window
                .match_media(q)?
                .ok_or("matchMedia is not available")?)
        };
        Ok(Colors {
            dark: query("(prefers-color-scheme: dark)")?,
            contrast: query("(prefers-contrast: more)")?,
        })
    }

    /// The queries whose changes may change the colours.
    pub fn queries(&self) -> [MediaQueryList; 2] {
        [self.dark.clone(), self.contrast.clone()]
    }

    /// The shade and the palette of `theme` on `host`'s page now.
    pub fn read(&self, window: &Window, host: &HtmlElement, theme: Theme) -> (Shade, Palette) {
        let style = window.get_computed_style(host).ok().flatten();
        let read = |property: &str| style.as_ref()?.get_property_value(property).ok();
        let scheme = read("color-scheme").unwrap_or_default();
        let shade = theme.shade(&scheme, self.dark.matches(), self.contrast.matches());
        (shade, Palette::of(shade, read))
    }
}
