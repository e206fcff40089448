// Helpers for tests that embed the npm package as other people do: pack pkg/ into a tarball,
// install it into a fixture app (tests/fixtures/*, whose own dependencies setup.sh installs),
// run the app's bundler, and serve the result.
import { execFile, spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./harness.mjs";

const run = promisify(execFile);
export const FIXTURES = join(ROOT, "tests", "fixtures");

let tarball = null;

/** `npm pack pkg/` once per test file: the package as a registry would hand it out. */
export async function packTarball() {
  if (tarball) return tarball;
  const out = join(ROOT, "target", "e2e-pack");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const { stdout } = await run("npm", ["pack", "--pack-destination", out, "--silent"], { cwd: join(ROOT, "pkg") });
  tarball = join(out, stdout.trim().split("\n").at(-1));
  return tarball;
}

/** Installs the packed package into fixture `name` (without touching its lock file). */
export async function installPackage(name) {
  const dir = join(FIXTURES, name);
  if (existsSync(join(dir, "package-lock.json")) && !existsSync(join(dir, "node_modules"))) {
    throw new Error(`${dir}: run scripts/setup.sh first`);
  }
  await run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--offline", await packTarball()], { cwd: dir });
  return dir;
}

/** Runs `node <script> ...args` in `dir`, failing with its output if it fails. */
export async function node(dir, script, ...args) {
  try {
    return await run(process.execPath, [script, ...args], { cwd: dir, maxBuffer: 1 << 24 });
  } catch (e) {
    throw new Error(`${script} ${args.join(" ")} failed in ${dir}:\n${e.stdout}\n${e.stderr}`);
  }
}

/** A free TCP port on 127.0.0.1. */
/**
 * `n` free ports, all different: each is held until all are found (one found and let go
 * may be handed out again at once).
 */
export async function freePorts(n) {
  const held = [];
  try {
    for (let i = 0; i < n; i++) {
      const server = createServer();
      await new Promise((ok, fail) => {
        server.once("error", fail);
        server.listen(0, "127.0.0.1", ok);
      });
      held.push(server);
    }
    return held.map((server) => server.address().port);
  } finally {
    await Promise.all(held.map((server) => new Promise((ok) => server.close(ok))));
  }
}

export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

/**
 * Starts a long-running command (a dev server) in `dir` and waits until it answers at
 * `url`. Returns { stop, output }.
 */
export async function startServer(dir, args, url) {
  const child = spawn(process.execPath, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dev server exited:\n${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {}
    if (Date.now() > end) {
      child.kill();
      throw new Error(`dev server did not answer at ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () => new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.once("exit", ok);
    child.kill();
  });
  return { stop, output: () => output };
}
