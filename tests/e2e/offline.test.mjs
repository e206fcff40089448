// The site offline and installable: after one visit, the service worker serves the game, the
// computer and the opening book with no network at all; a new version replaces the old one
// whole, in every open page; the manifest makes it installable.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve, launch, openPage, until, moveCount, CHROMIUM_ARGS, DIST, ROOT } from "./harness.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const ALLOW = { serviceWorkers: "allow" };

/** Waits until the page is controlled by a service worker whose cache holds every file. */
async function cached(page) {
  return until(() => page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return null;
    const names = (await caches.keys()).filter((n) => n.startsWith("connect-four-"));
    if (names.length !== 1) return null;
    const keys = await (await caches.open(names[0])).keys();
    const paths = keys.map((r) => new URL(r.url).pathname);
    return paths.includes("/book.bin") && paths.includes("/connect-four_bg.wasm") ? names[0] : null;
  }), "the service worker to control the page with the site cached", 30_000);
}

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

test("after one visit, the game, the computer and the book work with the network off", async () => {
  const server = await serve();
  const { page, context, problems } = await openPage(browser, server.url, ALLOW);
  const name = await cached(page);
  // No network at all: the server is gone, and the browser is offline.
  await server.close();
  await context.setOffline(true);
  await page.reload();
  await perfectOpens(page);
  // A person plays on, and the computer answers, all from the cache.
  await page.getByRole("button", { name: /^Column 3\b/ }).click();
  await until(async () => (await moveCount(page)) === 3, "the computer's answer offline", 30_000);
  assert.equal(await cached(page), name);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a new version replaces the old one whole, in every open page", async () => {
  const dir = mkdtempSync(join(tmpdir(), "c4-site-"));
  try {
    cpSync(DIST, dir, { recursive: true });
    const server = await serve(dir);
    const { page, context, problems } = await openPage(browser, server.url, ALLOW);
    const first = await cached(page);
    const other = await context.newPage();
    await other.goto(server.url);
    await other.locator(".c4").waitFor();
    const html = (p) => p.evaluate(async () => (await fetch("./")).text());

    // Version 2: one file changes, and the build stamps a new service worker.
    appendFileSync(join(dir, "index.html"), "<!-- version 2 -->\n");
    execFileSync("node", [join(ROOT, "scripts/stamp-sw.mjs"), dir]);
    // The first page, which the first version took over on its first visit, finds it.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.locator("#update").waitFor({ state: "visible", timeout: 30_000 });
    // Until the player says so, both pages run the old version, every file of it.
    for (const p of [page, other]) {
      assert.ok(!(await html(p)).includes("version 2"));
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
      assert.ok((await html(p)).includes("version 2"), "every page is on the new files");
      assert.equal(await p.locator("#update").isHidden(), true);
    }
    const second = await cached(page);
    assert.notEqual(second, first);
    // The old version is gone; the new one plays, book and all.
    assert.deepEqual((await page.evaluate(() => caches.keys())).filter((n) => n.startsWith("connect-four-")), [second]);
    await perfectOpens(page);
    assert.deepEqual(problems, []);
    await context.close();
    await server.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
