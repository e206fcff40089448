//! One mounted game: it hands [`Input`]s and the worker's replies to the [`Controller`],
//! carries out the [`Effect`]s, and shows the controller's [`Scene`] and [`Mirror`]. It
//! paints when something changes, and requests animation frames only while something moves.

mod api;
mod online;
mod run;
mod teardown;

pub use run::run_app;
use run::with_app;
pub use teardown::destroy;

use crate::engine::Position;
use crate::ui::event::Event;
use crate::ui::protocol::Reply;
use crate::ui::{Command, Controller, Effect, Mirror, Play, Scene};
use crate::web::address;
use crate::web::ai::AiClient;
use crate::web::audio::Audio;
use crate::web::colors::Colors;
use crate::web::input::{self, Input, Wiring};
use crate::web::online::OnlineSocket;
use crate::web::options::Choice;
use crate::web::screen::Screen;
use crate::web::storage;
use crate::web::view::View;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use web_sys::Window;

pub struct App {
    window: Window,
    view: View,
    controller: Controller,
    screen: Screen,
    wiring: Option<Wiring>,
    ai: AiClient,
    /// The connection to the game's server, for online play.
    online: OnlineSocket,
    /// The options as last set (the settings themselves live in the controller).
    choice: Choice,
    /// Events for the host, fired once the app is no longer borrowed.
    events: Vec<Event>,
    audio: Audio,
    alert: crate::web::alert::Alert,
    /// Where the game saves itself in `localStorage`, if anywhere.
    storage_key: Option<String>,
    /// Taken down: what is left of it (a late callback) does nothing.
    destroyed: bool,
    /// This app, for callbacks that come later (the clipboard's answer).
    me: Weak<RefCell<App>>,
}

pub type Shared = Rc<RefCell<App>>;

impl App {
    /// Builds a game inside `root`, as `choice` says, saving itself under `storage_key`;
    /// `unreadable` says why the game saved there could not be restored, if it could not.
    pub fn mount(
        root: &web_sys::HtmlElement,
        choice: Choice,
        storage_key: Option<String>,
        unreadable: Option<crate::ui::effect::Unreadable>,
    ) -> Result<Shared, JsValue> {
        let window = web_sys::window().ok_or("mount needs a window")?;
        let doc = window.document().ok_or("mount needs a document")?;
        let colors = Colors::new(&window)?;
        let link = choice.link.clone();
        let choice_puzzle = choice.puzzle;
        let online_game = choice.online_game.clone();
        let book_url = match &choice.book_url {
            Some(url) => url.clone(),
            None => crate::web::assets::book_url()?,
        };
        let position = choice
            .moves
            .unwrap_or_else(|| Position::empty(choice.size.unwrap_or_default()));
        let mut view = View::build(&doc, root, choice.links, position.size())?;
        view.panels.online.invite_url = choice.invite_url.clone();
        let mut controller = Controller::with_position(choice.settings, position);
        controller.set_texts(choice.texts.clone());
        controller.set_kept(
            choice.record,
            choice.played.clone(),
            choice.solved.clone(),
            choice.helped,
        );
        let shared = Rc::new_cyclic(|weak: &Weak<RefCell<App>>| {
            let (w, r, o) = (weak.clone(), weak.clone(), weak.clone());
            RefCell::new(App {
                window,
                view,
                controller,
                screen: Screen::new(
                    colors,
                    Closure::new(move |t: f64| with_app(&w, |a| a.on_frame(t))),
                ),
                wiring: None,
                ai: AiClient::new(book_url, move |reply| with_app(&r, |a| a.reply(reply))),
                online: OnlineSocket::new(move |heard| with_app(&o, |a| a.heard(heard))),
                me: weak.clone(),
                // The start position is played; later options start from their own.
                choice: Choice {
                    moves: None,
                    link: None,
                    puzzle: None,
                    online_game: None,
                    ..choice
                },
                events: Vec::new(),
                audio: Audio::default(),
                alert: crate::web::alert::Alert::new(&doc),
                storage_key,
                destroyed: false,
            })
        });
        let weak = Rc::downgrade(&shared);
        let mut app = shared.borrow_mut();
        let media = app.screen.colors.queries();
        let links = app.choice.links;
        match input::wire(&app.view, &media, links, move |i| {
            with_app(&weak, |a| a.input(i))
        }) {
            Ok(wiring) => app.wiring = Some(wiring),
            Err(e) => {
                app.view.remove();
                return Err(e);
            }
        }
        app.set_online();
        app.fit();
        app.restyle();
        app.show();
        let t = app.now();
        let mut effects = app.controller.opened(t);
        match (link, choice_puzzle, online_game) {
            (Some(link), _, _) => effects.extend(app.controller.open_link(link, t)),
            // The puzzle open before the reload opens again, from its start.
            (None, Some(id), _) => effects.extend(app.controller.reopen_puzzle(id, t)),
            // The online game open before the reload is entered again.
            (None, None, Some(game)) => effects.extend(app.controller.join_online(game, None, t)),
            (None, None, None) => {}
        }
        if let Some(unreadable) = unreadable {
            effects.extend(Effect::unreadable(app.controller.texts(), unreadable));
        }
        app.apply(effects);
        drop(app);
        // The host hears the start (`c4-change`, and `c4-end` for a finished game) once
        // `mount` has returned, so that listeners it adds right after are called.
        let weak = Rc::downgrade(&shared);
        let later = Closure::once_into_js(move || with_app(&weak, |_| {}));
        shared
            .borrow()
            .window
            .queue_microtask(later.unchecked_ref());
        Ok(shared)
    }

