//! Generates the opening book: the exact score of every position with at most `--depth`
//! moves (one entry per mirror pair; positions where the side to move wins at once are left
//! out, the search sees those itself).
//!
//! ```sh
//! cargo run --release --bin make-book -- --depth 4
//! ```
//!
//! Deterministic: positions are solved shallowest first, in key order, and each result is
//! exact. Progress is appended to `book/progress.txt` (`<moves> <score>` per line) after
//! every position, so a stopped run resumes where it stopped; `www/book.bin` is rewritten
//! from it every few minutes and at the end.

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
    use connect_four::engine::{Position, WIDTH};
    use connect_four::solver::{Book, Solver};
    use std::collections::BTreeMap;
    use std::fs::{self, OpenOptions};
    use std::io::Write;
    use std::time::{Duration, Instant};

    struct Args {
        depth: usize,
        table_mib: usize,
        progress: String,
        out: String,
    }

    fn args() -> Result<Args, String> {
        let mut a = Args {
            depth: 4,
            table_mib: 2048,
            progress: "book/progress.txt".into(),
            out: "www/book.bin".into(),
        };
        let mut it = std::env::args().skip(1);
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or(format!("{flag} needs a value"));
            match flag.as_str() {
                "--depth" => a.depth = value()?.parse().map_err(|e| format!("--depth: {e}"))?,
                "--table-mib" => {
                    a.table_mib = value()?.parse().map_err(|e| format!("--table-mib: {e}"))?
                }
                "--progress" => a.progress = value()?,
                "--out" => a.out = value()?,
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        Ok(a)
    }

    /// One representative move string per mirror pair of positions, for each depth up to
    /// `depth`, in a deterministic order (by depth, then by canonical key).
    fn positions(depth: usize) -> Vec<String> {
        let mut all = Vec::new();
        let mut layer: BTreeMap<u64, String> = BTreeMap::new();
        layer.insert(0, String::new());
        for d in 0..=depth {
            let mut next = BTreeMap::new();
            for moves in layer.values() {
                let p = Position::from_moves(moves).expect("generated moves are legal");
                if p.is_over() {
                    continue;
                }
                all.push(moves.clone());
                if d == depth {
                    continue;
                }
                for col in 0..WIDTH {
                    let mut child = p;
                    if child.play(col).is_ok() && !child.is_over() {
                        let mut s = moves.clone();
                        s.push(char::from(b'1' + col as u8));
                        next.entry(Book::key_of(&child)).or_insert(s);
                    }
                }
            }
            layer = next;
        }
        all
    }

    fn write_book(book: &Book, out: &str) -> Result<(), String> {
        let tmp = format!("{out}.tmp");
        fs::write(&tmp, book.to_bytes()).map_err(|e| format!("{tmp}: {e}"))?;
        fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))
    }

    pub fn run() -> Result<(), String> {
        let args = args()?;
        let todo = positions(args.depth);
        let mut solver = Solver::new(args.table_mib);
        let mut book = Book::new(0);
        let mut done = std::collections::HashSet::new();
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
                book.add(&p, score);
                done.insert(moves.to_owned());
            }
        }
        solver.set_book(Some(book));
        println!(
            "make-book: depth {}, {} positions, {} already solved, table {} MiB",
            args.depth,
            todo.len(),
            done.len(),
            solver.table_bytes() >> 20
        );
        if let Some(dir) = std::path::Path::new(&args.progress).parent() {
            fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        let mut progress = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.progress)
            .map_err(|e| format!("{}: {e}", args.progress))?;
        let mut last_write = Instant::now();
        let started = Instant::now();
        let mut solved = 0;
        for moves in &todo {
            if done.contains(moves) {
                continue;
            }
            let p = Position::from_moves(moves).expect("legal");
            // Positions where the side to move wins at once need no entry.
            let scores_now = p.legal_columns().into_iter().any(|c| {
                let mut q = p;
                q.play(c).is_ok() && q.winner().is_some()
            });
            let t = Instant::now();
            let score = solver.score(&p).map_err(|e| e.to_string())?;
            let book = solver.book_mut().expect("the book was set");
            if !scores_now {
                book.add(&p, score);
            }
            writeln!(progress, "{moves} {score}").map_err(|e| e.to_string())?;
            progress.flush().map_err(|e| e.to_string())?;
            solved += 1;
            println!(
                "{moves:>12} {score:>3}  {:>8.2} s  ({} solved this run, {:.0} s)",
                t.elapsed().as_secs_f64(),
                solved,
                started.elapsed().as_secs_f64()
            );
            if last_write.elapsed() > Duration::from_secs(120) {
                write_book(solver.book().expect("set"), &args.out)?;
                last_write = Instant::now();
            }
        }
        let book = solver.book().expect("set");
        write_book(book, &args.out)?;
        println!("make-book: done, {} entries in {}", book.len(), args.out);
        Ok(())
    }
}
