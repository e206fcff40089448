//! The game UI's logic, in plain Rust so it is tested natively. The web layer (`web::app`)
//! turns input into [`Command`]s, hands them and the worker's [`protocol::Reply`]s to the
//! [`Controller`], carries out its [`Effect`]s, and shows a [`Scene`] on the canvas and a
//! [`Mirror`] in the DOM. It decides nothing itself. One module per activity, each owning its
//! state, its update and its part of the mirror (docs/architecture.md).

pub mod activity;
pub mod anim;
pub mod command;
pub mod controller;
pub mod cursor;
pub mod effect;
pub mod event;
pub mod fields;
pub mod jobs;
pub mod layout;
pub mod mirror;
pub mod motion;
pub mod online;
pub mod played;
pub mod protocol;
pub mod puzzle;
pub mod review;
pub mod save;
pub mod scene;
pub mod session;
pub mod settings;
pub mod share;
pub mod stats;
pub mod text;
pub mod theme;

pub use activity::Activity;
pub use command::{key_action, Action, Command, KeyTarget, Play};
pub use controller::Controller;
pub use effect::{Cue, Effect};
pub use jobs::Job;
pub use mirror::Mirror;
pub use puzzle::PuzzleChoice;
pub use scene::Scene;
pub use settings::{Mode, ModeChoice, PlayerKind, Settings};
