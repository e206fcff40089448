// The computer's worker: a module Web Worker that runs the solver off the page, so the page
// never freezes. Every board of a page shares it (computer.js starts it and routes the
// messages); it imports the solver's module (connect_four_solver.js, beside it) by name,
// so that bundlers follow it. The page's own module never loads the solver.
//
// The messages are computer.js's envelopes around `Request` and `Reply` (src/ui/protocol.rs,
// whose tests pin their shape: an object with one key, the message's name). Every request
// names its board's `columns` and `rows`:
//   board -> worker  { bestMove: { id, columns, rows, moves, level } }
//                    { analyze: { id, columns, rows, moves } }
//                    { hint: { id, columns, rows, moves } } | { ponder: { columns, rows, moves } }
//                    { review: { id, columns, rows, positions } }
//   worker -> board  { move: { id, column } }
//                    { analysis: { id, scores, unproved } } (unproved: the columns not
//                    worked out within the budget, their scores null; [] when all are)
//                    { hint: { id, score, columns } } (score null: not proved, columns
//                    holds hard's move) | { review: { id, scores } } (a position's
//                    scores null: not worked out within the budget)
//                    { failed: { id, error } }  (id null: the worker itself failed)
//   worker -> hub    { started: link }             (a search for this board begins)
//   worker -> all    { book: { loaded, total } }  (the opening book arriving; total null
//                                                  when the server does not say)
//                    { ready: { warning } }        (the book is in, or why there is none)
//
// Each size has its own solver: 7 x 6's, with the book, and one for each other size a board
// plays (the last few kept). Off 7 x 6 there is no book, and an exact answer (an analysis,
// a hint, a review) has a budget of positions: past it the answer says what is not known
// (an unproved column, a position not rated, a hint that is hard's judgement), never a
// guess, and the worker never hangs on a big board.
//
// The solver answers at once, without the book; the book is fetched when a job first needs
// it: the perfect level, a hint, an analysis or a review on 7 x 6. Those wait until it is in.
// `easy`, `medium` and `hard`, and every other size, never fetch it. If it fails, the
// perfect level's moves are searched within a budget, so none takes more than a second or
// two: past it the move is hard's (see answer).
import init, { Solver, __fetchBook as fetchBook } from "./connect_four_solver.js";

const why = (e) => String((e && e.message) || e);

let solver = null;
let tableMiB = 64;
/** The other sizes' solvers, "8x7" -> Solver, the most recently used last. */
const sized = new Map();
/** How many other sizes keep their solver (and its table). */
const SIZES_KEPT = 2;
/** Positions an analysis, a hint or a perfect move may search off 7 x 6, or on it without
 * the book (a second or two). */
const ANALYSIS_BUDGET = 8_000_000;
/** Positions a whole review may search off 7 x 6. */
const REVIEW_BUDGET = 40_000_000;

const classic = ({ columns, rows }) => (columns ?? 7) === 7 && (rows ?? 6) === 6;

/** The solver for the request's board. */
const solverFor = (body) => {
  if (classic(body)) return solver;
  const key = `${body.columns}x${body.rows}`;
  let found = sized.get(key);
  if (found) {
    sized.delete(key);
  } else {
    if (sized.size >= SIZES_KEPT) {
      const [oldest, old] = sized.entries().next().value;
      sized.delete(oldest);
      old.free();
    }
    found = new Solver({ columns: body.columns, rows: body.rows, tableMiB: Math.min(tableMiB, 32) });
  }
  sized.set(key, found);
  return found;
};

/** The best columns of an analysis, and their score. */
const best = (scores) => {
  const top = Math.max(...scores.filter((s) => s !== null));
  return { score: top, columns: scores.flatMap((s, c) => (s === top ? [c] : [])) };
};
/** "none" (no book URL), "later" (not needed yet), "loading", "in" or "failed". */
let book = "none";
/** Requests not yet answered, in order: { link, op, body, readsBook }. */
const queue = [];
let scheduled = false;

// The position being pondered (the computer thinking on the player's time), in slices so
// that a message arriving meanwhile waits at most one slice.
let pondering = null;
let ponderRun = 0;
const ponderSlice = (run) => {
  if (run !== ponderRun || pondering === null) return;
  try {
    if (solverFor(pondering).ponder(pondering.moves)) pondering = null;
  } catch {
    pondering = null;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, run);
};

/** A review off 7 x 6: the last (quickest) positions first, so the table helps the earlier
 * ones, each within what is left of one budget (and at most an analysis's). One that is not
 * worked out is not known (null), and the earlier ones are still tried while the budget
 * lasts: once it is spent, the rest are not known either. */
