//! Generates the opening book: the exact score of every position with at most `--depth`
//! moves (one entry per mirror pair; positions where the side to move wins at once are left
//! out, the search sees those itself).
//!
//! ```sh
//! cargo run --release --bin make-book -- --depth 4
//! ```
//!
//! Deterministic: the positions are fixed (one per mirror pair, by depth, then by key) and
//! each score is exact, so the book is the same whatever the order of work. Depths are
//! solved shallowest first, so that every position's parents are in the book: their scores
//! bound its own from below, which often settles it in one search. `--threads N` solves N
//! positions of a depth at a time, each thread with its own table of `--table-mib` MiB.
//! Progress is appended to `book/progress.txt` (`<moves> <score>` per line, in the order
//! solved) after every position, so a stopped run resumes where it stopped. Each time a
//! depth is complete, the complete listing of exact scores, `book/listing.bin`, is
//! rewritten (see `connect_four::solver::listing`), and from it the book the game ships,
//! `src/solver/book.bin`: exact up to one move less than the listing, and for the deepest
//! positions either exact or "above the bound" (see `connect_four::solver::book`).
//! `--progress FILE`, `--listing FILE` and `--out FILE` choose other paths.
//!
//! `make-book --rebuild` solves nothing: it writes `--out` from the listing that is there.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    if let Err(e) = native::run() {
        eprintln!("make-book: {e}");
        std::process::exit(1);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use connect_four::engine::Position;
    use connect_four::solver::{Book, Listing, Solver};
    use std::collections::HashSet;
    use std::fs::{self, OpenOptions};
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::time::Instant;

    struct Args {
        depth: u32,
        table_mib: usize,
        threads: usize,
        progress: String,
        listing: String,
        out: String,
        rebuild: bool,
    }

    fn args() -> Result<Args, String> {
        let mut a = Args {
            depth: 4,
            table_mib: 2048,
            threads: 1,
            progress: "book/progress.txt".into(),
            listing: "book/listing.bin".into(),
            out: "src/solver/book.bin".into(),
            rebuild: false,
        };
        let mut it = std::env::args().skip(1);
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or(format!("{flag} needs a value"));
            match flag.as_str() {
                "--depth" => a.depth = value()?.parse().map_err(|e| format!("--depth: {e}"))?,
                "--table-mib" => {
                    a.table_mib = value()?.parse().map_err(|e| format!("--table-mib: {e}"))?
                }
                "--threads" => {
                    a.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?;
                    if a.threads == 0 {
                        return Err("--threads must be at least 1".into());
                    }
                }
                "--progress" => a.progress = value()?,
                "--listing" => a.listing = value()?,
                "--out" => a.out = value()?,
                "--rebuild" => a.rebuild = true,
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        Ok(a)
    }

    /// Writes `bytes` to `out` whole (through a temporary file).
    fn write(bytes: &[u8], out: &str) -> Result<(), String> {
        let tmp = format!("{out}.tmp");
        fs::write(&tmp, bytes).map_err(|e| format!("{tmp}: {e}"))?;
        fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))
    }

    /// Writes the listing of every position up to `max_moves` moves (all solved), and the
    /// book built from it.
    fn write_books(scores: &[(Position, i32)], max_moves: u32, args: &Args) -> Result<(), String> {
        let listing = Listing::from_scores(scores);
        let bytes = listing.to_bytes(max_moves).map_err(|e| e.to_string())?;
        write(&bytes, &args.listing)?;
        // From the file's bytes, not from `listing`: a resumed run may hold some scores of
        // the next depth already, which the file (complete depths only) leaves out.
        write_book(&bytes, &args.out)
    }

    /// Writes the book the game ships, from a listing file's bytes.
    fn write_book(listing: &[u8], out: &str) -> Result<(), String> {
        let listing = Listing::from_bytes(listing).map_err(|e| e.to_string())?;
        let book = Book::from_listing(&listing, listing.max_moves().saturating_sub(1));
        let bytes = book.to_bytes();
        write(&bytes, out)?;
        println!(
            "make-book: {out}: {} bytes, exact up to {} moves, up to {} moves exact or above the bound",
            bytes.len(),
            book.exact_moves(),
            book.max_moves()
        );
        Ok(())
    }

    /// The exact score of the position after `moves`, and whether it belongs in the book.
    fn solve(solver: &mut Solver, moves: &str) -> Result<(i32, bool), String> {
        let p = Position::from_moves(moves).map_err(|e| format!("{moves:?}: {e}"))?;
        let score = solver.score(&p).map_err(|e| e.to_string())?;
        Ok((score, Book::holds(&p)))
    }

    pub fn run() -> Result<(), String> {
        let args = args()?;
        if args.rebuild {
            let listing = fs::read(&args.listing).map_err(|e| format!("{}: {e}", args.listing))?;
            return write_book(&listing, &args.out);
        }
        if args.depth > Listing::MAX_DEPTH {
            return Err(format!("--depth: at most {}", Listing::MAX_DEPTH));
        }
        let levels: Vec<Vec<String>> = Listing::positions(args.depth)
            .iter()
            .map(|layer| layer.iter().map(Position::moves_string).collect())
            .collect();
        // The scores of the positions the book holds, as solved.
        let mut scores = Vec::new();
        let mut done = HashSet::new();
        if let Ok(text) = fs::read_to_string(&args.progress) {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let (moves, score) = line
                    .split_once(' ')
                    .ok_or(format!("bad progress line {line:?}"))?;
                let p =
                    Position::from_moves(moves).map_err(|e| format!("progress {moves:?}: {e}"))?;
                let score: i32 = score
                    .parse()
                    .map_err(|e| format!("progress {line:?}: {e}"))?;
                // The book holds positions up to `--depth` moves, whatever else is solved.
                if p.move_count() <= args.depth as usize && Book::holds(&p) {
                    scores.push((p, score));
                }
                done.insert(moves.to_owned());
            }
        }
        let mut solvers: Vec<Solver> = (0..args.threads)
            .map(|_| Solver::new(args.table_mib))
            .collect();
        println!(
            "make-book: depth {}, {} positions, {} already solved, {} thread(s) with {} MiB tables",
            args.depth,
            levels.iter().map(Vec::len).sum::<usize>(),
            done.len(),
            args.threads,
            solvers[0].table_bytes() >> 20
        );
        if let Some(dir) = std::path::Path::new(&args.progress).parent() {
            fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        let mut progress = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.progress)
            .map_err(|e| format!("{}: {e}", args.progress))?;
        let started = Instant::now();
        let mut solved = 0;
        let mut written = None;
        for (depth, level) in levels.iter().enumerate() {
            let todo: Vec<&String> = level.iter().filter(|m| !done.contains(*m)).collect();
            if todo.is_empty() {
                continue;
            }
            // Every shallower depth is complete now: each thread gets the book as it is.
            if depth > 0 {
                let book = Book::from_listing(&Listing::from_scores(&scores), depth as u32 - 1);
                for solver in &mut solvers {
                    solver.set_book(Some(book.clone()));
                }
            }
            let next = AtomicUsize::new(0);
            let (send, receive) = mpsc::channel();
            std::thread::scope(|scope| -> Result<(), String> {
                for solver in &mut solvers {
                    let (send, next, todo) = (send.clone(), &next, &todo);
                    scope.spawn(move || {
                        while let Some(&moves) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                            let t = Instant::now();
                            let result = solve(solver, moves);
                            let stop = result.is_err();
                            if send.send((moves, result, t.elapsed())).is_err() || stop {
                                break;
                            }
                        }
                    });
                }
                drop(send);
                for (moves, result, took) in receive {
                    let (score, in_book) = result?;
                    if in_book {
                        let p = Position::from_moves(moves).expect("solved, so legal");
                        scores.push((p, score));
                    }
                    writeln!(progress, "{moves} {score}").map_err(|e| e.to_string())?;
                    progress.flush().map_err(|e| e.to_string())?;
                    solved += 1;
                    println!(
                        "{moves:>12} {score:>3}  {:>8.2} s  ({} solved this run, {:.0} s)",
                        took.as_secs_f64(),
                        solved,
                        started.elapsed().as_secs_f64()
                    );
                }
                Ok(())
            })?;
            // The book file only ever holds complete depths.
            write_books(&scores, depth as u32, &args)?;
            written = Some(depth as u32);
        }
        // A resumed run with nothing left to solve still writes the books.
        if written != Some(args.depth) {
            write_books(&scores, args.depth, &args)?;
        }
        println!(
            "make-book: done, {} positions in {}",
            scores.len(),
            args.listing
        );
        Ok(())
    }
}
