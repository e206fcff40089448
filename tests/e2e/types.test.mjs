// The package's types, from the packed tarball as a user installs it:
// - `tsc --strict` (skipLibCheck off) on browser code (lib DOM, usage.ts, and React 19 TSX
//   with <connect-four>, element.tsx) and on Node code without the DOM's types
//   (node-usage.mts, node-usage.cts), under the bundler, node16 and nodenext resolutions;
// - are-the-types-wrong on the tarball, with its default options: no problem for any
//   export (the main entry and "./jsx") under node10, node16 (CJS and ESM) and bundler;
// - every export is documented, and the wasm modules' internals are not among them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installPackage, node, packTarball } from "./fixtures.mjs";

const configs = {
  "browser code, bundler": "tsconfig.json",
  "browser code, node16": "tsconfig.node16.json",
  "browser code, nodenext": "tsconfig.nodenext.json",
  "Node code without the DOM, bundler": "tsconfig.node-bundler.json",
  "Node code without the DOM, node16 (ESM and CJS)": "tsconfig.node-node16.json",
  "Node code without the DOM, nodenext (ESM and CJS)": "tsconfig.node-nodenext.json",
};

for (const [name, config] of Object.entries(configs)) {
  test(`tsc --strict --noEmit: ${name}`, async () => {
    const dir = await installPackage("types-app");
    const { stdout } = await node(dir, "node_modules/typescript/bin/tsc", "-p", config);
    assert.equal(stdout, "");
  });
}

test("are-the-types-wrong finds no problem in the tarball", async () => {
  const dir = await installPackage("types-app");
  // With its default options, as a stranger runs it: every export of the package checked.
  await node(dir, "node_modules/@arethetypeswrong/cli/dist/index.js", await packTarball());
  const { stdout } = await node(
    dir, "node_modules/@arethetypeswrong/cli/dist/index.js", await packTarball(), "--format", "json",
  );
  const report = JSON.parse(stdout);
  assert.deepEqual(report.analysis.problems, [], JSON.stringify(report.analysis.problems, null, 2));
  // Each entry resolves, with types, in every resolution.
  for (const entry of [".", "./jsx"]) {
    const resolutions = report.analysis.entrypoints[entry].resolutions;
    assert.deepEqual(Object.keys(resolutions).sort(), ["bundler", "node10", "node16-cjs", "node16-esm"]);
    for (const [kind, { resolution }] of Object.entries(resolutions)) {
      assert.ok(resolution?.isTypeScript, `${entry} under ${kind}: no types (${JSON.stringify(resolution)})`);
    }
  }
});

test("every export is documented, the same everywhere, and internals are not exported", async () => {
  const dir = await installPackage("types-app");
  const pkg = join(dir, "node_modules", "connect-four-wasm");
  // Every declaration is in Node's `require` types; the browsers' and Node's `import` types
  // re-export them (the tsc runs above check what each resolution then sees).
  const types = readFileSync(join(pkg, "node", "index.d.cts"), "utf8");
  const browser = readFileSync(join(pkg, "index.d.ts"), "utf8");
  assert.match(browser, /^export \* from "\.\/node\/index\.cjs";$/m);
  assert.match(browser, /^export \{ default \} from "\.\/node\/index\.cjs";$/m);
  const nodeImport = readFileSync(join(pkg, "node", "index.d.mts"), "utf8");
  assert.match(nodeImport, /^export \* from "\.\/index\.cjs";$/m);
  assert.match(nodeImport, /\*\/\nexport default function init\(/);
  for (const file of [browser, nodeImport]) {
    assert.deepEqual(file.match(/^export (?:declare )?(?:function|type|interface|class|const) \w+/gm), null);
  }
  const declared = [...types.matchAll(/^export (?:default )?(?:declare )?(?:function|type|interface|class|const) (\w+)/gm)]
    .map((m) => m[1]);
  assert.deepEqual(declared.filter((n) => /^__|^InitOutput$|^start$/.test(n)), [], "internals exported");
  for (const name of ["init", "initSync", "initSolver", "mount", "Game", "MountHandle", "Solver", "defaultTexts",
    "ConnectFourElement", "ConnectFourAttributes", "ChangeEventDetail", "UndoEventDetail", "MountOptions", "Texts"]) {
    assert.ok(declared.includes(name), `${name} is declared`);
  }
  const undocumented = [];
  for (const [, before, name] of types.matchAll(/([^\n]*)\n(?:export (?:default )?(?:declare )?(?:function|type|interface|class|const) (\w+))/g)) {
    if (!before.trimEnd().endsWith("*/")) undocumented.push(name);
  }
  assert.deepEqual(undocumented, []);
  // Node's entry exports every name the browser's does, and the types declare each.
  // (The package's code is minified: its statements need not start lines.)
  const entry = readFileSync(join(pkg, "index.js"), "utf8");
  const browserNames = new Set([
    ...[...entry.matchAll(/(?:^|[;}\s])export\s*(?:async\s+)?(?:function|const|class)\s+(\w+)/gm)].map((m) => m[1]),
    ...[...entry.matchAll(/(?:^|[;}\s])export\s*\{([^}]*)\}/gm)].flatMap((m) => m[1].split(",").map((n) => n.trim().split(/\s+as\s+/).at(-1))),
    ...(/(?:^|[;}\s])export\s+default\s/m.test(entry) ? ["default"] : []),
  ]);
  const nodeNames = new Set(Object.keys(await import(join(pkg, "node", "index.mjs"))));
  assert.deepEqual([...browserNames].sort(), [...nodeNames].sort());
  for (const name of browserNames) assert.ok(declared.includes(name === "default" ? "init" : name), `${name} is typed`);
});
