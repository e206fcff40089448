//! The JS-facing API in a real browser: `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use connect_four::web::game::Game;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

fn board_of(game: &Game) -> Vec<Vec<u8>> {
    serde_wasm_bindgen::from_value(game.board()).unwrap()
}

/// The JS message of an error returned through the boundary.
fn message(err: impl Into<JsValue>) -> String {
    let value: JsValue = err.into();
    let error: js_sys::Error = value.dyn_into().expect("a JS Error");
    String::from(error.message())
}

fn snapshot(game: &Game) -> (Vec<Vec<u8>>, String, String, u8, JsValue) {
    (
        board_of(game),
        game.status(),
        game.moves(),
        game.current_player(),
        game.winner(),
    )
}

#[wasm_bindgen_test]
fn new_game_is_empty() {
    let game = Game::new(None).unwrap();
    let board = board_of(&game);
    assert_eq!(board.len(), 6);
    assert!(board
        .iter()
        .all(|row| row.len() == 7 && row.iter().all(|&c| c == 0)));
    assert_eq!(game.status(), "in-progress");
    assert!(game.winner().is_null());
    assert_eq!(game.current_player(), 1);
    assert_eq!(game.moves(), "");
    assert_eq!(Array::from(&game.win_line()).length(), 0);
    let legal: Vec<u8> = serde_wasm_bindgen::from_value(game.legal_columns()).unwrap();
    assert_eq!(legal, vec![0, 1, 2, 3, 4, 5, 6]);
    assert!(Array::is_array(&game.legal_columns()));
}

