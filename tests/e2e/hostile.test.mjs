// Callers that throw: getters, Proxy traps and URL getters inside the options. Each must
// come back as a clean Error, with wasm's stack restored, so that thousands of them leave
// the module working.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until, moveCount, settled } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("10,000 options that throw leave the module working: a fresh board plays a whole game", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await page.locator(".c4-col").first().waitFor();
  const outcomes = await page.evaluate(() => {
    const { mount, Solver } = window.wasmBindings;
    const handle = window.c4;
    const div = document.createElement("div");
    const thrower = (what) => { throw new Error(`${what} throws`); };
    // Each kind of caller that throws while the wasm reads its value.
    const calls = [
      ["mount: a throwing getter", () => mount(div, { get red() { return thrower("red"); } })],
      ["mount: a Proxy whose keys throw", () => mount(div, new Proxy({}, { ownKeys: () => thrower("ownKeys") }))],
      ["mount: a Proxy whose reads throw", () => mount(div, new Proxy({ theme: "dark" }, { get: () => thrower("get") }))],
      ["mount: texts with a throwing getter", () => mount(div, { texts: { get red() { return thrower("texts.red"); } } })],
      ["mount: a URL whose href throws", () => {
        const url = new URL("https://example.invalid/book.bin");
        Object.defineProperty(url, "href", { get: () => thrower("href") });
        return mount(div, { bookUrl: url });
      }],
      ["setOptions: a throwing getter", () => handle.setOptions({ get yellow() { return thrower("yellow"); } })],
      ["newGame: a Proxy whose reads throw", () => handle.newGame(new Proxy({ moves: "44" }, { get: () => thrower("get") }))],
      ["new Solver: a throwing getter", () => new Solver({ get seed() { return thrower("seed"); } })],
    ];
    const counts = {};
    for (let i = 0; i < 10_000; i++) {
      const [name, call] = calls[i % calls.length];
      counts[name] ??= { calls: 0, errors: 0, other: [] };
      counts[name].calls++;
      try {
        call();
        counts[name].other.push("no error");
      } catch (e) {
        if (e instanceof Error && !/unreachable|memory access|recursive use/.test(e.message)) counts[name].errors++;
        else if (counts[name].other.length < 3) counts[name].other.push(String(e?.message ?? e));
      }
    }
    return counts;
  });
  let total = 0;
  for (const [name, { calls, errors, other }] of Object.entries(outcomes)) {
    console.log(`${name}: ${calls} calls, ${errors} clean errors`);
    assert.equal(errors, calls, `${name}: ${other.join("; ")}`);
    total += calls;
  }
  assert.equal(total, 10_000);
  // The module still works: a fresh Game, and a fresh board played to the end.
  assert.equal(await page.evaluate(() => { const g = new window.wasmBindings.Game(); g.play(3); return g.moves; }), "4");
  await page.evaluate(() => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { reducedMotion: true, storageKey: "" });
  });
  for (const n of [1, 2, 1, 2, 1, 2, 1]) {
    await page.locator(`.c4-col[data-column="${n - 1}"]`).click();
    await settled(page);
  }
  await page.getByRole("button", { name: "Play again" }).waitFor();
  assert.equal(await moveCount(page), 7);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a throwing option says what it could not read, in a short message without a stack", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.locator(".c4-col").first().waitFor();
  const message = await page.evaluate(() => {
    try {
      window.wasmBindings.mount(document.createElement("div"), { get red() { throw new Error("boom"); } });
    } catch (e) {
      return e.message;
    }
  });
  assert.equal(message, 'invalid mount options: could not read red: "boom"');
  await until(async () => (await moveCount(page)) === 0, "the page's board is untouched");
  assert.deepEqual(problems, []);
  await context.close();
});
