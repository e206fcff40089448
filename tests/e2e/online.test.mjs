// Online play as people play it: the site served by the game's own server
// (`connect-four-server`, as `make serve` runs it), two browser contexts playing each other
// through the invite link by clicking the board, a third watching, a reload mid-game, a tab
// closed and reopened, and the server killed (SIGKILL) and started again mid-game.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST, launch, openPage, screenshot, until, moveCount, settled } from "./harness.mjs";
import { column, line, lineIs, movesAre, play, startServer } from "./play.mjs";

let browser, data, server;

/** Starts the server on `port` (0: a free one) over `data`; resolves once it listens. */
const start = (port = 0) =>
  startServer(["--listen", `127.0.0.1:${port}`, "--data", data, "--site", DIST]);

function kill(child, signal = "SIGKILL") {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once("exit", ok);
    child.kill(signal);
  });
}

before(async () => {
  data = await mkdtemp(join(tmpdir(), "c4-online-"));
  server = await start();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  if (server) await kill(server.child);
  await rm(data, { recursive: true, force: true });
});

const LAPTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const onlineShown = (page) => page.locator(".c4-online").isVisible();

test("two browsers play through the invite link; a watcher, a reload, a kill and a rematch", async () => {
  const red = await openPage(browser, server.url, LAPTOP);
  await column(red.page, 4).waitFor();
  // The site found its server: the main choice offers a friend online.
  // "A friend online": the colour first (Red is chosen), then the game.
  await red.page.getByRole("radio", { name: "A friend online" }).click();
  const setup = red.page.locator(".c4-online-setup");
  await setup.getByRole("radio", { name: "Red" }).waitFor();
  assert.equal(await setup.getByRole("radio", { name: "Red" }).isChecked(), true);
  await lineIs(red.page, /^Choose your colour, then create the invite link\.$/, "the colour first");
  await screenshot(red.page, "online-setup-laptop");
  // Nothing is created yet; the way back shows.
  assert.equal(await red.page.getByRole("button", { name: "Leave game" }).isVisible(), true);
  await setup.getByRole("button", { name: "Create invite link" }).click();
  const invite = red.page.getByRole("textbox", { name: "Invite link" });
  const link = await until(async () => {
    const value = await invite.inputValue().catch(() => "");
    return /#join=[0-9a-f]{16}$/.test(value) && value;
  }, "the invite link");
  assert.ok(link.startsWith(server.url), link);
  await lineIs(red.page, /^You play Red: waiting for your friend\.$/, "waiting for the friend");
  await red.page.getByText("Send your friend the invite link: the game starts when they open it.").waitFor();
  // Served on 127.0.0.1 only, the link opens on no other device: said beside it.
  await red.page.getByText("This link works only on this device. To play from another, serve the game on your network (HOST=0.0.0.0 make serve) and open it there.").waitFor();
  // Fair: no hint, no undo while it is played.
  for (const name of ["Undo", "Hint", "New game"]) {
    assert.equal(await red.page.locator(".c4-controls").getByRole("button", { name }).isVisible(), false, name);
  }
  // The sound's button stays.
  assert.equal(await red.page.locator(".c4-controls").getByRole("button", { name: "Sound" }).isVisible(), true);
  await red.page.getByRole("button", { name: "Copy link" }).waitFor();
  await screenshot(red.page, "online-invite-laptop");
  const events = [];
  await red.page.evaluate(() => {
    window.__online = [];
    document.addEventListener("c4-online", (e) => window.__online.push(e.detail));
  });

  // The friend opens the link on a phone and takes Yellow.
  const yellow = await openPage(browser, link, PHONE);
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "the friend seated");
  await lineIs(red.page, /^Your move \(Red\)\.$/, "the game on");
  assert.equal(await onlineShown(yellow.page), true);
  // The invite is gone once both seats are taken.
  assert.equal(await invite.isVisible(), false);
  await screenshot(yellow.page, "online-joined-phone");

  await play(red.page, yellow.page, 4);
  await play(yellow.page, red.page, 5);
  await play(red.page, yellow.page, 4);
  await screenshot(red.page, "online-game-red-laptop");
  await screenshot(yellow.page, "online-game-yellow-phone");

  // A third opens the link: it watches, and cannot move.
  const watcher = await openPage(browser, link, PHONE);
  await lineIs(watcher.page, /^Watching: Red against Yellow\. Yellow to move\.$/, "watching");
  await movesAre(watcher.page, 3);
  await column(watcher.page, 1).click();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await moveCount(watcher.page), 3, "a watcher cannot move");
  assert.equal(await moveCount(red.page), 3);

  // Yellow reloads mid-game: the seat is kept, and the game goes on.
  await yellow.page.reload();
  await movesAre(yellow.page, 3);
  await lineIs(yellow.page, /^Your move \(Yellow\)\.$/, "Yellow back in its seat");
  await play(yellow.page, red.page, 5);

  // Yellow's tab closes: Red sees it, and then sees Yellow come back.
  const yellowUrl = yellow.page.url();
  await yellow.page.goto("about:blank");
  await lineIs(red.page, /^Yellow has lost the connection…$/, "Yellow away");
  // Said before it happens: the win can be claimed if Yellow stays away.
  await red.page.getByText("If Yellow is still away on their turn after 2 minutes, you can claim the win.").waitFor();
  await screenshot(red.page, "online-away-laptop");
  await yellow.page.goto(yellowUrl);
  await lineIs(red.page, /^Your move \(Red\)\.$/, "Yellow back");
  await screenshot(red.page, "online-back-laptop");
  await movesAre(yellow.page, 4);

  // The server is killed mid-game and started again on the same database and port: both
  // pages reconnect by themselves and play on.
  const port = new URL(server.url).port;
  await kill(server.child);
  // Red's turn: Red may move meanwhile, and is told the move will wait.
  await lineIs(red.page, /^Offline: your move will be sent when you are back\.$/, "Red disconnected");
  await lineIs(yellow.page, /connection to the game's server was lost/, "Yellow disconnected");
  server = await start(port);
  await lineIs(red.page, /^Your move \(Red\)\.$/, "Red reconnected");
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "Yellow reconnected");
  await play(red.page, yellow.page, 4);
  await play(yellow.page, red.page, 5);
  // Red's fourth in column 4 wins.
  await play(red.page, yellow.page, 4);
  // Each player reads the result in their own words.
  for (const [page, words] of [[red.page, /^You won!$/], [yellow.page, /^You lost\.$/]]) {
    await until(async () => words.test(await page.locator(".c4-result-text").textContent()), "the result");
  }
  await movesAre(watcher.page, 7);
  // Each player's record counts the game in a row of its own; the watcher's does not.
  assert.match(await red.page.locator(".c4-record").textContent(), /A friend online\s*1\s*0\s*0/);
  assert.match(await yellow.page.locator(".c4-record").textContent(), /A friend online\s*0\s*1\s*0/);
  assert.doesNotMatch(await watcher.page.locator(".c4-record").textContent(), /A friend online/);
  await screenshot(red.page, "online-end-laptop");
  await screenshot(yellow.page, "online-end-phone");

  // The host heard the connection drop and come back.
  const heard = await red.page.evaluate(() => window.__online.map((d) => d.connection));
  assert.ok(heard.includes("reconnecting") && heard.at(-1) === "open", JSON.stringify(heard));
  events.push(...heard);

  // Afterwards the game can be reviewed, as any other (here by the watcher).
  await watcher.page.getByRole("button", { name: "Review" }).click();
  await until(async () => /Move 7 of 7/.test(await watcher.page.locator(".c4-review-line").textContent()), "the review at the end");

  // A rematch when both ask: colours swap. Red asks by keyboard: the end put the focus on
  // Rematch.
  assert.equal(await red.page.evaluate(() => window.__focused()?.textContent), "Rematch");
  await red.page.keyboard.press("Enter");
  const note = (page) => page.locator(".c4-online-note");
  await until(async () => (await note(red.page).textContent()) === "Rematch asked: waiting for Yellow.", "Red's note");
  // Shown and said on the friend's page.
  await until(async () => (await note(yellow.page).textContent()) === "Red asks for a rematch.", "Yellow's note");
  await until(async () => /Red asks for a rematch\./.test(await yellow.page.getByRole("status").first().textContent()), "said");
  // Yellow reviews the game first; Back comes back to the online game, to answer.
  await yellow.page.getByRole("button", { name: "Review" }).click();
  await until(async () => /Move 7 of 7/.test(await yellow.page.locator(".c4-review-line").textContent()), "Yellow's review");
  await yellow.page.locator(".c4-review").getByRole("button", { name: /^Back/ }).click();
  await yellow.page.getByRole("button", { name: "Rematch" }).click();
  // The one who played Red plays Yellow now, and waits for the new Red's first move.
  await lineIs(red.page, /^Red to move: you play Yellow\.$/, "the first Red plays Yellow now");
  await lineIs(yellow.page, /^Your move \(Red\)\.$/, "the first Yellow plays Red now");
  await movesAre(red.page, 0);
  // The new Red plays by keyboard alone: into the board, then a digit drops in its column.
  for (let i = 0; i < 12 && !(await yellow.page.evaluate(() => window.__focused()?.classList.contains("c4-col"))); i++) {
    await yellow.page.keyboard.press("Tab");
  }
  await yellow.page.keyboard.press("1");
  await movesAre(yellow.page, 1);
  await movesAre(red.page, 1);
  // The watcher followed them into the rematch.
  await watcher.page.locator(".c4-review").getByRole("button", { name: /^Back/ }).click();
  await movesAre(watcher.page, 1);
  await lineIs(watcher.page, /^Watching: Red against Yellow\. Yellow to move\.$/, "the watcher in the rematch");

  for (const { problems } of [red, yellow, watcher]) {
    const real = problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED|healthz/.test(p));
    assert.deepEqual(real, []);
  }
  for (const { context } of [red, yellow, watcher]) await context.close();
});

test("an invite link to a game that does not exist says so, and the page starts as it would have", async () => {
  const { page, problems, context } = await openPage(browser, `${server.url}#join=0123456789abcdef`, PHONE);
  await until(async () => /does not exist or has expired/.test(await page.locator(".c4-notice").textContent()), "the notice");
  assert.equal(await onlineShown(page), false);
  await column(page, 4).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
