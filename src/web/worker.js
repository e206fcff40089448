// The computer's worker: a module Web Worker that runs the solver off the page, so the page
// never freezes. Every board of a page shares it (computer.js starts it and routes the
// messages); it imports the solver's module (connect_four_solver.js, beside it) by name,
// so that bundlers follow it. The page's own module never loads the solver.
//
// The messages are computer.js's envelopes around `Request` and `Reply` (src/ui/protocol.rs,
// whose tests pin their shape: an object with one key, the message's name):
//   board -> worker  { bestMove: { id, moves, level } } | { analyze: { id, moves } }
//                    { hint: { id, moves } } | { ponder: { moves } }
//                    { review: { id, positions } }
//   worker -> board  { move: { id, column } } | { analysis: { id, scores } }
//                    { hint: { id, score, columns } } | { review: { id, scores } }
//                    { failed: { id, error } }  (id null: the worker itself failed)
//   worker -> hub    { started: link }             (a search for this board begins)
//   worker -> all    { book: { loaded, total } }  (the opening book arriving; total null
//                                                  when the server does not say)
//                    { ready: { warning } }        (the book is in, or why there is none)
//
// The solver answers at once, without the book; the book is fetched as the worker starts
// (when a board first needs the computer). `easy`, `medium` and `hard` never wait for it.
// The perfect level, hints, analyses and reviews need it early in a game, so they wait
// until it is in (or has failed: every answer is still exact without it, only slower).
import init, { Solver } from "./connect_four_solver.js";

const why = (e) => String((e && e.message) || e);
/** A download that gets no bytes for this long has stalled: the computer goes without. */
const STALL_MS = 20_000;

let solver = null;
let tableMiB = 64;
/** "none" (no book URL), "loading", "in" or "failed". */
let book = "none";
/** Requests not yet answered, in order: { link, op, body }. */
const queue = [];
let scheduled = false;

// The position being pondered (the computer thinking on the player's time), in slices so
// that a message arriving meanwhile waits at most one slice.
let pondering = null;
let ponderRun = 0;
const ponderSlice = (run) => {
  if (run !== ponderRun || pondering === null) return;
  try {
    if (solver.ponder(pondering)) pondering = null;
  } catch {
    pondering = null;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, run);
};

/** Whether a request needs the book while one is on its way. */
const needsBook = (op, body) => op !== "bestMove" || body.level === "perfect";

const answer = (op, { id, moves, level, positions }) => {
  switch (op) {
    case "bestMove":
      return { move: { id, column: solver.bestMove(moves, level) } };
    case "analyze":
      return { analysis: { id, scores: solver.analyze(moves) } };
    case "review":
      return { review: { id, scores: positions.map((p) => solver.analyze(p)) } };
    case "hint": {
      const { score, columns } = solver.bestMoves(moves);
      return { hint: { id, score, columns } };
    }
    default:
      return { failed: { id: id ?? null, error: `unknown request ${op}` } };
  }
};

const handle = ({ link, op, body }) => {
  // Any request stops pondering; a hint or an analysis of the position being pondered
  // (the person's turn) takes it up again afterwards, where it stopped.
  const pondered = pondering;
  const resume = pondered === body.moves && (op === "hint" || op === "analyze");
  pondering = null;
  ponderRun++;
  if (op === "ponder") {
    pondering = body.moves;
  } else {
    // The page's hub may stop this worker to cancel a search nobody else waits for.
    self.postMessage({ started: link });
    let reply;
    try {
      reply = answer(op, body);
    } catch (e) {
      reply = { failed: { id: body.id ?? null, error: why(e) } };
    }
    self.postMessage({ link, reply });
    if (resume) pondering = pondered;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, ponderRun);
};

/** Answers the first request that can be answered now, one per turn of the event loop, so
 * that a cancel arriving meanwhile is seen before the next search starts. */
const work = () => {
  scheduled = false;
  if (!solver) return;
  const waiting = book === "loading";
  const next = queue.findIndex(({ op, body }) => !waiting || !needsBook(op, body));
  if (next < 0) return;
  handle(queue.splice(next, 1)[0]);
  schedule();
};
const schedule = () => {
  if (!scheduled && queue.length > 0) {
    scheduled = true;
    setTimeout(work, 0);
  }
};

/** Fetches the book, telling every board how far it got, and refusing a stalled download. */
async function fetchBook(url) {
  const abort = new AbortController();
  let timer;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new Error(`the opening book stopped arriving (nothing for ${STALL_MS / 1000} s): ${url}`)), STALL_MS);
  };
  alive();
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`could not load the opening book from ${url}: HTTP ${response.status}`);
    const header = Number(response.headers.get("content-length"));
    // A compressed response's length is its compressed size: no total to show then.
    const total = header > 0 && !response.headers.get("content-encoding") ? header : null;
    const chunks = [];
    let loaded = 0;
    let told = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      alive();
      chunks.push(value);
      loaded += value.length;
      const now = performance.now();
      if (now - told > 250) {
        told = now;
        self.postMessage({ all: { book: { loaded, total } } });
      }
    }
    const bytes = new Uint8Array(loaded);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  } catch (e) {
    throw abort.signal.aborted ? abort.signal.reason : e;
  } finally {
    clearTimeout(timer);
  }
}

const loadBook = async (url) => {
  let warning = null;
  try {
    const bytes = await fetchBook(url);
    // The solver with the book replaces the one without (its table too: freed first).
    solver.free();
    solver = null;
    solver = new Solver({ tableMiB, book: bytes });
    book = "in";
  } catch (e) {
    warning = why(e);
    book = "failed";
    solver ??= new Solver({ tableMiB });
  }
  self.postMessage({ all: { ready: { warning } } });
  schedule();
};

const start = async (options) => {
  tableMiB = options.tableMiB;
  await init();
  solver = new Solver({ tableMiB });
  if (options.bookUrl) {
    book = "loading";
    self.postMessage({ all: { book: { loaded: 0, total: null } } });
    loadBook(options.bookUrl);
  } else {
    self.postMessage({ all: { ready: { warning: null } } });
  }
  schedule();
};

self.onmessage = ({ data }) => {
  if (data.init) {
    start(data.init).catch((e) => self.postMessage({ all: { failed: { id: null, error: why(e) } } }));
  } else if (data.cancel !== undefined) {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].link === data.cancel) queue.splice(i, 1);
  } else {
    const [[op, body]] = Object.entries(data.request);
    queue.push({ link: data.link, op, body });
    schedule();
  }
};
