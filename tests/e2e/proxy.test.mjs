// The game behind Debian's nginx, configured with the very files docs/deploy.md gives
// (docs/deploy/nginx.conf, on a host of its own, and nginx-path.conf, under /games/c4/),
// over HTTPS with a self-signed certificate: two browser contexts play through the invite
// link over wss://, and the server sees each player's address through --trust-proxy. Also
// three server processes on one PostgreSQL behind nginx's round robin, one killed mid-game.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtemp, rm, readFile, writeFile, chmod } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, DIST, launch, openPage, screenshot, until, moveCount, serve } from "./harness.mjs";
import { game as playGame, SERVER, playOnline, play } from "./play.mjs";
import { freePorts } from "./fixtures.mjs";

const NGINX = "/usr/sbin/nginx";
let browser, dir;
const stops = [];

/** Starts `command` and resolves once `ready` matches what it printed. */
function started(command, args, ready, what) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  return new Promise((ok, fail) => {
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`${what} exited (${code}):\n${out}`)));
    const heard = (chunk) => {
      out += chunk;
      if (ready.test(out)) ok({ child, output: () => out });
    };
    child.stdout.on("data", heard);
    child.stderr.on("data", heard);
    stops.push(() => new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.removeAllListeners("exit");
      child.once("exit", done);
      child.kill("SIGTERM");
    }));
  });
}

/** `text` with each [from, to] replaced, each of which must be there (the docs changed?). */
function replaced(text, pairs) {
  for (const [from, to] of pairs) {
    assert.ok(text.includes(from), `the documented configuration has ${JSON.stringify(from)}`);
    text = text.split(from).join(to);
  }
  return text;
}

/** nginx with `http` as its http block's content, in a folder of its own; waits for `port`. */
async function nginx(name, http, port) {
  const prefix = join(dir, name);
  execFileSync("mkdir", ["-p", prefix]);
  const root = process.getuid?.() === 0 ? "user root;\n" : "";
  const conf = `${root}daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${http}
}
`;
  await writeFile(join(prefix, "nginx.conf"), conf);
  execFileSync(NGINX, ["-t", "-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "pipe" });
  const child = spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "inherit" });
  stops.push(() => new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once("exit", done);
    child.kill("SIGQUIT");
  }));
  await until(async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      return true;
    } catch {
      return false;
    }
  }, `nginx on ${port}`);
}

/** The game's server on `port`, for pages served from `publicUrl` (if given), trusting the
 * proxy; its games under `--data`, or in the PostgreSQL database at `databaseUrl`. */
async function gameServer(port, publicUrl, databaseUrl) {
  const data = join(dir, `data-${port}`);
  return started(SERVER, [
    "--listen", `127.0.0.1:${port}`, "--site", DIST, "--trust-proxy", "127.0.0.1",
    ...(databaseUrl ? ["--database-url", databaseUrl] : ["--data", data]),
    ...(publicUrl ? ["--public-url", publicUrl] : []),
  ], /listening on/, "the game's server");
}

/** A throwaway cluster of Debian's PostgreSQL (the setup installs it) on a free port, run
 * as `nobody` when the tests run as root (PostgreSQL refuses root), with a database
 * `games`: its address. Stopped and removed after the tests. */
