// The review's time in Chromium: from pressing Review to the ratings being shown, for a
// 42-move game (a full board, drawn) and a typical 25-move game, each on a fresh page (the
// worker starts, loads its book and analyses every position of the game).
//
//   node scripts/bench-review.mjs [runs]      (after `trunk build --release` and
//                                              `scripts/package.sh`; `make bench-review`)
//
// Writes target/bench-review.json. A benchmark, not a test: it times, and asserts nothing
// but that the review became ready.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { serve, launch, openPage, ROOT } from "../tests/e2e/harness.mjs";

const runs = Number(process.argv[2] ?? 5);
const require = createRequire(import.meta.url);
const { Game, Solver } = require(join(ROOT, "pkg", "node", "index.cjs"));

/** A 42-move game that fills the board with no four: a depth-first search, centre first. */
function fullBoardDraw() {
  const order = [3, 2, 4, 1, 5, 0, 6];
  const game = new Game();
  const search = (depth) => {
    if (depth === 42) return true;
    for (let i = 0; i < 7; i++) {
      const column = order[(i + depth) % 7];
      if (!game.legalColumns().includes(column)) continue;
      const result = game.play(column);
      if (result.status === "in-progress" || (depth === 41 && result.status === "draw")) {
        if (search(depth + 1)) return true;
      }
      game.undo();
    }
    return false;
  };
  if (!search(0)) throw new Error("no drawn full board found");
  return game.moves;
}

/** A typical game: hard against medium from a two-move opening, the first that ends in
 * exactly 25 moves. */
function typicalGame(solver) {
  for (let a = 1; a <= 7; a++) {
    for (let b = 1; b <= 7; b++) {
      let moves = `${a}${b}`;
      let game = Game.fromMoves(moves);
      let status = "in-progress";
      while (status === "in-progress" && moves.length < 42) {
        const level = moves.length % 2 === 0 ? "hard" : "medium";
        const column = solver.bestMove(moves, level);
        status = game.play(column).status;
        moves += String(column + 1);
      }
      game.free();
      if (moves.length === 25 && status === "win") return moves;
    }
  }
  throw new Error("no 25-move game found");
}

const solver = new Solver();
const games = { "42 moves (full board, drawn)": fullBoardDraw(), "25 moves (hard against medium)": typicalGame(solver) };

const server = await serve();
const browser = await launch();
const results = {};
for (const [name, moves] of Object.entries(games)) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const { page, problems, context } = await openPage(browser, `${server.url}#moves=${moves}`);
    await page.locator(".c4-col").first().waitFor();
    const review = page.locator(".c4-controls button[aria-keyshortcuts='R']");
    await review.waitFor();
    const ms = await page.evaluate(() => new Promise((resolve) => {
      const panel = document.querySelector(".c4-review");
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (panel.getAttribute("data-ready") === "true") {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(panel, { attributes: true });
      document.querySelector(".c4-controls button[aria-keyshortcuts='R']").click();
    }));
    if (problems.length) throw new Error(problems.join("\n"));
    times.push(ms);
    await context.close();
  }
  times.sort((x, y) => x - y);
  results[name] = {
    moves,
    runs,
    medianMs: Math.round(times[Math.floor(times.length / 2)]),
    minMs: Math.round(times[0]),
    maxMs: Math.round(times[times.length - 1]),
  };
  console.log(`${name}: median ${results[name].medianMs} ms, min ${results[name].minMs}, max ${results[name].maxMs} (${runs} fresh pages) — ${moves}`);
}
writeFileSync(join(ROOT, "target", "bench-review.json"), JSON.stringify(results, null, 2) + "\n");
await browser.close();
await server.close();
