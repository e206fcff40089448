//! The controller's tests, one module per room: the game in play (`game`), the computer's
//! worker (`worker`), what the host and the player choose and hear (`host`), and the
//! review, puzzles, the record and links with the real solver (`activities`, which `serve`
//! answers as the worker does), and other board sizes (`sizes`). The helpers
//! they share read the effects a command or a reply returned.

use super::*;
pub use crate::engine::{Cell, Player, Status};
pub use crate::ui::anim;
pub use crate::ui::event::Undone;
pub use crate::ui::jobs::Job;
pub use crate::ui::protocol::{Board, Request};

#[cfg(not(target_arch = "wasm32"))]
mod activities;
mod game;
mod host;
#[cfg(not(target_arch = "wasm32"))]
mod online;
#[cfg(not(target_arch = "wasm32"))]
mod online_device;
#[cfg(not(target_arch = "wasm32"))]
mod online_life;
#[cfg(not(target_arch = "wasm32"))]
mod serve;
#[cfg(not(target_arch = "wasm32"))]
mod sizes;
mod worker;

/// What `pick` finds in each effect that has it, in order.
fn picked<T>(effects: &[Effect], pick: impl Fn(&Effect) -> Option<T>) -> Vec<T> {
    effects.iter().filter_map(pick).collect()
}

/// What is said, the end included.
fn announced(effects: &[Effect]) -> Vec<String> {
    picked(effects, |e| match e {
        Effect::Announce(s) | Effect::Finished(s) => Some(s.clone()),
        _ => None,
    })
}

/// What is said, in one line.
#[cfg(not(target_arch = "wasm32"))]
fn said(effects: &[Effect]) -> String {
    announced(effects).join(" | ")
}

/// The events for the host.
fn events(effects: &[Effect]) -> Vec<Event> {
    picked(effects, |e| match e {
        Effect::Event(e) => Some(e.clone()),
        _ => None,
    })
}

fn names(effects: &[Effect]) -> Vec<&'static str> {
    events(effects).iter().map(Event::name).collect()
}

/// The requests sent to the worker.
fn asked(effects: &[Effect]) -> Vec<Request> {
    picked(effects, |e| match e {
        Effect::Ask(r) => Some(r.clone()),
        _ => None,
    })
}

/// The sounds asked for.
fn sounds(effects: &[Effect]) -> Vec<Cue> {
    picked(effects, |e| match e {
        Effect::Sound(c) => Some(*c),
        _ => None,
    })
}

/// The last saved text, if any.
fn saved_text(effects: &[Effect]) -> Option<String> {
    effects.iter().rev().find_map(|e| match e {
        Effect::Save(s) => Some(s.clone()),
        _ => None,
    })
}

/// The last saved game, read back.
#[cfg(not(target_arch = "wasm32"))]
fn saved(effects: &[Effect]) -> Option<Saved> {
    saved_text(effects).map(|text| Saved::decode(&text).unwrap())
}

fn drop(c: &mut Controller, column: usize, now: f64) -> Vec<Effect> {
    c.command(Command::Drop(column), now)
}

fn reduced() -> Settings {
    Settings {
        reduced_motion: true,
        ..Settings::default()
    }
}

/// `players`, with reduced motion.
fn playing(players: [PlayerKind; 2]) -> Settings {
    Settings {
        players,
        ..reduced()
    }
}

/// A person (Red) against the computer at `level`, with reduced motion.
fn against(level: Level) -> Settings {
    playing([PlayerKind::Human, PlayerKind::Computer(level)])
}

/// The id of the job the controller waits for.
fn job_id(c: &Controller) -> u32 {
    c.jobs().job().id().expect("a job")
}
