// The computer player's worker: a module worker that runs the solver off the page, so the
// page never freezes. It imports the glue module from the URL the page gives it.
//
// The messages are `Request` and `Reply` in src/ui/protocol.rs, whose tests pin their shape:
//   page -> worker  { op: "init", glueUrl, bookUrl, tableMiB }  (first, once)
//                   { op: "bestMove", id, moves, level } | { op: "analyze", id, moves }
//                   { op: "hint", id, moves } | { op: "ponder", moves }
//   worker -> page  { kind: "ready", warning } | { kind: "move", id, column }
//                   { kind: "analysis", id, scores } | { kind: "hint", id, score, columns }
//                   { kind: "failed", id, error }  (id null: the worker itself failed)
const why = (e) => String((e && e.message) || e);
let Solver = null;
let solver = null;
// Requests that come before the solver is made wait here.
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

const answer = (msg) => {
  switch (msg.op) {
    case "bestMove":
      return { kind: "move", id: msg.id, column: solver.bestMove(msg.moves, msg.level) };
    case "analyze":
      return { kind: "analysis", id: msg.id, scores: solver.analyze(msg.moves) };
    case "hint": {
      const { score, columns } = solver.bestMoves(msg.moves);
      return { kind: "hint", id: msg.id, score, columns };
    }
    default:
      return { kind: "failed", id: msg.id ?? null, error: `unknown request ${msg.op}` };
  }
};

const handle = (msg) => {
  // Any request stops pondering; a hint or an analysis of the position being pondered
  // (the person's turn) takes it up again afterwards, where it stopped.
  const pondered = pondering;
  const resume = pondered === msg.moves && (msg.op === "hint" || msg.op === "analyze");
  pondering = null;
  ponderRun++;
  if (msg.op === "ponder") {
    pondering = msg.moves;
  } else {
    try {
      self.postMessage(answer(msg));
    } catch (e) {
      self.postMessage({ kind: "failed", id: msg.id ?? null, error: why(e) });
    }
    if (resume) pondering = pondered;
  }
  if (pondering !== null) setTimeout(ponderSlice, 0, ponderRun);
};

// The opening book is fetched here, in the worker, so it never delays the page. Without it
// every answer is still exact, only slower early on.
const start = async ({ glueUrl, bookUrl, tableMiB }) => {
  const glue = await import(glueUrl);
  await glue.default();
  Solver = glue.Solver;
  let warning = null;
  try {
    solver = await Solver.load({ tableMiB, bookUrl });
  } catch (e) {
    warning = why(e);
    solver = new Solver({ tableMiB });
  }
  self.postMessage({ kind: "ready", warning });
  for (const msg of queue.splice(0)) handle(msg);
};

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.op === "init") {
    start(msg).catch((err) => self.postMessage({ kind: "failed", id: null, error: why(err) }));
  } else if (solver) {
    handle(msg);
  } else {
    queue.push(msg);
  }
};
