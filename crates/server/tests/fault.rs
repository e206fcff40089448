//! The server killed with SIGKILL in the middle of games, at random moments, many times:
//! after each restart on the same database, every move a page saw acknowledged is there,
//! in its place, and no move is there twice.

mod common;

use common::{data_dir, Client, Random, Server};
use connect_four::engine::{Position, Size};
use connect_four::online::{GameId, Secret, ToPage};
use std::time::Duration;

/// Rounds of kill and restart, and the games played through them.
const ROUNDS: usize = 25;
const GAMES: usize = 6;

struct Played {
    game: GameId,
    secrets: [Secret; 2],
    /// The moves acknowledged to the player who made them.
    acknowledged: String,
}

/// Plays random moves in `played` until the connection drops (the server was killed) or
/// the game ends; records each move acknowledged to its mover.
async fn play_on(server_addr: String, played: &mut Played, seed: u64) {
    let mut random = Random(seed | 1);
    let Ok(mut red) = Client::try_connect(&server_addr).await else {
        return;
    };
    let Ok(mut yellow) = Client::try_connect(&server_addr).await else {
        return;
    };
    for (client, secret) in [
        (&mut red, &played.secrets[0]),
        (&mut yellow, &played.secrets[1]),
    ] {
        if client.try_resume(&played.game, secret).await.is_none() {
            return;
        }
    }
    let size = Size::CLASSIC;
    loop {
        let Ok(position) = Position::from_moves_on(size, &played.acknowledged) else {
            return;
        };
        if position.is_over() {
            return;
        }
        let open: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
        let column = open[random.below(open.len() as u64) as usize];
        let number = position.move_count();
        let (mover, other) = if number % 2 == 0 {
            (&mut red, &mut yellow)
        } else {
            (&mut yellow, &mut red)
        };
        if mover.try_play(&played.game, number, column).await.is_none() {
            return;
        }
        let wanted = format!("{}{}", played.acknowledged, column + 1);
        // The mover's acknowledgement (the game with its move in it), then the other's view.
        for (i, client) in [mover, other].into_iter().enumerate() {
            loop {
                match client.try_recv().await {
                    Some(ToPage::State(state)) if state.moves == wanted => break,
                    Some(_) => continue,
                    None => return,
                }
            }
            if i == 0 {
                played.acknowledged = wanted.clone();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_to_sigkill() {
    let data = data_dir("fault");
    let mut random = Random(0x5eed_c4c4);
    let mut server = Server::start(&data, &["--games-per-minute", "1000"]);
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let mut red = Client::connect(&server).await;
        let (game, red_secret) = red.create(7, 6, "red").await;
        let mut yellow = Client::connect(&server).await;
        yellow.join(&game).await;
        let (_, _, yellow_secret) = yellow.seated().await;
        games.push(Played {
            game,
            secrets: [red_secret, yellow_secret],
            acknowledged: String::new(),
        });
    }
    let mut kills = 0;
    let mut checked = 0;
    for round in 0..ROUNDS {
        // Play every game at once, and kill the server at a random moment.
        let addr = server.addr.clone();
        let mut tasks = Vec::new();
        for (i, mut played) in games.drain(..).enumerate() {
            let addr = addr.clone();
            let seed = (round * GAMES + i) as u64 + 1;
            tasks.push(tokio::spawn(async move {
                play_on(addr, &mut played, seed).await;
                played
            }));
        }
        tokio::time::sleep(Duration::from_millis(20 + random.below(300))).await;
        server.stop("KILL");
        kills += 1;
        for task in tasks {
            games.push(task.await.unwrap());
        }
        server = Server::start(&data, &["--games-per-minute", "1000"]);
        // Every acknowledged move is there, in its place; at most the one move in flight
        // when the server died is there beyond them (committed, its answer lost).
        for played in &mut games {
            let mut watcher = Client::connect(&server).await;
            watcher.join(&played.game).await;
            let stored = watcher.state_of(&played.game).await.moves;
            assert!(
                stored.starts_with(&played.acknowledged),
                "game {}: stored {stored:?}, acknowledged {:?}",
                played.game,
                played.acknowledged
            );
            assert!(stored.len() <= played.acknowledged.len() + 1, "{stored:?}");
            assert!(
                Position::from_moves(&stored).is_ok(),
                "a legal game: {stored:?}"
            );
            played.acknowledged = stored;
            checked += 1;
        }
    }
    let moves: usize = games.iter().map(|g| g.acknowledged.len()).sum();
    println!("{kills} kills, {checked} games checked after them, {moves} moves stored");
    assert!(moves > GAMES, "the games got played: {moves} moves");
}
