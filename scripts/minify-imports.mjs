// Shortens the names of the functions a wasm module imports from its wasm-bindgen glue
// (`__wbg_createElement_4d5a6c8e0f1b2a3c` becomes `a`), in the module's import section and in
// the glue's imports object alike; and the names of its exports, which only the glue reads
// (`wasm.mounthandle_setOptions` becomes `wasm.xa`). Each import's name carries a 16-digit
// hash, which no compressor can shrink: 264 of them cost the page's first visit about 5 KB
// gzipped, twice over (once in the wasm, once in the glue). Nothing else changes: the
// module's code and the glue's logic are as wasm-bindgen wrote them, and `memory` keeps its
// name.
// An export is renamed only where the glue names it as `wasm.NAME` and nowhere else.
// A name is renamed only where the glue names it exactly once (as its imports object's
// key); one named otherwise keeps its name, and the script says so.
//   node scripts/minify-imports.mjs GLUE.js MODULE_bg.wasm [GLUE.js MODULE_bg.wasm …]
//   or, from Trunk's post_build hook:  node scripts/minify-imports.mjs
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** An unsigned LEB128. */
function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/** A wasm name: its length, then its bytes. */
const encodeName = (name) => {
  const bytes = encoder.encode(name);
  return [...encodeLeb(bytes.length), ...bytes];
};

/** The `n`-th short name: a … z, A … Z, then two letters, and so on. */
function shortName(n) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let name = "";
  do {
    name = letters[n % letters.length] + name;
    n = Math.floor(n / letters.length) - 1;
  } while (n >= 0);
  return name;
}

/** Skips an import's description (its kind and type) at `at`; the offset after it. */
function skipDescription(bytes, at) {
  const kind = bytes[at++];
  switch (kind) {
    case 0: // a function: its type index
      return leb(bytes, at)[1];
    case 1: { // a table: element type, limits
      at += 1;
      const [flags, next] = leb(bytes, at);
      at = leb(bytes, next)[1];
      return flags & 1 ? leb(bytes, at)[1] : at;
    }
    case 2: { // a memory: limits
      const [flags, next] = leb(bytes, at);
      at = leb(bytes, next)[1];
      return flags & 1 ? leb(bytes, at)[1] : at;
    }
    case 3: // a global: value type, mutability
      return at + 2;
    case 4: // a tag: attribute, type index
      return leb(bytes, at + 1)[1];
    default:
      throw new Error(`unknown import kind ${kind}`);
  }
}

