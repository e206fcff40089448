// Online play on someone else's page: the package mounted by a host page on one origin, the
// game's server (`connect-four-server --allow-origin` that page's origin) on another. What a
// host decides (the invite's address, a game to join, its own buttons) and what it is told.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STRICT_CSP, DIST, serve, launch, openPage, screenshot, until } from "./harness.mjs";
import { freePort } from "./fixtures.mjs";
import { lineIs, play, startServer, playOnline } from "./play.mjs";

let browser, data, site, games;

/** A game server of its own (its own data folder) on a free port, letting `origin`'s pages
 * play; resolves once it listens. */
let servers = 0;
const children = [];
async function startOwn(origin, ...more) {
  const dir = join(data, `server-${++servers}`);
  const started = startServer(["--listen", "127.0.0.1:0", "--data", dir, "--allow-origin", origin, ...more]);
  started.then(({ child }) => children.push(child), () => {});
  return started;
}

before(async () => {
  data = await mkdtemp(join(tmpdir(), "c4-embed-"));
  site = await serve();
  games = await startOwn(new URL(site.url).origin);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const child of children) child.kill("SIGKILL");
  await site?.close();
  await rm(data, { recursive: true, force: true });
});

/**
 * Opens the host page at `path` (the site, standing for any page), and mounts a game of its
 * own with `options` (a string: their source, so that functions can be given).
 */
async function hosted(path, options) {
  const opened = await openPage(browser, new URL(path, site.url).href);
  const { page } = opened;
  await page.locator(".c4").waitFor();
  await page.evaluate(([options, socket]) => {
    window.c4.destroy();
    window.__online = [];
    window.__errors = [];
    window.__newGames = [];
    const host = document.getElementById("game");
    host.addEventListener("c4-online", (e) => window.__online.push(e.detail));
    host.addEventListener("c4-error", (e) => window.__errors.push(e.detail));
    host.addEventListener("c4-newgame", (e) => window.__newGames.push(e.detail));
    window.c4 = window.wasmBindings.mount(host, { online: socket, reducedMotion: true, ...(0, eval)(`(${options})`) });
  }, [options, games.socket]);
  return opened;
}

/** Chooses "A friend online" and waits for the invite link (naming a game); gives it. */
async function inviteLink(page) {
  await playOnline(page);
  const invite = page.getByRole("textbox", { name: "Invite link" });
  return until(async () => {
    const value = await invite.inputValue().catch(() => "");
    return /[0-9a-f]{16}/.test(value) && value;
  }, "the invite link");
}

