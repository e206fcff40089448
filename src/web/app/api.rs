//! What the host page can ask of a game through its handle: its state, a move, undo, a new
//! game, other options.

use super::App;
use crate::engine::{Column, Position};
use crate::ui::event::{GameState, MoveResult, Refusal};
use crate::ui::Command;
use crate::web::options::{Choice, MountOptions};

/// Why there is no online play to start.
const NO_ONLINE: &str =
    "online play is off: give the online option (your game server's address) first";

impl App {
    /// The game's state, for the host.
    pub fn state(&self) -> GameState {
        GameState::of(self.controller.position())
    }

    /// The host's move for the player to move.
    pub fn play(&mut self, column: Column) -> Result<MoveResult, Refusal> {
        let (effects, result) = self.controller.play(column, self.now());
        self.apply(effects);
        result
    }

    pub fn undo(&mut self) {
        self.run(Command::Undo);
    }

    /// A new game from `position`.
    pub fn new_game(&mut self, position: Position) {
        let effects = self.controller.new_game(position, self.now());
        self.apply(effects);
    }

    /// A new game on the game's board, from its start.
    pub fn new_empty_game(&mut self) {
        self.new_game(Position::empty(self.controller.game().size()));
    }

    /// Starts an online game on the board's size, the person in `colour` (`None`: the one
    /// the main choice shows; `Some(None)`: random): an error if online play is off.
    pub fn create_online(
        &mut self,
        colour: Option<Option<crate::online::Seat>>,
    ) -> Result<(), String> {
        if !self.controller.online_offered() {
            return Err(NO_ONLINE.into());
        }
        let effects = self.controller.create_online(colour, self.now());
        self.apply(effects);
        Ok(())
    }

    /// Leaves the online game shown, if one is.
    pub fn leave_online(&mut self) {
        let effects = self.controller.leave_online(self.now());
        self.apply(effects);
    }

    /// Resigns the online game the person plays: an error if there is none going on.
    pub fn resign_online(&mut self) -> Result<(), String> {
        if !self.controller.can_resign() {
            return Err(
                "there is no online game in progress with the person in a seat to resign".into(),
            );
        }
        // The host's own button asked, if it wanted to: no second question.
        let effects = self.controller.resign_now();
        self.apply(effects);
        Ok(())
    }

    /// The invite link of the online game shown, while it waits for the friend.
    pub fn invite_url(&self) -> Option<String> {
        let game = self.controller.invite()?;
        Some(crate::web::address::invite_link(
            &self.window,
            &self.choice.invite_url,
            game.as_str(),
            None,
        ))
    }

    /// Changes the options `options` names, keeping the others; an invalid one is an
    /// error, and then nothing changes. A position in them starts a new game there.
    pub fn set_options(&mut self, options: &MountOptions) -> Result<(), String> {
        let size = self.controller.game().size();
        let base = Choice {
            settings: self.controller.settings(),
            moves: None,
            size: Some(size),
            ..self.choice.clone()
        };
        let base_uri = self.view.host.base_uri().ok().flatten().unwrap_or_default();
        let mut choice = options.over(&base, &base_uri)?;
        let join = choice.join.take();
        if let Some(url) = &choice.book_url {
            self.ai.set_book_url(url);
        }
        let mut effects = self.controller.set_texts(choice.texts.clone());
        effects.extend(self.controller.set_settings(choice.settings, self.now()));
        self.apply(effects);
        let theme_changed = choice.theme != self.choice.theme;
        let online_changed = choice.online != self.choice.online;
        // A new size starts a new game on it, empty unless the options give moves.
        let resized = choice.size.filter(|&s| s != size).map(Position::empty);
        let start = choice.moves.or(resized);
        self.choice = Choice {
            moves: None,
            ..choice
        };
        self.view.panels.online.invite_url = self.choice.invite_url.clone();
        if online_changed {
            self.set_online();
            self.show();
        }
        if theme_changed {
            self.restyle();
            self.repaint();
        }
        if let Some(position) = start {
            self.new_game(position);
        }
        if let Some(game) = join {
            let effects = self
                .controller
                .open_link(Ok(crate::ui::share::Link::join(game)), self.now());
            self.apply(effects);
        }
        Ok(())
    }
}
