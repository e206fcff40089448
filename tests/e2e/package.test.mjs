// The npm package (pkg/, built by `make package`: wasm-pack plus the opening book) in a real
// browser: mounted by a page of its own, its worker finds book.bin beside the glue.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, launch, openPage, until, moveCount, ROOT } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(ROOT); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("the package lists its book; its game and Solver.load find it and play perfectly from the first move", async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "pkg", "package.json"), "utf8"));
  assert.ok(pkg.files.includes("book.bin"), `files: ${pkg.files}`);
  assert.ok(pkg.files.includes("worker.js"), `files: ${pkg.files}`);
  assert.ok(pkg.files.includes("connect_four_solver_bg.wasm"), `files: ${pkg.files}`);
  // The solver's class is in the solver's module; its types are in the package's one
  // declaration file (node/index.d.cts, which the other entries' types re-export).
  const types = readFileSync(join(ROOT, "pkg", "node", "index.d.cts"), "utf8");
  assert.match(types, /book\?: Uint8Array \| ArrayBuffer \| false;/);
  assert.match(types, /bookUrl\?: string \| URL;/);
  assert.match(types, /static load\(options\?: SolverLoadOptions\): Promise<Solver>;/);

  const books = [];
  const { page, problems, context } = await openPage(browser, "about:blank");
  context.on("request", (r) => { if (r.url().endsWith(".bin")) books.push(new URL(r.url()).pathname); });
  await page.goto(new URL("tests/e2e/package.html", server.url).href);
  // Red is the perfect level: from the empty board only the centre wins, which takes
  // billions of positions to prove without the book.
  await until(async () => (await moveCount(page)) === 1, "the computer's first move", 30_000);
  assert.match(await page.getByRole("status").textContent(), /^The computer plays column 4, row 1/);
  assert.deepEqual(books, ["/pkg/book.bin"]);
  // Solver.load() on the page finds the same file beside the package's files.
  const [size, column] = await page.evaluate(async () => {
    const solver = await window.Solver.load({ tableMiB: 4 });
    return [solver.bookSize, solver.bestMove("", "perfect")];
  });
  assert.ok(size > 100_000, `${size} book entries`);
  assert.equal(column, 3);
  assert.deepEqual(books, ["/pkg/book.bin", "/pkg/book.bin"]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a server that sends a web page where a wasm module should be: init() and Solver.load() say so", async () => {
  // The package copied with both wasm modules replaced by what a server's fallback sends
  // for a missing file.
  const dir = mkdtempSync(join(tmpdir(), "c4-pkg-"));
  let site;
  try {
    cpSync(join(ROOT, "pkg"), dir, { recursive: true });
    const html = "<!doctype html><title>Not here</title><p>Try the home page.";
    writeFileSync(join(dir, "connect_four_bg.wasm"), html);
    writeFileSync(join(dir, "connect_four_solver_bg.wasm"), html);
    writeFileSync(join(dir, "page.html"), "<!doctype html><title>page</title>");
    site = await serve(dir);
    const { page, context } = await openPage(browser, `${site.url}page.html`);
    const errors = await page.evaluate(async () => {
      const c4 = await import("./index.js");
      const failure = (promise) => promise.then(() => "resolved", (e) => e.message);
      // Twice: a failed load can be tried again, and fails the same way.
      return [await failure(c4.default()), await failure(c4.default()), await failure(c4.Solver.load())];
    });
    for (const [i, name] of [[0, "connect_four_bg.wasm"], [1, "connect_four_bg.wasm"], [2, "connect_four_solver_bg.wasm"]]) {
      assert.match(errors[i], new RegExp(`^connect-four: ${name.replace(".", "\\.")} did not arrive as a wasm module \\(the server sent something else`), errors[i]);
    }
    await context.close();
  } finally {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a solver's module that arrives as a web page: the board says so, two people still play, and the computer plays once the file is right", async () => {
  // The package copied with only the solver's module replaced by a server's fallback page:
  // the page's module loads, the computer's worker cannot start.
  const dir = mkdtempSync(join(tmpdir(), "c4-pkg-"));
  let site;
  try {
    cpSync(join(ROOT, "pkg"), dir, { recursive: true });
    writeFileSync(join(dir, "connect_four_solver_bg.wasm"), "<!doctype html><title>Not here</title><p>Try the home page.");
    writeFileSync(join(dir, "page.html"), `<!doctype html><title>page</title><div id="game"></div>
<script type="module">
  import init, { mount } from "./index.js";
  await init();
  window.c4 = mount(document.getElementById("game"), { red: "medium", reducedMotion: true });
</script>`);
    site = await serve(dir);
    const { page, context } = await openPage(browser, `${site.url}page.html`);
    // Red is the computer, and moves first: it asks the worker, which fails to start.
    const said = page.getByText(/The computer could not move: connect-four: connect_four_solver_bg\.wasm did not arrive as a wasm module \(the server sent something else/);
    await said.waitFor({ timeout: 20_000 });
    assert.equal(await moveCount(page), 0);
    // A game between two people needs no solver.
    await page.evaluate(() => window.c4.newGame({ red: "human", yellow: "human" }));
    await page.evaluate(() => { window.c4.play(3); window.c4.play(2); });
    await until(async () => (await moveCount(page)) === 2, "two moves");
    // Once the server sends the module, a new game against the computer starts a new
    // worker, and the computer plays: the failed worker did not stay.
    cpSync(join(ROOT, "pkg", "connect_four_solver_bg.wasm"), join(dir, "connect_four_solver_bg.wasm"));
    await page.evaluate(() => window.c4.newGame({ red: "medium" }));
    await until(async () => (await moveCount(page)) === 1, "the computer's first move", 20_000);
    await context.close();
  } finally {
    // Closed even when a check fails, or its server would keep the test run waiting.
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
