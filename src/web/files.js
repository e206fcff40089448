// Where the package's files are, and what a failed wasm load means: what the entry module
// (index.js) needs before the first board, apart from the computer's hub (computer.js), which
// loads when a board first asks the computer.

/**
 * Whether this module runs pre-bundled by a dev server, away from the package's files: Vite
 * before 8 copies the package's modules into node_modules/.vite/deps/ (deps_temp_… while it
 * works), but not the files they name beside themselves (the wasm modules, the worker, the
 * book), which stay in the package's folder. Production builds copy those files and
 * rewrite their addresses, so this is only for dev servers.
 */
const PRE_BUNDLED = /\/node_modules\/\.vite\/deps(_temp_[0-9a-f]+)?\/[^/]*$/;
export const preBundled = PRE_BUNDLED.test(new URL(import.meta.url).pathname);

/** The address of the package's file `name` in its own folder (see `preBundled`). */
export function packageFile(name) {
  const url = new URL(import.meta.url);
  url.pathname = url.pathname.replace(PRE_BUNDLED, `/node_modules/connect-four-wasm/${name}`);
  url.search = "";
  return url.href;
}

/**
 * A failed load of the wasm module `name`, said plainly when the module came as something
 * else (a server's web page for a missing file, say), which the browser reports only as a
 * "magic word" in `message`; otherwise undefined.
 */
export const wasmProblem = (message, name) => (/magic word/.test(message)
  ? `connect-four: ${name} did not arrive as a wasm module (the server sent something else, such as a web page for a missing file): ${message}`
  : undefined);

