// The host page's side of an embedded game: the handle's API, the events with their details
// in order, theming by CSS custom properties and the theme option, and a worker that fails.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openPage, until, cellPixel, near, moveCount } from "./harness.mjs";

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Opens the site, replaces its game with one mounted with `options`, recording events. */
async function mounted(options, contextOptions) {
  const opened = await openPage(browser, server.url, contextOptions);
  const { page } = opened;
  await page.locator(".c4").waitFor();
  await page.evaluate((options) => {
    window.c4.destroy();
    window.__events = [];
    const host = document.getElementById("game");
    for (const name of ["c4-move", "c4-end", "c4-refused", "c4-newgame", "c4-error"]) {
      // Listen on the document: the events bubble.
      document.addEventListener(name, (e) => window.__events.push({
        name, detail: e.detail, bubbles: e.bubbles, composed: e.composed, target: e.target === host,
      }));
    }
    window.c4 = window.wasmBindings.mount(host, options);
  }, options);
  return opened;
}

const events = (page) => page.evaluate(() => window.__events.splice(0));
const tryCall = (page, code) => page.evaluate((code) => {
  try { return { value: (0, eval)(code) }; } catch (e) { return { error: e.message }; }
}, code);

test("a scripted game fires every event with its detail, in order", async () => {
  const { page, problems, context } = await mounted({ reducedMotion: true });
  assert.deepEqual(await events(page), []);
  const first = await tryCall(page, "window.c4.play(0)");
  assert.equal(first.value.row, 5);
  const [moved] = await events(page);
  assert.deepEqual(moved, {
    name: "c4-move", bubbles: true, composed: true, target: true,
    detail: {
      columns: 7, rows: 6, column: 0, row: 5, player: 1, status: "in-progress", winner: null, winLine: [], moves: "1", by: "human",
      board: [...Array(5).fill([0, 0, 0, 0, 0, 0, 0]), [1, 0, 0, 0, 0, 0, 0]],
    },
  });
  for (const column of [1, 0, 1, 0, 1]) await tryCall(page, `window.c4.play(${column})`);
  assert.deepEqual((await events(page)).map((e) => `${e.name} ${e.detail.moves} ${e.detail.by}`),
    ["c4-move 12 human", "c4-move 121 human", "c4-move 1212 human", "c4-move 12121 human", "c4-move 121212 human"]);
  // The winning move: c4-move, then c4-end.
  await tryCall(page, "window.c4.play(0)");
  const [win, end] = await events(page);
  assert.equal(win.name, "c4-move");
  assert.equal(win.detail.status, "win");
  const line = [2, 3, 4, 5].map((row) => ({ column: 0, row }));
  assert.deepEqual(end, {
    name: "c4-end", bubbles: true, composed: true, target: true,
    detail: { columns: 7, rows: 6, status: "win", winner: 1, winLine: line, moves: "1212121" },
  });
  const state = await page.evaluate(() => window.c4.state);
  assert.deepEqual({ ...state, board: undefined }, {
    columns: 7, rows: 6, moves: "1212121", status: "win", winner: 1, winLine: line, currentPlayer: 2, board: undefined,
  });
  // After the end: refused as over, and the error says so.
  assert.match((await tryCall(page, "window.c4.play(3)")).error, /over/);
  assert.deepEqual((await events(page)).map((e) => [e.name, e.detail]), [["c4-refused", { columns: 7, rows: 6, column: 3, reason: "over" }]]);
  // A bad column throws, fires nothing and changes nothing.
  await tryCall(page, "window.c4.newGame({ moves: '444444' })");
  assert.deepEqual((await events(page)).map((e) => [e.name, e.detail]), [["c4-newgame", { columns: 7, rows: 6, moves: "444444" }]]);
  for (const bad of ["7", "-1", "3.5", "'3'", "null"]) {
    assert.match((await tryCall(page, `window.c4.play(${bad})`)).error, /invalid column/, bad);
  }
  assert.match((await tryCall(page, "window.c4.play(3)")).error, /full/);
  assert.deepEqual((await events(page)).map((e) => [e.name, e.detail]), [["c4-refused", { columns: 7, rows: 6, column: 3, reason: "full" }]]);
  assert.equal(await page.evaluate(() => window.c4.state.moves), "444444");
  // The computer's turn: busy. Its move comes as a c4-move by its level.
  await tryCall(page, "window.c4.setOptions({ yellow: 'easy' })");
  await tryCall(page, "window.c4.play(0)");
  assert.match((await tryCall(page, "window.c4.play(1)")).error, /busy/);
  await until(async () => (await page.evaluate(() => window.c4.state.moves)).length === 8, "the computer's move", 30_000);
  assert.deepEqual((await events(page)).map((e) => `${e.name} ${e.detail.by ?? e.detail.reason}`),
    ["c4-move human", "c4-refused busy", "c4-move easy"]);
  // A person's click fires the same events; the computer answers.
  const moves = () => page.evaluate(() => window.c4.state.moves);
  const before = await moves();
  await page.getByRole("button", { name: /^Column 7/ }).click();
  await until(async () => (await moves()).length === 10, "the click's move and the answer", 30_000);
  const clicked = await events(page);
  assert.deepEqual(clicked.map((e) => `${e.name} ${e.detail.column} ${e.detail.by}`),
    [`c4-move 6 human`, `c4-move ${Number((await moves())[9]) - 1} easy`]);
  // undo takes back the computer's answer and the person's move.
  await tryCall(page, "window.c4.undo()");
  assert.equal(await moves(), before);
  assert.match((await tryCall(page, "window.c4.setOptions({ red: 'godlike' })")).error, /unknown level/);
  assert.match((await tryCall(page, "window.c4.setOptions({ colour: 'red' })")).error, /unknown field/);
  await tryCall(page, "window.c4.newGame()");
  const fresh = await events(page);
  assert.deepEqual(fresh.at(-1), { name: "c4-newgame", bubbles: true, composed: true, target: true, detail: { columns: 7, rows: 6, moves: "" } });
  assert.deepEqual(problems, []);
  await context.close();
});

