// What the package promises in other people's hands: a teardown at any moment leaves no page
// error; no name a caller can reach makes an object of a pointer; the book is fetched only
// when a job reads it, never past the largest size a book has, and its absence is said at
// once; hosts that cannot show a board, and a second game on one element, are refused;
// wrong input is said plainly; attributes changed together start one game.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { serve, launch, openPage, until, moveCount } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const column = (page, n, index = 0) =>
  page.locator(".c4").nth(index).getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });

test("100 boards mounted, set to work and destroyed at random moments: no page error, and the page's board still plays", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  const report = await page.evaluate(async () => {
    const { mount } = window.wasmBindings;
    // A fixed seed: the same moments every run (mulberry32).
    let seed = 44;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const acts = [
      ["the analysis", () => ({ options: { analysis: true }, act: () => {} })],
      ["perfect's reply", () => ({ options: { yellow: "perfect" }, act: (h) => h.play(3) })],
      ["hard's reply", () => ({ options: { yellow: "hard" }, act: (h) => h.play(3) })],
      ["a hint", () => ({ options: {}, act: (h, el) => el.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true })) })],
      ["a review", () => ({ options: { moves: "4453" }, act: (h, el) => el.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true })) })],
    ];
    const moments = [
      ["at once", () => Promise.resolve()],
      ["in a microtask", () => new Promise((ok) => queueMicrotask(ok))],
      ["after a task", () => new Promise((ok) => setTimeout(ok, 0))],
      ["a little later", () => new Promise((ok) => setTimeout(ok, Math.floor(random() * 60)))],
      ["on the next frame", () => new Promise((ok) => requestAnimationFrame(() => ok()))],
    ];
    const counts = {};
    for (let i = 0; i < 100; i++) {
      const [what, make] = acts[Math.floor(random() * acts.length)];
      const [when, wait] = moments[Math.floor(random() * moments.length)];
      const { options, act } = make();
      const div = document.createElement("div");
      document.body.append(div);
      const handle = mount(div, { reducedMotion: true, ...options });
      try {
        act(handle, div.shadowRoot.querySelector(".c4"));
      } catch {}
      const waiting = wait();
      if (when === "at once") handle.destroy();
      await waiting;
      handle.destroy();
      div.remove();
      counts[`${what}, destroyed ${when}`] = (counts[`${what}, destroyed ${when}`] ?? 0) + 1;
    }
    // Replies still on their way arrive after their boards have gone.
    await new Promise((ok) => setTimeout(ok, 2000));
    return counts;
  });
  console.log(Object.entries(report).map(([k, n]) => `${k}: ${n}`).join("\n"));
  assert.equal(Object.values(report).reduce((a, b) => a + b), 100);
  assert.deepEqual(problems, []);
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) >= 1, "the page's board plays");
  await context.close();
});

