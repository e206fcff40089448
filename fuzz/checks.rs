//! What the fuzz targets check, one function per target. The same functions run the saved
//! failures in `fuzz/regressions/<target>/` as native tests (`tests/fuzz.rs`), so every
//! failure found stays a test. Each takes the fuzzer's raw bytes and panics on a finding.

#![allow(dead_code)] // each fuzz target uses one check

use connect_four::engine::notation::parse_columns;
use connect_four::engine::{Cell, PlayError, Player, Position, Size, Status};
use connect_four::online::{Refusal, ToServer, MAX_FRAME};
use connect_four::solver::{Book, BookError, Solver};
use connect_four::ui::save::Saved;
use connect_four::ui::share::{Link, Shown};

/// A check: panics on a finding.
pub type Check = fn(&[u8]);

/// The targets, by name: the name of the `fuzz_targets` file, its seed folder and its
/// regression folder.
pub const TARGETS: [(&str, Check); 7] = [
    ("moves", moves),
    ("book", book),
    ("saved", saved),
    ("link", link),
    ("play", play),
    ("sized", sized),
    ("online", online),
];

/// Errors quote at most about 40 characters of the input, so no message is long.
const LONGEST_MESSAGE: usize = 240;

fn short(message: String) {
    assert!(message.len() <= LONGEST_MESSAGE, "long message: {message}");
}

/// The move-string parser agrees with a reference replay, and reads back what it writes.
pub fn moves(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = Position::from_moves(&text);
    // The contract: a character that is not a column digit is named first, wherever it is;
    // then the first illegal move.
    let mut model = Model::new(Size::CLASSIC);
    let mut refused = text.chars().position(|ch| !matches!(ch, '1'..='7'));
    if refused.is_none() {
        refused = (text.bytes().map(|b| usize::from(b - b'1')))
            .position(|column| model.play(column).is_err());
    }
    match (&parsed, refused) {
        (Ok(position), None) => {
            assert_eq!(position.moves_string(), text);
            model.agrees(position);
            let columns = parse_columns(&text, 7).expect("parsed as a position, so as columns");
            assert_eq!(columns.len(), position.move_count());
        }
        (Err(e), Some(index)) => {
            assert_eq!(e.index(), index, "{e}");
            short(e.to_string());
        }
        (parsed, refused) => panic!("{text:?}: parser {parsed:?}, reference {refused:?}"),
    }
}

/// Any bytes: a clean error, or a book that writes back the same bytes and answers lookups
/// (rightly or not: only the digest tells a damaged array) without panicking. Only the book
/// this build was made with passes the digest.
pub fn book(data: &[u8]) {
    match Book::from_bytes(data) {
        Ok(book) => {
            assert_eq!(book.to_bytes(), data);
            let mut solver = Solver::new(1);
            solver.set_book(Some(book.clone()));
            for moves in ["", "4", "44", "4453", "12345671234", "123456712345"] {
                let p = Position::from_moves(moves).unwrap();
                let _ = (book.score_of(&p), book.entry_of(&p));
                let _ = solver.outcome_within(&p, 2);
            }
        }
        Err(e) => short(e.to_string()),
    }
    match Book::from_bytes_verified(data) {
        Ok(_) => assert_eq!(Book::digest(data), Book::DIGEST),
        // Well formed; the digest is checked last.
        Err(BookError::WrongDigest { .. }) => assert!(Book::from_bytes(data).is_ok()),
        Err(e) => short(e.to_string()),
    }
}

/// Saved data: a clean error, or a game that saves back to text that reads the same.
pub fn saved(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match Saved::decode(&text) {
        Ok(saved) => assert_eq!(Saved::decode(&saved.encode()), Ok(saved)),
        Err(e) => short(e.to_string()),
    }
}

