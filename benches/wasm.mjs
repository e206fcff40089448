// The solver as wasm under Node, on Pons' sets: correctness, mean time and nodes per position.
// Build first: wasm-pack build --release --target nodejs --out-dir pkg-node -- --no-default-features
//   node benches/wasm.mjs [--sets L3_R1,L2_R1] [--limit N] [--table-mib M] [--passes N]
//     (each set: the fastest of several passes, or of exactly N, as in the native bench; the
//     native bench runs in turn with it, for the wasm / native column, unless --no-native)
//   node benches/wasm.mjs --perfect [--limit N]   the perfect level's move times, with the book
//   node benches/wasm.mjs --ponder [--limit N]    its reply after 10 s of pondering vs cold
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { perfectGroups, perfectHeader, perfectRow, perfectRowsByMoves } from "./perfect-groups.mjs";

const require = createRequire(import.meta.url);
const { Solver } = require("../pkg-node/connect_four.js");
// The opening book, as the game's worker fetches it, for the perfect-level runs.
const book = readFileSync(new URL("../src/solver/book.bin", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const sets = opt("--sets", "L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3").split(",");
const limit = Number(opt("--limit", "1000000"));
const tableMiB = Number(opt("--table-mib", "64"));
const passes = opt("--passes", null) === null ? null : Number(opt("--passes"));
const native = !args.includes("--no-native");
const fmt = (s) => (s >= 1 ? `${s.toFixed(2)} s` : s >= 1e-3 ? `${(s * 1e3).toFixed(2)} ms` : `${(s * 1e6).toFixed(1)} µs`);

// Warm the JIT up on a separate solver (its own table), so tier-up is not timed: V8 first
// runs wasm through its baseline compiler and compiles the optimised code for hot functions
// in the background, later. A fixed number of warm-up positions was not enough: the first
// set timed ran partly in baseline code. So the warm-up runs for two seconds.
{
  const warm = new Solver({ tableMiB: 1 });
  const lines = ["L3_R1", "L2_R1"].flatMap((set) =>
    readFileSync(new URL(`../tests/data/pons/Test_${set}`, import.meta.url), "utf8").trim().split("\n"));
  for (const t0 = performance.now(); performance.now() - t0 < 2000;) {
    for (const l of lines) warm.score(l.split(" ")[0]);
  }
  warm.free();
}
if (args.includes("--perfect")) perfectMoves(Number(opt("--limit", "20")));
else if (args.includes("--ponder")) ponderReplies(Number(opt("--limit", "5")));
else scoreSets();

function scoreSets() {
  const solver = new Solver({ tableMiB });
  console.log(`table: ${tableMiB} MiB; per set the fastest pass, each from an empty table: ${passes === null ? "at least 3, more until 2 s have gone by (at most 200; Test_L1_R3: one)" : `exactly ${passes}`}`);
  if (native) console.log("native: `cargo bench --bench solver` in turn with the wasm runs, the fastest of each; 3 rounds, or 1 where a round took over a minute");
  console.log(`| set | positions | wasm: correct | wasm: mean time | wasm: mean nodes |${native ? " native: mean time | wasm / native |" : ""}`);
  console.log(`| --- | --- | --- | --- | --- |${native ? " --- | --- |" : ""}`);
  for (const set of sets) {
    const lines = readFileSync(new URL(`../tests/data/pons/Test_${set}`, import.meta.url), "utf8")
      .trim().split("\n").slice(0, set === "L1_R3" ? Math.min(limit, 100) : limit)
      .map((l) => l.split(" "));
    // This machine's speed wanders over tens of seconds, so wasm and native, timed one after
    // the other, could each catch a different phase. Alternating them in rounds, and taking
    // the fastest of each, compares the two in the same conditions.
    let secs = Infinity, nativeSecs = Infinity, ok = 0, nodes = 0;
    for (let round = 0; round < 3; round++) {
      const t = performance.now();
      if (native) nativeSecs = Math.min(nativeSecs, nativeTime(set, lines.length));
      let wasm;
      ({ secs: wasm, ok, nodes } = wasmTime(solver, set, lines));
      secs = Math.min(secs, wasm);
      if (set === "L1_R3" || performance.now() - t > 60_000) break;
    }
    const row = `| Test_${set} | ${lines.length} | ${ok}/${lines.length} | ${fmt(secs)} | ${(nodes / lines.length).toFixed(0)} |`;
    console.log(native ? `${row} ${fmt(nativeSecs)} | ${(secs / nativeSecs).toFixed(2)} |` : row);
  }
}

// Mean seconds per position over `lines`, the fastest of several passes, each from an empty
// table (clear() also touches the whole table, so first-use page faults are not timed). As in
// the native bench; here it also matters because V8 compiles its optimised code in the
// background: the first passes over Test_L3_R1 ran partly in baseline code (14, 11, 9 µs,
// then about 5).
function wasmTime(solver, set, lines) {
  let secs = Infinity, ok = 0, nodes = 0;
  const start = performance.now();
  for (let pass = 0; anotherPass(set, pass, start); pass++) {
    solver.clear();
    ok = 0;
    const nodes0 = solver.nodes;
    const t = performance.now();
    for (const [moves, score] of lines) ok += solver.score(moves) === Number(score) ? 1 : 0;
    secs = Math.min(secs, (performance.now() - t) / 1000 / lines.length);
    nodes = solver.nodes - nodes0;
  }
  return { secs, ok, nodes };
}

// The native bench's mean seconds per position on the same lines (same table size and passes).
function nativeTime(set, count) {
  const out = execFileSync("cargo", ["bench", "-q", "--bench", "solver", "--", "--sets", set, "--limit",
    String(count), "--no-peer", ...(passes === null ? [] : ["--passes", String(passes)]), "--table-mib", String(tableMiB)], { encoding: "utf8" });
  const row = out.split("\n").find((l) => l.startsWith(`| Test_${set} |`));
  const cells = row?.split("|").map((c) => c.trim()) ?? [];
  const time = cells[4]?.match(/^([\d.]+) (s|ms|µs)$/);
  if (!time || cells[3] !== `${count}/${count}`) throw new Error(`native bench gave no clean row for Test_${set}: ${row}`);
  return Number(time[1]) * { s: 1, ms: 1e-3, "µs": 1e-6 }[time[2]];
}

// As the native bench: exactly `passes` passes if given; otherwise at least 3, and more until
// 2 s have gone by (at most 200); Test_L1_R3 once.
function anotherPass(set, pass, start) {
  if (passes !== null) return pass < Math.max(passes, 1);
  if (set === "L1_R3") return pass === 0;
  return pass < 3 || (pass < 200 && performance.now() - start < 2000);
}

// The perfect level choosing a move, with the book: one solver per group, kept
// across the group's positions as the browser's worker keeps it across moves.
function perfectMoves(l1r3) {
  console.log(perfectHeader);
  for (const [name, lines] of perfectGroups(l1r3)) {
    const solver = new Solver({ tableMiB: 64, book });
    const times = [];
    for (const moves of lines) {
      const t = performance.now();
      const col = solver.bestMove(moves, "perfect");
      times.push((performance.now() - t) / 1000);
      if (!(col >= 0 && col < 7)) throw new Error(`${moves}: bad column ${col}`);
    }
    console.log(perfectRow(name, times, solver.nodes));
    for (const row of perfectRowsByMoves(name, lines, times)) console.log(row);
    solver.free();
  }
}

// A player thinking 10 s against the perfect level, on the first Test_L1_R3 positions: the
// computer ponders meanwhile (as the game's worker does), then the player answers in the
// centre. Its reply's time then, against a fresh solver's.
function ponderReplies(limit) {
  const fmtMs = (ms) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  console.log("| position | player's move | reply, cold | reply after 10 s of pondering |");
  console.log("| --- | --- | --- | --- |");
  const lines = readFileSync(new URL("../tests/data/pons/Test_L1_R3", import.meta.url), "utf8")
    .trim().split("\n").slice(0, limit).map((l) => l.split(" ")[0]);
  for (const p of lines) {
    const reply = p + "4";
    const cold = new Solver({ tableMiB: 64, book });
    let t = performance.now();
    cold.bestMove(reply, "perfect");
    const coldMs = performance.now() - t;
    cold.free();
    const warm = new Solver({ tableMiB: 64, book });
    t = performance.now();
    let done = false;
    while (!done && performance.now() - t < 10000) done = warm.ponder(p);
    t = performance.now();
    warm.bestMove(reply, "perfect");
    const warmMs = performance.now() - t;
    warm.free();
    console.log(`| ${p} | 4 | ${fmtMs(coldMs)} | ${fmtMs(warmMs)}${done ? " (pondering had finished)" : ""} |`);
  }
}
