//! Where games live: the [`Store`] trait, SQLite its one implementation ([`Sqlite`]), and
//! the writer thread ([`Db`]) that every game task writes through. A move is committed
//! before the game task tells anyone of it, so a killed process loses nothing that a page
//! saw accepted. The writer commits the changes waiting for it together (one transaction
//! for many games' moves), which keeps a busy server's commits few.
//!
//! Each change to a game also checks the game's version ([`Store::bump`]): when several
//! processes share one database (PostgreSQL, [`crate::postgres`]), the database decides
//! which of two changes made at once comes first, and the other is told it was stale. A
//! committed change is announced to the other processes ([`Note`], [`Store::notify`]);
//! the players' presence is a lease each process keeps fresh ([`Lease`]).

use connect_four::engine::Size;
use connect_four::online::{End, GameId, Seat};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// A seat's secret, hashed (SHA-256): all the server keeps of it.
pub type SecretHash = [u8; 32];

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub id: GameId,
    pub size: Size,
    /// The moves, 0-based columns.
    pub moves: Vec<u8>,
    /// Red's and Yellow's secrets, hashed, once each seat is taken.
    pub seats: [Option<SecretHash>; 2],
    pub end: Option<End>,
    pub rematch: [bool; 2],
    pub next: Option<GameId>,
    /// The games won before this one, in the series of rematches it belongs to, by the
    /// player in each seat (Red, Yellow) of this game.
    pub wins: [u16; 2],
    /// The names Red's and Yellow's players go by, if they gave one.
    pub names: [Option<String>; 2],
    /// The hashes of the one-time tokens that move Red's and Yellow's seats to another
    /// device, while one waits to be used ([`connect_four::online::ToServer::Hand`]).
    pub hands: [Option<SecretHash>; 2],
    /// Milliseconds since the Unix epoch.
    pub created: u64,
    pub updated: u64,
    /// How many changes the game has had since it was created: each change checks it.
    pub version: u64,
    /// When the last move was played (or the game created), ms since the epoch.
    pub moved: u64,
}

/// A process's word that a seat's player is connected to it (`held`) until `until` (ms
/// since the epoch), renewed while they are; or, once they are not, when they went
/// (`until`) and whether they left the game for good (`left`). A process that dies stops
/// renewing: its players are away once their leases run out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub seat: Seat,
    pub process: String,
    pub held: bool,
    pub left: bool,
    pub until: u64,
}

/// How long a lease lasts unless renewed (a process renews its own three times in that
/// time), unless a test says otherwise.
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(30);

/// What one process tells the others about a game after a commit (PostgreSQL's `NOTIFY`):
/// `"{process} {game} {what}"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub process: String,
    pub game: GameId,
    pub heard: Heard,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// The game is at `version` now; if its last change was one move alone, its column.
    Version { version: u64, column: Option<u8> },
    /// A player came or went: the game's leases changed.
    Presence,
    /// A player's reaction, to every page in the game.
    React { seat: Seat, reaction: u8 },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} ", self.process, self.game)?;
        match self.heard {
            Heard::Version {
                version,
                column: Some(column),
            } => write!(f, "v{version}m{column}"),
            Heard::Version { version, .. } => write!(f, "v{version}"),
            Heard::Presence => write!(f, "p"),
            Heard::React { seat, reaction } => write!(f, "r{}{reaction}", seat.index()),
        }
    }
}

impl std::str::FromStr for Note {
    type Err = String;
    fn from_str(text: &str) -> Result<Note, String> {
        let bad = || format!("not a note: {text:?}");
        let mut words = text.split(' ');
        let (Some(process), Some(game), Some(what), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(bad());
        };
        let game = GameId::try_from(game.to_owned()).map_err(|_| bad())?;
        let heard = if what == "p" {
            Heard::Presence
        } else if let Some(version) = what.strip_prefix('v') {
            let (version, column) = match version.split_once('m') {
                Some((v, c)) => (v, Some(c.parse().map_err(|_| bad())?)),
                None => (version, None),
            };
            Heard::Version {
                version: version.parse().map_err(|_| bad())?,
                column,
            }
        } else if let Some(react) = what.strip_prefix('r') {
            let seat = match react.get(..1) {
                Some("0") => Seat::Red,
                Some("1") => Seat::Yellow,
                _ => return Err(bad()),
            };
            let reaction = react
                .get(1..)
                .and_then(|r| r.parse().ok())
                .ok_or_else(bad)?;
            Heard::React { seat, reaction }
        } else {
            return Err(bad());
        };
        Ok(Note {
            process: process.to_owned(),
            game,
            heard,
        })
    }
}

impl Note {
    /// What a write of `changes` at `version` (none for a lease's) tells the others.
    fn of(process: &str, game: &GameId, version: Option<u64>, changes: &[Change]) -> Note {
        let heard = match version {
            None => Heard::Presence,
            Some(version) => Heard::Version {
                version: version + 1,
                column: match changes {
                    [Change::Move { column, .. }]
                    | [Change::Move { column, .. }, Change::End(End::Played)] => Some(*column),
                    _ => None,
                },
            },
        };
        Note {
            process: process.to_owned(),
            game: game.clone(),
            heard,
        }
    }
}

/// Whether a write was committed, or found the game changed by another process first
/// (nothing of it written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Committed,
    Stale,
}

/// A change to one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A new game (the one it names: a rematch creates one from another).
    Create(Box<Stored>),
    /// Move `number` (0-based), in `column`.
    Move { number: u16, column: u8 },
    /// `seat` is taken by the holder of the secret with this hash.
    Seat { seat: Seat, hash: SecretHash },
    /// The game ended.
    End(End),
    /// The name `seat`'s player goes by (`None`: none).
    Name { seat: Seat, name: Option<String> },
    /// The hash of the token that moves `seat` to another device (`None`: none waits).
    Hand {
        seat: Seat,
        hash: Option<SecretHash>,
    },
    /// Who asked for a rematch, and the rematch's game once both did.
    Rematch {
        asked: [bool; 2],
        next: Option<GameId>,
    },
    /// A process's lease on `seat` ([`Lease`]; its `seat` is this one's).
    Presence(Lease),
}

