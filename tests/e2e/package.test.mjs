// The npm package (pkg/, built by `make package`: wasm-pack plus the opening book) in a real
// browser: mounted by a page of its own, its worker finds book.bin beside the glue.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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
