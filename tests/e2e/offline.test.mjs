// The site offline and installable: after one visit, the service worker serves the game with
// no network at all, and the computer and the opening book too once a visit played it; a
// two-player visit downloads neither; a new version downloads only the files that changed
// and replaces the old one whole, in every open page (a change to the game's stylesheet, its
// module and the service worker); the manifest makes it installable.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve, launch, openPage, until, moveCount, settled, CHROMIUM_ARGS, DIST, ROOT, twoPlayers } from "./harness.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const ALLOW = { serviceWorkers: "allow" };

/** The computer's files: fetched when a board first needs the computer. */
const COMPUTER = ["/book.bin", "/worker.js", "/connect-four-solver_bg.wasm", "/connect-four-solver.js"];

/**
 * Waits until the page is controlled by a service worker whose cache holds the page's files
 * (and the computer's, if `computer`); returns the cache's name.
 */
async function cached(page, { computer = false } = {}) {
  return until(() => page.evaluate(async (want) => {
    if (!navigator.serviceWorker.controller) return null;
    const names = (await caches.keys()).filter((n) => n.startsWith("connect-four-"));
    if (names.length !== 1) return null;
    const keys = await (await caches.open(names[0])).keys();
    const paths = keys.map((r) => new URL(r.url).pathname);
    return want.every((p) => paths.includes(p)) ? names[0] : null;
  }, ["/connect-four_bg.wasm", "/index.html", ...(computer ? COMPUTER : [])]), "the service worker to control the page with the site cached", 30_000);
}

/** The cached paths of the page's cache. */
const cachedPaths = (page) => page.evaluate(async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("connect-four-"));
  const keys = await (await caches.open(names[0])).keys();
  return keys.map((r) => new URL(r.url).pathname);
});

/** The perfect computer plays Red's first move: at once only with the opening book. */
async function perfectOpens(page) {
  await page.locator(".c4").waitFor();
  await page.evaluate(() => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), {
      red: "perfect", reducedMotion: true, storageKey: "offline-test",
    });
  });
  await until(async () => (await moveCount(page)) === 1, "the perfect computer's first move", 30_000);
  const text = await page.locator(".c4").textContent();
  assert.ok(!text.includes("could not load its opening book"), text);
}

/**
 * Runs `fn` on a copy of the built site, served, with a page that its service worker
 * controls and has cached; cleans up after.
 */