test("no function a caller can reach makes an object of a pointer: every own and inherited function of every export, called with hostile arguments", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  const report = await page.evaluate(async () => {
    const exports = window.wasmBindings;
    await exports.initSolver();
    const { Game, Solver, mount } = exports;
    const game = new Game();
    game.play(3);
    const solver = new Solver({ tableMiB: 1 });
    const div = document.createElement("div");
    document.body.append(div);
    const handle = mount(div, { reducedMotion: true });
    // The glue's constructor from a pointer is out of reach, by every road to the classes.
    const wraps = [Game, Solver, exports.MountHandle, game.constructor, solver.constructor, handle.constructor,
      Object.getPrototypeOf(game).constructor]
      .map((C) => [C.__wrap === undefined, "__wrap" in C, Object.getOwnPropertyNames(C).includes("__wrap")]);
    const hostile = [
      game.__wbg_ptr, solver.__wbg_ptr, handle.__wbg_ptr, 0, 8, -1, 2 ** 32, NaN, "4", null, undefined, {},
      [], game, solver, handle, new Proxy({}, {}), Symbol("s"), () => 1, "x".repeat(10_000),
    ];
    const BAD = /unreachable|recursive use|memory access|null pointer|unsafe aliasing|out of bounds/;
    const bad = [];
    let calls = 0;
    // Every function on an export, its prototype and their prototypes, up to (not into)
    // Object's and Function's own.
    const stop = new Set([Object.prototype, Function.prototype]);
    const functions = [];
    const seen = new Set();
    const walk = (name, object) => {
      for (let o = object; o && !stop.has(o); o = Object.getPrototypeOf(o)) {
        for (const key of Reflect.ownKeys(o)) {
          const d = Object.getOwnPropertyDescriptor(o, key);
          for (const part of ["value", "get", "set"]) {
            const f = d?.[part];
            if (typeof f === "function" && !seen.has(f) && key !== "constructor") {
              seen.add(f);
              functions.push([`${name}.${String(key)}`, f]);
            }
          }
        }
      }
    };
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === "function") functions.push([name, value]);
      if (value && (typeof value === "object" || typeof value === "function")) {
        walk(name, value);
        if (value.prototype) walk(`${name}.prototype`, value.prototype);
      }
    }
    // The classes as their objects name them (the exported Solver stands in for its class).
    walk("game.constructor", game.constructor);
    walk("solver.constructor", solver.constructor);
    walk("handle.constructor", handle.constructor);
    // Not init's loads, nor mount (below).
    const skip = /^(default|initSync|initSolver|mount)$/;
    for (const [name, f] of functions) {
      if (skip.test(name)) continue;
      for (const self of [undefined, game, solver, handle, {}, Solver, Game]) {
        for (const a of hostile) {
          calls++;
          try {
            const result = f.call(self, a, a);
            if (result instanceof Promise) result.catch(() => {});
          } catch (e) {
            if (BAD.test(String(e?.message)) || e instanceof WebAssembly.RuntimeError) bad.push(`${name}: ${e.message}`);
          }
        }
      }
    }
    // mount with hostile arguments too, each board destroyed.
    for (const a of hostile) {
      calls++;
      try { mount(a, a)?.destroy(); } catch (e) { if (BAD.test(String(e?.message))) bad.push(`mount: ${e.message}`); }
    }
    const fresh = new Game();
    fresh.play(3);
    const check = new Solver({ tableMiB: 1 });
    return { wraps, bad, calls, functions: functions.length, fresh: fresh.moves, score: check.score("44455554221") };
  });
  console.log(`${report.functions} functions, ${report.calls} calls`);
  for (const found of report.wraps) assert.deepEqual(found, [true, false, false]);
  assert.deepEqual(report.bad, []);
  assert.equal(report.fresh, "4");
  assert.equal(report.score, -15);
  assert.deepEqual(problems.filter((p) => !/^(error|warning): connect-four/.test(p)), []);
  await context.close();
});

test("the book is fetched only when a job reads it: not for medium, not on another size; once for perfect on 7 x 6", async () => {
  const { page, context } = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  let asked = 0;
  await context.route("**/book.bin", (route) => { asked++; route.continue(); });
  await page.goto(server.url);
  await column(page, 4).waitFor();
  const remount = (options) => page.evaluate((options) => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { reducedMotion: true, ...options });
  }, options);
  // medium on 7 x 6: three replies.
  await remount({ yellow: "medium" });
  for (const c of [4, 4, 3]) {
    const n = await moveCount(page);
    await column(page, c).click();
    await until(async () => (await moveCount(page)) === n + 2, "medium's reply", 30_000);
  }
  // 8 x 7 with the analysis and a hint.
  await remount({ columns: 8, rows: 7, analysis: true });
  await column(page, 4).click();
  await page.keyboard.press("h");
  await page.locator(".c4-status").filter({ hasText: /column|not known|judgement/i }).first().waitFor({ timeout: 30_000 });
  assert.equal(asked, 0, "no job read the book");
  // perfect on 7 x 6 reads it: fetched once.
  await remount({ yellow: "perfect" });
  await column(page, 4).click();
  await until(async () => (await moveCount(page)) === 2, "perfect's reply", 60_000);
  assert.equal(asked, 1);
  await context.close();
});

