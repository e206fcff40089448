// Other board sizes, played as people and pages would: the size chosen on the first screen
// and a game against the computer on it, the question before a game in progress is
// replaced, sized share links, three sizes on one page (two mounts and the element), a
// whole game on 9 x 9 by keyboard alone, and screenshots that fit at a phone and a laptop.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { serve, launch, openPage, screenshot, until, moveCount, settled, ROOT, DIST, STRICT_CSP, axe } from "./harness.mjs";

let site, widget, browser;
before(async () => {
  site = await serve(DIST);
  widget = await serve({
    "/page/c4/": join(ROOT, "pkg"),
    "/page/": join(ROOT, "tests", "fixtures", "widget-page"),
  }, { "content-security-policy": STRICT_CSP });
  browser = await launch();
});
after(async () => { await browser?.close(); await site?.close(); await widget?.close(); });

const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });
const live = (page) => page.getByRole("status").first().textContent();
const boardSelect = (page) => page.getByRole("combobox", { name: "Board" });
/** The column controls shown, and the state's size, of board `index`. */
const shown = (page, index = 0) => page.evaluate((index) => {
  const controls = window.__deepAll(".c4-columns")[index];
  return [...controls.children].filter((b) => !b.hidden).length;
}, index);

test("a size chosen on the first screen: a whole game against the computer on 5 x 4, counted in that size's record", async () => {
  const { page, problems, context } = await openPage(browser, site.url, { viewport: { width: 1280, height: 800 } });
  await column(page, 4).waitFor();
  await page.evaluate(() => window.c4.setOptions({ reducedMotion: true }));
  // A first visit plays the computer (medium); on 5 x 4 perfect is offered too.
  await boardSelect(page).selectOption("5x4");
  await until(async () => (await shown(page)) === 5, "five columns");
  assert.match(await live(page), /^New game, 5 × 4 board\. Red to move\./);
  assert.equal(await page.evaluate(() => window.c4.state.columns * 10 + window.c4.state.rows), 54);
  assert.equal(await column(page, 6).count(), 0, "no sixth column");
  await page.getByRole("radio", { name: "perfect" }).check();
  assert.equal(await page.getByRole("radio", { name: "perfect" }).isDisabled(), false);
  // Red plays the leftmost open column each turn; the computer answers, to the end.
  while (!(await page.getByRole("button", { name: "Play again" }).isVisible())) {
    const before = await moveCount(page);
    const open = await page.evaluate(() => window.__deepAll(".c4-col")
      .filter((b) => !b.hidden && b.getAttribute("aria-disabled") !== "true").map((b) => Number(b.dataset.column)));
    if (open.length === 0) break;
    await column(page, open[0] + 1).click();
    await until(async () => (await page.getByRole("button", { name: "Play again" }).isVisible())
      || ((await moveCount(page)) >= before + 2 && /Your move/.test(await page.locator(".c4-turn").textContent())),
    "the computer's answer", 60_000);
  }
  const state = await page.evaluate(() => window.c4.state);
  assert.notEqual(state.status, "in-progress");
  assert.ok(state.moves.length <= 20 && /^[1-5]+$/.test(state.moves), state.moves);
  await page.getByText("Record", { exact: true }).click();
  const record = page.locator(".c4-record");
  await until(async () => /On the 5 × 4 board/.test(await record.textContent()), "the record's board");
  const perfectRow = await record.locator("tr", { hasText: "perfect" }).locator("td").allTextContents();
  assert.equal(perfectRow.map(Number).reduce((a, b) => a + b, 0), 1, `one game counted: ${perfectRow}`);
  await screenshot(page, "sizes-5x4-laptop-end");
  // Back on 7 x 6, that record is 5 x 4's alone.
  await boardSelect(page).selectOption("7x6");
  await until(async () => /On the 7 × 6 board/.test(await record.textContent()), "7 x 6's record");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a game in progress is replaced by a new size only once the player says so; big boards offer no perfect, and say why", async () => {
  const { page, problems, context } = await openPage(browser, site.url, { viewport: { width: 1280, height: 800 } });
  await column(page, 4).waitFor();
  await page.evaluate(() => window.c4.setOptions({ red: "human", yellow: "human", reducedMotion: true }));
  await column(page, 4).click();
  await settled(page);
  await boardSelect(page).selectOption("8x7");
  const ask = page.locator(".c4-size-ask");
  await ask.waitFor();
  assert.match(await ask.textContent(), /A new 8 × 7 game will replace the game in progress\./);
  // The live region says the question; only the question's box shows it.
  assert.match(await live(page), /A new 8 × 7 game will replace/);
  assert.equal(await page.locator(".c4-status").evaluate((e) => e.getBoundingClientRect().width), 1, "the status line is visually hidden");
  await page.getByRole("button", { name: "Keep playing" }).click();
  await until(async () => (await boardSelect(page).inputValue()) === "7x6", "the list shows 7 x 6 again");
  assert.equal(await page.evaluate(() => window.c4.state.moves), "4");
  assert.equal(await ask.isVisible(), false);
  await boardSelect(page).selectOption("8x7");
  await page.getByRole("button", { name: "Start the 8 × 7 game" }).click();
  await until(async () => (await shown(page)) === 8, "eight columns");
  assert.equal(await page.evaluate(() => window.c4.state.moves), "");
  // Perfect is not offered on 8 x 7: its radio is disabled, and, once a computer plays (two
  // people choose no level), one line says why.
  assert.equal(await page.getByRole("radio", { name: "perfect" }).isDisabled(), true);
  const note = page.locator(".c4-level-note");
  assert.equal(await note.isVisible(), false, "no word about levels between two people");
  await page.evaluate(() => window.c4.setOptions({ yellow: "medium" }));
  await until(() => note.isVisible(), "the note, against the computer");
  assert.equal((await note.textContent()).trim(),
    "Perfect is not offered on 8 × 7: there its opening moves take over a second to work out exactly.");
  await page.evaluate(() => window.c4.setOptions({ yellow: "human" }));
  await until(async () => !(await note.isVisible()), "no note again between two people");
  assert.equal(await page.evaluate(() => window.c4.state.moves), "");
  // A custom size: the list offers its columns and rows; with a move on the board, it asks.
  await column(page, 8).click();
  await settled(page);
  await boardSelect(page).selectOption("custom");
  // Each of the custom size's lists has a caption one can see, beside it, in its label.
  for (const name of ["Columns", "Rows"]) {
    const caption = await page.getByRole("combobox", { name, exact: true }).evaluate((select) => {
      const label = select.closest("label");
      const shown = [...(label?.querySelectorAll("span") ?? [])].find((s) => s.offsetWidth > 0 && s.textContent.trim());
      return shown?.textContent.trim() ?? null;
    });
    assert.equal(caption, name);
  }
  await page.getByRole("combobox", { name: "Rows" }).selectOption("9");
  await page.getByRole("button", { name: "Start the 8 × 9 game" }).click();
  await until(async () => (await page.evaluate(() => window.c4.state.rows)) === 9, "8 x 9");
  assert.equal(await page.evaluate(() => window.c4.state.columns), 8);
  // Undo brings back the last game, on its own size.
  await page.getByRole("button", { name: "Undo" }).click();
  await until(async () => (await page.evaluate(() => window.c4.state.rows)) === 7, "8 x 7 back");
  assert.equal(await page.evaluate(() => window.c4.state.moves), "8");
  // Puzzles stay on 7 x 6: the board shows 7 columns for one, and the game's 8 after it.
  await page.getByText("Puzzles", { exact: true }).click();
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await until(async () => /^Puzzle \d+:/.test(await live(page)), "the puzzle");
  await until(async () => (await shown(page)) === 7, "the puzzle's 7 columns");
  await page.getByRole("button", { name: "Back to game" }).click();
  await until(async () => (await shown(page)) === 8, "the game's 8 columns again");
  assert.equal(await page.evaluate(() => window.c4.state.moves), "8");
  await axe(page, "8 x 7 with the custom size shown");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the hint on 8 x 7 names a column: the computer's judgement, said as not proved", async () => {
  const { page, problems, context } = await openPage(browser, `${site.url}#size=8x7&moves=4455`);
  await column(page, 8).waitFor();
  await page.getByRole("button", { name: "Hint" }).click();
  const said = await until(async () => {
    const text = await live(page);
    return /^Play column [1-8]: the computer's best judgement\./.test(text) && text;
  }, "the judged hint", 60_000);
  // The column it names is marked on the board.
  const named = Number(/column (\d)/.exec(said)[1]);
  assert.match(await column(page, named).getAttribute("aria-label"), /hint: best move/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the analysis on 9 x 9 shows each column: proved where it is, not proved where it is not", async () => {
  // Red has three on the bottom row, columns 1 to 3: Yellow must block in column 4. Every
  // other column loses at once (proved); the block is not worked out on a board this big.
  // On a phone, where the labels are narrowest.
  const { page, problems, context } = await openPage(browser, `${site.url}#size=9x9&moves=19293`, { viewport: { width: 390, height: 844 } });
  await column(page, 9).waitFor();
  await page.getByRole("checkbox", { name: "Show analysis" }).check();
  const said = await until(async () => {
    const text = await live(page);
    return /^Analysis: /.test(text) && text;
  }, "the analysis announced", 60_000);
  assert.match(said, /column 4: not proved/);
  assert.match(said, /column 1: loses in 1/);
  const labels = await page.locator(".c4-analysis > span:not([hidden])").evaluateAll((spans) => spans.map((s) => [...s.children].map((c) => c.textContent).join(" ")));
  assert.equal(labels.length, 9);
  assert.equal(labels[3], "not proved");
  // Each line fits in its label's box: none is cut off.
  const fits = await page.locator(".c4-analysis > span:not([hidden])").evaluateAll((spans) => spans.map((s) => [...s.children].every((c) => c.scrollWidth <= s.clientWidth)));
  assert.deepEqual(fits, Array(9).fill(true));
  for (const [i, label] of labels.entries()) if (i !== 3) assert.equal(label, "loss in 1", `column ${i + 1}`);
  assert.match(await column(page, 4).getAttribute("aria-label"), /analysis: not proved/);
  // Nothing stays on "analysing…".
  assert.doesNotMatch(await page.locator(".c4").first().textContent(), /nalysing/);
  await screenshot(page, "sizes-9x9-analysis");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the review of a long game on 9 x 9 rates its late moves, and says the early ones are not known", async () => {
  const { page, problems, context } = await openPage(browser, site.url, { viewport: { width: 1280, height: 800 } });
  await column(page, 4).waitFor();
  // A random game on 9 x 9 (a fixed seed) of 45 moves or more, made with the package's Game.
  const moves = await page.evaluate(() => {
    let seed = 12345;
    const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    for (;;) {
      const game = new window.wasmBindings.Game({ columns: 9, rows: 9 });
      while (game.status === "in-progress") {
        const open = game.legalColumns();
        game.play(open[random(open.length)]);
      }
      const moves = game.moves;
      game.free();
      if (moves.length >= 45) return moves;
    }
  });
  await page.goto(`${site.url}#size=9x9&moves=${moves}&review=${moves.length}`);
  const rows = page.locator(".c4-moves tbody tr");
  await until(async () => (await rows.count()) === moves.length, "a row a move", 60_000);
  const ratings = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[3].textContent));
  const unknown = ratings.filter((r) => r === "not known").length;
  assert.ok(unknown > 0 && unknown < moves.length, `${unknown} of ${moves.length} not known`);
  // The late ones are rated (the last first), the first is not: each row says which it is.
  assert.notEqual(ratings.at(-1), "not known");
  assert.equal(ratings[0], "not known");
  assert.match(await live(page), new RegExp(`${unknown} moves are not rated`));
  assert.deepEqual(problems, []);
  await context.close();
});

