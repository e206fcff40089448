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
    document.querySelector(".c4").addEventListener("focusin", () => window.c4.destroy(), { once: true });
  });
  await page.keyboard.press("n");
  await until(() => page.evaluate(() => document.querySelectorAll(".c4").length === 0), "the game removed");
  assert.equal(await page.evaluate(() => window.c4.destroyed), true);
  assert.equal(await page.evaluate(() => document.adoptedStyleSheets.length), 0, "its stylesheet released");
  // A new game mounts and plays.
  await page.evaluate(() => { window.again = window.wasmBindings.mount(document.getElementById("game"), {}); });
  await column(page, 2).click();
  await until(async () => (await moveCount(page)) >= 1, "the new game plays");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a book that never arrives: told once, the computer plays without it, later workers do not wait", async () => {
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
  // Keep every text the live region shows.
  await page.evaluate(() => {
    window.__said = [];
    const status = document.querySelector(".c4-status");
    new MutationObserver(() => window.__said.push(status.textContent))
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 4).click();
  // The book is given 10 s; then the computer answers without it.
  await until(async () => (await moveCount(page)) === 2, "the computer's answer without the book", 30_000);
  const told = () => page.evaluate(() => window.__said.filter((s) => /could not load its opening book/.test(s)).length);
  assert.equal(await told(), 1);
  await settled(page);
  // Undo while the computer thinks (perfect, without its book: a while): its worker is
  // replaced, and the new one starts at once, without the book.
  await page.getByRole("radio", { name: "perfect" }).check();
  await column(page, 3).click();
  await until(() => page.evaluate(() => document.querySelector(".c4").getAttribute("aria-busy") === "true"), "thinking");
  await page.keyboard.press("u");
  await until(async () => (await moveCount(page)) === 2, "undone");
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 3).click();
  await until(async () => (await moveCount(page)) >= 4, "the next answer", 30_000);
  assert.ok(await page.evaluate(() => window.__workers) >= 2, `a second worker: ${await page.evaluate(() => window.__workers)} ${await page.evaluate(() => window.c4.state.moves)}`);
  assert.equal(asked, 1, "one request for the book, however many workers");
  assert.equal(await told(), 1, "told once");
  const said = problems.filter((p) => p.includes("did not arrive"));
  assert.equal(said.length, 1, problems.join("\n"));
  assert.deepEqual(problems.filter((p) => !p.includes("did not arrive")), []);
  await context.close();
});

test("a well-formed book that is not this build's (every score flipped) is refused; the computer plays on", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  const book = readFileSync(join(DIST, "book.bin"));
  const flipped = Buffer.from(book);
  for (let i = 13; i < flipped.length; i++) flipped[i] = (256 - flipped[i]) & 255;
  await context.route("**/book.bin", (route) => route.fulfill({ body: flipped, contentType: "application/octet-stream" }));
  await page.goto(server.url);
  const errors = [];
  await page.exposeFunction("__error", (m) => errors.push(m));
  await page.evaluate(() => document.getElementById("game").addEventListener("c4-error", (e) => window.__error(e.detail.message)));
  await page.getByRole("radio", { name: "easy" }).check();
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer without the book", 30_000);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /not the opening book this build was made with/);
  assert.deepEqual(problems.filter((p) => !p.includes("not the opening book")), []);
  await context.close();
});

