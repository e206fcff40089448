// Online play as the tests drive it: the game's server started, a board's columns, its turn
// line, a move clicked and seen on both pages, and a game made through the invite link.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT, openPage, until, moveCount, settled } from "./harness.mjs";

/** The game's server as `cargo build` makes it. */
export const SERVER = join(ROOT, "target", "debug", "connect-four-server");

/**
 * Starts the game's server with `args` (a `--listen` among them); resolves once it listens,
 * with the process, its page address (`url`, ending in `/`) and its socket's (`socket`).
 */
export function startServer(args) {
  const child = spawn(SERVER, args, { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((ok, fail) => {
    let out = "";
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`the server exited (${code}) before listening: ${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = /listening on http:\/\/(\S+)/.exec(out);
      if (found) ok({ child, url: `http://${found[1]}/`, socket: `ws://${found[1]}/online` });
    });
  });
}

/** Column `n`'s button (1-based). */
export const column = (page, n) => page.getByRole("button", { name: new RegExp(`^Column ${n}\\b`) });

/** The turn line above the board. */
export const line = (page) => page.locator(".c4-turn").textContent();

/** Waits until `page`'s turn line matches `pattern`; the line. */
export async function lineIs(page, pattern, what) {
  return until(async () => pattern.test((await line(page)) ?? "") && (await line(page)), `${what}: ${pattern}`, 20_000);
}

/** Waits until `page`'s board shows `n` moves, at rest. */
export async function movesAre(page, n) {
  await until(async () => (await moveCount(page)) === n, `${n} moves on the board`, 20_000);
  await settled(page);
}

/** `mover` plays column `n` (1-based) by clicking the board; both pages then show it. */
export async function play(mover, other, n) {
  const before = await moveCount(mover);
  await lineIs(mover, /^Your move/, "the mover's turn");
  await column(mover, n).click();
  await movesAre(mover, before + 1);
  await movesAre(other, before + 1);
}

/**
 * Chooses "A friend online" on `page`, then `colour` ("Red", "Yellow" or "Random"; by default
 * the one already chosen), and creates the game.
 */
export async function playOnline(page, colour) {
  await page.getByRole("radio", { name: "A friend online" }).click();
  const setup = page.locator(".c4-online-setup");
  if (colour) await setup.getByRole("radio", { name: colour, exact: true }).click();
  await setup.getByRole("button", { name: "Create invite link" }).click();
}

/** A page at `url` (with `options` for its context) that chose "A friend online", once its
 * invite link shows: the page, and the link. */
export async function invite(browser, url, options) {
  const opened = await openPage(browser, url, options);
  await column(opened.page, 4).waitFor();
  await playOnline(opened.page);
  const box = opened.page.getByRole("textbox", { name: "Invite link" });
  const link = await until(async () => {
    const value = await box.inputValue().catch(() => "");
    return /#join=[0-9a-f]{16}$/.test(value) && value;
  }, "the invite link");
  return { ...opened, link };
}

/** Red invites from `url`, Yellow opens the link; they play `moves` (columns, 1-based). */
export async function game(browser, url, moves, options = {}) {
  const red = await invite(browser, url, options);
  assert.ok(red.link.startsWith(url), `${red.link} is under ${url}`);
  const yellow = await openPage(browser, red.link, options);
  await lineIs(yellow.page, /^Red to move: you play Yellow\.$/, "the friend seated");
  for (const [i, n] of moves.entries()) {
    if (i % 2 === 0) await play(red.page, yellow.page, n);
    else await play(yellow.page, red.page, n);
  }
  return { red, yellow };
}