test("theming: custom properties on the host and the theme option repaint the board", async () => {
  const { page, problems, context } = await mounted({ reducedMotion: true, theme: "light" });
  // A board pixel: between the holes half-way down the board, where no light or shade falls.
  const board = () => cellPixel(page, 0, 2, 0, 0.5);
  assert.ok(near(await board(), [0x1d, 0x46, 0xc9]), `light board: ${await board()}`);
  await page.evaluate(() => document.getElementById("game").style.setProperty("--c4-board", "rgb(0, 128, 0)"));
  await until(async () => near(await board(), [0, 128, 0]), "the board in the host's colour");
  // A stylesheet rule added later, with no attribute changing anywhere, repaints too.
  await page.evaluate(() => {
    document.getElementById("game").style.removeProperty("--c4-board");
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("#game { --c4-board: rgb(0, 0, 128); }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await until(async () => near(await board(), [0, 0, 128]), "the board in the stylesheet's colour");
  await page.evaluate(() => { document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1); });
  await until(async () => near(await board(), [0x1d, 0x46, 0xc9]), "the board back to the theme's");
  await page.evaluate(() => document.body.style.setProperty("--c4-red", "rgb(128, 0, 128)"));
  await page.evaluate(() => window.c4.play(3));
  await until(async () => near(await cellPixel(page, 3, 5, 0.3, 0), [128, 0, 128]), "red pieces in the page's colour");
  // The theme option: dark and high contrast have their own board, unless the host sets one.
  await page.evaluate(() => document.getElementById("game").style.removeProperty("--c4-board"));
  await page.evaluate(() => window.c4.setOptions({ theme: "dark" }));
  assert.equal(await page.locator(".c4").getAttribute("data-theme"), "dark");
  await until(async () => near(await board(), [0x2a, 0x55, 0xd8]), "the dark board");
  await page.evaluate(() => window.c4.setOptions({ theme: "high-contrast" }));
  assert.equal(await page.locator(".c4").getAttribute("data-theme"), "high-contrast");
  // auto: the page's color-scheme wins over the system's preference.
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = "dark";
    window.c4.setOptions({ theme: "auto" });
  });
  assert.equal(await page.locator(".c4").getAttribute("data-theme"), "dark");
  await page.evaluate(() => { document.documentElement.style.colorScheme = "light"; });
  await until(async () => (await page.locator(".c4").getAttribute("data-theme")) === "light", "auto follows the page");
  assert.deepEqual(problems, []);
  await context.close();
});

test("auto follows the system when the page leaves it open", async () => {
  const { page, problems, context } = await mounted({}, { colorScheme: "dark" });
  assert.equal(await page.locator(".c4").getAttribute("data-theme"), "dark");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a worker that cannot load: the player is told, the host gets c4-error, nothing thinks forever", async () => {
  const { page, context } = await openPage(browser, "about:blank");
  await context.route("**/worker.js", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto(server.url);
  await page.locator(".c4").waitFor();
  await page.evaluate(() => {
    window.c4.destroy();
    window.__errors = [];
    document.addEventListener("c4-error", (e) => window.__errors.push(e.detail.message));
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { yellow: "easy", reducedMotion: true });
  });
  await page.getByRole("button", { name: /^Column 4/ }).click();
  await until(async () => /The computer could not move/.test(await page.getByRole("status").textContent()), "the message");
  const errors = await page.evaluate(() => window.__errors);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.doesNotMatch(await page.locator(".c4-turn").textContent(), /thinking/);
  assert.equal(await page.locator(".c4").getAttribute("aria-busy"), "false");
  await context.close();
});