/// Storage for games. Each call is one step of the writer thread; `commit` makes the
/// changes since the last one durable together.
pub trait Store: Send + 'static {
    fn load(&mut self, id: &GameId) -> Result<Option<Stored>, String>;
    /// Game `id`'s version, if it is there.
    fn version(&mut self, id: &GameId) -> Result<Option<u64>, String>;
    /// The leases on game `id`'s seats, every process's.
    fn leases(&mut self, id: &GameId) -> Result<Vec<Lease>, String>;
    fn begin(&mut self) -> Result<(), String>;
    /// Within a transaction: if game `id` is at `version`, makes it `version + 1`, and
    /// its last change `now` (and its last move, if `moved`): true. If another change came
    /// first, false, and the caller writes nothing of its own. The database decides which
    /// of two processes' changes comes first.
    fn bump(&mut self, id: &GameId, version: u64, now: u64, moved: bool) -> Result<bool, String>;
    /// Within a transaction: `change` to game `id` (its time is the bump's or the touch's).
    fn apply(&mut self, id: &GameId, change: &Change, now: u64) -> Result<(), String>;
    /// Within a transaction: game `id` was changed `now` without a bump (a lease).
    fn touch(&mut self, id: &GameId, now: u64) -> Result<(), String>;
    /// After a commit, outside a transaction: tells the other processes on the same
    /// database of what it changed. Nothing for a store that one process holds alone.
    /// (Not inside the transaction: PostgreSQL serializes the commits of transactions that
    /// notify, their disk writes included.)
    fn notify(&mut self, notes: &[Note]) -> Result<(), String>;
    /// Whether other processes may share the store: then changes are announced.
    fn shared(&self) -> bool;
    /// Renews the leases `process` holds, to `until`.
    fn renew(&mut self, process: &str, until: u64) -> Result<(), String>;
    /// Lets go of the leases `process` holds, as of `now`; the other processes hear it.
    /// With none: every lease, each as of `now`, at the start of a store one process holds
    /// alone: its players could not come back while it was down, so their time away counts
    /// from its start (as a claim would otherwise count the outage against them).
    fn release(&mut self, process: Option<&str>, now: u64) -> Result<(), String>;
    fn commit(&mut self) -> Result<(), String>;
    fn rollback(&mut self);
    /// Deletes the games finished before `finished` and those not touched since `idle`
    /// (milliseconds since the epoch), but those in `keep` (in memory) and those a
    /// player is connected to by a live lease (`now`); how many went. With several
    /// processes, one expires at a time.
    fn expire(
        &mut self,
        finished: u64,
        idle: u64,
        keep: &[GameId],
        now: u64,
    ) -> Result<usize, String>;
    /// Commits a small write of its own: whether the store can commit now.
    fn check(&mut self) -> Result<(), String>;
    /// The game and seat held by the secret with this hash, if any.
    fn find_seat(&mut self, hash: SecretHash) -> Result<Option<(GameId, Seat)>, String>;
}

/// SQLite in write-ahead-log mode with `synchronous = FULL`: a commit is on the disk
/// before it returns, so it survives the process being killed and the power failing.
pub struct Sqlite {
    conn: Connection,
}

/// The name of the database in `--data`.
pub const FILE: &str = "games.sqlite";

/// A lock on a `--data` folder, held for the process's life: a second server on the same
/// folder would hand out seats twice and miss the first one's moves.
pub struct DirLock {
    _file: std::fs::File,
}

/// Locks `dir` for this process (`server.lock`, which holds its PID), or says which
/// process holds it.
pub fn lock_dir(dir: &Path) -> Result<DirLock, String> {
    use std::io::{Read, Seek, Write};
    use std::os::fd::AsRawFd;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("server.lock");
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    // SAFETY: flock on the descriptor of a file this function holds open.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        let mut pid = String::new();
        let _ = file.read_to_string(&mut pid);
        return Err(format!(
            "--data {} is in use by another connect-four-server (pid {}): one process per \
             folder",
            dir.display(),
            pid.trim()
        ));
    }
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| write!(file, "{}", std::process::id()))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(DirLock { _file: file })
}

fn db_error(e: rusqlite::Error) -> String {
    e.to_string()
}

pub(crate) fn end_text(end: &End) -> String {
    serde_json::to_string(end).unwrap_or_default()
}

pub(crate) fn seat_column(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "red",
        Seat::Yellow => "yellow",
    }
}

/// What a backup holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    pub games: u64,
    pub moves: u64,
    pub bytes: u64,
}

/// Copies the database in `dir` to `file` with SQLite's online backup, while a server may
/// be running on it: one consistent moment, what is still in the write-ahead log included
/// (a copy of `games.sqlite` alone misses that). The copy is written beside `file` and
/// renamed into place once it passes `PRAGMA integrity_check`, so `file` is never half a
/// backup.
pub fn backup(dir: &Path, file: &Path) -> Result<Backup, String> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Err(format!(
            "{}: no database there (is --data right?)",
            path.display()
        ));
    }
    let source = Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    source
        .busy_timeout(std::time::Duration::from_secs(10))
        .map_err(|e| e.to_string())?;
    let name = file
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", file.display()))?;
    let mut partial_name = std::ffi::OsString::from(".");
    partial_name.push(name);
    partial_name.push(".partial");
    let partial = file.with_file_name(partial_name);
    let _ = std::fs::remove_file(&partial);
    let copied = (|| {
        let mut copy = Connection::open(&partial).map_err(|e| e.to_string())?;
        // It holds the seats' secrets' hashes, as the database does: the owner's alone.
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o600));
        }
        {
            let backup =
                rusqlite::backup::Backup::new(&source, &mut copy).map_err(|e| e.to_string())?;
            // Every page in one step: one read transaction, so one consistent moment.
            backup
                .run_to_completion(std::ffi::c_int::MAX, std::time::Duration::ZERO, None)
                .map_err(|e| e.to_string())?;
        }
        let integrity: String = copy
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .map_err(|e| e.to_string())?;
        if integrity != "ok" {
            return Err(format!("the copy fails its integrity check: {integrity}"));
        }
        let count = |sql: &str| -> Result<u64, String> {
            copy.query_row(sql, [], |r| r.get::<_, i64>(0))
                .map(|n| n as u64)
                .map_err(|e| e.to_string())
        };
        let games = count("SELECT count(*) FROM games")?;
        let moves = count("SELECT count(*) FROM moves")?;
        copy.close().map_err(|(_, e)| e.to_string())?;
        Ok((games, moves))
    })();
    let (games, moves) = match copied {
        Ok(counts) => counts,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(format!("{}: {e}", file.display()));
        }
    };
    std::fs::rename(&partial, file).map_err(|e| format!("{}: {e}", file.display()))?;
    let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
    Ok(Backup {
        games,
        moves,
        bytes,
    })
}

