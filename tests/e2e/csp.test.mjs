// Strict pages: the package and the Trunk site run under a strict Content-Security-Policy,
// adding nothing to it, from a sub-path, with no violation; and a board whose stylesheet is
// gone still keeps a sane size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { launch, serve, until, moveCount, installProbe, DIST, ROOT, STRICT_CSP } from "./harness.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens `url`, recording CSP violations (on the page and in its workers) and problems. */
async function openStrict(url) {
  const context = await browser.newContext();
  await installProbe(context);
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("worker", (w) => w.on("console", (m) => m.type() === "error" && problems.push(`worker: ${m.text()}`)));
  await page.goto(url);
  return { context, page, problems };
}

/** Plays column 4 and waits for the computer's answer. */
async function playAgainstTheComputer(page) {
  await page.getByRole("button", { name: /^Column 4/ }).click();
  await until(async () => (await moveCount(page)) === 2, "the computer's answer", 30_000);
}

test("the package on a plain page under /games/, served from /games/c4/, with a strict CSP", async () => {
  const server = await serve({
    "/games/c4/": join(ROOT, "pkg"),
    "/games/": join(ROOT, "tests", "fixtures", "csp-page"),
  }, { "content-security-policy": STRICT_CSP });
  const { context, page, problems } = await openStrict(server.url + "games/");
  try {
    await page.locator(".c4").waitFor();
    await playAgainstTheComputer(page);
    // The stylesheet applies: the turn line's swatch is a round chip, not an empty span.
    const radius = await page.evaluate(() => getComputedStyle(window.__deepAll(".c4-swatch")[0]).borderRadius);
    assert.equal(radius, "50%");
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("the package on a page that requires Trusted Types: the worker starts through its policy, and the computer plays", async () => {
  const server = await serve({
    "/games/c4/": join(ROOT, "pkg"),
    "/games/": join(ROOT, "tests", "fixtures", "csp-page"),
  }, { "content-security-policy": `${STRICT_CSP}; require-trusted-types-for 'script'; trusted-types connect-four-wasm` });
  const { context, page, problems } = await openStrict(server.url + "games/");
  try {
    await page.locator(".c4").waitFor();
    await playAgainstTheComputer(page);
    // The worker is first asked for by its plain address, which bundlers follow; the page
    // refuses that once (the one report), and the policy's address is taken.
    assert.deepEqual(await page.evaluate(() => window.__violations), ["require-trusted-types-for trusted-types-sink"]);
    assert.deepEqual(problems, ["This document requires 'TrustedScriptURL' assignment. The action has been blocked."]);
  } finally {
    await context.close();
    await server.close();
  }
});

test("the Trunk site from a sub-path, with a strict CSP", async () => {
  const server = await serve({ "/games/c4/": DIST }, { "content-security-policy": STRICT_CSP });
  const { context, page, problems } = await openStrict(server.url + "games/c4/");
  try {
    await page.locator(".c4-turn").filter({ hasText: "(Red)" }).waitFor();
    await page.evaluate(() => {
      window.c4.destroy();
      window.c4 = window.wasmBindings.mount(document.getElementById("game"), { yellow: "easy" });
    });
    await playAgainstTheComputer(page);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("without its stylesheet the board keeps a sane size", async () => {
  const server = await serve(DIST);
  const { context, page, problems } = await openStrict(server.url);
  try {
    await page.locator(".c4").waitFor();
    await page.evaluate(() => { window.__deepAll(".c4")[0].getRootNode().adoptedStyleSheets = []; });
    const size = () => page.evaluate(() => {
      const stage = window.__deepAll(".c4-stage")[0].getBoundingClientRect();
      const canvas = window.__deepAll(".c4-stage canvas")[0].getBoundingClientRect();
      return { stage: [stage.width, stage.height], canvas: [canvas.width, canvas.height], page: innerWidth };
    });
    const first = await size();
    await page.waitForTimeout(1500);
    const later = await size();
    assert.deepEqual(later, first, "the size settles");
    assert.ok(later.stage[0] <= later.page && later.stage[1] <= later.stage[0] + 1, JSON.stringify(later));
    assert.deepEqual(later.canvas, later.stage, "the canvas fills the stage, no more");
    // And it still plays.
    await page.getByRole("button", { name: /^Column 4/ }).click();
    await until(async () => (await moveCount(page)) === 1, "a move without styles");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});
