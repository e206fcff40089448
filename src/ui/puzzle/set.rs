//! "Win in N" puzzles: positions whose side to move can force a win with exactly its N-th
//! move from now (N from 2 to 6), with a single winning first move. `make-puzzles` cuts them
//! from games and checks them with the solver; they ship in `puzzles.txt`, built into the
//! game. A daily puzzle is chosen from the date, and solved ones are remembered as a set.

use crate::engine::{Player, Position};
use crate::solver::{Outcome, Score, SolveError, Solver};
use std::sync::OnceLock;

/// The shipped puzzles' file: `# comments`, then one `id n moves` line per puzzle.
pub const FILE: &str = include_str!("puzzles.txt");

/// The shortest and longest wins a puzzle asks for.
pub const MIN_MOVES: u32 = 2;
pub const MAX_MOVES: u32 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Puzzle {
    /// Its number, from 1, in the file's order.
    pub id: u32,
    /// The side to move wins with its `moves`-th move from now.
    pub moves: u32,
    pub start: Position,
}

impl Puzzle {
    /// The side the player plays: the one to move, which wins.
    pub fn side(&self) -> Player {
        self.start.current_player()
    }
}

/// Reads a puzzles file: ids from 1 in order, N from 2 to 6, positions that are not over.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}", number + 1);
        let parts: Vec<&str> = line.split(' ').collect();
        let [id, moves, start] = parts[..] else {
            return Err(bad("not `id n moves`"));
        };
        let id: u32 = id.parse().map_err(|_| bad("bad id"))?;
        if id as usize != puzzles.len() + 1 {
            return Err(bad("ids must count from 1"));
        }
        let moves: u32 = moves.parse().map_err(|_| bad("bad n"))?;
        if !(MIN_MOVES..=MAX_MOVES).contains(&moves) {
            return Err(bad("n out of range"));
        }
        let start = Position::from_moves(start).map_err(|e| bad(&e.to_string()))?;
        if start.is_over() {
            return Err(bad("the game is over"));
        }
        puzzles.push(Puzzle { id, moves, start });
    }
    Ok(puzzles)
}

/// The shipped puzzles (none if the built-in file were unreadable: its test says it is not).
pub fn all() -> &'static [Puzzle] {
    static ALL: OnceLock<Vec<Puzzle>> = OnceLock::new();
    ALL.get_or_init(|| parse(FILE).unwrap_or_default())
}

pub fn by_id(id: u32) -> Option<&'static Puzzle> {
    all().get((id as usize).checked_sub(1)?)
}

/// The puzzle of the day `days` after 1970-01-01: each puzzle once before any repeats,
/// in an order that mixes the difficulties.
pub fn daily(days: i64) -> Option<&'static Puzzle> {
    // Easier early in the week, harder later: Monday and Tuesday a win in 2, up to Sunday's
    // win in 6, each day of the week going through its group week by week.
    let weekday = (days + 3).rem_euclid(7); // 1970-01-01 was a Thursday; Monday is 0.
    let moves = MIN_MOVES + (weekday as u32 * (MAX_MOVES - MIN_MOVES + 1)) / 7;
    let group = || all().iter().filter(|p| p.moves == moves);
    let week = cycle(group().count() as i64, days.div_euclid(7));
    if let Some(puzzle) = week.and_then(|i| group().nth(i)) {
        return Some(puzzle);
    }
    cycle(all().len() as i64, days).and_then(|i| all().get(i))
}

