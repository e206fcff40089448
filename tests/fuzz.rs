//! Replays what the fuzzers found (`fuzz/regressions/<target>/`) and their seeds
//! (`fuzz/seeds/<target>/`) through the same checks the fuzz targets make (`fuzz/checks.rs`).
//! `bash scripts/fuzz.sh` copies each new failure into the regressions, so it stays a test.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::Path;

fn replay(folder: &str) -> usize {
    let mut count = 0;
    for (target, check) in checks::TARGETS {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(folder)
            .join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{} fails its check", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn every_failure_the_fuzzers_found_stays_fixed() {
    assert!(replay("fuzz/regressions") >= 4);
}

#[test]
fn every_seed_passes() {
    assert!(replay("fuzz/seeds") >= 22);
}

/// The rules on every board size against the reference model: 300 random runs a size (play,
/// undo, reset, columns off the board, then the same bytes as a move string), each checked
/// after every step: board, status, winner, the whole win line, legal columns.
#[test]
fn every_size_plays_by_the_rules() {
    let mut rng = connect_four::solver::Rng::new(31);
    for size in 0..36u8 {
        for _ in 0..300 {
            let len = 1 + rng.below(160) as usize;
            let mut data = vec![size];
            data.extend((0..len).map(|_| rng.below(256) as u8));
            checks::sized(&data);
        }
    }
}
