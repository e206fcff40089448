//! The computer's levels against scripted players, natively: a benchmark, not a test.
//!
//! Two kinds of scripted player, each breaking its ties at random:
//! - `script` wins at once when it can; otherwise it blocks the opponent's win at once;
//!   otherwise it plays the most central free column;
//! - `lookN` (`look3` to `look7`, say) looks N of its own moves ahead: it plays a move that
//!   forces a win within N of its moves if it has one, never a move that lets the opponent
//!   force a win within N of theirs while it has another, and otherwise the most central
//!   column. It is the player who "looks 3 to 7 moves ahead".
//!
//! `cargo bench --bench levels` plays 100 games per level on 7 x 6 against `script` (50 as
//! Red, 50 as Yellow), each from a seed of its own. Options:
//! - `-- --games N`: N games per level, size and opponent;
//! - `--sizes 8x7,9x7,9x9`: the boards (7x6 by default);
//! - `--levels hard,medium`: the levels (those offered on the size, by default);
//! - `--opponents script,look3,look5,look7`: the scripted players (`script` by default);
//! - `--only 6,38`: only these of the games (numbered from 1, as printed), to replay the
//!   games a level lost: each game's seed is its number's, so it is played the same way
//!   as long as the level plays it the same way.
//!
//! It prints one row per size, opponent and level: wins, losses and draws, the level's slowest
//! reply, and the time taken; then the moves of every game the level lost.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::{Player, Position, Size, Status};
    use connect_four::solver::{Book, Forced, Level, Rng, Solver};
    use std::time::Instant;

    /// A scripted opponent.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Opponent {
        /// Takes its wins, blocks, prefers the centre.
        Script,
        /// Looks this many of its own moves ahead, then prefers the centre.
        Look(u32),
    }

    impl Opponent {
        fn parse(text: &str) -> Opponent {
            if text == "script" {
                return Opponent::Script;
            }
            let moves = text
                .strip_prefix("look")
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| (1..=20).contains(n));
            Opponent::Look(moves.unwrap_or_else(|| {
                panic!("unknown opponent {text:?}: expected script or lookN, N from 1 to 20")
            }))
        }

        fn name(self) -> String {
            match self {
                Opponent::Script => "script".to_owned(),
                Opponent::Look(n) => format!("look{n}"),
            }
        }
    }

    /// Whether `player` would win at once by dropping in `c` in `p`, whoever is to move.
    /// For the opponent of the side to move, the side to move first drops in another column:
    /// that piece lands on an empty cell, so it cannot be part of the four, and it does not
    /// win (the script takes its own wins first).
    fn wins_at_once(p: &Position, player: Player, c: usize) -> bool {
        let mut q = *p;
        if player != p.current_player() {
            let Some(other) = (0..p.size().width()).find(|&d| d != c && p.can_play(d)) else {
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

    /// A uniformly random one of the most central columns among `columns`.
    fn central(p: &Position, columns: impl Iterator<Item = usize>, rng: &mut Rng) -> usize {
        // Twice the distance from the middle, so that an even width has two middles.
        let width = p.size().width() as i32;
        let off = |c: usize| (2 * c as i32 - (width - 1)).unsigned_abs();
        let columns: Vec<usize> = columns.collect();
        let best = columns
            .iter()
            .map(|&c| off(c))
            .min()
            .expect("a free column");
        let most: Vec<usize> = columns.into_iter().filter(|&c| off(c) == best).collect();
        rng.pick(&most)
    }

    /// The scripted player's move in `p` (a game that goes on).
    fn scripted(p: &Position, rng: &mut Rng) -> usize {
        let width = p.size().width();
        let me = p.current_player();
        for player in [me, me.other()] {
            if let Some(c) = (0..width).find(|&c| wins_at_once(p, player, c)) {
                return c;
            }
        }
        central(p, (0..width).filter(|&c| p.can_play(c)), rng)
    }

    /// The look-ahead player's move in `p`, seeing `moves` of its own moves ahead.
    fn looking(solver: &mut Solver, p: &Position, moves: u32, rng: &mut Rng) -> usize {
        let width = p.size().width();
        let playable = (0..width).filter(|&c| p.can_play(c));
        let mut forced = Vec::new();
        for c in playable {
            let mut child = *p;
            child.play_unchecked(c);
            let f = match child.status() {
                Status::Win(_) => Forced::Win,
                Status::Draw => Forced::Neither,
                // The opponent's view after `c`: its win is our loss, and its loss is our win.
                _ => solver
                    .outcome_within(&child, moves)
                    .expect("a game that goes on")
                    .flip(),
            };
            forced.push((c, f));
        }
        let best = forced.iter().map(|&(_, f)| f).max().expect("a free column");
        central(
            p,
            forced
                .into_iter()
                .filter(|&(_, f)| f == best)
                .map(|(c, _)| c),
            rng,
        )
    }

    /// One game's result, its moves, and the level's slowest reply in milliseconds.
    struct Played {
        status: Status,
        moves: String,
        slowest_ms: f64,
    }

    /// Plays one game of `level` against `opponent` on `size`, the level playing `side`.
    fn game(
        solvers: &mut (Solver, Solver),
        level: Level,
        opponent: Opponent,
        side: Player,
        seed: u64,
    ) -> Played {
        let (solver, other) = solvers;
        let mut rng = Rng::new(seed);
        let mut p = Position::empty(solver.size());
        let mut slowest_ms = 0f64;
        while !p.is_over() {
            let column = if p.current_player() == side {
                let start = Instant::now();
                let column = solver
                    .best_move(&p, level, &mut rng)
                    .expect("the game goes on");
                slowest_ms = slowest_ms.max(start.elapsed().as_secs_f64() * 1e3);
                column
            } else {
                match opponent {
                    Opponent::Script => scripted(&p, &mut rng),
                    Opponent::Look(n) => looking(other, &p, n, &mut rng),
                }
            };
            p.play_unchecked(column);
        }
        Played {
            status: p.status(),
            moves: p.moves_string(),
            slowest_ms,
        }
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let arg = |name: &str| {
            let i = args.iter().position(|a| a == name)?;
            args.get(i + 1).cloned()
        };
        let list = |name: &str, default: &str| -> Vec<String> {
            arg(name)
                .unwrap_or_else(|| default.to_owned())
                .split(',')
                .map(String::from)
                .collect()
        };
        let games: u64 = arg("--games").map_or(100, |n| n.parse().expect("--games N"));
        let sizes: Vec<Size> = list("--sizes", "7x6")
            .iter()
            .map(|s| s.parse().unwrap_or_else(|e| panic!("--sizes: {e}")))
            .collect();
        let levels: Option<Vec<Level>> = arg("--levels").map(|_| {
            list("--levels", "")
                .iter()
                .map(|l| l.parse().unwrap_or_else(|e| panic!("--levels: {e}")))
                .collect()
        });
        let only: Option<Vec<u64>> = arg("--only").map(|_| {
            list("--only", "")
                .iter()
                .map(|g| g.parse().expect("--only 6,38: game numbers"))
                .collect()
        });
        let opponents: Vec<Opponent> = list("--opponents", "script")
            .iter()
            .map(|o| Opponent::parse(o))
            .collect();
        println!("The levels against scripted players, {games} games each (half as Red):");
        println!();
        println!("| size | opponent | level | wins | losses | draws | slowest reply | time |");
        println!("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |");
        let mut lost_games = Vec::new();
        for &size in &sizes {
            let mut solvers = (
                Solver::try_for_size(size, 64).expect("64 MiB"),
                Solver::try_for_size(size, 64).expect("64 MiB"),
            );
            solvers.0.set_book(Book::embedded());
            let offered: Vec<Level> = levels
                .clone()
                .unwrap_or_else(|| Level::ALL.to_vec())
                .into_iter()
                .filter(|l| l.offered_on(size))
                .collect();
            for &opponent in &opponents {
                for &level in &offered {
                    let start = Instant::now();
                    let (mut wins, mut losses, mut draws) = (0, 0, 0);
                    let mut slowest = 0f64;
                    for g in 0..games {
                        if only.as_ref().is_some_and(|o| !o.contains(&(g + 1))) {
                            continue;
                        }
                        let side = if g % 2 == 0 {
                            Player::First
                        } else {
                            Player::Second
                        };
                        let played = game(&mut solvers, level, opponent, side, 0x5EED + g);
                        slowest = slowest.max(played.slowest_ms);
                        match played.status {
                            Status::Win(p) if p == side => wins += 1,
                            Status::Win(_) => {
                                losses += 1;
                                lost_games.push(format!(
                                    "{size} {level} against {} as {side:?}: {}",
                                    opponent.name(),
                                    played.moves
                                ));
                            }
                            _ => draws += 1,
                        }
                        eprintln!(
                            "{size} {} {level} game {} as {side:?}: {:?}, slowest {:.0} ms, {}",
                            opponent.name(),
                            g + 1,
                            played.status,
                            played.slowest_ms,
                            played.moves
                        );
                    }
                    println!(
                        "| {} x {} | {} | {level} | {wins} | {losses} | {draws} | {slowest:.0} ms | {:.1} s |",
                        size.width(),
                        size.height(),
                        opponent.name(),
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        }
        for game in lost_games {
            println!("lost: {game}");
        }
    }
}
