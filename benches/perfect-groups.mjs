// The positions the perfect level is timed on (shared by wasm.mjs and browser.mjs): the
// empty board, every position after one move and after two moves, and the first `l1r3`
// positions of Pons' Test_L1_R3.
import { readFileSync } from "node:fs";

export function perfectGroups(l1r3) {
  const after = (n) => {
    let out = [""];
    for (let i = 0; i < n; i++) out = out.flatMap((m) => [1, 2, 3, 4, 5, 6, 7].map((c) => m + c));
    return out;
  };
  const lines = readFileSync(new URL("../tests/data/pons/Test_L1_R3", import.meta.url), "utf8")
    .trim().split("\n").slice(0, l1r3).map((l) => l.split(" ")[0]);
  return [["empty board", after(0)], ["after 1 move", after(1)], ["after 2 moves", after(2)],
    [`Test_L1_R3, first ${l1r3}`, lines]];
}

const fmt = (s) => (s >= 1 ? `${s.toFixed(2)} s` : s >= 1e-3 ? `${(s * 1e3).toFixed(2)} ms` : `${(s * 1e6).toFixed(1)} µs`);

export const perfectHeader = "| group | moves timed | median | mean | max | within 1 s | mean nodes |\n| --- | --- | --- | --- | --- | --- | --- |";

// One table row from the seconds each move took and the positions searched in all (null:
// not counted).
export function perfectRow(name, times, nodes) {
  const n = times.length;
  const mean = times.reduce((a, b) => a + b, 0) / n;
  const fast = times.filter((t) => t <= 1).length;
  const sorted = [...times].sort((a, b) => a - b);
  return `| ${name} | ${n} | ${fmt(sorted[n >> 1])} | ${fmt(mean)} | ${fmt(sorted[n - 1])} | ${fast}/${n} | ${nodes === null ? "–" : (nodes / n).toFixed(0)} |`;
}

// The rows of a group whose positions have different numbers of moves (Test_L1_R3: 1 to 13),
// one per number of moves: where the time goes.
export function perfectRowsByMoves(name, lines, times) {
  const counts = [...new Set(lines.map((l) => l.length))].sort((a, b) => a - b);
  if (counts.length < 2) return [];
  return counts.map((n) => perfectRow(`${name}: ${n} moves`, times.filter((_, i) => lines[i].length === n), null));
}
