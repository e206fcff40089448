// A board lives as long as its element, not its handle; destroy() works from any callback;
// a book that never arrives is treated as missing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serve, launch, openPage, until, moveCount, settled, CHROMIUM_ARGS, DIST } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const column = (page, n, index = 0) =>
  page.locator(".c4").nth(index).getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });

test("a handle that is dropped, freed or disposed leaves a board that still plays", async () => {
  // A browser whose garbage collector the test can run.
  const gcBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--js-flags=--expose-gc"],
  });
  try {
    const { page, problems } = await openPage(gcBrowser, server.url);
    await column(page, 4).waitFor();
    // Freed and disposed handles: their boards play on.
    await page.evaluate(() => window.c4.free());
    await column(page, 4).click();
    await until(async () => (await moveCount(page)) === 1, "a move after free()");
    await page.evaluate(() => {
      const div = document.createElement("div");
      div.id = "disposed";
      document.body.append(div);
      window.wasmBindings.mount(div, { reducedMotion: true })[Symbol.dispose]();
    });
    await column(page, 3, 1).click();
    await until(async () => (await moveCount(page, 1)) === 1, "a move after dispose");
    // A handle never kept: collected, and the board still plays.
    await page.evaluate(async () => {
      const div = document.createElement("div");
      div.id = "dropped";
      document.body.append(div);
      window.wasmBindings.mount(div, { reducedMotion: true });
      for (let i = 0; i < 5; i++) {
        window.gc();
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    for (const n of [2, 5]) {
      const before = await moveCount(page, 2);
      await column(page, n, 2).click();
      await until(async () => (await moveCount(page, 2)) === before + 1, `a move in column ${n} after gc`);
      await settled(page, 2);
    }
    assert.deepEqual(problems, []);
  } finally {
    await gcBrowser.close();
  }
});

test("destroy() from a focus handler the game itself set off removes the game cleanly", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await column(page, 4).waitFor();
  await page.getByRole("button", { name: "New game" }).focus();
  // N moves the focus to the board: the game is busy when this handler runs.
  await page.evaluate(() => {
    window.__deepAll(".c4")[0].addEventListener("focusin", () => window.c4.destroy(), { once: true });
  });
  await page.keyboard.press("n");
  await until(() => page.evaluate(() => window.__deepAll(".c4").length === 0), "the game removed");
  assert.equal(await page.evaluate(() => window.c4.destroyed), true);
  assert.equal(await page.evaluate(() => document.getElementById("game").shadowRoot.adoptedStyleSheets.length), 0, "its stylesheet released");
  // A new game mounts and plays.
  await page.evaluate(() => { window.again = window.wasmBindings.mount(document.getElementById("game"), {}); });
  await column(page, 2).click();
  await until(async () => (await moveCount(page)) >= 1, "the new game plays");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a book that never arrives: the lower levels play at once, the perfect one shows it waiting, then plays without it, told once", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  // Count the workers the page starts.
  await context.addInitScript(() => {
    window.__workers = 0;
    const Real = window.Worker;
    window.Worker = class extends Real { constructor(...args) { super(...args); window.__workers++; } };
  });
  let asked = 0;
  // A server that takes the request and never answers.
  await context.route("**/book.bin", () => { asked++; });
  await page.goto(server.url);
  // Keep every text the live region shows, once the game has mounted it.
  await until(() => page.evaluate(() => window.__deepAll(".c4-status").length > 0), "the status line");
  await page.evaluate(() => {
    window.__said = [];
    const status = window.__deepAll(".c4-status")[0];
    new MutationObserver(() => window.__said.push(status.textContent))
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 4).click();
  // Easy needs no book: it answers while the book is still on its way.
  await until(async () => (await moveCount(page)) === 2, "the computer's answer before the book", 30_000);
  const told = () => page.evaluate(() => window.__said.filter((s) => /could not load its opening book/.test(s)).length);
  assert.equal(await told(), 0);
  await settled(page);
  // The perfect level waits for it, and the turn line says so.
  await page.getByRole("radio", { name: "perfect" }).check();
  await column(page, 3).click();
  await page.locator(".c4-turn").filter({ hasText: /getting its opening book: 0 KB/ }).waitFor();
  // Nothing arrives for 20 s: the download has stalled. The player hears it once, and the
  // perfect level thinks without the book (slowly, this early). Taking the move back stops
  // that search, with its worker if it had begun (only this board used it); easy then
  // answers at once, and the player does not hear about the book again.
  await until(async () => (await told()) === 1, "the stalled book told", 40_000);
  await page.locator(".c4-turn").filter({ hasText: /thinking/ }).waitFor();
  assert.equal(await page.evaluate(() => window.__workers), 1, "one worker so far");
  await page.keyboard.press("u");
  await until(async () => (await moveCount(page)) === 2, "undone");
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 3).click();
  await until(async () => (await moveCount(page)) >= 4, "the next answer", 30_000);
  // If the search had begun, its worker was stopped and a new one started; if Undo came
  // first, the request was dropped from the queue and the same worker answers.
  const workers = await page.evaluate(() => window.__workers);
  assert.ok(workers === 1 || workers === 2, `${workers} workers`);
  // Easy's requests never ask for the book. Perfect's move asked the first worker; a second
  // worker (if the search was stopped) is asked by perfect's pondering after the Undo,
  // before easy is chosen.
  assert.equal(asked, workers, "each worker asks for the book once, for perfect");
  assert.equal(await told(), 1);
  assert.deepEqual(problems.filter((p) => !/opening book/.test(p)), []);
  await context.close();
});

test("a well-formed book that is not this build's (one bit of its array flipped) is refused; the computer plays on", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  const book = readFileSync(join(DIST, "book.bin"));
  const flipped = Buffer.from(book);
  flipped[flipped.length - 1000] ^= 4;
  await context.route("**/book.bin", (route) => route.fulfill({ body: flipped, contentType: "application/octet-stream" }));
  await page.goto(server.url);
  const errors = [];
  await page.exposeFunction("__error", (m) => errors.push(m));
  await page.evaluate(() => document.getElementById("game").addEventListener("c4-error", (e) => window.__error(e.detail.message)));
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer without the book", 30_000);
  // The lower levels never read the book, so nothing is fetched for them; a hint reads it.
  assert.deepEqual(errors, []);
  await page.keyboard.press("h");
  await until(() => errors.length > 0, "the book refused");
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /not the opening book this build was made with/);
  assert.deepEqual(problems.filter((p) => !p.includes("not the opening book")), []);
  await context.close();
});

