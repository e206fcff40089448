// Takes the comments and the spaces out of JavaScript files, in place (esbuild's whitespace
// minification only: no name or expression is changed, so the bundlers' and the browsers'
// reading of `new URL("./worker.js", import.meta.url)` and of every export stays the same).
// The site's release build (Trunk's post_build hook, in its staging folder: every .js but
// the service worker, which stamp-sw.mjs writes) and the package (scripts/package.sh) ship
// their code this way; the sources keep their comments.
//   node scripts/minify-js.mjs FILE...     or, from Trunk:  node scripts/minify-js.mjs
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";

let files = process.argv.slice(2);
if (files.length === 0) {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node scripts/minify-js.mjs FILE...");
  // `trunk serve` and `trunk build` without --release keep the code as written.
  if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
  files = readdirSync(dir).filter((name) => name.endsWith(".js") && name !== "sw.js").map((name) => join(dir, name));
}
for (const file of files) {
  const { code } = await transform(readFileSync(file, "utf8"), {
    minifyWhitespace: true,
    legalComments: "none",
    target: "esnext",
    loader: "js",
  });
  writeFileSync(file, code);
}
