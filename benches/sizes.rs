//! The empty board of every size, solved natively: a benchmark, not a test.
//!
//! `cargo bench --bench sizes` solves each size's empty board, smallest first, with a 64 MiB
//! table and a budget of 2,000 million positions a size (`-- --budget N` for another;
//! `-- --only 6x5,8x4` for some sizes). It prints a table: the size, the score (Pons'
//! convention for that board) and what it means for the first player, the time and the
//! positions searched, and John Tromp's published result, or "not finished" where the
//! budget ran out. tests/sizes.rs checks the quick sizes' outcomes against the same table.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::{Position, Size};
    use connect_four::solver::Solver;
    use std::time::Instant;

    /// Tromp's table (tests/sizes.rs has its source): heights 4 to 9, widths 4 to 9.
    const TROMP: [&str; 6] = ["==-=--", "====++", "==-+--", "==+=+?", "==-+-?", "==+???"];

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let arg = |name: &str| {
            let i = args.iter().position(|a| a == name)?;
            args.get(i + 1).cloned()
        };
        let budget: u64 = arg("--budget").map_or(2_000_000_000, |b| b.parse().expect("--budget N"));
        let only: Option<Vec<String>> =
            arg("--only").map(|s| s.split(',').map(String::from).collect());
        let mut sizes: Vec<Size> = Size::all()
            .filter(|s| only.as_ref().is_none_or(|o| o.contains(&s.to_string())))
            .collect();
        sizes.sort_by_key(|s| (s.cells(), s.width()));
        println!("| size | score | first player | time | positions | Tromp |");
        println!("| --- | --- | --- | --- | --- | --- |");
        for size in sizes {
            let mut solver = Solver::try_for_size(size, 64).expect("64 MiB");
            let start = Instant::now();
            let score = solver
                .score_within(&Position::empty(size), budget)
                .expect("in progress");
            let secs = start.elapsed().as_secs_f64();
            let tromp = TROMP[size.height() - 4].as_bytes()[size.width() - 4] as char;
            let (shown, outcome) = match score {
                Some(s) if s > 0 => (s.to_string(), "wins (+)"),
                Some(0) => ("0".to_owned(), "draws (=)"),
                Some(s) => (s.to_string(), "loses (-)"),
                None => ("–".to_owned(), "not finished"),
            };
            println!(
                "| {} x {} | {shown} | {outcome} | {secs:.2} s | {} | {tromp} |",
                size.width(),
                size.height(),
                solver.nodes()
            );
        }
    }
}
