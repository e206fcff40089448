// The perfect level on each board size but 7 x 6, in Chromium, with the module the game's
// worker runs: whole games against `easy` (perfect as Red, then as Yellow), each with a
// fresh solver of the worker's table size, timing every move perfect makes. A size offers
// `perfect` (src/solver/levels.rs, PERFECT_SIZES) where its slowest move took at most a
// second. 7 x 6 has its book: benches/browser.mjs times it. Figures only, not a test.
//   node benches/perfect-sizes.mjs [--games N] [--only 6x5,4x8] [--limit-ms M] [--level L]
//                                  [--cpu R]
// N: games per colour (default 3). M: a size whose first move takes longer than this is
// not played further (default 5000): it is far from a second. L: time another level in
// perfect's place (default perfect), e.g. hard, which every size offers. R: the CPU slowed R
// times (Chromium's throttling, as a slower device would run it; default 1).
import { serve, launch, DIST } from "../tests/e2e/harness.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const games = Number(arg("--games", 3));
const limitMs = Number(arg("--limit-ms", 5000));
const only = arg("--only", null)?.split(",");
const level = arg("--level", "perfect");
const cpu = Number(arg("--cpu", 1));

const sizes = [];
for (let w = 4; w <= 9; w++) for (let h = 4; h <= 9; h++) {
  const name = `${w}x${h}`;
  if (name !== "7x6" && (!only || only.includes(name))) sizes.push([w, h]);
}
sizes.sort((a, b) => a[0] * a[1] - b[0] * b[1] || a[0] - b[0]);

const server = await serve(DIST);
const browser = await launch();
const page = await browser.newPage();
if (cpu > 1) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  console.log(`(the CPU slowed ${cpu} times)`);
}
await page.goto(server.url + "index.html");
console.log(`| size | cells | ${level}'s moves | p50 | max | within 1 s |`);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [columns, rows] of sizes) {
  const result = await page.evaluate(async ({ columns, rows, games, limitMs, level }) => {
    const glue = await import("/connect_four_solver.js");
    await glue.default();
    const times = [];
    for (let g = 0; g < 2 * games; g++) {
      // The worker's solver for a size off 7 x 6: 32 MiB, fresh for each game here.
      const solver = new glue.Solver({ columns, rows, tableMiB: 32, seed: g + 1 });
      const perfectIs = g % 2; // 0: perfect plays Red, 1: Yellow.
      let moves = "";
      try {
        for (let ply = 0; ply < columns * rows; ply++) {
          const perfect = ply % 2 === perfectIs;
          const t = performance.now();
          const column = solver.bestMove(moves, perfect ? level : "easy");
          const ms = performance.now() - t;
          if (perfect) times.push(ms);
          if (perfect && ms > limitMs) return { times, stopped: true };
          moves += String(column + 1);
          const game = glue.Game.fromMoves(moves, { columns, rows });
          const over = game.status !== "in-progress";
          game.free();
          if (over) break;
        }
      } finally {
        solver.free();
      }
    }
    return { times, stopped: false };
  }, { columns, rows, games, limitMs, level });
  const sorted = [...result.times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)];
  const max = sorted[sorted.length - 1];
  const note = result.stopped ? ` (stopped: a move took ${max.toFixed(0)} ms)` : "";
  console.log(`| ${columns} x ${rows} | ${columns * rows} | ${sorted.length}${note} | ${p50.toFixed(1)} ms | ${max.toFixed(1)} ms | ${!result.stopped && max <= 1000 ? "yes" : "no"} |`);
}
await browser.close();
await server.close();
