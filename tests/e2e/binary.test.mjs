// The one file to host: the static server binary (`make server-static`, built by `make test`
// before these tests) with the site built in. Run with no --site, as on a machine without
// Rust: it serves the site compressed, names online play in the page, and two browsers play
// a game through it. Listening on every interface, it prints the addresses a phone opens.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, readFile } from "node:fs/promises";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, DIST, launch } from "./harness.mjs";
import { game, invite } from "./play.mjs";

const LAPTOP = { viewport: { width: 1280, height: 800 } };

const BINARY = join(ROOT, "target", "x86_64-unknown-linux-musl", "release", "connect-four-server");
let browser, dir;
const children = [];

function start(args) {
  const child = spawn(BINARY, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  child.stderr.on("data", (chunk) => (out += chunk));
  return new Promise((ok, fail) => {
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`the server exited (${code}): ${out}`)));
    let printed = "";
    child.stdout.on("data", (chunk) => {
      printed += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(printed);
      // The addresses come right after the first line, in the same write.
      if (found) setTimeout(() => ok({ child, url: `${found[1]}/`, printed: () => printed, log: () => out }), 100);
    });
  });
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "c4-binary-"));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await rm(dir, { recursive: true, force: true });
});

test("the static binary needs no C library and names its version and commit", () => {
  const ldd = spawnSync("ldd", [BINARY], { encoding: "utf8" });
  assert.match(`${ldd.stdout}${ldd.stderr}`, /not a dynamic executable|statically linked/);
  const version = spawnSync(BINARY, ["--version"], { encoding: "utf8" });
  assert.equal(version.status, 0);
  assert.match(version.stdout, /^connect-four-server \d+\.\d+\.\d+ \([0-9a-f]{7,}\S*\)\n$/);
});

test("with no --site it serves the site built in, compressed, and two browsers play", async () => {
  const server = await start(["--listen", "127.0.0.1:0", "--data", join(dir, "games")]);
  const index = await fetch(server.url);
  assert.equal(index.status, 200);
  assert.match(await index.text(), /<meta name="connect-four-online" content="online">/);
  const wasm = await fetch(`${server.url}connect-four_bg.wasm`, { headers: { "accept-encoding": "br" } });
  assert.equal(wasm.headers.get("content-encoding"), "br");
  assert.equal(wasm.headers.get("content-type"), "application/wasm");
  const etag = wasm.headers.get("etag");
  assert.ok(etag, "an ETag");
  const again = await fetch(`${server.url}connect-four_bg.wasm`, { headers: { "accept-encoding": "br", "if-none-match": etag } });
  assert.equal(again.status, 304);
  // What it sends is what the site's build made (fetch decodes the body).
  const built = await readFile(join(DIST, "connect-four_bg.wasm"));
  assert.equal(Buffer.compare(Buffer.from(await wasm.arrayBuffer()), built), 0);
  for (const path of ["nope.js", ".hidden", "%2e%2e/Cargo.toml"]) {
    assert.equal((await fetch(`${server.url}${path}`)).status, 404, path);
  }

  const { red, yellow } = await game(browser, server.url, [4, 5, 4], { viewport: { width: 1280, height: 800 } });
  for (const p of [red, yellow]) assert.deepEqual(p.problems, []);
  await red.context.close();
  await yellow.context.close();
});

test("on every interface it prints the addresses another device can open", async () => {
  const server = await start(["--listen", "0.0.0.0:0", "--data", join(dir, "lan")]);
  const port = new URL(server.url).port;
  const printed = [...server.printed().matchAll(/on this network: (http:\/\/\S+)/g)].map((m) => m[1]);
  const expected = Object.values(networkInterfaces()).flat()
    .filter((i) => i.family === "IPv4" && !i.internal && !i.address.startsWith("169.254."))
    .map((i) => `http://${i.address}:${port}`);
  for (const url of expected) assert.ok(printed.includes(url), `${url} among ${printed.join(", ")}`);
  for (const url of printed) {
    assert.doesNotMatch(url, /\/\/(0\.0\.0\.0|127\.|\[::)/, "only addresses another device can reach");
    // Each answers.
    assert.equal((await fetch(`${url}/healthz`)).status, 200, url);
  }
  if (printed.length === 0) return; // a machine with no network but loopback: nothing more to see
  // Opened at 127.0.0.1, the invite says it works only here, and names the address to open.
  const here = await invite(browser, `http://127.0.0.1:${port}/`, LAPTOP);
  const lan = here.page.getByRole("link", { name: `${printed[0]}/` });
  await lan.waitFor({ timeout: 5000 }).catch(async (e) => {
    throw new Error(`${e.message}\n${await here.page.locator(".c4-online").evaluate((x) => x.outerHTML)}`);
  });
  assert.equal(await lan.getAttribute("href"), `${printed[0]}/`);
  await here.page.getByText("This link works only on this device. Open the game at this address instead").waitFor();
  // Opened there (plain http, no clipboard for the page), the link is the network's, and
  // Copy link selects it, saying so.
  const there = await invite(browser, `${printed[0]}/`, LAPTOP);
  const box = there.page.getByRole("textbox", { name: "Invite link" });
  assert.ok((await box.inputValue()).startsWith(`${printed[0]}/#join=`));
  const notes = await there.page.locator(".c4-invite .c4-help").evaluateAll((all) => all.filter((p) => !p.hidden).length);
  assert.equal(notes, 0, "no word of a link that works only here");
  await there.page.getByRole("button", { name: "Copy link" }).click();
  await there.page.getByText("This page cannot use the clipboard (over plain http, browsers give it none): the link is selected, copy it by hand.").waitFor({ state: "attached" });
  const selected = await box.evaluate((input) => input.selectionEnd - input.selectionStart === input.value.length && input.value.length > 0);
  assert.ok(selected, "the link is selected");
  for (const p of [here, there]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

