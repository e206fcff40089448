// Server rendering, with no configuration, as in the package's README:
// - a React app rendered with Vite SSR (`renderToString` in Node, which imports the
//   package's Node entry), then hydrated in Chromium;
// - a Next.js App Router app: `next build` (which prerenders the page with the package's
//   Node entry, bundled by Turbopack), then `next start`.
// In both, the board is mounted in an effect, the host hears c4-change, and the computer plays.
// In Next.js, a server-rendered <connect-four> is heard through a ref and addEventListener.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, until, moveCount } from "./harness.mjs";
import { installPackage, node, freePort, startServer } from "./fixtures.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * Starts the app's server (`args`, run in `dir` with the port last) and checks it: the
 * server's HTML matches each of `rendered` (what the components rendered in Node, with the
 * package's names working there), then in Chromium the board mounts, the host hears the
 * start and each change (c4-change), the computer answers a move, and nothing fails (a
 * hydration mismatch would).
 */
async function rendersThenPlays(dir, args, rendered, more = async () => {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await startServer(dir, [...args, String(port)], url);
  try {
    const html = await (await fetch(url)).text();
    for (const pattern of [...rendered, /<div id="board"><\/div>/]) assert.match(html, pattern);
    const { page, problems, context } = await openPage(browser, url);
    const board = page.locator("#board");
    await board.locator(".c4-col").first().waitFor();
    await until(async () => (await page.locator("#moves").textContent()) === "Moves: none", "the start's c4-change");
    await board.getByRole("button", { name: /^Column 4/ }).click();
    await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
    await until(async () => /^Moves: 4\d$/.test(await page.locator("#moves").textContent()), "c4-change after the answer");
    await more(page);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.stop();
  }
}

test("a Vite SSR React app: rendered on the server, hydrated, then it plays", async () => {
  const dir = await installPackage("vite-ssr-app");
  const vite = "node_modules/vite/bin/vite.js";
  await node(dir, vite, "build", "--outDir", "dist/client", "--logLevel", "warn");
  await node(dir, vite, "build", "--ssr", "src/entry-server.jsx", "--outDir", "dist/server", "--logLevel", "warn");
  await rendersThenPlays(dir, ["server.mjs"], [/<h1 id="title">Connect Four<\/h1>/, /After 44, <!-- -->Red<!-- --> is to move/]);
});

test("a Next.js App Router app: next build, next start, then it plays", async () => {
  const dir = await installPackage("next-app");
  const next = "node_modules/next/dist/bin/next";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  await node(dir, next, "build");
  await rendersThenPlays(dir, [next, "start", "-H", "127.0.0.1", "-p"], [
    /<h1>Connect Four<\/h1>/, /After 44, <!-- -->Red<!-- --> is to move\./, /<connect-four reduced-motion="">/,
  ], async (page) => {
    // The server-rendered <connect-four>: its c4-move reaches the ref's listener.
    const element = page.locator("connect-four");
    await element.getByRole("button", { name: /^Column 4/ }).click();
    await until(async () => (await page.locator("#element-moves").textContent()) === "Element moves: 4", "c4-move through the ref");
  });
});
