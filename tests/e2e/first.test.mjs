// A player's first minutes on the site: the main choice up front, the fit on every screen,
// the end, sound, a game that survives a reload, the board read aloud, axe in both schemes.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, screenshot, until, moveCount, settled, axe, twoPlayers, rectOf } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const live = (page) => page.locator(".c4-status").first().textContent();
const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });
const movesOf = (page) => page.evaluate(() => window.c4.state.moves);

/** Problems other than the warnings a test expects. */
const unexpected = (problems, ...allowed) => problems.filter((p) => !allowed.some((a) => p.includes(a)));

/** Tabs until the focus is on an element that `is` accepts; returns how many presses it took. */
async function tabTo(page, is, what, most = 30) {
  for (let n = 1; n <= most; n++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(is)) return n;
  }
  throw new Error(`Tab never reached ${what}`);
}

test("the first screen offers the opponent: a game against each level starts by keyboard alone", async () => {
  for (const [index, level] of ["easy", "medium", "hard", "perfect"].entries()) {
    const { page, problems, context } = await openPage(browser, server.url, { viewport: { width: 1280, height: 720 } });
    await column(page, 4).waitFor();
    // Everything is on the first screen, nothing to open first.
    for (const name of ["Computer", "Two players", "easy", "medium", "hard", "perfect", "Red, first", "Yellow, second"]) {
      assert.ok(await page.getByRole("radio", { name, exact: true }).isVisible(), `${name} is visible`);
    }
    // A first visit: against the computer, at medium, the visitor playing Red.
    assert.ok(await page.getByRole("radio", { name: "Computer" }).isChecked(), "the computer on a first visit");
    assert.ok(await page.getByRole("radio", { name: "medium" }).isChecked());
    assert.equal(await page.evaluate(() => window.c4.state.moves), "");
    // Tab to the levels (the focus lands on medium), pick one with the arrows, or Space on
    // medium itself, then Tab to the board.
    await tabTo(page, () => window.__focused()?.name?.endsWith("-level"), "the levels");
    assert.equal(await page.evaluate(() => window.__focused().value), "medium");
    if (index === 1) await page.keyboard.press("Space");
    if (index === 0) await page.keyboard.press("ArrowLeft");
    for (let i = 1; i < index; i++) await page.keyboard.press("ArrowRight");
    assert.ok(await page.getByRole("radio", { name: level, exact: true }).isChecked());
    assert.ok(await page.getByRole("radio", { name: "Computer" }).isChecked(), await page.evaluate(() => window.__deepAll("input[type=radio]").map((r) => `${r.value}:${r.checked}`).join(" ")));
    assert.ok(await page.getByRole("radio", { name: "Red, first" }).isChecked());
    await tabTo(page, () => window.__focused()?.classList.contains("c4-col"), "the board");
    await page.keyboard.press("Enter");
    await until(async () => (await moveCount(page)) === 2, `${level} answers`, 60_000);
    const yellow = await page.locator(".c4-settings select").nth(1).inputValue();
    assert.equal(yellow, level, "the computer plays Yellow at the chosen level");
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("choosing Yellow lets the computer start", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.getByRole("radio", { name: "Yellow, second" }).check();
  await until(async () => (await moveCount(page)) === 1, "the computer's first move", 30_000);
  assert.equal(await page.locator(".c4-settings select").nth(0).inputValue(), "medium");
  assert.match(await page.locator(".c4-turn").textContent(), /Your move \(Yellow\)/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a first visit opens against the computer (medium, the visitor as Red); the visitor's own choice is kept", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  for (const name of ["Computer", "medium", "Red, first"]) {
    assert.ok(await page.getByRole("radio", { name, exact: true }).isChecked(), `${name} on a first visit`);
  }
  assert.match(await page.locator(".c4-turn").textContent(), /Your move \(Red\)/);
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
  assert.match(await live(page), /^The computer plays column \d/);
  // The visitor chooses two players: the next visit opens on that choice.
  await settled(page);
  await twoPlayers(page);
  await page.reload();
  await column(page, 4).waitFor();
  assert.ok(await page.getByRole("radio", { name: "Two players" }).isChecked(), "the choice is kept");
  const before = await moveCount(page);
  await column(page, 4).click();
  await settled(page);
  await page.waitForTimeout(500);
  assert.equal(await moveCount(page), before + 1, "no computer answers");
  assert.deepEqual(problems, []);
  await context.close();
});

test("switching to the computer in a game in progress asks first, by keyboard alone", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await column(page, 4).click();
  await column(page, 3).click();
  await until(async () => (await moveCount(page)) === 2, "two moves between two people");
  // The computer is chosen with the arrow keys, as on any radio group.
  await page.getByRole("radio", { name: "Two players" }).focus();
  await page.keyboard.press("ArrowLeft");
  const start = page.getByRole("button", { name: /^New game against / });
  await start.waitFor();
  // (The live region may add a space, so that a repeated line is said again.)
  assert.match((await live(page)).trim(), /^A new game against the computer \(\w+\) will replace the game in progress\.$/);
  await page.waitForTimeout(500);
  assert.equal(await movesOf(page), "43", "nobody plays for the person meanwhile");
  // Keep playing: the two people play on, and the choice shows them again.
  await page.getByRole("button", { name: "Keep playing" }).focus();
  await page.keyboard.press("Enter");
  await until(async () => !(await start.isVisible()), "the question gone");
  assert.equal((await live(page)).trim(), "Your game goes on.");
  assert.ok(await page.getByRole("radio", { name: "Two players" }).isChecked());
  assert.equal(await movesOf(page), "43");
  // Asked again and confirmed: a new game against the computer.
  await page.getByRole("radio", { name: "Two players" }).focus();
  await page.keyboard.press("ArrowLeft");
  await start.focus();
  await page.keyboard.press("Enter");
  await until(async () => (await movesOf(page)) === "", "a new game");
  assert.ok(await page.getByRole("radio", { name: "Computer" }).isChecked());
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a phone the result takes the turn line's place: the board does not move and no hole is covered", async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 320, height: 568 }]) {
    for (const texts of [{}, { wins: "{player} has won the game!" }]) {
      const { page, problems, context } = await openPage(browser, server.url, { viewport, isMobile: true, hasTouch: true });
      await column(page, 1).waitFor();
      await twoPlayers(page);
      await page.evaluate((texts) => window.c4.setOptions({ texts }), texts);
      for (const n of [1, 2, 1, 2, 1, 2]) { await column(page, n).click(); await settled(page); }
      const before = await rectOf(page, ".c4-columns");
      await column(page, 1).click();
      await page.getByRole("button", { name: "Play again" }).waitFor();
      await until(() => page.evaluate(() => window.__deepAll(".c4-result")[0].getAnimations().length === 0), "still");
      const after = await rectOf(page, ".c4-columns");
      const what = `${viewport.width}x${viewport.height} ${JSON.stringify(texts)}`;
      assert.deepEqual(after, before, `${what}: the board stays put`);
      const result = await rectOf(page, ".c4-result");
      const holes = after.bottom - 6 * (after.width / 7);
      assert.ok(result.bottom <= holes, `${what}: the result ${JSON.stringify(result)} ends above the holes at ${holes}`);
      assert.ok(result.top >= 0 && result.left >= 0 && result.right <= viewport.width, `${what}: the result is on screen`);
      await screenshot(page, `phone-end-${viewport.width}${texts.wins ? "-long" : ""}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test("beside the board, an open panel (the record) floats over the board, not over the result or the controls", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
  await column(page, 1).waitFor();
  await twoPlayers(page);
  for (const n of [1, 2, 1, 2, 1, 2, 1]) { await column(page, n).click(); await settled(page); }
  await page.getByRole("button", { name: "Play again" }).waitFor();
  await page.getByText("Record", { exact: true }).click();
  const pop = await rectOf(page, ".c4-record .c4-pop");
  assert.ok(pop.height > 100, "the record is open");
  const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const part of [".c4-result", ".c4-controls", ".c4-choice"]) {
    assert.ok(!overlaps(pop, await rectOf(page, part)), `the record ${JSON.stringify(pop)} leaves ${part} clear`);
  }
  assert.ok(pop.left >= 0 && pop.top >= 0, "the record is on screen");
  await page.getByRole("button", { name: "Play again" }).click();
  await until(async () => (await moveCount(page)) === 0, "Play again still reachable");
  await screenshot(page, "record-beside-board");
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a small phone and a short landscape screen the record's panel fits the screen: nothing past an edge, no sideways scroll", async () => {
  for (const [viewport, options] of [[{ width: 320, height: 568 }, { isMobile: true, hasTouch: true }], [{ width: 740, height: 360 }, {}]]) {
    const { page, problems, context } = await openPage(browser, server.url, { viewport, ...options });
    await column(page, 1).waitFor();
    await page.getByText("Record", { exact: true }).click();
    const pop = await rectOf(page, ".c4-record .c4-pop");
    assert.ok(pop.height > 100, "the record is open");
    const where = `${viewport.width}x${viewport.height}: ${JSON.stringify(pop)}`;
    assert.ok(pop.left >= 0 && pop.right <= viewport.width, `the record is within the screen's width, ${where}`);
    const [scrollWidth, clientWidth] = await page.locator("#game .c4-record .c4-pop").evaluate((e) => [e.scrollWidth, e.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `the record does not scroll sideways (${scrollWidth} > ${clientWidth}), ${where}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

const VIEWPORTS = [
  ["desktop 1280x720", { width: 1280, height: 720 }],
  ["laptop 1366x768", { width: 1366, height: 768 }],
  ["desktop 1920x1080", { width: 1920, height: 1080 }],
  ["phone 390x844", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["small phone 320x568", { width: 320, height: 568 }, { isMobile: true, hasTouch: true }],
  ["phone landscape 844x390", { width: 844, height: 390 }, { isMobile: true, hasTouch: true }],
  // 1280 x 800 at 200% zoom: half the CSS pixels, each two device pixels.
  ["1280x800 at 200%", { width: 640, height: 400 }, { deviceScaleFactor: 2 }],
];

test("the board, the turn line and New game fit every screen, without scrolling", async () => {
  for (const [name, viewport, extra = {}] of VIEWPORTS) {
    for (const colorScheme of ["light", "dark"]) {
      const { page, problems, context } = await openPage(browser, server.url, { viewport, colorScheme, ...extra });
      await column(page, 4).waitFor();
      const boxes = await page.evaluate(() => {
        const box = (selector) => {
          const r = window.__deepAll(selector)[0].getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
        };
        return {
          board: box(".c4-columns"), turn: box(".c4-turn"), newGame: box(".c4-controls .c4-btn"),
          width: innerWidth, height: innerHeight, scrollY, scrollX,
        };
      });
      for (const part of ["board", "turn", "newGame"]) {
        const b = boxes[part];
        assert.ok(b.width > 0 && b.height > 0, `${name}: ${part} shown`);
        assert.ok(b.left >= 0 && b.top >= 0 && b.right <= boxes.width && b.bottom <= boxes.height,
          `${name} ${colorScheme}: ${part} ${JSON.stringify(b)} within ${boxes.width}x${boxes.height}`);
      }
      assert.equal(boxes.scrollY, 0, name);
      // The headroom above the board is no taller than a checker needs (0.8 of a cell).
      const cell = boxes.board.width / 7;
      const lane = boxes.board.height - 6 * cell;
      assert.ok(lane <= 0.81 * cell, `${name}: lane ${lane} for cell ${cell}`);
      // On a large screen the board takes the room: most of the window's height.
      if (viewport.width >= 1280 && viewport.height >= 720) {
        assert.ok(boxes.board.height > 0.8 * boxes.height, `${name}: board ${boxes.board.height} of ${boxes.height}`);
      }
      if (colorScheme === "light") await screenshot(page, `fit-${viewport.width}x${viewport.height}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test("on short landscape screens the result and Play again sit clear of the controls", async () => {
  for (const [viewport, extra] of [[{ width: 844, height: 390 }, { isMobile: true, hasTouch: true }], [{ width: 640, height: 400 }, { deviceScaleFactor: 2 }], [{ width: 568, height: 320 }, { isMobile: true, hasTouch: true }]]) {
    const { page, problems, context } = await openPage(browser, server.url, { viewport, ...extra });
    await column(page, 1).waitFor();
    await twoPlayers(page);
    // A long detail, as another language might have.
    await page.evaluate(() => window.c4.setOptions({ reducedMotion: true, texts: { fourInColumn: "Four in a column: column {column}, from row {from} up to row {to}, all of them yours." } }));
    for (const n of [1, 2, 1, 2, 1, 2, 1]) await column(page, n).click();
    const again = page.getByRole("button", { name: "Play again" });
    await again.waitFor();
    const rects = await page.evaluate(() => [".c4-result", ".c4-controls", ".c4-more"].map((s) => {
      const r = window.__deepAll(s)[0].getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }));
    const [result, controls, more] = rects;
    assert.ok(result.bottom <= controls.top, `${viewport.width}x${viewport.height}: result ${JSON.stringify(result)} above controls ${JSON.stringify(controls)}`);
    assert.ok(controls.bottom <= more.top);
    assert.ok(result.bottom <= viewport.height && result.top >= 0);
    await again.click();
    await until(async () => (await moveCount(page)) === 0, "a new game");
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the end: the result shown once with Play again, spoken with where the four is", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { viewport: { width: 1280, height: 720 } });
  await column(page, 1).waitFor();
  await twoPlayers(page);
  for (const n of [1, 2, 1, 2, 1, 2]) { await column(page, n).click(); await settled(page); }
  await column(page, 1).click();
  await page.getByRole("button", { name: "Play again" }).waitFor();
  // Visible once: the only shown element whose text says who won.
  const shown = await page.evaluate(() => window.__deepAll(".c4 *")
    .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes("Red wins")))
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2 && e.checkVisibility(); })
    .map((e) => e.className));
  assert.deepEqual(shown, ["c4-result-text"]);
  assert.equal(await page.locator(".c4-result-detail").textContent(), "Four in a column: column 1, rows 1 to 4.");
  assert.equal((await live(page)).trim(), "Red wins! Four in a column: column 1, rows 1 to 4.");
  await screenshot(page, "end-two-players");
  await axe(page, "the end (light)");
  assert.deepEqual(problems, []);
  await context.close();
});

test("axe at the start, mid-game and the end, in the dark scheme", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { colorScheme: "dark", viewport: { width: 1280, height: 720 } });
  await column(page, 4).waitFor();
  await axe(page, "start (dark)");
  await page.getByRole("radio", { name: "Two players" }).check();
  for (const n of [1, 2, 1, 2]) { await column(page, n).click(); await settled(page); }
  await page.getByRole("checkbox", { name: "Show analysis" }).check();
  await until(async () => (await page.locator(".c4-analysis b").first().textContent()) !== "", "the analysis", 30_000);
  await axe(page, "mid-game (dark)");
  await screenshot(page, "dark-analysis");
  await page.getByRole("checkbox", { name: "Show analysis" }).uncheck();
  for (const n of [1, 2, 1]) { await column(page, n).click(); await settled(page); }
  await page.getByRole("button", { name: "Play again" }).waitFor();
  await axe(page, "the end (dark)");
  await screenshot(page, "dark-end");
  assert.deepEqual(problems, []);
  await context.close();
});

test("How to play and Settings are one click away, with a visible marker", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  const howTo = page.getByText("How to play");
  const marker = await howTo.evaluate((e) => getComputedStyle(e, "::before").content);
  assert.notEqual(marker, "none", "a disclosure marker");
  assert.ok(!(await page.getByText(/first to line up four/).isVisible()));
  await howTo.click();
  assert.ok(await page.getByText(/first to line up four/).isVisible());
  // Opening Settings closes How to play; Escape closes Settings, and so does a press outside.
  await page.getByText("Settings").click();
  assert.ok(await page.getByLabel("Yellow is played by").isVisible());
  assert.ok(!(await page.getByText(/first to line up four/).isVisible()));
  await page.keyboard.press("Escape");
  assert.ok(!(await page.getByLabel("Yellow is played by").isVisible()), "Escape closes");
  await page.getByText("Settings").click();
  assert.ok(await page.getByLabel("Yellow is played by").isVisible());
  await page.locator(".site-header").click();
  assert.ok(!(await page.getByLabel("Yellow is played by").isVisible()), "a press outside closes");
  // A press on the board that closes a disclosure only closes it: no piece drops. The next
  // press plays, and so does the keyboard after a closing press elsewhere.
  await twoPlayers(page);
  await page.getByText("Settings").click();
  // (Column 1: the open panel floats over the board's right side.)
  await column(page, 1).click();
  assert.ok(!(await page.getByLabel("Yellow is played by").isVisible()), "the press on the board closes");
  const moves = () => page.evaluate(() => window.c4.state.moves);
  assert.equal(await moves(), "", "and drops no piece");
  await column(page, 1).click();
  assert.equal(await moves(), "1", "the next press plays");
  await page.getByText("Settings").click();
  await page.locator(".site-header").click();
  await column(page, 3).focus();
  await page.keyboard.press("Enter");
  await until(async () => (await moves()) === "13", "Enter plays after a closing press");
  assert.deepEqual(problems, []);
  await context.close();
});

test("B reads the whole board, row by row", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  for (const n of [4, 4, 5, 3]) { await column(page, n).click(); await settled(page); }
  // The keys work from the main choice too (its arrows stay its own).
  await page.getByRole("radio", { name: "Two players" }).focus();
  await page.keyboard.press("b");
  await until(async () => (await live(page)).startsWith("Board,"), "the board read");
  assert.equal((await live(page)).trim(),
    "Board, from the bottom row up: row 1: Yellow in column 3, Red in column 4, Red in column 5; row 2: Yellow in column 4; rows 3 to 6 empty.");
  assert.deepEqual(problems, []);
  await context.close();
});

