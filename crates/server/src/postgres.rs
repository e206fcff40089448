//! PostgreSQL behind the [`Store`] trait: the same games, changes and answers as the SQLite
//! store (the conformance tests in `tests/stores.rs` run one suite against both), for
//! `--database-url`, which several server processes may share: the database orders their
//! changes ([`Store::bump`]) and carries their notes (`NOTIFY`, [`listen`]). Its
//! synchronous client runs on the store's own thread, as SQLite's does; its
//! tables are made and brought up to date when it connects ([`MIGRATIONS`], under an
//! advisory lock, so that two processes starting together apply each once).

use crate::store::{
    end_text, hash_of, one_row, seat_column, Change, Lease, Note, SecretHash, Store, Stored,
};
use connect_four::engine::Size;
use connect_four::online::{GameId, Seat};
use postgres::{Client, NoTls};

/// The tables, step by step: a database has had the first `schema.version` of them.
pub const MIGRATIONS: &[&str] = &[
    // 1: the games, as SQLite's after its migrations 1 to 3.
    "CREATE TABLE health (id BIGINT PRIMARY KEY, at BIGINT NOT NULL);
     CREATE TABLE games (
       id TEXT PRIMARY KEY,
       columns BIGINT NOT NULL,
       rows BIGINT NOT NULL,
       red BYTEA,
       yellow BYTEA,
       end_state TEXT,
       rematch BIGINT NOT NULL DEFAULT 0,
       next TEXT,
       created BIGINT NOT NULL,
       updated BIGINT NOT NULL,
       red_wins BIGINT NOT NULL DEFAULT 0,
       yellow_wins BIGINT NOT NULL DEFAULT 0,
       red_name TEXT,
       yellow_name TEXT,
       red_hand BYTEA,
       yellow_hand BYTEA
     );
     CREATE TABLE moves (
       game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
       number BIGINT NOT NULL,
       col BIGINT NOT NULL,
       PRIMARY KEY (game, number)
     );
     CREATE INDEX games_updated ON games(updated);
     CREATE INDEX games_red ON games(red);
     CREATE INDEX games_yellow ON games(yellow);",
    // 2: each change checks the game's version; the last move's time; the players'
    // leases (issue 58).
    "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN moved BIGINT NOT NULL DEFAULT 0;
     CREATE TABLE presence (
       game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
       seat BIGINT NOT NULL,
       process TEXT NOT NULL,
       held BOOLEAN NOT NULL,
       left_game BOOLEAN NOT NULL,
       until BIGINT NOT NULL,
       PRIMARY KEY (game, seat, process)
     );
     CREATE INDEX presence_process ON presence(process);",
];

/// The channel of the processes' notes ([`crate::store::Note`]).
pub const CHANNEL: &str = "connect_four";

/// The advisory lock's key under which the tables are made and migrated.
const MIGRATING: i64 = 0x0c4_5eed;
/// The advisory lock's key under which one process at a time deletes expired games.
const EXPIRING: i64 = 0x0c4_e4e1;

pub struct Postgres {
    client: Client,
    url: String,
    /// The statements prepared on this connection, by their text: each is parsed and
    /// planned once, not at every use.
    statements: std::collections::HashMap<String, postgres::Statement>,
}

