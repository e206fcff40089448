// The package in Node for `require`: the same module as `import` gives (node/index.mjs,
// through Node's require(esm), Node 20.19 and later), so that the two share one wasm
// instance. Each name is set on `exports` so that tools reading this file see them all;
// `default` is `init`, as in the ES module.
"use strict";
const node = require("./index.mjs");

Object.defineProperty(exports, "__esModule", { value: true });
exports.default = node.default;
exports.initSync = node.initSync;
exports.initSolver = node.initSolver;
exports.Game = node.Game;
exports.Solver = node.Solver;
exports.MountHandle = node.MountHandle;
exports.mount = node.mount;
exports.defaultTexts = node.defaultTexts;