impl Sqlite {
    /// Opens (or creates) the database `games.sqlite` in `dir` for writing, and checks
    /// that it can commit: a database that cannot be written (a read-only directory, a
    /// full disk, a damaged file) stops the start here, with the reason.
    pub fn open(dir: &Path) -> Result<Sqlite, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // The games' secrets' hashes are nobody else's to read: the folder is the
        // server's user's alone.
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
        }
        let path = dir.join(FILE);
        let conn = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // The file too (its -wal and -shm take its mode), as a backup's is.
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             PRAGMA foreign_keys = ON;
             CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS games (
               id TEXT PRIMARY KEY,
               columns INTEGER NOT NULL,
               rows INTEGER NOT NULL,
               red BLOB,
               yellow BLOB,
               end_state TEXT,
               rematch INTEGER NOT NULL DEFAULT 0,
               next TEXT,
               created INTEGER NOT NULL,
               updated INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS moves (
               game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
               number INTEGER NOT NULL,
               col INTEGER NOT NULL,
               PRIMARY KEY (game, number)
             ) WITHOUT ROWID;
             CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
             CREATE INDEX IF NOT EXISTS games_red ON games(red);
             CREATE INDEX IF NOT EXISTS games_yellow ON games(yellow);",
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        migrate(&conn).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut store = Sqlite { conn };
        let quick: String = store
            .conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if quick != "ok" {
            return Err(format!("{} is damaged: {quick}", path.display()));
        }
        store
            .check()
            .map_err(|e| format!("{} cannot be written: {e}", path.display()))?;
        // The folder is this process's alone: no player is connected to it yet, whatever
        // a process killed before it left in its leases.
        store
            .release(None, now_ms())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(store)
    }

    /// How many games the database holds.
    pub fn games(&self) -> Result<u64, String> {
        self.conn
            .query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
            .map_err(db_error)
    }

    /// A second connection to the same database, for reading games: a read that misses
    /// does not wait behind the writer's batch.
    pub fn reader(dir: &Path) -> Result<Sqlite, String> {
        let path = dir.join(FILE);
        let conn = Connection::open_with_flags(
            &path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Sqlite { conn })
    }
}

/// The changes to the tables since the first release, in order: the database's
/// `user_version` says how many it has had. Each runs once, in a transaction.
const MIGRATIONS: &[&str] = &[
    // 1: the series' score (issue 57).
    "ALTER TABLE games ADD COLUMN red_wins INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN yellow_wins INTEGER NOT NULL DEFAULT 0;",
    // 2: the players' names (issue 57).
    "ALTER TABLE games ADD COLUMN red_name TEXT;
     ALTER TABLE games ADD COLUMN yellow_name TEXT;",
    // 3: a seat moved to another device by a one-time token (issue 57).
    "ALTER TABLE games ADD COLUMN red_hand BLOB;
     ALTER TABLE games ADD COLUMN yellow_hand BLOB;",
    // 4: each change checks the game's version; the last move's time; the players'
    // leases (issue 58).
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN moved INTEGER NOT NULL DEFAULT 0;
     CREATE TABLE presence (
       game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
       seat INTEGER NOT NULL,
       process TEXT NOT NULL,
       held INTEGER NOT NULL,
       left_game INTEGER NOT NULL,
       until INTEGER NOT NULL,
       PRIMARY KEY (game, seat, process)
     ) WITHOUT ROWID;
     CREATE INDEX presence_process ON presence(process);",
];

/// Brings the tables up to date: the migrations the database has not had yet.
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    let done: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    for (i, migration) in MIGRATIONS.iter().enumerate().skip(done.max(0) as usize) {
        conn.execute_batch(&format!(
            "BEGIN IMMEDIATE; {migration} PRAGMA user_version = {}; COMMIT;",
            i + 1
        ))?;
    }
    Ok(())
}

/// `Ok` if the statement changed exactly one row: an UPDATE of a game that is not there
/// is an error, not a silent nothing.
pub(crate) fn one_row(changed: usize, id: &str) -> Result<(), String> {
    match changed {
        1 => Ok(()),
        _ => Err(format!("game {id} is not in the database")),
    }
}

pub(crate) fn hash_of(blob: Option<Vec<u8>>) -> Option<SecretHash> {
    blob.and_then(|b| b.try_into().ok())
}