test("the invite link is the host's to choose: this page without its query, a base, or a function", async () => {
  // By default: the host page's address, without its query (`?ref=home` is the inviter's).
  let { page, problems, context } = await hosted("/?ref=home#top", "{}");
  let link = await inviteLink(page);
  assert.match(link, new RegExp(`^${site.url.replace(/[.]/g, "\\.")}#join=[0-9a-f]{16}$`));
  assert.equal(new URL(page.url()).search, "?ref=home", "the page's own address is kept");
  // The note for the server's own site at a loopback address (it names `make serve`) is not
  // a host page's to show.
  for (const note of await page.getByText(/works only on this device/).all()) assert.equal(await note.isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();

  // A base: relative to the page, its fragment dropped.
  ({ page, problems, context } = await hosted("/", `{ inviteUrl: "/play/c4?from=invite#x" }`));
  link = await inviteLink(page);
  assert.match(link, new RegExp(`^${site.url}play/c4\\?from=invite#join=[0-9a-f]{16}$`));
  assert.deepEqual(problems, []);
  await context.close();

  // A function of the game's id, giving a string or a URL.
  ({ page, problems, context } = await hosted("/", `{ inviteUrl: (game) => new URL("/games/" + game + "?play=1", "https://friends.example") }`));
  link = await inviteLink(page);
  const game = /[0-9a-f]{16}/.exec(link)[0];
  assert.equal(link, `https://friends.example/games/${game}?play=1`);
  assert.deepEqual(problems, []);
  await context.close();

  // One that throws is said in the console, and the page's own address is used.
  ({ page, problems, context } = await hosted("/", `{ inviteUrl: () => { throw new Error("no route"); } }`));
  link = await inviteLink(page);
  assert.match(link, new RegExp(`^${site.url}#join=[0-9a-f]{16}$`));
  assert.ok(problems.some((p) => /inviteUrl gave no address, this page's is used: .*no route/.test(p)), problems.join("\n"));
  await context.close();

  // A bad value is refused by mount, saying so.
  ({ page, context } = await hosted("/", "{}"));
  const refused = await page.evaluate(() => {
    try { window.wasmBindings.mount(document.createElement("div"), { inviteUrl: 7 }); } catch (e) { return e.message; }
  });
  assert.equal(refused, "invalid mount options: inviteUrl: expected a URL or a function, not 7");
  await context.close();
});

test("a host page joins a game by its id: the join option, setOptions, and the element's attributes", async () => {
  const gameOf = (link) => /[0-9a-f]{16}/.exec(link)[0];
  // The join option, at mount.
  const red = await hosted("/", "{}");
  let game = gameOf(await inviteLink(red.page));
  const yellow = await hosted("/", `{ join: "${game}" }`);
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "seated by the join option");
  await lineIs(red.page, /^Your move \(Red\)\.$/, "the game on");
  await play(red.page, yellow.page, 4);
  // The host heard the game: a new game, the seat, and the friend's presence.
  const heard = (page) => page.evaluate(() => ({
    online: window.__online.map((o) => `${o.game === null ? "-" : "game"} ${o.seat} ${o.connection} ${o.opponent}`),
    newGames: window.__newGames.map((g) => `${g.columns}x${g.rows} "${g.moves}"`),
  }));
  assert.deepEqual(await heard(red.page), {
    online: ["- null connecting null", "- null open null", "game null open null", "game red open empty", "game red open here"],
    newGames: ['7x6 ""'],
  });
  assert.deepEqual((await heard(yellow.page)).online.at(-1), "game yellow open here");
  // Leaving (it asks first, the game going on): no game, no seat.
  await red.page.getByRole("button", { name: "Leave game" }).click();
  await red.page.locator(".c4-online-ask").getByRole("button", { name: "Leave game" }).click();
  assert.deepEqual((await heard(red.page)).online.at(-1), "- null closed null");
  for (const { context } of [red, yellow]) await context.close();

  // setOptions joins a game on a board already mounted; a bad id or no server is refused.
  const host = await hosted("/", "{}");
  game = gameOf(await inviteLink(host.page));
  const later = await hosted("/", "{}");
  const tried = await later.page.evaluate((game) => {
    const refusals = [];
    for (const options of [{ join: "abc" }, { join: game, online: "" }]) {
      try { window.c4.setOptions(options); } catch (e) { refusals.push(e.message); }
    }
    window.c4.setOptions({ join: game });
    return refusals;
  }, game);
  assert.deepEqual(tried, [
    "invalid mount options: join: a game's id is 16 hex digits",
    "invalid mount options: join: online play is off: give the online option (your game server's address) too",
  ]);
  await lineIs(later.page, /^Red to move: you play Yellow\.$/, "seated by setOptions");
  assert.deepEqual(later.problems, []);
  for (const { context } of [host, later]) await context.close();

  // <connect-four online=… join=…>, and <connect-four online=… links> on a page whose
  // address is the invite link.
  for (const attributes of ["join", "links"]) {
    const inviter = await hosted("/", "{}");
    game = gameOf(await inviteLink(inviter.page));
    const friend = await openPage(browser, site.url);
    await friend.page.locator(".c4").waitFor();
    await friend.page.evaluate(([socket, game, attributes]) => {
      // The site's own game goes first: it would open the invite link itself.
      window.c4.destroy();
      const element = document.createElement("connect-four");
      element.setAttribute("online", socket);
      if (attributes === "join") element.setAttribute("join", game);
      else {
        history.replaceState(null, "", `#join=${game}`);
        element.setAttribute("links", "");
      }
      document.getElementById("game").replaceWith(element);
    }, [games.socket, game, attributes]);
    await lineIs(friend.page, /^Red to move: you play Yellow\.$/, `seated by the element's ${attributes}`);
    await lineIs(inviter.page, /^Your move \(Red\)\.$/, "the game on");
    assert.deepEqual(friend.problems, []);
    for (const { context } of [inviter, friend]) await context.close();
  }
});

test("a failure is told: no server, an origin refused, a socket the page's policy blocks, too many games", async () => {
  const told = (page) => page.evaluate(() => ({
    online: window.__online.map((o) => [o.connection, o.reason]),
    errors: window.__errors.map((e) => e.code),
  }));
  const turn = (page) => page.locator(".c4-turn").textContent();
  const choose = (page) => playOnline(page);
  const unreachable = "The game's server cannot be reached: trying again…";

  // Nothing listens there, or the server refuses this page's origin (403): unreachable,
  // told once, and it goes on trying.
  const elsewhere = await startOwn("https://another.example");
  const nobody = `ws://127.0.0.1:${await freePort()}/online`;
  for (const socket of [nobody, elsewhere.socket]) {
    const { page, context } = await hosted("/", `{ online: ${JSON.stringify(socket)} }`);
    await choose(page);
    await until(async () => (await told(page)).errors.length > 0, "c4-error");
    assert.deepEqual(await told(page), {
      online: [["connecting", null], ["unreachable", null]],
      errors: ["unreachable"],
    });
    assert.equal(await turn(page), unreachable);
    await context.close();
  }
  elsewhere.child.kill("SIGKILL");

  // A page whose Content-Security-Policy has no room for the server's origin.
  const strict = await serve(DIST, { "content-security-policy": STRICT_CSP });
  const opened = await openPage(browser, strict.url);
  await opened.page.locator(".c4").waitFor();
  await opened.page.evaluate((socket) => {
    window.c4.destroy();
    window.__online = [];
    window.__errors = [];
    const host = document.getElementById("game");
    host.addEventListener("c4-online", (e) => window.__online.push(e.detail));
    host.addEventListener("c4-error", (e) => window.__errors.push(e.detail));
    window.c4 = window.wasmBindings.mount(host, { online: socket, reducedMotion: true });
  }, games.socket);
  await choose(opened.page);
  await until(async () => (await told(opened.page)).errors.length > 0, "c4-error");
  assert.deepEqual(await told(opened.page), {
    online: [["connecting", null], ["refused", "blocked"]],
    errors: ["blocked"],
  });
  // Shown, and said.
  await opened.page.locator(".c4-notice").getByText("This page does not allow a connection to the game's server (its Content-Security-Policy).").waitFor();
  // Said to the developer in the console: the browser's own line, then the game's.
  assert.ok(opened.problems.some((p) => /connect-four: the browser would not connect to the game's server: ws:\/\/.* is not allowed by the page's Content-Security-Policy/.test(p)), opened.problems.join("\n"));
  await opened.context.close();
  await strict.close();

  // A server that lets an address make one game a minute: the second is refused, in words.
  const stingy = await startOwn(new URL(site.url).origin, "--games-per-minute", "1");
  const { page, context } = await hosted("/", `{ online: ${JSON.stringify(stingy.socket)} }`);
  await inviteLink(page);
  await page.getByRole("button", { name: "Leave game" }).click();
  await choose(page);
  await until(async () => (await told(page)).errors.length > 0, "c4-error");
  const refused = await told(page);
  assert.deepEqual(refused.errors, ["too-many-games"]);
  assert.deepEqual(refused.online.at(-1), ["refused", "too-many-games"]);
  await page.locator(".c4-notice").getByText("Too many games were started from here in the last minute: try again in a minute.").waitFor();
  await context.close();
  stingy.child.kill("SIGKILL");
});

test("a host page starts online play from its own button, under a hash router, and resigns and leaves from code", async () => {
  const red = await hosted("/#/games/c4?tab=rules", "{ links: true }");
  const call = (page, code) => page.evaluate((code) => {
    try { return { value: (0, eval)(code) }; } catch (e) { return { error: e.message }; }
  }, code);
  assert.deepEqual(await call(red.page, "window.c4.inviteUrl"), { value: null });
  // The host's own "Play a friend" button.
  await red.page.evaluate(() => {
    const button = document.createElement("button");
    button.textContent = "Play a friend";
    button.onclick = () => window.c4.playOnline();
    document.body.prepend(button);
  });
  await red.page.getByRole("button", { name: "Play a friend" }).click();
  const link = await until(async () => (await call(red.page, "window.c4.inviteUrl")).value, "the invite link");
  assert.match(link, new RegExp(`^${site.url}#join=[0-9a-f]{16}$`));
  assert.equal(new URL(red.page.url()).hash, "#/games/c4?tab=rules", "the router's fragment is kept");
  await screenshot(red.page, "host-hash-router-play-a-friend");
  // The share sheet's words say the size.
  assert.equal(await red.page.locator("button[data-text]").getAttribute("data-text"), "Play Connect Four with me on 7 × 6");
  const yellow = await hosted("/", `{ join: "${/[0-9a-f]{16}/.exec(link)[0]}" }`);
  await lineIs(red.page, /^Your move \(Red\)\.$/, "the game on");
  assert.deepEqual(await call(red.page, "window.c4.inviteUrl"), { value: null }, "no invite once the friend came");
  await play(red.page, yellow.page, 4);
  // Settings offer no computer for a side during an online game; How to play says how
  // online play goes, where the page offers it.
  await red.page.getByText("Settings", { exact: true }).click();
  await red.page.getByLabel("Reduce motion").waitFor();
  assert.equal(await red.page.getByLabel("Yellow is played by").isVisible(), false);
  await red.page.getByText("How to play", { exact: true }).click();
  await red.page.getByText(/^A friend online: choose it, and send your friend the invite link/).waitFor();
  assert.deepEqual(await call(red.page, "window.c4.resign()"), { value: undefined });
  await lineIs(yellow.page, /^Red resigned: you won!$/, "the friend sees it");
  // Nothing left to resign; leaving tells the host.
  assert.deepEqual(await call(red.page, "window.c4.resign()"), { error: "there is no online game in progress with the person in a seat to resign" });
  assert.deepEqual(await call(red.page, "window.c4.leaveOnline()"), { value: undefined });
  assert.equal(await red.page.evaluate(() => window.__online.at(-1).connection), "closed");
  assert.deepEqual(red.problems, []);
  for (const { context } of [red, yellow]) await context.close();

  // Without a server, it says what is missing.
  const plain = await openPage(browser, site.url);
  await plain.page.locator(".c4").waitFor();
  const refused = await plain.page.evaluate(() => {
    window.c4.destroy();
    window.c4 = window.wasmBindings.mount(document.getElementById("game"), {});
    try { window.c4.playOnline(); } catch (e) { return e.message; }
  });
  assert.equal(refused, "online play is off: give the online option (your game server's address) first");
  await plain.page.getByText("How to play", { exact: true }).click();
  await plain.page.getByText(/^Take turns dropping a checker/).waitFor();
  assert.equal(await plain.page.getByText(/^A friend online: choose it/).isVisible(), false, "no online play here");
  await plain.context.close();
});

test("the README's cross-origin example: a strict policy that names the server, the element and a button", async () => {
  // A page on another origin than the server's, under the policy the README gives (set once
  // the server's address is known: the headers are read at each request).
  const headers = {};
  const strict = await serve(DIST, headers);
  const own = await startOwn(new URL(strict.url).origin);
  headers["content-security-policy"] = `${STRICT_CSP}; connect-src 'self' ${new URL(own.socket).origin}`;
  const open = async (fragment) => {
    const opened = await openPage(browser, strict.url);
    await opened.page.locator(".c4").waitFor();
    await opened.page.evaluate(([socket, fragment]) => {
      // As the README's page: the element, with online play and links, and a button (this
      // site's own game goes first, with the address as the page had it).
      window.c4.destroy();
      history.replaceState(null, "", fragment);
      const game = document.createElement("connect-four");
      game.setAttribute("online", socket);
      game.setAttribute("links", "");
      document.getElementById("game").replaceWith(game);
      window.__connection = [];
      game.addEventListener("c4-online", (e) => window.__connection.push(e.detail.connection));
      window.friend = () => game.playOnline("random");
    }, [own.socket, fragment]);
    return opened;
  };
  const red = await open("#/games/c4?tab=rules");
  await red.page.locator("connect-four .c4").waitFor();
  await red.page.evaluate(() => window.friend());
  const link = await until(() => red.page.evaluate(() => document.querySelector("connect-four").inviteUrl), "the invite link");
  assert.match(link, /#join=[0-9a-f]{16}$/);
  assert.equal(new URL(red.page.url()).hash, "#/games/c4?tab=rules", "the router's fragment left alone");
  const yellow = await open(new URL(link).hash);
  await lineIs(yellow.page, /^(Red|Yellow) to move: you play (Red|Yellow)\.$|^Your move/, "the friend seated");
  assert.ok((await red.page.evaluate(() => window.__connection)).includes("open"));
  for (const { problems } of [red, yellow]) assert.deepEqual(problems.filter((p) => !/WebSocket/.test(p)), []);
  for (const { context } of [red, yellow]) await context.close();
  await strict.close();
});