#[wasm_bindgen_test]
fn play_returns_the_whole_new_state() {
    let mut game = Game::new(None).unwrap();
    let result = game.play(JsValue::from(3)).unwrap();
    assert!(result.is_object());
    assert_eq!(get(&result, "column").as_f64(), Some(3.0));
    assert_eq!(get(&result, "row").as_f64(), Some(5.0));
    assert_eq!(get(&result, "player").as_f64(), Some(1.0));
    assert_eq!(
        get(&result, "status").as_string().as_deref(),
        Some("in-progress")
    );
    assert!(get(&result, "winner").is_null());
    assert_eq!(Array::from(&get(&result, "winLine")).length(), 0);
    let board: Vec<Vec<u8>> = serde_wasm_bindgen::from_value(get(&result, "board")).unwrap();
    assert_eq!(board[5][3], 1);
    assert!(Array::is_array(&get(&result, "board")));
    assert_eq!(game.current_player(), 2);
    assert_eq!(game.moves(), "4");
    assert_eq!(game.move_count(), 1);
    // The keys are exactly those of the contract.
    let keys: Vec<String> = Object::keys(result.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    assert_eq!(
        keys,
        ["columns", "rows", "column", "row", "player", "board", "status", "winner", "winLine"]
    );
    assert_eq!(get(&result, "columns").as_f64(), Some(7.0));
    assert_eq!(get(&result, "rows").as_f64(), Some(6.0));
}

#[wasm_bindgen_test]
fn a_win_reports_winner_and_line() {
    let mut game = Game::from_moves(JsValue::from_str("112233"), None).unwrap();
    let result = game.play(JsValue::from(3)).unwrap();
    assert_eq!(get(&result, "status").as_string().as_deref(), Some("win"));
    assert_eq!(get(&result, "winner").as_f64(), Some(1.0));
    let line = Array::from(&get(&result, "winLine"));
    assert_eq!(line.length(), 4);
    for (i, cell) in line.iter().enumerate() {
        assert_eq!(get(&cell, "column").as_f64(), Some(i as f64));
        assert_eq!(get(&cell, "row").as_f64(), Some(5.0));
    }
    assert_eq!(game.status(), "win");
    assert_eq!(game.winner().as_f64(), Some(1.0));
    assert_eq!(Array::from(&game.win_line()).length(), 4);
    assert_eq!(Array::from(&game.legal_columns()).length(), 0);
}

#[wasm_bindgen_test]
fn bad_columns_are_refused_and_change_nothing() {
    let mut game = Game::from_moves(JsValue::from_str("4453"), None).unwrap();
    let before = snapshot(&game);
    let bad: Vec<JsValue> = vec![
        JsValue::from(-1),
        JsValue::from(7),
        JsValue::from(3.5),
        JsValue::from(f64::NAN),
        JsValue::from(f64::INFINITY),
        JsValue::from(f64::NEG_INFINITY),
        JsValue::from(4_294_967_295u32),
        JsValue::from_str("3"),
        JsValue::NULL,
        JsValue::UNDEFINED,
        Object::new().into(),
        JsValue::TRUE,
        Array::of1(&JsValue::from(3)).into(),
    ];
    for value in bad {
        let err = game.play(value.clone()).expect_err("must refuse");
        let msg = message(err);
        assert!(msg.contains("invalid column"), "{value:?}: {msg}");
        assert_eq!(snapshot(&game), before, "{value:?} changed the game");
    }
    // A huge input is quoted in part, not whole.
    let huge = "x".repeat(1_000_000);
    let msg = message(game.play(JsValue::from_str(&huge)).unwrap_err());
    assert!(
        msg.contains("invalid column") && msg.len() < 120,
        "{}",
        msg.len()
    );
    // The game goes on working after every refusal.
    game.play(JsValue::from(0)).unwrap();
    assert_eq!(game.moves(), "44531");
}

#[wasm_bindgen_test]
fn a_full_column_is_refused() {
    let mut game = Game::from_moves(JsValue::from_str("444444"), None).unwrap();
    let before = snapshot(&game);
    let msg = message(game.play(JsValue::from(3)).unwrap_err());
    assert!(msg.contains("full"), "{msg}");
    assert_eq!(snapshot(&game), before);
    game.play(JsValue::from(2)).unwrap();
    assert_eq!(game.moves(), "4444443");
}

#[wasm_bindgen_test]
fn moves_after_the_end_are_refused() {
    let mut game = Game::from_moves(JsValue::from_str("1212121"), None).unwrap();
    assert_eq!(game.status(), "win");
    let before = snapshot(&game);
    for value in [JsValue::from(3), JsValue::from(-1), JsValue::NULL] {
        let msg = message(game.play(value).unwrap_err());
        assert!(msg.contains("over"), "{msg}");
        assert_eq!(snapshot(&game), before);
    }
    // A draw is over too.
    let mut draw = Game::from_moves(
        JsValue::from_str("423543352361621225217353176654765447161747"),
        None,
    )
    .unwrap();
    assert_eq!(draw.status(), "draw");
    assert!(draw.winner().is_null());
    assert!(message(draw.play(JsValue::from(0)).unwrap_err()).contains("over"));
}

#[wasm_bindgen_test]
fn undo_and_reset() {
    let mut game = Game::from_moves(JsValue::from_str("1212121"), None).unwrap();
    assert!(game.undo());
    assert_eq!(game.status(), "in-progress");
    assert_eq!(game.moves(), "121212");
    assert_eq!(game.current_player(), 1);
    assert_eq!(board_of(&game)[2][0], 0);
    game.reset();
    assert_eq!(game.moves(), "");
    assert!(!game.undo());
    assert_eq!(game.moves(), "");
}

#[wasm_bindgen_test]
fn from_moves_names_the_failing_move() {
    for (moves, needle) in [
        ("4408", "move 3"),
        ("1111111", "move 7"),
        ("12121212", "move 8"),
        ("x", "move 1"),
    ] {
        let msg = message(
            Game::from_moves(JsValue::from_str(moves), None)
                .err()
                .unwrap(),
        );
        assert!(msg.contains(needle), "{moves}: {msg}");
    }
    assert!(message(Game::from_moves(JsValue::from(44), None).err().unwrap()).contains("string"));
    assert!(message(Game::from_moves(JsValue::UNDEFINED, None).err().unwrap()).contains("string"));
    let game = Game::from_moves(JsValue::from_str(""), None).unwrap();
    assert_eq!(game.moves(), "");
}

mod solver_api {
    use super::*;
    use connect_four::web::solver::Solver;

    fn options(mib: f64) -> JsValue {
        let o = Object::new();
        Reflect::set(&o, &JsValue::from_str("tableMiB"), &JsValue::from(mib)).unwrap();
        o.into()
    }

    #[wasm_bindgen_test]
    fn scores_follow_pons_convention() {
        let mut solver = Solver::new(Some(options(4.0))).unwrap();
        // Pons' examples.
        assert_eq!(solver.score(JsValue::from_str("4455")).unwrap(), 18);
        assert_eq!(solver.score(JsValue::from_str("44455554221")).unwrap(), -15);
        // An end-game position from Pons' Test_L3_R1, scored -1 there.
        let late = "2252576253462244111563365343671351441";
        assert_eq!(solver.score(JsValue::from_str(late)).unwrap(), -1);
        let scores: Vec<Option<i32>> =
            serde_wasm_bindgen::from_value(solver.analyze(JsValue::from_str(late)).unwrap())
                .unwrap();
        assert_eq!(scores.len(), 7);
        assert_eq!(scores.iter().flatten().max(), Some(&-1));
        // Column 1 is full there: its entry is null.
        assert_eq!(scores[0], None);
        assert!(
            Array::from(&solver.analyze(JsValue::from_str(late)).unwrap())
                .get(0)
                .is_null()
        );
        // bestMoves: the same best score, and exactly the columns that reach it.
        #[derive(serde::Deserialize)]
        struct Best {
            score: i32,
            columns: Vec<usize>,
        }
        let best: Best =
            serde_wasm_bindgen::from_value(solver.best_moves(JsValue::from_str(late)).unwrap())
                .unwrap();
        assert_eq!(best.score, -1);
        let expected: Vec<usize> = (0..7).filter(|&c| scores[c] == Some(-1)).collect();
        assert_eq!(best.columns, expected);
        let best: Best =
            serde_wasm_bindgen::from_value(solver.best_moves(JsValue::from_str("112233")).unwrap())
                .unwrap();
        assert_eq!((best.score, best.columns), (18, vec![3]));
        // Pondering an end game finishes within one call's default budget.
        assert!(solver
            .ponder(JsValue::from_str(late), JsValue::UNDEFINED)
            .unwrap());
        // The best move wins at once when it can.
        let column = solver
            .best_move(JsValue::from_str("112233"), JsValue::from_str("perfect"))
            .unwrap();
        assert_eq!(column, 3);
        for level in ["easy", "medium", "hard", "perfect"] {
            let c = solver
                .best_move(JsValue::from_str(late), JsValue::from_str(level))
                .unwrap();
            assert!(scores[c as usize].is_some(), "{level} chose a full column");
        }
    }

    #[wasm_bindgen_test]
    fn bad_input_is_refused_with_a_reason() {
        let mut solver = Solver::new(None).unwrap();
        for (moves, needle) in [
            (JsValue::from_str("48"), "move 2"),
            (JsValue::from_str("1212121"), "over"),
            (JsValue::from(12), "string"),
            (JsValue::NULL, "string"),
        ] {
            let msg = message(solver.score(moves.clone()).unwrap_err());
            assert!(msg.contains(needle), "{moves:?}: {msg}");
            let msg = message(solver.analyze(moves.clone()).err().unwrap());
            assert!(msg.contains(needle), "{moves:?}: {msg}");
            let msg = message(solver.best_moves(moves.clone()).err().unwrap());
            assert!(msg.contains(needle), "{moves:?}: {msg}");
            let msg = message(
                solver
                    .ponder(moves.clone(), JsValue::UNDEFINED)
                    .unwrap_err(),
            );
            assert!(msg.contains(needle), "{moves:?}: {msg}");
        }
        for bad in [
            JsValue::from(0),
            JsValue::from(-5),
            JsValue::from(2.5),
            JsValue::from(f64::NAN),
            JsValue::from(f64::INFINITY),
            JsValue::from_str("100"),
            JsValue::NULL,
        ] {
            let msg = message(
                solver
                    .ponder(JsValue::from_str("44"), bad.clone())
                    .unwrap_err(),
            );
            assert!(msg.contains("invalid budget"), "{bad:?}: {msg}");
        }
        let late = JsValue::from_str("2252576253462244111563365343671351441");
        let msg = message(
            solver
                .best_move(late.clone(), JsValue::from_str("godlike"))
                .unwrap_err(),
        );
        assert!(msg.contains("unknown level"), "{msg}");
        let msg = message(solver.best_move(late, JsValue::from(3)).unwrap_err());
        assert!(msg.contains("invalid level"), "{msg}");
        for bad in [0.0, 65.0, 2.5, f64::NAN] {
            let msg = message(Solver::new(Some(options(bad))).err().unwrap());
            assert!(msg.contains("tableMiB"), "{bad}: {msg}");
        }
        assert!(
            message(Solver::new(Some(JsValue::from_str("big"))).err().unwrap()).contains("object")
        );
        // Still usable after every refusal.
        assert_eq!(solver.score(JsValue::from_str("4455")).unwrap(), 18);
    }

    fn seeded(seed: JsValue) -> Result<Solver, JsError> {
        let o = options(4.0);
        Reflect::set(&o, &JsValue::from_str("seed"), &seed).unwrap();
        Solver::new(Some(o))
    }

    #[wasm_bindgen_test]
    fn a_seed_repeats_the_choices() {
        // End games of Pons' Test_L3_R1 where more than one column is best.
        let mut judge = seeded(JsValue::from(0)).unwrap();
        let ties: Vec<&str> = include_str!("data/pons/Test_L3_R1")
            .lines()
            .filter_map(|line| line.split_whitespace().next())
            .filter(|moves| {
                let best = judge.best_moves(JsValue::from_str(moves)).unwrap();
                Array::from(&get(&best, "columns")).length() > 1
            })
            .take(40)
            .collect();
        assert_eq!(ties.len(), 40);
        let choices = |seed: f64| -> Vec<u32> {
            let mut solver = seeded(JsValue::from(seed)).unwrap();
            ties.iter()
                .map(|moves| {
                    solver
                        .best_move(JsValue::from_str(moves), JsValue::from_str("perfect"))
                        .unwrap()
                })
                .collect()
        };
        let first = choices(7.0);
        assert_eq!(choices(7.0), first);
        // Another seed picks differently somewhere (all 40 alike by chance: under 2^-40).
        assert_ne!(choices(9_007_199_254_740_991.0), first);
        for bad in [
            JsValue::from(-1),
            JsValue::from(2.5),
            JsValue::from(9_007_199_254_740_992.0),
            JsValue::from_str("7"),
            JsValue::NULL,
        ] {
            let msg = message(seeded(bad.clone()).err().unwrap());
            assert!(msg.contains("invalid seed"), "{bad:?}: {msg}");
            // 2^53 is refused for being too large, and the message says so.
            assert!(
                msg.ends_with("expected an integer from 0 to 2^53 - 1"),
                "{msg}"
            );
        }
    }

    /// Solvers never freed fill wasm's 4 GiB: the next one is refused with a clear error
    /// (not a bare `RuntimeError: unreachable`), and once they are freed a new one works.
    #[wasm_bindgen_test]
    fn running_out_of_memory_is_a_clear_error() {
        let options = Object::new();
        Reflect::set(&options, &JsValue::from_str("tableMiB"), &JsValue::from(64)).unwrap();
        let mut kept = Vec::new();
        let error = loop {
            match Solver::new(Some(options.clone().into())) {
                Ok(solver) => kept.push(solver),
                Err(e) => break message(e),
            }
            assert!(kept.len() < 100, "4 GiB cannot hold 100 tables of 64 MiB");
        };
        assert!(error.starts_with("out of memory"), "{error}");
        assert!(error.contains("free()"), "{error}");
        assert!(
            kept.len() >= 8,
            "{} solvers before memory ran out",
            kept.len()
        );
        drop(kept);
        let mut solver = Solver::new(Some(options.into())).unwrap();
        assert_eq!(solver.score(JsValue::from_str("44455554221")).unwrap(), -15);
    }

    /// The book file, as the page's worker fetches it (the module itself leaves it out).
    const BOOK: &[u8] = include_bytes!("../src/solver/book.bin");

    fn book_options(book: &JsValue) -> JsValue {
        let o = Object::new();
        Reflect::set(&o, &JsValue::from_str("tableMiB"), &JsValue::from(4)).unwrap();
        Reflect::set(&o, &JsValue::from_str("book"), book).unwrap();
        o.into()
    }

    #[wasm_bindgen_test]
    fn the_book_comes_as_bytes() {
        let expected = connect_four::solver::Book::from_bytes(BOOK).unwrap().len() as u32;
        assert!(expected > 100_000, "{expected} entries");
        let bytes = js_sys::Uint8Array::from(BOOK);
        for book in [JsValue::from(bytes.clone()), bytes.buffer().into()] {
            let mut solver = Solver::new(Some(book_options(&book))).unwrap();
            assert_eq!(solver.book_size(), expected);
            // The empty board scores 1 (Pons: 3.1 billion positions without a book). From
            // the book it takes a handful.
            assert_eq!(solver.score(JsValue::from_str("")).unwrap(), 1);
            assert!(solver.nodes() < 100.0, "{} positions", solver.nodes());
            let column = solver
                .best_move(JsValue::from_str(""), JsValue::from_str("perfect"))
                .unwrap();
            assert_eq!(column, 3, "only the centre wins from the start");
        }
        // No book: by default, or with false.
        for book in [JsValue::UNDEFINED, JsValue::NULL, JsValue::FALSE] {
            assert_eq!(
                Solver::new(Some(book_options(&book))).unwrap().book_size(),
                0
            );
        }
        assert_eq!(Solver::new(None).unwrap().book_size(), 0);
    }

    /// A URL that serves `bytes` (a blob: URL, so no server is needed).
    fn blob_url(bytes: &[u8]) -> String {
        let parts = Array::of1(&js_sys::Uint8Array::from(bytes));
        let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).unwrap();
        web_sys::Url::create_object_url_with_blob(&blob).unwrap()
    }

    fn load_options(url: &JsValue) -> JsValue {
        let o = Object::new();
        Reflect::set(&o, &JsValue::from_str("tableMiB"), &JsValue::from(4)).unwrap();
        Reflect::set(&o, &JsValue::from_str("bookUrl"), url).unwrap();
        o.into()
    }

    /// `Solver.load(options)`, awaited: the solver, or the rejection's message.
    async fn load(options: Option<JsValue>) -> Result<Solver, String> {
        use wasm_bindgen::convert::TryFromJsValue;
        match wasm_bindgen_futures::JsFuture::from(Solver::load(options)).await {
            Ok(solver) => Ok(Solver::try_from_js_value(solver).expect("a Solver")),
            Err(e) => Err(message(e)),
        }
    }

    #[wasm_bindgen_test]
    async fn load_fetches_the_book() {
        let expected = connect_four::solver::Book::from_bytes(BOOK).unwrap().len() as u32;
        let url = blob_url(BOOK);
        let mut solver = load(Some(load_options(&JsValue::from_str(&url))))
            .await
            .unwrap();
        assert_eq!(solver.book_size(), expected);
        assert_eq!(solver.score(JsValue::from_str("")).unwrap(), 1);
        assert!(solver.nodes() < 100.0, "{} positions", solver.nodes());
        // A URL object works too.
        let object: JsValue = web_sys::Url::new(&url).unwrap().into();
        let solver = load(Some(load_options(&object))).await.unwrap();
        assert_eq!(solver.book_size(), expected);
    }

    #[wasm_bindgen_test]
    async fn load_says_why_it_fails() {
        // No file beside this test's glue module: the default place, refused by the server.
        let e = load(None).await.err().unwrap();
        assert!(e.starts_with("could not load the opening book from"), "{e}");
        assert!(e.contains("/book.bin: HTTP 404"), "{e}");
        // Not a book.
        let bad = blob_url(b"not a book at all");
        let e = load(Some(load_options(&JsValue::from_str(&bad))))
            .await
            .err()
            .unwrap();
        assert_eq!(
            e,
            format!("invalid opening book at {bad}: not an opening book: the header is wrong")
        );
        // Gone before the fetch.
        web_sys::Url::revoke_object_url(&bad).unwrap();
        let e = load(Some(load_options(&JsValue::from_str(&bad))))
            .await
            .err()
            .unwrap();
        assert!(
            e.starts_with(&format!("could not load the opening book from {bad}: ")),
            "{e}"
        );
        // Bad options.
        let e = load(Some(load_options(&JsValue::from(3))))
            .await
            .err()
            .unwrap();
        assert_eq!(e, "invalid bookUrl 3: expected a string or a URL");
        let e = load(Some(JsValue::from_str("book.bin")))
            .await
            .err()
            .unwrap();
        assert!(e.contains("must be a plain object"), "{e}");
        let with_seed = load_options(&JsValue::from_str("book.bin"));
        Reflect::set(&with_seed, &JsValue::from_str("seed"), &JsValue::from(-3)).unwrap();
        let e = load(Some(with_seed)).await.err().unwrap();
        assert_eq!(e, "invalid seed -3: expected an integer from 0 to 2^53 - 1");
    }

    #[wasm_bindgen_test]
    fn a_bad_book_is_refused_with_a_reason() {
        // A bit flipped in the array: well formed, but not this build's book.
        let mut flipped = BOOK.to_vec();
        let at = flipped.len() - 1000;
        flipped[at] ^= 4;
        let msg = message(
            Solver::new(Some(book_options(
                &js_sys::Uint8Array::from(&flipped[..]).into(),
            )))
            .err()
            .unwrap(),
        );
        assert!(
            msg.contains("not the opening book this build was made with"),
            "{msg}"
        );
        let mut bad_magic = BOOK.to_vec();
        bad_magic[0] ^= 1;
        let mut wrong_count = BOOK.to_vec();
        wrong_count.pop();
        for (book, needle) in [
            (JsValue::TRUE, "invalid book true"),
            (JsValue::from(7), "invalid book 7"),
            (JsValue::from_str("book.bin"), "Uint8Array"),
            (
                js_sys::Uint8Array::from(&bad_magic[..]).into(),
                "not an opening book",
            ),
            (
                js_sys::Uint8Array::from(&wrong_count[..]).into(),
                "truncated",
            ),
            (js_sys::Uint8Array::from(&BOOK[..20]).into(), "truncated"),
            // Larger than any book: refused before it is copied.
            (
                js_sys::Uint8Array::new_with_length(4 << 20).into(),
                "more than any book has",
            ),
        ] {
            let msg = message(Solver::new(Some(book_options(&book))).err().unwrap());
            assert!(msg.contains(needle), "{book:?}: {msg}");
        }
    }
}