test("reload keeps the game and the settings; Back and Forward keep it too", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.getByRole("radio", { name: "hard" }).check();
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
  await settled(page);
  await page.getByRole("checkbox", { name: "Show analysis" }).check();
  const moves = await movesOf(page);
  await page.reload();
  await column(page, 4).waitFor();
  assert.equal(await movesOf(page), moves);
  assert.ok(await page.getByRole("radio", { name: "hard" }).isChecked());
  assert.ok(await page.getByRole("checkbox", { name: "Show analysis" }).isChecked());
  // Away and back: the game is still there.
  await page.goto(new URL("embed.html", server.url).href);
  await page.goBack();
  await column(page, 4).waitFor();
  assert.equal(await movesOf(page), moves);
  await page.goForward();
  await page.goBack();
  await column(page, 4).waitFor();
  assert.equal(await movesOf(page), moves);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("saved data that is corrupt or from another version: a notice, and a fresh game", async () => {
  for (const bad of ["garbage", "v=99&moves=44&red=human&yellow=human&analysis=0&motion=0&sound=1", "v=1moves=4444444"]) {
    const { page, problems, context } = await openPage(browser, server.url);
    await column(page, 4).waitFor();
    await page.evaluate((bad) => localStorage.setItem("connect-four:game", bad), bad);
    await page.reload();
    await column(page, 4).waitFor();
    assert.equal(await live(page), "Your saved game could not be read, so a new game has started.");
    assert.equal(await movesOf(page), "");
    // The page works, and the details went to the console.
    await column(page, 4).click();
    await until(async () => (await moveCount(page)) === 1, "a move");
    assert.equal(unexpected(problems, "connect-four: ").length, 0, problems.join("\n"));
    assert.ok(problems.some((p) => p.startsWith("warning: connect-four:")), problems.join("\n"));
    await context.close();
  }
});

test("one unreadable field of a saved game: the rest is kept, the text is kept apart, and it is said once", async () => {
  const good = "v=2&moves=4453&red=human&yellow=human&analysis=0&motion=1&sound=0"
    + "&record=0.0.0.0-0.0.0.0-1.0.0.0-0.1.0.0&solved=0400000080&puzzle=0&helped=0";
  const field = (text, key) => new URLSearchParams(text).get(key);
  for (const key of ["moves", "red", "yellow", "analysis", "motion", "sound", "puzzle", "helped"]) {
    const bad = good.replace(`${key}=${field(good, key)}`, `${key}=zz`);
    const { page, problems, context } = await openPage(browser, server.url);
    await column(page, 4).waitFor();
    await page.evaluate((bad) => { localStorage.clear(); localStorage.setItem("connect-four:game", bad); }, bad);
    await page.reload();
    await column(page, 4).waitFor();
    assert.equal(await live(page), "Part of your saved game could not be read and was reset; the rest is kept.", key);
    // A move saves the game again: the record and the solved puzzles are still in it.
    const before = await moveCount(page);
    await column(page, 1).click();
    await until(async () => (await moveCount(page)) === before + 1, "a move");
    const saved = await page.evaluate(() => localStorage.getItem("connect-four:game"));
    // The record saved by version 2 (by each level's place: easy, medium, hard, perfect)
    // comes back by level name, its tallies intact: hard won 1, perfect lost 1, on 7 x 6.
    assert.equal(field(saved, "record"), "7x6.hard.1.0.0.0~7x6.perfect.0.1.0.0", `${key}: ${saved}`);
    assert.equal(field(saved, "solved"), field(good, "solved"), `${key}: ${saved}`);
    if (key !== "moves") assert.equal(field(saved, "moves"), "44531", `${key}: ${saved}`);
    // The text as it was is kept under a key of its own, and the console says where.
    assert.equal(await page.evaluate(() => localStorage.getItem("connect-four:game:unreadable")), bad);
    assert.ok(problems.some((p) => p.startsWith(`warning: connect-four: ${key}:`) && p.includes('kept under "connect-four:game:unreadable"')), problems.join("\n"));
    // Said once: the next visit reads its save whole.
    await page.reload();
    await column(page, 4).waitFor();
    assert.notEqual(await live(page), "Part of your saved game could not be read and was reset; the rest is kept.");
    assert.equal(unexpected(problems, "connect-four: ").length, 0, problems.join("\n"));
    await context.close();
  }
});

test("two boards on one page keep separate saves", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  const second = () => page.evaluate(() => {
    const div = document.createElement("div");
    document.body.append(div);
    window.second = window.wasmBindings.mount(div, { reducedMotion: true, storageKey: "connect-four:second" });
  });
  await second();
  // Two people on the page's board, so no computer's reply can race the reload.
  await page.evaluate(() => window.c4.setOptions({ red: "human", yellow: "human" }));
  await page.evaluate(() => { window.c4.play(3); window.second.play(0); });
  await settled(page, 0);
  await page.evaluate(() => window.second.play(6));
  await page.reload();
  await column(page, 4).waitFor();
  await second();
  assert.equal(await movesOf(page), "4");
  assert.equal(await page.evaluate(() => window.second.state.moves), "17");
  assert.deepEqual(problems, []);
  await context.close();
});

