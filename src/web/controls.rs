//! The game's controls: the main choice (opponent, level, colour), the turn line and the
//! result with Play again, the row of buttons (new game, undo, hint, review, copy link,
//! sound, the analysis), and the "How to play" and "Settings" disclosures.

use super::dom::{
    add_class, append, attr, bool_attr, changed, el, set_attr, set_hidden, svg, text,
};
use super::labels::{Labels, Text};
use super::parts::{checkbox, disclosure, text_button};
use crate::engine::Player;
use crate::solver::Level;
use crate::ui::mirror::Mirror;
use crate::ui::text::Key;
use crate::ui::{Mode, ModeChoice, PlayerKind};
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, HtmlButtonElement, HtmlDetailsElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement,
};

pub struct Controls {
    /// The main choice, up front.
    pub choice: HtmlElement,
    /// The turn line and the result.
    pub bar: HtmlElement,
    /// The row of buttons.
    pub row: HtmlElement,
    turn_box: HtmlElement,
    turn: HtmlElement,
    swatch: HtmlElement,
    count: HtmlElement,
    pub result: HtmlElement,
    result_text: HtmlElement,
    result_detail: HtmlElement,
    pub play_again: HtmlButtonElement,
    /// The review, offered with the result.
    pub review_game: HtmlButtonElement,
    pub undo: HtmlButtonElement,
    pub new_game: HtmlButtonElement,
    pub hint: HtmlButtonElement,
    /// Opens the review (R).
    pub review: HtmlButtonElement,
    /// Copies the share link; only on pages whose links open games (the `links` option).
    pub copy_link: Option<HtmlButtonElement>,
    pub sound: HtmlButtonElement,
    pub show_analysis: HtmlInputElement,
    pub reduce_motion: HtmlInputElement,
    pub player_selects: [HtmlSelectElement; 2],
    /// The main choice's radio buttons, each with the choice it makes.
    pub choices: Vec<(ModeChoice, HtmlInputElement)>,
    /// "A friend online", beside the opponents: a new online game (shown only on a page
    /// with a game server).
    pub online: HtmlInputElement,
    pub howto: HtmlDetailsElement,
    pub settings: HtmlDetailsElement,
}

