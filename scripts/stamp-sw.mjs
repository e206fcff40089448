// Writes the version and the file list into the built site's service worker (sw.js), from
// the files themselves: each file with its revision (the first 16 hex digits of its
// SHA-256, which sw.js checks again), and whether it waits until a page asks for it (the
// computer's files: its worker, the solver's module and the opening book). The version is
// a hash of them all. Trunk runs it after every build (Trunk.toml's post_build hook, in its
// staging folder); tests run it on a copy of dist/ to make a second version:
//   node scripts/stamp-sw.mjs DIR
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("usage: node scripts/stamp-sw.mjs DIR");

/** The computer's files: cached when first asked for, not when a version installs. */
const LAZY = /^(book\.bin|worker\.js|connect[-_]four[-_]solver(_bg\.wasm|\.js))$/;

const revision = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);
const names = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split("\\").join("/"))
  // The compressed copies (scripts/precompress.mjs) are for the server to send in place of
  // their files: the browser never asks for them by name.
  .filter((name) => name !== "sw.js" && !/\.(br|gz)$/.test(name))
  .sort();
const files = names.map((name) => [name, revision(readFileSync(join(dir, name))), LAZY.test(name)]);
const page = files.find(([name]) => name === "index.html");
if (!page) throw new Error(`${dir}: no index.html`);
files.unshift(["./", page[1], false]);

const path = join(dir, "sw.js");
const template = readFileSync(path, "utf8");
// The service worker's own code counts too (without the lines stamped here).
const version = createHash("sha256")
  .update(JSON.stringify(files))
  .update(template.replace(/^const (VERSION|FILES) = .*$/gm, ""))
  .digest("hex")
  .slice(0, 16);

// The served copy without its comments (the source keeps them): a smaller update.
const stamped = template
  .replace(/^\s*\/\/.*\n/gm, "")
  .replace(/^\s*\/\*\*.*\*\/\n/gm, "")
  .replace(/^const VERSION = ".*";$/m, `const VERSION = ${JSON.stringify(version)};`)
  .replace(/^const FILES = \[.*\];$/m, `const FILES = ${JSON.stringify(files)};`);
if (!stamped.includes(version) || !stamped.includes('"./"')) {
  throw new Error(`${path}: no VERSION or FILES line to stamp`);
}
writeFileSync(path, stamped);
console.log(`sw.js: version ${version}, ${files.length} files, ${files.filter(([, , lazy]) => lazy).length} fetched when first asked for`);
