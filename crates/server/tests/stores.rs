//! One suite, two stores: SQLite in a folder (the default) and PostgreSQL in a throwaway
//! cluster (Debian's, started by the test) give the same answers to the same changes, so
//! the game's logic need not know which it runs on.

mod common;

use common::{data_dir, postgres::Cluster};
use connect_four::engine::Size;
use connect_four::online::{End, GameId, Seat};
use connect_four_server::postgres::Postgres;
use connect_four_server::store::{Change, Lease, Sqlite, Store, Stored};

/// Runs `test` on a fresh store of each kind.
fn each(name: &str, test: impl Fn(&mut dyn Store)) {
    let dir = data_dir(&format!("stores-{name}"));
    let mut sqlite = Sqlite::open(&dir).expect("SQLite");
    test(&mut sqlite);
    let _ = std::fs::remove_dir_all(&dir);
    let cluster = Cluster::start(name);
    let mut postgres = Postgres::connect(&cluster.url()).expect("PostgreSQL");
    test(&mut postgres);
}

fn game(id: &GameId) -> Stored {
    Stored {
        id: id.clone(),
        size: Size::new(8, 7).unwrap(),
        moves: Vec::new(),
        seats: [Some([1; 32]), None],
        end: None,
        rematch: [false, false],
        next: None,
        wins: [2, 1],
        names: [Some("Ann \"A\" é".into()), None],
        hands: [None, None],
        created: 0,
        updated: 0,
        version: 0,
        moved: 0,
    }
}

/// Applies `changes` to game `id` in one transaction (a game's last change `now`),
/// committed if all went.
fn write(store: &mut dyn Store, id: &GameId, changes: &[Change], now: u64) -> Result<(), String> {
    store.begin()?;
    let touched = match changes.first() {
        Some(Change::Create(_)) => Ok(()),
        _ => store.touch(id, now),
    };
    for result in std::iter::once(touched).chain(changes.iter().map(|c| store.apply(id, c, now))) {
        if let Err(e) = result {
            store.rollback();
            return Err(e);
        }
    }
    store.commit()
}