test("the review of a short game on 8 x 7, 9 x 7 and 9 x 9 rates the win, the missed block and the missed win", async () => {
  const { page, problems, context } = await openPage(browser, site.url, { viewport: { width: 1280, height: 800 } });
  await column(page, 4).waitFor();
  const rows = page.locator(".c4-moves tbody tr");
  for (const size of ["8x7", "9x7", "9x9"]) {
    // Red plays column 1 four times, Yellow column 2 three times: Yellow's sixth move
    // leaves Red's three open (column 1 would have blocked it), and Red's seventh wins.
    // Each link on a page of its own load, as a friend opening it would.
    await page.goto("about:blank");
    await page.goto(`${site.url}#size=${size}&moves=1212121&review=6`);
    await until(async () => (await rows.count()) === 7, `a row a move on ${size}`, 60_000);
    const ratings = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[3].textContent));
    assert.equal(ratings[5], "blunder. Column 1 would not have lost at once", size);
    assert.equal(ratings[6], "best", size);
    assert.equal(ratings[0], "not known", size);
    const said = await live(page);
    assert.doesNotMatch(said, /The ratings are not known/, size);
    assert.match(said, /Move 6 of 7: Yellow in column 2, blunder/, size);
    // Red misses its win (column 3, not 1) and Yellow wins at once.
    await page.goto("about:blank");
    await page.goto(`${site.url}#size=${size}&moves=12121232&review=7`);
    await until(async () => (await rows.count()) === 8, `the missed win's rows on ${size}`, 60_000);
    const missed = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[3].textContent));
    assert.equal(missed[6], "blunder. Column 1 kept the win", size);
    assert.equal(missed[7], "best", size);
  }
  await screenshot(page, "sizes-9x9-short-review");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a sized share link opens on its size; a bad size is refused with a visible line", async () => {
  const { page, problems, context } = await openPage(browser, `${site.url}#size=8x7&moves=4458&yellow=hard`, { viewport: { width: 390, height: 844 } });
  await column(page, 8).waitFor();
  const state = await page.evaluate(() => window.c4.state);
  assert.deepEqual([state.columns, state.rows, state.moves], [8, 7, "4458"]);
  assert.equal(await boardSelect(page).inputValue(), "8x7");
  // The link the game makes carries the size.
  await page.evaluate(() => { location.hash = "#size=12x7&moves=4"; });
  const notice = page.locator(".c4-notice");
  await until(async () => /its board size is not one this game plays/.test(await notice.textContent()), "the refusal");
  assert.ok(await notice.isVisible());
  assert.equal(await page.evaluate(() => window.c4.state.moves), "4458", "the game stays");
  assert.ok(problems.every((p) => p.includes("the link was refused")), problems.join("\n"));
  await context.close();
});