async function postgres() {
  const versions = execFileSync("ls", ["/usr/lib/postgresql"], { encoding: "utf8" })
    .split("\n").filter((v) => /^\d+$/.test(v)).sort((a, b) => a - b);
  assert.ok(versions.length, "PostgreSQL is installed (scripts/setup.sh)");
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const folder = join(dir, "pg");
  execFileSync("mkdir", ["-p", folder]);
  const root = process.getuid?.() === 0;
  if (root) execFileSync("chown", ["nobody", folder]);
  const run = (program, args) => execFileSync(root ? "runuser" : `${bin}/${program}`,
    root ? ["-u", "nobody", "--", `${bin}/${program}`, ...args] : args, { stdio: "pipe" });
  run("initdb", ["-D", join(folder, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const [port] = await freePorts(1);
  run("pg_ctl", ["-D", join(folder, "data"), "-l", join(folder, "log"), "-w", "-o",
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`, "start"]);
  stops.push(async () => run("pg_ctl", ["-D", join(folder, "data"), "-m", "immediate", "stop"]));
  run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-qc", "CREATE DATABASE games"]);
  return `postgres://postgres@127.0.0.1:${port}/games`;
}

/** `text`'s value of the metric `name` (a Prometheus text line `name value`). */
function metric(text, name) {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Stops what `started` started. */
function stop({ child }) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.removeAllListeners("exit");
    child.once("exit", done);
    child.kill("SIGTERM");
  });
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "c4-proxy-"));
  await chmod(dir, 0o755);
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"),
  ], { stdio: "pipe" });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const stop of stops.reverse()) await stop();
  await rm(dir, { recursive: true, force: true });
});

const HTTPS = { ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } };
const game = (url, moves) => playGame(browser, url, moves, HTTPS);

/** docs/deploy/nginx.conf as the tests run it: nginx on `http` and `https` in front of the
 * server on `app` (or each of several, a list, with the documented line for several
 * processes), with `more` replacements besides. */