#[test]
fn what_is_committed_is_read_back_whole() {
    each("read-back", |store| {
        let id = GameId::from_bytes([1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(store.load(&id).unwrap(), None);
        write(store, &id, &[Change::Create(Box::new(game(&id)))], 1_000).unwrap();
        let next = GameId::from_bytes([9; 8]);
        let changes = [
            Change::Move {
                number: 0,
                column: 3,
            },
            Change::Move {
                number: 1,
                column: 7,
            },
            Change::Seat {
                seat: Seat::Yellow,
                hash: [2; 32],
            },
            Change::Name {
                seat: Seat::Yellow,
                name: Some("Bo".into()),
            },
            Change::Hand {
                seat: Seat::Red,
                hash: Some([3; 32]),
            },
            Change::End(End::Resigned { seat: Seat::Yellow }),
            Change::Rematch {
                asked: [true, true],
                next: Some(next.clone()),
            },
        ];
        write(store, &id, &changes, 2_000).unwrap();
        let back = store.load(&id).unwrap().unwrap();
        let want = Stored {
            moves: vec![3, 7],
            seats: [Some([1; 32]), Some([2; 32])],
            names: [Some("Ann \"A\" é".into()), Some("Bo".into())],
            hands: [Some([3; 32]), None],
            end: Some(End::Resigned { seat: Seat::Yellow }),
            rematch: [true, true],
            next: Some(next),
            created: 1_000,
            updated: 2_000,
            // Its moves were written without a bump, which times them.
            moved: 1_000,
            ..game(&id)
        };
        assert_eq!(back, want);
        // A hand spent, a name cleared.
        let changes = [
            Change::Hand {
                seat: Seat::Red,
                hash: None,
            },
            Change::Name {
                seat: Seat::Red,
                name: None,
            },
        ];
        write(store, &id, &changes, 3_000).unwrap();
        let back = store.load(&id).unwrap().unwrap();
        assert_eq!((back.hands, back.names[0].clone()), ([None, None], None));
    });
}

#[test]
fn a_move_is_stored_once_and_a_missing_game_changes_nothing() {
    each("once", |store| {
        let id = GameId::from_bytes([1; 8]);
        write(store, &id, &[Change::Create(Box::new(game(&id)))], 1).unwrap();
        let first = Change::Move {
            number: 0,
            column: 2,
        };
        write(store, &id, std::slice::from_ref(&first), 2).unwrap();
        // The same move number again is refused by the key, and the transaction with it.
        let again = [
            Change::Move {
                number: 1,
                column: 4,
            },
            Change::Move {
                number: 0,
                column: 5,
            },
        ];
        assert!(write(store, &id, &again, 3).is_err());
        assert_eq!(
            store.load(&id).unwrap().unwrap().moves,
            [2],
            "nothing of it stayed"
        );
        // The store goes on after the failure.
        write(
            store,
            &id,
            &[Change::Move {
                number: 1,
                column: 4,
            }],
            4,
        )
        .unwrap();
        assert_eq!(store.load(&id).unwrap().unwrap().moves, [2, 4]);
        // A change to a game that is not there fails, and says so.
        let missing = GameId::from_bytes([7; 8]);
        let end = Change::End(End::Played);
        let refused = write(store, &missing, &[end], 5).unwrap_err();
        assert!(refused.contains("not in the database"), "{refused}");
        store.check().unwrap();
    });
}

#[test]
fn a_seat_is_found_by_its_secrets_hash() {
    each("seat", |store| {
        let id = GameId::from_bytes([4; 8]);
        write(store, &id, &[Change::Create(Box::new(game(&id)))], 1).unwrap();
        let yellow = Change::Seat {
            seat: Seat::Yellow,
            hash: [6; 32],
        };
        write(store, &id, &[yellow], 2).unwrap();
        assert_eq!(
            store.find_seat([1; 32]).unwrap(),
            Some((id.clone(), Seat::Red))
        );
        assert_eq!(store.find_seat([6; 32]).unwrap(), Some((id, Seat::Yellow)));
        assert_eq!(store.find_seat([5; 32]).unwrap(), None);
    });
}

#[test]
fn old_games_expire_but_those_in_memory_or_with_a_player_connected() {
    each("expire", |store| {
        let ids: Vec<GameId> = (1..=5).map(|i| GameId::from_bytes([i; 8])).collect();
        for (id, at) in ids.iter().zip([100, 100, 100, 5_000, 100]) {
            write(store, id, &[Change::Create(Box::new(game(id)))], at).unwrap();
        }
        // The first is over: it goes at the finished cutoff; the second and third are idle
        // past the idle cutoff, and the third is in memory; the fourth is recent; the
        // fifth is idle, but a player is connected to another process (a live lease).
        write(store, &ids[0], &[Change::End(End::Played)], 200).unwrap();
        let held = Lease {
            seat: Seat::Red,
            process: "other".into(),
            held: true,
            left: false,
            until: 10_000,
        };
        store.begin().unwrap();
        store
            .apply(&ids[4], &Change::Presence(held.clone()), 100)
            .unwrap();
        // A lease that ran out (its process died) keeps nothing.
        let lapsed = Lease { until: 150, ..held };
        store
            .apply(&ids[1], &Change::Presence(lapsed), 100)
            .unwrap();
        store.commit().unwrap();
        let gone = store.expire(300, 150, &ids[2..3], 9_000).unwrap();
        assert_eq!(gone, 2);
        let left: Vec<bool> = ids
            .iter()
            .map(|id| store.load(id).unwrap().is_some())
            .collect();
        assert_eq!(left, [false, false, true, true, true]);
    });
}

/// A change checks the game's version: of two at the same version, the first moves it on
/// (and times the game's last change and move) and the second finds it moved (and writes
/// nothing).
#[test]
fn a_change_checks_the_games_version() {
    each("version", |store| {
        let id = GameId::from_bytes([6; 8]);
        write(store, &id, &[Change::Create(Box::new(game(&id)))], 1).unwrap();
        assert_eq!(store.load(&id).unwrap().unwrap().version, 0);
        store.begin().unwrap();
        assert!(store.bump(&id, 0, 2, true).unwrap());
        store.commit().unwrap();
        store.begin().unwrap();
        assert!(
            !store.bump(&id, 0, 3, false).unwrap(),
            "the version moved on"
        );
        assert!(!store.bump(&GameId::from_bytes([8; 8]), 0, 3, true).unwrap());
        store.commit().unwrap();
        let back = store.load(&id).unwrap().unwrap();
        assert_eq!((back.version, back.updated, back.moved), (1, 2, 2));
        assert_eq!(store.version(&id).unwrap(), Some(1));
        assert_eq!(store.version(&GameId::from_bytes([8; 8])).unwrap(), None);
    });
}

/// Each process's word on a seat is kept apart, read back whole, renewed only while held;
/// a player here again through one process clears the others' old word.
#[test]
fn leases_are_read_back_and_renewed_while_held() {
    each("leases", |store| {
        let id = GameId::from_bytes([5; 8]);
        write(store, &id, &[Change::Create(Box::new(game(&id)))], 1).unwrap();
        let lease = |seat, process: &str, held, left, until| Lease {
            seat,
            process: process.into(),
            held,
            left,
            until,
        };
        let mut leases = vec![
            lease(Seat::Red, "a", true, false, 100),
            lease(Seat::Yellow, "a", false, true, 50),
            lease(Seat::Red, "b", false, false, 60),
        ];
        let changes: Vec<Change> = leases.iter().cloned().map(Change::Presence).collect();
        write(store, &id, &changes, 40).unwrap();
        let sorted = |mut l: Vec<Lease>| {
            l.sort_by(|a, b| {
                (a.process.clone(), a.seat.index()).cmp(&(b.process.clone(), b.seat.index()))
            });
            l
        };
        // "b" released Red at 60, after "a" took it: a's word stays, b's is kept.
        assert_eq!(sorted(store.leases(&id).unwrap()), sorted(leases.clone()));
        store.begin().unwrap();
        store.renew("a", 500).unwrap();
        store.commit().unwrap();
        leases[0].until = 500;
        assert_eq!(sorted(store.leases(&id).unwrap()), sorted(leases.clone()));
        // Yellow is here again through "c": a's released word on Yellow goes.
        write(
            store,
            &id,
            &[Change::Presence(lease(Seat::Yellow, "c", true, false, 900))],
            70,
        )
        .unwrap();
        leases[1] = lease(Seat::Yellow, "c", true, false, 900);
        assert_eq!(sorted(store.leases(&id).unwrap()), sorted(leases.clone()));
        // "a" stops: its players are away as of now (its lease said 500).
        store.release(Some("a"), 300).unwrap();
        leases[0] = lease(Seat::Red, "a", false, false, 300);
        assert_eq!(sorted(store.leases(&id).unwrap()), sorted(leases.clone()));
        // At a start with the store alone, every lease is let go, as of the start.
        store.release(None, 800).unwrap();
        leases[0] = lease(Seat::Red, "a", false, false, 800);
        leases[1] = lease(Seat::Yellow, "c", false, false, 800);
        leases[2] = lease(Seat::Red, "b", false, false, 800);
        assert_eq!(sorted(store.leases(&id).unwrap()), sorted(leases));
    });
}

/// PostgreSQL's tables are made once, whoever connects first; a database newer than the
/// server is refused with why.
#[test]
fn postgres_tables_are_made_once_and_a_newer_database_is_refused() {
    let cluster = Cluster::start("schema");
    let mut first = Postgres::connect(&cluster.url()).unwrap();
    let id = GameId::from_bytes([3; 8]);
    write(&mut first, &id, &[Change::Create(Box::new(game(&id)))], 1).unwrap();
    let mut second = Postgres::connect(&cluster.url()).unwrap();
    assert_eq!(second.games().unwrap(), 1, "the same tables, kept");
    let mut admin = postgres::Client::connect(&cluster.url(), postgres::NoTls).unwrap();
    admin
        .batch_execute("UPDATE schema SET version = 99")
        .unwrap();
    let refused = Postgres::connect(&cluster.url()).err().unwrap();
    assert!(refused.contains("newer than this server's"), "{refused}");
}

/// A server on a throwaway PostgreSQL database, and a game on it with Red's first move
/// played (column 4).
struct OnPostgres {
    cluster: Cluster,
    log: std::path::PathBuf,
    server: common::Server,
    red: common::Client,
    yellow: common::Client,
    game: GameId,
    secrets: [connect_four::online::Secret; 2],
}

impl OnPostgres {
    async fn start(name: &str) -> OnPostgres {
        use common::Client;
        // (Its client is synchronous: the cluster is made off the test's runtime.)
        let named = name.to_owned();
        let cluster = std::thread::spawn(move || Cluster::start(&named))
            .join()
            .unwrap();
        let log = data_dir(&format!("postgres-{name}"));
        let server = OnPostgres::spawn(&cluster, &log);
        let mut red = Client::connect(&server).await;
        let (game, red_secret) = red.create(7, 6, "red").await;
        let mut yellow = Client::connect(&server).await;
        yellow.join(&game).await;
        let (_, seat, yellow_secret) = yellow.seated().await;
        assert_eq!(seat, Seat::Yellow);
        red.play(&game, 0, 3).await;
        assert_eq!(red.state_with("4").await.moves, "4");
        OnPostgres {
            cluster,
            log,
            server,
            red,
            yellow,
            game,
            secrets: [red_secret, yellow_secret],
        }
    }

    /// A server process on the cluster's database.
    fn spawn(cluster: &Cluster, log: &std::path::Path) -> common::Server {
        cluster.server(log, "127.0.0.1:0", &[])
    }
}

/// The server on PostgreSQL (`--database-url`): a game played through it is there after
/// the process is killed.
#[tokio::test]
async fn the_server_keeps_its_games_in_postgres_through_a_kill() {
    use common::Client;
    let on = OnPostgres::start("server").await;
    drop((on.red, on.yellow));
    assert!(!on.server.stop("KILL").success());
    let server = OnPostgres::spawn(&on.cluster, &on.log);
    let mut red = Client::connect(&server).await;
    red.resume(&on.game, &on.secrets[0]).await;
    let state = red.state_of(&on.game).await;
    assert_eq!(
        (state.moves.as_str(), state.you),
        ("4", connect_four::online::Role::Red)
    );
    drop(red);
    assert!(server.stop("TERM").success());
    let _ = std::fs::remove_file(on.log.with_extension("log"));
}

/// A database that cannot be reached stops the start, with why, and without repeating its
/// address (it may hold a password).
#[test]
fn an_unreachable_database_stops_the_start_without_its_password() {
    let url = "postgres://games:s3cret@127.0.0.1:1/games";
    let (status, said) = common::refuses_to_start(&["--database-url", url, "--no-site"]);
    assert!(!status.success());
    assert!(said.contains("--database-url"), "{said}");
    assert!(!said.contains("s3cret"), "{said}");
}

/// The database goes away (stopped as a crash would): `/healthz` says 503 and a move is not
/// acknowledged; when it is back, the server connects again by itself, and the move,
/// sent again, is played once.
#[tokio::test]
async fn a_database_gone_and_back_is_found_again() {
    use common::{request, Client};
    let OnPostgres {
        cluster,
        log,
        server,
        red: _first_red,
        mut yellow,
        game,
        secrets: [red_secret, yellow_secret],
    } = OnPostgres::start("away").await;
    assert_eq!(request(&server.addr, "/healthz", &[]).status, 200);
    // /healthz checks again at most once a second: it is asked until it answers.
    let health_is = |status: u16| {
        let addr = server.addr.clone();
        async move {
            for _ in 0..300 {
                if request(&addr, "/healthz", &[]).status == status {
                    return true;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            false
        }
    };
    // A second process on the same database, which has not loaded the game.
    let second_log = data_dir("postgres-away-second");
    let second = OnPostgres::spawn(&cluster, &second_log);
    cluster.pause();
    assert!(
        health_is(503).await,
        "the server says the games cannot be saved"
    );
    // A page that resumes there cannot be answered: refused as restarting, and let go, so
    // that it comes back with its backoff (not left open in no game).
    let mut elsewhere = Client::connect(&second).await;
    elsewhere.resume(&game, &red_secret).await;
    assert_eq!(
        elsewhere.refused().await,
        connect_four::online::Refusal::Restarting
    );
    assert!(elsewhere.drained().await, "the page is let go");
    // Yellow's move cannot be saved: refused, and the page is let go to come back.
    yellow.play(&game, 1, 3).await;
    assert_eq!(
        yellow.refused().await,
        connect_four::online::Refusal::Restarting
    );
    cluster.resume();
    assert!(health_is(200).await, "the server found the database again");
    let mut red = Client::connect(&server).await;
    red.resume(&game, &red_secret).await;
    assert_eq!(
        red.state_of(&game).await.moves,
        "4",
        "nothing unacknowledged kept"
    );
    let mut yellow = Client::connect(&server).await;
    yellow.resume(&game, &yellow_secret).await;
    yellow.state_of(&game).await;
    yellow.play(&game, 1, 3).await;
    assert_eq!(red.state_with("44").await.moves, "44");
    // The second process serves the game too, once the database is back.
    let mut watcher = Client::connect(&second).await;
    watcher.join(&game).await;
    assert_eq!(watcher.state_of(&game).await.moves, "44");
    drop((red, yellow, watcher));
    assert!(server.stop("TERM").success());
    assert!(second.stop("TERM").success());
    let _ = std::fs::remove_file(log.with_extension("log"));
}