test("three sizes share a page: two mounts and the element, each playing its own board, under a strict CSP", async () => {
  const { page, problems, context } = await openPage(browser, `${widget.url}page/?sizes`, { viewport: { width: 900, height: 1100 } });
  // The page's module sets the boards up once it has loaded.
  await page.waitForFunction(() => window.tall);
  await page.evaluate(() => window.tall.ready);
  await until(async () => (await page.evaluate(() => window.__deepAll(".c4-columns").length)) === 3, "three boards");
  assert.deepEqual(await Promise.all([0, 1, 2].map((i) => shown(page, i))), [8, 5, 6]);
  const sizes = await page.evaluate(() => [window.board, window.small, window.tall].map((g) => `${g.state.columns}x${g.state.rows}`));
  assert.deepEqual(sizes, ["8x7", "5x4", "6x9"]);
  // Each plays its own width: column 8 on the first, and column 6 is off the second.
  await page.evaluate(() => { window.board.play(7); window.small.play(4); window.tall.play(5); });
  const moves = await page.evaluate(() => [window.board, window.small, window.tall].map((g) => g.state.moves));
  assert.deepEqual(moves, ["8", "5", "6"]);
  const refused = await page.evaluate(() => { try { window.small.play(5); return "played"; } catch (e) { return e.message; } });
  assert.match(refused, /column/);
  // The element's attributes change its size: a new game on it, and its event says which.
  const started = await page.evaluate(() => new Promise((done) => {
    window.tall.addEventListener("c4-newgame", (e) => done(e.detail), { once: true });
    window.tall.setAttribute("columns", "4");
  }));
  assert.deepEqual(started, { columns: 4, rows: 9, moves: "" });
  await until(async () => (await shown(page, 2)) === 4, "the element on 4 x 9");
  assert.equal(await page.evaluate(() => window.tall.state.moves), "");
  const bad = await page.evaluate(() => new Promise((done) => {
    window.tall.addEventListener("c4-error", (e) => done(e.detail.message), { once: true });
    window.tall.setAttribute("rows", "10");
  }));
  assert.match(bad, /rows/);
  assert.equal(await page.evaluate(() => window.tall.state.rows), 9, "a bad size changes nothing");
  await screenshot(page, "sizes-three-on-a-page");
  assert.deepEqual(problems.filter((p) => !p.includes("connect-four:")), []);
  await context.close();
});