impl Store for Sqlite {
    fn load(&mut self, id: &GameId) -> Result<Option<Stored>, String> {
        let row = self
            .conn
            .query_row(
                "SELECT columns, rows, red, yellow, end_state, rematch, next, created, updated,
                   red_wins, yellow_wins, red_name, yellow_name, red_hand, yellow_hand,
                   version, moved
                 FROM games WHERE id = ?1",
                params![id.as_str()],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, Option<Vec<u8>>>(2)?,
                        r.get::<_, Option<Vec<u8>>>(3)?,
                        r.get::<_, Option<String>>(4)?,
                        r.get::<_, i64>(5)?,
                        r.get::<_, Option<String>>(6)?,
                        r.get::<_, i64>(7)?,
                        r.get::<_, i64>(8)?,
                        [r.get::<_, i64>(9)?, r.get::<_, i64>(10)?],
                        [
                            r.get::<_, Option<String>>(11)?,
                            r.get::<_, Option<String>>(12)?,
                        ],
                        [
                            r.get::<_, Option<Vec<u8>>>(13)?,
                            r.get::<_, Option<Vec<u8>>>(14)?,
                        ],
                        [r.get::<_, i64>(15)?, r.get::<_, i64>(16)?],
                    ))
                },
            )
            .optional()
            .map_err(db_error)?;
        let Some((
            columns,
            rows,
            red,
            yellow,
            end,
            rematch,
            next,
            created,
            updated,
            wins,
            names,
            hands,
            [version, moved],
        )) = row
        else {
            return Ok(None);
        };
        let size = Size::new(columns as usize, rows as usize).map_err(|e| e.to_string())?;
        let mut statement = self
            .conn
            .prepare_cached("SELECT number, col FROM moves WHERE game = ?1 ORDER BY number")
            .map_err(db_error)?;
        let moves = statement
            .query_map(params![id.as_str()], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
            })
            .map_err(db_error)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(db_error)?;
        // The numbers run from 0 without a gap: each move's key is its number.
        if moves.iter().enumerate().any(|(i, (n, _))| *n != i as i64) {
            return Err(format!("game {id}: its moves are not numbered 0, 1, 2…"));
        }
        Ok(Some(Stored {
            id: id.clone(),
            size,
            moves: moves.into_iter().map(|(_, c)| c as u8).collect(),
            seats: [hash_of(red), hash_of(yellow)],
            end: end.and_then(|e| serde_json::from_str(&e).ok()),
            rematch: [rematch & 1 != 0, rematch & 2 != 0],
            next: next.and_then(|n| GameId::try_from(n).ok()),
            wins: wins.map(|w| w.clamp(0, u16::MAX.into()) as u16),
            names,
            hands: hands.map(hash_of),
            created: created as u64,
            updated: updated as u64,
            version: version.max(0) as u64,
            moved: moved.max(0) as u64,
        }))
    }

    fn version(&mut self, id: &GameId) -> Result<Option<u64>, String> {
        self.conn
            .prepare_cached("SELECT version FROM games WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row(params![id.as_str()], |r| r.get::<_, i64>(0))
                    .optional()
            })
            .map(|v| v.map(|v| v.max(0) as u64))
            .map_err(db_error)
    }

    fn leases(&mut self, id: &GameId) -> Result<Vec<Lease>, String> {
        let mut statement = self
            .conn
            .prepare_cached(
                "SELECT seat, process, held, left_game, until FROM presence WHERE game = ?1",
            )
            .map_err(db_error)?;
        let rows = statement
            .query_map(params![id.as_str()], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                    r.get::<_, bool>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })
            .map_err(db_error)?;
        let mut leases = Vec::new();
        for row in rows {
            let (seat, process, held, left, until) = row.map_err(db_error)?;
            leases.push(Lease {
                seat: if seat == 0 { Seat::Red } else { Seat::Yellow },
                process,
                held,
                left,
                until: until.max(0) as u64,
            });
        }
        Ok(leases)
    }

    fn begin(&mut self) -> Result<(), String> {
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(db_error)
    }

    fn bump(&mut self, id: &GameId, version: u64, now: u64, moved: bool) -> Result<bool, String> {
        let changed = self
            .conn
            .prepare_cached(
                "UPDATE games SET version = version + 1, updated = ?3,
                   moved = CASE WHEN ?4 THEN ?3 ELSE moved END
                 WHERE id = ?1 AND version = ?2",
            )
            .and_then(|mut s| s.execute(params![id.as_str(), version as i64, now as i64, moved]))
            .map_err(db_error)?;
        Ok(changed == 1)
    }

    fn touch(&mut self, id: &GameId, now: u64) -> Result<(), String> {
        let changed = self
            .conn
            .prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")
            .and_then(|mut s| s.execute(params![id.as_str(), now as i64]))
            .map_err(db_error)?;
        one_row(changed, id.as_str())
    }

    fn notify(&mut self, _notes: &[Note]) -> Result<(), String> {
        Ok(())
    }

    fn shared(&self) -> bool {
        false
    }

    fn renew(&mut self, process: &str, until: u64) -> Result<(), String> {
        self.conn
            .execute(
                "UPDATE presence SET until = ?2 WHERE process = ?1 AND held",
                params![process, until as i64],
            )
            .map(drop)
            .map_err(db_error)
    }

    fn release(&mut self, process: Option<&str>, now: u64) -> Result<(), String> {
        self.conn
            .execute(
                "UPDATE presence SET held = 0,
                   until = CASE WHEN ?1 IS NULL THEN ?2 ELSE MIN(until, ?2) END
                 WHERE (held AND process = ?1) OR ?1 IS NULL",
                params![process, now as i64],
            )
            .map(drop)
            .map_err(db_error)
    }

    fn apply(&mut self, id: &GameId, change: &Change, now: u64) -> Result<(), String> {
        let now = now as i64;
        let c = &self.conn;
        let id = id.as_str();
        let updated = |n: rusqlite::Result<usize>| n.map_err(db_error).and_then(|n| one_row(n, id));
        match change {
            Change::Create(game) => c
                .execute(
                    "INSERT INTO games (id, columns, rows, red, yellow, created, updated,
                       red_wins, yellow_wins, red_name, yellow_name, version, moved)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, 0, ?6)",
                    params![
                        game.id.as_str(),
                        game.size.width() as i64,
                        game.size.height() as i64,
                        game.seats[0].map(Vec::from),
                        game.seats[1].map(Vec::from),
                        now,
                        i64::from(game.wins[0]),
                        i64::from(game.wins[1]),
                        game.names[0],
                        game.names[1]
                    ],
                )
                .map(drop)
                .map_err(db_error),
            Change::Move { number, column } => c
                .prepare_cached("INSERT INTO moves (game, number, col) VALUES (?1, ?2, ?3)")
                .and_then(|mut s| s.execute(params![id, *number as i64, *column as i64]))
                .map(drop)
                .map_err(db_error),
            Change::Presence(lease) => {
                // A player here again: the older word of other processes on the seat
                // (gone, or dead) is of no more use.
                if lease.held {
                    c.prepare_cached(
                        "DELETE FROM presence WHERE game = ?1 AND seat = ?2 AND process <> ?3
                           AND (NOT held OR until < ?4)",
                    )
                    .and_then(|mut s| {
                        s.execute(params![id, lease.seat.index() as i64, lease.process, now])
                    })
                    .map_err(db_error)?;
                }
                c.prepare_cached(
                    "INSERT INTO presence (game, seat, process, held, left_game, until)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT (game, seat, process) DO UPDATE SET held = excluded.held,
                       left_game = excluded.left_game, until = excluded.until",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        id,
                        lease.seat.index() as i64,
                        lease.process,
                        lease.held,
                        lease.left,
                        lease.until as i64
                    ])
                })
                .map(drop)
                .map_err(db_error)
            }
            Change::Seat { seat, hash } => updated(c.execute(
                &format!("UPDATE games SET {} = ?2 WHERE id = ?1", seat_column(*seat)),
                params![id, hash.to_vec()],
            )),
            Change::Name { seat, name } => updated(c.execute(
                &format!(
                    "UPDATE games SET {}_name = ?2 WHERE id = ?1",
                    seat_column(*seat)
                ),
                params![id, name],
            )),
            Change::Hand { seat, hash } => updated(c.execute(
                &format!(
                    "UPDATE games SET {}_hand = ?2 WHERE id = ?1",
                    seat_column(*seat)
                ),
                params![id, hash.map(Vec::from)],
            )),
            Change::End(end) => updated(c.execute(
                "UPDATE games SET end_state = ?2 WHERE id = ?1",
                params![id, end_text(end)],
            )),
            Change::Rematch { asked, next } => updated(c.execute(
                "UPDATE games SET rematch = ?2, next = ?3 WHERE id = ?1",
                params![
                    id,
                    i64::from(asked[0]) | (i64::from(asked[1]) << 1),
                    next.as_ref().map(GameId::as_str)
                ],
            )),
        }
    }

    fn find_seat(&mut self, hash: SecretHash) -> Result<Option<(GameId, Seat)>, String> {
        let found: Option<(String, bool)> = self
            .conn
            .query_row(
                "SELECT id, red = ?1 FROM games WHERE red = ?1 OR yellow = ?1 LIMIT 1",
                params![hash.to_vec()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(db_error)?;
        Ok(found.and_then(|(id, red)| {
            let seat = if red { Seat::Red } else { Seat::Yellow };
            Some((GameId::try_from(id).ok()?, seat))
        }))
    }

    fn check(&mut self) -> Result<(), String> {
        self.conn
            .execute_batch(&format!(
                "BEGIN IMMEDIATE; INSERT OR REPLACE INTO health (id, at) VALUES (1, {});
                 COMMIT;",
                now_ms()
            ))
            .map_err(|e| {
                let _ = self.conn.execute_batch("ROLLBACK");
                db_error(e)
            })
    }

    fn commit(&mut self) -> Result<(), String> {
        self.conn.execute_batch("COMMIT").map_err(db_error)
    }

    fn rollback(&mut self) {
        let _ = self.conn.execute_batch("ROLLBACK");
    }

    fn expire(
        &mut self,
        finished: u64,
        idle: u64,
        keep: &[GameId],
        now: u64,
    ) -> Result<usize, String> {
        let expired: Vec<String> = self
            .conn
            .prepare(
                "SELECT id FROM games
                 WHERE ((end_state IS NOT NULL AND updated < ?1) OR updated < ?2)
                   AND NOT EXISTS (SELECT 1 FROM presence
                     WHERE presence.game = games.id AND held AND until > ?3)",
            )
            .and_then(|mut s| {
                s.query_map(params![finished as i64, idle as i64, now as i64], |r| {
                    r.get(0)
                })?
                .collect()
            })
            .map_err(db_error)?;
        let keep: std::collections::HashSet<&str> = keep.iter().map(GameId::as_str).collect();
        let mut gone = 0;
        for id in expired.iter().filter(|id| !keep.contains(id.as_str())) {
            gone += self
                .conn
                .execute("DELETE FROM games WHERE id = ?1", params![id])
                .map_err(db_error)?;
        }
        Ok(gone)
    }
}

/// What the writer thread is asked.
enum Job {
    Write(Write),
    Expire {
        finished: u64,
        idle: u64,
        keep: Vec<GameId>,
        done: oneshot::Sender<Result<usize, String>>,
    },
    Check {
        done: oneshot::Sender<Result<(), String>>,
    },
    /// This process's leases, let go: it stops.
    Release {
        done: oneshot::Sender<Result<(), String>>,
    },
    /// A word to the other processes that nothing is written for (a reaction).
    Notify(Note),
}

/// What the reader thread is asked.
enum Read {
    Load {
        id: GameId,
        done: oneshot::Sender<Result<Option<Stored>, String>>,
    },
    Leases {
        id: GameId,
        done: oneshot::Sender<Result<Vec<Lease>, String>>,
    },
    Version {
        id: GameId,
        done: oneshot::Sender<Result<Option<u64>, String>>,
    },
    /// This process's leases, renewed (on the reader's connection: the moves' commits do
    /// not wait behind it).
    Renew,
    FindSeat {
        hash: SecretHash,
        done: oneshot::Sender<Result<Option<(GameId, Seat)>, String>>,
    },
}

/// The handles on the writer thread and the reader thread: cheap to clone, one per game
/// task. The last commit's failure, if it failed, is kept for `/healthz`.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
    reads: mpsc::Sender<Read>,
    failure: std::sync::Arc<std::sync::Mutex<Option<String>>>,
    /// This process's name in the leases and notes: random, new at each start.
    process: std::sync::Arc<str>,
    shared: bool,
    /// How long a lease lasts unless renewed, in ms.
    lease_ms: u64,
}

