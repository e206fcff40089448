// Online play on a phone that drops: the connection lost (the browser offline) is said at
// once, the friend sees it away, a move tapped meanwhile shows at once and reaches the
// friend when the phone is back; Resign and Leave ask first; the review keeps the
// connection; leaving a finished game tells the friend "left".
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST, launch, openPage, screenshot, until, moveCount } from "./harness.mjs";
import { column, game, invite, lineIs, movesAre, play, playOnline, startServer } from "./play.mjs";

let browser, data, server;

before(async () => {
  data = await mkdtemp(join(tmpdir(), "c4-phone-"));
  server = await startServer(["--listen", "127.0.0.1:0", "--data", data, "--site", DIST]);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.child.kill("SIGKILL");
  await rm(data, { recursive: true, force: true });
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const status = (page) => page.locator(".c4-status").textContent();

test("a phone that goes offline says so, its friend sees it away, and its move waits", async () => {
  const { red, yellow } = await game(browser, server.url, [4, 5], PHONE);
  // Red's phone loses its network on Red's turn.
  await red.context.setOffline(true);
  await lineIs(red.page, /^Offline: your move will be sent when you are back\.$/, "Red offline");
  await lineIs(yellow.page, /^Red has lost the connection…$/, "Yellow sees Red away");
  // A tap meanwhile is not refused: the piece falls at once, and waits.
  await column(red.page, 4).click();
  await movesAre(red.page, 3);
  assert.equal(await moveCount(yellow.page), 2, "not sent while offline");
  await screenshot(red.page, "online-offline-phone");
  // Back online: connected at once, the move goes, and the friend sees it.
  await red.context.setOffline(false);
  await movesAre(yellow.page, 3);
  await lineIs(yellow.page, /^Your move \(Yellow\)\.$/, "Yellow's turn, Red back");
  await lineIs(red.page, /^Yellow to move: you play Red\.$/, "Red's move acknowledged");
  await until(async () => /Connected again\./.test(await status(red.page)), "said: connected again");
  await play(yellow.page, red.page, 5);
  for (const { context } of [red, yellow]) await context.close();
});

test("a turn that comes while the page is hidden says so in the title, and buzzes", async () => {
  const { red, yellow } = await game(browser, server.url, [4], PHONE);
  // What the page asks of the device's vibration (it has none here): counted, then done.
  await red.page.evaluate(() => {
    window.__buzzed = [];
    const vibrate = navigator.vibrate?.bind(navigator);
    navigator.vibrate = (pattern) => (window.__buzzed.push(pattern), vibrate ? vibrate(pattern) : false);
  });
  // Seen (the tab in front): the friend's move changes no title.
  await column(yellow.page, 5).click();
  await lineIs(red.page, /^Your move \(Red\)\.$/, "Red's turn");
  assert.equal(await red.page.title(), "Connect Four");
  await play(red.page, yellow.page, 4);
  // Red switches to another tab. Headless Chromium shows every tab (its documents are never
  // hidden, whichever is in front): the switch is told to the page as a browser tells it,
  // `document.hidden` and a `visibilitychange` event.
  const visible = (shown) => red.page.evaluate((shown) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => !shown });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (shown ? "visible" : "hidden") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, shown);
  await visible(false);
  await column(yellow.page, 5).click();
  await until(async () => (await red.page.title()) === "Your move – Connect Four", "the title says it");
  assert.deepEqual(await red.page.evaluate(() => window.__buzzed), [200]);
  // Back to the tab: its own title again.
  await visible(true);
  await until(async () => (await red.page.title()) === "Connect Four", "the title back");
  // The sound's button stays during online play.
  await red.page.getByRole("button", { name: "Sound" }).waitFor();
  for (const { context } of [red, yellow]) await context.close();
});

