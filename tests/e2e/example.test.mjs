// The embedding example (examples/), on the built package: two boards with different themes
// and modes, one in German, and a live log of both boards' events.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until, screenshot, ROOT } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(ROOT); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("the example page: two boards, one in German, and the events' log", async () => {
  const { page, problems, context } = await openPage(browser, server.url + "examples/", { viewport: { width: 1280, height: 900 } });
  await until(() => page.evaluate(() => performance.getEntriesByName("c4-first-board").length === 2), "two boards drawn");
  const drawn = await page.evaluate(() => Math.round(performance.getEntriesByName("c4-first-board")[1].startTime));
  console.log(`two boards drawn ${drawn} ms after navigation`);
  const a = page.locator("#board-a .c4");
  const b = page.locator("#board-b .c4");
  assert.equal(await a.getAttribute("data-theme"), "light");
  assert.equal(await b.getAttribute("data-theme"), "dark");
  await until(async () => (await b.locator(".c4-turn").textContent()) === "Rot ist am Zug", "board B in German");
  // Board A is a person against the computer.
  // (Its analysis waits for the book first, and the turn line shows that wait.)
  await until(async () => (await a.locator(".c4-turn").textContent()) === "Your move (Red)", "board A: your move", 30_000);
  // A move on each board shows in the log.
  await page.locator("#board-a").getByRole("button", { name: /^Column 4/ }).click();
  await page.locator("#board-b").getByRole("button", { name: /^Spalte 3/ }).click();
  await until(async () => {
    const log = await page.locator("#log").textContent();
    return /A c4-move .*"by":"hard"/.test(log) && /B c4-move .*"moves":"3"/.test(log) && /A c4-move .*"moves":"4"/.test(log);
  }, "both boards' moves logged", 30_000);
  await screenshot(page, "example");
  assert.deepEqual(problems, []);
  await context.close();
});
