// The browser game, played as a person would: mouse, keyboard, touch, screen reader names.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  serve, launch, openPage, screenshot, until, cellPixel, near, COLORS, faded, moveCount, installProbe,
  settled, contrast, axe, twoPlayers,
} from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });
const liveText = (page) => page.getByRole("status").first().textContent();

/**
 * Clicks column `index` (0-based) and, in the same task, reads the canvas pixel in the bottom
 * cell of that column: with no animation the piece is already there.
 */
function clickAndProbe(page, index) {
  return page.evaluate((index) => {
    window.__deepAll(`.c4-col[data-column="${index}"]`)[0].click();
    const { canvas, x, y } = window.__cellPoint(0, index, 5.5, 0.8);
    return window.__probePixel(canvas, x, y);
  }, index);
}

/** Clicks column n (1-based) and waits until the move is on the board. */
async function clickColumn(page, n) {
  const before = await moveCount(page);
  await column(page, n).click();
  await until(async () => (await moveCount(page)) === before + 1, `move in column ${n}`);
  await settled(page);
}

test("a whole game won with the mouse: live region, Play again, faded checkers", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { viewport: { width: 900, height: 1000 } });
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await screenshot(page, "01-start");
  await axe(page, "start");
  // The board's outline is drawn whole: at the board's left, right and bottom edges (which
  // nearly touch the canvas's), the pixel on the line has the outline's colour.
  const edges = { left: [0, 3, -0.5, 0], right: [6, 3, 0.5, 0], bottom: [3, 5, 0, 0.5] };
  for (const [side, [col, row, dx, dy]] of Object.entries(edges)) {
    const rgba = await cellPixel(page, col, row, dx, dy);
    assert.ok(near(rgba, COLORS.boardEdge, 24), `outline ${side}: ${rgba}`);
  }
  // Red plays column 1 four times; Yellow plays column 2 three times.
  for (const n of [1, 2, 1, 2, 1]) await clickColumn(page, n);
  // Catch the next piece mid-air: right after the click its cell is still empty.
  await column(page, 2).click();
  const midAir = await cellPixel(page, 1, 2, 0.3, 0);
  assert.ok(near(midAir, COLORS.backdrop, 12), `cell still empty during the fall: ${midAir}`);
  await screenshot(page, "03-falling");
  await until(async () => near(await cellPixel(page, 1, 3, 0.3, 0), COLORS.yellow), "yellow lands");
  await screenshot(page, "02-mid-game");
  await axe(page, "mid-game");
  assert.match(await column(page, 1).getAttribute("aria-label"), /^Column 1, 3 of 6 filled: Red, Red, Red/);
  await column(page, 1).click();
  const again = page.getByRole("button", { name: "Play again" });
  await again.waitFor();
  assert.match(await liveText(page), /Red wins/);
  await until(async () => (await again.evaluate((b) => window.__focused() === b)), "focus on Play again");
  // The yellow checkers (not in the line) fade half-way to the dim colour; the red line stays.
  await until(async () => near(await cellPixel(page, 1, 5, 0.3, 0), faded(COLORS.yellow)), "yellow faded");
  assert.ok(near(await cellPixel(page, 0, 5, 0.3, 0), COLORS.red), "winning checker at full strength");
  // The winning checkers carry a white ring that does not depend on colour.
  assert.ok(near(await cellPixel(page, 0, 2, 0, -0.209), [255, 255, 255], 30), "marker ring");
  await screenshot(page, "04-faded-finish");
  await axe(page, "game over");
  await again.click();
  await until(async () => (await moveCount(page)) === 0, "new game");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a whole game to a draw with the keyboard alone", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  // Past the main choice into the board: the selected column takes focus.
  for (let i = 0; i < 10 && !(await page.evaluate(() => window.__focused()?.classList.contains("c4-col"))); i++) {
    await page.keyboard.press("Tab");
  }
  assert.match(await page.evaluate(() => window.__focused().getAttribute("aria-label")), /^Column 4/);
  const moves = "423543352361621225217353176654765447161747";
  let selected = 4;
  for (let i = 0; i < moves.length; i++) {
    const target = Number(moves[i]);
    if (i % 3 === 2) {
      await page.keyboard.press(String(target)); // digits drop directly
    } else {
      while (selected !== target) {
        await page.keyboard.press(target < selected ? "ArrowLeft" : "ArrowRight");
        selected += target < selected ? -1 : 1;
      }
      await page.keyboard.press(i % 2 ? "Space" : "Enter");
    }
    selected = target;
    await until(async () => (await moveCount(page)) === i + 1, `move ${i + 1}`);
    await settled(page);
  }
  await page.getByRole("button", { name: "Play again" }).waitFor();
  await until(async () => /draw/.test(await liveText(page)), "draw announced");
  // Play again has the focus, and Enter starts over.
  await page.keyboard.press("Enter");
  await until(async () => (await moveCount(page)) === 0, "new game by keyboard");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a full column is refused and nothing changes", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  for (let i = 0; i < 6; i++) await clickColumn(page, 1);
  assert.match(await column(page, 1).getAttribute("aria-label"), /^Column 1, full/);
  assert.equal(await column(page, 1).getAttribute("aria-disabled"), "true");
  // A person can still press it (it stays focusable): by mouse, then by key.
  await column(page, 1).click({ force: true });
  await until(async () => /Column 1 is full/.test(await liveText(page)), "refusal announced");
  await page.getByRole("button", { name: "Undo" }).focus();
  await page.keyboard.press("1");
  await until(async () => /Column 1 is full\s*$/.test(await liveText(page)), "refusal by key");
  assert.equal(await moveCount(page), 6);
  assert.match(await page.locator(".c4-turn").textContent(), /Red to move/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("undo and new game, by button and by key", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  const undo = page.getByRole("button", { name: "Undo" });
  assert.equal(await undo.isDisabled(), true);
  for (const n of [4, 4, 3]) await clickColumn(page, n);
  await undo.click();
  await until(async () => (await moveCount(page)) === 2, "undo by button");
  assert.match(await liveText(page), /Undid Red in column 3/);
  await column(page, 5).focus();
  await page.keyboard.press("u");
  await until(async () => (await moveCount(page)) === 1, "undo by key");
  await page.keyboard.press("n");
  await until(async () => (await moveCount(page)) === 0, "new game by key");
  await clickColumn(page, 2);
  await page.getByRole("button", { name: "New game" }).click();
  await until(async () => (await moveCount(page)) === 0, "new game by button");
  assert.match(await liveText(page), /New game/);
  assert.ok(near(await cellPixel(page, 1, 5, 0.3, 0), COLORS.backdrop), "board cleared");
  // A new game by mistake: undo brings the last one back.
  assert.equal(await undo.isDisabled(), false);
  await undo.click();
  await until(async () => (await moveCount(page)) === 1, "the last game back");
  assert.match(await liveText(page), /The last game is back/);
  await undo.click();
  await until(async () => (await moveCount(page)) === 0, "and its move undone");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a phone in portrait: taps drop pieces, nothing shifts or scrolls sideways", async () => {
  const { page, problems, context } = await openPage(browser, server.url, {
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  await column(page, 4).waitFor();
  await twoPlayers(page);
  const stage = page.locator(".c4-stage");
  const box0 = await stage.boundingBox();
  for (const n of [4, 3, 4]) {
    const before = await moveCount(page);
    await column(page, n).tap();
    await until(async () => (await moveCount(page)) === before + 1, `tap ${n}`);
    await settled(page);
  }
  await until(async () => near(await cellPixel(page, 3, 4, 0.3, 0), COLORS.backdrop) === false, "pieces drawn");
  // The tapped column keeps the focus, but no piece waits above it: the headroom there
  // looks as it does above a column never touched.
  await page.waitForTimeout(300);
  assert.deepEqual(await cellPixel(page, 3, -0.9), await cellPixel(page, 0, -0.9), "no piece left above the tapped column");
  assert.deepEqual(await stage.boundingBox(), box0, "layout did not shift");
  const { scrollWidth, innerWidth, touchAction, canvasWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    touchAction: getComputedStyle(window.__deepAll(".c4-col")[0]).touchAction,
    canvasWidth: window.__deepAll(".c4-stage canvas")[0].width,
  }));
  assert.ok(scrollWidth <= innerWidth, `no sideways scroll: ${scrollWidth} > ${innerWidth}`);
  assert.equal(touchAction, "manipulation", "no double-tap zoom");
  assert.ok(canvasWidth >= box0.width * 3 - 2, "canvas drawn at device resolution");
  await screenshot(page, "05-phone");
  assert.deepEqual(problems, []);
  await context.close();
});

