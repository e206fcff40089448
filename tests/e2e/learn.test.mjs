// Learning from games on the site: the review of a game, puzzles, share links and the
// record against the computer, played as a person would, with clicks and keys.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { serve, launch, openPage, until, moveCount, settled, ARTIFACTS, twoPlayers } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const live = (page) => page.locator(".c4-status").first().textContent();
const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });
const state = (page) => page.evaluate(() => window.c4.state);

/** How many pixels of a cell of the board (0-based column, row 0 at the top) are the
 * light theme's marker white: the review's rings and badge, the last move's dot. With
 * `corner`, only in the cell's top right corner, where the verdict's badge sits (the last
 * move's dot is in the middle). */
const markerPixels = (page, column, row, corner = false) => page.evaluate(({ column, row, corner }) => {
  const { canvas, x, y } = window.__cellPoint(0, column, row, 0);
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  const cell = (window.__cellPoint(0, column + 1, row, 0).x - x) * scale;
  const copy = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  copy.canvas.width = copy.canvas.height = Math.round(cell);
  copy.drawImage(canvas, Math.round(x * scale), Math.round(y * scale), cell, cell, 0, 0, cell, cell);
  const { data } = copy.getImageData(0, 0, copy.canvas.width, copy.canvas.height);
  let n = 0;
  const size = copy.canvas.width;
  for (let i = 0; i < data.length; i += 4) {
    const [px, py] = [(i / 4) % size, Math.floor(i / 4 / size)];
    if (corner && (px < 0.6 * size || py > 0.4 * size)) continue;
    if (data[i] >= 250 && data[i + 1] >= 250 && data[i + 2] >= 250) n++;
  }
  return n;
}, { column, row, corner });

/** Drops in each column of `moves` (1-based digits) by click, waiting for each landing. */
async function play(page, moves) {
  for (const m of moves) {
    await settled(page);
    await column(page, m).click();
  }
  await settled(page);
}

/** Opens the review (from the result panel once the game is over, else from the
 * controls) and waits for its ratings. */
async function openReview(page) {
  const over = (await state(page)).status !== "in-progress";
  const panel = page.locator(over ? ".c4-result" : ".c4-controls");
  await panel.getByRole("button", { name: "Review", exact: true }).click();
  await page.locator(".c4-review[data-ready='true']").waitFor({ timeout: 30_000 });
}