function minify(gluePath, wasmPath) {
  let glue = readFileSync(gluePath, "utf8");
  const wasm = readFileSync(wasmPath);
  if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error(`${wasmPath} is not a wasm module`);
  const sections = [];
  for (let at = 8; at < wasm.length;) {
    const id = wasm[at];
    const [size, start] = leb(wasm, at + 1);
    sections.push({ id, start, end: start + size, header: at });
    at = start + size;
  }
  const imports = sections.find((s) => s.id === 2);
  if (!imports) return { renamed: 0 };
  // Read every import; rename the fields the glue names once.
  let at = imports.start;
  const [count, first] = leb(wasm, at);
  at = first;
  const entries = [];
  const taken = new Set();
  for (let i = 0; i < count; i++) {
    const [moduleLength, m] = leb(wasm, at);
    const module = utf8.decode(wasm.subarray(m, m + moduleLength));
    const [fieldLength, f] = leb(wasm, m + moduleLength);
    const field = utf8.decode(wasm.subarray(f, f + fieldLength));
    const end = skipDescription(wasm, f + fieldLength);
    entries.push({ module, field, description: wasm.subarray(f + fieldLength, end) });
    taken.add(field);
    at = end;
  }
  let next = 0;
  const fresh = () => {
    let name;
    do name = shortName(next++); while (taken.has(name) || !new RegExp(`^[A-Za-z]+$`).test(name));
    return name;
  };
  let renamed = 0;
  for (const entry of entries) {
    if (!entry.field.startsWith("__wbg_") && !entry.field.startsWith("__wbindgen_")) continue;
    const key = new RegExp(`(?<![\\w$])${entry.field}(?![\\w$])`, "g");
    const found = glue.match(key)?.length ?? 0;
    if (found !== 1) {
      console.warn(`${gluePath} names ${entry.field} ${found} times, not once: it keeps its name`);
      continue;
    }
    entry.renamed = fresh();
    glue = glue.replace(key, entry.renamed);
    renamed++;
  }
  // The module the glue's functions come from ("./connect_four_bg.js", repeated in every
  // import) becomes "m" too, where the glue names it once, as its imports object's key.
  const modules = new Map();
  for (const module of new Set(entries.filter((e) => e.renamed).map((e) => e.module))) {
    const quoted = new RegExp(`(["'])${module.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\1`, "g");
    if ((glue.match(quoted)?.length ?? 0) !== 1 || modules.size > 0) continue;
    glue = glue.replace(quoted, '"m"');
    modules.set(module, "m");
  }
  const body = [...encodeLeb(entries.length)];
  for (const entry of entries) {
    const module = modules.get(entry.module) ?? entry.module;
    body.push(...encodeName(module), ...encodeName(entry.renamed ?? entry.field), ...entry.description);
  }
  const section = Buffer.from([2, ...encodeLeb(body.length), ...body]);
  // The module's exports (`mounthandle_setOptions`, `__wbindgen_malloc`, …), which only the
  // glue reads, as `wasm.NAME`: renamed where that is the only way the glue names them.
  const exports = sections.find((s) => s.id === 7);
  let exportSection = exports ? wasm.subarray(exports.header, exports.end) : Buffer.alloc(0);
  let exportsRenamed = 0;
  if (exports) {
    let at = exports.start;
    const [count, first] = leb(wasm, at);
    at = first;
    const items = [];
    for (let i = 0; i < count; i++) {
      const [length, n] = leb(wasm, at);
      const name = utf8.decode(wasm.subarray(n, n + length));
      const [, end] = leb(wasm, n + length + 1);
      items.push({ name, description: wasm.subarray(n + length, end) });
      at = end;
    }
    const names = new Set(items.map((i) => i.name));
    let nextExport = 0;
    const freshExport = () => {
      let name;
      do name = `x${shortName(nextExport++)}`; while (names.has(name) || glue.includes(`wasm.${name}`));
      return name;
    };
    for (const item of items) {
      const escaped = item.name.replace(/[$]/g, "\\$&");
      const anywhere = glue.match(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, "g"))?.length ?? 0;
      const asExport = new RegExp(`(?<![\\w$])wasm\\.${escaped}(?![\\w$])`, "g");
      const read = glue.match(asExport)?.length ?? 0;
      // The memory keeps its name: the glue's init hands the exports to its caller, who
      // may read `memory` (the tests measure it).
      if (item.name === "memory" || read === 0 || read !== anywhere) continue;
      item.renamed = freshExport();
      glue = glue.replace(asExport, `wasm.${item.renamed}`);
      exportsRenamed++;
    }
    const exportBody = [...encodeLeb(items.length)];
    for (const item of items) exportBody.push(...encodeName(item.renamed ?? item.name), ...item.description);
    exportSection = Buffer.from([7, ...encodeLeb(exportBody.length), ...exportBody]);
  }
  const parts = [];
  let from = 0;
  for (const [s, replacement] of [[imports, section], [exports, exportSection]]) {
    if (!s) continue;
    parts.push(wasm.subarray(from, s.header), replacement);
    from = s.end;
  }
  parts.push(wasm.subarray(from));
  const out = Buffer.concat(parts);
  writeFileSync(wasmPath, out);
  writeFileSync(gluePath, glue);
  return { renamed: renamed + exportsRenamed, saved: wasm.length - out.length };
}

let pairs = process.argv.slice(2);
if (pairs.length === 0) {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node scripts/minify-imports.mjs GLUE.js MODULE_bg.wasm ...");
  // `trunk serve` and `trunk build` without --release keep the names as written.
  if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
  pairs = readdirSync(dir)
    .filter((name) => name.endsWith("_bg.wasm"))
    .flatMap((name) => [join(dir, name.replace(/_bg\.wasm$/, ".js")), join(dir, name)]);
}
if (pairs.length % 2 !== 0) throw new Error("give each glue file with its module");
for (let i = 0; i < pairs.length; i += 2) {
  const { renamed, saved } = minify(pairs[i], pairs[i + 1]);
  console.log(`${pairs[i + 1]}: ${renamed} imports and exports renamed, ${saved} bytes fewer`);
}