test("Resign and Leave ask first; the review keeps the connection; leaving tells the friend", async () => {
  const { red, yellow } = await game(browser, server.url, [4, 5], PHONE);
  // Resign asks; Keep playing keeps the game.
  await yellow.page.getByRole("button", { name: "Resign" }).click();
  const question = yellow.page.locator(".c4-online-ask");
  await question.getByText("Resign this game? Red wins it.").waitFor();
  // The question takes the buttons' place, and the focus: one Resign, the one that confirms.
  assert.equal(await yellow.page.getByRole("button", { name: "Resign" }).count(), 1);
  assert.equal(await yellow.page.evaluate(() => window.__focused()?.textContent), "Keep playing");
  await screenshot(yellow.page, "online-resign-ask-phone");
  await question.getByRole("button", { name: "Keep playing" }).click();
  assert.equal(await question.isVisible(), false);
  // Leave asks too, while the game goes on.
  await red.page.getByRole("button", { name: "Leave game" }).click();
  await red.page.locator(".c4-online-ask").getByText(/^Leave this game\?/).waitFor();
  await red.page.locator(".c4-online-ask").getByRole("button", { name: "Keep playing" }).click();
  await play(red.page, yellow.page, 4);
  // Yellow resigns, confirmed.
  await yellow.page.getByRole("button", { name: "Resign" }).click();
  await question.getByRole("button", { name: "Resign" }).click();
  // Each in their own words.
  await lineIs(red.page, /^Yellow resigned: you won!$/, "Red's result");
  await lineIs(yellow.page, /^You resigned: Red wins\.$/, "Yellow's result");
  // Red reviews the game: Yellow is not told Red left, and Yellow's rematch request reaches
  // Red in the review.
  await red.page.getByRole("button", { name: "Review" }).click();
  await until(async () => /Move 3 of 3/.test(await red.page.locator(".c4-review-line").textContent()), "Red's review");
  await yellow.page.getByRole("button", { name: "Rematch" }).click();
  await red.page.getByText("Yellow asks for a rematch.").first().waitFor();
  assert.equal(await yellow.page.getByText(/Red has lost the connection|Red has left/).count(), 0);
  await screenshot(red.page, "online-review-rematch-asked-phone");
  // Red goes back, then leaves the finished game: Yellow hears Red left, and no rematch.
  await red.page.locator(".c4-review").getByRole("button", { name: /^Back/ }).click();
  await red.page.getByRole("button", { name: "Leave game" }).click();
  await yellow.page.getByText("Red has left the game.").first().waitFor();
  await until(async () => !(await yellow.page.getByRole("button", { name: "Rematch" }).isVisible()), "no rematch");
  await screenshot(yellow.page, "online-friend-left-phone");
  for (const { context } of [red, yellow]) await context.close();
});

/** Records what `page`'s live region says from now on (in `window.__said`). */
const listen = (page) => page.locator(".c4-status").evaluate((region) => {
  window.__said = [];
  window.__listening?.disconnect();
  window.__listening = new MutationObserver(() => window.__said.push(region.textContent.trim()));
  window.__listening.observe(region, { childList: true, characterData: true, subtree: true });
});
const heard = (page) => page.evaluate(() => window.__said);

test("heard right: a reload, a review, a rematch and a reopening, through the live region", async () => {
  const { red, yellow } = await game(browser, server.url, [4, 5], PHONE);
  const watcher = await openPage(browser, red.link, PHONE);
  await lineIs(watcher.page, /^Watching/, "watching");
  // Yellow reloads: nothing said about Yellow's own connection.
  await yellow.page.reload();
  await listen(yellow.page);
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "Yellow back");
  await play(red.page, yellow.page, 4);
  assert.ok(!(await heard(yellow.page)).some((s) => /Yellow has lost|Yellow is back/.test(s)), JSON.stringify(await heard(yellow.page)));
  // Yellow resigns; Red reviews the game and comes back: the result, not whose move.
  await yellow.page.getByRole("button", { name: "Resign" }).click();
  await yellow.page.locator(".c4-online-ask").getByRole("button", { name: "Resign" }).click();
  await lineIs(red.page, /^Yellow resigned: you won!$/, "the result");
  // The score of the series, each from their side.
  await red.page.locator(".c4-online-score").getByText("You 1 – 0 Yellow").waitFor();
  await yellow.page.locator(".c4-online-score").getByText("You 0 – 1 Red").waitFor();
  await listen(red.page);
  await red.page.getByRole("button", { name: "Review" }).click();
  await until(async () => (await heard(red.page)).some((s) => s.startsWith("Review ready")), "the review analysed");
  await listen(red.page);
  await red.page.locator(".c4-review").getByRole("button", { name: /^Back/ }).click();
  await until(async () => (await heard(red.page)).length > 0, "said on coming back");
  assert.deepEqual(await heard(red.page), ["Yellow resigned: you won!"]);
  // The rematch: said once to each player, in words of its own to the watcher, and the
  // friend's coming to it is no "is back".
  for (const page of [red.page, yellow.page, watcher.page]) await listen(page);
  await red.page.getByRole("button", { name: "Rematch" }).click();
  await yellow.page.getByRole("button", { name: "Rematch" }).click();
  await lineIs(red.page, /^Red to move: you play Yellow\.$/, "Red plays Yellow now");
  // The swap shows until the first move, and the score follows the players.
  await red.page.locator(".c4-online-note").getByText("Rematch: you play Yellow now.").waitFor();
  await red.page.locator(".c4-online-score").getByText("You 1 – 0 Red").waitFor();
  await screenshot(red.page, "online-rematch-swap-phone");
  await lineIs(watcher.page, /^Watching/, "the watcher follows");
  await play(yellow.page, red.page, 3);
  await movesAre(watcher.page, 1);
  const said = async (page) => (await heard(page)).join(" | ");
  for (const page of [red.page, yellow.page, watcher.page]) {
    assert.doesNotMatch(await said(page), /is back/);
  }
  assert.equal((await heard(red.page)).filter((s) => s.includes("Rematch: you play Yellow now.")).length, 1, await said(red.page));
  assert.match(await said(watcher.page), /Rematch: the players swap colours\./);
  // Red reopens the page of the first game: followed to the rematch, quietly.
  await red.page.goto(red.link);
  await listen(red.page);
  await movesAre(red.page, 1);
  await lineIs(red.page, /^Your move \(Yellow\)\.$/, "Red's seat in the rematch");
  assert.doesNotMatch(await said(red.page), /Rematch/);
  for (const { context } of [red, yellow, watcher]) await context.close();
});