type Params<'a> = &'a [&'a (dyn postgres::types::ToSql + Sync)];

fn db_error(e: postgres::Error) -> String {
    // The server's own words ("duplicate key value violates…"), not only "db error".
    match (e.as_db_error(), std::error::Error::source(&e)) {
        (Some(db), _) => format!("{}: {}", db.severity(), db.message()),
        // "error connecting to server: Connection refused (os error 111)".
        (None, Some(cause)) => format!("{e}: {cause}"),
        (None, None) => e.to_string(),
    }
}

impl Postgres {
    /// Connects to the database at `url` (`postgres://user@host:port/name`), and brings
    /// its tables up to date.
    pub fn connect(url: &str) -> Result<Postgres, String> {
        // The address is not repeated: it may hold a password.
        let mut store = Postgres {
            client: open(url)?,
            url: url.to_owned(),
            statements: std::collections::HashMap::new(),
        };
        store.migrate()?;
        store.check()?;
        Ok(store)
    }

    fn migrate(&mut self) -> Result<(), String> {
        let mut t = self.client.transaction().map_err(db_error)?;
        t.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATING])
            .map_err(db_error)?;
        t.batch_execute("CREATE TABLE IF NOT EXISTS schema (version BIGINT NOT NULL)")
            .map_err(db_error)?;
        let done: Option<i64> = t
            .query_opt("SELECT version FROM schema", &[])
            .map_err(db_error)?
            .map(|row| row.get(0));
        if done.is_none() {
            t.execute("INSERT INTO schema (version) VALUES (0)", &[])
                .map_err(db_error)?;
        }
        let done = done.unwrap_or(0).max(0) as usize;
        if done > MIGRATIONS.len() {
            return Err(format!(
                "the database's tables are version {done}, newer than this server's {}",
                MIGRATIONS.len()
            ));
        }
        for (i, migration) in MIGRATIONS.iter().enumerate().skip(done) {
            t.batch_execute(migration).map_err(db_error)?;
            t.execute("UPDATE schema SET version = $1", &[&(i as i64 + 1)])
                .map_err(db_error)?;
        }
        t.commit().map_err(db_error)
    }

    /// How many games the database holds.
    pub fn games(&mut self) -> Result<u64, String> {
        let row = self
            .client
            .query_one("SELECT count(*) FROM games", &[])
            .map_err(db_error)?;
        Ok(row.get::<_, i64>(0) as u64)
    }
}

/// A connection to the database at `url` (the address is not repeated in an error: it may
/// hold a password).
fn open(url: &str) -> Result<Client, String> {
    let mut client =
        Client::connect(url, NoTls).map_err(|e| format!("--database-url: {}", db_error(e)))?;
    // PostgreSQL's notices ("relation … already exists, skipping") are not the log's news.
    client
        .batch_execute("SET client_min_messages TO WARNING")
        .map_err(|e| format!("--database-url: {}", db_error(e)))?;
    Ok(client)
}

impl Postgres {
    /// The connection, made again if it was lost (the database restarted, or cut it): only
    /// where nothing is under way, before a transaction or a read, never inside one (a
    /// commit on a new connection would commit nothing, and say it did).
    fn fresh(&mut self) -> Result<&mut Client, String> {
        if self.client.is_closed() {
            self.client = open(&self.url)?;
            self.statements.clear();
            tracing::info!("connected to the database again");
        }
        Ok(&mut self.client)
    }
}

impl Postgres {
    /// `sql`, prepared on this connection once.
    fn prepared(&mut self, sql: &str) -> Result<postgres::Statement, String> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql).map_err(db_error)?;
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    /// Runs `sql` (prepared once) with `params`: how many rows it changed.
    fn exec(&mut self, sql: &str, params: Params) -> Result<u64, String> {
        let statement = self.prepared(sql)?;
        self.client.execute(&statement, params).map_err(db_error)
    }

    /// The rows `sql` (prepared once) reads with `params`.
    fn rows(&mut self, sql: &str, params: Params) -> Result<Vec<postgres::Row>, String> {
        let statement = self.prepared(sql)?;
        self.client.query(&statement, params).map_err(db_error)
    }
}

impl Postgres {
    /// `read`, made again on a new connection if the connection was found lost (the
    /// database restarted, or cut it): a read may be, where a transaction may not.
    fn read_again<T>(
        &mut self,
        read: impl Fn(&mut Self) -> Result<T, String>,
    ) -> Result<T, String> {
        match read(self) {
            Err(_) if self.client.is_closed() => {
                self.fresh()?;
                read(self)
            }
            other => other,
        }
    }

