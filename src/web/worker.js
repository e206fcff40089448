// The computer player's worker: a module worker that runs the solver off the page, so the
// page never freezes. It sits beside the glue module, connect_four.js, and imports it by
// that name, so that bundlers follow it.
//
// The messages are `Request` and `Reply` in src/ui/protocol.rs, whose tests pin their shape:
// an object with one key, the message's name.
//   page -> worker  { init: { bookUrl, tableMiB } }  (first, once)
//                   { bestMove: { id, moves, level } } | { analyze: { id, moves } }
//                   { hint: { id, moves } } | { ponder: { moves } }
//                   { review: { id, positions } }
//   worker -> page  { ready: { warning } } | { move: { id, column } }
//                   { analysis: { id, scores } } | { hint: { id, score, columns } }
//                   { review: { id, scores } }  (one analysis per position asked)
//                   { failed: { id, error } }  (id null: the worker itself failed)
import init, { Solver } from "./connect_four.js";

const why = (e) => String((e && e.message) || e);
let solver = null;
// Requests that come before the solver is made wait here, as [op, body].
const queue = [];

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

const handle = (op, body) => {
  // Any request stops pondering; a hint or an analysis of the position being pondered
  // (the person's turn) takes it up again afterwards, where it stopped.
  const pondered = pondering;
  const resume = pondered === body.moves && (op === "hint" || op === "analyze");
  pondering = null;
  ponderRun++;
  if (op === "ponder") {
    pondering = body.moves;
  } else {
    try {
      self.postMessage(answer(op, body));
    } catch (e) {
      self.postMessage({ failed: { id: body.id ?? null, error: why(e) } });
    }
    if (resume) pondering = pondered;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, ponderRun);
};

// How long the opening book may take to arrive before the computer plays without it.
const BOOK_TIMEOUT_MS = 10_000;

// The opening book is fetched here, in the worker, so it never delays the page. Without it
// every answer is still exact, only slower early on. One that has not arrived in time is
// treated as missing (and freed if it comes later); an empty bookUrl means none.
const start = async ({ bookUrl, tableMiB }) => {
  await init();
  let warning = null;
  if (bookUrl) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the opening book did not arrive within ${BOOK_TIMEOUT_MS / 1000} s: ${bookUrl}`)),
        BOOK_TIMEOUT_MS,
      );
    });
    const loading = Solver.load({ tableMiB, bookUrl });
    try {
      solver = await Promise.race([loading, late]);
    } catch (e) {
      warning = why(e);
      loading.then((s) => s.free(), () => {});
    } finally {
      clearTimeout(timer);
    }
  }
  solver ??= new Solver({ tableMiB });
  self.postMessage({ ready: { warning } });
  for (const [op, body] of queue.splice(0)) handle(op, body);
};

self.onmessage = (e) => {
  const [[op, body]] = Object.entries(e.data);
  if (op === "init") {
    start(body).catch((err) => self.postMessage({ failed: { id: null, error: why(err) } }));
  } else if (solver) {
    handle(op, body);
  } else {
    queue.push([op, body]);
  }
};
