// Writes the version and the file list into the built site's service worker (sw.js), from
// the files themselves: any change to any file makes a new version. Trunk runs it after
// every build (Trunk.toml's post_build hook, in its staging folder); tests run it on a copy
// of dist/ to make a second version:  node scripts/stamp-sw.mjs DIR
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("usage: node scripts/stamp-sw.mjs DIR");

const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split("\\").join("/"))
  .filter((name) => name !== "sw.js")
  .sort();
const path = join(dir, "sw.js");
const template = readFileSync(path, "utf8");
const hash = createHash("sha256");
for (const name of files) hash.update(name).update("\0").update(readFileSync(join(dir, name))).update("\0");
// The service worker's own code counts too (without the lines stamped here).
hash.update(template.replace(/^const (VERSION|FILES) = .*$/gm, ""));
const version = hash.digest("hex").slice(0, 16);

const stamped = template
  .replace(/^const VERSION = ".*";$/m, `const VERSION = ${JSON.stringify(version)};`)
  .replace(/^const FILES = \[.*\];$/m, `const FILES = ${JSON.stringify(["./", ...files])};`);
if (!stamped.includes(version) || !stamped.includes('"./"')) {
  throw new Error(`${path}: no VERSION or FILES line to stamp`);
}
writeFileSync(path, stamped);
console.log(`sw.js: version ${version}, ${files.length + 1} files`);