    /// Removes everything mount added: listeners, the frame callback, the observer, the
    /// worker, the DOM.
    /// Once only: the stylesheet's count of games must drop by one.
    pub fn destroy(&mut self) {
        if self.destroyed {
            return;
        }
        self.destroyed = true;
        self.screen.cancel_frame(&self.window);
        self.wiring = None;
        self.ai.disconnect();
        self.online.disconnect();
        self.audio.close();
        self.alert.restore();
        self.view.remove();
    }

    /// Whether `app`'s game is in `host` (a game busy in one of its callbacks is not asked).
    pub fn hosted_by(app: &Shared, host: &web_sys::HtmlElement) -> bool {
        app.try_borrow()
            .is_ok_and(|app| !app.destroyed && app.view.host == *host)
    }

    fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    fn input(&mut self, input: Input) {
        match input {
            Input::Act(action) => {
                let focus = self.view.focus();
                let opened = self.controller.activities_opened();
                self.run(action.command);
                let opened = (self.controller.activities_opened() != opened)
                    .then(|| self.controller.rules().opened);
                let selected = self.controller.cursor().selected();
                self.view.refocus(focus, action, opened, selected);
            }
            Input::Pointer(x) => {
                let column = x.and_then(|x| self.screen.layout.column_at(x));
                self.run(Command::Hover(column));
            }
            Input::Resize => {
                self.fit();
                self.repaint();
            }
            Input::Restyle => {
                if self.restyle() {
                    self.repaint();
                }
            }
            Input::Gesture => {
                if self.controller.settings().sound {
                    self.audio.unlock();
                }
            }
            Input::HashChanged => {
                if let Some(link) = address::read_link(&self.window) {
                    let effects = self.controller.open_link(link, self.now());
                    self.apply(effects);
                }
            }
            Input::Disclosed(open) => self.view.close_disclosures(open),
        }
    }

    fn run(&mut self, command: Command) {
        let mut effects = self.controller.command(command, self.now());
        // The name's box holds what the command cannot carry.
        if command == Command::Online(Play::NameChanged) {
            let name = self.view.panels.online.name();
            effects.extend(self.controller.set_name(&name));
        }
        self.apply(effects);
    }

    fn reply(&mut self, reply: Reply) {
        let effects = self.controller.reply(reply, self.now());
        self.apply(effects);
    }

    /// Carries out the controller's effects.
    fn apply(&mut self, effects: Vec<Effect>) {
        let mut changed = false;
        let mut finished = false;
        let mut failures = Vec::new();
        for effect in effects {
            match effect {
                Effect::Announce(message) => self.view.announce(&message),
                Effect::Finished(message) => {
                    self.view.announce(&message);
                    (changed, finished) = (true, true);
                }
                Effect::Changed => changed = true,
                Effect::Ask(request) => {
                    if let Err(error) = self.ai.send(&request) {
                        failures.push(Reply::Failed { id: None, error });
                    }
                }
                Effect::CancelComputer => self.ai.cancel(),
                Effect::Event(event) => self.events.push(event),
                Effect::Warn(detail) => {
                    web_sys::console::warn_1(&format!("connect-four: {detail}").into())
                }
                Effect::Sound(cue) => self.audio.play(cue),
                Effect::TurnAlert { title, sound } => {
                    self.alert.turn(&title, sound.then_some(&self.audio))
                }
                Effect::CopyLink(fragment) => {
                    let url = address::with_fragment(&self.window, &fragment);
                    self.copy(url);
                }
                Effect::CopyInvite(game, take) => {
                    let how = &self.choice.invite_url;
                    let url = address::invite_link(&self.window, how, game.as_str(), take.as_ref());
                    self.copy(url);
                }
                Effect::Online(online) => self.online.carry(online),
                Effect::Save(text) => {
                    if let Some(key) = &self.storage_key {
                        storage::save(key, &text);
                    }
                }
            }
        }
        if changed {
            self.show();
        }
        // Focus moves to "Play again" only from inside the game: never away from the page.
        if finished && self.view.has_focus() {
            let selected = self.controller.cursor().selected();
            self.view.focus_on(self.controller.rules().ended, selected);
        }
        for failure in failures {
            self.reply(failure);
        }
    }

    /// Shows the game as it is now: the DOM's mirror, then the board.
    fn show(&mut self) {
        let mirror = Mirror::of(&self.controller);
        if self.view.apply(mirror, self.controller.texts()) {
            self.fit();
        }
        self.repaint();
    }

    /// Paints the board as it is now, then keeps frames coming while something moves.
    fn repaint(&mut self) {
        let t = self.now();
        self.paint(t);
        if self.controller.motion().is_animating(t) {
            self.screen.request_frame(&self.window);
        }
    }

    fn on_frame(&mut self, t: f64) {
        self.screen.frame_came();
        let effects = self.controller.tick(t);
        self.apply(effects);
        self.paint(t);
        // Frames keep coming only while something moves.
        if self.controller.motion().is_animating(t) {
            self.screen.request_frame(&self.window);
        }
    }

    /// Reads the theme's colours on the page; true if they changed.
    fn restyle(&mut self) -> bool {
        self.screen
            .restyle(&self.window, &self.view, self.choice.theme)
    }

    /// Lays the board out in the stage's current size.
    fn fit(&mut self) {
        self.screen.fit(&self.window, &self.view);
    }

    fn paint(&mut self, t: f64) {
        let scene = Scene::at(&self.controller, t);
        self.screen.paint(&self.window, &self.view, &scene);
    }
}