    fn load_now(&mut self, id: &GameId) -> Result<Option<Stored>, String> {
        self.fresh()?;
        let Some(row) = self
            .rows(
                "SELECT columns, rows, red, yellow, end_state, rematch, next, created, updated,
                   red_wins, yellow_wins, red_name, yellow_name, red_hand, yellow_hand,
                   version, moved
                 FROM games WHERE id = $1",
                &[&id.as_str()],
            )?
            .pop()
        else {
            return Ok(None);
        };
        let size = Size::new(row.get::<_, i64>(0) as usize, row.get::<_, i64>(1) as usize)
            .map_err(|e| e.to_string())?;
        let moves = self.rows(
            "SELECT number, col FROM moves WHERE game = $1 ORDER BY number",
            &[&id.as_str()],
        )?;
        let mut columns = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            // The numbers run from 0 without a gap: each move's key is its number.
            if m.get::<_, i64>(0) != i as i64 {
                return Err(format!("game {id}: its moves are not numbered 0, 1, 2…"));
            }
            columns.push(m.get::<_, i64>(1) as u8);
        }
        let rematch: i64 = row.get(5);
        let wins = |i: usize| row.get::<_, i64>(i).clamp(0, u16::MAX.into()) as u16;
        Ok(Some(Stored {
            id: id.clone(),
            size,
            moves: columns,
            seats: [hash_of(row.get(2)), hash_of(row.get(3))],
            end: row
                .get::<_, Option<String>>(4)
                .and_then(|e| serde_json::from_str(&e).ok()),
            rematch: [rematch & 1 != 0, rematch & 2 != 0],
            next: row
                .get::<_, Option<String>>(6)
                .and_then(|n| GameId::try_from(n).ok()),
            wins: [wins(9), wins(10)],
            names: [row.get(11), row.get(12)],
            hands: [hash_of(row.get(13)), hash_of(row.get(14))],
            created: row.get::<_, i64>(7) as u64,
            updated: row.get::<_, i64>(8) as u64,
            version: row.get::<_, i64>(15).max(0) as u64,
            moved: row.get::<_, i64>(16).max(0) as u64,
        }))
    }

    fn leases_now(&mut self, id: &GameId) -> Result<Vec<Lease>, String> {
        self.fresh()?;
        let rows = self.rows(
            "SELECT seat, process, held, left_game, until FROM presence WHERE game = $1",
            &[&id.as_str()],
        )?;
        Ok(rows
            .iter()
            .map(|row| Lease {
                seat: if row.get::<_, i64>(0) == 0 {
                    Seat::Red
                } else {
                    Seat::Yellow
                },
                process: row.get(1),
                held: row.get(2),
                left: row.get(3),
                until: row.get::<_, i64>(4).max(0) as u64,
            })
            .collect())
    }

    fn find_seat_now(&mut self, hash: SecretHash) -> Result<Option<(GameId, Seat)>, String> {
        let row = self
            .fresh()?
            .query_opt(
                "SELECT id, red = $1 FROM games WHERE red = $1 OR yellow = $1 LIMIT 1",
                &[&hash.to_vec()],
            )
            .map_err(db_error)?;
        Ok(row.and_then(|row| {
            let seat = match row.get::<_, Option<bool>>(1) {
                Some(true) => Seat::Red,
                _ => Seat::Yellow,
            };
            Some((GameId::try_from(row.get::<_, String>(0)).ok()?, seat))
        }))
    }
}

impl Store for Postgres {
    fn load(&mut self, id: &GameId) -> Result<Option<Stored>, String> {
        self.read_again(|s| s.load_now(id))
    }

    fn leases(&mut self, id: &GameId) -> Result<Vec<Lease>, String> {
        self.read_again(|s| s.leases_now(id))
    }

    fn version(&mut self, id: &GameId) -> Result<Option<u64>, String> {
        self.read_again(|s| {
            s.fresh()?;
            let rows = s.rows("SELECT version FROM games WHERE id = $1", &[&id.as_str()])?;
            Ok(rows.first().map(|r| r.get::<_, i64>(0).max(0) as u64))
        })
    }

    fn find_seat(&mut self, hash: SecretHash) -> Result<Option<(GameId, Seat)>, String> {
        self.read_again(|s| s.find_seat_now(hash))
    }

    fn begin(&mut self) -> Result<(), String> {
        self.fresh()?.batch_execute("BEGIN").map_err(db_error)
    }

    fn bump(&mut self, id: &GameId, version: u64, now: u64, moved: bool) -> Result<bool, String> {
        // Read committed: of two transactions on one game, the second waits for the
        // first's row lock, then finds the version moved on.
        let changed = self.exec(
            "UPDATE games SET version = version + 1, updated = $3,
               moved = CASE WHEN $4 THEN $3 ELSE moved END
             WHERE id = $1 AND version = $2",
            &[&id.as_str(), &(version as i64), &(now as i64), &moved],
        )?;
        Ok(changed == 1)
    }