/// A share link's fragment: a clean error, no link (a fragment that is not the game's), or
/// a link that writes back to one that reads the same.
pub fn link(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match Link::decode(&text) {
        Ok(Some(link)) => {
            assert_eq!(Link::decode(&link.encode()), Ok(Some(link.clone())));
            if let Shown::Review(at) = link.shown {
                assert!(at <= link.position.move_count());
            }
        }
        // No link: a fragment with none of the keys a link has (the host page's own).
        Ok(None) => {
            let keys = ["size", "moves", "red", "yellow", "review", "puzzle", "join"];
            let fragment = text.strip_prefix('#').unwrap_or(&text);
            assert!(!fragment
                .split('&')
                .any(|part| part.split_once('=').is_some_and(|(k, _)| keys.contains(&k))));
        }
        Err(e) => short(e.to_string()),
    }
}

/// A frame from a page to the online game's server: refused with a reason (too long past
/// [`MAX_FRAME`] bytes, otherwise unreadable), or a message that writes back to the same
/// message.
pub fn online(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match ToServer::decode(&text) {
        Ok(message) => {
            assert!(text.len() <= MAX_FRAME);
            let again = serde_json::to_string(&message).unwrap();
            assert_eq!(ToServer::decode(&again), Ok(message));
        }
        Err((Refusal::TooLong, _)) => assert!(text.len() > MAX_FRAME),
        Err((Refusal::Unreadable, detail)) => assert!(text.len() <= MAX_FRAME, "{detail}"),
        Err((reason, detail)) => panic!("refused as {reason:?}: {detail}"),
    }
}

/// Play, undo, reset and bad columns, each byte one step, against the reference model:
/// after every step the two agree on everything a caller can see.
pub fn play(data: &[u8]) {
    steps(Position::new(), data);
}

/// [`play`] on a board of any size: the first byte picks the size (of the 36), each later
/// byte a step, and a move string replays on that size as the model does.
pub fn sized(data: &[u8]) {
    let Some((&first, data)) = data.split_first() else {
        return;
    };
    let size = Size::all().nth(usize::from(first) % 36).expect("36 sizes");
    steps(Position::empty(size), data);
    // Each later byte a digit: the parser on this size agrees with the model.
    let text: String = data.iter().map(|&b| char::from(b'1' + b % 10)).collect();
    let mut model = Model::new(size);
    let columns = text.bytes().map(|b| usize::from(b - b'1'));
    // As for `moves`: a character that is not a column of this board first, then the first
    // illegal move.
    let refused = (columns.clone().position(|c| c >= size.width()))
        .or_else(|| columns.clone().position(|c| model.play(c).is_err()));
    match (Position::from_moves_on(size, &text), refused) {
        (Ok(position), None) => model.agrees(&position),
        (Err(e), Some(index)) => {
            assert_eq!(e.index(), index, "{e}");
            short(e.to_string());
        }
        (parsed, refused) => panic!("{size} {text:?}: parser {parsed:?}, reference {refused:?}"),
    }
}

/// Each byte one step from `start`, on its board: undo, reset, a column (or one off the
/// board), checked against the model after every step.
fn steps(start: Position, data: &[u8]) {
    let (mut position, size) = (start, start.size());
    let mut model = Model::new(size);
    let width = size.width();
    for &byte in data {
        match usize::from(byte) % (width + 3) {
            step if step == width => assert_eq!(position.undo(), model.undo()),
            step if step == width + 1 => {
                position = start;
                model = Model::new(size);
            }
            step => {
                // A column; past them, one off the board (the width and up).
                let column = match step {
                    s if s == width + 2 => width + usize::from(byte / 32),
                    column => column,
                };
                let before = position;
                match (position.play(column), model.play(column)) {
                    (Ok(placed), Ok(row)) => {
                        let at = (usize::from(placed.column), usize::from(placed.row));
                        assert_eq!(at, (column, row));
                    }
                    (Err(e), Err(want)) => {
                        assert_eq!(e, want);
                        assert_eq!(position, before, "a refused move changes nothing");
                    }
                    (played, expected) => panic!("play {column}: {played:?}, model {expected:?}"),
                }
            }
        }
        model.agrees(&position);
    }
}