const reviewWithin = (s, positions) => {
  const scores = positions.map(() => null);
  const start = s.nodes;
  for (let i = positions.length - 1; i >= 0; i--) {
    const left = Math.min(REVIEW_BUDGET - (s.nodes - start), ANALYSIS_BUDGET);
    if (left <= 0) break;
    scores[i] = s.analyzeWithin(positions[i], left);
  }
  return scores;
};

/** The perfect level's move where the search may be long (7 x 6 without its book): the
 * exact best if it is found within the budget, else hard's. */
const perfectWithin = (s, moves) => {
  const scores = s.analyzeWithin(moves, ANALYSIS_BUDGET);
  if (scores === null) return s.bestMove(moves, "hard");
  const { columns } = best(scores);
  return columns[Math.floor(Math.random() * columns.length)];
};

const answer = (op, body) => {
  const { id, moves, level, positions } = body;
  const s = solverFor(body);
  // Exact answers without a budget only where the book makes them quick.
  const exact = classic(body) && book === "in";
  switch (op) {
    case "bestMove":
      if (level === "perfect" && classic(body) && !exact) return { move: { id, column: perfectWithin(s, moves) } };
      return { move: { id, column: s.bestMove(moves, level) } };
    case "analyze":
      // Off the book, each column within its share of the budget.
      if (exact) return { analysis: { id, scores: s.analyze(moves), unproved: [] } };
      return { analysis: { id, ...s.analyzeEachWithin(moves, ANALYSIS_BUDGET) } };
    case "review": {
      const scores = exact ? positions.map((p) => s.analyze(p)) : reviewWithin(s, positions);
      return { review: { id, scores } };
    }
    case "hint": {
      if (exact) return { hint: { id, ...s.bestMoves(moves) } };
      const scores = s.analyzeWithin(moves, ANALYSIS_BUDGET);
      // Not proved within the budget: the move hard would play, as a judgement.
      if (scores === null) return { hint: { id, score: null, columns: [s.bestMove(moves, "hard")] } };
      return { hint: { id, ...best(scores) } };
    }
    default:
      return { failed: { id: id ?? null, error: `unknown request ${op}` } };
  }
};

const handle = ({ link, op, body }) => {
  // Any request stops pondering; a hint or an analysis of the position being pondered
  // (the person's turn) takes it up again afterwards, where it stopped.
  const pondered = pondering;
  const same = pondered && pondered.moves === body.moves && pondered.columns === body.columns && pondered.rows === body.rows;
  const resume = same && (op === "hint" || op === "analyze");
  pondering = null;
  ponderRun++;
  if (op === "ponder") {
    pondering = body;
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
  const next = queue.findIndex(({ readsBook }) => !waiting || !readsBook);
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

const loadBook = async (url) => {
  let warning = null;
  try {
    const bytes = await fetchBook(url, (loaded, total) => self.postMessage({ all: { book: { loaded, total } } }));
    // The solver with the book replaces the one without (its table too: freed first).
    solver.free();
    solver = null;
    solver = new Solver({ tableMiB, book: bytes });
    book = "in";
  } catch (e) {
    warning = `${why(e)}. To fix it, serve the package's book.bin at that address, or give its address in the bookUrl option (book-url on <connect-four>)`;
    book = "failed";
    solver ??= new Solver({ tableMiB });
  }
  self.postMessage({ all: { ready: { warning } } });
  schedule();
};

/** The book's address, fetched when a request first needs it. */
let bookUrl = null;

/** Fetches the book if a request reads it and it has not been asked for yet. */
const fetchIfNeeded = (readsBook) => {
  if (book !== "later" || !readsBook) return;
  book = "loading";
  self.postMessage({ all: { book: { loaded: 0, total: null } } });
  loadBook(bookUrl);
};

const start = async (options) => {
  tableMiB = options.tableMiB;
  await init();
  solver = new Solver({ tableMiB });
  // The book is fetched only when a job will read it (readsBook, which the page sends): a game against the
  // lower levels, or on another size, never downloads it.
  bookUrl = options.bookUrl || null;
  book = bookUrl ? "later" : "none";
  for (const { readsBook } of queue) fetchIfNeeded(readsBook);
  schedule();
};

self.onmessage = ({ data }) => {
  if (data.init) {
    start(data.init).catch((e) => self.postMessage({ all: { failed: { id: null, error: why(e) } } }));
  } else if (data.cancel !== undefined) {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].link === data.cancel) queue.splice(i, 1);
  } else {
    // Whether the request reads the book is the page's to say (Request::reads_book).
    const { readsBook, ...request } = data.request;
    const [[op, body]] = Object.entries(request);
    queue.push({ link: data.link, op, body, readsBook });
    if (solver) fetchIfNeeded(readsBook);
    schedule();
  }
};
