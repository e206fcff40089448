// Takes the comments and the spaces out of JavaScript files, in place (esbuild's whitespace
// minification: no name or expression is changed, so the bundlers' and the browsers'
// reading of `new URL("./worker.js", import.meta.url)` and of every export stays the same).
// The site's release build (Trunk's post_build hook, in its staging folder: every .js but
// the service worker, which stamp-sw.mjs writes) and the package (scripts/package.sh) ship
// their code this way; the sources keep their comments. A stylesheet written as a css-tagged
// template (src/web/style.js, the game's) becomes one string of minified CSS (esbuild's CSS
// minifier) first.
// With `--names`, run once minify-imports.mjs has read the glue (it looks for `wasm.NAME`),
// it also shortens the names of local variables and functions (esbuild's identifier
// minification): exports, properties, strings and `new URL(…, import.meta.url)` stay as
// they are. So do the module's top-level names (no module format is given, so esbuild
// keeps them): a class keeps its `name`, which messages read ("not a Game object"). About 1.2 KB of the first visit and 2.2 KB of the package, gzipped.
//   node scripts/minify-js.mjs [--names] FILE...   or, from Trunk:  node scripts/minify-js.mjs [--names]
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";

const names = process.argv[2] === "--names";
let files = process.argv.slice(names ? 3 : 2);
if (files.length === 0) {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node scripts/minify-js.mjs [--names] FILE...");
  // `trunk serve` and `trunk build` without --release keep the code as written.
  if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
  // Every module, with wasm-bindgen's snippets (snippets/…/style.js) in their folders.
  files = readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith(".js") && name !== "sw.js")
    .map((name) => join(dir, name));
}

/** `source` with each stylesheet (`= css` and a template without substitutions) minified. */
async function minifyStyles(source) {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(/(=\s*)css`([^`]*)`/g)) {
    if (match[2].includes("${")) throw new Error("a css template has a substitution");
    const { code } = await transform(match[2], { loader: "css", minify: true, legalComments: "none" });
    out += source.slice(last, match.index) + match[1] + JSON.stringify(code.trim());
    last = match.index + match[0].length;
  }
  return out + source.slice(last);
}

for (const file of files) {
  const source = readFileSync(file, "utf8");
  const { code } = await transform(names ? source : await minifyStyles(source), {
    minifyWhitespace: true,
    minifyIdentifiers: names,
    legalComments: "none",
    target: "esnext",
    loader: "js",
  });
  writeFileSync(file, code);
}
