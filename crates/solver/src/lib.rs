//! The computer's wasm module (`connect_four_solver.js` and its `_bg.wasm`): the solver and
//! the four levels as the JavaScript class `Solver`, and nothing of the browser game.
//!
//! The page's module (the root crate, `connect_four.js`) draws the board and plays between
//! two people; it never runs a search. This module is loaded only by the computer's worker
//! (`worker.js`), when a computer opponent, a hint, the analysis or a review first needs
//! it, and by hosts that use `Solver` themselves (`initSolver()`, `Solver.load()`).
//! Everything here lives in the root crate (`connect_four::web::solver`), built with its
//! `solver-js` feature and without `ui`.

#[cfg(target_arch = "wasm32")]
pub use connect_four::web::solver::Solver;
