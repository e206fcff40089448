//! What the view model asks of the web layer: the [`Effect`]s every activity returns, and the
//! sounds ([`Cue`]s) the game makes.

use super::event::Event;
use super::protocol::Request;
use super::settings::Mode;
use super::text::Texts;
use crate::engine::Status;
use crate::online::ToServer;

/// What the web layer must do after a command, a reply or a tick.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Say this in the polite live region.
    Announce(String),
    /// The game has ended (the last piece has landed): show the result and Play again.
    Finished(String),
    /// What the board or the controls show changed: redraw and refresh the DOM mirror.
    Changed,
    /// Send this to the computer's worker, starting the worker if need be.
    Ask(Request),
    /// The worker's job is no longer wanted. A search cannot be interrupted, so the worker
    /// is stopped (and replaced on the next request).
    CancelComputer,
    /// Tell the host page.
    Event(Event),
    /// Tell the page's developers (the console): details a player need not read.
    Warn(String),
    /// Play this sound (only sent while the sound is on).
    Sound(Cue),
    /// Remember this (a saved game's text, [`super::save::Saved`]) across reloads.
    Save(String),
    /// Put this share link's fragment (without `#`) on the clipboard, as a whole URL.
    CopyLink(String),
    /// Put the invite link to this online game on the clipboard (its address is the host
    /// page's to choose); with a one-time token, the link that moves the person's seat to
    /// another device.
    CopyInvite(crate::online::GameId, Option<crate::online::Secret>),
    /// Online play: the connection to the game's server, and what to send on it.
    Online(Online),
    /// It became the person's turn in an online game: if the page is hidden, the tab's
    /// title says so (`title`, with `{title}` for the page's own), the device vibrates,
    /// and [`Cue::Turn`] plays if `sound`.
    TurnAlert { title: String, sound: bool },
}

/// What online play asks of the page's connection to the game's server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Online {
    /// Connect (after `after_ms`; 0: now).
    Connect {
        after_ms: u32,
    },
    Send(ToServer),
    Disconnect,
    /// Keep the name the person goes by online, for the next games.
    KeepName(String),
    /// Keep the secret of a seat in `game`, to come back to it after a reload (empty: the
    /// seat is no longer this browser's).
    Keep {
        game: String,
        secret: String,
    },
}

impl Effect {
    /// Says `said`: the one effect of a command that only answers in words.
    pub fn say(said: impl Into<String>) -> Vec<Effect> {
        vec![Effect::Announce(said.into())]
    }

    /// Says `said` and shows what changed.
    pub fn changed(said: impl Into<String>) -> Vec<Effect> {
        vec![Effect::Announce(said.into()), Effect::Changed]
    }

    /// The game saved on this page could not be read, in whole or in part (why goes to
    /// the console): the player is told once what that means.
    pub fn unreadable(texts: &Texts, unreadable: Unreadable) -> Vec<Effect> {
        let said = match unreadable.whole {
            true => texts.save_unreadable(),
            false => texts.save_partly_unreadable(),
        };
        vec![
            Effect::Announce(said.to_owned()),
            Effect::Warn(unreadable.why),
        ]
    }

    /// The worker could not do its job: the player hears why, and the host gets `c4-error`.
    /// Nothing stays pending, so the player can change the players or start again.
    pub fn failed(texts: &Texts, message: &str) -> Vec<Effect> {
        vec![
            Effect::Announce(texts.computer_failed_text(message)),
            Effect::Changed,
            Effect::Event(Event::Error {
                code: "computer",
                message: message.to_owned(),
            }),
        ]
    }
}

/// A sound the game makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cue {
    /// A checker lands.
    Land,
    /// A game is won (by a person, or by anyone when no person plays alone).
    Win,
    /// The computer beats the one person playing it.
    Loss,
    Draw,
    /// Your turn, online, while the page is hidden: not the landing click.
    Turn,
}

impl Cue {
    /// The sound of a game that ended with `status` between `mode`'s players: a win for
    /// whoever the players cheer, a loss when the computer beats the one person playing it.
    pub fn end(status: Status, mode: Option<Mode>) -> Cue {
        match (status, mode) {
            (Status::Draw, _) => Cue::Draw,
            (Status::Win(winner), Some(Mode::Computer { person, .. })) if winner != person => {
                Cue::Loss
            }
            _ => Cue::Win,
        }
    }
}

/// `first`'s effects, then `then`'s: moved, not cloned (`[a, b].concat()` cloned each, and
/// its copy of `Effect::clone` cost the page's module 2 KB).
pub fn joined(mut first: Vec<Effect>, then: Vec<Effect>) -> Vec<Effect> {
    first.extend(then);
    first
}

/// The effect, if there is one, as a list (a `collect` of its own for each kind of option
/// cost the page's module more).
pub fn maybe(effect: Option<Effect>) -> Vec<Effect> {
    match effect {
        Some(effect) => vec![effect],
        None => Vec::new(),
    }
}

/// What of a saved game could not be read, for the player and the console.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Nothing could be read: a new game started. Otherwise only some fields fell back.
    pub whole: bool,
    /// What was wrong, and where the text is kept.
    pub why: String,
}