    fn touch(&mut self, id: &GameId, now: u64) -> Result<(), String> {
        let changed = self.exec(
            "UPDATE games SET updated = $2 WHERE id = $1",
            &[&id.as_str(), &(now as i64)],
        )?;
        one_row(changed as usize, id.as_str())
    }

    fn notify(&mut self, notes: &[Note]) -> Result<(), String> {
        // One statement for the batch's notes, in a transaction of its own that writes
        // nothing to the disk.
        let notes: Vec<String> = notes.iter().map(Note::to_string).collect();
        self.exec(
            "SELECT count(pg_notify($1, note)) FROM unnest($2::TEXT[]) AS note",
            &[&CHANNEL, &notes],
        )
        .map(drop)
    }

    fn shared(&self) -> bool {
        true
    }

    fn release(&mut self, process: Option<&str>, now: u64) -> Result<(), String> {
        let mut t = self.fresh()?.transaction().map_err(db_error)?;
        let games = t
            .query(
                "UPDATE presence SET held = false,
                   until = CASE WHEN $1::TEXT IS NULL THEN $2 ELSE LEAST(until, $2) END
                 WHERE (held AND process = $1) OR $1::TEXT IS NULL RETURNING game",
                &[&process, &(now as i64)],
            )
            .map_err(db_error)?;
        // The games' other processes hear it: their players see this one's away now.
        for row in games {
            let Ok(game) = GameId::try_from(row.get::<_, String>(0)) else {
                continue;
            };
            let note = Note {
                process: process.unwrap_or_default().to_owned(),
                game,
                heard: crate::store::Heard::Presence,
            };
            t.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &note.to_string()])
                .map_err(db_error)?;
        }
        t.commit().map_err(db_error)
    }

    fn renew(&mut self, process: &str, until: u64) -> Result<(), String> {
        self.fresh()?;
        self.exec(
            "UPDATE presence SET until = $2 WHERE process = $1 AND held",
            &[&process, &(until as i64)],
        )
        .map(drop)
    }

    fn apply(&mut self, id: &GameId, change: &Change, now: u64) -> Result<(), String> {
        let now = now as i64;
        let id = id.as_str();
        let updated = |n: Result<u64, String>| n.and_then(|n| one_row(n as usize, id));
        match change {
            Change::Create(game) => self
                .exec(
                    "INSERT INTO games (id, columns, rows, red, yellow, created, updated,
                       red_wins, yellow_wins, red_name, yellow_name, version, moved)
                     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, 0, $6)",
                    &[
                        &game.id.as_str(),
                        &(game.size.width() as i64),
                        &(game.size.height() as i64),
                        &game.seats[0].map(Vec::from),
                        &game.seats[1].map(Vec::from),
                        &now,
                        &i64::from(game.wins[0]),
                        &i64::from(game.wins[1]),
                        &game.names[0],
                        &game.names[1],
                    ],
                )
                .map(drop),
            Change::Move { number, column } => self
                .exec(
                    "INSERT INTO moves (game, number, col) VALUES ($1, $2, $3)",
                    &[&id, &i64::from(*number), &i64::from(*column)],
                )
                .map(drop),
            Change::Presence(lease) => {
                let seat = lease.seat.index() as i64;
                // A player here again: the older word of other processes on the seat
                // (gone, or dead) is of no more use.
                if lease.held {
                    self.exec(
                        "DELETE FROM presence WHERE game = $1 AND seat = $2 AND process <> $3
                           AND (NOT held OR until < $4)",
                        &[&id, &seat, &lease.process, &now],
                    )?;
                }
                self.exec(
                    "INSERT INTO presence (game, seat, process, held, left_game, until)
                     VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (game, seat, process) DO UPDATE SET held = excluded.held,
                       left_game = excluded.left_game, until = excluded.until",
                    &[
                        &id,
                        &seat,
                        &lease.process,
                        &lease.held,
                        &lease.left,
                        &(lease.until as i64),
                    ],
                )
                .map(drop)
            }
            Change::Seat { seat, hash } => updated(self.exec(
                &format!("UPDATE games SET {} = $2 WHERE id = $1", seat_column(*seat)),
                &[&id, &hash.to_vec()],
            )),
            Change::Name { seat, name } => updated(self.exec(
                &format!(
                    "UPDATE games SET {}_name = $2 WHERE id = $1",
                    seat_column(*seat)
                ),
                &[&id, name],
            )),
            Change::Hand { seat, hash } => updated(self.exec(
                &format!(
                    "UPDATE games SET {}_hand = $2 WHERE id = $1",
                    seat_column(*seat)
                ),
                &[&id, &hash.map(Vec::from)],
            )),
            Change::End(end) => updated(self.exec(
                "UPDATE games SET end_state = $2 WHERE id = $1",
                &[&id, &end_text(end)],
            )),
            Change::Rematch { asked, next } => updated(self.exec(
                "UPDATE games SET rematch = $2, next = $3 WHERE id = $1",
                &[
                    &id,
                    &(i64::from(asked[0]) | (i64::from(asked[1]) << 1)),
                    &next.as_ref().map(GameId::as_str),
                ],
            )),
        }
    }

    fn commit(&mut self) -> Result<(), String> {
        self.client.batch_execute("COMMIT").map_err(db_error)
    }

    fn rollback(&mut self) {
        let _ = self.client.batch_execute("ROLLBACK");
    }

    fn expire(
        &mut self,
        finished: u64,
        idle: u64,
        keep: &[GameId],
        now: u64,
    ) -> Result<usize, String> {
        let keep: Vec<&str> = keep.iter().map(GameId::as_str).collect();
        let mut t = self.fresh()?.transaction().map_err(db_error)?;
        // One process at a time: the others find the lock taken, and leave it to it.
        let mine: bool = t
            .query_one("SELECT pg_try_advisory_xact_lock($1)", &[&EXPIRING])
            .map_err(db_error)?
            .get(0);
        if !mine {
            return Ok(0);
        }
        let gone = t
            .execute(
                "DELETE FROM games
                 WHERE ((end_state IS NOT NULL AND updated < $1) OR updated < $2)
                   AND NOT (id = ANY($3))
                   AND NOT EXISTS (SELECT 1 FROM presence
                     WHERE presence.game = games.id AND held AND until > $4)",
                &[&(finished as i64), &(idle as i64), &keep, &(now as i64)],
            )
            .map_err(db_error)?;
        t.commit().map_err(db_error)?;
        Ok(gone as usize)
    }

    fn check(&mut self) -> Result<(), String> {
        self.fresh()?
            .execute(
                "INSERT INTO health (id, at) VALUES (1, $1)
                 ON CONFLICT (id) DO UPDATE SET at = excluded.at",
                &[&(crate::store::now_ms() as i64)],
            )
            .map(drop)
            .map_err(db_error)
    }
}