/// The most writes committed in one transaction.
const BATCH: usize = 512;

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A name for this process, from the OS's random source (its PID is no name across
/// machines, nor across restarts).
fn process_name() -> String {
    let mut bytes = [0; 6];
    let _ = getrandom::fill(&mut bytes);
    let mut name = String::with_capacity(12);
    for b in bytes {
        name.push_str(&format!("{b:02x}"));
    }
    name
}

impl Db {
    /// Starts the writer thread on `store` and the reader thread on `reader`. The writer
    /// stops when every handle is dropped, after the writes already asked for; its handle
    /// is returned, to wait for it (or to learn that it died).
    pub fn start(
        mut store: Box<dyn Store>,
        mut reader: Box<dyn Store>,
        lease: std::time::Duration,
    ) -> (Db, std::thread::JoinHandle<()>) {
        let lease_ms = lease.as_millis() as u64;
        let (jobs, queue) = mpsc::channel::<Job>();
        let (reads, read_queue) = mpsc::channel::<Read>();
        let failure = std::sync::Arc::new(std::sync::Mutex::new(None));
        let failed = failure.clone();
        let process: std::sync::Arc<str> = process_name().into();
        let shared = store.shared();
        let me = process.clone();
        let renewer = process.clone();
        let thread = std::thread::spawn(move || {
            let note = |result: &Result<(), String>| {
                if let Ok(mut failure) = failed.lock() {
                    *failure = result.as_ref().err().cloned();
                }
            };
            while let Ok(first) = queue.recv() {
                let mut writes = Vec::new();
                let mut next = Some(first);
                while let Some(job) = next.take() {
                    match job {
                        Job::Write(write) => writes.push(write),
                        Job::Expire {
                            finished,
                            idle,
                            keep,
                            done,
                        } => {
                            commit(&mut *store, &me, std::mem::take(&mut writes), &note);
                            let _ = done.send(store.expire(finished, idle, &keep, now_ms()));
                        }
                        Job::Check { done } => {
                            commit(&mut *store, &me, std::mem::take(&mut writes), &note);
                            let started = std::time::Instant::now();
                            let checked = store.check();
                            crate::obs::metrics()
                                .commit_seconds
                                .observe(started.elapsed().as_secs_f64());
                            note(&checked);
                            let _ = done.send(checked);
                        }
                        Job::Release { done } => {
                            commit(&mut *store, &me, std::mem::take(&mut writes), &note);
                            let _ = done.send(store.release(Some(&me), now_ms()));
                        }
                        Job::Notify(word) => {
                            if let Err(e) = store.notify(&[word]) {
                                tracing::debug!("a note to the other processes: {e}");
                            }
                        }
                    }
                    if writes.len() < BATCH {
                        next = queue.try_recv().ok();
                    }
                }
                commit(&mut *store, &me, writes, &note);
            }
        });
        std::thread::spawn(move || {
            while let Ok(read) = read_queue.recv() {
                match read {
                    Read::Load { id, done } => {
                        let _ = done.send(reader.load(&id));
                    }
                    Read::Leases { id, done } => {
                        let _ = done.send(reader.leases(&id));
                    }
                    Read::Version { id, done } => {
                        let _ = done.send(reader.version(&id));
                    }
                    Read::Renew => {
                        if let Err(e) = reader.renew(&renewer, now_ms() + lease_ms) {
                            tracing::warn!("renewing the players' leases: {e}");
                        }
                    }
                    Read::FindSeat { hash, done } => {
                        let _ = done.send(reader.find_seat(hash));
                    }
                }
            }
        });
        (
            Db {
                jobs,
                reads,
                failure,
                process,
                shared,
                lease_ms,
            },
            thread,
        )
    }

