//! Turns the page's events into [`Input`]s: commands from clicks, taps, keys and form
//! controls, and the changes that need a new layout or a repaint.

use super::view::View;
use crate::ui::command::{key_action, Action, Command, KeyTarget, Play};
use crate::ui::PlayerKind;
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, EventTarget, KeyboardEvent, MediaQueryList, MutationObserver,
    MutationObserverInit, PointerEvent, ResizeObserver, TransitionEvent,
};

/// What the page reports to the game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Input {
    /// A command, and whether the focus then goes to the selected column.
    Act(Action),
    /// The pointer is over the stage, `x` CSS pixels from its left edge, or has left it.
    Pointer(Option<f64>),
    /// The stage changed size or the device-pixel ratio changed: lay out again.
    Resize,
    /// The page's or the system's colours may have changed: read them again.
    Restyle,
    /// A person pressed something in the game: sound may start now.
    Gesture,
    /// A disclosure ("How to play", "Settings") opened: close the others; `None`: close
    /// them all.
    Disclosed(Option<usize>),
    /// The page address's fragment changed (a share link pasted in the same tab).
    HashChanged,
}

/// Reads an event: the input it means, if any.
type Reader = Box<dyn Fn(&Event) -> Option<Input>>;

fn act(command: Command) -> Input {
    Input::Act(Action {
        command,
        focus_selected: false,
    })
}

/// The listeners and the observer that feed a game; dropping them stops them.
pub struct Wiring {
    _listeners: Vec<EventListener>,
    observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut()>,
    restyle: MutationObserver,
    _on_restyle: Closure<dyn FnMut()>,
}

impl Drop for Wiring {
    fn drop(&mut self) {
        self.observer.disconnect();
        self.restyle.disconnect();
    }
}

/// Where a key was pressed: a column control, a form field, a panel's part that takes keys
/// (`areas`), or elsewhere.
fn key_target(event: &Event, areas: &[(web_sys::HtmlElement, KeyTarget)]) -> KeyTarget {
    match event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
        // A radio button, a checkbox or a slider (the review's) keeps its arrows, Home, End
        // and Space; digits and letters are the game's.
        Some(t)
            if t.tag_name() == "INPUT"
                && matches!(
                    t.get_attribute("type").as_deref(),
                    Some("radio" | "checkbox" | "range")
                ) =>
        {
            KeyTarget::Other
        }
        Some(t) if matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA") => {
            KeyTarget::Field
        }
        Some(t) if t.class_list().contains("c4-col") => KeyTarget::Column,
        Some(t) => areas
            .iter()
            .find(|(area, _)| area.contains(Some(&t)))
            .map_or(KeyTarget::Other, |(_, target)| *target),
        None => KeyTarget::Other,
    }
}

