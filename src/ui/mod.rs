//! The game UI's logic, in plain Rust so it is tested natively: board geometry, the
//! animation timeline, what is announced, and the controller that turns input into moves.
//! `web::app` only draws this state and wires events.

pub mod anim;
pub mod controller;
pub mod layout;
pub mod text;

pub use controller::{Controller, Effect, PlayerKind, Settings};
