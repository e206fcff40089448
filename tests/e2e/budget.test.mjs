// The first visit's weight and the package's, against their budgets: everything the release
// site fetches before its first board is drawn, gzipped (-9), and the npm tarball. A feature
// that grows either past its budget fails here, with the figure, instead of going unnoticed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { serve, launch, DIST, ROOT } from "./harness.mjs";

/** Everything before the first board, gzipped: 172 KB. */
const FIRST_BOARD_BUDGET = 172_000;
/** The npm tarball (`npm pack pkg/`): 900 KiB. */
const TARBALL_BUDGET = 900 * 1024;

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test("everything fetched before the first board stays within 172 KB gzipped", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName("c4-first-board").length > 0);
  const paths = [...new Set(server.served.map((f) => f.path))];
  await page.close();
  const sizes = paths.map((path) => {
    const file = join(DIST, path === "/" ? "index.html" : decodeURIComponent(path.slice(1)));
    return { path, gzipped: gzipSync(readFileSync(file), { level: 9 }).length };
  });
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
  console.log(sizes.map(({ path, gzipped }) => `${path}: ${gzipped} B`).join("\n"));
  console.log(`before the first board: ${total} B gzipped (budget ${FIRST_BOARD_BUDGET} B)`);
  assert.ok(paths.some((p) => p.endsWith("_bg.wasm")), `the page's module is among ${paths.join(", ")}`);
  assert.ok(total <= FIRST_BOARD_BUDGET, `before the first board: ${total} B gzipped, over the budget of ${FIRST_BOARD_BUDGET} B`);
});

test("the npm tarball stays within 900 KiB", () => {
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", join(ROOT, "pkg")], {
    cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"],
  }));
  console.log(`npm tarball: ${packed.size} B (${packed.entryCount} files; budget ${TARBALL_BUDGET} B)`);
  assert.ok(packed.entryCount > 10, "the package has its files");
  assert.ok(packed.size <= TARBALL_BUDGET, `the npm tarball: ${packed.size} B, over the budget of ${TARBALL_BUDGET} B`);
});