test("the review rates a thrown-away win a blunder and names the column that held", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  // Red and Yellow build threes in columns 1 and 7; Red plays 2 instead of winning in 1,
  // and Yellow wins in 7.
  await play(page, "17171727");
  assert.equal((await state(page)).status, "win");
  await openReview(page);
  // The review opens at the end; one step back is Red's blunder.
  assert.equal(await page.evaluate(() => window.__focused().classList.contains("c4-slider")), true,
    "the slider has the focus");
  await page.keyboard.press("ArrowLeft");
  await until(async () => (await live(page)).startsWith("Move 7 of 8"), "the step to move 7");
  const said = await live(page);
  assert.match(said, /^Move 7 of 8: Red in column 2, blunder\. Columns? [0-9, ]*\b1\b[0-9, ]* kept the win\. Yellow can force a win in 1\./);
  assert.equal((await state(page)).moves, "1717172", "the board shows the position before Yellow's win");
  // The board shows the verdict: a badge on the blundered checker (column 2, the bottom
  // row), and a ring where column 1's piece would have won (row 3 from the top). At the
  // start of the game, neither is there.
  await settled(page);
  const marks = async () => ({ blunder: await markerPixels(page, 1, 5, true), better: await markerPixels(page, 0, 2) });
  await until(async () => (await marks()).blunder > 0, "the blunder's badge");
  const shown = await marks();
  assert.ok(shown.blunder > 20 && shown.better > 20, JSON.stringify(shown));
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, "review-blunder.png") });
  await page.keyboard.press("Home");
  await until(async () => (await live(page)).startsWith("Start of the game"), "the start");
  await settled(page);
  assert.deepEqual(await marks(), { blunder: 0, better: 0 }, "no marks at the start");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await until(async () => (await live(page)).startsWith("Move 7 of 8"), "back to move 7");
  // The same in the table, for screen readers and anyone who opens it.
  await page.locator(".c4-moves summary").click();
  const row = await page.locator(".c4-moves tbody tr").nth(6).textContent();
  assert.match(row, /^7Red2blunder\. Columns? [0-9, ]*1.*kept the win/);
  assert.equal(await page.locator(".c4-moves tbody tr").count(), 8);
  // Stepping onto the end shows it without ending anything: the focus stays, and no result
  // panel takes it.
  await page.keyboard.press("Escape");
  await page.locator(".c4-slider").focus();
  await page.keyboard.press("ArrowRight");
  await until(async () => (await live(page)).startsWith("Move 8 of 8: Yellow in column 7, best. Yellow has won."), "the last move");
  await settled(page);
  await page.waitForTimeout(300);
  assert.ok((await live(page)).startsWith("Move 8 of 8"), await live(page));
  assert.equal(await page.evaluate(() => window.__focused().className), "c4-slider");
  assert.ok(await page.locator(".c4-result").isHidden(), "no result panel in the review");
  // The chart marks the mistakes and blunders: at least this one.
  assert.ok(await page.locator(".c4-chart .c4-mistake").count() >= 1);
  assert.equal(await page.locator(".c4-chart rect.c4-shown").count(), 1);
  // A tap on the chart goes to the move under it: the third of eight bars is move 3.
  const chart = await page.locator(".c4-chart svg").boundingBox();
  await page.mouse.click(chart.x + chart.width * (2.5 / 8), chart.y + chart.height / 2);
  await until(async () => (await live(page)).startsWith("Move 3 of 8"), "move 3 from the chart");
  // On the board, Home goes to the start of the game.
  await page.locator(".c4-col").first().focus();
  await page.keyboard.press("Home");
  await until(async () => (await live(page)).startsWith("Start of the game"), "Home: the start");
  // R closes the review from its slider too (the slider keeps its arrows, Home and End).
  await page.locator(".c4-slider").focus();
  await page.keyboard.press("r");
  await until(async () => page.locator(".c4-review").isHidden(), "R: the review closed");
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a laptop the review's table opens over the board, clear of the review's steps and buttons", async () => {
  const { page, problems, context } = await openPage(browser, `${server.url}#moves=4453423317766&review=13`, { viewport: { width: 1280, height: 800 } });
  await until(async () => (await page.locator(".c4-review").getAttribute("data-ready")) === "true", "the ratings", 30_000);
  await page.getByText("Moves, ratings and outcomes").click();
  const table = await page.locator(".c4-moves .c4-pop").boundingBox();
  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const name of ["Start", "Previous move", "Play from here", "Back to game"]) {
    const button = await page.locator(".c4-review").getByRole("button", { name, exact: true }).boundingBox();
    assert.ok(!overlaps(table, button), `${name} is clear of the table`);
  }
  // Start works while the table is open.
  await page.locator(".c4-review").getByRole("button", { name: "Start", exact: true }).click();
  await until(async () => (await live(page)).startsWith("Start of the game"), "Start");
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a small phone the review's table fits its panel, and its toggle stays in reach to close it", async () => {
  const { page, problems, context } = await openPage(browser, server.url,
    { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });
  await column(page, 1).waitFor();
  await twoPlayers(page);
  await play(page, "17171727");
  // On a phone the result's card offers Play again only; the controls offer Review.
  await page.locator(".c4-controls").getByRole("button", { name: "Review", exact: true }).tap();
  await page.locator(".c4-review[data-ready='true']").waitFor({ timeout: 30_000 });
  const toggle = page.locator(".c4-moves summary");
  await toggle.tap();
  await page.locator(".c4-moves tbody tr").first().waitFor();
  const pop = page.locator(".c4-moves .c4-pop");
  const [scrollWidth, clientWidth] = await pop.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(scrollWidth <= clientWidth, `the table does not scroll sideways (${scrollWidth} > ${clientWidth})`);
  const box = await pop.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 320, `the table is within the screen: ${JSON.stringify(box)}`);
  // What a tap on the toggle reaches is the toggle, not the table over it.
  const onTop = await toggle.evaluate((summary) => {
    const r = summary.getBoundingClientRect();
    const hit = summary.getRootNode().elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return summary.contains(hit);
  });
  assert.ok(onTop, "the toggle is above the table");
  await toggle.tap();
  assert.equal(await page.locator(".c4-moves").evaluate((d) => d.open), false, "the toggle closes the table");
  assert.deepEqual(problems, []);
  await context.close();
});

