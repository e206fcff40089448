//! Paints a [`Scene`] on the canvas in a [`Palette`]: the backdrop, the
//! checkers, the board's face with its holes, the winning rings, the hint and the ghost. It
//! draws what the scene says, no more. Depth comes from light and shade laid over the
//! palette's colours (its `light` and `shadow`, white and black by default, at low opacity), so it works in any theme and with
//! any colours a host sets. The middle of each checker and hole keeps its colour. The soft
//! shadow under the board is the stylesheet's (a `drop-shadow` on the canvas), which is not
//! cut off at the canvas's edges.

use crate::engine::Player;
use crate::ui::layout::Layout;
use crate::ui::review::Rating;
use crate::ui::scene::{Ghost, Piece, Scene};
use crate::ui::theme::Palette;
use std::f64::consts::TAU;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{CanvasGradient, CanvasRenderingContext2d, CanvasWindingRule, HtmlCanvasElement};

/// A stop of `gradient` at `offset`: `colour` at `opacity`. A relative colour keeps its hue
/// at opacity 0 (`color-mix()` with `transparent` turns it black, and the canvas, which
/// blends stops unpremultiplied, would darken the way there). A browser whose canvas does
/// not read relative colours gets no light or shade there, and paints the colours flat.
fn stop(gradient: &CanvasGradient, offset: f64, colour: &str, opacity: f64) {
    // In whole percents: formatting a float would cost the page's module about 15 KB.
    let percent = (opacity * 100.0).round() as u32;
    let mixed = format!("rgb(from {colour} r g b / {percent}%)");
    if gradient.add_color_stop(offset as f32, &mixed).is_err() {
        let _ = gradient.add_color_stop(offset as f32, "transparent");
    }
}

/// Paints scenes on one canvas. The board's face (with its holes, light, shade and rims)
/// is the same in every frame of a size and palette, so it is drawn once into a canvas of
/// its own and copied onto each frame: an animation frame then costs a copy instead of 49
/// arcs, 7 gradients and 7 strokes over the whole board (the most of a frame's time when
/// the browser draws in software, as on slow phones).
pub struct Painter {
    face: Option<Face>,
}

/// The board's face, drawn for one layout, pixel ratio and palette.
struct Face {
    canvas: HtmlCanvasElement,
    key: (Layout, f64, Palette),
    /// Where its top left corner goes, in device pixels.
    at: (f64, f64),
}

impl Painter {
    pub fn new() -> Painter {
        Painter { face: None }
    }

    /// Paints `scene` laid out by `l`, at `dpr` device pixels per CSS pixel.
    pub fn paint(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        l: &Layout,
        dpr: f64,
        scene: &Scene,
        pal: &Palette,
    ) {
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        ctx.clear_rect(0.0, 0.0, l.width, l.height);
        let board_w = l.cell * l.columns as f64;
        let board_h = l.cell * l.rows as f64;
        let inset = l.cell * 0.04;

        // What shows through the holes.
        ctx.set_fill_style_str(&pal.hole);
        ctx.fill_rect(
            l.left + inset,
            l.top + inset,
            board_w - 2.0 * inset,
            board_h - 2.0 * inset,
        );
        for piece in &scene.pieces {
            draw_piece(ctx, pal, l, piece);
        }
        match self.face(ctx, l, dpr, pal) {
            Some(face) => {
                let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
                let _ = ctx.draw_image_with_html_canvas_element(&face.canvas, face.at.0, face.at.1);
                let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
            }
            None => draw_face(ctx, l, pal),
        }
        draw_marks(ctx, l, scene, pal);
    }

    /// The face for this layout, ratio and palette, drawn now if it is not yet.
    fn face(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        l: &Layout,
        dpr: f64,
        pal: &Palette,
    ) -> Option<&Face> {
        let key = (*l, dpr, pal.clone());
        if self.face.as_ref().is_some_and(|face| face.key == key) {
            return self.face.as_ref();
        }
        self.face = None;
        // The board and its outline, in whole device pixels.
        let margin = l.outline_width();
        let x0 = ((l.left - margin) * dpr).floor();
        let y0 = ((l.top - margin) * dpr).floor();
        let w = ((l.left + l.cell * l.columns as f64 + margin) * dpr).ceil() - x0;
        let h = ((l.bottom() + margin) * dpr).ceil() - y0;
        let document = ctx.canvas()?.owner_document()?;
        let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
        canvas.set_width(w.max(1.0) as u32);
        canvas.set_height(h.max(1.0) as u32);
        let face_ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let _ = face_ctx.set_transform(dpr, 0.0, 0.0, dpr, -x0, -y0);
        draw_face(&face_ctx, l, pal);
        self.face = Some(Face {
            canvas,
            key,
            at: (x0, y0),
        });
        self.face.as_ref()
    }
}

impl Default for Painter {
    fn default() -> Painter {
        Painter::new()
    }
}

