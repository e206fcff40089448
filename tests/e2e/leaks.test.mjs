// Leaks stay flat: 200 mount/destroy cycles with a computer player, and 200 games of
// computer against computer. Before and after, with garbage collected: the JS heap, the wasm
// memory, the DOM nodes, the live listeners and the live workers. The figures are printed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Counts live listeners and workers from the start, without changing what they do. */
async function instrument(context) {
  await context.addInitScript(() => {
    const live = new Map();
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, fn, opts) {
      live.set(fn, (live.get(fn) ?? 0) + 1);
      return add.call(this, type, fn, opts);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, opts) {
      if (live.has(fn)) { const n = live.get(fn) - 1; n ? live.set(fn, n) : live.delete(fn); }
      return remove.call(this, type, fn, opts);
    };
    let workers = 0;
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(...args) { super(...args); workers++; }
      terminate() { workers--; return super.terminate(); }
    };
    window.__counts = () => ({
      listeners: [...live.values()].reduce((a, b) => a + b, 0),
      workers,
      nodes: document.getElementsByTagName("*").length,
    });
  });
}

/** The site, reduced motion, with listeners and workers counted, and a CDP session. */
async function counted() {
  const opened = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  await instrument(opened.context);
  await opened.page.goto(server.url);
  await opened.page.locator(".c4-col").first().waitFor();
  return { ...opened, cdp: await opened.context.newCDPSession(opened.page) };
}

/** The page's figures after a garbage collection. */
async function measure(page, cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const counts = await page.evaluate(async () => {
    // The glue's init returns the module already made: its memory.
    const glue = await import("./connect_four.js");
    const exports = await glue.default();
    return { ...window.__counts(), wasm: exports.memory.buffer.byteLength };
  });
  return { heap: usedSize, ...counts };
}

function report(what, start, end) {
  const mb = (n) => (n / 2 ** 20).toFixed(2);
  console.log(`${what}: JS heap ${mb(start.heap)} -> ${mb(end.heap)} MiB, wasm ${mb(start.wasm)} -> ${mb(end.wasm)} MiB, ` +
    `DOM nodes ${start.nodes} -> ${end.nodes}, listeners ${start.listeners} -> ${end.listeners}, workers ${start.workers} -> ${end.workers}`);
}

function assertFlat(what, start, end) {
  assert.ok(end.heap - start.heap < 4 * 2 ** 20, `${what}: the JS heap grew by ${end.heap - start.heap} bytes`);
  assert.ok(end.wasm - start.wasm <= 2 ** 20, `${what}: wasm memory grew by ${end.wasm - start.wasm} bytes`);
  assert.equal(end.nodes, start.nodes, `${what}: DOM nodes`);
  assert.equal(end.listeners, start.listeners, `${what}: listeners`);
  assert.equal(end.workers, start.workers, `${what}: workers`);
}

test("200 mount/destroy cycles with a computer player leave nothing behind", async () => {
  const { page, problems, context, cdp } = await counted();
  // One cycle first, so that what is made once (the stylesheet, the wasm's own growth) is made.
  const cycle = (n) => page.evaluate(async (n) => {
    const host = document.createElement("div");
    document.body.append(host);
    for (let i = 0; i < n; i++) {
      // The computer (Red) moves first: its worker starts and answers, then all goes.
      const handle = window.wasmBindings.mount(host, { red: "easy", reducedMotion: true, storageKey: "" });
      // (Removed by hand: a `once` listener goes without removeEventListener, which the
      // count would take for a leak.)
      await new Promise((resolve) => {
        const moved = () => { host.removeEventListener("c4-move", moved); resolve(); };
        host.addEventListener("c4-move", moved);
      });
      handle.destroy();
    }
    host.remove();
  }, n);
  await cycle(1);
  const start = await measure(page, cdp);
  await cycle(200);
  const end = await measure(page, cdp);
  report("200 mount/destroy cycles", start, end);
  assertFlat("mount/destroy", start, end);
  assert.deepEqual(problems, []);
  await context.close();
});

test("200 games of computer against computer leave nothing behind", async () => {
  const { page, problems, context, cdp } = await counted();
  await page.evaluate(() => {
    window.c4.destroy();
    window.__ended = 0;
    const host = document.getElementById("game");
    host.addEventListener("c4-end", () => { window.__ended++; });
    window.c4 = window.wasmBindings.mount(host, { red: "easy", yellow: "easy", reducedMotion: true, storageKey: "" });
  });
  const games = async (n) => {
    const target = await page.evaluate(() => window.__ended) + n;
    for (;;) {
      const ended = await page.evaluate(() => window.__ended);
      if (ended >= target) return;
      // A finished game: start the next one.
      await page.evaluate((ended) => { if (window.c4.state.status !== "in-progress") window.c4.newGame(); }, ended);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await games(1);
  const start = await measure(page, cdp);
  await games(200);
  await page.evaluate(() => { if (window.c4.state.status !== "in-progress") window.c4.newGame(); });
  const end = await measure(page, cdp);
  report("200 computer-vs-computer games", start, end);
  // A game is under way at each measure; the board's DOM is the same size.
  assertFlat("computer against computer", start, end);
  await until(() => page.evaluate(() => window.__ended >= 201), "the games ended");
  assert.deepEqual(problems, []);
  await context.close();
});