/** Counts the sounds the page starts (oscillators), without changing what they do. */
async function countSounds(context) {
  await context.addInitScript(() => {
    window.__sounds = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) { window.__sounds++; return start.apply(this, args); };
  });
}

test("sound: a landing click and a win cue; the mute is remembered; apart from reduced motion", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank");
  await countSounds(context);
  await page.goto(server.url);
  await column(page, 1).waitFor();
  await twoPlayers(page);
  const sound = page.getByRole("button", { name: "Sound" });
  assert.equal(await sound.getAttribute("aria-pressed"), "true");
  await column(page, 1).click();
  await until(() => page.evaluate(() => window.__sounds === 1), "the landing click");
  for (const n of [2, 1, 2, 1, 2]) { await column(page, n).click(); await settled(page); }
  const before = await page.evaluate(() => window.__sounds);
  assert.equal(before, 6, "one click per landing");
  await column(page, 1).click();
  await page.getByRole("button", { name: "Play again" }).waitFor();
  await until(() => page.evaluate((b) => window.__sounds > b + 1, before), "the win cue (several notes)");
  await sound.click();
  assert.equal(await sound.getAttribute("aria-pressed"), "false");
  await page.getByRole("button", { name: "Play again" }).click();
  await column(page, 4).click();
  await settled(page);
  const muted = await page.evaluate(() => window.__sounds);
  await column(page, 4).click();
  await settled(page);
  assert.equal(await page.evaluate(() => window.__sounds), muted, "no sound once muted");
  await page.reload();
  assert.equal(await page.getByRole("button", { name: "Sound" }).getAttribute("aria-pressed"), "false", "remembered");
  assert.deepEqual(problems, []);
  await context.close();

  // Motion and sound are separate choices: the site's sound is on under reduced motion too.
  const reduced = await openPage(browser, server.url, { reducedMotion: "reduce" });
  assert.equal(await reduced.page.getByRole("button", { name: "Sound" }).getAttribute("aria-pressed"), "true");
  // An embedded board is silent unless its page turns the sound on.
  assert.equal(await reduced.page.evaluate(() => {
    const div = document.createElement("div");
    document.body.append(div);
    const handle = window.wasmBindings.mount(div);
    const pressed = div.shadowRoot.querySelector(".c4-sound")?.getAttribute("aria-pressed") ?? null;
    handle.destroy();
    return pressed;
  }), "false");
  await reduced.context.close();
});

test("a slow computer shows an animated thinking indicator", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank");
  // A slow network: the computer's worker arrives after 1.5 s.
  await context.route("**/worker.js", async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response });
  });
  await page.goto(server.url);
  const dots = page.locator(".c4-dots");
  assert.equal(await dots.evaluate((e) => getComputedStyle(e).visibility), "hidden");
  await page.getByRole("radio", { name: "Yellow, second" }).check();
  assert.equal(await page.locator(".c4").getAttribute("aria-busy"), "true");
  await until(() => dots.evaluate((e) => getComputedStyle(e).visibility === "visible"), "the indicator");
  const moving = await dots.evaluate((e) => getComputedStyle(e.firstElementChild).animationName);
  assert.equal(moving, "c4-beat");
  await screenshot(page, "thinking");
  await until(async () => (await moveCount(page)) === 1, "the computer's move", 30_000);
  assert.equal(await dots.evaluate((e) => getComputedStyle(e).visibility), "hidden");
  assert.deepEqual(problems, []);
  await context.close();
});
