// The package in Node 20+: an ES module and a CommonJS script, in an app that installed the
// packed package, play a game and get the perfect first move with the package's book.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installPackage, node } from "./fixtures.mjs";
import { ROOT } from "./harness.mjs";

/** The texts' names, as the package's types declare them (`interface Texts`). */
const TEXT_KEYS = (() => {
  const types = readFileSync(join(ROOT, "pkg/node/index.d.cts"), "utf8");
  const body = types.slice(types.indexOf("export interface Texts {"));
  return [...body.slice(0, body.indexOf("\n}")).matchAll(/^ {4}(\w+): string;$/gm)].map((m) => m[1]);
})();

for (const [script, moves, winner] of [["esm.mjs", "4433221", 1], ["cjs.cjs", "4455667", 1]]) {
  test(`Node: ${script}`, async () => {
    const dir = await installPackage("node-app");
    const { stdout, stderr } = await node(dir, script);
    assert.equal(stderr, "");
    const found = JSON.parse(stdout);
    assert.equal(found.status, "win");
    assert.equal(found.winner, winner);
    assert.equal(found.moves, moves);
    assert.ok(found.bookSize > 1_000_000, `the book was read: ${found.bookSize} entries`);
    // From the empty board only the centre wins (score 1: with the first player's last stone).
    assert.equal(found.best, 3);
    assert.equal(found.score, 1);
    // The English texts, every one the types declare, frozen.
    assert.ok(TEXT_KEYS.length > 100, `the types declare the texts (${TEXT_KEYS.length})`);
    assert.deepEqual(found.texts, { frozen: true, toMove: "{player} to move", keys: TEXT_KEYS });
    if (script === "esm.mjs") {
      // 5 x 4 is a draw (Tromp's table); its solver reads no book. 8 x 7 takes digit 8.
      assert.deepEqual(found.small, { columns: 5, rows: 4, bookSize: 0, score: 0 });
      assert.deepEqual(found.wide, { columns: 8, rows: 7, bottom: [0, 0, 0, 0, 0, 0, 0, 1] });
    }
  });
}

test("Node: a wrong this, a forged or tampered object and a freed one get clean TypeErrors", async () => {
  const dir = await installPackage("node-app");
  const { stdout, stderr } = await node(dir, "hostile.cjs");
  assert.equal(stderr, "");
  const found = JSON.parse(stdout);
  const notA = (method) => `TypeError: Game.${method} called on something that is not a Game`;
  assert.deepEqual(found.outcomes, {
    "solver as a Game": notA("reset"),
    "plain object": notA("undo"),
    "Object.create": notA("play"),
    "setPrototypeOf": notA("play"),
    "Proxy": notA("play"),
    "tampered": "TypeError: this Game was tampered with: its pointer changed",
    "freed": "TypeError: this Game was freed: make a new one",
    "freed twice": "ran",
    "a getter": notA("moves"),
    "re-entrant setter": "ran",
  });
  // The setter was never called while the game was in use; the game played on.
  assert.equal(found.called, 0);
  assert.equal(found.moves, "44");
  // Nothing was written through the wrong class: the solver still solves right.
  assert.equal(found.score, -15);
  assert.equal(found.fresh, 5);
});

test("Node: Solver.load stops at the largest size a book has, and gives up on a silent server", async () => {
  const dir = await installPackage("node-app");
  const { stdout, stderr } = await node(dir, "book-limits.mjs");
  assert.equal(stderr, "");
  const found = JSON.parse(stdout);
  assert.match(found.device, /^could not load the opening book from \/dev\/zero: it is larger than an opening book can be \(2097152 bytes\)/);
  assert.match(found.endless, /^could not load the opening book from http:\/\/127\.0\.0\.1:\d+\/book\.bin: it is larger than an opening book can be/);
  assert.match(found.silent, /^could not load the opening book from http:\/\/127\.0\.0\.1:\d+\/book\.bin: it stopped arriving \(nothing for 20 s\)/);
  assert.match(found.string, /must be a plain object.*not the string "x"/);
  // Nothing near the 5 GB that reading /dev/zero to its end took.
  assert.ok(found.rss < 1 << 30, `${found.rss} bytes resident`);
});
