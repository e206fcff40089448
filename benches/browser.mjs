// Browser figures for the release build (run `trunk build --release` first):
// gzipped wasm + JS size, time from navigation to the first drawn board, frame times
// during a fall, the longest main-thread task while the computer (medium) thinks, against
// the 50 ms goal (the worker searches; the page should stay free), and the perfect level's
// time per move in the page (the same module the
// game's worker runs). Figures only: nothing here is a pass/fail test.
//   node benches/browser.mjs [--perfect-limit N] [--seed S]
// N: Test_L1_R3 positions timed (default 20). S: the solvers' seed, so that a run can be
// repeated exactly (default: a fresh random seed per solver, as in the game).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { serve, launch, DIST } from "../tests/e2e/harness.mjs";
import { perfectGroups, perfectHeader, perfectRow, perfectRowsByMoves } from "./perfect-groups.mjs";

const args = process.argv.slice(2);
const limitAt = args.indexOf("--perfect-limit");
const l1r3 = limitAt >= 0 ? Number(args[limitAt + 1]) : 20;
const seedAt = args.indexOf("--seed");
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : undefined;

/** A dist file's raw and gzipped sizes (gzip -9). */
const sizes = (f) => {
  const raw = readFileSync(join(DIST, f));
  return { raw: raw.length, gz: gzipSync(raw, { level: 9 }).length };
};
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const table = (title, paths) => {
  let total = 0;
  console.log(title);
  for (const path of paths) {
    const { raw, gz } = sizes(path);
    total += gz;
    console.log(`  ${path || "/"}: ${kib(raw)} raw, ${kib(gz)} gzipped`);
  }
  console.log(`  total: ${kib(total)} gzipped (${total} B)`);
};
const server = await serve();
const browser = await launch();
{
  // What the page fetches before its first board, as served (the service worker's own
  // downloads come later and are left out: they are not waited for).
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName("c4-first-board").length > 0);
  const before = [...new Set(server.served.map((f) => f.path))];
  await page.close();
  table("before the first board:", before);
  table("the computer's worker (fetched on the first computer move):",
    ["/worker.js", "/connect_four_solver.js", "/connect-four-solver.js", "/connect-four-solver_bg.wasm"]);
  table("the opening book:", ["/book.bin"]);
  server.served.length = 0;
}
const firsts = [];
const frames = [];
for (let run = 0; run < 5; run++) {
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName("c4-first-board").length > 0);
  firsts.push(await page.evaluate(() => performance.getEntriesByName("c4-first-board")[0].startTime));
  for (const col of [0, 6, 3]) {
    const deltas = await page.evaluate((col) => new Promise((done) => {
      const times = [];
      const tick = (t) => { times.push(t); if (times.length < 45) requestAnimationFrame(tick); else done(times.slice(1).map((x, i) => x - times[i])); };
      requestAnimationFrame(tick);
      // The game lives in the host's shadow root.
      document.getElementById("game").shadowRoot.querySelectorAll(".c4-col")[col].click();
    }), col);
    frames.push(...deltas);
    await page.waitForTimeout(300);
  }
  await page.close();
}

// A game against medium, the person playing the centre-most open column: every
// main-thread long task that overlaps the computer's thinking (the board's aria-busy).
const thinkingTasks = [];
{
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName("c4-first-board").length > 0);
  await page.evaluate(() => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { yellow: "medium", reducedMotion: true });
    window.__long = [];
    window.__busy = [];
    const root = document.getElementById("game").shadowRoot.querySelector(".c4");
    let since = null;
    new MutationObserver(() => {
      const busy = root.getAttribute("aria-busy") === "true";
      const t = performance.now();
      if (busy && since === null) since = t;
      if (!busy && since !== null) { window.__busy.push([since, t]); since = null; }
    }).observe(root, { attributes: true, attributeFilter: ["aria-busy"] });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask" });
  });
  for (;;) {
    const state = await page.evaluate(() => window.c4.state);
    if (state.status !== "in-progress") break;
    if (state.currentPlayer !== 1) { await page.waitForTimeout(20); continue; }
    const open = [0, 1, 2, 3, 4, 5, 6].filter((c) => state.board[0][c] === 0);
    open.sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3));
    await page.evaluate((c) => { try { window.c4.play(c); } catch { /* a fall or the computer's turn */ } }, open[0]);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  thinkingTasks.push(...await page.evaluate(() => window.__long
    .filter(([start, d]) => window.__busy.some(([a, b]) => start < b && start + d > a))
    .map(([, d]) => d)));
  await page.close();
}

// The perfect level in Chromium: one solver per group, kept across the group's positions
// as the game's worker keeps it across moves.
const page = await browser.newPage();
await page.goto(server.url);
await page.waitForFunction(() => performance.getEntriesByName("c4-first-board").length > 0);
const perfectRows = [];
// What making the worker's solver costs: fetching book.bin (from the HTTP cache after the
// first) and reading it.
const loads = [];
for (const [name, lines] of perfectGroups(l1r3)) {
  const { times, nodes, load } = await page.evaluate(async ({ lines, seed }) => {
    // The solver's own module, as the computer's worker loads it.
    const glue = await import("/connect_four_solver.js");
    await glue.default();
    const start = performance.now();
    const solver = await glue.Solver.load({ tableMiB: 64, seed });
    const load = performance.now() - start;
    const times = [];
    for (const moves of lines) {
      const t = performance.now();
      solver.bestMove(moves, "perfect");
      times.push((performance.now() - t) / 1000);
    }
    const nodes = solver.nodes;
    solver.free();
    return { times, nodes, load };
  }, { lines, seed });
  loads.push(load);
  perfectRows.push(perfectRow(name, times, nodes), ...perfectRowsByMoves(name, lines, times));
}
await browser.close();
await server.close();
frames.sort((a, b) => a - b);
const pct = (p) => frames[Math.min(frames.length - 1, Math.floor(p * frames.length))].toFixed(1);
firsts.sort((a, b) => a - b);
console.log(`navigation to first drawn board: median ${firsts[2].toFixed(0)} ms (runs: ${firsts.map((x) => x.toFixed(0)).join(", ")})`);
console.log(`frame intervals during falls (${frames.length} frames): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`);
const longest = Math.max(0, ...thinkingTasks);
console.log(`main-thread long tasks while medium thinks: ${thinkingTasks.length}, longest ${longest.toFixed(0)} ms (goal: none over 50 ms${longest > 50 ? ": MISSED" : ""})`);
console.log(`Solver.load (fetch and read book.bin): ${loads.map((x) => x.toFixed(0)).join(", ")} ms`);
console.log(`perfect level in Chromium (book.bin, table 64 MiB, seed ${seed ?? "random"}), time to choose a move:`);
console.log(perfectHeader);
for (const row of perfectRows) console.log(row);
