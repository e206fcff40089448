//! Solver benchmark on Pascal Pons' six test sets, with the `connect-four-ai` crate (no
//! book) timed on the same positions in the same run.
//!
//! ```sh
//! cargo bench --bench solver                      # every set (Test_L1_R3: first 100 lines)
//! cargo bench --bench solver -- --sets L3_R1,L2_R1 --limit 200 --no-peer
//! cargo bench --bench solver -- --sets L1_R3 --limit 10 --no-peer --table-mib 256
//! cargo bench --bench solver -- --sets L2_R2 --passes 1
//!
//! cargo bench --bench solver -- --perfect --limit 20   # the perfect level's move times
//! cargo bench --bench solver -- --perfect --limit 1000 --seed 3   # (the default seed is 1)
//! cargo bench --bench solver -- --analyze --sets L1_R1 --limit 40 --no-peer  # analysis
//! ```
//!
//! Prints, per set: correctness, mean time and mean nodes per position, for us and the peer,
//! and our time divided by the peer's. Both keep their transposition table across positions,
//! as Pons' own benchmark does. Each set runs at least 3 times, and more until two seconds
//! have gone by (at most 200), each pass from an empty table; the fastest pass is shown.
//! Test_L1_R3 runs once: a pass takes minutes. `--passes N` runs exactly N passes.
//!
//! `--perfect` instead times the perfect level choosing a move (with the built-in opening
//! book, one solver per group, kept across the group's positions as the browser's worker
//! keeps it across moves): from the empty board, after each first move, after each pair of
//! moves, and in the first `--limit` (default 20) positions of Test_L1_R3. `--analyze` times
//! the analysis (every column's exact score, as the hint and "Show analysis" need) instead
//! of the position's score, checking that its best column has the expected score.
//! `--perfect` also names, on stderr, each group's five moves that searched the most
//! positions (with the 0-based column played): node counts are the same on every run with
//! the same seed, and in the browser too (`benches/browser.mjs --seed`).

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::Position;
    use connect_four::engine::WIDTH;
    use connect_four::solver::{Book, Level, Rng, Solver};
    use std::time::Instant;

    const SETS: [&str; 6] = ["L3_R1", "L2_R1", "L2_R2", "L1_R1", "L1_R2", "L1_R3"];

    fn load(set: &str, limit: usize) -> Vec<(String, i32)> {
        let path = format!("{}/tests/data/pons/Test_{set}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .take(limit)
            .map(|l| {
                let (m, s) = l.split_once(' ').expect("<moves> <score>");
                (m.to_owned(), s.parse().expect("score"))
            })
            .collect()
    }

    fn fmt_time(secs: f64) -> String {
        if secs >= 1.0 {
            format!("{secs:.2} s")
        } else if secs >= 1e-3 {
            format!("{:.2} ms", secs * 1e3)
        } else {
            format!("{:.1} µs", secs * 1e6)
        }
    }

    pub fn main() {
        let mut sets: Vec<String> = SETS.iter().map(|s| s.to_string()).collect();
        let mut limit = usize::MAX;
        let mut peer = true;
        let mut perfect = false;
        let mut analyze = false;
        let mut table_mib = Solver::DEFAULT_TABLE_MIB;
        let mut passes = None;
        let mut seed = 1;
        let mut args = std::env::args().skip(1);
        while let Some(a) = args.next() {
            match a.as_str() {
                "--sets" => {
                    sets = args
                        .next()
                        .expect("--sets A,B")
                        .split(',')
                        .map(str::to_owned)
                        .collect()
                }
                "--limit" => limit = args.next().expect("--limit N").parse().expect("a number"),
                "--passes" => {
                    passes = Some(args.next().expect("--passes N").parse().expect("a number"))
                }
                "--no-peer" => peer = false,
                "--perfect" => perfect = true,
                "--seed" => seed = args.next().expect("--seed N").parse().expect("a number"),
                "--analyze" => analyze = true,
                "--table-mib" => {
                    table_mib = args
                        .next()
                        .expect("--table-mib N")
                        .parse()
                        .expect("a number")
                }
                _ => {} // cargo bench passes --bench
            }
        }
        if perfect {
            return perfect_moves(
                table_mib,
                if limit == usize::MAX { 20 } else { limit },
                seed,
            );
        }
        println!("| set | positions | ours: correct | ours: mean time | ours: mean nodes | peer: correct | peer: mean time | peer: mean nodes | ours / peer |");
        println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        // Each pass clears the table first, which also touches all of it: first-use page
        // faults are not timed.
        let mut ours = Solver::new(table_mib);
        let mut theirs = connect_four_ai::Solver::empty();
        for set in &sets {
            let lines = load(
                set,
                if set == "L1_R3" {
                    limit.min(100)
                } else {
                    limit
                },
            );
            let n = lines.len() as f64;
            // The fastest of several runs over the set, each from an empty table: this
            // machine's speed wanders by a third over tens of seconds, and the fastest run is
            // the one least disturbed. Our passes alternate with the peer's, so both see the
            // same phases. Nodes and results are the same in every pass.
            let with_peer = peer && !analyze && set != "L1_R3";
            let (mut our_best, mut peer_best) = (Pass::NONE, Pass::NONE);
            let start = Instant::now();
            for _ in (0..).take_while(|&pass| another_pass(set, pass, start, passes)) {
                our_best = our_best.faster(our_pass(&mut ours, &lines, analyze));
                if with_peer {
                    peer_best = peer_best.faster(peer_pass(&mut theirs, &lines));
                }
            }
            let mut row = format!(
                "| Test_{set} | {} | {}/{} | {} | {:.0} |",
                lines.len(),
                our_best.ok,
                lines.len(),
                fmt_time(our_best.secs / n),
                our_best.nodes as f64 / n
            );
            if with_peer {
                row += &format!(
                    " {}/{} | {} | {:.0} | {:.2} |",
                    peer_best.ok,
                    lines.len(),
                    fmt_time(peer_best.secs / n),
                    peer_best.nodes as f64 / n,
                    our_best.secs / peer_best.secs
                );
            } else {
                row += " – | – | – | – |";
            }
            println!("{row}");
        }
    }

    /// One timed pass over a set: seconds in all, positions scored right, nodes searched.
    #[derive(Clone, Copy)]
    struct Pass {
        secs: f64,
        ok: usize,
        nodes: u64,
    }

    impl Pass {
        const NONE: Pass = Pass {
            secs: f64::MAX,
            ok: 0,
            nodes: 0,
        };

        fn faster(self, other: Pass) -> Pass {
            if other.secs < self.secs {
                other
            } else {
                self
            }
        }
    }

    /// Our solver over `lines` from an empty table (`analyze`: every column's score).
    fn our_pass(ours: &mut Solver, lines: &[(String, i32)], analyze: bool) -> Pass {
        ours.clear();
        let (mut ok, mut nodes) = (0, 0);
        let t = Instant::now();
        for (moves, expected) in lines {
            let p = Position::from_moves(moves).expect("valid");
            ours.reset_nodes();
            let s = if analyze {
                let scores = ours.analyze(&p).expect("not over");
                scores.into_iter().flatten().max().expect("a move")
            } else {
                ours.score(&p).expect("not over")
            };
            nodes += ours.nodes();
            ok += usize::from(s == *expected);
        }
        let secs = t.elapsed().as_secs_f64();
        Pass { secs, ok, nodes }
    }

    /// The peer over `lines` from an empty table.
    fn peer_pass(theirs: &mut connect_four_ai::Solver, lines: &[(String, i32)]) -> Pass {
        theirs.reset();
        let (mut ok, mut nodes) = (0, 0);
        let t = Instant::now();
        for (moves, expected) in lines {
            let p = connect_four_ai::Position::from_moves(moves).expect("valid");
            let s = theirs.solve(&p);
            nodes += theirs.explored_positions as u64;
            ok += usize::from(i32::from(s) == *expected);
        }
        let secs = t.elapsed().as_secs_f64();
        Pass { secs, ok, nodes }
    }

    /// Whether to run pass number `pass` (from 0) over `set`: exactly `passes` if given;
    /// otherwise at least 3, and more until two seconds have gone by, up to 200. Test_L1_R3
    /// runs once unless told otherwise: a pass takes minutes.
    fn another_pass(set: &str, pass: usize, start: Instant, passes: Option<usize>) -> bool {
        match passes {
            Some(n) => pass < n.max(1),
            None if set == "L1_R3" => pass == 0,
            None => pass < 3 || (pass < 200 && start.elapsed().as_secs_f64() < 2.0),
        }
    }

    /// The perfect level's time to choose a move, per group of positions.
    fn perfect_moves(table_mib: usize, l1r3: usize, seed: u64) {
        let digits = |n: usize| -> Vec<String> {
            let mut out = vec![String::new()];
            for _ in 0..n {
                out = out
                    .iter()
                    .flat_map(|m| (1..=WIDTH).map(move |c| format!("{m}{c}")))
                    .collect();
            }
            out
        };
        let groups: Vec<(String, Vec<String>)> = vec![
            ("empty board".into(), digits(0)),
            ("after 1 move".into(), digits(1)),
            ("after 2 moves".into(), digits(2)),
            (
                format!("Test_L1_R3, first {l1r3}"),
                load("L1_R3", l1r3).into_iter().map(|(m, _)| m).collect(),
            ),
        ];
        let book = Book::embedded().expect("the built-in book reads");
        println!(
            "book: exact up to {} moves, up to {} moves exact or above the bound, {} bytes; seed {seed}",
            book.exact_moves(),
            book.max_moves(),
            connect_four::solver::book::EMBEDDED.len()
        );
        println!("| group | moves timed | median | mean | max | within 1 s | mean nodes |");
        println!("| --- | --- | --- | --- | --- | --- | --- |");
        for (name, lines) in groups {
            let mut solver = Solver::new(table_mib);
            solver.set_book(Some(book.clone()));
            let mut rng = Rng::new(seed);
            let mut times = Vec::new();
            // (positions searched, moves, column played) for each move.
            let mut searched = Vec::new();
            for moves in &lines {
                let p = Position::from_moves(moves).expect("valid");
                let before = solver.nodes();
                let t = Instant::now();
                let col = solver
                    .best_move(&p, Level::Perfect, &mut rng)
                    .expect("not over");
                times.push(t.elapsed().as_secs_f64());
                searched.push((solver.nodes() - before, moves, col));
                assert!(p.can_play(col));
            }
            let nodes = format!("{:.0}", solver.nodes() as f64 / times.len() as f64);
            perfect_row(&name, times.clone(), &nodes);
            searched.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
            let hardest: Vec<String> = (searched.iter().take(5))
                .map(|(n, moves, col)| format!("{moves} (column {col}: {:.1} M)", *n as f64 / 1e6))
                .collect();
            eprintln!("{name}: most positions searched: {}", hardest.join(", "));
            // A group of positions with different numbers of moves (Test_L1_R3): one row
            // per number of moves too, to show where the time goes.
            let mut counts: Vec<usize> = lines.iter().map(String::len).collect();
            counts.sort_unstable();
            counts.dedup();
            for &count in counts.iter().filter(|_| counts.len() > 1) {
                let some = (lines.iter().zip(&times))
                    .filter(|(l, _)| l.len() == count)
                    .map(|(_, &t)| t)
                    .collect();
                perfect_row(&format!("{name}: {count} moves"), some, "–");
            }
        }
    }

    /// One row of the perfect level's table: the seconds each move took.
    fn perfect_row(name: &str, mut times: Vec<f64>, nodes: &str) {
        let n = times.len();
        let mean = times.iter().sum::<f64>() / n as f64;
        let fast = times.iter().filter(|&&t| t <= 1.0).count();
        times.sort_by(f64::total_cmp);
        println!(
            "| {name} | {n} | {} | {} | {} | {fast}/{n} | {nodes} |",
            fmt_time(times[n / 2]),
            fmt_time(mean),
            fmt_time(times[n - 1]),
        );
    }
}