async function onSiteCopy(fn) {
  const dir = mkdtempSync(join(tmpdir(), "c4-site-"));
  try {
    cpSync(DIST, dir, { recursive: true });
    const server = await serve(dir);
    const { page, context, problems } = await openPage(browser, server.url, ALLOW);
    await cached(page);
    await fn({ dir, server, page, context, problems });
    assert.deepEqual(problems, []);
    await context.close();
    await server.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Publishes the copy in `dir` as a new version (stamps its service worker, as the build
 * does), lets `page` find it and waits for the offer to reload; returns what the update
 * downloaded, as { path, bytes }.
 */
async function publish(dir, server, page) {
  execFileSync("node", [join(ROOT, "scripts/stamp-sw.mjs"), dir]);
  const start = server.served.length;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.locator("#update").waitFor({ state: "visible", timeout: 30_000 });
  return server.served.slice(start);
}

test("a game between two people downloads no solver and no book, and caches neither", async () => {
  const server = await serve();
  const { page, context, problems } = await openPage(browser, server.url, ALLOW);
  await cached(page);
  await twoPlayers(page);
  for (const column of [4, 4, 3, 5]) {
    const before = await moveCount(page);
    await page.getByRole("button", { name: new RegExp(`^Column ${column}\\b`) }).click();
    await until(async () => (await moveCount(page)) === before + 1, `column ${column} played`);
    await settled(page);
  }
  await page.waitForTimeout(500);
  const paths = server.served.map(({ path }) => path);
  for (const file of COMPUTER) assert.ok(!paths.includes(file), `${file} was downloaded: ${paths.join(" ")}`);
  const kept = await cachedPaths(page);
  for (const file of COMPUTER) assert.ok(!kept.includes(file), `${file} was cached`);
  // Choosing the computer fetches them, and it plays.
  await perfectOpens(page);
  for (const file of COMPUTER) assert.ok(server.served.some(({ path }) => path === file), `${file} fetched for the computer`);
  await cached(page, { computer: true });
  assert.deepEqual(problems, []);
  await context.close();
  await server.close();
});

test("after one visit that played the computer, the game, the computer and the book work with the network off", async () => {
  const server = await serve();
  const { page, context, problems } = await openPage(browser, server.url, ALLOW);
  await cached(page);
  await perfectOpens(page);
  const name = await cached(page, { computer: true });
  // No network at all: the server is gone, and the browser is offline.
  await server.close();
  await context.setOffline(true);
  await page.reload();
  await perfectOpens(page);
  // A person plays on, and the computer answers, all from the cache.
  await page.getByRole("button", { name: /^Column 3\b/ }).click();
  await until(async () => (await moveCount(page)) === 3, "the computer's answer offline", 30_000);
  assert.equal(await cached(page, { computer: true }), name);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a new version downloads only the files that changed, and replaces the old one whole, in every open page", async () => {
  await onSiteCopy(async ({ dir, server, page, context }) => {
    // This visit played the computer: its files are kept, and kept across the update.
    await perfectOpens(page);
    const first = await cached(page, { computer: true });
    const other = await context.newPage();
    await other.goto(server.url);
    await other.locator(".c4").waitFor();
    const html = (p) => p.evaluate(async () => (await fetch("./")).text());
    const style = (p) => p.evaluate(async () => (await fetch("./site.css")).text());

    // Version 2: one line of the site's CSS changes. As Trunk would, the page's link to it
    // gets the new integrity hash, and the build stamps a new service worker.
    const css = join(dir, "site.css");
    const integrity = (bytes) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
    const old = integrity(readFileSync(css));
    appendFileSync(css, ".version-2 { color: inherit; }\n");
    const page2 = readFileSync(join(dir, "index.html"), "utf8");
    assert.ok(page2.includes(old), "index.html names site.css by its hash");
    writeFileSync(join(dir, "index.html"), page2.replace(old, integrity(readFileSync(css))));
    // The first page, which the first version took over on its first visit, finds it.
    const update = await publish(dir, server, page);
    // What the update downloaded: the service worker and the changed files, nothing else.
    const bytes = update.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(`the update downloaded ${update.map(({ path, bytes }) => `${path} (${bytes} B)`).join(", ")}: ${bytes} bytes`);
    assert.deepEqual(update.map(({ path }) => path).sort(), ["/index.html", "/site.css", "/sw.js"]);
    assert.ok(bytes < 10_000, `${bytes} bytes`);
    // Until the player says so, both pages run the old version, every file of it.
    for (const p of [page, other]) {
      assert.ok(!(await style(p)).includes("version-2"));
      assert.equal(await p.evaluate(() => navigator.serviceWorker.controller.scriptURL.endsWith("/sw.js")), true);
    }
    assert.ok(!(await page.locator(".c4").textContent()).includes("could not"));

    await Promise.all([
      page.waitForEvent("load"),
      other.waitForEvent("load"),
      page.locator("#update button").click(),
    ]);
    for (const p of [page, other]) {
      await p.locator(".c4").waitFor();
      assert.ok((await style(p)).includes("version-2"), "every page is on the new files");
      assert.equal(await p.locator("#update").isHidden(), true);
    }
    const second = await cached(page, { computer: true });
    assert.notEqual(second, first);
    // The old version is gone; the new one plays, book and all, with nothing downloaded.
    assert.deepEqual((await page.evaluate(() => caches.keys())).filter((n) => n.startsWith("connect-four-")), [second]);
    const before = server.served.length;
    await perfectOpens(page);
    assert.deepEqual(server.served.slice(before).map(({ path }) => path), []);
  });
});

test("a change to the game's stylesheet downloads its module and the service worker, under 10 KB gzipped, not the page's wasm", async () => {
  await onSiteCopy(async ({ dir, server, page }) => {
    // The game's stylesheet is its own module (wasm-bindgen's snippet of src/web/style.js),
    // which the page's glue imports.
    const glue = readFileSync(join(dir, "connect-four.js"), "utf8");
    const [module] = glue.match(/snippets\/[^'"]+\/style\.js/) ?? [];
    assert.ok(module, "the glue imports the stylesheet's module");
    const rules = () => page.evaluate(() => document.getElementById("game").shadowRoot.adoptedStyleSheets
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join("\n"));
    assert.match(await rules(), /\.c4-record-board/);
    assert.doesNotMatch(await rules(), /version-2/);

    // Version 2: one rule more in the game's stylesheet, and a new service worker.
    const file = join(dir, module);
    const old = readFileSync(file, "utf8");
    const changed = old.replace(".c4-record-board{", ".version-2{color:inherit}.c4-record-board{");
    assert.notEqual(changed, old, "the stylesheet has its record rule to add a line before");
    writeFileSync(file, changed);
    const update = await publish(dir, server, page);
    assert.deepEqual(update.map(({ path }) => path).sort(), [`/${module}`, "/sw.js"]);
    // What a server that compresses sends, and what this one sent.
    const gzipped = update.reduce((sum, { path }) => sum + gzipSync(readFileSync(join(dir, path))).length, 0);
    const raw = update.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(`the stylesheet's update: ${update.map(({ path }) => path).join(", ")}: ${gzipped} B gzipped, ${raw} B raw`);
    assert.ok(gzipped < 10_000, `${gzipped} bytes gzipped`);

    await Promise.all([page.waitForEvent("load"), page.locator("#update button").click()]);
    await page.locator(".c4").waitFor();
    await until(async () => (await rules()).includes("version-2"), "the new stylesheet in the game");
  });
});

test("the web app manifest makes the site installable", async () => {
  const server = await serve();
  // A profile of its own: Chromium installs nothing from an incognito window.
  const profile = mkdtempSync(join(tmpdir(), "c4-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on("console", (m) => ["error", "warning"].includes(m.type()) && problems.push(m.text()));
  await page.goto(server.url);
  await cached(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = JSON.parse(readFileSync(join(DIST, href), "utf8"));
  assert.equal(manifest.display, "standalone");
  assert.equal(new URL(manifest.start_url, server.url).href, server.url);
  const sizes = manifest.icons.filter((i) => i.type === "image/png").map((i) => i.sizes);
  assert.ok(sizes.includes("192x192") && sizes.includes("512x512"), JSON.stringify(sizes));
  assert.ok(manifest.icons.some((i) => i.purpose === "maskable"));
  // Every icon is served, and is the size it says.
  for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    assert.equal(size, icon.sizes);
  }
  // Chromium's own verdict: no reason the app could not be installed.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors, []);
  assert.deepEqual(problems, []);
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
});