test("a whole game on 9 x 9 by keyboard alone: the digits 1-9, the arrows, Home and End", async () => {
  const { page, problems, context } = await openPage(browser, `${site.url}#size=9x9&moves=`, { viewport: { width: 1280, height: 900 } });
  await column(page, 9).waitFor();
  await page.evaluate(() => window.c4.setOptions({ red: "human", yellow: "human", reducedMotion: true }));
  // The board takes the focus; End reaches the ninth column.
  await column(page, 5).focus();
  await page.keyboard.press("End");
  assert.match(await page.evaluate(() => window.__focused().getAttribute("aria-label")), /^Column 9\b/);
  await page.keyboard.press("Enter");
  await until(async () => (await moveCount(page)) === 1, "Enter drops in column 9");
  await page.keyboard.press("Home");
  await page.keyboard.press("Space");
  await until(async () => (await moveCount(page)) === 2, "Space drops in column 1");
  // Red fills column 9, Yellow answers in 8: four in column 9 for Red.
  for (const key of ["9", "8", "9", "8", "9"]) {
    const before = await moveCount(page);
    await page.keyboard.press(key);
    await until(async () => (await moveCount(page)) === before + 1, `key ${key}`);
  }
  await page.getByRole("button", { name: "Play again" }).waitFor();
  const state = await page.evaluate(() => window.c4.state);
  assert.equal(state.moves, "9198989");
  assert.equal(state.winner, 1);
  assert.deepEqual(state.winLine.map((c) => c.column), [8, 8, 8, 8]);
  assert.match(await live(page), /Red wins!.*column 9/);
  await screenshot(page, "sizes-9x9-keyboard-end");
  assert.deepEqual(problems, []);
  await context.close();
});