/// The `k`-th of `n` things, stepping so that every one comes once per cycle.
fn cycle(n: i64, k: i64) -> Option<usize> {
    if n == 0 {
        return None;
    }
    // Stepping by a number prime to the count visits every puzzle once per cycle.
    let step = (1..n)
        .rev()
        .find(|&s| gcd(s, n) == 1 && s * 3 < n * 2)
        .unwrap_or(1);
    Some((k.rem_euclid(n) * step).rem_euclid(n) as usize)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The columns that still win with the side to move's `moves`-th move from now or sooner,
/// from the analysis of the position (the side to move's scores).
pub fn winning_columns(scores: &[Option<i32>], moves_played: usize, moves: u32) -> Vec<usize> {
    let mut columns = Vec::new();
    for (c, score) in scores.iter().enumerate() {
        let wins = |s| matches!(Score::new(s).outcome(moves_played), Outcome::Win(n) if n <= moves);
        if score.is_some_and(wins) {
            columns.push(c);
        }
    }
    columns
}

/// Checks a puzzle with the solver: exactly one column wins at all, and the side to move
/// wins with exactly its `moves`-th move from now.
pub fn check(solver: &mut Solver, puzzle: &Puzzle) -> Result<(), String> {
    let scores = solver
        .analyze(&puzzle.start)
        .map_err(|e: SolveError| e.to_string())?;
    let played = puzzle.start.move_count();
    let winning: Vec<usize> = (0..scores.len())
        .filter(|&c| scores[c].is_some_and(|s| s > 0))
        .collect();
    if winning.len() != 1 {
        return Err(format!(
            "puzzle {}: {} winning first moves",
            puzzle.id,
            winning.len()
        ));
    }
    let best = scores[winning[0]].unwrap_or_default();
    match Score::new(best).outcome(played) {
        Outcome::Win(n) if n == puzzle.moves => Ok(()),
        other => Err(format!(
            "puzzle {}: {other:?}, not a win in {}",
            puzzle.id, puzzle.moves
        )),
    }
}

/// The solved puzzles: a set of ids, saved as hexadecimal bits (bit `id - 1`), and the
/// streak of today's puzzles solved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Solved {
    bits: Vec<u8>,
    pub streak: Streak,
}

/// Today's puzzle solved on days in a row: the last day solved (days after 1970-01-01, the
/// player's own calendar) and how many days in a row up to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Streak {
    last: Option<i64>,
    days: u32,
}

impl Streak {
    /// Today's puzzle of `day` is solved: the streak goes on from the day before, or
    /// starts again; a second solve the same day counts once.
    pub fn solved_on(&mut self, day: i64) {
        self.days = match self.last {
            Some(last) if last == day => self.days,
            Some(last) if last == day - 1 => self.days.saturating_add(1),
            _ => 1,
        };
        self.last = Some(day);
    }

    /// The streak on `today`: alive while today's or yesterday's puzzle is solved.
    pub fn on(&self, today: i64) -> u32 {
        match self.last {
            Some(last) if last == today || last == today - 1 => self.days,
            _ => 0,
        }
    }

    /// `DAY.DAYS`, or empty with no streak.
    pub fn encode(&self) -> String {
        self.last
            .map(|last| format!("{last}.{}", self.days))
            .unwrap_or_default()
    }

    pub fn decode(text: &str) -> Result<Streak, String> {
        if text.is_empty() {
            return Ok(Streak::default());
        }
        let bad = || "not a streak (day.days)".to_owned();
        let (last, days) = text.split_once('.').ok_or_else(bad)?;
        let last: i64 = last.parse().map_err(|_| bad())?;
        let days: u32 = super::super::fields::number(days).map_err(|_| bad())?;
        if !(0..=1_000_000).contains(&last) || days == 0 {
            return Err(bad());
        }
        Ok(Streak {
            last: Some(last),
            days,
        })
    }
}

/// More ids than any puzzle file holds are refused.
const MAX_ID: u32 = 4096;

