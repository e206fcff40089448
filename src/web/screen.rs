//! The board's pixels: its layout in the stage, the device-pixel ratio, the palette read
//! from the page, the painter that draws a [`Scene`] with them, and the animation frames,
//! asked for one at a time and only while something moves.

use super::colors::Colors;
use super::paint::Painter;
use super::view::View;
use crate::ui::layout::Layout;
use crate::ui::theme::{Palette, Shade, Theme};
use crate::ui::Scene;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Window;

pub struct Screen {
    pub layout: Layout,
    dpr: f64,
    palette: Palette,
    pub colors: Colors,
    painter: Painter,
    first_paint_marked: bool,
    /// The pending animation frame, if one is requested.
    frame_id: Option<i32>,
    frame: Closure<dyn FnMut(f64)>,
}

impl Screen {
    /// A screen reading `colors`, whose animation frames call `frame`.
    pub fn new(colors: Colors, frame: Closure<dyn FnMut(f64)>) -> Screen {
        Screen {
            layout: Layout::fit(crate::engine::Size::CLASSIC, 1.0, 1.0),
            dpr: 1.0,
            palette: Palette::of(Shade::Light, |_| None),
            colors,
            painter: Painter::new(),
            first_paint_marked: false,
            frame_id: None,
            frame,
        }
    }

    /// Asks for one animation frame, unless one is pending.
    pub fn request_frame(&mut self, window: &Window) {
        if self.frame_id.is_none() {
            self.frame_id = window
                .request_animation_frame(self.frame.as_ref().unchecked_ref())
                .ok();
        }
    }

    /// The frame asked for has come: the next must be asked for again.
    pub fn frame_came(&mut self) {
        self.frame_id = None;
    }

    /// Cancels the pending frame, if one is.
    pub fn cancel_frame(&mut self, window: &Window) {
        if let Some(id) = self.frame_id.take() {
            let _ = window.cancel_animation_frame(id);
        }
    }

    /// Lays the board out in the stage's current size.
    pub fn fit(&mut self, window: &Window, view: &View) {
        let rect = view.board.stage.get_bounding_client_rect();
        self.dpr = window.device_pixel_ratio().max(1.0);
        let (width, height) = (rect.width().max(1.0), rect.height().max(1.0));
        self.layout = Layout::fit(view.board.size, width, height);
        view.board.fit(&self.layout, self.dpr);
    }

    /// Reads `theme`'s colours on the page (the host's `color-scheme` and CSS custom
    /// properties, the system's preferences); true if they changed.
    pub fn restyle(&mut self, window: &Window, view: &View, theme: Theme) -> bool {
        let (shade, palette) = self.colors.read(window, &view.host, theme);
        view.set_shade(shade);
        let changed = palette != self.palette;
        self.palette = palette;
        changed
    }

    /// Paints `scene`; the first paint is marked for the page's performance timeline.
    pub fn paint(&mut self, window: &Window, view: &View, scene: &Scene) {
        let ctx = &view.board.ctx;
        self.painter
            .paint(ctx, &self.layout, self.dpr, scene, &self.palette);
        if !self.first_paint_marked {
            self.first_paint_marked = true;
            if let Some(perf) = window.performance() {
                let _ = perf.mark("c4-first-board");
            }
        }
    }
}