test("the colour is chosen before the game: Yellow, or random, from the panel or from code", async () => {
  const yellow = await openPage(browser, server.url, PHONE);
  await column(yellow.page, 4).waitFor();
  await playOnline(yellow.page, "Yellow");
  await lineIs(yellow.page, /^You play Yellow: waiting for your friend\.$/, "Yellow chosen");
  const link = await yellow.page.getByRole("textbox", { name: "Invite link" }).inputValue();
  const red = await openPage(browser, link, PHONE);
  await lineIs(red.page, /^Your move \(Red\)\.$/, "the friend plays Red");
  // From code: a colour of three, or an error that says which.
  const coded = await openPage(browser, server.url, PHONE);
  await column(coded.page, 4).waitFor();
  const refused = await coded.page.evaluate(() => {
    try { window.c4.playOnline("blue"); } catch (e) { return e.message; }
  });
  assert.equal(refused, 'playOnline: the colour is "red", "yellow" or "random", not "blue"');
  await coded.page.evaluate(() => window.c4.playOnline("random"));
  await lineIs(coded.page, /^You play (Red|Yellow): waiting for your friend\.$/, "a colour drawn");
  for (const { context } of [red, yellow, coded]) await context.close();
});

test("names and reactions: given, kept by the browser, shown as text, heard", async () => {
  const { red, yellow } = await game(browser, server.url, [4], PHONE);
  // Yellow names themselves (markup stays text); Red sees the name in the turn line.
  const name = yellow.page.getByRole("textbox", { name: "Your name" });
  await name.fill("<b>Bo</b>");
  await name.press("Enter");
  await name.blur();
  await lineIs(red.page, /^<b>Bo<\/b> to move: you play Red\.$/, "the name in Red's turn line");
  assert.equal(await red.page.locator(".c4 b", { hasText: /^Bo$/ }).count(), 0, "no markup made");
  // Kept by the browser: a new game from the same browser sends it again.
  assert.equal(await yellow.page.evaluate(() => localStorage.getItem("connect-four:name")), "<b>Bo</b>");
  // A reaction, by its spoken name; shown and said on the other page.
  await yellow.page.getByRole("button", { name: "Well played" }).click();
  await red.page.locator(".c4-online-note").getByText("<b>Bo</b>: 👏 Well played").waitFor();
  await until(async () => /<b>Bo<\/b>: 👏 Well played/.test(await status(red.page)), "said");
  await screenshot(red.page, "online-reaction-phone");
  await play(yellow.page, red.page, 5);
  for (const { context } of [red, yellow]) await context.close();
});

