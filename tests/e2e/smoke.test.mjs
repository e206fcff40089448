// Release smoke test: the optimised build loads, a move is shown, the JS API works through
// the real glue, and nothing is logged.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, screenshot, until, cellPixel, near, COLORS, moveCount } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("the release build loads, plays a move and logs nothing", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  // A first visit plays the computer: Red is the visitor's.
  await page.locator(".c4-turn").filter({ hasText: "Your move (Red)" }).waitFor();
  await page.getByRole("button", { name: /^Column 4/ }).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
  await until(async () => near(await cellPixel(page, 3, 5, 0.3, 0), COLORS.red), "red piece at the bottom of column 4");
  const api = await page.evaluate(() => {
    const g = new window.wasmBindings.Game();
    const errors = [-1, 7, 3.5, NaN, Infinity, "3", null, undefined, {}, true].map((v) => {
      try { g.play(v); return "no error"; } catch (e) { return e instanceof Error ? e.message : "not an Error"; }
    });
    const ok = g.play(3);
    const full = window.wasmBindings.Game.fromMoves("444444");
    let fullError;
    try { full.play(3); } catch (e) { fullError = e.message; }
    full.play(2); // still usable after a refusal
    return { errors, moves: g.moves, ok, fullError, fullMoves: full.moves };
  });
  for (const message of api.errors) assert.match(message, /invalid column/);
  assert.equal(api.moves, "4");
  assert.equal(api.ok.row, 5);
  assert.equal(api.ok.winner, null);
  assert.match(api.fullError, /full/);
  assert.equal(api.fullMoves, "4444443");
  await screenshot(page, "00-smoke");
  assert.deepEqual(problems, []);
  await context.close();
});