/// The reference: a grid of columns, checked for fours by looking at every line of four.
struct Model {
    size: Size,
    /// Each column bottom first: 1 or 2.
    columns: Vec<Vec<u8>>,
    history: Vec<usize>,
    status: Status,
}

impl Model {
    fn new(size: Size) -> Model {
        Model {
            size,
            columns: vec![Vec::new(); size.width()],
            history: Vec::new(),
            status: Status::InProgress,
        }
    }

    fn to_move(&self) -> Player {
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The owner (1 or 2) of column `c`, row `r` from the top, 0 if empty or off the board.
    fn at(&self, c: i32, r: i32) -> u8 {
        let (width, rows) = (self.size.width() as i32, self.size.height() as i32);
        if !(0..width).contains(&c) || !(0..rows).contains(&r) {
            return 0;
        }
        let height = (rows - 1 - r) as usize;
        self.columns[c as usize].get(height).copied().unwrap_or(0)
    }

    /// Plays and returns the row (from the top) the piece lands in.
    fn play(&mut self, column: usize) -> Result<usize, PlayError> {
        match self.status {
            Status::Win(winner) => {
                return Err(PlayError::GameOver {
                    winner: Some(winner),
                })
            }
            Status::Draw => return Err(PlayError::GameOver { winner: None }),
            Status::InProgress => {}
        }
        if column >= self.size.width() {
            return Err(PlayError::InvalidColumn {
                column,
                width: self.size.width() as u8,
            });
        }
        if self.columns[column].len() == self.size.height() {
            return Err(PlayError::ColumnFull { column });
        }
        let player = self.to_move();
        self.columns[column].push(player.number());
        self.history.push(column);
        self.status = if !self.wins(player).is_empty() {
            Status::Win(player)
        } else if self.history.len() == self.size.cells() {
            Status::Draw
        } else {
            Status::InProgress
        };
        Ok(self.size.height() - self.columns[column].len())
    }

    fn undo(&mut self) -> Option<usize> {
        let column = self.history.pop()?;
        self.columns[column].pop();
        self.status = Status::InProgress;
        Some(column)
    }

    /// The cells of every line of four of `player`'s that holds the last move.
    fn wins(&self, player: Player) -> Vec<Cell> {
        let Some(&last) = self.history.last() else {
            return Vec::new();
        };
        let rows = self.size.height() as i32;
        let (lc, lr) = (last as i32, rows - self.columns[last].len() as i32);
        let mut cells = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for start in -3..=0 {
                let line: Vec<(i32, i32)> = (0..4)
                    .map(|k| (lc + (start + k) * dc, lr + (start + k) * dr))
                    .collect();
                if line.iter().all(|&(c, r)| self.at(c, r) == player.number()) {
                    cells.extend(line.iter().map(|&(c, r)| Cell {
                        column: c as u8,
                        row: r as u8,
                    }));
                }
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Panics unless `position` shows what the model holds.
    fn agrees(&self, position: &Position) {
        assert_eq!(position.status(), self.status);
        assert_eq!(position.move_count(), self.history.len());
        assert_eq!(position.current_player(), self.to_move());
        let history: Vec<usize> = position.history().iter().map(|&c| usize::from(c)).collect();
        assert_eq!(history, self.history);
        for (row, cells) in position.board().iter().enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                assert_eq!(
                    cell,
                    self.at(column as i32, row as i32),
                    "cell {column},{row}"
                );
            }
        }
        let legal: Vec<usize> = (0..self.size.width())
            .filter(|&c| {
                self.status == Status::InProgress && self.columns[c].len() < self.size.height()
            })
            .collect();
        assert_eq!(position.legal_columns(), legal);
        let win_line = match self.status {
            Status::Win(player) => self.wins(player),
            _ => Vec::new(),
        };
        assert_eq!(position.win_line(), win_line);
        assert_eq!(position.size(), self.size);
        assert_eq!(
            Position::from_moves_on(self.size, &position.moves_string()).as_ref(),
            Ok(position)
        );
    }
}