/// Listens to `view`'s controls, the window, the system's colour preferences (`media`) and
/// the host's styles, and hands what happens to `send`.
pub fn wire(
    view: &View,
    media: &[MediaQueryList],
    links: bool,
    send: impl Fn(Input) + 'static,
) -> Result<Wiring, JsValue> {
    let send: Rc<dyn Fn(Input)> = Rc::new(send);
    let window = web_sys::window().ok_or("no window")?;
    let mut listeners = Vec::new();
    let mut on = |target: &EventTarget, event: &'static str, f: Reader| {
        let send = send.clone();
        listeners.push(EventListener::new(target, event, move |e| {
            if let Some(input) = f(e) {
                send(input);
            }
        }));
    };

    let actions: Rc<dyn Fn(Action)> = {
        let send = send.clone();
        Rc::new(move |action| send(Input::Act(action)))
    };
    let sizes = view.sizes.listen(&actions);
    // A press that closes an open disclosure (Record, Settings…) only closes it: its click
    // drops no piece. Set at each press.
    let dismissing = Rc::new(Cell::new(false));
    for (column, b) in view.board.buttons.iter().enumerate() {
        let dismissing = dismissing.clone();
        on(
            b,
            "click",
            Box::new(move |_| (!dismissing.get()).then(|| act(Command::Drop(column)))),
        );
        // The keyboard's column shows a piece above it only while the focus is visible (a
        // tap also focuses the column, and must leave no piece behind), and again at the
        // first key pressed on it.
        let s = send.clone();
        let button = b.clone();
        on(
            b,
            "focus",
            Box::new(move |_| {
                let visible = button.matches(":focus-visible").unwrap_or(true);
                s(act(Command::FocusBoard(visible)));
                Some(act(Command::Select(column)))
            }),
        );
        on(
            b,
            "keydown",
            Box::new(|_| Some(act(Command::FocusBoard(true)))),
        );
        on(
            b,
            "blur",
            Box::new(|_| Some(act(Command::FocusBoard(false)))),
        );
    }
    let stage = view.board.stage.clone();
    on(
        &view.board.columns,
        "pointermove",
        Box::new(move |e| {
            let e = e.dyn_ref::<PointerEvent>()?;
            let left = stage.get_bounding_client_rect().left();
            Some(Input::Pointer(Some(f64::from(e.client_x()) - left)))
        }),
    );
    on(
        &view.board.columns,
        "pointerleave",
        Box::new(|_| Some(Input::Pointer(None))),
    );
    // A finger lifted leaves no ghost behind: touch has no hover.
    on(
        &view.board.columns,
        "pointerup",
        Box::new(|e| {
            let e = e.dyn_ref::<PointerEvent>()?;
            (e.pointer_type() != "mouse").then_some(Input::Pointer(None))
        }),
    );
    on(
        &view.controls.undo,
        "click",
        Box::new(|_| Some(act(Command::Undo))),
    );
    on(
        &view.controls.new_game,
        "click",
        Box::new(|_| Some(act(Command::NewGame))),
    );
    on(
        &view.controls.play_again,
        "click",
        Box::new(|_| {
            Some(Input::Act(Action {
                command: Command::NewGame,
                focus_selected: true,
            }))
        }),
    );
    on(
        &view.controls.hint,
        "click",
        Box::new(|_| Some(act(Command::Hint))),
    );
    for review in [&view.controls.review, &view.controls.review_game] {
        on(review, "click", Box::new(|_| Some(act(Command::Review))));
    }
    if let Some(copy) = &view.controls.copy_link {
        on(copy, "click", Box::new(|_| Some(act(Command::CopyLink))));
    }
    on(
        &view.controls.online,
        "change",
        Box::new(|_| Some(act(Command::Online(Play::Setup)))),
    );
    // An activity opened (or left) from a panel takes the focus where it declares.
    for listener in view.panels.listeners() {
        let read = listener.read;
        on(
            &listener.target,
            listener.event,
            Box::new(move |e| read(e).map(act)),
        );
    }
    let toggle = view.controls.sound.clone();
    on(
        &view.controls.sound,
        "click",
        Box::new(move |_| {
            let on = toggle.get_attribute("aria-pressed").as_deref() == Some("true");
            Some(act(Command::SetSound(!on)))
        }),
    );
    // A click on the level or colour already shown makes it a game against the computer,
    // which no `change` would say; choosing twice changes nothing.
    // Space or Enter on one already checked says nothing to the page either: take the keys.
    for (choice, input) in &view.controls.choices {
        for event in ["click", "change"] {
            let choice = *choice;
            on(
                input,
                event,
                Box::new(move |_| Some(act(Command::Choose(choice)))),
            );
        }
        let choice = *choice;
        on(
            input,
            "keydown",
            Box::new(move |e| {
                let key = e.dyn_ref::<KeyboardEvent>()?.key();
                matches!(key.as_str(), " " | "Enter").then(|| act(Command::Choose(choice)))
            }),
        );
    }
    for (i, details) in view.disclosures.iter().enumerate() {
        let open = details.clone();
        on(
            details,
            "toggle",
            Box::new(move |_| open.open().then_some(Input::Disclosed(Some(i)))),
        );
    }
    // Escape, or a press anywhere outside an open disclosure, closes it.
    on(
        &view.wrapper,
        "keydown",
        Box::new(|e| {
            let key = e.dyn_ref::<KeyboardEvent>()?;
            (key.key() == "Escape").then_some(Input::Disclosed(None))
        }),
    );
    let disclosures = view.disclosures.clone();
    let pressed = dismissing.clone();
    on(
        &window,
        "pointerdown",
        Box::new(move |e| {
            let path = e.composed_path();
            let inside = disclosures.iter().any(|d| d.open() && path.includes(d, 0));
            let closing = !inside && disclosures.iter().any(|d| d.open());
            pressed.set(closing);
            closing.then_some(Input::Disclosed(None))
        }),
    );
    // The click that follows the press clears it; so do a key (its click is no press's) and
    // a press that ends without a click (a touch that scrolls).
    for event in ["click", "keydown", "pointercancel"] {
        let dismissing = dismissing.clone();
        on(
            &window,
            event,
            Box::new(move |_| {
                dismissing.set(false);
                None
            }),
        );
    }
    for event in ["pointerdown", "keydown"] {
        on(&view.wrapper, event, Box::new(|_| Some(Input::Gesture)));
    }
    let checkbox = view.controls.show_analysis.clone();
    on(
        &view.controls.show_analysis,
        "change",
        Box::new(move |_| Some(act(Command::SetAnalysis(checkbox.checked())))),
    );
    let checkbox = view.controls.reduce_motion.clone();
    on(
        &view.controls.reduce_motion,
        "change",
        Box::new(move |_| Some(act(Command::SetReducedMotion(checkbox.checked())))),
    );
    for select in &view.controls.player_selects {
        let selects = view.controls.player_selects.clone();
        on(
            select,
            "change",
            Box::new(move |_| {
                let players = selects
                    .each_ref()
                    .map(|s| s.value().parse().unwrap_or(PlayerKind::Human));
                Some(act(Command::SetPlayers(players)))
            }),
        );
    }
    for query in media {
        on(query, "change", Box::new(|_| Some(Input::Restyle)));
    }
    on(&window, "resize", Box::new(|_| Some(Input::Resize)));
    if links {
        on(
            &window,
            "hashchange",
            Box::new(|_| Some(Input::HashChanged)),
        );
    }
    // A board colour changed, by whatever means (see the probes in style.rs). The new value
    // is readable as soon as the transition runs; one cut short is cancelled, not ended.
    for event in ["transitionrun", "transitionend", "transitioncancel"] {
        on(
            &view.wrapper,
            event,
            Box::new(|e| {
                let e = e.dyn_ref::<TransitionEvent>()?;
                e.property_name()
                    .starts_with("--_probe")
                    .then_some(Input::Restyle)
            }),
        );
    }

    // Keys are handled (and their default actions prevented) on the whole game.
    let s = send.clone();
    let areas = view.panels.key_areas();
    listeners.push(EventListener::new_with_options(
        &view.wrapper,
        "keydown",
        EventListenerOptions::enable_prevent_default(),
        move |e| {
            let Some(key) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            let modified = key.alt_key() || key.ctrl_key() || key.meta_key();
            if let Some(action) = key_action(&key.key(), modified, key_target(e, &areas)) {
                e.prevent_default();
                s(Input::Act(action));
            }
        },
    ));

    // Resize with the container, and on device-pixel-ratio changes (zoom).
    let s = send.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || s(Input::Resize));
    let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref())?;
    observer.observe(&view.board.stage);

    // The host's colours (CSS custom properties, `color-scheme`) come from its own styles and
    // its ancestors': watch their style, class and theme attributes.
    let s = send.clone();
    let on_restyle = Closure::<dyn FnMut()>::new(move || s(Input::Restyle));
    let restyle = MutationObserver::new(on_restyle.as_ref().unchecked_ref())?;
    let watch = MutationObserverInit::new();
    watch.set_attributes(true);
    let names = ["style", "class", "data-theme", "theme"].map(JsValue::from);
    watch.set_attribute_filter(&js_sys::Array::from_iter(names));
    let mut node: Option<Element> = Some(view.host.clone().into());
    while let Some(element) = node {
        restyle.observe_with_options(&element, &watch)?;
        node = element.parent_element();
    }
    listeners.extend(sizes);
    Ok(Wiring {
        _listeners: listeners,
        observer,
        _on_resize: on_resize,
        restyle,
        _on_restyle: on_restyle,
    })
}
