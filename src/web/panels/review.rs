//! The review's panel, in the controls' place while a review shows: the rated move, the step
//! buttons and slider, the chart of who could force a win, the table of moves, and Play from
//! here, Back and Copy link.

use crate::ui::review::{Bar, ReviewView};
use crate::ui::text::Key;
use crate::ui::{Command, KeyTarget};
use crate::web::convert::number;
use crate::web::dom::{append, attr, bool_attr, el, set_attr, set_hidden, svg, text};
use crate::web::labels::Labels;
use crate::web::panels::Listener;
use crate::web::parts::{disclosure, heading_row, icon_button, text_button};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, HtmlButtonElement, HtmlDetailsElement, HtmlElement, HtmlInputElement,
};

pub struct ReviewPanel {
    pub section: HtmlElement,
    line: HtmlElement,
    first: HtmlButtonElement,
    previous: HtmlButtonElement,
    next: HtmlButtonElement,
    last: HtmlButtonElement,
    pub slider: HtmlInputElement,
    /// The steps through the moves, the slider among them.
    steps: HtmlElement,
    chart: Element,
    chart_box: HtmlElement,
    /// The table of moves' disclosure.
    pub table: HtmlDetailsElement,
    table_body: HtmlElement,
    play_from_here: HtmlButtonElement,
    back: HtmlButtonElement,
    /// Copy link, for the review at the move shown (shown on pages with share links).
    pub link: HtmlButtonElement,
}

impl ReviewPanel {
    pub fn build(doc: &Document, labels: &mut Labels) -> Result<ReviewPanel, JsValue> {
        let section: HtmlElement = el(doc, "section", "c4-review");
        labels.attr(&section, "aria-label", Key::review);
        section.set_hidden(true);
        let line: HtmlElement = el(doc, "p", "c4-review-line");
        let steps: HtmlElement = el(doc, "div", "c4-steps");
        attr(&steps, "role", "group");
        labels.attr(&steps, "aria-label", Key::review);
        let first = icon_button(doc, labels, "M6 5h2.5v14H6zM19 5v14L9 12z", Key::first_move);
        let previous = icon_button(doc, labels, "M17 5v14L6 12z", Key::previous_move);
        let slider: HtmlInputElement = el(doc, "input", "c4-slider");
        slider.set_type("range");
        slider.set_min("0");
        slider.set_step("1");
        labels.attr(&slider, "aria-label", Key::review_slider);
        let next = icon_button(doc, labels, "M7 5v14l11-7z", Key::next_move);
        let last = icon_button(
            doc,
            labels,
            "M18 5h-2.5v14H18zM5 5v14l10-7z",
            Key::last_move,
        );
        for part in [&first, &previous] {
            append(&steps, part);
        }
        append(&steps, &slider);
        for part in [&next, &last] {
            append(&steps, part);
        }
        let chart_box: HtmlElement = el(doc, "figure", "c4-chart");
        let chart = svg(doc, "svg");
        attr(&chart, "aria-hidden", "true");
        attr(&chart, "preserveAspectRatio", "none");
        let caption: HtmlElement = el(doc, "figcaption", "c4-help");
        labels.text(&caption, Key::review_chart);
        append(&chart_box, &chart);
        append(&chart_box, &caption);
        // The table floats over the game when opened, like the other disclosures.
        let (table, table_pop) = disclosure(doc, labels, "c4-moves", Key::review_table);
        let grid: HtmlElement = el(doc, "table", "");
        let head: HtmlElement = el(doc, "thead", "");
        let row = heading_row(
            doc,
            labels,
            &[
                Key::table_move,
                Key::table_player,
                Key::table_column,
                Key::table_rating,
                Key::table_after,
            ],
        );
        append(&head, &row);
        let table_body: HtmlElement = el(doc, "tbody", "");
        append(&grid, &head);
        append(&grid, &table_body);
        append(&table_pop, &grid);
        let actions: HtmlElement = el(doc, "div", "c4-actions");
        let play_from_here = text_button(doc, labels, "c4-btn c4-primary", Key::play_from_here);
        let back = text_button(doc, labels, "c4-btn", Key::back);
        let link = text_button(doc, labels, "c4-btn c4-link", Key::copy_link);
        for part in [&play_from_here, &back, &link] {
            append(&actions, part);
        }
        for part in [&line, &steps, &actions, &chart_box] {
            append(&section, part);
        }
        append(&section, &table);
        Ok(ReviewPanel {
            section,
            line,
            first,
            previous,
            next,
            last,
            slider,
            steps,
            chart,
            chart_box,
            table,
            table_body,
            play_from_here,
            back,
            link,
        })
    }

    /// What the panel listens to, and the commands it gives.
    pub fn listeners(&self) -> Vec<Listener> {
        let slider = self.slider.clone();
        let chart = self.chart.clone();
        vec![
            Listener::click(&self.first, Command::ReviewTo(0)),
            Listener::click(&self.previous, Command::ReviewBy(-1)),
            Listener::click(&self.next, Command::ReviewBy(1)),
            Listener::click(&self.last, Command::ReviewTo(usize::MAX)),
            Listener::click(&self.play_from_here, Command::PlayFromHere),
            Listener::click(&self.back, Command::Back),
            Listener::click(&self.link, Command::CopyLink),
            Listener {
                target: self.slider.clone().into(),
                event: "input",
                read: Box::new(move |_| Some(Command::ReviewTo(slider.value().parse().ok()?))),
            },
            // A tap or click on the chart goes to the move under it.
            Listener {
                target: self.chart_box.clone(),
                event: "click",
                read: Box::new(move |e| {
                    let e = e.dyn_ref::<web_sys::MouseEvent>()?;
                    let box_ = chart.get_bounding_client_rect();
                    // Parsed as a whole number: a float parser costs the module 10 KB.
                    let moves = f64::from(chart.get_attribute("data-moves")?.parse::<u32>().ok()?);
                    let across = (f64::from(e.client_x()) - box_.left()) / box_.width();
                    if !(0.0..1.0).contains(&across) || moves < 1.0 {
                        return None;
                    }
                    Some(Command::ReviewTo((across * moves).floor() as usize + 1))
                }),
            },
        ]
    }

