//! Generates the "win in N" puzzles (`src/ui/puzzle/puzzles.txt`): positions cut from games in
//! which the side to move wins with exactly its N-th move from now (N from 2 to 6) and has a
//! single winning first move, each checked with the solver.
//!
//! ```sh
//! cargo run --release --bin make-puzzles -- --per-n 30 --seed 1
//! ```
//!
//! Deterministic: the games come from a seeded generator. Each game opens with a few random
//! moves, then both sides play as the hard level does (so the positions look like real
//! play), and the first position of the game that makes a puzzle not yet taken is kept.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Err(e) = native::run() {
        eprintln!("make-puzzles: {e}");
        std::process::exit(1);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::{Position, WIDTH};
    use connect_four::solver::{Book, Level, Outcome, Rng, Score, Solver};
    use connect_four::ui::puzzle::{self, Puzzle, MAX_MOVES, MIN_MOVES};
    use std::collections::HashSet;

    struct Args {
        per_n: usize,
        seed: u64,
        out: String,
    }

    fn args() -> Result<Args, String> {
        let mut a = Args {
            per_n: 30,
            seed: 1,
            out: "src/ui/puzzle/puzzles.txt".into(),
        };
        let mut it = std::env::args().skip(1);
        while let Some(flag) = it.next() {
            let value = it.next().ok_or(format!("{flag} needs a value"))?;
            let bad = |_| format!("bad {flag}: {value}");
            match flag.as_str() {
                "--per-n" => a.per_n = value.parse().map_err(bad)?,
                "--seed" => a.seed = value.parse().map_err(bad)?,
                "--out" => a.out = value,
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        Ok(a)
    }

    /// A puzzle's N if `p` makes one: one winning column, winning with the N-th move.
    fn wins_in(solver: &mut Solver, p: &Position) -> Option<u32> {
        let score = solver.score(p).ok()?;
        let Outcome::Win(n) = Score::new(score).outcome(p.move_count()) else {
            return None;
        };
        if !(MIN_MOVES..=MAX_MOVES).contains(&n) {
            return None;
        }
        let scores = solver.analyze(p).ok()?;
        let winning = (0..WIDTH).filter(|&c| scores[c].is_some_and(|s| s > 0));
        (winning.count() == 1).then_some(n)
    }

    pub fn run() -> Result<(), String> {
        let a = args()?;
        let mut solver = Solver::new(256);
        solver.set_book(Book::embedded());
        let mut found: Vec<Vec<Position>> = vec![Vec::new(); (MAX_MOVES + 1) as usize];
        let mut seen = HashSet::new();
        let full = |found: &Vec<Vec<Position>>| {
            (MIN_MOVES..=MAX_MOVES).all(|n| found[n as usize].len() >= a.per_n)
        };
        let mut games = 0u64;
        while !full(&found) {
            games += 1;
            if games > 200_000 {
                return Err("not enough puzzles found in 200,000 games".into());
            }
            let mut rng = Rng::new(a.seed.wrapping_mul(1_000_003).wrapping_add(games));
            let opening = 2 + rng.below(7) as usize;
            let mut p = Position::new();
            while !p.is_over() {
                if p.move_count() >= 8 && seen.insert(Book::key_of(&p)) {
                    if let Some(n) = wins_in(&mut solver, &p) {
                        let bucket = &mut found[n as usize];
                        if bucket.len() < a.per_n {
                            bucket.push(p);
                            break;
                        }
                    }
                }
                let column = if p.move_count() < opening {
                    rng.pick(&p.legal_columns())
                } else {
                    solver
                        .best_move(&p, Level::Hard, &mut rng)
                        .map_err(|e| e.to_string())?
                };
                p.play_unchecked(column);
            }
            if games % 100 == 0 {
                let counts: Vec<usize> = (MIN_MOVES..=MAX_MOVES)
                    .map(|n| found[n as usize].len())
                    .collect();
                eprintln!("{games} games: {counts:?}");
            }
        }
        let mut text = format!(
            "# \"Win in N\" puzzles: id, N, moves (columns 1 to 7). Made by\n\
             # `cargo run --release --bin make-puzzles -- --per-n {} --seed {}`; do not edit.\n",
            a.per_n, a.seed
        );
        let mut id = 0;
        for n in MIN_MOVES..=MAX_MOVES {
            for p in &found[n as usize] {
                id += 1;
                let puzzle = Puzzle {
                    id,
                    moves: n,
                    start: *p,
                };
                puzzle::check(&mut solver, &puzzle)?;
                text.push_str(&format!("{id} {n} {}\n", p.moves_string()));
            }
        }
        std::fs::write(&a.out, &text).map_err(|e| format!("{}: {e}", a.out))?;
        eprintln!(
            "{id} puzzles from {games} games, {} bytes: {}",
            text.len(),
            a.out
        );
        Ok(())
    }
}