test("a seat continues on another device by a link that works once; the first device watches", async () => {
  const { red, yellow } = await game(browser, server.url, [4, 5], PHONE);
  await red.page.getByRole("button", { name: "Continue on another device" }).click();
  // The link shows in the invite's box, with what it does, and is copied where it may be.
  const box = red.page.getByRole("textbox", { name: /Open this link on your other device/ });
  await box.waitFor();
  const link = await box.inputValue();
  await screenshot(red.page, "online-continue-phone");
  assert.match(link, /#join=[0-9a-f]{16}&take=[0-9a-f]{32}$/);
  // The other device (a laptop, another browser) opens it, and plays Red.
  const laptop = await openPage(browser, link);
  await lineIs(laptop.page, /^Your move \(Red\)\.$/, "the laptop holds Red");
  assert.equal(await laptop.page.evaluate(() => location.hash), "", "the token is off the address");
  await until(async () => /Your seat moved to another device/.test(await status(red.page)), "the phone told");
  await lineIs(red.page, /^Watching: Red against Yellow\. Red to move\.$/, "the phone watches");
  await play(laptop.page, yellow.page, 3);
  await movesAre(red.page, 3);
  // The phone's secret holds nothing any more: after a reload it watches.
  await red.page.reload();
  await lineIs(red.page, /^Watching: Red against Yellow\. Yellow to move\.$/, "still watching");
  // The link was used: opened again elsewhere, it takes nothing.
  const again = await openPage(browser, link);
  await again.page.locator(".c4-online-note").getByText(/link to continue on another device was used already/).waitFor();
  await lineIs(again.page, /^Watching: Red against Yellow\. Yellow to move\.$/, "a used link seats nobody");
  await screenshot(laptop.page, "online-continued-laptop");
  for (const { context } of [red, yellow, laptop, again]) await context.close();
});

test("the record lists the recent online games, kept by the browser, each opened in the review", async () => {
  const { red, yellow } = await game(browser, server.url, [4, 5, 4], PHONE);
  const name = yellow.page.getByRole("textbox", { name: "Your name" });
  await name.fill("Bo");
  await name.press("Enter");
  await lineIs(red.page, /^Bo to move: you play Red\.$/, "the name heard");
  await yellow.page.getByRole("button", { name: "Resign" }).click();
  await yellow.page.locator(".c4-online-ask").getByRole("button", { name: "Resign" }).click();
  await lineIs(red.page, /^Bo resigned: you won!$/, "Red's result");
  // The record, after a reload (kept by the browser): the game, in words, with its day.
  await red.page.reload();
  await red.page.getByText("Record", { exact: true }).click();
  const today = await red.page.evaluate(() => {
    const d = new Date();
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  const entry = red.page.getByRole("button", { name: `Won against Bo on 7 × 6, ${today}` });
  await entry.scrollIntoViewIfNeeded();
  await screenshot(red.page, "online-recent-games-phone");
  // Opened, it is the review of that game, at its end.
  await entry.click();
  await until(async () => /Move 3 of 3/.test(await red.page.locator(".c4-review-line").textContent()), "the review");
  // Yellow's record has it too, as a loss to Red (no name given).
  await yellow.page.getByText("Record", { exact: true }).click();
  await yellow.page.getByRole("button", { name: `Lost against a friend on 7 × 6, ${today}` }).waitFor();
  for (const { context } of [red, yellow]) await context.close();
});

test("two phones, one dark: names, a reaction, a drop and return, a resign asked, the result", async () => {
  const red = await invite(browser, server.url, PHONE);
  const yellow = await openPage(browser, red.link, { ...PHONE, colorScheme: "dark" });
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "the friend seated");
  for (const [page, who] of [[red.page, "Ann"], [yellow.page, "Bo"]]) {
    const name = page.getByRole("textbox", { name: "Your name" });
    await name.fill(who);
    await name.press("Enter");
  }
  await lineIs(yellow.page, /^Ann to move: you play Yellow\.$/, "Ann's name on Bo's phone");
  await play(red.page, yellow.page, 4);
  await play(yellow.page, red.page, 5);
  await yellow.page.getByRole("button", { name: "Well played" }).click();
  await red.page.locator(".c4-online-note").getByText("Bo: 👏 Well played").waitFor();
  await screenshot(red.page, "tour-1-names-reaction-light");
  // Bo's phone drops, and comes back.
  await play(red.page, yellow.page, 4);
  await yellow.context.setOffline(true);
  await lineIs(yellow.page, /^Offline: your move will be sent when you are back\.$/, "Bo offline");
  await lineIs(red.page, /^Bo has lost the connection…$/, "Ann sees Bo away");
  await screenshot(yellow.page, "tour-2-offline-dark");
  await screenshot(red.page, "tour-3-friend-away-light");
  await yellow.context.setOffline(false);
  await lineIs(red.page, /^Bo to move: you play Red\.$/, "Bo back");
  // Bo resigns: asked first.
  await yellow.page.getByRole("button", { name: "Resign" }).click();
  await yellow.page.locator(".c4-online-ask").getByText("Resign this game? Ann wins it.").waitFor();
  await screenshot(yellow.page, "tour-4-resign-asked-dark");
  await yellow.page.locator(".c4-online-ask").getByRole("button", { name: "Resign" }).click();
  await lineIs(red.page, /^Bo resigned: you won!$/, "Ann's result");
  await lineIs(yellow.page, /^You resigned: Ann wins\.$/, "Bo's result");
  await red.page.locator(".c4-online-score").getByText("You 1 – 0 Bo").waitFor();
  await screenshot(red.page, "tour-5-result-light");
  await screenshot(yellow.page, "tour-6-result-dark");
  for (const { context } of [red, yellow]) await context.close();
});
