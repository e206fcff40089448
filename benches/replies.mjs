// The computer's reply times on a served page (a figure, not a test): from a person's move
// to the computer's, animations included, for N moves against LEVEL. Compare `make serve`
// (trunk serve) with the release build served by any static server:
//   node benches/replies.mjs http://127.0.0.1:8080/ hard 8
import { chromium } from "playwright-core";
const [url, level, n] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 8)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const context = await browser.newContext({ serviceWorkers: "block" });
const page = await context.newPage();
await page.goto(`${url}#moves=&yellow=${level}`);
await page.waitForFunction(() => window.c4);
const times = await page.evaluate(async ({ n }) => {
  const host = document.getElementById("game");
  const out = [];
  const order = [3, 2, 4, 1, 5, 0, 6];
  for (let i = 0; i < n; i++) {
    const state = window.c4.state;
    if (state.status !== "in-progress") break;
    const legal = order.find((c) => state.board[0][c] === 0);
    const reply = new Promise((done) => {
      const on = (e) => { if (e.detail.by !== "human" || e.type === "c4-end") { host.removeEventListener("c4-move", on); host.removeEventListener("c4-end", on); done(); } };
      host.addEventListener("c4-move", on); host.addEventListener("c4-end", on);
    });
    const t = performance.now();
    window.c4.play(legal);
    await reply;
    out.push(Math.round(performance.now() - t));
    await new Promise((r) => setTimeout(r, 900));
  }
  return out;
}, { n });
console.log(level, url, JSON.stringify(times));
await browser.close();