/// The board's face, with a round hole per cell: lit from above, shaded below.
fn draw_face(ctx: &CanvasRenderingContext2d, l: &Layout, pal: &Palette) {
    let board_w = l.cell * l.columns as f64;
    let board_h = l.cell * l.rows as f64;
    let radius = l.cell * 0.12;
    ctx.begin_path();
    round_rect(ctx, l.left, l.top, board_w, board_h, radius);
    for row in 0..l.rows {
        for column in 0..l.columns {
            let (x, y) = l.center(column, row as f64);
            ctx.move_to(x + l.hole, y);
            let _ = ctx.arc(x, y, l.hole, 0.0, TAU);
        }
    }
    ctx.set_fill_style_str(&pal.board);
    ctx.fill_with_canvas_winding_rule(CanvasWindingRule::Evenodd);
    let light = ctx.create_linear_gradient(0.0, l.top, 0.0, l.bottom());
    // The middle band keeps the palette's colour.
    stop(&light, 0.0, &pal.light, 0.18);
    stop(&light, 0.35, &pal.light, 0.0);
    stop(&light, 0.65, &pal.shadow, 0.0);
    stop(&light, 1.0, &pal.shadow, 0.2);
    ctx.set_fill_style_canvas_gradient(&light);
    ctx.fill_with_canvas_winding_rule(CanvasWindingRule::Evenodd);
    ctx.set_stroke_style_str(&pal.board_edge);
    ctx.set_line_width(l.outline_width());
    ctx.stroke();
    // Each hole's rim: shaded at the top, where the face overhangs, lit at the bottom. The
    // shade runs top to bottom only, so one gradient and one stroke serve a row's holes.
    let rim = l.cell * 0.035;
    ctx.set_line_width(rim);
    for row in 0..l.rows {
        let (_, y) = l.center(0, row as f64);
        let shade = ctx.create_linear_gradient(0.0, y - l.hole, 0.0, y + l.hole);
        stop(&shade, 0.0, &pal.shadow, 0.3);
        stop(&shade, 0.5, &pal.shadow, 0.08);
        stop(&shade, 1.0, &pal.light, 0.25);
        ctx.begin_path();
        for column in 0..l.columns {
            let (x, _) = l.center(column, row as f64);
            let r = l.hole - rim / 2.0;
            ctx.move_to(x + r, y);
            let _ = ctx.arc(x, y, r, 0.0, TAU);
        }
        ctx.set_stroke_style_canvas_gradient(&shade);
        ctx.stroke();
    }
}

/// The celebration, the rings on the winning four, the hint and the review's better moves,
/// the last move's dot, the review's verdict and the ghost.
fn draw_marks(ctx: &CanvasRenderingContext2d, l: &Layout, scene: &Scene, pal: &Palette) {
    // The celebration: a glow that beats around the winning four.
    if scene.pulse > 0.0 {
        ctx.set_global_alpha(scene.pulse.clamp(0.0, 1.0));
        for cell in &scene.rings {
            let (x, y) = l.center(usize::from(cell.column), f64::from(cell.row));
            ctx.begin_path();
            let _ = ctx.arc(x, y, l.hole + l.cell * 0.05, 0.0, TAU);
            ctx.set_line_width(l.cell * 0.07);
            ctx.set_stroke_style_str(&pal.marker);
            ctx.stroke();
        }
        ctx.set_global_alpha(1.0);
    }

    // Winning checkers: a ring that does not rely on colour.
    for cell in &scene.rings {
        let (x, y) = l.center(usize::from(cell.column), f64::from(cell.row));
        ctx.begin_path();
        let _ = ctx.arc(x, y, l.hole * 0.55, 0.0, TAU);
        ctx.set_line_width(l.cell * 0.09);
        ctx.set_stroke_style_str(&pal.marker_edge);
        ctx.stroke();
        ctx.set_line_width(l.cell * 0.05);
        ctx.set_stroke_style_str(&pal.marker);
        ctx.stroke();
    }

    // The hinted move, and the review's better moves: a dashed ring where the piece would
    // land.
    for &cell in scene.hint.iter().chain(&scene.better) {
        let (x, y) = l.center(usize::from(cell.column), f64::from(cell.row));
        ctx.begin_path();
        let _ = ctx.arc(x, y, l.hole * 1.08, 0.0, TAU);
        ctx.set_line_width(l.cell * 0.06);
        ctx.set_stroke_style_str(&pal.marker);
        let dash = js_sys::Array::of2(&JsValue::from(l.cell * 0.12), &JsValue::from(l.cell * 0.08));
        let _ = ctx.set_line_dash(&dash);
        ctx.stroke();
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    }

    // The last move: a dot in the middle of its checker, outlined, so that it shows on
    // either colour and without colour.
    if let Some(cell) = scene.last {
        let (x, y) = l.center(usize::from(cell.column), f64::from(cell.row));
        ctx.begin_path();
        let _ = ctx.arc(x, y, l.hole * 0.2, 0.0, TAU);
        ctx.set_fill_style_str(&pal.marker);
        ctx.fill();
        ctx.set_line_width((l.cell * 0.03).max(1.0));
        ctx.set_stroke_style_str(&pal.marker_edge);
        ctx.stroke();
    }

    // The review's verdict on the move shown: a badge on its checker with the sign players
    // know from chess annotation: ?! an inaccuracy, ? a mistake, ?? a blunder.
    if let Some((cell, rating)) = scene.verdict {
        let sign = match rating {
            Rating::Inaccuracy => "?!",
            Rating::Mistake => "?",
            Rating::Blunder => "??",
            Rating::Best | Rating::Good => "",
        };
        let (x, y) = l.center(usize::from(cell.column), f64::from(cell.row));
        let (bx, by, r) = (x + l.hole * 0.55, y - l.hole * 0.55, l.hole * 0.5);
        ctx.begin_path();
        let _ = ctx.arc(bx, by, r, 0.0, TAU);
        ctx.set_fill_style_str(&pal.marker);
        ctx.fill();
        ctx.set_line_width((l.cell * 0.035).max(1.0));
        ctx.set_stroke_style_str(&pal.marker_edge);
        ctx.stroke();
        ctx.set_fill_style_str(&pal.marker_edge);
        // A whole number of pixels: formatting a float would cost the module 15 KB.
        ctx.set_font(&format!(
            "700 {}px system-ui, sans-serif",
            (r * 1.1).round() as u32
        ));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        let _ = ctx.fill_text(sign, bx, by + r * 0.05);
    }

    match scene.ghost {
        Some(Ghost::Piece(piece)) => draw_piece(ctx, pal, l, &piece),
        Some(Ghost::Unavailable { column }) => {
            // A full column: a crossed-out outline.
            let (x, y) = l.center(column, crate::ui::layout::DROP_ROW);
            let r = l.hole * 0.8;
            ctx.begin_path();
            let _ = ctx.arc(x, y, r, 0.0, TAU);
            let d = r * std::f64::consts::FRAC_1_SQRT_2;
            ctx.move_to(x - d, y + d);
            ctx.line_to(x + d, y - d);
            ctx.set_line_width((l.cell * 0.05).max(1.5));
            ctx.set_stroke_style_str(&pal.unavailable);
            ctx.stroke();
        }
        None => {}
    }
}