/// Hears the other processes' notes ([`Note`]) on a connection of its own (`LISTEN`), and
/// hands each to `heard`, until `stop`. A lost connection is made again, once a second:
/// the notes sent meanwhile are lost, so `missed` is called once it listens again (the
/// games in memory are read again).
pub fn listen(
    url: String,
    me: std::sync::Arc<str>,
    heard: impl Fn(Note) + Send + 'static,
    missed: impl Fn() + Send + 'static,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<()> {
    use postgres::fallible_iterator::FallibleIterator;
    let stopped = move || stop.load(std::sync::atomic::Ordering::SeqCst);
    std::thread::spawn(move || {
        let mut first = true;
        let mut said = false;
        while !stopped() {
            let listening = open(&url).and_then(|mut client| {
                client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .map_err(db_error)?;
                Ok(client)
            });
            let mut client = match listening {
                Ok(client) => client,
                Err(e) => {
                    if !said {
                        tracing::warn!("not hearing the other processes: {e}");
                        said = true;
                    }
                    std::thread::sleep(std::time::Duration::from_secs(1));
                    continue;
                }
            };
            if !first {
                tracing::info!("hearing the other processes again: reading the games again");
                missed();
            }
            first = false;
            said = false;
            while !stopped() {
                let next = client
                    .notifications()
                    .timeout_iter(std::time::Duration::from_millis(500))
                    .next();
                match next {
                    Ok(Some(notification)) => match notification.payload().parse::<Note>() {
                        Ok(note) if *note.process != *me => heard(note),
                        Ok(_) => {}
                        Err(e) => tracing::debug!("{e}"),
                    },
                    Ok(None) if !client.is_closed() => {}
                    Ok(None) | Err(_) => break,
                }
            }
        }
    })
}
