// Long runs of the release build in headless Chromium, outside the test command. Needs dist/
// (`make soak` and `make throttle` build it first).
//
//   node scripts/soak.mjs soak [SECONDS]   computer against computer at mixed levels, with
//                                           animation on (default 600 s). Reports games,
//                                           moves, console errors and warnings, uncaught
//                                           exceptions and failed requests (none allowed: exit 1),
//                                           stalls (no move for 30 s), frame times, long
//                                           tasks, and the JS heap and wasm memory.
//   node scripts/soak.mjs throttle [RATE]  a person against `hard`, then `perfect`, with the
//                                           CPU slowed RATE times (default 6) through
//                                           Emulation.setCPUThrottlingRate. Reports each
//                                           computer move's time and the long tasks.
//
// Figures are printed and written to target/soak.json or target/throttle.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
// The e2e tests' server and browser: the same Chromium flags, and the same record of console
// errors, warnings, uncaught exceptions and failed requests.
import { serve, launch, openPage, ROOT } from "../tests/e2e/harness.mjs";

const [mode = "soak", arg] = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await serve();
const browser = await launch();
const { page, context, problems: errors } = await openPage(browser, "about:blank", {
  viewport: { width: 1280, height: 800 },
});
page.on("worker", (w) => w.on("console", (m) => m.type() === "error" && errors.push(`worker: ${m.text()}`)));
await page.goto(server.url);
await page.locator(".c4-col").first().waitFor();
const cdp = await context.newCDPSession(page);

/** Records frame intervals, long tasks and the host's events from now on. */
await page.evaluate(() => {
  const s = (window.__soak = { frames: [], long: [], moves: [], ends: 0, lastMove: performance.now() });
  let last = performance.now();
  const frame = (t) => { s.frames.push(t - last); last = t; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) s.long.push(Math.round(e.duration));
  }).observe({ type: "longtask" });
  const host = document.getElementById("game");
  host.addEventListener("c4-move", (e) => { s.moves.push({ t: performance.now(), by: e.detail.by }); s.lastMove = performance.now(); });
  host.addEventListener("c4-end", () => { s.ends++; s.over = true; });
  host.addEventListener("c4-newgame", () => { s.over = false; });
});

async function memory() {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const wasm = await page.evaluate(async () => (await (await import("./connect_four.js")).default()).memory.buffer.byteLength);
  return { heapMB: +(usedSize / 2 ** 20).toFixed(1), wasmMB: +(wasm / 2 ** 20).toFixed(1) };
}

function percentiles(values) {
  const v = [...values].sort((a, b) => a - b);
  const at = (p) => +(v[Math.min(v.length - 1, Math.floor(p * v.length))] ?? 0).toFixed(1);
  return { count: v.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: +(v.at(-1) ?? 0).toFixed(1) };
}

function report(name, figures) {
  mkdirSync(join(ROOT, "target"), { recursive: true });
  writeFileSync(join(ROOT, "target", `${name}.json`), JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
}

const LEVELS = ["easy", "medium", "hard", "perfect"];

async function soak(seconds) {
  const start = await memory();
  const pairs = LEVELS.flatMap((red) => LEVELS.map((yellow) => ({ red, yellow })));
  let game = 0;
  let stalls = 0;
  const newGame = () => page.evaluate((o) => window.c4.newGame(o), pairs[game++ % pairs.length]);
  await newGame();
  const end = Date.now() + seconds * 1000;
  let ends = 0;
  let nextNote = Date.now() + 30_000;
  while (Date.now() < end) {
    await sleep(500);
    const s = await page.evaluate(() => ({ ends: window.__soak.ends, idle: performance.now() - window.__soak.lastMove }));
    if (s.ends > ends) {
      ends = s.ends;
      await sleep(300);
      await newGame();
    } else if (s.idle > 30_000) {
      stalls++;
      console.log(`stall: no move for ${Math.round(s.idle / 1000)} s in game ${game}`);
      await newGame();
      await page.evaluate(() => { window.__soak.lastMove = performance.now(); });
    }
    if (Date.now() >= nextNote) {
      nextNote += 30_000;
      console.log(`${Math.round((end - Date.now()) / 1000)} s left, ${ends} games`);
    }
  }
  const s = await page.evaluate(() => ({ frames: window.__soak.frames, long: window.__soak.long, moves: window.__soak.moves.length }));
  const figures = {
    seconds,
    games: ends,
    moves: s.moves,
    stalls,
    consoleErrors: errors,
    frameMs: { ...percentiles(s.frames), over50: s.frames.filter((f) => f > 50).length, over100: s.frames.filter((f) => f > 100).length },
    longTasksMs: { ...percentiles(s.long) },
    memory: { start, end: await memory() },
  };
  report("soak", figures);
  return errors.length === 0 && stalls === 0;
}

async function throttle(rate) {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const figures = { rate, levels: {} };
  for (const level of ["hard", "perfect"]) {
    await page.evaluate((o) => { window.c4.newGame(o); window.__soak.long = []; window.__soak.moves = []; }, { yellow: level });
    // The person (Red) plays a fixed, reasonable line; the computer answers each move.
    const asked = [];
    for (const column of [4, 4, 3, 5, 2, 6, 3, 5, 1, 7, 2, 6, 1, 7, 3, 5, 4, 2, 6, 1, 7]) {
      const over = await page.evaluate(() => window.__soak.over);
      if (over) break;
      const button = page.getByRole("button", { name: new RegExp(`^Column ${column}\\b`) });
      if (await button.getAttribute("aria-disabled") === "true") continue;
      // A person moves once the last piece has landed and the computer is not thinking.
      await page.waitForFunction(() => {
        const root = document.querySelector(".c4");
        return root.dataset.moving === "false" && root.getAttribute("aria-busy") !== "true";
      }, null, { timeout: 120_000, polling: 20 });
      const count = await page.evaluate(() => window.__soak.moves.length);
      await button.click();
      const done = await page.waitForFunction(
        (n) => window.__soak.moves.length >= n + 2 || window.__soak.over,
        count, { timeout: 120_000, polling: 20 },
      ).then(() => true, () => false);
      if (!done) { asked.push(null); break; }
      // From the person's move to the computer's, as the page saw them.
      const wait = await page.evaluate((n) => {
        const [mine, reply] = window.__soak.moves.slice(n, n + 2);
        return reply && mine.by === "human" ? reply.t - mine.t : null;
      }, count);
      if (wait !== null) asked.push(Math.round(wait));
    }
    const long = await page.evaluate(() => window.__soak.long);
    figures.levels[level] = {
      computerMoveMs: { ...percentiles(asked.filter((x) => x !== null)), all: asked },
      longTasksMs: { ...percentiles(long), all: long },
    };
  }
  figures.consoleErrors = errors;
  report("throttle", figures);
  return errors.length === 0;
}

const ok = mode === "throttle" ? await throttle(Number(arg ?? 6)) : await soak(Number(arg ?? 600));
await browser.close();
await server.close();
process.exit(ok ? 0 : 1);