/** A server whose every answer streams bytes without end (as a wrong address might). */
async function endless() {
  let sent = 0;
  const s = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "access-control-allow-origin": "*" });
    const chunk = Buffer.alloc(64 * 1024, 7);
    const more = () => {
      while (!res.destroyed && res.write(chunk)) sent += chunk.length;
      if (!res.destroyed) res.once("drain", more);
    };
    res.on("close", () => res.removeAllListeners("drain"));
    more();
  });
  await new Promise((ok) => s.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${s.address().port}/book.bin`, sent: () => sent, close: () => new Promise((ok) => { s.closeAllConnections(); s.close(ok); }) };
}

test("a book address that streams without end is refused at the largest size a book has, by Solver.load and by the computer", async () => {
  const stream = await endless();
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  try {
    await column(page, 4).waitFor();
    const error = await page.evaluate((url) => window.wasmBindings.Solver.load({ bookUrl: url }).then(() => "loaded", (e) => e.message), stream.url);
    assert.match(error, /could not load the opening book from http:\/\/127\.0\.0\.1:\d+\/book\.bin: it is larger than an opening book can be \(2097152 bytes\)/);
    // What was sent before the stop: at most the limit and what the network held.
    assert.ok(stream.sent() < 16 << 20, `${stream.sent()} bytes sent`);
    // The computer's worker stops there too, and says so to the host.
    const errors = await page.evaluate((url) => new Promise((done) => {
      window.c4.destroy();
      const host = document.getElementById("game");
      host.addEventListener("c4-error", (e) => done(e.detail.message), { once: true });
      window.c4 = window.wasmBindings.mount(host, { yellow: "perfect", bookUrl: url, reducedMotion: true });
      window.c4.play(3);
    }), stream.url);
    assert.match(errors, /larger than an opening book can be/);
    assert.ok(stream.sent() < 32 << 20, `${stream.sent()} bytes sent`);
    assert.deepEqual(problems.filter((p) => !/opening book/.test(p)), []);
  } finally {
    await context.close();
    await stream.close();
  }
});

test("a book that is not there: the host hears it at once, with the address and the fix; the player in one line; perfect still replies", async () => {
  const { page, problems, context } = await openPage(browser, "about:blank", { reducedMotion: "reduce" });
  await context.route("**/book.bin", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto(server.url);
  await column(page, 4).waitFor();
  const error = page.evaluate(() => new Promise((done) => {
    window.c4.destroy();
    const host = document.getElementById("game");
    host.addEventListener("c4-error", (e) => done(e.detail.message), { once: true });
    window.c4 = window.wasmBindings.mount(host, { yellow: "perfect", reducedMotion: true });
  }));
  await page.evaluate(() => {
    window.__said = [];
    const status = window.__deepAll('.c4 [role="status"]')[0];
    new MutationObserver(() => window.__said.push(status.textContent))
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
  await column(page, 4).click();
  const message = await error;
  assert.match(message, /could not load the opening book from http:\/\/127\.0\.0\.1:\d+\/book\.bin: HTTP 404/);
  assert.match(message, /bookUrl/, "how to fix it");
  const told = () => page.evaluate(() => window.__said.filter((s) => s.trim() === "The computer could not load its opening book: early in a game it plays its best judgement, not perfect play.").length);
  await until(async () => (await told()) >= 1, "the player told");
  // Its replies come without the book, searched within a budget (the test prints how long
  // each took: `node --test tests/e2e/promises.test.mjs`).
  await until(async () => (await moveCount(page)) === 2, "perfect's first reply without its book", 60_000);
  for (const c of [4, 3, 5]) {
    const n = await moveCount(page);
    const start = Date.now();
    await column(page, c).click();
    await until(async () => (await moveCount(page)) >= n + 2 || (await page.locator(".c4-status").textContent()).includes("wins"), "perfect's reply without its book", 60_000);
    console.log(`perfect without its book, reply to move ${n + 1}: ${Date.now() - start} ms`);
  }
  assert.equal(await told(), 1, "told once");
  assert.deepEqual(problems.filter((p) => !/opening book|book\.bin|404/.test(p)), []);
  await context.close();
});

test("hosts that cannot show a board, and a second game on one element, are refused with a clear error", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  const said = await page.evaluate(() => {
    const { mount } = window.wasmBindings;
    const attempt = (el) => {
      document.body.append(el);
      try {
        mount(el).destroy();
        return "mounted";
      } catch (e) {
        return e.message;
      } finally {
        el.remove();
      }
    };
    const out = {};
    for (const tag of ["input", "img", "select", "textarea", "br", "video"]) out[tag] = attempt(document.createElement(tag));
    const closed = document.createElement("div");
    closed.attachShadow({ mode: "closed" });
    out.closed = attempt(closed);
    // Twice on one element: refused while the first lives; after destroy(), welcome.
    const div = document.createElement("div");
    document.body.append(div);
    const first = mount(div);
    try { mount(div); out.twice = "mounted"; } catch (e) { out.twice = e.message; }
    out.boards = div.shadowRoot.querySelectorAll(".c4").length;
    first.destroy();
    try { mount(div).destroy(); out.after = "mounted"; } catch (e) { out.after = e.message; }
    return out;
  });
  for (const tag of ["input", "img", "select", "textarea", "br", "video"]) {
    assert.match(said[tag], new RegExp(`^mount cannot show a board inside <${tag}>: a browser never shows what is inside it`), tag);
  }
  assert.match(said.closed, /closed shadow root/);
  assert.match(said.twice, /this element already holds a game: call destroy\(\) on its handle/);
  assert.equal(said.boards, 1);
  assert.equal(said.after, "mounted");
  assert.deepEqual(problems, []);
  await context.close();
});

test("wrong input is said plainly, in a sentence of normal length", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  const said = await page.evaluate(async () => {
    const { Game, Solver, mount } = window.wasmBindings;
    await window.wasmBindings.initSolver();
    const error = (f) => { try { f(); return "no error"; } catch (e) { return e.message; } };
    const out = {};
    // The element's size attributes, as written.
    const attribute = (value) => new Promise((done) => {
      const el = document.createElement("connect-four");
      el.setAttribute("columns", value);
      el.addEventListener("c4-error", (e) => { done(e.detail.message); el.remove(); }, { once: true });
      el.ready.then(() => setTimeout(() => { done(`no error: ${el.state.columns} columns`); el.remove(); }, 100));
      document.body.append(el);
    });
    for (const value of ["0x8", "abc", "1e1"]) out[`columns=${value}`] = await attribute(value);
    const div = document.createElement("div");
    document.body.append(div);
    out.texts = error(() => mount(div, { texts: { newgame: "Neues Spiel" } }));
    const frame = document.createElement("iframe");
    document.body.append(frame);
    out.iframe = error(() => mount(frame.contentDocument.body.appendChild(frame.contentDocument.createElement("div"))));
    out.gameOfGame = error(() => new Game(new Game()));
    out.misspelt = error(() => new Game({ colums: 8 }));
    out.loadString = await Solver.load("x").then(() => "no error", (e) => e.message);
    Object.prototype.columns = 4;
    try {
      out.inherited = new Game({}).board[0].length;
    } finally {
      delete Object.prototype.columns;
    }
    const buffer = new ArrayBuffer(8);
    structuredClone(buffer, { transfer: [buffer] });
    out.detached = error(() => new Solver({ book: buffer }));
    return out;
  });
  // Said as the attribute written, with the rule it breaks.
  for (const value of ["0x8", "abc", "1e1"]) {
    assert.equal(said[`columns=${value}`], `the attribute columns="${value}" is not used: it takes a whole number from 4 to 9, written in digits`);
  }
  assert.match(said.texts, /unknown text "newgame" \(did you mean "newGame"\?\)/);
  assert.match(said.iframe, /another window \(an iframe's\)/);
  assert.match(said.gameOfGame, /must be a plain object.*not a Game object/);
  assert.match(said.misspelt, /unknown Game option "colums" \(did you mean "columns"\?\)/);
  assert.match(said.loadString, /must be a plain object.*not "x" \(a string\)/);
  assert.equal(said.inherited, 7);
  assert.match(said.detached, /invalid book: it has no bytes/);
  for (const [what, message] of Object.entries(said)) {
    if (typeof message === "string") assert.ok(message.length < 300, `${what}: ${message.length} characters: ${message}`);
  }
  // A link with a wrong player says which, on the console.
  await page.goto(`${server.url}#yellow=god`);
  await column(page, 4).waitFor();
  await until(() => problems.some((p) => /yellow: "god"/.test(p)), "the link's problem on the console");
  await context.close();
});

test("<connect-four>: attributes changed in one task start one game, on the size they give together", async () => {
  const { page, problems, context } = await openPage(browser, server.url, { reducedMotion: "reduce" });
  await column(page, 4).waitFor();
  const seen = await page.evaluate(async () => {
    const el = document.createElement("connect-four");
    document.body.append(el);
    await el.ready;
    const games = [];
    el.addEventListener("c4-newgame", () => games.push(`${el.state.columns}x${el.state.rows}`));
    el.setAttribute("columns", "8");
    el.setAttribute("rows", "7");
    await new Promise((ok) => setTimeout(ok, 100));
    // And a size with moves that fit only that size.
    el.setAttribute("columns", "9");
    el.setAttribute("moves", "99");
    await new Promise((ok) => setTimeout(ok, 100));
    const state = el.state;
    el.remove();
    return { games, moves: state.moves, columns: state.columns };
  });
  assert.deepEqual(seen.games, ["8x7", "9x7"]);
  assert.equal(seen.moves, "99");
  assert.equal(seen.columns, 9);
  assert.deepEqual(problems, []);
  await context.close();
});