/// A checker, marked so that it does not rely on colour: Red with a ring, Yellow a cross.
fn draw_piece(ctx: &CanvasRenderingContext2d, pal: &Palette, l: &Layout, piece: &Piece) {
    let (x, y) = l.center(piece.column, piece.row);
    let r = l.hole * 0.94;
    ctx.set_global_alpha(piece.alpha);
    let (fill, mark) = match piece.player {
        Player::First => (&pal.red, &pal.red_mark),
        Player::Second => (&pal.yellow, &pal.yellow_mark),
    };
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, TAU);
    ctx.set_fill_style_str(fill);
    ctx.fill();
    if piece.fade > 0.0 {
        // Faded toward the dim colour: the same disc, covered part of the way.
        ctx.set_global_alpha(piece.alpha * piece.fade);
        ctx.set_fill_style_str(&pal.dim);
        ctx.fill();
        ctx.set_global_alpha(piece.alpha);
    }
    // Its shape: a highlight up and to the left, a shaded edge. Both leave the middle and
    // the ring of the checker (out to 0.85 of its radius on the right) in its own colour.
    if let Ok(shine) = ctx.create_radial_gradient(
        x - r * 0.35,
        y - r * 0.4,
        0.0,
        x - r * 0.35,
        y - r * 0.4,
        r * 0.6,
    ) {
        stop(&shine, 0.0, &pal.light, 0.38);
        stop(&shine, 1.0, &pal.light, 0.0);
        ctx.set_fill_style_canvas_gradient(&shine);
        ctx.fill();
    }
    if let Ok(edge) = ctx.create_radial_gradient(x, y, r * 0.86, x, y, r) {
        stop(&edge, 0.0, &pal.shadow, 0.0);
        stop(&edge, 1.0, &pal.shadow, 0.3);
        ctx.set_fill_style_canvas_gradient(&edge);
        ctx.fill();
    }
    ctx.set_stroke_style_str(mark);
    ctx.set_line_width((r * 0.09).max(1.0));
    ctx.begin_path();
    match piece.player {
        Player::First => {
            let _ = ctx.arc(x, y, r * 0.62, 0.0, TAU);
        }
        Player::Second => {
            let d = r * 0.42;
            ctx.move_to(x - d, y - d);
            ctx.line_to(x + d, y + d);
            ctx.move_to(x + d, y - d);
            ctx.line_to(x - d, y + d);
        }
    }
    ctx.stroke();
    ctx.set_global_alpha(1.0);
}

fn round_rect(ctx: &CanvasRenderingContext2d, x: f64, y: f64, w: f64, h: f64, r: f64) {
    ctx.move_to(x + r, y);
    let _ = ctx.arc_to(x + w, y, x + w, y + h, r);
    let _ = ctx.arc_to(x + w, y + h, x, y + h, r);
    let _ = ctx.arc_to(x, y + h, x, y, r);
    let _ = ctx.arc_to(x, y, x + w, y, r);
    ctx.close_path();
}