async function ownHost(app, https, http, more = []) {
  const documented = await readFile(join(ROOT, "docs", "deploy", "nginx.conf"), "utf8");
  const several = /^\s*#\s*server 127\.0\.0\.1:8081( [^;]*);$/m.exec(documented);
  assert.ok(several, "the documented upstream line for several processes");
  const upstream = Array.isArray(app)
    ? app.map((port) => `server 127.0.0.1:${port}${several[1]};`).join("\n    ")
    : `server 127.0.0.1:${app};`;
  return replaced(documented, [
    ["games.example.org", "localhost"],
    ["/etc/letsencrypt/live/localhost/fullchain.pem", join(dir, "cert.pem")],
    ["/etc/letsencrypt/live/localhost/privkey.pem", join(dir, "key.pem")],
    ["listen 80;", `listen 127.0.0.1:${http};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl;", `listen 127.0.0.1:${https} ssl;`],
    ["listen [::]:443 ssl;", ""],
    ["server 127.0.0.1:8080;", upstream],
    ...more,
  ]);
}

test("two players through nginx on its own host, over wss://, with HSTS and their addresses", async () => {
  const [app, https, http] = await freePorts(3);
  const conf = await ownHost(app, https, http);
  const url = `https://localhost:${https}/`;
  const server = await gameServer(app, `https://localhost:${https}`);
  await nginx("host", conf, http);
  // Plain HTTP is sent to HTTPS.
  const redirect = await fetch(`http://127.0.0.1:${http}/`, { redirect: "manual", headers: { host: "localhost" } });
  assert.equal(redirect.status, 301);

  const { red, yellow } = await game(url, [4, 5, 4, 5, 4, 5, 4]);
  // Each player reads the result in their own words.
  for (const [page, words] of [[red.page, /^You won!$/], [yellow.page, /^You lost\.$/]]) {
    await until(async () => words.test(await page.locator(".c4-result-text").textContent()), "the result");
  }
  await screenshot(yellow.page, "proxy-nginx-wss");
  const sockets = await red.page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
  // The page found online play (the index page's own words), and its socket went over wss.
  const html = await red.page.evaluate(() => document.querySelector('meta[name="connect-four-online"]')?.content);
  assert.equal(html, "online");
  // What a browser gets through nginx: HSTS, and the game's own CSP.
  const response = await red.page.evaluate(async () => {
    const r = await fetch(location.href, { cache: "no-store" });
    return { hsts: r.headers.get("strict-transport-security"), csp: r.headers.get("content-security-policy") };
  });
  assert.match(response.hsts ?? "", /max-age=63072000/);
  assert.ok(response.csp, "the CSP passes through");
  const metrics = await red.context.request.get(`${url}metrics`);
  assert.equal(metrics.status(), 404, "the metrics are not public through the proxy");
  // The server's own view: the game ended; the players were seen at their own address
  // (127.0.0.1 here, which the proxy wrote) and nothing was refused.
  const direct = await (await fetch(`http://127.0.0.1:${app}/metrics`)).text();
  assert.match(direct, /connect_four_games_ended_total\{result="red",how="played"\} 1/);
  assert.match(direct, /connect_four_moves_total 7/);
  assert.match(direct, /connect_four_turned_away_total\{reason="origin"\} 0\n/);
  assert.match(server.output(), /game ended/);
  for (const p of [red, yellow]) assert.deepEqual(p.problems, [], `${sockets.length} requests`);
  await red.context.close();
  await yellow.context.close();
});

test("two players through nginx under a path of another site", async () => {
  const [app, https] = await freePorts(2);
  const documented = await readFile(join(ROOT, "docs", "deploy", "nginx-path.conf"), "utf8");
  const blocks = replaced(documented, [["proxy_pass http://127.0.0.1:8080/;", `proxy_pass http://127.0.0.1:${app}/;`]]);
  // The map goes in the http block, the locations in the site's server block.
  const at = blocks.indexOf("location = /games/c4 {");
  assert.ok(at > 0, "the documented file has its map, then its locations");
  const conf = `${blocks.slice(0, at)}
  server {
    listen 127.0.0.1:${https} ssl;
    server_name localhost;
    ssl_certificate ${join(dir, "cert.pem")};
    ssl_certificate_key ${join(dir, "key.pem")};
    location = / { return 200 "the host's own site"; }
${blocks.slice(at)}
  }`;
  await gameServer(app, `https://localhost:${https}`);
  await nginx("path", conf, https);
  await until(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${app}/healthz`)).ok;
    } catch {
      return false;
    }
  }, "the server");
  const { red, yellow } = await game(`https://localhost:${https}/games/c4/`, [4, 5, 3]);
  assert.equal(await moveCount(red.page), 3);
  assert.ok(red.page.url().startsWith(`https://localhost:${https}/games/c4/`));
  for (const p of [red, yellow]) assert.deepEqual(p.problems, []);
  await red.context.close();
  await yellow.context.close();
});

test("a proxy that strips the online header and passes no Host: online play found, a refused origin told", async () => {
  const [app, https, http] = await freePorts(3);
  // The common snippet: no Host passed, and a CDN-like rule that drops unknown headers.
  const conf = await ownHost(app, https, http, [
    ["proxy_set_header Host $http_host;", "proxy_hide_header X-Connect-Four-Online;"],
  ]);
  const url = `https://localhost:${https}/`;
  // Without --public-url, the server cannot know the pages' origin: refused, and said.
  let server = await gameServer(app);
  await nginx("stripped", conf, http);
  const page = await openPage(browser, url, HTTPS);
  const head = await page.context.request.head(url);
  assert.equal(head.headers()["x-connect-four-online"], undefined, "the proxy strips the header");
  await playOnline(page.page);
  await until(async () => /origin was refused/.test(server.output()), "the refusal in the log", 20_000);
  assert.match(server.output(), /origin="https:\/\/localhost:\d+".*expected=/);
  const metrics = await (await fetch(`http://127.0.0.1:${app}/metrics`)).text();
  assert.match(metrics, /connect_four_turned_away_total\{reason="origin"\} [1-9]/);
  await page.context.close();
  // With --public-url, the same proxy plays.
  await stop(server);
  server = await gameServer(app, `https://localhost:${https}`);
  const { red, yellow } = await game(url, [4]);
  assert.equal(await moveCount(yellow.page), 1);
  for (const p of [red, yellow]) assert.deepEqual(p.problems, []);
  await red.context.close();
  await yellow.context.close();
});

test("on a static host the console says why online play is not offered", async () => {
  const host = await serve();
  try {
    const said = [];
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    page.on("console", (m) => said.push(m.text()));
    await page.goto(host.url);
    await page.getByRole("button", { name: /^Column 4\b/ }).waitFor();
    await until(async () => said.some((t) => t.includes("online play is not offered")), "the console's word");
    assert.ok(said.some((t) => /not connect-four-server .*no <meta name="connect-four-online">.*no X-Connect-Four-Online header/.test(t)), said.join("\n"));
    assert.equal(await page.getByRole("radio", { name: "A friend online" }).count(), 0);
    await context.close();
  } finally {
    await host.close();
  }
});

test("two players through Caddy with the documented Caddyfile", async () => {
  const [app, https] = await freePorts(2);
  const documented = await readFile(join(ROOT, "docs", "deploy", "Caddyfile"), "utf8");
  const site = replaced(documented, [
    ["games.example.org {", `localhost:${https} {\n\ttls ${join(dir, "cert.pem")} ${join(dir, "key.pem")}`],
    ["reverse_proxy 127.0.0.1:8080\n}", `reverse_proxy 127.0.0.1:${app}\n}`],
  ]);
  // The test's own globals: no admin endpoint, no redirect server on port 80.
  const caddyfile = `{\n\tadmin off\n\tauto_https disable_redirects\n\tstorage file_system ${join(dir, "caddy")}\n}\n${site}`;
  await writeFile(join(dir, "Caddyfile"), caddyfile);
  await gameServer(app, `https://localhost:${https}`);
  await started("/usr/bin/caddy", ["run", "--config", join(dir, "Caddyfile"), "--adapter", "caddyfile"], /serving initial configuration/, "caddy");
  const url = `https://localhost:${https}/`;
  const { red, yellow } = await game(url, [4, 5, 4]);
  const hsts = await red.context.request.get(url);
  assert.match(hsts.headers()["strict-transport-security"] ?? "", /max-age=63072000/);
  assert.equal((await red.context.request.get(`${url}metrics`)).status(), 404);
  for (const p of [red, yellow]) assert.deepEqual(p.problems, []);
  await red.context.close();
  await yellow.context.close();
});

test("three processes on one PostgreSQL behind nginx's round robin: one killed mid-game, the pages play on", async () => {
  const [a, b, c, https, http] = await freePorts(5);
  const database = await postgres();
  const apps = [a, b, c];
  const servers = [];
  for (const app of apps) servers.push(await gameServer(app, `https://localhost:${https}`, database));
  await nginx("three", await ownHost(apps, https, http), http);
  const url = `https://localhost:${https}/`;
  const sockets = async () => Promise.all(apps.map(async (app, i) => {
    if (servers[i] === null) return 0;
    return metric(await (await fetch(`http://127.0.0.1:${app}/metrics`)).text(), "connect_four_open_sockets");
  }));
  const { red, yellow } = await game(url, [4, 5, 4]);
  const before = await sockets();
  assert.equal(before[0] + before[1] + before[2], 2, `one socket a page: ${before}`);
  // The process holding a page's socket is killed, as a crash would.
  const victim = before.findIndex((n) => n > 0);
  const killed = servers[victim].child;
  await new Promise((done) => { killed.once("exit", done); killed.kill("SIGKILL"); });
  servers[victim] = null;
  // The pages connect again through nginx, to the processes that live, and play on.
  await play(yellow.page, red.page, 5);
  await play(red.page, yellow.page, 4);
  await play(yellow.page, red.page, 5);
  await play(red.page, yellow.page, 4);
  for (const [page, words] of [[red.page, /^You won!$/], [yellow.page, /^You lost\.$/]]) {
    await until(async () => words.test(await page.locator(".c4-result-text").textContent()), "the result");
  }
  await screenshot(red.page, "proxy-three-processes-after-a-kill");
  const after = await sockets();
  assert.equal(after[victim], 0);
  assert.equal(after.reduce((x, y) => x + y, 0), 2, `both pages connected again: ${after}`);
  // Every move, once, in the database: a third page, through any process, watches it.
  const watcher = await openPage(browser, red.link, HTTPS);
  await until(async () => (await moveCount(watcher.page)) === 7, "the watcher sees the seven moves");
  await red.context.close();
  await yellow.context.close();
  await watcher.context.close();
});