/// Other sizes: `Game` and `Solver` on 5 x 4 and 9 x 7, and bad sizes refused, saying why.
mod sizes {
    use super::*;
    use connect_four::web::solver::Solver;

    fn size(columns: JsValue, rows: JsValue) -> JsValue {
        let o = Object::new();
        Reflect::set(&o, &JsValue::from_str("columns"), &columns).unwrap();
        Reflect::set(&o, &JsValue::from_str("rows"), &rows).unwrap();
        o.into()
    }

    fn of(columns: u32, rows: u32) -> Option<JsValue> {
        Some(size(JsValue::from(columns), JsValue::from(rows)))
    }

    #[wasm_bindgen_test]
    fn games_on_other_sizes() {
        let mut game = Game::new(of(5, 4)).unwrap();
        assert_eq!((game.columns(), game.rows()), (5, 4));
        let board = board_of(&game);
        assert_eq!((board.len(), board[0].len()), (4, 5));
        // A row of four on the bottom of a 5-wide board.
        for column in [0, 0, 1, 1, 2, 2] {
            game.play(JsValue::from(column)).unwrap();
        }
        let result = game.play(JsValue::from(3)).unwrap();
        assert_eq!(get(&result, "status").as_string().unwrap(), "win");
        assert_eq!(Array::from(&get(&result, "winLine")).length(), 4);
        assert_eq!(get(&result, "row").as_f64(), Some(3.0));
        game.reset();
        assert_eq!(
            (game.columns(), game.rows(), game.moves()),
            (5, 4, String::new())
        );
        // Column 5 (0-based) is off this board, and says so; the game is unchanged.
        let before = snapshot(&game);
        let e = message(game.play(JsValue::from(5)).unwrap_err());
        assert!(e.contains("from 0 to 4"), "{e}");
        assert_eq!(snapshot(&game), before);

        let wide = Game::from_moves(JsValue::from_str("99"), of(9, 7)).unwrap();
        assert_eq!(board_of(&wide)[6][8], 1);
        assert_eq!(board_of(&wide)[5][8], 2);
        let e = message(
            Game::from_moves(JsValue::from_str("16"), of(5, 4))
                .err()
                .unwrap(),
        );
        assert!(
            e.contains("column 6 is off this board, which has 5 columns"),
            "{e}"
        );
    }

