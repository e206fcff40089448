// Writes the package's declaration files from what wasm-pack wrote (pkg/connect_four.d.ts,
// the page's module; pkg/connect_four_solver.d.ts, the solver's) and the package's own
// (src/web/api.d.ts): one self-contained declaration file with every export, as
// - pkg/node/index.d.cts, for Node's `require` (CommonJS types), which holds them all;
// - pkg/index.d.ts, for browsers and bundlers, which re-exports them;
// - pkg/node/index.d.mts, for Node's `import`, which re-exports them and declares `init`.
// The names are the same for every resolution. Each glue's loader (`init`, `initSync`, their
// input types) is left out: api.d.ts declares the package's own. So are `start` (the
// module's start function), the solver's copies of what both modules declare, and
// `[Symbol.dispose]` (it needs TypeScript's `esnext.disposable` lib, which ES2022 projects
// lack). The glue's own .d.ts files are then removed: no export reaches them.
import { readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";

const pkg = new URL("../pkg/", import.meta.url);
const read = (file) => readFileSync(new URL(file, pkg), "utf8");

/** The top-level declarations of a glue's .d.ts, each with its doc comment and name. */
function declarations(text, file) {
  const loader = text.indexOf("\nexport type InitInput");
  if (loader < 0) throw new Error(`${file}: no loader section to leave out`);
  text = text.slice(0, loader).replace(/^\s*\[Symbol\.dispose\]\(\): void;\n/gm, "");
  const chunks = [];
  let docOpen = false; // the current chunk so far is only a doc comment
  for (const line of text.split("\n")) {
    if (/^\/\*\s*(tslint|eslint)/.test(line)) continue;
    const doc = line.startsWith("/**");
    const exported = line.startsWith("export ");
    if (doc || (exported && !docOpen)) {
      chunks.push({ lines: [] });
      docOpen = doc;
    } else if (exported) {
      docOpen = false;
    }
    if (chunks.length === 0) {
      // Blank lines and a custom section's leading line comments, before the first one.
      if (line.trim() === "" || line.startsWith("//")) continue;
      throw new Error(`${file}: unexpected text before the first declaration: ${line}`);
    }
    chunks.at(-1).lines.push(line);
  }
  return chunks.map(({ lines }) => {
    const text = lines.join("\n").trimEnd();
    const name = text.match(/^export (?:declare )?(?:function|class|interface|type|const|enum) (\w+)/m)?.[1];
    if (!name) throw new Error(`${file}: a declaration without a name:\n${text}`);
    return { name, text };
  });
}

const page = declarations(read("connect_four.d.ts"), "connect_four.d.ts").filter((d) => d.name !== "start");
const shared = new Set(page.map((d) => d.name));
const solver = declarations(read("connect_four_solver.d.ts"), "connect_four_solver.d.ts")
  .filter((d) => d.name !== "start" && !shared.has(d.name));
const own = readFileSync(new URL("../src/web/api.d.ts", import.meta.url), "utf8")
  .replace(/^(\/\/[^\n]*\n)+\n/, "");

const names = [...page, ...solver].map((d) => d.name);
const twice = names.filter((n, i) => names.indexOf(n) !== i);
if (twice.length) throw new Error(`declared twice: ${twice.join(", ")}`);

const body = [
  "// connect-four's types: every export of the package, the same in browsers, bundlers and",
  "// Node. (In Node, `mount` throws: there is no DOM; `<connect-four>` is never defined.)",
  "",
  own.trimEnd(),
  "",
  "// The classes, `mount`, the options, the state and the texts (from the Rust source).",
  "",
  ...page.map((d) => d.text + "\n"),
  ...solver.map((d) => d.text + "\n"),
].join("\n");

// The declarations once, in node/index.d.cts (two copies would be a quarter of the tarball's
// code); the ES modules' entries re-export them. Node's `import` of a CommonJS declaration
// file takes its `default` to be the whole module, so node/index.d.mts declares `init`
// itself; bundlers (index.d.ts) read `export default` as written.
const init = own.match(/\n(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\nexport default function init\([\s\S]*?\): Promise<void>;)\n/)?.[1];
if (!init) throw new Error("src/web/api.d.ts: no documented `export default function init(...): Promise<void>;`");
mkdirSync(new URL("node/", pkg), { recursive: true });
writeFileSync(new URL("node/index.d.cts", pkg), body);
writeFileSync(
  new URL("index.d.ts", pkg),
  [
    "// connect-four's types for browsers and bundlers: every export, declared once in",
    "// node/index.d.cts (the same declarations for every resolution).",
    'export * from "./node/index.cjs";',
    'export { default } from "./node/index.cjs";',
    "",
  ].join("\n"),
);
writeFileSync(
  new URL("node/index.d.mts", pkg),
  [
    "// Node's `import`: every export of index.d.cts, and `init` as this module's default.",
    'export * from "./index.cjs";',
    'import type { InitInput } from "./index.cjs";',
    "",
    init,
    "",
  ].join("\n"),
);
for (const file of ["connect_four.d.ts", "connect_four_solver.d.ts", "connect_four_bg.wasm.d.ts", "connect_four_solver_bg.wasm.d.ts"]) {
  rmSync(new URL(file, pkg), { force: true });
}