test("the <connect-four> element: attributes in, events out, removal cleans up", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.locator(".c4").waitFor();
  await page.evaluate(async () => {
    window.c4.destroy();
    const el = document.createElement("connect-four");
    el.setAttribute("yellow", "easy");
    el.setAttribute("reduced-motion", "");
    el.setAttribute("moves", "44");
    window.__moves = [];
    el.addEventListener("c4-move", (e) => window.__moves.push(`${e.detail.moves} ${e.detail.by}`));
    document.getElementById("game").append(el);
    window.el = el;
    await el.ready;
  });
  assert.equal(await page.locator("connect-four .c4").count(), 1);
  assert.equal(await page.evaluate(() => window.el.state.moves), "44");
  await page.getByRole("button", { name: /^Column 3/ }).click();
  await until(() => page.evaluate(() => window.__moves.length === 2), "the person's move and the computer's");
  const [mine, theirs] = await page.evaluate(() => window.__moves);
  assert.equal(mine, "443 human");
  assert.match(theirs, /^443\d easy$/);
  // Attributes update the game.
  await page.evaluate(() => window.el.setAttribute("theme", "dark"));
  assert.equal(await page.locator("connect-four .c4").getAttribute("data-theme"), "dark");
  await page.evaluate(() => window.el.setAttribute("yellow", "human"));
  await page.evaluate(() => window.el.play(0));
  await page.waitForTimeout(300);
  assert.equal((await page.evaluate(() => window.el.state.moves)).length, 5, "Yellow is a person now: no answer");
  await page.evaluate(() => window.el.setAttribute("moves", "1234"));
  assert.equal(await page.evaluate(() => window.el.state.moves), "1234");
  // An invalid attribute is reported, and changes nothing.
  const error = await page.evaluate(() => new Promise((done) => {
    window.el.addEventListener("c4-error", (e) => done(e.detail.message), { once: true });
    window.el.setAttribute("red", "godlike");
  }));
  assert.match(error, /unknown level/);
  assert.equal(await page.evaluate(() => window.el.state.moves), "1234");
  problems.splice(0); // the invalid attribute's console.error, expected
  // Removal destroys the game: its DOM and its stylesheet go.
  await page.evaluate(() => window.el.remove());
  assert.equal(await page.evaluate(() => window.el.shadowRoot.querySelector(".c4")), null);
  assert.equal(await page.evaluate(() => window.el.shadowRoot.adoptedStyleSheets.length), 0);
  assert.match((await tryCall(page, "window.el.play(0)")).error, /not on the page/);
  // destroy() removes the element too.
  await page.evaluate(async () => {
    const el = document.createElement("connect-four");
    document.body.append(el);
    await el.ready;
    el.destroy();
    window.__gone = !el.isConnected && el.shadowRoot.querySelector(".c4") === null;
  });
  assert.equal(await page.evaluate(() => window.__gone), true);
  // Two on one page, each its own game.
  await page.evaluate(async () => {
    document.getElementById("game").innerHTML = "<connect-four></connect-four><connect-four theme=light></connect-four>";
    await Promise.all(window.__deepAll("connect-four").map((e) => e.ready));
  });
  assert.equal(await page.locator("connect-four .c4").count(), 2);
  assert.deepEqual(problems, []);
  await context.close();
});

