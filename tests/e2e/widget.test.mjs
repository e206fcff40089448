// The widget on someone else's page: in its own shadow root, under a strict CSP. The page's
// careless global rules change nothing in it; every colour comes from a documented custom
// property; axe, the keyboard and the live region reach inside.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { serve, launch, openPage, until, moveCount, ROOT, ARTIFACTS, STRICT_CSP } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await serve({
    "/page/c4/": join(ROOT, "pkg"),
    "/page/": join(ROOT, "tests", "fixtures", "widget-page"),
  }, { "content-security-policy": STRICT_CSP });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

/** Opens the widget page (`query`: "hostile", "moves=…"), once its game is on it. */
async function open(query = "", viewport = { width: 900, height: 1100 }) {
  const opened = await openPage(browser, "about:blank", { viewport });
  await opened.context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective));
  });
  await opened.page.goto(`${server.url}page/${query ? `?${query}` : ""}`);
  await opened.page.locator(".c4-col").first().waitFor();
  return opened;
}

/** The custom properties PACKAGE.md's "Theming" table documents. */
async function documentedProperties() {
  const text = await readFile(join(ROOT, "src", "web", "PACKAGE.md"), "utf8");
  const section = text.slice(text.indexOf("## Theming"), text.indexOf("\n## ", text.indexOf("## Theming") + 1));
  return [...section.matchAll(/^\| `(--c4-[a-z-]+)` \|/gm)].map((m) => m[1]);
}

test("the game lives in an open shadow root, and the page's own stylesheet cannot reach it", async () => {
  const plain = await open();
  const hostile = await open("hostile");
  try {
    // The hostile sheet did load, and does change the page around the game.
    const pageButton = (p) => p.evaluate(() => getComputedStyle(document.getElementById("before")).borderTopWidth);
    assert.equal(await pageButton(hostile.page), "6px");
    assert.notEqual(await pageButton(plain.page), "6px");
    // Every element of the game, where it is within the game, and how it looks.
    const layout = (p) => p.evaluate(() => {
      const shadow = document.getElementById("game").shadowRoot;
      const game = shadow.querySelector(".c4").getBoundingClientRect();
      return [...shadow.querySelectorAll(".c4, .c4 *")].map((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        // What is not shown has no box: its rect is at the viewport's corner.
        const at = (v) => v.toFixed(2);
        const where = el.getClientRects().length ? `${at(r.x - game.x)},${at(r.y - game.y)} ${at(r.width)}x${at(r.height)}` : "no box";
        return `${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className} ${where} ` +
          `${s.fontFamily} ${s.fontSize}/${s.lineHeight} ${s.letterSpacing} ${s.textTransform} ${s.textAlign} ${s.borderTopWidth} ${s.paddingTop}`;
      });
    });
    const [expected, got] = [await layout(plain.page), await layout(hostile.page)];
    assert.ok(expected.length > 100, `${expected.length} elements`);
    assert.deepEqual(got, expected, "the game's layout under the hostile stylesheet");
    const board = (p) => p.locator(".c4-stage canvas").boundingBox().then(({ width, height }) => ({ width, height }));
    assert.deepEqual(await board(hostile.page), await board(plain.page), "the board's size");
    // The same pixels, too.
    await mkdir(ARTIFACTS, { recursive: true });
    const shots = [];
    for (const [name, { page }] of [["plain", plain], ["hostile", hostile]]) {
      const shot = await page.locator(".c4").screenshot({ animations: "disabled" });
      await writeFile(join(ARTIFACTS, `widget-${name}.png`), shot);
      shots.push(shot);
    }
    assert.ok(shots[0].equals(shots[1]), "the game's screenshot under the hostile stylesheet (target/e2e-artifacts/widget-*.png)");
    // And it plays.
    await hostile.page.getByRole("button", { name: /^Column 4/ }).click();
    await until(async () => (await moveCount(hostile.page)) === 1, "a move on the hostile page");
    for (const { page, problems } of [plain, hostile]) {
      assert.equal(await page.evaluate(() => document.getElementById("game").shadowRoot.mode), "open");
      assert.deepEqual(await page.evaluate(() => window.__violations), [], "no CSP violation");
      assert.deepEqual(problems, []);
    }
  } finally {
    await plain.context.close();
    await hostile.context.close();
  }
});

