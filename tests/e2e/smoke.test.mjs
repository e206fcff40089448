// Release smoke test: the optimised build loads, a move is shown, no console errors.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, screenshot } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("the release build loads, plays a move and logs nothing", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  const status = page.getByRole("status");
  await status.filter({ hasText: "Player 1 to move" }).waitFor();
  const canvas = page.locator("canvas");
  const box = await canvas.boundingBox();
  // Click the middle column.
  await canvas.click({ position: { x: box.width * 3.5 / 7, y: box.height / 2 } });
  await status.filter({ hasText: "Player 2 to move" }).waitFor();
  // The bottom cell of column 4 now shows player 1's colour.
  const pixel = await page.evaluate(() => {
    const c = document.querySelector("canvas");
    return Array.from(c.getContext("2d").getImageData(350, 550, 1, 1).data);
  });
  assert.deepEqual(pixel.slice(0, 3), [0xdc, 0x26, 0x26]);
  // The JS API through the real glue: bad input throws and changes nothing.
  const api = await page.evaluate(() => {
    const g = new window.wasmBindings.Game();
    const errors = [-1, 7, 3.5, NaN, Infinity, "3", null, undefined, {}, true].map((v) => {
      try { g.play(v); return "no error"; } catch (e) { return e instanceof Error ? e.message : "not an Error"; }
    });
    const ok = g.play(3);
    return { errors, moves: g.moves, ok };
  });
  for (const message of api.errors) assert.match(message, /invalid column/);
  assert.equal(api.moves, "4");
  assert.equal(api.ok.row, 5);
  assert.equal(api.ok.winner, null);
  await screenshot(page, "smoke");
  assert.deepEqual(problems, []);
  await context.close();
});