impl Solved {
    pub fn contains(&self, id: u32) -> bool {
        let Some(i) = (id as usize).checked_sub(1) else {
            return false;
        };
        self.bits
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0)
    }

    pub fn insert(&mut self, id: u32) {
        let Some(i) = (id as usize).checked_sub(1) else {
            return;
        };
        if id > MAX_ID {
            return;
        }
        if self.bits.len() <= i / 8 {
            self.bits.resize(i / 8 + 1, 0);
        }
        self.bits[i / 8] |= 1 << (i % 8);
    }

    pub fn count(&self) -> usize {
        self.bits.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// Two hex digits per 8 ids, lowest ids first; empty when none is solved.
    pub fn encode(&self) -> String {
        let used = self.bits.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        crate::hex::hex(&self.bits[..used])
    }

    pub fn decode(text: &str) -> Result<Solved, String> {
        if text.len() % 2 != 0 || text.len() > (MAX_ID / 4) as usize {
            return Err("not a set of solved puzzles".to_owned());
        }
        let bits = crate::hex::unhex(text).ok_or("not a set of solved puzzles")?;
        // Trailing empty bytes say nothing: the same set as without them.
        let used = bits.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        Ok(Solved {
            bits: bits[..used].to_vec(),
            streak: Streak::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_and_counts_each_difficulty() {
        let puzzles = parse(FILE).unwrap();
        assert_eq!(puzzles.len(), all().len());
        for n in MIN_MOVES..=MAX_MOVES {
            assert!(
                puzzles.iter().any(|p| p.moves == n),
                "no puzzle wins in {n}"
            );
        }
        assert_eq!(by_id(1), puzzles.first());
        assert_eq!(by_id(0), None);
        assert_eq!(by_id(puzzles.len() as u32 + 1), None);
    }

    #[test]
    fn bad_files_are_refused() {
        for bad in [
            "2 3 4453",
            "1 3",
            "1 1 4453",
            "1 7 4453",
            "1 3 4458",
            "1 3 4444444",
            "1 3 1212121",
            "x 3 44",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse("# nothing\n\n").unwrap(), vec![]);
    }

    #[test]
    fn every_day_has_a_puzzle_easier_early_in_the_week_and_each_comes_in_turn() {
        // 1970-01-05, day 4, was a Monday.
        let monday = 4 + 7 * 2900;
        let week: Vec<u32> = (0..7).map(|d| daily(monday + d).unwrap().moves).collect();
        assert_eq!(week[0], MIN_MOVES, "Monday: the easiest");
        assert_eq!(week[6], MAX_MOVES, "Sunday: the hardest");
        assert!(week.windows(2).all(|w| w[0] <= w[1]), "{week:?}");
        // Each weekday goes through its group, one a week: every one of them in turn.
        for weekday in 0..7 {
            let moves = week[weekday as usize];
            let group = all().iter().filter(|p| p.moves == moves).count();
            let mut seen: Vec<u32> = (0..group as i64)
                .map(|w| daily(monday + weekday + 7 * w).unwrap().id)
                .collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), group, "weekday {weekday}");
        }
        assert!(daily(-1).is_some());
        assert_ne!(daily(20_000), daily(20_001));
    }

    #[test]
    fn the_streak_counts_days_in_a_row() {
        let mut streak = Streak::default();
        assert_eq!(streak.on(100), 0);
        streak.solved_on(100);
        streak.solved_on(100);
        assert_eq!(streak.on(100), 1, "twice the same day counts once");
        streak.solved_on(101);
        streak.solved_on(102);
        assert_eq!((streak.on(102), streak.on(103), streak.on(104)), (3, 3, 0));
        assert_eq!(Streak::decode(&streak.encode()), Ok(streak));
        streak.solved_on(105);
        assert_eq!(streak.on(105), 1, "a day missed starts again");
        for bad in ["x", "5", "5.0", "-1.2", "5.x"] {
            assert!(Streak::decode(bad).is_err(), "{bad}");
        }
        assert_eq!(Streak::decode(""), Ok(Streak::default()));
    }

    #[test]
    fn solved_sets_read_back() {
        let mut s = Solved::default();
        assert_eq!(s.encode(), "");
        s.insert(1);
        s.insert(10);
        s.insert(0);
        s.insert(MAX_ID + 1);
        assert!(s.contains(1) && s.contains(10) && !s.contains(2) && !s.contains(0));
        assert_eq!(s.count(), 2);
        assert_eq!(s.encode(), "0102");
        assert_eq!(Solved::decode("0102"), Ok(s));
        assert_eq!(Solved::decode(""), Ok(Solved::default()));
        // Empty bytes at the end are the same set (found by the fuzzer: it must read back).
        assert_eq!(Solved::decode("010200"), Solved::decode("0102"));
        assert_eq!(Solved::decode("0000"), Ok(Solved::default()));
        for bad in ["1", "0g", "-1", "+1", &"00".repeat(600)] {
            assert!(Solved::decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn winning_columns_count_moves_from_now() {
        // After 10 moves, a score of win_next wins with the next move; 22 - 6 - 2 = 14 with
        // the side to move's 3rd move from now.
        let now = Score::win_next(10).get();
        let scores = [
            Some(now),
            Some(now - 2),
            Some(0),
            None,
            Some(-3),
            Some(now - 1),
            Some(1),
        ];
        assert_eq!(winning_columns(&scores, 10, 1), vec![0]);
        assert_eq!(winning_columns(&scores, 10, 2), vec![0, 5]);
        assert_eq!(winning_columns(&scores, 10, 3), vec![0, 1, 5]);
    }
}