test("axe, the keyboard and the live region reach into the shadow root", async () => {
  const { page, problems, context } = await open();
  try {
    // axe looks inside: it names nodes in the shadow root by their path through it.
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`), []);
    const inside = results.passes.flatMap((p) => p.nodes).filter((n) => Array.isArray(n.target[0]));
    assert.ok(inside.length > 20, `axe checked ${inside.length} nodes inside the shadow root`);
    // Tab goes from the page into the game, and on out of it; Shift+Tab comes back.
    const focused = () => page.evaluate(() => {
      const el = window.__focused();
      return el.id || `${el.getRootNode() === document ? "page" : "game"}: ${el.getAttribute("aria-label") ?? el.textContent.trim() ?? el.value}`;
    });
    await page.locator("#before").focus();
    await page.keyboard.press("Tab");
    const first = await focused();
    assert.match(first, /^game: /, "Tab from the page enters the game");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focused(), "before", "Shift+Tab leaves it again");
    await page.keyboard.press("Tab");
    let stops = 0;
    while ((await focused()).startsWith("game: ") && stops < 60) {
      await page.keyboard.press("Tab");
      stops++;
    }
    assert.equal(await focused(), "after", `Tab leaves the game for the page after ${stops} stops`);
    await page.keyboard.press("Shift+Tab");
    assert.match(await focused(), /^game: /, "Shift+Tab from the page enters the game from its end");
    // A move by keyboard: the live region inside the shadow root says it, in the page's
    // accessibility tree.
    await page.getByRole("button", { name: /^Column 4/ }).focus();
    await page.keyboard.press("Enter");
    await until(async () => (await moveCount(page)) === 1, "the move");
    const tree = await page.locator("#game").ariaSnapshot();
    assert.match(tree, /- status: Red in column 4, row 1/, tree);
    // The disclosures' names are their words, without the arrow drawn before them.
    assert.match(tree, /- group: How to play\n/, tree);
    assert.doesNotMatch(tree, /▸/, tree);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("theme: set every documented custom property, and no default colour remains on the canvas or in the styles", async () => {
  const documented = await documentedProperties();
  // What the game reads is what is documented: the stylesheet's and the canvas's properties.
  const css = await readFile(join(ROOT, "src", "web", "style.js"), "utf8");
  const theme = await readFile(join(ROOT, "src", "ui", "theme.rs"), "utf8");
  const read = new Set([...css.matchAll(/var\((--c4-[a-z-]+)/g), ...theme.matchAll(/"(--c4-[a-z-]+)"/g)].map((m) => m[1]));
  assert.deepEqual([...read].sort(), [...documented].sort(), "the properties read and the ones documented");
  assert.ok(documented.includes("--c4-accent"));

  // A full column (its crossed-out ghost shows under the mouse), then a won game (rings,
  // faded checkers, the result) with a disclosure open and the keyboard's focus ring.
  const { page, problems, context } = await open("moves=444444");
  const GREEN = [0, 128, 0];
  const set = (properties) => page.evaluate(([properties, colour]) => {
    const host = document.getElementById("game");
    for (const p of properties) host.style.setProperty(p, colour);
  }, [properties, `rgb(${GREEN.join(", ")})`]);
  // Every canvas pixel that is more than faintly painted, against the colour.
  const canvas = () => page.evaluate((green) => {
    const canvas = window.__deepAll(".c4-stage canvas")[0];
    // Read from a copy, so that the test's reads do not slow the game's canvas.
    const copy = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    [copy.canvas.width, copy.canvas.height] = [canvas.width, canvas.height];
    copy.drawImage(canvas, 0, 0);
    const { data } = copy.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    const off = [];
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] < 128) continue;
      painted++;
      if ([0, 1, 2].some((c) => Math.abs(data[i + c] - green[c]) > 4)) off.push(Array.from(data.slice(i, i + 4)).join(","));
    }
    // The colours off it, most common first.
    const counts = {};
    for (const c of off) counts[c] = (counts[c] ?? 0) + 1;
    const some = Object.entries(counts).sort((x, y) => y[1] - x[1]).slice(0, 6).map(([c]) => c.split(",").map(Number));
    return { painted, share: painted / (canvas.width * canvas.height), off: off.length, some };
  }, GREEN);
  // Every colour in every element's computed style that shows, against the colour.
  const styles = () => page.evaluate((green) => {
    const colours = /rgba?\([^)]*\)|color\(srgb[^)]*\)/g;
    const parse = (c) => {
      if (c.startsWith("color(")) {
        const [r, g, b, a = "1"] = c.slice(11, -1).replace("/", " ").trim().split(/\s+/);
        return [r * 255, g * 255, b * 255, Number(a)];
      }
      const [r, g, b, a = 1] = c.slice(c.indexOf("(") + 1, -1).split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    };
    const ok = (c) => { const [r, g, b, a] = parse(c); return a === 0 || [r, g, b].every((v, i) => Math.abs(v - green[i]) <= 2); };
    const shows = (el, s, p) => {
      const side = p.match(/^border-(\w+)-color$/)?.[1];
      if (side) return s.getPropertyValue(`border-${side}-style`) !== "none" && parseFloat(s.getPropertyValue(`border-${side}-width`)) > 0;
      if (p === "outline-color") return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
      if (p === "text-decoration-color") return s.textDecorationLine !== "none";
      if (p === "accent-color") return el.tagName === "INPUT";
      if (p === "fill" || p === "stroke") return el instanceof SVGElement;
      return true;
    };
    const properties = ["color", "background-color", "border-top-color", "border-right-color", "border-bottom-color",
      "border-left-color", "outline-color", "box-shadow", "text-shadow", "fill", "stroke", "accent-color",
      "scrollbar-color", "filter", "text-decoration-color", "caret-color"];
    const shadow = document.getElementById("game").shadowRoot;
    const bad = [];
    let checked = 0;
    for (const el of shadow.querySelectorAll(".c4, .c4 *")) {
      for (const pseudo of [null, "::before", "::after"]) {
        const s = getComputedStyle(el, pseudo);
        if (pseudo && s.content === "none") continue;
        for (const p of properties) {
          if (!shows(el, s, p)) continue;
          const value = s.getPropertyValue(p);
          for (const c of value.match(colours) ?? []) {
            checked++;
            if (!ok(c)) bad.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}${pseudo ?? ""} ${p}: ${value}`);
          }
          if (p === "scrollbar-color" && value === "auto") bad.push(`${el.className} scrollbar-color: auto`);
        }
      }
    }
    return { checked, bad: [...new Set(bad)] };
  }, GREEN);
  // The board's default face colour is gone (the host's colour has been read).
  const faceRepainted = async () => !(await canvas()).some.some((c) => c.slice(0, 3).every((v, i) => Math.abs(v - [0x1d, 0x46, 0xc9][i]) <= 4));
  try {
    await page.getByRole("button", { name: /^Column 4/ }).hover();
    // The check can fail: leave out the board's edge and the accent, and both show.
    await set(documented.filter((p) => p !== "--c4-board-edge" && p !== "--c4-accent"));
    await until(faceRepainted, "the board repainted in the host's colour");
    const partly = await canvas();
    const edge = [0x12, 0x30, 0x8f];
    assert.ok(partly.off > 0 && partly.some[0].slice(0, 3).every((v, i) => Math.abs(v - edge[i]) <= 4),
      `the board's default edge shows: ${JSON.stringify(partly)}`);
    const unthemed = await styles();
    assert.ok(unthemed.bad.some((b) => /rgb\(29, 70, 201\)/.test(b)), `the default accent shows: ${unthemed.bad.join("\n")}`);
    // All of them: nothing but the colour.
    await set(["--c4-board-edge", "--c4-accent"]);
    await until(async () => (await canvas()).off === 0, "the whole board in the host's colour");
    const full = await canvas();
    assert.ok(full.painted > 0 && full.share > 0.5, JSON.stringify(full));
    let dom = await styles();
    assert.deepEqual(dom.bad, [], "in play, a full column under the mouse");
    // The end: rings, faded checkers, the result; Settings open; the focus ring.
    await page.evaluate(() => window.board.newGame({ moves: "4444441212121" }));
    await page.mouse.move(0, 0);
    await page.getByText("Settings", { exact: true }).click();
    await page.locator("#before").focus();
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: "Play again" }).waitFor();
    await until(async () => (await canvas()).off === 0, "the end in the host's colour");
    dom = await styles();
    assert.deepEqual(dom.bad, [], "at the end, with Settings open and the focus ring");
    assert.ok(dom.checked > 500, `${dom.checked} colours checked`);
    // What the browser draws itself (a checkbox's tick, a slider's track) is in no computed
    // style: the screenshot shows it.
    await mkdir(ARTIFACTS, { recursive: true });
    const shown = async (name) => {
      // A shot of the game at rest: its height the same before and after (the review's
      // lines fill in as its analysis arrives). The last row of a box whose height is not
      // whole is partly the page's.
      const height = async () => (await page.locator(".c4").boundingBox()).height;
      let png, rows, before = await height();
      for (let tries = 0; tries < 50; tries++, before = rows) {
        png = await page.locator(".c4").screenshot({ animations: "disabled", caret: "hide" });
        rows = await height();
        if (rows === before) break;
        await page.waitForTimeout(100);
      }
      assert.equal(rows, before, "the game's height settles");
      rows = Math.floor(rows);
      await writeFile(join(ARTIFACTS, `widget-one-colour-${name}.png`), png);
      // Decoded from a Blob: the page's CSP refuses data: images.
      return page.evaluate(async ([bytes, green, rows]) => {
        const image = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/png" }));
        const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
        [ctx.canvas.width, ctx.canvas.height] = [image.width, image.height];
        ctx.drawImage(image, 0, 0);
        const { data } = ctx.getImageData(0, 0, image.width, image.height);
        let off = 0;
        for (let i = 0; i < rows * image.width * 4; i += 4) {
          if ([0, 1, 2].some((c) => Math.abs(data[i + c] - green[c]) > 4)) off++;
        }
        return off;
      }, [[...png], GREEN, rows]);
    };
    assert.equal(await shown("end"), 0, "pixels of another colour at the end (target/e2e-artifacts/widget-one-colour-end.png)");
    // The review: its slider, chart and table.
    await page.getByRole("button", { name: "Review" }).first().click();
    await page.locator(".c4-slider").waitFor();
    await page.locator(".c4-slider").focus();
    await page.keyboard.press("ArrowLeft");
    await until(async () => (await canvas()).off === 0, "the review in the host's colour");
    dom = await styles();
    assert.deepEqual(dom.bad, [], "in the review");
    assert.equal(await shown("review"), 0, "pixels of another colour in the review (target/e2e-artifacts/widget-one-colour-review.png)");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a host that cannot hold a shadow root (a table cell) gets a holder that does, gone with the game", async () => {
  const { page, problems, context } = await open();
  try {
    await page.evaluate(async () => {
      const { mount } = await import("./c4/index.js");
      document.body.insertAdjacentHTML("beforeend", "<table><tr><td id=cell>Loading…</td></tr></table>");
      window.cell = mount(document.getElementById("cell"), { reducedMotion: true });
    });
    const holder = () => page.evaluate(() => {
      const div = document.querySelector("#cell > div[data-c4-holder]");
      return div && { open: div.shadowRoot?.mode, game: Boolean(div.shadowRoot?.querySelector(".c4")) };
    });
    assert.deepEqual(await holder(), { open: "open", game: true });
    assert.equal(await page.evaluate(() => document.getElementById("cell").firstChild.textContent), "Loading…",
      "the cell's own text stays, before the game");
    await page.locator("#cell").getByRole("button", { name: /^Column 5/ }).click();
    await until(() => page.evaluate(() => window.cell.state.moves === "5"), "a move in the cell");
    await page.evaluate(() => window.cell.destroy());
    assert.equal(await holder(), null, "the holder goes with the game");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
