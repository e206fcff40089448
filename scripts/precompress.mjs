// Compresses the release site's text and wasm files once, when the site is built: beside
// each file, `file.br` (Brotli, quality 11) and `file.gz` (gzip -9). The game's server
// sends these as they are to a browser that accepts them, and never compresses a file
// afresh for each request (which costs it tens of milliseconds of CPU per request for the
// page's wasm). Run last in Trunk's post_build hook, after the service worker's file list
// is stamped (the list names the files, not their compressed copies).
//   node scripts/precompress.mjs [DIR]     or, from Trunk:  node scripts/precompress.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

let dir = process.argv[2];
if (!dir) {
  dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node scripts/precompress.mjs DIR");
  if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
}
/** What compresses: text, and wasm. Images and the opening book are compressed already. */
const COMPRESSED = /\.(wasm|js|mjs|css|html|svg|webmanifest|json|txt)$/;
let files = 0;
for (const name of readdirSync(dir, { recursive: true })) {
  if (!COMPRESSED.test(name)) continue;
  const path = join(dir, name);
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A copy no smaller than the file is not worth sending.
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  files++;
}
console.log(`precompressed ${files} files in ${dir}`);
