// Render on change: an idle board requests no animation frames and makes no canvas calls;
// a falling piece is painted at every frame the browser shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until, moveCount, twoPlayers } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const IDLE_MS = 3000;

/**
 * Records the timestamps of the page's animation-frame callbacks (`__gameFrames`), every
 * frame the browser shows (`__allFrames`, from a probe loop of its own, started by
 * `__watchFrames()`), and the number of drawing calls on every 2D canvas (`__canvasCalls`).
 */
async function instrument(context) {
  await context.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.__gameFrames = [];
    window.requestAnimationFrame = (cb) => raf((t) => { window.__gameFrames.push(t); cb(t); });
    window.__allFrames = [];
    window.__watchFrames = () => {
      const loop = (t) => { window.__allFrames.push(t); raf(loop); };
      raf(loop);
    };
    window.__canvasCalls = 0;
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of ["clearRect", "fillRect", "beginPath", "arc", "arcTo", "moveTo", "lineTo",
      "fill", "stroke", "setTransform", "setLineDash", "closePath"]) {
      const original = proto[name];
      proto[name] = function (...args) { window.__canvasCalls++; return original.apply(this, args); };
    }
  });
}

/** Frames requested and canvas calls made by the page over `ms` of doing nothing. */
async function idle(page, ms = IDLE_MS) {
  const before = await page.evaluate(() => [window.__gameFrames.length, window.__canvasCalls]);
  await page.waitForTimeout(ms);
  const after = await page.evaluate(() => [window.__gameFrames.length, window.__canvasCalls]);
  return { frames: after[0] - before[0], canvasCalls: after[1] - before[1] };
}

test("an idle board costs nothing; a fall is painted at every frame", async () => {
  const context = await browser.newContext();
  await instrument(context);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(server.url);
  await page.locator(".c4").waitFor();
  await twoPlayers(page);
  await page.locator(".c4-turn").filter({ hasText: "Red to move" }).waitFor();
  await page.waitForTimeout(300);
  const start = await idle(page);
  console.log(`idle at the start over ${IDLE_MS} ms: ${JSON.stringify(start)}`);
  assert.deepEqual(start, { frames: 0, canvasCalls: 0 }, "the empty board repaints while idle");

  // A fall: every frame the browser shows while the piece falls is one the game painted.
  await page.evaluate(() => window.__watchFrames());
  await page.waitForTimeout(100);
  const fallFrom = await page.evaluate(() => window.__gameFrames.length);
  await page.getByRole("button", { name: /^Column 4/ }).click();
  await until(async () => (await moveCount(page)) === 1, "the move");
  // The fall is over once the game asks for no more frames (how many it takes depends on
  // the machine's frame rate, so only "more than one" is asserted).
  let count = -1;
  await until(async () => {
    const now = await page.evaluate(() => window.__gameFrames.length);
    const still = now === count;
    count = now;
    await page.waitForTimeout(300);
    return still;
  }, "the fall's end");
  const { game, all } = await page.evaluate((from) => ({
    game: window.__gameFrames.slice(from), all: window.__allFrames,
  }), fallFrom);
  assert.ok(game.length >= 3, `the fall ran ${game.length} frames`);
  const [first, last] = [game[0], game.at(-1)];
  const shown = all.filter((t) => t >= first && t <= last);
  const painted = new Set(game);
  const missed = shown.filter((t) => !painted.has(t));
  console.log(`fall: ${game.length} game frames over ${Math.round(last - first)} ms; ${shown.length} frames shown, ${missed.length} missed`);
  assert.deepEqual(missed, [], "frames shown during the fall without the game painting");

  // Once the piece has landed, nothing moves and nothing is painted.
  const landed = await idle(page);
  console.log(`idle after a move over ${IDLE_MS} ms: ${JSON.stringify(landed)}`);
  assert.deepEqual(landed, { frames: 0, canvasCalls: 0 }, "the board repaints after the piece landed");

  // A pointer over the board paints the ghost once, without starting an animation loop.
  const calls = await page.evaluate(() => window.__canvasCalls);
  await page.getByRole("button", { name: /^Column 2/ }).hover();
  await until(() => page.evaluate((calls) => window.__canvasCalls > calls, calls), "the ghost painted");
  const hovering = await idle(page);
  assert.deepEqual(hovering, { frames: 0, canvasCalls: 0 }, "a still pointer repaints nothing");
  assert.deepEqual(problems, []);
  await context.close();
});