    /// How long a lease lasts unless renewed, in ms.
    pub fn lease_ms(&self) -> u64 {
        self.lease_ms
    }

    /// This process's name in leases and notes.
    pub fn process(&self) -> &str {
        &self.process
    }

    /// Whether other processes may share the database.
    pub fn shared(&self) -> bool {
        self.shared
    }

    /// Hands the writer the job `make` builds around its answer's channel, and waits for
    /// the answer.
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, String>>) -> Job,
    ) -> Result<T, String> {
        let (done, wait) = oneshot::channel();
        self.jobs.send(make(done)).map_err(|_| CLOSED.to_owned())?;
        wait.await.map_err(|_| CLOSED.to_owned())?
    }

    /// Writes `changes` to game `id`, if it is still at `version` (a new game's creation
    /// checks none), and returns once they are committed: `Stale` if another process
    /// changed the game first (nothing written).
    pub async fn write(
        &self,
        id: &GameId,
        version: Option<u64>,
        changes: Vec<Change>,
    ) -> Result<Written, String> {
        let id = id.clone();
        self.ask(|done| {
            Job::Write(Write {
                id,
                version,
                changes,
                done,
            })
        })
        .await
    }

    /// Writes a lease, in turn with the other writes, without waiting for it.
    pub fn write_lease(&self, id: &GameId, lease: Lease) {
        let (done, _) = oneshot::channel();
        let _ = self.jobs.send(Job::Write(Write {
            id: id.clone(),
            version: None,
            changes: vec![Change::Presence(lease)],
            done,
        }));
    }

    /// Renews this process's leases, without waiting (on the reader, which for a store
    /// this process holds alone cannot write: only the other processes read leases, so
    /// `run` renews only a shared store's).
    pub fn renew(&self) {
        let _ = self.reads.send(Read::Renew);
    }

    /// Lets go of this process's leases, after the writes asked for before: it stops, and
    /// its players are away at once rather than when their leases run out.
    pub async fn release(&self) -> Result<(), String> {
        self.ask(|done| Job::Release { done }).await
    }

    /// Tells the other processes `heard` about game `id` (nothing with one process).
    pub fn notify(&self, id: &GameId, heard: Heard) {
        if self.shared {
            let _ = self.jobs.send(Job::Notify(Note {
                process: self.process.to_string(),
                game: id.clone(),
                heard,
            }));
        }
    }

    /// Asks the reader `make`'s question, and waits for its answer.
    async fn read<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, String>>) -> Read,
    ) -> Result<T, String> {
        let (done, wait) = oneshot::channel();
        self.reads.send(make(done)).map_err(|_| CLOSED.to_owned())?;
        wait.await.map_err(|_| CLOSED.to_owned())?
    }

    /// Reads game `id` (on the reader's own connection: never behind the writer).
    pub async fn load(&self, id: &GameId) -> Result<Option<Stored>, String> {
        let id = id.clone();
        self.read(|done| Read::Load { id, done }).await
    }

    /// Reads game `id`'s version (on the reader).
    pub async fn version(&self, id: &GameId) -> Result<Option<u64>, String> {
        let id = id.clone();
        self.read(|done| Read::Version { id, done }).await
    }

    /// Reads the leases on game `id`'s seats (on the reader).
    pub async fn leases(&self, id: &GameId) -> Result<Vec<Lease>, String> {
        let id = id.clone();
        self.read(|done| Read::Leases { id, done }).await
    }

    /// The game and seat held by the secret with this hash, if any (on the reader).
    pub async fn find_seat(&self, hash: SecretHash) -> Result<Option<(GameId, Seat)>, String> {
        self.read(|done| Read::FindSeat { hash, done }).await
    }

    /// Deletes expired games, but those in `keep` (in memory) and those with a player
    /// connected to any process.
    pub async fn expire(
        &self,
        finished: u64,
        idle: u64,
        keep: Vec<GameId>,
    ) -> Result<usize, String> {
        self.ask(|done| Job::Expire {
            finished,
            idle,
            keep,
            done,
        })
        .await
    }

    /// Whether the store can commit now: a small commit of its own, after the writes
    /// waiting. `Err` says why not.
    pub async fn check(&self) -> Result<(), String> {
        self.ask(|done| Job::Check { done }).await
    }

    /// Why the last commit failed, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failure.lock().ok().and_then(|f| f.clone())
    }
}