test("stepping by keyboard announces every move's rating, and play goes on from the move shown", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await play(page, "44455");
  await openReview(page);
  await page.keyboard.press("Home");
  await until(async () => (await live(page)).startsWith("Start of the game"), "the start");
  assert.equal(await moveCount(page), 0);
  for (let n = 1; n <= 5; n++) {
    await page.keyboard.press("ArrowRight");
    await until(async () => (await live(page)).startsWith(`Move ${n} of 5`), `move ${n}`);
    assert.match(await live(page), new RegExp(`^Move ${n} of 5: (Red|Yellow) in column \\d, (best|good|inaccuracy|mistake|blunder)\\b`));
    assert.equal(await moveCount(page), n);
  }
  // The step buttons answer the arrows too.
  await page.getByRole("button", { name: "Previous move" }).focus();
  await page.keyboard.press("ArrowLeft");
  await until(async () => (await live(page)).startsWith("Move 4 of 5"), "back to move 4");
  await page.keyboard.press("End");
  await until(async () => (await live(page)).startsWith("Move 5 of 5"), "the end");
  await page.keyboard.press("Home");
  await until(async () => (await live(page)).startsWith("Start of the game"), "the start again");
  assert.equal(await page.evaluate(() => window.__focused().getAttribute("aria-label")), "Previous move",
    "the button keeps the focus at the start");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await until(async () => (await live(page)).startsWith("Move 3 of 5"), "move 3");
  // Moves on the board wait while the review is open.
  await column(page, 1).click();
  await until(async () => (await live(page)).startsWith("This is the review"), "the refusal");
  await page.getByRole("button", { name: "Play from here" }).click();
  assert.equal((await state(page)).moves, "444");
  assert.ok(await page.locator(".c4-review").isHidden());
  await play(page, "3");
  assert.equal((await state(page)).moves, "4443");
  // The game survives a reload as it goes on from there.
  await page.reload();
  await column(page, 4).waitFor();
  assert.equal((await state(page)).moves, "4443");
  assert.deepEqual(problems, []);
  await context.close();
});

/** The columns that still win in `left` moves, by the solver on the page (with its book). */
async function winning(page, left) {
  return page.evaluate(async (left) => {
    window.testSolver ??= await window.wasmBindings.Solver.load({ bookUrl: "book.bin" });
    const moves = window.c4.state.moves;
    const scores = window.testSolver.analyze(moves);
    const own = Math.floor(moves.length / 2);
    // A win with the side to move's n-th move from now scores 22 - (own + n).
    return scores.flatMap((s, c) => (s !== null && s > 0 && 22 - s - own <= left ? [c + 1] : []));
  }, left);
}

test("a puzzle opened on a fresh page shows its check on screen, and a move made meanwhile is played after it", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank");
  // A slow network: the solver's module arrives 1.5 s late, so the check takes that long.
  await context.route("**/*solver_bg.wasm", async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto(`${server.url}#puzzle=1`);
  await column(page, 4).waitFor();
  const line = page.locator(".c4-puzzle-line");
  await until(async () => (await line.textContent()).endsWith("Checking the position…"), "the check on the puzzle's line");
  assert.ok(await line.isVisible());
  const start = (await state(page)).moves;
  const free = [4, 3, 5, 2, 6, 1, 7].find((c) => start.split(String(c)).length - 1 < 6);
  await column(page, free).click();
  const waiting = `Checking the position: your move in column ${free} plays as soon as it is done.`;
  assert.equal(await line.textContent(), waiting, "the tap is not lost: the line says it waits");
  assert.equal((await state(page)).moves, start, "not played yet");
  // Once checked, the move is judged: played if it wins in time, else the puzzle says which
  // column would have.
  await until(async () => (await line.textContent()) !== waiting, "the check", 30_000);
  const played = (await state(page)).moves.startsWith(start + free);
  assert.ok(played || /does not win in time/.test(await line.textContent()), await line.textContent());
  assert.deepEqual(problems, []);
  await context.close();
});

