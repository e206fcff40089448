// A static file server on 127.0.0.1, for pages that use the built package (examples/) and for
// the e2e tests. As a command: node scripts/serve-static.mjs [folder] [port] (default: the
// repository on port 8081).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".bin": "application/octet-stream",
  ".ico": "image/x-icon",
};

/**
 * An HTTP server for `dirs`: a folder, served at `/`, or a map from URL prefixes
 * (`/games/c4/`) to folders; the longest prefix wins. `headers` go on every response (e.g. a
 * Content-Security-Policy). Each file served is added to `log` as { path, bytes }. Not
 * listening yet.
 */
export function staticServer(dirs, headers = {}, log = []) {
  const mounts = Object.entries(typeof dirs === "string" ? { "/": dirs } : dirs)
    .map(([prefix, dir]) => [prefix, resolve(dir)])
    .sort(([a], [b]) => b.length - a.length);
  return createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (path.endsWith("/")) path += "index.html";
      const [prefix, dir] = mounts.find(([prefix]) => path.startsWith(prefix)) ?? [];
      if (!dir) throw new Error("not served");
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (!file.startsWith(dir)) throw new Error("outside");
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "content-length": body.length,
        ...headers,
      });
      res.end(body);
      log.push({ path, bytes: body.length });
    } catch {
      res.writeHead(404, { "content-type": "text/plain", ...headers });
      res.end("not found");
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? ".");
  const port = Number(process.argv[3] ?? 8081);
  staticServer(root).listen(port, "127.0.0.1", () => console.log(`serving ${root} on http://127.0.0.1:${port}/`));
}
