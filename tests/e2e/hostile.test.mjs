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
  // The solver's module, for `new Solver()`.
  await page.evaluate(() => window.wasmBindings.initSolver());
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

test("generated hostile calls: any value, a wrong this, after free(): clean errors or valid results", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await page.locator(".c4-col").first().waitFor();
  const report = await page.evaluate(async () => {
    const { Game, Solver, mount } = window.wasmBindings;
    // A fixed seed: the same calls every run (mulberry32).
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = (list) => list[Math.floor(random() * list.length)];
    const solver = await Solver.load({ tableMiB: 4 });
    const bookSize = solver.bookSize;
    const div = document.createElement("div");
    document.body.append(div);
    const handle = mount(div, { reducedMotion: true, storageKey: "" });
    const freed = new Game();
    freed.free();
    const freedSolver = new Solver({ tableMiB: 1 });
    freedSolver.free();
    const trap = new Proxy({}, new Proxy({}, { get: () => () => { throw new Error("trap"); } }));
    const values = [
      -1, 0, 3, 6, 7, 3.5, NaN, Infinity, -Infinity, -0, 2 ** 53, 2 ** 32,
      "", "4453", "3", "44444444", "1212121", "x".repeat(1_000_000), "4".repeat(50), "\u0000",
      "easy", "perfect", "godlike", null, undefined, true, false, {}, [], [3], trap,
      new Uint8Array(20), new URL("https://example.invalid/"), () => 1, Symbol("s"),
      { tableMiB: 1 }, { seed: 7 }, { moves: "44" }, { red: "easy" }, { theme: "dark" },
    ];
    const game = new Game();
    // Objects that look like what they are not: a Game given Solver's prototype, one made
    // from Game's prototype by hand, and a Proxy of a real Game.
    const forged = Object.setPrototypeOf(new Game(), Solver.prototype);
    const made = Object.create(Game.prototype);
    const proxied = new Proxy(new Game(), {});
    const thisValues = {
      game, freed, solver, freedSolver, handle, plain: {}, nothing: undefined, forged, made, proxied,
    };
    const members = (Class) => Object.getOwnPropertyNames(Class.prototype)
      // Not the glue's internals (`__destroy_into_raw`), nor what ends the objects' lives.
      .filter((n) => n !== "constructor" && n !== "free" && n !== "destroy" && !n.startsWith("__"));
    const targets = [
      ...members(Game).map((n) => ["Game." + n, Game.prototype, n]),
      ...members(Solver).map((n) => ["Solver." + n, Solver.prototype, n]),
      ...members(handle.constructor).map((n) => ["MountHandle." + n, handle.constructor.prototype, n]),
    ];
    const constructors = [
      ["new Game", (a) => new Game(a)], ["Game.fromMoves", (a) => Game.fromMoves(a)],
      ["new Solver", (a) => { const s = new Solver(a); s.free(); return s; }],
    ];
    const BAD = /unreachable|recursive use|memory access|null pointer|unsafe aliasing|out of bounds/;
    const counts = {};
    const bad = [];
    const note = (name, outcome) => {
      counts[name] ??= { calls: 0, results: 0, errors: 0 };
      counts[name].calls++;
      counts[name][outcome]++;
    };
    const run = (name, f) => {
      try {
        const result = f();
        if (result instanceof Promise) result.catch(() => {});
        note(name, "results");
      } catch (e) {
        if (e instanceof Error && !BAD.test(e.message) && !(e instanceof WebAssembly.RuntimeError)) note(name, "errors");
        else bad.push(`${name}: ${e?.constructor?.name}: ${String(e?.message ?? e).slice(0, 80)}`);
      }
    };
    const N = 6000;
    for (let i = 0; i < N; i++) {
      if (random() < 0.1) {
        const [name, make] = pick(constructors);
        run(name, () => make(pick(values)));
        continue;
      }
      const [name, proto, member] = pick(targets);
      const [, self] = pick(Object.entries(thisValues));
      const args = [pick(values), pick(values)].slice(0, Math.floor(random() * 3));
      const descriptor = Object.getOwnPropertyDescriptor(proto, member);
      run(name, () => (descriptor.get ? descriptor.get.call(self) : descriptor.value.apply(self, args)));
    }
    // Freed twice, and a dispose after free: nothing breaks.
    run("free twice", () => { const g = new Game(); g.free(); g.free(); g[Symbol.dispose](); });
    // Fresh objects still work.
    const fresh = new Game();
    fresh.play(3);
    const check = new Solver({ tableMiB: 1 });
    // The objects the calls were made on were never written through another class's
    // methods: the solver still has its book and solves right.
    const intact = solver.bookSize === bookSize && solver.score("44455554221") === -15;
    return { counts, bad, intact, fresh: fresh.moves, score: check.score("44455554221"), total: N + 1 };
  });
  for (const [name, { calls, results, errors }] of Object.entries(report.counts).sort()) {
    console.log(`${name}: ${calls} calls, ${results} results, ${errors} clean errors`);
  }
  console.log(`${report.total} calls in all`);
  assert.deepEqual(report.bad, []);
  assert.ok(report.intact, "the solver was not written through a Game's methods");
  assert.equal(report.fresh, "4");
  assert.equal(report.score, -15);
  // The page's own board still plays.
  await page.locator('.c4-col[data-column="3"]').first().click();
  await until(async () => (await moveCount(page)) >= 1, "the page's board plays");
  assert.deepEqual(problems, []);
  await context.close();
});

