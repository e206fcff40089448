// The computer player in a real browser: moves come back from the worker, the page never
// blocks, cancellation is clean, and analysis and hints are shown and announced.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until, moveCount, screenshot } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Remounts the page's game with `options` and starts recording long tasks. */
async function remount(page, options) {
  await page.locator(".c4").waitFor();
  await page.evaluate((options) => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
    }).observe({ type: "longtask" });
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), options);
  }, options);
}

const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });
const live = (page) => page.getByRole("status").textContent();

test("a game against the computer: it answers from the worker and the page never blocks", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await remount(page, { yellow: "medium" });
  let played = 0;
  while (!(await page.getByRole("button", { name: "Play again" }).isVisible())) {
    const legal = await page.evaluate(() =>
      [...document.querySelectorAll(".c4-col")].filter((b) => b.getAttribute("aria-disabled") !== "true").map((b) => Number(b.dataset.column)));
    if (legal.length === 0) break;
    const before = await moveCount(page);
    // Prefer the centre, as a person might.
    const pick = legal.sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3))[played % legal.length];
    await column(page, pick + 1).click();
    await until(async () => (await moveCount(page)) >= before + 1, "my move");
    await until(async () => {
      if (await page.getByRole("button", { name: "Play again" }).isVisible()) return true;
      const turn = await page.locator(".c4-turn").textContent();
      return (await moveCount(page)) >= before + 2 && /Red to move/.test(turn);
    }, "the computer's reply", 60_000);
    played++;
  }
  assert.match(await live(page), /wins|draw/);
  const long = await page.evaluate(() => window.__long);
  assert.deepEqual(long.filter((d) => d > 50), [], `main-thread tasks over 50 ms: ${long}`);
  await screenshot(page, "06-vs-computer");
  assert.deepEqual(problems, []);
  await context.close();
});

test("undo during the computer's turn cancels it; a late answer never lands", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  // Perfect play after an unusual first move needs a long search: time to cancel.
  await remount(page, { yellow: "perfect" });
  await column(page, 1).click();
  await until(async () => /Yellow is thinking/.test(await page.locator(".c4-turn").textContent()), "thinking shown");
  assert.equal(await page.locator(".c4").getAttribute("aria-busy"), "true");
  await page.getByRole("button", { name: "Undo" }).click();
  await until(async () => (await moveCount(page)) === 0, "undone");
  assert.match(await page.locator(".c4-turn").textContent(), /Red to move/);
  // Start a new game too; then give any stray answer time to arrive.
  await page.getByRole("button", { name: "New game" }).click();
  await page.waitForTimeout(1500);
  assert.equal(await moveCount(page), 0, "no late move landed");
  assert.equal(await page.locator(".c4").getAttribute("aria-busy"), "false");
  // The computer still plays afterwards: switch Yellow to easy and move.
  await page.getByText("Settings").click();
  await page.getByLabel("Yellow is played by").selectOption("easy");
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "easy reply after the cancel", 30_000);
  assert.deepEqual(problems, []);
  await context.close();
});

test("computer against computer plays a whole game by itself", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await remount(page, { red: "medium", yellow: "easy", reducedMotion: true });
  await page.getByRole("button", { name: "Play again" }).waitFor({ timeout: 120_000 });
  assert.match(await live(page), /wins|draw/);
  assert.ok((await moveCount(page)) >= 7);
  const long = await page.evaluate(() => window.__long);
  assert.deepEqual(long.filter((d) => d > 50), [], `main-thread tasks over 50 ms: ${long}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("hint and analysis at the start are shown and announced", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.getByRole("button", { name: "Hint" }).click();
  await until(async () => /Hint: column \d/.test(await live(page)), "hint announced", 60_000);
  const hinted = /Hint: column (\d)/.exec(await live(page))[1];
  assert.match(await column(page, Number(hinted)).getAttribute("aria-label"), /hint: best move/);
  await page.getByRole("checkbox", { name: "Show analysis" }).check();
  await until(async () => /^Analysis: /.test(await live(page)), "analysis announced", 60_000);
  const labels = await page.locator(".c4-analysis span").allTextContents();
  assert.equal(labels.length, 7);
  for (const l of labels) assert.match(l, /^(win in \d+|draw|loses in \d+)$/);
  assert.match(await column(page, 4).getAttribute("aria-label"), /analysis: (win in \d+|draw|loses in \d+)/);
  await screenshot(page, "07-analysis");
  assert.deepEqual(problems, []);
  await context.close();
});