const SHOTS = [
  ["5x4", "33", "phone", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["5x4", "33", "laptop", { width: 1366, height: 768 }],
  ["8x7", "4455", "phone", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["8x7", "4455", "laptop", { width: 1366, height: 768 }],
  ["9x4", "5566", "phone", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["4x9", "2233", "phone", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["9x4", "5566", "small-phone", { width: 320, height: 568 }, { isMobile: true, hasTouch: true }],
  ["4x9", "2233", "small-phone", { width: 320, height: 568 }, { isMobile: true, hasTouch: true }],
  ["9x9", "55", "landscape-phone", { width: 844, height: 390 }, { isMobile: true, hasTouch: true }],
];

test("every size fits: the board whole and square-celled, clear of the controls, at a phone and a laptop", async () => {
  for (const [size, moves, name, viewport, extra = {}] of SHOTS) {
    const { page, problems, context } = await openPage(browser, `${site.url}#size=${size}&moves=${moves}`, { viewport, ...extra });
    const [columns, rows] = size.split("x").map(Number);
    await column(page, columns).waitFor();
    await settled(page);
    const boxes = await page.evaluate(() => {
      const box = (s) => { const r = window.__deepAll(s)[0].getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; };
      return { board: box(".c4-columns"), stage: box(".c4-stage"), controls: box(".c4-controls"), turn: box(".c4-turn"), choice: box(".c4-choice") };
    });
    const what = `${size} ${name}`;
    const cell = boxes.board.width / columns;
    // The controls reach from the headroom (0.8 of a cell) to the board's bottom edge.
    assert.ok(Math.abs(boxes.board.height - (rows + 0.8) * cell) < 1.5, `${what}: square cells ${JSON.stringify(boxes.board)}`);
    assert.ok(boxes.board.left >= 0 && boxes.board.right <= viewport.width + 0.5, `${what}: the board is across the screen`);
    assert.ok(boxes.board.top >= boxes.choice.bottom - 0.5 || boxes.choice.left >= boxes.stage.right - 0.5,
      `${what}: the board ${JSON.stringify(boxes.board)} is clear of the choice ${JSON.stringify(boxes.choice)}`);
    const beside = boxes.controls.left >= boxes.stage.right - 0.5;
    assert.ok(beside || boxes.controls.top >= boxes.stage.bottom - 0.5, `${what}: the controls ${JSON.stringify(boxes.controls)} are clear of the board ${JSON.stringify(boxes.stage)}`);
    assert.ok(boxes.turn.bottom <= boxes.board.top + 0.5 || beside, `${what}: the turn line is above the board`);
    // Each column's bottom cell holds what the moves put there: the canvas follows the size.
    await screenshot(page, `sizes-${size}-${name}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("beside the board, a side column taller than the board scrolls: its parts never run over each other", async () => {
  // A finished 9 x 9 game: the result, and the note on why perfect is not offered, make the
  // side column taller than a 1280 x 720 laptop's board.
  const moves = "55435744577575667757744455444711119191199233236633388839139266";
  const viewport = { width: 1280, height: 720 };
  const { page, problems, context } = await openPage(browser, `${site.url}#size=9x9&moves=${moves}&yellow=hard`, { viewport });
  await column(page, 9).waitFor();
  await settled(page);
  await until(async () => page.evaluate(() => !window.__deepAll(".c4-result")[0].hidden), "the result");
  const boxes = await page.evaluate(() => {
    const box = (s) => { const r = window.__deepAll(s)[0].getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const game = window.__deepAll(".c4")[0];
    return {
      parts: [".c4-choice", ".c4-bar", ".c4-dock", ".c4-more"].map(box),
      note: box(".c4-level-note"), stage: box(".c4-stage"), box: game.getBoundingClientRect().height,
      scrolls: game.scrollHeight > game.clientHeight,
    };
  });
  assert.ok(boxes.note.right <= viewport.width, `the note is on the page: ${JSON.stringify(boxes.note)}`);
  assert.ok(boxes.note.bottom <= boxes.parts[1].top + 0.5, `the note ${JSON.stringify(boxes.note)} ends above the result ${JSON.stringify(boxes.parts[1])}`);
  for (let i = 1; i < boxes.parts.length; i++) {
    assert.ok(boxes.parts[i - 1].bottom <= boxes.parts[i].top + 0.5, `part ${i} runs over part ${i + 1}: ${JSON.stringify(boxes.parts)}`);
  }
  // The board keeps the game's height: whole, with the side column scrolling beside it.
  assert.ok(boxes.stage.bottom - boxes.stage.top <= boxes.box + 0.5, `the board ${JSON.stringify(boxes.stage)} fits the game's ${boxes.box}px`);
  assert.ok(boxes.scrolls, "the game's box scrolls to the side column's end");
  await screenshot(page, "sizes-9x9-side-column");
  assert.deepEqual(problems, []);
  await context.close();
});
