// The package in Node 20+: an ES module and a CommonJS script, in an app that installed the
// packed package, play a game and get the perfect first move with the package's book.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installPackage, node } from "./fixtures.mjs";

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
  });
}
