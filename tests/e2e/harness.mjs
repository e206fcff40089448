// Shared e2e helpers: a static server for dist/ on 127.0.0.1 and a Chromium launcher.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "playwright-core";
import { staticServer } from "../../scripts/serve-static.mjs";

export const ROOT = resolve(import.meta.dirname, "../..");
export const DIST = join(ROOT, "dist");
export const ARTIFACTS = join(ROOT, "target", "e2e-artifacts");

/** The strict Content-Security-Policy the package and the site must run under, unchanged. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self'";

/**
 * Serves files on 127.0.0.1 at a free port. `dirs` is a folder, served at `/`, or a map from
 * URL prefixes (`/games/c4/`) to folders; the longest prefix wins. `headers` go on every
 * response (e.g. a Content-Security-Policy). Returns { url, close, served }: `served` lists
 * each file sent, as { path, bytes }, in order.
 */
export async function serve(dirs = DIST, headers = {}) {
  const served = [];
  const server = staticServer(dirs, headers, served);
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  // Closing also drops kept-alive connections: after close(), nothing at all is served.
  const close = () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); });
  return { url: `http://127.0.0.1:${port}/`, close, served };
}

export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/**
 * Opens a page that records console errors and warnings, and uncaught exceptions. The site's
 * service worker is blocked unless `contextOptions` has `serviceWorkers: "allow"` (the
 * offline tests): other tests see the network as it is.
 */
export async function openPage(browser, url, contextOptions = {}, prepare = null) {
  const context = await browser.newContext({ serviceWorkers: "block", ...contextOptions });
  await installProbe(context);
  // Scripts of the test's own to run before the page's (`prepare(context)`).
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.text() === "Service Worker registration blocked by Playwright") return;
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  // A request cut short by a reload or a navigation (net::ERR_ABORTED) is not a fault.
  page.on("requestfailed", (req) => {
    if (req.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`requestfailed: ${req.url()}`);
  });
  await page.goto(url);
  return { context, page, problems };
}

export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Polls `fn` until it returns a truthy value; throws with `what` after `ms`. */
export async function until(fn, what, ms = 10_000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

/**
 * The RGBA of the canvas pixel at the centre of a cell (row 0 = top, -0.9 = the headroom),
 * shifted by (dx, dy) cell fractions. `index` picks the board on pages with several.
 */
export async function cellPixel(page, column, row, dx = 0, dy = 0, index = 0) {
  return page.evaluate(({ column, row, dx, dy, index }) => {
    const { canvas, x, y } = window.__cellPoint(index, column, row + 0.5 + dy, dx + 0.5);
    return window.__probePixel(canvas, x, y);
  }, { column, row, dx, dy, index });
}

/**
 * Installs `window.__probePixel(canvas, cssX, cssY)`: copies one pixel of the game canvas
 * into a probe canvas made for reading, so the test's reads do not slow the game's canvas.
 * Also `window.__cellPoint(index, column, rows, across)`: board `index`'s canvas and the
 * point `across` cells right of column `column`'s left edge and `rows` cells below the
 * board's top edge. The board is found where the page's column controls lie over it (from
 * the headroom above the board down to its bottom edge), so the tests need no copy of the
 * layout's maths.
 */
export async function installProbe(context) {
  await context.addInitScript(() => {
    // Every element matching `selector` in the document and in every open shadow root (the
    // game lives in its host's), in document order.
    window.__deepAll = (selector, root = document) => {
      const found = [...root.querySelectorAll(selector)];
      for (const el of root.querySelectorAll("*")) {
        if (el.shadowRoot) found.push(...window.__deepAll(selector, el.shadowRoot));
      }
      return found;
    };
    // The focused element, inside the shadow root that holds it.
    window.__focused = () => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el;
    };
    window.__cellPoint = (index, column, rows, across) => {
      const canvas = window.__deepAll(".c4-stage canvas")[index];
      const r = canvas.getBoundingClientRect();
      const controls = window.__deepAll(".c4-columns")[index];
      const cols = controls.getBoundingClientRect();
      // As many controls show as the board has columns; they reach from the headroom
      // (0.8 of a cell) down to the board's bottom edge.
      const cell = cols.width / [...controls.children].filter((b) => !b.hidden).length;
      const height = Math.round(cols.height / cell - 0.8);
      const x = cols.left - r.left + (column + across) * cell;
      const y = cols.bottom - r.top - height * cell + rows * cell;
      return { canvas, x, y };
    };
    let probe;
    window.__probePixel = (canvas, x, y) => {
      probe ??= document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      probe.canvas.width = probe.canvas.height = 1;
      const s = canvas.width / canvas.getBoundingClientRect().width;
      probe.clearRect(0, 0, 1, 1);
      probe.drawImage(canvas, Math.round(x * s), Math.round(y * s), 1, 1, 0, 0, 1, 1);
      return Array.from(probe.getImageData(0, 0, 1, 1).data);
    };
  });
}

export function near(rgba, rgb, tolerance = 8) {
  return rgb.every((v, i) => Math.abs(rgba[i] - v) <= tolerance);
}

export const COLORS = {
  red: [0xd2, 0x1f, 0x32],
  yellow: [0xf2, 0xc2, 0x00],
  backdrop: [0xe4, 0xea, 0xf8],
  boardEdge: [0x12, 0x30, 0x8f],
};

/** A checker's colour faded half-way toward the light theme's dim colour, as the end shows it. */
export function faded(rgb, dim = [0x5b, 0x62, 0x75], amount = 0.5) {
  return rgb.map((v, i) => Math.round((1 - amount) * v + amount * dim[i]));
}

/** WCAG's contrast ratio of two RGB(A) colours. */
export function contrast(a, b) {
  const luminance = ([r, g, b]) => [r, g, b]
    .map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Chooses two players on this device, as a visitor would (the site opens against the computer). */
export async function twoPlayers(page) {
  await page.getByRole("radio", { name: "Two players" }).check();
}

/** The bounding box of the first element matching `selector`, shadow roots included. */
export async function rectOf(page, selector) {
  return page.evaluate((selector) => {
    const r = window.__deepAll(selector)[0].getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  }, selector);
}

/** The "N moves played" counter of board `index`. */
export async function moveCount(page, index = 0) {
  const text = await page.locator(".c4-count").nth(index).textContent();
  return Number.parseInt(text, 10);
}

/** Waits until no piece of board `index` is falling (moves wait for the landing). */
export async function settled(page, index = 0) {
  await until(() => page.evaluate((i) => window.__deepAll(".c4")[i]?.getAttribute("data-moving") === "false", index),
    "the piece to land");
}

/**
 * Runs axe on the page and fails on any serious or critical finding, naming the elements.
 * Waits for the result panel's entrance to finish: axe reads colours as they are.
 */
export async function axe(page, when) {
  await until(() => page.evaluate(() => window.__deepAll(".c4-result")[0].getAnimations().length === 0), "still");
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), [], `axe at ${when}`);
}