test("a puzzle failed, retried and solved, and remembered", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await page.getByText("Puzzles", { exact: true }).click();
  const select = page.getByLabel("Choose a puzzle");
  // The list is grouped by difficulty; take the first win in 3.
  const id = await select.evaluate((s) => s.querySelector("optgroup[label='Win in 3'] option").value);
  await select.selectOption(id);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await until(async () => (await live(page)).startsWith(`Puzzle ${id}:`), "the puzzle");
  assert.match(await live(page), /to move and win in 3/);
  const start = (await state(page)).moves;
  // No hints in a puzzle: the button is disabled, and H shows none.
  assert.ok(await page.locator(".c4-controls").getByRole("button", { name: "Hint", exact: true }).isDisabled(), "Hint is disabled");
  await page.keyboard.press("h");
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__deepAll(".c4-col[data-hinted='true']").length), 0, "no hint shown");
  assert.equal((await state(page)).moves, start);
  assert.equal(await page.evaluate(() => window.__focused().classList.contains("c4-col")), true,
    "the focus is on the board");
  // A move that does not win in time fails the puzzle; Show answer shows the move that did.
  const good = await winning(page, 3);
  assert.equal(good.length, 1, "one winning first move");
  const wrong = [1, 2, 3, 4, 5, 6, 7].find((c) => c !== good[0] && (start.split(String(c)).length - 1) + 0 < 6);
  await page.keyboard.press(String(wrong));
  await until(async () => (await live(page)).includes("does not win in time"), "the failure");
  // The miss does not give the answer away: it is a choice of its own.
  assert.match(await live(page), new RegExp(`^Column ${wrong} does not win in time\\. Choose Retry to try again, or Show answer\\.`));
  assert.equal((await state(page)).moves, start, "the wrong move is not kept");
  assert.equal(await page.locator(".c4-puzzle").getAttribute("data-state"), "failed");
  assert.equal(await page.evaluate(() => window.__deepAll(".c4-col[data-hinted='true']").length), 0, "no answer yet");
  await page.getByRole("button", { name: "Show answer" }).click();
  await until(async () => (await live(page)).startsWith(`Column ${good[0]} wins in time.`), "the answer");
  assert.equal(await page.getByRole("button", { name: "Show answer" }).isVisible(), false);
  // Retry, then win: each time, a move that still wins in the moves left.
  await page.getByRole("button", { name: "Retry" }).click();
  for (let left = 3; left >= 1; left--) {
    await until(async () => (await live(page)).length > 0 && (await page.locator(".c4").getAttribute("aria-busy")) !== "true", "the defence");
    await settled(page);
    const [move] = await winning(page, left);
    await page.keyboard.press(String(move));
    if (left > 1) {
      await until(async () => (await state(page)).moves.length === start.length + 2 * (4 - left), `the defence to move ${4 - left}`, 30_000);
    }
  }
  await until(async () => (await page.locator(".c4-puzzle").getAttribute("data-state")) === "solved", "solved", 30_000);
  await until(async () => (await page.evaluate(() => window.__focused().textContent)) === "Next puzzle", "the focus on Next puzzle");
  assert.match(await page.locator(".c4-result-text").textContent(), new RegExp(`^Solved! Puzzle ${id}: win in 3\\.`));
  // Remembered after a reload: the puzzle opens again from its start, and the list marks
  // it and counts it.
  await page.reload();
  await column(page, 4).waitFor();
  await until(async () => (await live(page)).startsWith(`Puzzle ${id} is open again, from its start.`), "the puzzle again");
  assert.equal((await state(page)).moves, start);
  await page.getByRole("button", { name: "Back to game" }).click();
  assert.ok(await page.locator(".c4-puzzle").isHidden());
  const item = await page.locator(`.c4-puzzles option[value='${id}']`).textContent();
  assert.match(item, /✓ solved/);
  assert.match(await page.locator(".c4-puzzles p.c4-help").textContent(), /^1 of \d+ solved$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("today's puzzle solved starts a streak, shown with the puzzle and kept after a reload", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await page.getByText("Puzzles", { exact: true }).click();
  await page.getByRole("button", { name: "Today's puzzle" }).click();
  const line = page.locator(".c4-puzzle-line");
  await until(async () => /Solve today's puzzle each day for a streak\./.test(await line.textContent()), "no streak yet");
  const n = Number(/win in (\d)/.exec(await live(page))[1]);
  const start = (await state(page)).moves;
  for (let left = n; left >= 1; left--) {
    await until(async () => (await state(page)).moves.length === start.length + 2 * (n - left), `move ${n - left + 1}`, 30_000);
    await until(async () => (await page.locator(".c4").getAttribute("aria-busy")) !== "true", "the defence");
    await settled(page);
    const [move] = await winning(page, left);
    await page.keyboard.press(String(move));
  }
  await until(async () => (await page.locator(".c4-puzzle").getAttribute("data-state")) === "solved", "solved", 30_000);
  await until(async () => /Streak: 1 day\. Tomorrow's puzzle makes it 2\./.test(await line.textContent()), "the streak");
  // Kept with the saved game: today's puzzle again after a reload still shows it.
  await page.reload();
  await column(page, 4).waitFor();
  await page.getByText("Puzzles", { exact: true }).click();
  await page.getByRole("button", { name: "Today's puzzle" }).click();
  await until(async () => /Streak: 1 day\./.test(await line.textContent()), "the streak after a reload");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a share link round trip: Copy link, then the link opens the position ready to play", async () => {
  const permissions = { permissions: ["clipboard-read", "clipboard-write"] };
  const { page, problems, context } = await openPage(browser, server.url, permissions);
  await column(page, 4).waitFor();
  await page.getByRole("radio", { name: "Computer" }).click();
  await play(page, "4");
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
  const moves = (await state(page)).moves;
  await page.getByRole("button", { name: "Copy link" }).click();
  await until(async () => (await live(page)) === "Link copied." || (await live(page)) === "Link copied.\u00a0", "the copy");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(url, `${server.url}#moves=${moves}&yellow=medium`);
  // A stranger opens it: the position, with the same opponent, Red to move.
  const other = await openPage(browser, url);
  await column(other.page, 4).waitFor();
  assert.equal((await state(other.page)).moves, moves);
  assert.equal(await other.page.locator(".c4-settings select").nth(1).inputValue(), "medium");
  assert.equal(await other.page.evaluate(() => location.hash), "", "the address no longer holds the link");
  await play(other.page, "3");
  await until(async () => (await moveCount(other.page)) === 4, "the computer plays on", 30_000);
  // The review and puzzle links open those.
  const review = await openPage(browser, `${server.url}#moves=4453&review=2`);
  await review.page.locator(".c4-review[data-ready='true']").waitFor({ timeout: 30_000 });
  assert.equal((await state(review.page)).moves, "44");
  assert.match(await review.page.locator(".c4-review-line").textContent(), /^Move 2 of 4: Yellow in column 4/);
  const puzzle = await openPage(browser, `${server.url}#puzzle=5`);
  await until(async () => (await live(puzzle.page)).startsWith("Puzzle 5:"), "puzzle 5");
  assert.ok(await puzzle.page.locator(".c4-puzzle").isVisible());
  for (const opened of [other, review, puzzle]) {
    assert.deepEqual(opened.problems, []);
    await opened.context.close();
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("a fragment that is not the game's is the host page's: left alone, silently", async () => {
  for (const fragment of ["#top", "#/games/c4?tab=rules"]) {
    const { page, problems, context } = await openPage(browser, server.url + fragment);
    await column(page, 4).waitFor();
    await twoPlayers(page);
    await play(page, "4");
    assert.ok(await page.locator(".c4-notice").isHidden(), fragment);
    assert.equal(new URL(page.url()).hash, fragment, "the fragment is kept");
    // One the page moves to later is left alone too.
    await page.evaluate(() => { location.hash = "#section-2"; });
    await page.waitForFunction(() => location.hash === "#section-2");
    await play(page, "4");
    assert.equal((await state(page)).moves, "44");
    assert.ok(await page.locator(".c4-notice").isHidden());
    assert.equal(new URL(page.url()).hash, "#section-2");
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("malformed links are refused in a player's words, saying what shows instead", async () => {
  for (const [fragment, why] of [
    ["#moves=44x3", "its move 3 is not a column from 1 to 7"],
    ["#moves=4444444", "its move 7 goes in column 4, which is already full"],
    ["#moves=121212121", "its move 8 comes after the game was over"],
    [`#moves=${"4".repeat(100_000)}`, "it is far too long to be a game"],
    ["#moves=44&red=godlike", "it is not a game link this page can read"],
  ]) {
    const { page, problems, context } = await openPage(browser, server.url + fragment);
    await column(page, 4).waitFor();
    const notice = page.locator(".c4-notice");
    await notice.waitFor();
    assert.equal(await notice.textContent(), `This link could not be opened: ${why}. A new game starts.`, fragment.slice(0, 30));
    assert.equal((await state(page)).moves, "", "a new game");
    await play(page, "4");
    assert.equal((await state(page)).moves, "4");
    assert.ok(await notice.isHidden(), "the notice goes with the first move");
    // The detail is for developers, in the console.
    assert.equal(problems.length, 1, problems.join("; "));
    assert.match(problems[0], /^warning: .*the link was refused: /);
    await context.close();
  }
  // With a game on the board, it stays, and the notice says so: a bad link followed in the
  // page, then one opened in a new page, which loads the saved game.
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await play(page, "45");
  const kept = "This link could not be opened: its move 3 is not a column from 1 to 7. Your game goes on as it was.";
  await page.goto(`${server.url}#moves=44x3`);
  await page.locator(".c4-notice").waitFor();
  assert.equal(await page.locator(".c4-notice").textContent(), kept);
  assert.equal((await state(page)).moves, "45");
  const second = await context.newPage();
  await second.goto(`${server.url}#moves=44x3`);
  await second.locator(".c4-notice").waitFor();
  assert.equal(await second.locator(".c4-notice").textContent(), kept);
  assert.equal(await second.evaluate(() => window.c4.state.moves), "45", "the saved game");
  assert.equal(problems.filter((p) => !/the link was refused/.test(p)).length, 0, problems.join("; "));
  await context.close();
});

test("the record counts games against the computer per level, and resets", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  // The rows shown (the online games' row shows once there are some).
  const cells = async () => page.locator(".c4-record tr").evaluateAll((rows) =>
    rows.slice(1).filter((r) => !r.hidden).map((r) => [...r.children].map((c) => c.textContent).join(" ")));
  assert.deepEqual(await cells(), ["easy 0 0 0 0", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 0 0 0"]);
  // Red (the person) has three in column 1, Yellow three in column 7: a win against easy,
  // then a blunder that perfect punishes.
  await page.goto(`${server.url}#moves=171717&yellow=easy`);
  await column(page, 1).waitFor();
  await play(page, "1");
  await until(async () => (await state(page)).status === "win", "the win");
  await page.goto(`${server.url}#moves=171717&yellow=perfect`);
  await column(page, 1).waitFor();
  await play(page, "2");
  await until(async () => (await state(page)).winner === 2, "perfect's win", 30_000);
  // The game counts once its last piece has landed and the result shows.
  await page.locator(".c4-result").waitFor({ state: "visible" });
  // A win against easy with a hint counts apart, under With help, and the end says so.
  await page.goto(`${server.url}#moves=171717&yellow=easy`);
  await column(page, 1).focus();
  await page.keyboard.press("h");
  await until(async () => (await live(page)).startsWith("Play column 1"), "the hint");
  await play(page, "1");
  await until(async () => /With help/.test(await page.locator(".c4-result").textContent()), "the result's word on help");
  await page.getByText("Record", { exact: true }).click();
  assert.deepEqual(await cells(), ["easy 1 0 0 1", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 1 0 0"]);
  // Two people's games do not count.
  await page.goto(`${server.url}#moves=171717`);
  await column(page, 1).waitFor();
  await play(page, "1");
  await page.reload();
  await column(page, 1).waitFor();
  assert.deepEqual(await cells(), ["easy 1 0 0 1", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 1 0 0"]);
  await page.getByText("Record", { exact: true }).click();
  await page.getByRole("button", { name: "Reset record" }).click();
  await until(async () => (await live(page)).startsWith("Press Reset record again"), "the question");
  assert.equal(await page.locator(".c4-record button").textContent(), "Press again to reset");
  assert.deepEqual(await cells(), ["easy 1 0 0 1", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 1 0 0"]);
  await page.locator(".c4-record button").click();
  await until(async () => (await live(page)).startsWith("Your record is reset."), "the reset");
  assert.deepEqual(await cells(), ["easy 0 0 0 0", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 0 0 0"]);
  await page.reload();
  await column(page, 1).waitFor();
  assert.deepEqual(await cells(), ["easy 0 0 0 0", "medium 0 0 0 0", "hard 0 0 0 0", "perfect 0 0 0 0"]);
  assert.deepEqual(problems, []);
  await context.close();
});
