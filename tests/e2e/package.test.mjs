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

/** What a server's fallback sends for a missing file. */
const NOT_FOUND_PAGE = "<!doctype html><title>Not here</title><p>Try the home page.";

/**
 * Runs `fn({ page })` on a served copy of the package with `files` (name -> content) written
 * over it, open at its `page.html`; cleans up after, even when a check fails (an open
 * server would keep the test run waiting).
 */
async function onPackageCopy(files, fn) {
  const dir = mkdtempSync(join(tmpdir(), "c4-pkg-"));
  let site;
  try {
    cpSync(join(ROOT, "pkg"), dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    site = await serve(dir);
    const { page, context } = await openPage(browser, `${site.url}page.html`);
    await fn({ dir, page });
    await context.close();
  } finally {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a server that sends a web page where a wasm module should be: init() and Solver.load() say so", async () => {
  // Both wasm modules replaced by what a server's fallback sends for a missing file.
  await onPackageCopy({
    "connect_four_bg.wasm": NOT_FOUND_PAGE,
    "connect_four_solver_bg.wasm": NOT_FOUND_PAGE,
    "page.html": "<!doctype html><title>page</title>",
  }, async ({ page }) => {
    const errors = await page.evaluate(async () => {
      const c4 = await import("./index.js");
      const failure = (promise) => promise.then(() => "resolved", (e) => e.message);
      // Twice: a failed load can be tried again, and fails the same way.
      return [await failure(c4.default()), await failure(c4.default()), await failure(c4.Solver.load())];
    });
    for (const [i, name] of [[0, "connect_four_bg.wasm"], [1, "connect_four_bg.wasm"], [2, "connect_four_solver_bg.wasm"]]) {
      assert.match(errors[i], new RegExp(`^connect-four: ${name.replace(".", "\\.")} did not arrive as a wasm module \\(the server sent something else`), errors[i]);
    }
  });
});

test("a solver's module that arrives as a web page: the board says so, two people still play, and the computer plays once the file is right", async () => {
  // Only the solver's module replaced: the page's module loads, the computer's worker
  // cannot start.
  await onPackageCopy({
    "connect_four_solver_bg.wasm": NOT_FOUND_PAGE,
    "page.html": `<!doctype html><title>page</title><div id="game"></div>
<script type="module">
  import init, { mount } from "./index.js";
  await init();
  window.c4 = mount(document.getElementById("game"), { red: "medium", reducedMotion: true });
</script>`,
  }, async ({ dir, page }) => {
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
  });
});
