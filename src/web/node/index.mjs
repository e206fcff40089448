// The package in Node, as an ES module: the same exports as index.cjs.
import node from "./index.cjs";

export const { Game, Solver, initSolver } = node;

/** Nothing to wait for in Node: the module is ready once imported. */
export default async function init() {}
