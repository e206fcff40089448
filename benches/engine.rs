//! Engine speed: play plus win check per move, and whole random games.
//!
//! `cargo bench --bench engine`. Criterion reports time per iteration and throughput in
//! moves per second; ns per move = 1e9 / (moves per second).

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::Position;
    use criterion::{black_box, BatchSize, Criterion, Throughput};

    /// Fixed pseudo-random games (xorshift, fixed seed), as column lists.
    fn games(count: usize) -> Vec<Vec<usize>> {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        (0..count)
            .map(|_| {
                let mut p = Position::new();
                let mut moves = Vec::new();
                while !p.is_over() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let legal = p.legal_columns();
                    let c = legal[(seed % legal.len() as u64) as usize];
                    p.play_unchecked(c);
                    moves.push(c);
                }
                moves
            })
            .collect()
    }

    fn bench(c: &mut Criterion) {
        let games = games(1000);
        let total_moves: usize = games.iter().map(Vec::len).sum();

        let mut group = c.benchmark_group("engine");
        group.throughput(Throughput::Elements(total_moves as u64));
        group.bench_function("play_unchecked+win_check, 1000 games", |b| {
            b.iter(|| {
                let mut wins = 0u32;
                for game in &games {
                    let mut p = Position::new();
                    for &col in game {
                        p.play_unchecked(black_box(col));
                    }
                    wins += u32::from(p.winner().is_some());
                }
                black_box(wins)
            })
        });
        group.bench_function("play (checked)+win_check, 1000 games", |b| {
            b.iter(|| {
                let mut wins = 0u32;
                for game in &games {
                    let mut p = Position::new();
                    for &col in game {
                        let _ = p.play(black_box(col));
                    }
                    wins += u32::from(p.winner().is_some());
                }
                black_box(wins)
            })
        });
        group.finish();

        let mut group = c.benchmark_group("random game");
        group.bench_function("whole random game incl. move choice", |b| {
            let mut seed = 1u64;
            b.iter_batched(
                || {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    seed
                },
                |mut s| {
                    let mut p = Position::new();
                    while !p.is_over() {
                        s ^= s << 13;
                        s ^= s >> 7;
                        s ^= s << 17;
                        let mut c = (s % 7) as usize;
                        while !p.can_play(c) {
                            c = (c + 1) % 7;
                        }
                        p.play_unchecked(c);
                    }
                    black_box(p.status())
                },
                BatchSize::SmallInput,
            )
        });
        group.finish();
    }

    pub fn main() {
        let mut c = Criterion::default().configure_from_args();
        bench(&mut c);
        c.final_summary();
    }
}