    #[wasm_bindgen_test]
    fn bad_sizes_are_refused() {
        let cases = [
            (JsValue::from(3), JsValue::from(6), "invalid columns 3"),
            (JsValue::from(10), JsValue::from(6), "invalid columns 10"),
            (JsValue::from(7.5), JsValue::from(6), "invalid columns 7.5"),
            (
                JsValue::from_str("7"),
                JsValue::from(6),
                "invalid columns \"7\"",
            ),
            (
                JsValue::from(f64::NAN),
                JsValue::from(6),
                "invalid columns NaN",
            ),
            (
                JsValue::from(1e9),
                JsValue::from(6),
                "invalid columns 1000000000",
            ),
            (JsValue::from(7), JsValue::from(3), "invalid rows 3"),
            (JsValue::from(7), JsValue::from(10), "invalid rows 10"),
        ];
        for (columns, rows, needle) in cases {
            let options = size(columns, rows);
            let e = message(Game::new(Some(options.clone())).err().unwrap());
            assert!(e.starts_with(needle) && e.contains("4 to 9"), "{e}");
            let e = message(Solver::new(Some(options)).err().unwrap());
            assert!(e.starts_with(needle), "{e}");
        }
        let typo = Object::new();
        Reflect::set(&typo, &JsValue::from_str("colums"), &JsValue::from(8)).unwrap();
        let e = message(Game::new(Some(typo.clone().into())).err().unwrap());
        assert!(e.contains("unknown Game option \"colums\""), "{e}");
        let e = message(Solver::new(Some(typo.into())).err().unwrap());
        assert!(e.contains("unknown Solver option \"colums\""), "{e}");
    }