test("texts: another language, player names included, set at mount and changed later", async () => {
  const german = {
    red: "Rot", yellow: "Gelb", toMove: "{player} ist am Zug", newGame: "Neues Spiel", undo: "Zurück",
    moved: "{player} in Spalte {column}, Reihe {row}", column: "Spalte {column}, {fill}", empty: "leer",
    movesPlayed: "{n} Züge gespielt", oneMovePlayed: "1 Zug gespielt", playedBy: "{player} spielt:",
    game: "Vier gewinnt",
  };
  const { page, problems, context } = await mounted({ reducedMotion: true, texts: german });
  assert.equal(await page.locator(".c4-turn").textContent(), "Rot ist am Zug");
  assert.equal(await page.locator(".c4").getAttribute("aria-label"), "Vier gewinnt");
  await page.getByRole("button", { name: "Neues Spiel" }).waitFor();
  await page.getByRole("button", { name: "Spalte 4, leer" }).click();
  await until(async () => (await page.getByRole("status").textContent()).startsWith("Rot in Spalte 4, Reihe 1"), "the move in German");
  assert.equal(await page.locator(".c4-count").textContent(), "1 Zug gespielt");
  assert.equal(await page.locator(".c4-turn").textContent(), "Gelb ist am Zug");
  assert.match(await page.locator(".c4-settings").textContent(), /Rot spielt:/);
  // What the texts leave out stays English; setOptions changes texts later.
  assert.equal(await page.getByRole("button", { name: "Hint" }).count(), 1);
  // Each `texts` replaces the last: what it leaves out is the default again.
  await page.evaluate((german) => window.c4.setOptions({ texts: { ...german, hint: "Tipp" } }), german);
  assert.equal(await page.getByRole("button", { name: "Tipp" }).count(), 1);
  assert.equal(await page.locator(".c4-turn").textContent(), "Gelb ist am Zug");
  await page.evaluate(() => window.c4.setOptions({ texts: { hint: "Tipp" } }));
  assert.equal(await page.locator(".c4-turn").textContent(), "Yellow to move", "the German turn line is gone");
  // {} and null bring every default back; defaultTexts has them.
  for (const reset of ["{}", "null"]) {
    await page.evaluate((german) => window.c4.setOptions({ texts: german }), german);
    assert.equal(await page.locator(".c4-turn").textContent(), "Gelb ist am Zug");
    await page.evaluate(`window.c4.setOptions({ texts: ${reset} })`);
    assert.equal(await page.locator(".c4-turn").textContent(), "Yellow to move", `texts: ${reset}`);
    assert.equal(await page.getByRole("button", { name: "Hint" }).count(), 1);
  }
  assert.equal(await page.evaluate(() => window.wasmBindings.defaultTexts.toMove), "{player} to move");
  assert.equal(await page.evaluate(() => Object.isFrozen(window.wasmBindings.defaultTexts)), true);
  assert.match((await tryCall(page, "window.c4.setOptions({ texts: { colour: 'x' } })")).error, /unknown text "colour"/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the end speaks to the player: you win, the computer wins, and where the four is", async () => {
  const { page, problems, context } = await mounted({ reducedMotion: true, yellow: "perfect", moves: "121212" });
  const said = () => page.getByRole("status").textContent();
  await page.getByRole("button", { name: /^Column 1/ }).click();
  await until(async () => /^You win! Four in a column: column 1, rows 1 to 4\.\s*$/.test(await said()), "you win");
  assert.equal(await page.locator(".c4-result-text").textContent(), "You win!");
  // The computer (perfect) takes the win it is given.
  await page.evaluate(() => window.c4.newGame({ moves: "1212123" }));
  await until(async () => /^The computer wins\. Four in a column: column 2, rows 1 to 4\.\s*$/.test(await said()), "the computer wins", 30_000);
  assert.equal(await page.locator(".c4-result-text").textContent(), "The computer wins.");
  // Two people: the winner's name, and a row.
  await page.evaluate(() => window.c4.setOptions({ yellow: "human", moves: "223344" }));
  await page.evaluate(() => window.c4.play(4));
  await until(async () => /^Red wins! Four in a row: row 1, columns 2 to 5\.\s*$/.test(await said()), "red wins");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the host hears every change: c4-change for a move, an undo, a new game, set moves and a restore; c4-undo; c4-end for a finished start", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.locator(".c4").waitFor();
  const mount = () => page.evaluate(() => {
    window.__log = [];
    for (const name of ["c4-move", "c4-undo", "c4-change", "c4-end", "c4-newgame"]) {
      document.addEventListener(name, (e) => window.__log.push([name, e.detail]));
    }
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), { reducedMotion: true, storageKey: "c4-events" });
    return window.__log.length;
  });
  // One line per event: its name and the moves it carries (with the state's status for
  // c4-change, and what was taken back for c4-undo).
  const log = () => page.evaluate(() => window.__log.splice(0).map(([name, d]) => [name, d.moves,
    name === "c4-change" ? d.status : name === "c4-undo" ? d.undone.map((u) => `${u.player}@${u.column}`).join(" ") : undefined,
  ].filter((part) => part !== undefined).join(" ")));
  const logged = async (n, what) => {
    await until(async () => (await page.evaluate(() => window.__log.length)) >= n, what);
    return log();
  };
  await page.evaluate(() => { window.c4.destroy(); localStorage.removeItem("c4-events"); });
  // Nothing during mount; the start follows once mount has returned.
  assert.equal(await mount(), 0, "no event before mount returns");
  assert.deepEqual(await logged(1, "the start"), ["c4-change  in-progress"]);
  // A click: the move, then the change.
  await page.getByRole("button", { name: /^Column 4/ }).click();
  assert.deepEqual(await logged(2, "a move"), ["c4-move 4", "c4-change 4 in-progress"]);
  // U on the board takes it back.
  await page.keyboard.press("u");
  assert.deepEqual(await logged(2, "undo by key"), ["c4-undo  1@3", "c4-change  in-progress"]);
  // The Undo button, after two moves.
  await page.getByRole("button", { name: /^Column 2/ }).click();
  await page.getByRole("button", { name: /^Column 6/ }).click();
  assert.deepEqual(await logged(4, "two moves"), ["c4-move 2", "c4-change 2 in-progress", "c4-move 26", "c4-change 26 in-progress"]);
  await page.getByRole("button", { name: "Undo" }).click();
  assert.deepEqual(await logged(2, "undo by button"), ["c4-undo 2 2@5", "c4-change 2 in-progress"]);
  // The handle's undo.
  await page.evaluate(() => window.c4.undo());
  assert.deepEqual(await logged(2, "undo by handle"), ["c4-undo  1@1", "c4-change  in-progress"]);
  // New game, by button, from a game with a move.
  await page.getByRole("button", { name: /^Column 1/ }).click();
  assert.deepEqual(await logged(2, "a move"), ["c4-move 1", "c4-change 1 in-progress"]);
  await page.getByRole("button", { name: "New game" }).click();
  assert.deepEqual(await logged(2, "new game"), ["c4-newgame ", "c4-change  in-progress"]);
  // setOptions with moves starts from them.
  await page.evaluate(() => window.c4.setOptions({ moves: "4455" }));
  assert.deepEqual(await logged(2, "moves set"), ["c4-newgame 4455", "c4-change 4455 in-progress"]);
  // A finished start: c4-end too.
  await page.evaluate(() => window.c4.newGame({ moves: "1212121" }));
  const finished = await logged(3, "a finished start");
  assert.deepEqual(finished.slice().sort(), ["c4-change 1212121 win", "c4-end 1212121", "c4-newgame 1212121"]);
  assert.equal(finished.at(-1), "c4-change 1212121 win", "c4-change follows what caused it");
  // A reload restores the game saved under the key: its first c4-change has its moves.
  await page.evaluate(() => window.c4.newGame({ moves: "445" }));
  await logged(2, "a game to save");
  await page.reload();
  await page.locator(".c4").waitFor();
  await page.evaluate(() => { window.c4.destroy(); });
  assert.equal(await mount(), 0);
  assert.deepEqual(await logged(1, "the restored game"), ["c4-change 445 in-progress"]);
  assert.equal(await page.evaluate(() => window.c4.state.moves), "445");
  // Undo right after the restore: the host hears it too.
  await page.evaluate(() => window.c4.undo());
  assert.deepEqual(await logged(2, "undo after restore"), ["c4-undo 44 1@4", "c4-change 44 in-progress"]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("<connect-four> with an invalid attribute from the start: reported, left out, and applied once set right", async () => {
  const { page, problems, context } = await openPage(browser, server.url);
  await page.locator(".c4").waitFor();
  const errors = await page.evaluate(async () => {
    window.c4.destroy();
    const errors = [];
    const el = document.createElement("connect-four");
    el.setAttribute("yellow", "impossible");
    el.setAttribute("theme", "dark");
    el.setAttribute("reduced-motion", "");
    el.addEventListener("c4-error", (e) => errors.push(`${e.detail.code}: ${e.detail.message}`));
    document.body.append(el);
    window.el = el;
    await Promise.race([el.ready, new Promise((_, fail) => setTimeout(() => fail(new Error("the element never got ready")), 10_000))]);
    return errors;
  });
  assert.equal(errors.length, 1, errors.join("; "));
  assert.match(errors[0], /^attribute: .*unknown level "impossible"/);
  // The game is there, with the valid attributes; Yellow is a person, the default.
  assert.equal(await page.locator("connect-four .c4").getAttribute("data-theme"), "dark");
  await page.evaluate(() => window.el.play(3));
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.el.state.moves), "4");
  // Set right, it applies: the computer answers.
  await page.evaluate(() => { window.el.setAttribute("yellow", "easy"); window.el.newGame(); window.el.play(3); });
  await until(async () => (await page.evaluate(() => window.el.state.moves)).length === 2, "the computer's answer", 30_000);
  problems.splice(problems.findIndex((p) => /unknown level/.test(p)), 1); // the expected console.error
  assert.deepEqual(problems, []);
  await context.close();
});
