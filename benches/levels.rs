//! The computer's levels against a scripted player, natively: a benchmark, not a test.
//!
//! The script wins at once when it can; otherwise it blocks the opponent's win at once;
//! otherwise it plays the most central free column (ties, such as columns 3 and 5, broken
//! at random). A level that sees moves ahead should never lose to it.
//!
//! `cargo bench --bench levels` plays 100 games per level (50 as Red, 50 as Yellow), each
//! from a seed of its own; `-- --games N` plays N per level. It prints each level's wins,
//! losses and draws, and the moves of every game a level lost.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::{Player, Position, Status, WIDTH};
    use connect_four::solver::{Book, Level, Rng, Solver};
    use std::time::Instant;

    /// Whether `player` would win at once by dropping in `c` in `p`, whoever is to move.
    /// For the opponent of the side to move, the side to move first drops in another column:
    /// that piece lands on an empty cell, so it cannot be part of the four, and it does not
    /// win (the script takes its own wins first).
    fn wins_at_once(p: &Position, player: Player, c: usize) -> bool {
        let mut q = *p;
        if player != p.current_player() {
            let Some(other) = (0..WIDTH).find(|&d| d != c && p.can_play(d)) else {
                return false;
            };
            q.play_unchecked(other);
            if q.is_over() {
                return false;
            }
        }
        if !q.can_play(c) {
            return false;
        }
        q.play_unchecked(c);
        q.status() == Status::Win(player)
    }

    /// The scripted player's move in `p` (a game that goes on).
    fn scripted(p: &Position, rng: &mut Rng) -> usize {
        let me = p.current_player();
        for player in [me, me.other()] {
            if let Some(c) = (0..WIDTH).find(|&c| wins_at_once(p, player, c)) {
                return c;
            }
        }
        let centre = |c: usize| (c as i32 - 3).unsigned_abs();
        let best = (0..WIDTH)
            .filter(|&c| p.can_play(c))
            .map(centre)
            .min()
            .unwrap_or(0);
        let columns: Vec<usize> = (0..WIDTH)
            .filter(|&c| p.can_play(c) && centre(c) == best)
            .collect();
        rng.pick(&columns)
    }

    /// Plays one game of `level` against the script, the level playing `side`. The game's
    /// result, and its moves.
    fn game(solver: &mut Solver, level: Level, side: Player, seed: u64) -> (Status, String) {
        let mut rng = Rng::new(seed);
        let mut p = Position::new();
        while !p.is_over() {
            let column = if p.current_player() == side {
                solver
                    .best_move(&p, level, &mut rng)
                    .expect("the game goes on")
            } else {
                scripted(&p, &mut rng)
            };
            p.play_unchecked(column);
        }
        (p.status(), p.moves_string())
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let games = args
            .iter()
            .position(|a| a == "--games")
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(100);
        let mut solver = Solver::new(64);
        solver.set_book(Book::embedded());
        println!("The levels against the scripted player, {games} games each (half as Red):");
        println!(
            "{:<8} {:>5} {:>6} {:>6} {:>9}",
            "level", "wins", "losses", "draws", "time"
        );
        for level in Level::ALL {
            let start = Instant::now();
            let (mut wins, mut losses, mut draws) = (0, 0, 0);
            let mut lost = Vec::new();
            for g in 0..games {
                let side = if g % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                let (status, moves) = game(&mut solver, level, side, 0x5EED + g);
                match status {
                    Status::Win(p) if p == side => wins += 1,
                    Status::Win(_) => {
                        losses += 1;
                        lost.push(format!("as {side:?}: {moves}"));
                    }
                    _ => draws += 1,
                }
            }
            println!(
                "{:<8} {wins:>5} {losses:>6} {draws:>6} {:>8.1}s",
                level.name(),
                start.elapsed().as_secs_f64()
            );
            for game in lost {
                println!("    lost {game}");
            }
        }
    }
}