thread_local! {
    /// Numbers the games on the page, for their radio groups' names.
    static GAMES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A segmented control's class, name, legend and choices (`None`: online play, which is
/// not a choice of who plays here).
type Group = (
    &'static str,
    &'static str,
    Key,
    Vec<(Option<ModeChoice>, &'static str, Text)>,
);

fn shortcut(b: HtmlButtonElement, key: &str) -> Result<HtmlButtonElement, JsValue> {
    attr(&b, "aria-keyshortcuts", key);
    Ok(b)
}

/// A group of radio buttons drawn as one segmented control, with a visible legend.
pub(super) fn segments(
    doc: &Document,
    parent: &HtmlElement,
    labels: &mut Labels,
    class: &str,
    name: &str,
    legend: Key,
    choices: Vec<(Option<ModeChoice>, &'static str, Text)>,
) -> Result<Vec<(Option<ModeChoice>, HtmlInputElement)>, JsValue> {
    let set: HtmlElement = el(doc, "fieldset", &format!("c4-seg {class}"));
    let caption: HtmlElement = el(doc, "legend", "");
    labels.text(&caption, legend);
    append(&set, &caption);
    let row: HtmlElement = el(doc, "div", "c4-seg-row");
    let mut inputs = Vec::new();
    for (key, value, text_of) in choices {
        let label: HtmlElement = el(doc, "label", "");
        let input: HtmlInputElement = el(doc, "input", "");
        input.set_type("radio");
        input.set_name(name);
        input.set_value(value);
        let span: HtmlElement = el(doc, "span", "");
        labels.label(&span, None, text_of);
        append(&label, &input);
        append(&label, &span);
        append(&row, &label);
        inputs.push((key, input));
    }
    append(&set, &row);
    append(parent, &set);
    Ok(inputs)
}

/// The sound button's icon: a speaker, with waves while the sound is on and a cross while
/// it is off (the stylesheet shows one).
fn speaker(doc: &Document) -> Result<web_sys::Element, JsValue> {
    let icon_svg = svg(doc, "svg");
    attr(&icon_svg, "viewBox", "0 0 24 24");
    attr(&icon_svg, "aria-hidden", "true");
    for (class, d) in [
        ("", "M4 9v6h4l5 4V5L8 9z"),
        (
            "c4-waves",
            "M16.5 8.5a5 5 0 0 1 0 7M19.5 5.5a9 9 0 0 1 0 13",
        ),
        ("c4-mute", "M16 9l6 6M22 9l-6 6"),
    ] {
        let path = svg(doc, "path");
        attr(&path, "d", d);
        if !class.is_empty() {
            attr(&path, "class", class);
        }
        append(&icon_svg, &path);
    }
    Ok(icon_svg)
}

/// The main choice: against the computer, a friend here or a friend online, the level, and
/// the colour.
fn main_choice(
    doc: &Document,
    choice: &HtmlElement,
    labels: &mut Labels,
) -> Result<(Vec<(ModeChoice, HtmlInputElement)>, HtmlInputElement), JsValue> {
    let game = game_number();
    let opponent: Vec<(Option<ModeChoice>, &'static str, Text)> = vec![
        (
            Some(ModeChoice::Computer),
            "computer",
            Text::Of(Key::vs_computer),
        ),
        (Some(ModeChoice::Friend), "friend", Text::Of(Key::vs_friend)),
        (None, "online", Text::Of(Key::online_friend)),
    ];
    let mut levels: Vec<(Option<ModeChoice>, &'static str, Text)> = Vec::new();
    for level in Level::ALL {
        let text = Text::Made(Box::new(move |t| t.level(level).to_owned()));
        levels.push((Some(ModeChoice::Level(level)), level.name(), text));
    }
    let mut sides: Vec<(Option<ModeChoice>, &'static str, Text)> = Vec::new();
    for (p, value) in [(Player::First, "first"), (Player::Second, "second")] {
        let text = Text::Made(Box::new(move |t| t.person_choice(p)));
        sides.push((Some(ModeChoice::Person(p)), value, text));
    }
    let groups: [Group; 3] = [
        ("c4-opponent", "opponent", Key::opponent, opponent),
        ("c4-levels", "level", Key::level_legend, levels),
        ("c4-sides", "side", Key::you_play, sides),
    ];
    let mut inputs = Vec::new();
    let mut online = None;
    for (class, name, legend, choices) in groups {
        let name = format!("c4-{game}-{name}");
        for (key, input) in segments(doc, choice, labels, class, &name, legend, choices)? {
            match key {
                Some(key) => inputs.push((key, input)),
                None => online = Some(input),
            }
        }
    }
    Ok((inputs, online.ok_or("the online choice")?))
}

/// A number of its own for each game built on the page, for its radio groups' names:
/// the next one.
fn new_game_number() {
    GAMES.with(|n| n.set(n.get().wrapping_add(1)));
}

/// The number of the game being built.
pub fn game_number() -> u32 {
    GAMES.with(|n| n.get())
}

impl Controls {
    pub fn build(doc: &Document, labels: &mut Labels, links: bool) -> Result<Controls, JsValue> {
        new_game_number();
        let choice: HtmlElement = el(doc, "div", "c4-choice");
        let (choices, online) = main_choice(doc, &choice, labels)?;

        let bar: HtmlElement = el(doc, "div", "c4-bar");
        let turn_box: HtmlElement = el(doc, "span", "c4-turn");
        let swatch: HtmlElement = el(doc, "span", "c4-swatch");
        attr(&swatch, "aria-hidden", "true");
        let turn: HtmlElement = el(doc, "span", "");
        let dots: HtmlElement = el(doc, "span", "c4-dots");
        attr(&dots, "aria-hidden", "true");
        for _ in 0..3 {
            let dot: HtmlElement = el(doc, "i", "");
            append(&dots, &dot);
        }
        for part in [&swatch, &turn, &dots] {
            append(&turn_box, part);
        }
        let count: HtmlElement = el(doc, "span", "c4-count");
        // The result replaces the turn line, where the eye is, with Play again.
        let result: HtmlElement = el(doc, "div", "c4-result");
        result.set_hidden(true);
        let result_words: HtmlElement = el(doc, "div", "c4-result-words");
        let result_text: HtmlElement = el(doc, "p", "c4-result-text");
        let result_detail: HtmlElement = el(doc, "p", "c4-result-detail");
        append(&result_words, &result_text);
        append(&result_words, &result_detail);
        let play_again = text_button(doc, labels, "c4-btn c4-primary", Key::play_again);
        let review_game = text_button(doc, labels, "c4-btn", Key::review);
        for part in [&result_words, &review_game, &play_again] {
            append(&result, part);
        }
        for part in [&turn_box, &count, &result] {
            append(&bar, part);
        }

        let row: HtmlElement = el(doc, "div", "c4-controls");
        let new_game = shortcut(text_button(doc, labels, "c4-btn", Key::new_game), "N")?;
        let undo = shortcut(text_button(doc, labels, "c4-btn", Key::undo), "U")?;
        let hint = shortcut(text_button(doc, labels, "c4-btn", Key::hint), "H")?;
        let review = shortcut(text_button(doc, labels, "c4-btn", Key::review), "R")?;
        let copy_link = match links {
            true => Some(text_button(doc, labels, "c4-btn", Key::copy_link)),
            false => None,
        };
        let sound = super::dom::button(doc, "c4-btn c4-sound", "");
        attr(&sound, "aria-pressed", "false");
        append(&sound, &speaker(doc)?);
        let sound_text: HtmlElement = el(doc, "span", "");
        labels.text(&sound_text, Key::sound);
        append(&sound, &sound_text);
        let analysis_label: HtmlElement = el(doc, "label", "c4-toggle");
        let show_analysis = checkbox(doc, &analysis_label, labels, Key::show_analysis);
        for part in [&new_game, &undo, &hint, &review]
            .into_iter()
            .chain(&copy_link)
        {
            append(&row, part);
        }
        append(&row, &sound);
        append(&row, &analysis_label);

        // What is one click away: how to play, and the rest of the settings.
        let (howto, pop) = disclosure(doc, labels, "c4-howto", Key::how_to_play);
        let rules: HtmlElement = el(doc, "p", "");
        labels.text(&rules, Key::rules);
        let ratings: HtmlElement = el(doc, "p", "");
        labels.text(&ratings, Key::ratings_help);
        let keys: HtmlElement = el(doc, "p", "c4-help");
        labels.text(&keys, Key::key_help);
        // Online play, where the page offers it.
        let online_help: HtmlElement = el(doc, "p", "c4-online-help");
        labels.text(&online_help, Key::online_help);
        append(&pop, &rules);
        append(&pop, &ratings);
        append(&pop, &online_help);
        append(&pop, &keys);

        let (settings, body) = disclosure(doc, labels, "c4-settings", Key::settings);
        add_class(&body, "c4-settings-body");
        let mut player_selects = Vec::new();
        for side in [Player::First, Player::Second] {
            let label: HtmlElement = el(doc, "label", "c4-players");
            let text: HtmlElement = el(doc, "span", "");
            append(&label, &text);
            labels.made(&text, None, move |t| t.played_by_text(side));
            let select: HtmlSelectElement = el(doc, "select", "");
            for kind in PlayerKind::ALL {
                let option: web_sys::Element = el(doc, "option", "");
                attr(&option, "value", kind.name());
                labels.made(&option, None, move |t| t.player_choice(kind));
                append(&select, &option);
            }
            append(&label, &select);
            append(&body, &label);
            player_selects.push(select);
        }
        let motion_label: HtmlElement = el(doc, "label", "");
        let reduce_motion = checkbox(doc, &motion_label, labels, Key::reduce_motion);
        append(&body, &motion_label);

        Ok(Controls {
            choice,
            bar,
            row,
            turn_box,
            turn,
            swatch,
            count,
            result,
            result_text,
            result_detail,
            play_again,
            review_game,
            undo,
            new_game,
            hint,
            review,
            copy_link,
            sound,
            show_analysis,
            reduce_motion,
            player_selects: player_selects
                .try_into()
                .map_err(|_| "two player choices")?,
            choices,
            online,
            howto,
            settings,
        })
    }

    /// Brings the controls in line with `m`, given what `old` showed; `wrapper` carries the
    /// game's state attributes the stylesheet reads.
    pub fn apply(&self, m: &Mirror, old: Option<&Mirror>, wrapper: &HtmlElement) {
        if changed(old, |o| o.turn == m.turn) {
            text(&self.turn, &m.turn);
        }
        if changed(old, |o| o.swatch == m.swatch) {
            if let Some(player) = m.swatch {
                set_attr(&self.swatch, "data-player", &player.to_string());
            }
            set_hidden(&self.swatch, m.swatch.is_none());
        }
        if changed(old, |o| o.count == m.count) {
            text(&self.count, &m.count);
        }
        self.undo.set_disabled(!m.can_undo);
        self.hint.set_disabled(!m.can_hint);
        self.review.set_disabled(!m.can_review);
        if changed(old, |o| {
            o.result == m.result && o.result_detail == m.result_detail
        }) {
            if let Some(result) = &m.result {
                text(&self.result_text, result);
            }
            text(
                &self.result_detail,
                m.result_detail.as_deref().unwrap_or_default(),
            );
            set_hidden(&self.result, m.result.is_none());
            set_hidden(&self.turn_box, m.result.is_some());
            set_attr(wrapper, "data-over", bool_attr(m.result.is_some()));
        }
        if changed(old, |o| {
            o.mode == m.mode && o.level == m.level && o.person == m.person && o.hides == m.hides
        }) {
            for (choice, input) in &self.choices {
                input.set_checked(m.chosen(*choice));
            }
            self.online.set_checked(false);
            let mode = match m.mode {
                Some(Mode::Friend) => "friend",
                Some(Mode::Computer { .. }) => "computer",
                None => "computers",
            };
            set_attr(wrapper, "data-mode", mode);
        }
        if changed(old, |o| o.online_offered == m.online_offered) {
            if let Some(label) = self.online.parent_element() {
                label
                    .toggle_attribute_with_force("hidden", !m.online_offered)
                    .ok();
            }
            set_attr(wrapper, "data-online", bool_attr(m.online_offered));
        }
        if changed(old, |o| o.perfect_offered == m.perfect_offered) {
            // Not offered on this board: the line under the levels says why.
            let perfect = PlayerKind::Computer(Level::Perfect).name();
            for (choice, input) in &self.choices {
                if *choice == ModeChoice::Level(Level::Perfect) {
                    input.set_disabled(!m.perfect_offered);
                }
            }
            for select in &self.player_selects {
                let option = select.query_selector(&format!("option[value={perfect}]"));
                if let Ok(Some(option)) = option {
                    set_attr(&option, "aria-disabled", bool_attr(!m.perfect_offered));
                    option
                        .toggle_attribute_with_force("disabled", !m.perfect_offered)
                        .ok();
                }
            }
        }
        if changed(old, |o| o.settings == m.settings) {
            set_attr(&self.sound, "aria-pressed", bool_attr(m.settings.sound));
            self.reduce_motion.set_checked(m.settings.reduced_motion);
            self.show_analysis.set_checked(m.settings.show_analysis);
            for (select, kind) in self.player_selects.iter().zip(m.settings.players) {
                select.set_value(kind.name());
            }
        }
    }
}
