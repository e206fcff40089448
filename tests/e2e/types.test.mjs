// The package's types: a file that uses every export type-checks with `tsc --strict`,
// `lib: ["ES2022", "DOM"]` and `skipLibCheck: false`; every export the entry declares has a
// doc comment, and the wasm module's internals are not among them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installPackage, node } from "./fixtures.mjs";

test("tsc --strict --noEmit on a file that uses every export", async () => {
  const dir = await installPackage("types-app");
  const { stdout } = await node(dir, "node_modules/typescript/bin/tsc", "-p", ".");
  assert.equal(stdout, "");
});

test("tsc --strict --noEmit in Node, without the DOM's types", async () => {
  const dir = await installPackage("types-app");
  const { stdout } = await node(dir, "node_modules/typescript/bin/tsc", "-p", "tsconfig.node.json");
  assert.equal(stdout, "");
});

test("every export is documented, and internals are not exported", async () => {
  const dir = await installPackage("types-app");
  const pkg = join(dir, "node_modules", "connect-four");
  const entry = readFileSync(join(pkg, "index.d.ts"), "utf8");
  // The page's module's types, then the solver's.
  const glue = readFileSync(join(pkg, "connect_four.d.ts"), "utf8") + "\n" + readFileSync(join(pkg, "connect_four_solver.d.ts"), "utf8");
  // The names index.d.ts exports, and where each is declared.
  const names = [...entry.matchAll(/export (?:type )?\{([^}]*)\}/g)]
    .flatMap((m) => m[1].split(",").map((n) => n.trim()).filter(Boolean));
  const declared = [...entry.matchAll(/export (?:default )?(?:function|type|interface|class) (\w+)/g)].map((m) => m[1]);
  assert.deepEqual(
    [...names, ...declared].filter((n) => /^__|^InitOutput$|^start$/.test(n)), [], "internals exported");
  const undocumented = [];
  for (const name of names) {
    const declaration = new RegExp(`^export (?:declare )?(?:function|class|interface|type) ${name}\\b`, "m");
    const at = glue.search(declaration);
    assert.ok(at >= 0, `${name} is declared in connect_four.d.ts or connect_four_solver.d.ts`);
    if (!glue.slice(0, at).trimEnd().endsWith("*/")) undocumented.push(name);
  }
  for (const [, before, name] of entry.matchAll(/([^\n]*)\n(?:export (?:default )?(?:function|type|interface) (\w+))/g)) {
    if (!before.trimEnd().endsWith("*/")) undocumented.push(name);
  }
  assert.deepEqual(undocumented, []);
});