    #[wasm_bindgen_test]
    fn solvers_on_other_sizes() {
        let mut small = Solver::new(of(5, 4)).unwrap();
        assert_eq!((small.columns(), small.rows()), (5, 4));
        // 5 x 4 is a draw (Tromp's table), and every column's score is there.
        assert_eq!(small.score(JsValue::from_str("")).unwrap(), 0);
        let scores: Vec<Option<i32>> =
            serde_wasm_bindgen::from_value(small.analyze(JsValue::from_str("")).unwrap()).unwrap();
        assert_eq!(scores.len(), 5);
        assert_eq!(scores.iter().flatten().max(), Some(&0));
        for level in ["easy", "medium", "hard", "perfect"] {
            let c = small
                .best_move(JsValue::from_str("3"), JsValue::from_str(level))
                .unwrap();
            assert!(c < 5, "{level} chose column {c}");
        }
        // A move string for another board is refused.
        let e = message(small.score(JsValue::from_str("7")).unwrap_err());
        assert!(e.contains("which has 5 columns"), "{e}");
        // 9 x 7: a win at once is found on the wide board.
        let mut wide = Solver::new(of(9, 7)).unwrap();
        let column = wide
            .best_move(JsValue::from_str("919293"), JsValue::from_str("perfect"))
            .unwrap();
        assert_eq!(column, 8);
        // No book but the standard board's.
        let book = Object::new();
        Reflect::set(&book, &JsValue::from_str("columns"), &JsValue::from(8)).unwrap();
        Reflect::set(
            &book,
            &JsValue::from_str("book"),
            &js_sys::Uint8Array::new_with_length(4),
        )
        .unwrap();
        let e = message(Solver::new(Some(book.into())).err().unwrap());
        assert!(e.contains("for the 7 x 6 board"), "{e}");
    }

