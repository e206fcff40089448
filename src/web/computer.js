// The computer's worker, shared: every board on a page talks to one worker (per opening book
// URL), which loads the solver's module and the book once. A board connects a *link*; the
// link's messages carry its number, and the worker answers on the same number. A worker
// whose last board went away stays a while, so a remount (a framework re-rendering, a
// route coming back) finds its table and its book still there.
//
//   page -> worker  { init: { bookUrl, tableMiB } }   (once, first)
//                   { link, request }                 (a board's `Request`, src/ui/protocol.rs)
//                   { cancel: link }                  (drop what the board still has queued)
//   worker -> page  { started: link }                 (a search for that board begins)
//                   { link, reply }                   (one board's `Reply`)
//                   { all: reply }                    (every board's: the book's progress, ready)

import { preBundled, packageFile, wasmProblem } from "./files.js";

/** How long a worker with no board left stays, for a remount. */
const KEEP_MS = 60_000;

/** The name of the Trusted Types policy the worker's address goes through, where a page
 * requires Trusted Types (`require-trusted-types-for 'script'`): such a page allows it with
 * `trusted-types connect-four-wasm` in its Content-Security-Policy. */
const POLICY = "connect-four-wasm";
let policy;
/** Whether `error` is a page's refusal of an address that is not a TrustedScriptURL. */
const refusedAsUntrusted = (error) => error instanceof TypeError && /TrustedScriptURL/.test(error.message);

// A literal `new URL("…", import.meta.url)` in `new Worker(…)`: what bundlers look for.
const spawn = () => {
  try {
    return preBundled
      ? new Worker(packageFile("worker.js"), { type: "module" })
      : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  } catch (e) {
    if (!refusedAsUntrusted(e)) throw e;
    return spawnTrusted();
  }
};
/** The worker's file beside this module, named through a constant so that bundlers do not
 * copy it a second time as a file of its own (they follow only the literal above). */
const WORKER_FILE = "./worker.js";
// The worker beside this module, through the policy: the package's folder served as it is.
// (A bundler gives the worker an address of its own, which only the literal above names.)
function spawnTrusted() {
  policy ??= globalThis.trustedTypes.createPolicy(POLICY, { createScriptURL: (address) => address });
  const url = preBundled ? packageFile("worker.js") : new URL(WORKER_FILE, import.meta.url).href;
  return new Worker(policy.createScriptURL(url), { type: "module" });
}

/** bookUrl -> { worker, links: Map<number, onReply>, idle: timer } */
const workers = new Map();
let lastLink = 0;

/** Says the same reply to every board of `shared`. */
const broadcast = (shared, reply) => {
  for (const onReply of shared.links.values()) onReply(reply);
};

/** The worker for `bookUrl`, started if none runs. */
function workerFor(bookUrl, tableMiB) {
  let shared = workers.get(bookUrl);
  if (shared) return shared;
  shared = { worker: spawn(), links: new Map(), idle: null, status: null, running: null };
  workers.set(bookUrl, shared);
  shared.worker.onmessage = ({ data }) => {
    if (data.started !== undefined) {
      shared.running = data.started;
    } else if (data.all) {
      // The book's progress and its arrival: a board that connects later hears the latest.
      if (data.all.ready || data.all.book) shared.status = data.all;
      // The worker could not start (its module, say, did not load): it goes, and the next
      // request starts another.
      const failed = data.all.failed;
      if (failed) stop(bookUrl, shared);
      broadcast(shared, failed
        ? { failed: { ...failed, error: wasmProblem(failed.error, "connect_four_solver_bg.wasm") ?? failed.error } }
        : data.all);
    } else {
      if (shared.running === data.link) shared.running = null;
      shared.links.get(data.link)?.(data.reply);
    }
  };
  shared.worker.onerror = (e) => {
    // The details are for developers; the boards hear that the computer cannot play, and
    // the next request starts a new worker.
    console.error("connect-four: the computer's worker failed:", e.message ?? e);
    e.preventDefault?.();
    stop(bookUrl, shared);
    broadcast(shared, { failed: { id: null, error: "its worker could not run in this browser" } });
  };
  shared.worker.postMessage({ init: { bookUrl, tableMiB } });
  return shared;
}

function stop(bookUrl, shared) {
  clearTimeout(shared.idle);
  shared.worker.terminate();
  if (workers.get(bookUrl) === shared) workers.delete(bookUrl);
}

/**
 * Connects a board (index.js's `connect` calls this once this module is loaded): `onReply`
 * hears the worker's replies to it. Returns its link:
 * `post(request)`, `cancel()` (drop its queued requests) and `close()`. The worker starts
 * with the first `post`, not before: a game between two people never loads the solver.
 */
export function connect(bookUrl, tableMiB, onReply) {
  const link = ++lastLink;
  let shared = null;
  const attach = () => {
    if (shared && workers.get(bookUrl) === shared) return shared;
    shared = workerFor(bookUrl, tableMiB);
    clearTimeout(shared.idle);
    shared.links.set(link, onReply);
    // Later, not inside the board's own call (it is busy sending), and only if the board
    // is still connected then: a board destroyed meanwhile has let go of `onReply`.
    const { status } = shared;
    const now = shared;
    if (status) queueMicrotask(() => now.links.get(link) === onReply && onReply(status));
    return shared;
  };
  return {
    post(request) {
      attach().worker.postMessage({ link, request });
    },
    cancel() {
      if (!shared || workers.get(bookUrl) !== shared) return;
      // A search cannot be interrupted. One that only this board waits for (a perfect move
      // without the book can take minutes) goes with its worker; the next request starts
      // another. With other boards on the worker, the search runs out and is ignored.
      if (shared.running === link && shared.links.size === 1) stop(bookUrl, shared);
      else shared.worker.postMessage({ cancel: link });
    },
    close() {
      if (!shared) return;
      const s = shared;
      shared = null;
      s.links.delete(link);
      s.worker.postMessage({ cancel: link });
      if (s.links.size === 0 && workers.get(bookUrl) === s) {
        clearTimeout(s.idle);
        s.idle = setTimeout(() => s.links.size === 0 && stop(bookUrl, s), KEEP_MS);
      }
    },
  };
}