const CLOSED: &str = "the database is closed";

/// One game's changes, at the version they expect, and who waits for them.
struct Write {
    id: GameId,
    version: Option<u64>,
    changes: Vec<Change>,
    done: oneshot::Sender<Result<Written, String>>,
}

/// Within a transaction: `write`, unless its game moved on (checked first); its note to the
/// other processes, once committed, is added to `notes`.
fn apply(
    store: &mut dyn Store,
    process: &str,
    write: &Write,
    now: u64,
    notes: &mut Vec<Note>,
) -> Result<Written, String> {
    let moved = write
        .changes
        .iter()
        .any(|c| matches!(c, Change::Move { .. }));
    if let Some(version) = write.version {
        if !store.bump(&write.id, version, now, moved)? {
            return Ok(Written::Stale);
        }
    }
    for change in &write.changes {
        store.apply(&write.id, change, now)?;
    }
    // A new game is written with its time; a lease touches its game.
    if write.version.is_none() && !matches!(write.changes.first(), Some(Change::Create(_))) {
        store.touch(&write.id, now)?;
    }
    if store.shared() {
        notes.push(Note::of(process, &write.id, write.version, &write.changes));
    }
    Ok(Written::Committed)
}

/// Tells the other processes what was committed, before the writers hear it: a page sees
/// its move acknowledged only once the others are on their way to see it too. A note that
/// cannot be sent (the database just went away) is missed by the others, who read their
/// games again when they hear the next change to them, or reconnect.
fn tell_others(store: &mut dyn Store, notes: &[Note]) {
    if notes.is_empty() {
        return;
    }
    if let Err(e) = store.notify(notes) {
        tracing::warn!(notes = notes.len(), "telling the other processes: {e}");
    }
}