test("reduced motion: pieces appear at once and the fade is short", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await page.getByText("Settings").click();
  assert.equal(await page.getByRole("checkbox", { name: "Reduce motion" }).isChecked(), true);
  // Click and read the pixel in the same task: no fall, the piece is already there.
  const pixel = await clickAndProbe(page, 3);
  assert.ok(near(pixel, COLORS.red), `piece at rest at once: ${pixel}`);
  // The settings toggle turns motion back on: now the same read finds an empty cell.
  await page.getByRole("checkbox", { name: "Reduce motion" }).uncheck();
  const moving = await clickAndProbe(page, 2);
  assert.ok(!near(moving, COLORS.yellow), `with motion the piece is still falling: ${moving}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("two boards on one page do not interfere, and destroy() cleans up", async () => {
  const context = await browser.newContext();
  await installProbe(context);
  // Count live listeners and pending animation frames, to check destroy() leaves none.
  await context.addInitScript(() => {
    const live = new Map();
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, fn, opts) {
      if (!live.has(fn)) live.set(fn, 0);
      live.set(fn, live.get(fn) + 1);
      return add.call(this, type, fn, opts);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, opts) {
      if (live.has(fn)) { const n = live.get(fn) - 1; n ? live.set(fn, n) : live.delete(fn); }
      return remove.call(this, type, fn, opts);
    };
    const raf = window.requestAnimationFrame.bind(window);
    const caf = window.cancelAnimationFrame.bind(window);
    const pending = new Set();
    window.requestAnimationFrame = (cb) => {
      const id = raf((t) => { pending.delete(id); cb(t); });
      pending.add(id);
      return id;
    };
    window.cancelAnimationFrame = (id) => { pending.delete(id); caf(id); };
    window.__live = () => ({ listeners: [...live.values()].reduce((a, b) => a + b, 0), frames: pending.size });
  });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(server.url + "embed.html");
  await until(() => page.evaluate(() => Array.isArray(window.boards)), "boards mounted");
  assert.equal(await page.locator(".c4").count(), 2);
  // Each board in its host's shadow root, both with the one stylesheet, the page's untouched.
  const sheets = () => page.evaluate(() => {
    const [left, right] = ["left", "right"].map((id) => document.getElementById(id).shadowRoot.adoptedStyleSheets);
    return { left: left.length, right: right.length, same: left[0] === right[0], page: document.adoptedStyleSheets.length };
  });
  assert.deepEqual(await sheets(), { left: 1, right: 1, same: true, page: 0 }, "one shared stylesheet");
  const a = page.locator("#left");
  const b = page.locator("#right");
  await a.getByRole("button", { name: /^Column 4/ }).click();
  await until(async () => (await moveCount(page, 0)) === 1, "board A moved");
  assert.equal(await moveCount(page, 1), 0, "board B untouched");
  await b.getByRole("button", { name: /^Column 2/ }).focus();
  await page.keyboard.press("7");
  await until(async () => (await moveCount(page, 1)) === 1, "board B moved by key");
  assert.equal(await moveCount(page, 0), 1, "board A untouched by B's keys");
  assert.match(await a.getByRole("status").textContent(), /column 4/);
  assert.match(await b.getByRole("status").textContent(), /column 7/);

  // Start a fall on A, then destroy both mid-animation.
  await a.getByRole("button", { name: /^Column 1/ }).click();
  const saved = await page.evaluate(() => window.boards[0].state.moves);
  await page.evaluate(() => { window.boards.forEach((h) => h.destroy()); window.boards.forEach((h) => h.destroy()); });
  assert.equal(await page.locator(".c4").count(), 0, "DOM removed");
  await page.waitForTimeout(100);
  const after = await page.evaluate(() => window.__live());
  assert.deepEqual(after, { listeners: 0, frames: 0 }, "no listener or frame left behind");
  assert.deepEqual(await sheets(), { left: 0, right: 0, same: true, page: 0 }, "shared style removed with each board");
  // Mounting again works, on the game A saved.
  await page.evaluate(async () => {
    const { mount } = await import("./connect-four.js");
    window.again = mount(document.getElementById("left"), { storageKey: "connect-four:left" });
  });
  assert.equal(await page.evaluate(() => window.again.state.moves), saved);
  await settled(page);
  await page.locator("#left").getByRole("button", { name: /^Column 3/ }).click();
  await until(async () => (await moveCount(page, 0)) === saved.length + 1, "remounted board plays");
  assert.deepEqual(problems, []);
  await context.close();
});

test("bad mount input gets a clear error", async () => {
  const { page, problems, context } = await openPage(browser, server.url + "embed.html");
  await until(() => page.evaluate(() => Array.isArray(window.boards)), "boards mounted");
  const errors = await page.evaluate(async () => {
    const { mount } = await import("./connect-four.js");
    const tryMount = (...args) => { try { mount(...args); return "no error"; } catch (e) { return e.message; } };
    return [
      tryMount(null, {}),
      tryMount(document.body, { colour: "red" }),
      tryMount(document.body, { red: "godlike" }),
      tryMount(document.body, { moves: "4408" }),
      tryMount(document.body, { bookUrl: "http://[bad" }),
      tryMount(document.body, { bookUrl: 7 }),
      tryMount(document.body, { texts: { red: "Rot", yellow: 5 } }),
      tryMount(document.body, { texts: "Rot" }),
    ];
  });
  assert.match(errors[0], /HTML element/);
  assert.match(errors[1], /unknown field/);
  assert.match(errors[2], /unknown level/);
  assert.match(errors[3], /moves: invalid move 3/);
  assert.match(errors[4], /bookUrl: bad URL "http:\/\/\[bad"/);
  assert.equal(errors[5], "invalid mount options: bookUrl: expected a string, not 7");
  assert.equal(errors[6], "invalid mount options: texts.yellow: expected a string, not 5");
  assert.equal(errors[7], 'invalid mount options: texts: expected an object of strings, not "Rot" (a string)');
  assert.equal(await page.locator(".c4").count(), 2, "nothing half-mounted");
  assert.deepEqual(problems, []);
  await context.close();
});

test("two quick taps during a fall in two-player mode play both pieces, one after the other", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await twoPlayers(page);
  await page.locator(".c4-turn").filter({ hasText: "Red to move" }).waitFor();
  await column(page, 4).dblclick();
  await until(async () => (await moveCount(page)) === 2, "both moves");
  await settled(page);
  assert.equal(await page.evaluate(() => window.c4.state.moves), "44");
  assert.match(await page.locator(".c4-turn").textContent(), /Red to move/);
  // A double-tap on a phone, too.
  const phone = await openPage(browser, server.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.page.locator(".c4").waitFor();
  await twoPlayers(phone.page);
  const target = column(phone.page, 2);
  await target.tap();
  await target.tap();
  await until(async () => (await moveCount(phone.page)) === 2, "both taps played");
  assert.deepEqual([...problems, ...phone.problems], []);
  await phone.context.close();
  await context.close();
});

test("faded checkers keep 2:1 against the empty holes, in light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page, problems, context } = await openPage(browser, server.url, { colorScheme });
    await page.locator(".c4").waitFor();
    // Red wins in column 1; Yellow's checkers in column 2 fade.
    await page.evaluate(() => {
      window.c4.destroy();
      window.c4 = window.wasmBindings.mount(document.getElementById("game"), { reducedMotion: true, moves: "12121" });
      window.c4.play(1);
      window.c4.play(0);
    });
    await page.getByRole("button", { name: "Play again" }).waitFor();
    // The short fade of reduced motion: read once the faded checker stops changing (how
    // soon depends on the machine's frames, not a fixed wait).
    let last = null;
    await until(async () => {
      const now = JSON.stringify(await cellPixel(page, 1, 5, 0.3, 0));
      const still = now === last;
      last = now;
      if (!still) await page.waitForTimeout(150);
      return still;
    }, "the fade's end");
    const hole = await cellPixel(page, 4, 5, 0.3, 0);
    const fadedYellow = await cellPixel(page, 1, 5, 0.3, 0);
    const winningRed = await cellPixel(page, 0, 5, 0.3, 0);
    // Red's faded checkers: none here lost; Yellow's are the faded ones.
    const ratio = contrast(fadedYellow, hole);
    console.log(`${colorScheme}: faded yellow ${fadedYellow} on hole ${hole}: ${ratio.toFixed(2)}:1`);
    assert.ok(ratio >= 2, `${colorScheme}: faded yellow ${ratio.toFixed(2)}:1 against the hole`);
    assert.ok(contrast(winningRed, fadedYellow) > 1.2, "the winning four stands apart from the faded");
    await screenshot(page, `faded-${colorScheme}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("undo from the result keeps the keyboard in the game", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.locator(".c4").waitFor();
  await page.evaluate(() => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { reducedMotion: true, moves: "121212" });
  });
  await column(page, 1).focus();
  await page.keyboard.press("1");
  const again = page.getByRole("button", { name: "Play again" });
  await until(async () => (await again.evaluate((b) => window.__focused() === b)), "focus on Play again");
  await page.keyboard.press("u");
  await until(async () => (await moveCount(page)) === 6, "the win undone");
  assert.match(await page.evaluate(() => window.__focused().getAttribute("aria-label") ?? ""), /^Column /);
  // The keys still work.
  await page.keyboard.press("2");
  await until(async () => (await moveCount(page)) === 7, "a move by key after the undo");
  assert.deepEqual(problems, []);
  await context.close();
});
