// The package in other people's apps, with no configuration: a Vite app (production build
// and dev server, on Vite 8 and on Vite 7) and a webpack app (production build) import it as
// its README shows. The computer (perfect, as Red) must move at once from the empty board,
// which needs the opening book: so the worker runs, and the book is found and fetched.
// `Solver.load()` in the app finds the book too.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { launch, openPage, serve, until, moveCount } from "./harness.mjs";
import { installPackage, node, freePort, startServer } from "./fixtures.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the app at `url`; the computer's first move must come, from the book. */
async function playsFromTheBook(url) {
  const { page, problems, context } = await openPage(browser, "about:blank");
  const fetched = [];
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(url);
  await until(async () => (await moveCount(page)) === 1, "the computer's first move", 30_000);
  assert.match(await page.getByRole("status").textContent(), /^The computer plays column 4, row 1/);
  assert.ok(fetched.some((p) => /\.bin$/.test(p)), `the book was fetched: ${fetched.join(" ")}`);
  assert.ok(fetched.some((p) => /\.wasm$/.test(p)), "the wasm was fetched");
  // Then a person plays on and the computer answers.
  await page.getByRole("button", { name: /^Column 3/ }).click();
  await until(async () => (await moveCount(page)) === 3, "the computer's answer", 30_000);
  // Solver.load() in the app finds the book the bundler copied: from the empty board only
  // the centre column (3) wins, which the book knows at once.
  const books = fetched.filter((p) => /\.bin$/.test(p)).length;
  assert.equal(await page.evaluate(() => window.perfectFirstMove()), 3);
  assert.equal(fetched.filter((p) => /\.bin$/.test(p)).length, books + 1, `Solver.load fetched the book: ${fetched.join(" ")}`);
  assert.deepEqual(problems, []);
  await context.close();
}

test("a Vite app: production build", async () => {
  const dir = await installPackage("vite-app");
  await node(dir, "node_modules/vite/bin/vite.js", "build", "--logLevel", "warn");
  const server = await serve(join(dir, "dist"));
  try {
    await playsFromTheBook(server.url);
  } finally {
    await server.close();
  }
});

/** The Vite app `fixture` on its dev server, which serves dependencies pre-bundled. */
async function viteDevServer(fixture) {
  const dir = await installPackage(fixture);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await startServer(dir, ["node_modules/vite/bin/vite.js", "--host", "127.0.0.1", "--port", String(port), "--strictPort", "--force"], url);
  try {
    await playsFromTheBook(url);
  } finally {
    await server.stop();
  }
}

test("a Vite app: dev server", () => viteDevServer("vite-app"));

// Vite 7's dev server pre-bundles the package with esbuild into node_modules/.vite/deps/,
// without the files it names beside itself (Vite 8's bundler keeps their addresses).
test("a Vite 7 app: dev server", () => viteDevServer("vite7-app"));

test("a webpack app: production build", async () => {
  const dir = await installPackage("webpack-app");
  await node(dir, "node_modules/webpack-cli/bin/cli.js", "--mode", "production");
  const server = await serve(dir);
  try {
    await playsFromTheBook(server.url);
  } finally {
    await server.close();
  }
});