    /// The slider, while the review shows: its arrows step through the moves.
    pub fn main_control(&self) -> Option<&HtmlElement> {
        (!self.section.hidden()).then(|| self.slider.as_ref())
    }

    /// The steps take the arrow keys: they step through the moves.
    pub fn key_areas(&self) -> Vec<(HtmlElement, KeyTarget)> {
        vec![(self.steps.clone(), KeyTarget::Review)]
    }

    /// Shows `review` (hidden while `None`), given what `old` showed.
    pub fn apply(
        &self,
        review: Option<&ReviewView>,
        old: Option<&ReviewView>,
    ) -> Result<(), JsValue> {
        set_hidden(&self.section, review.is_none());
        let Some(r) = review else {
            return Ok(());
        };
        let doc = self.section.owner_document().ok_or("no document")?;
        text(&self.line, &r.line);
        set_attr(&self.section, "data-ready", bool_attr(r.ready));
        self.slider.set_max(&r.len.to_string());
        let value = r.at.to_string();
        if self.slider.value() != value {
            self.slider.set_value(&value);
        }
        set_attr(&self.slider, "aria-valuetext", &r.position);
        // aria-disabled, not disabled: a button pressed to the end keeps the focus (and
        // its arrow keys).
        set_attr(&self.first, "aria-disabled", bool_attr(r.at == 0));
        set_attr(&self.previous, "aria-disabled", bool_attr(r.at == 0));
        set_attr(&self.next, "aria-disabled", bool_attr(r.at == r.len));
        set_attr(&self.last, "aria-disabled", bool_attr(r.at == r.len));
        if old.is_none_or(|o| o.bars != r.bars) {
            self.draw_chart(&doc, &r.bars)?;
        }
        if old.is_none_or(|o| o.rows != r.rows) {
            self.fill_table(&doc, &r.rows)?;
        }
        set_hidden(&self.chart_box, !r.ready);
        set_hidden(self.table.unchecked_ref(), !r.ready);
        Ok(())
    }

    /// The chart: a bar per move, up for Red and down for Yellow, taller the sooner the
    /// win; a dot over each mistake; the move shown outlined.
    fn draw_chart(&self, doc: &Document, bars: &[Bar]) -> Result<(), JsValue> {
        self.chart.set_text_content(None);
        let n = bars.len().max(1);
        attr(&self.chart, "viewBox", &format!("0 -1.15 {n} 2.3"));
        // Bar i is move i + 1: a click finds its move by where it falls.
        attr(&self.chart, "data-moves", &bars.len().to_string());
        let end = n.to_string();
        let axis = svg_with(
            doc,
            &[
                ("x1", "0"),
                ("y1", "0"),
                ("x2", &end),
                ("y2", "0"),
                ("class", "c4-axis"),
            ],
            "line",
        );
        append(&self.chart, &axis);
        // A move not rated (a big board's early one) has no bar.
        for (i, bar) in bars.iter().enumerate().filter(|(_, bar)| bar.known) {
            let height = bar.height.abs().max(0.06);
            let top = if bar.height > 0.0 {
                -height
            } else if bar.height < 0.0 {
                0.0
            } else {
                -0.03
            };
            let class = match bar.height {
                h if h > 0.0 => "c4-bar-red",
                h if h < 0.0 => "c4-bar-yellow",
                _ => "c4-bar-draw",
            };
            let shown = if bar.shown { " c4-shown" } else { "" };
            let x = number(i as f64 + 0.12);
            let (top, class) = (number(top), format!("{class}{shown}"));
            let h = number(if bar.height == 0.0 { 0.06 } else { height });
            let rect = svg_with(
                doc,
                &[
                    ("x", &x),
                    ("y", &top),
                    ("width", "0.76"),
                    ("height", &h),
                    ("class", &class),
                ],
                "rect",
            );
            append(&self.chart, &rect);
            if bar.mistake {
                // A marker on the other side of the line from the bar.
                let x = number(i as f64 + 0.22);
                let y = if bar.height > 0.0 { "0.08" } else { "-0.36" };
                let dot = svg_with(
                    doc,
                    &[
                        ("x", &x),
                        ("y", y),
                        ("width", "0.56"),
                        ("height", "0.28"),
                        ("rx", "0.14"),
                        ("class", "c4-mistake"),
                    ],
                    "rect",
                );
                append(&self.chart, &dot);
            }
        }
        Ok(())
    }

    fn fill_table(&self, doc: &Document, rows: &[[String; 5]]) -> Result<(), JsValue> {
        self.table_body.set_text_content(None);
        for row in rows {
            let tr: HtmlElement = el(doc, "tr", "");
            for (i, value) in row.iter().enumerate() {
                let cell: HtmlElement = el(doc, if i == 0 { "th" } else { "td" }, "");
                if i == 0 {
                    attr(&cell, "scope", "row");
                }
                cell.set_text_content(Some(value));
                append(&tr, &cell);
            }
            append(&self.table_body, &tr);
        }
        Ok(())
    }
}

/// An SVG element `tag` with these attributes.
fn svg_with(doc: &Document, attrs: &[(&str, &str)], tag: &str) -> Element {
    let e = svg(doc, tag);
    for (name, value) in attrs {
        attr(&e, name, value);
    }
    e
}