/// Commits `writes` in one transaction and tells each writer. If the transaction fails,
/// each write is tried alone, so one bad write refuses only itself. `note` hears whether
/// the store could commit. The games are taken in the order of their ids, so that two
/// processes' transactions lock them in the same order (never each waiting for the other).
fn commit(
    store: &mut dyn Store,
    process: &str,
    mut writes: Vec<Write>,
    note: &impl Fn(&Result<(), String>),
) {
    if writes.is_empty() {
        return;
    }
    writes.sort_by(|a, b| a.id.as_str().cmp(b.id.as_str()));
    let now = now_ms();
    let started = std::time::Instant::now();
    let mut notes = Vec::new();
    let together = store.begin().and_then(|()| {
        let mut written = Vec::with_capacity(writes.len());
        for write in &writes {
            written.push(apply(store, process, write, now, &mut notes)?);
        }
        store.commit()?;
        Ok(written)
    });
    crate::obs::metrics()
        .commit_seconds
        .observe(started.elapsed().as_secs_f64());
    match together {
        Ok(written) => {
            note(&Ok(()));
            tell_others(store, &notes);
            for (write, written) in writes.into_iter().zip(written) {
                let _ = write.done.send(Ok(written));
            }
        }
        Err(e) => {
            store.rollback();
            crate::obs::metrics().commit_failures.inc();
            tracing::error!(writes = writes.len(), "a commit failed: {e}");
            for write in writes {
                let mut notes = Vec::new();
                let alone = store.begin().and_then(|()| {
                    let written = apply(store, process, &write, now, &mut notes)?;
                    store.commit()?;
                    Ok(written)
                });
                match alone {
                    Ok(_) => tell_others(store, &notes),
                    Err(_) => store.rollback(),
                }
                note(&alone.as_ref().map(drop).map_err(Clone::clone));
                let _ = write.done.send(alone);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &GameId) -> Stored {
        Stored {
            id: id.clone(),
            size: Size::CLASSIC,
            moves: Vec::new(),
            seats: [Some([1; 32]), None],
            end: None,
            rematch: [false, false],
            next: None,
            wins: [2, 1],
            names: [Some("Ann".into()), None],
            hands: [None, None],
            created: 0,
            updated: 0,
            version: 0,
            moved: 0,
        }
    }

    #[tokio::test]
    async fn what_is_committed_is_read_back_and_a_move_is_stored_once() {
        let dir = tempdir();
        let id = GameId::from_bytes([1, 2, 3, 4, 5, 6, 7, 8]);
        {
            let (db, thread) = start(&dir);
            db.write(&id, None, vec![Change::Create(Box::new(game(&id)))])
                .await
                .unwrap();
            db.write(
                &id,
                None,
                vec![Change::Move {
                    number: 0,
                    column: 3,
                }],
            )
            .await
            .unwrap();
            // The same move number again is refused by the key: never stored twice.
            assert!(db
                .write(
                    &id,
                    None,
                    vec![Change::Move {
                        number: 0,
                        column: 4
                    }]
                )
                .await
                .is_err());
            db.write(
                &id,
                None,
                vec![
                    Change::Move {
                        number: 1,
                        column: 2,
                    },
                    Change::Seat {
                        seat: Seat::Yellow,
                        hash: [2; 32],
                    },
                    Change::Hand {
                        seat: Seat::Yellow,
                        hash: Some([3; 32]),
                    },
                ],
            )
            .await
            .unwrap();
            drop(db);
            thread.join().unwrap();
        }
        let (db, _thread) = start(&dir);
        let back = db.load(&id).await.unwrap().unwrap();
        assert_eq!(back.moves, [3, 2]);
        assert_eq!(back.seats, [Some([1; 32]), Some([2; 32])]);
        assert_eq!(back.end, None);
        assert_eq!(back.wins, [2, 1]);
        assert_eq!(back.names, [Some("Ann".into()), None]);
        assert_eq!(back.hands, [None, Some([3; 32])]);
        let other = GameId::from_bytes([9; 8]);
        assert_eq!(db.load(&other).await.unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A database from before a migration (the first release's tables) is brought up to
    /// date at the start, once; its games read back, with a score of none.
    #[test]
    fn an_older_database_is_migrated_and_its_games_kept() {
        let dir = tempdir();
        let old = Connection::open(dir.join(FILE)).unwrap();
        old.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, columns INTEGER NOT NULL,
               rows INTEGER NOT NULL, red BLOB, yellow BLOB, end_state TEXT,
               rematch INTEGER NOT NULL DEFAULT 0, next TEXT, created INTEGER NOT NULL,
               updated INTEGER NOT NULL);
             INSERT INTO games (id, columns, rows, created, updated)
               VALUES ('0102030405060708', 7, 6, 1, 1);",
        )
        .unwrap();
        drop(old);
        for _ in 0..2 {
            let mut store = Sqlite::open(&dir).unwrap();
            let version: i64 = store
                .conn
                .query_row("PRAGMA user_version", [], |r| r.get(0))
                .unwrap();
            assert_eq!(version, MIGRATIONS.len() as i64);
            let id = GameId::from_bytes([1, 2, 3, 4, 5, 6, 7, 8]);
            let game = store.load(&id).unwrap().unwrap();
            assert_eq!((game.size, game.wins), (Size::CLASSIC, [0, 0]));
            assert_eq!(game.names, [None, None]);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Every commit reaches the disk before it returns (FULL is 2): NORMAL or OFF would
    /// lose acknowledged moves to a power cut, which no SIGKILL test can see.
    #[test]
    fn commits_are_synchronous_in_full() {
        let dir = tempdir();
        let store = Sqlite::open(&dir).unwrap();
        let synchronous: i64 = store
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(synchronous, 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// An update of a game that is not there is an error, not a silent nothing; expiry
    /// keeps the games in memory.
    #[tokio::test]
    async fn an_update_must_change_a_row_and_expiry_keeps_games_in_memory() {
        let dir = tempdir();
        let (db, _thread) = start(&dir);
        let missing = GameId::from_bytes([7; 8]);
        let end = Change::End(End::Resigned { seat: Seat::Red });
        let refused = db.write(&missing, None, vec![end]).await.unwrap_err();
        assert!(refused.contains("not in the database"), "{refused}");
        let (a, b) = (GameId::from_bytes([1; 8]), GameId::from_bytes([2; 8]));
        for id in [&a, &b] {
            db.write(id, None, vec![Change::Create(Box::new(game(id)))])
                .await
                .unwrap();
        }
        // Both are older than the idle cutoff; `a` is in memory.
        let gone = db
            .expire(0, now_ms() + 1_000, vec![a.clone()])
            .await
            .unwrap();
        assert_eq!(gone, 1);
        assert!(db.load(&a).await.unwrap().is_some());
        assert!(db.load(&b).await.unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A change checks the game's version: the first of two made at the same version is
    /// committed, the second is stale and writes nothing; a note says so to the others.
    #[tokio::test]
    async fn a_change_at_an_old_version_is_stale_and_writes_nothing() {
        let dir = tempdir();
        let (db, _thread) = start(&dir);
        let id = GameId::from_bytes([3; 8]);
        db.write(&id, None, vec![Change::Create(Box::new(game(&id)))])
            .await
            .unwrap();
        let play = |column| vec![Change::Move { number: 0, column }];
        assert_eq!(
            db.write(&id, Some(0), play(3)).await,
            Ok(Written::Committed)
        );
        assert_eq!(db.write(&id, Some(0), play(4)).await, Ok(Written::Stale));
        let back = db.load(&id).await.unwrap().unwrap();
        assert_eq!((back.moves, back.version), (vec![3], 1));
        let note = Note::of("p1", &id, Some(0), &play(3));
        assert_eq!(note.to_string(), "p1 0303030303030303 v1m3");
        assert_eq!(note.to_string().parse(), Ok(note));
        for heard in [
            Heard::Presence,
            Heard::React {
                seat: Seat::Yellow,
                reaction: 5,
            },
            Heard::Version {
                version: 12,
                column: None,
            },
        ] {
            let note = Note {
                process: "p2".into(),
                game: id.clone(),
                heard,
            };
            assert_eq!(note.to_string().parse(), Ok(note));
        }
        for bad in [
            "",
            "p1",
            "p1 0303030303030303 x",
            "p1 0303030303030303 r9",
            "p1 zz p",
        ] {
            assert!(bad.parse::<Note>().is_err(), "{bad}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn start(dir: &Path) -> (Db, std::thread::JoinHandle<()>) {
        Db::start(
            Box::new(Sqlite::open(dir).unwrap()),
            Box::new(Sqlite::reader(dir).unwrap()),
            LEASE,
        )
    }

    fn tempdir() -> std::path::PathBuf {
        // One folder a test, though tests run at the same time.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("c4-store-{}-{}-{n}", std::process::id(), now_ms()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