    #[wasm_bindgen_test]
    fn budgets_give_null_rather_than_a_guess() {
        // 9 x 9 from the start is far past 10,000 positions: null, and the solver still
        // answers afterwards.
        let mut big = Solver::new(of(9, 9)).unwrap();
        let budget = JsValue::from(10_000);
        let moves = JsValue::from_str("");
        assert!(big
            .analyze_within(moves.clone(), budget.clone())
            .unwrap()
            .is_null());
        assert!(big
            .score_within(moves.clone(), budget.clone())
            .unwrap()
            .is_null());
        let column = big
            .best_move(JsValue::from_str("5"), JsValue::from_str("easy"))
            .unwrap();
        assert!(column < 9);
        // 5 x 4 within a generous budget: exactly what analyze gives.
        let mut small = Solver::new(of(5, 4)).unwrap();
        let within = small
            .analyze_within(JsValue::from_str("3"), JsValue::from(10_000_000))
            .unwrap();
        let exact = small.analyze(JsValue::from_str("3")).unwrap();
        let read = |v: JsValue| -> Vec<Option<i32>> { serde_wasm_bindgen::from_value(v).unwrap() };
        assert_eq!(read(within), read(exact));
        assert_eq!(
            small
                .score_within(JsValue::from_str(""), JsValue::from(10_000_000))
                .unwrap()
                .as_f64(),
            Some(0.0)
        );
        // A bad budget is refused, saying why.
        for bad in [
            JsValue::from(0),
            JsValue::from(-5),
            JsValue::from_str("9"),
            JsValue::NULL,
        ] {
            let e = message(small.analyze_within(moves.clone(), bad).unwrap_err());
            assert!(e.contains("budget"), "{e}");
        }
    }
}
