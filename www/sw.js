// The site's service worker: offline play, and updates that download only what changed.
//
// The build (scripts/stamp-sw.mjs) lists every file with its revision (a hash of its bytes)
// and names the version after all of them. Each version has a cache of its own.
//
// - The page's files are cached when a version installs. The computer's files (its worker,
//   the solver's module and the opening book) are cached when a page first asks for them
//   (when a computer opponent is chosen), so two people playing each other never download
//   them; once they are, every later version keeps them too.
// - Installing a version copies each file whose revision did not change from the version
//   before, and downloads only the others.
// - A new version never mixes with an old one. It installs whole into its own cache, then
//   waits: open pages keep being served the old version until the page asks it to take over
//   (the site's "Reload" button). Every open page then reloads onto the new files, and the
//   old cache is deleted.
const VERSION = "dev";
/** [path, revision, lazy]: every file of this version. */
const FILES = [];
const CACHE = `connect-four-${VERSION}`;
/** Where a cache keeps the revisions of its version (to compare with the next one). */
const REVISIONS = "sw-revisions.json";

const revisions = new Map(FILES.map(([path, revision]) => [new URL(path, location).href, revision]));
const lazy = new Set(FILES.filter(([, , later]) => later).map(([path]) => new URL(path, location).href));

// Whether `bytes` are this version's `url`: their SHA-256's first 16 hex digits are its revision.
async function isThisVersions(url, bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("") === revisions.get(url);
}

/** The newest other version's cache, and the revisions it recorded. */
async function previous() {
  for (const name of (await caches.keys()).reverse()) {
    if (!name.startsWith("connect-four-") || name === CACHE) continue;
    const cache = await caches.open(name);
    const recorded = await cache.match(REVISIONS);
    if (recorded) return { cache, revisions: new Map(Object.entries(await recorded.json())) };
  }
  return null;
}

/** Downloads `url` past any HTTP cache, and checks that it is this version's file. */
async function download(url) {
  const response = await fetch(new Request(url, { cache: "reload" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = await response.clone().arrayBuffer();
  if (!(await isThisVersions(url, bytes))) throw new Error(`${url} is not this version's file`);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const before = await previous();
      const fetched = new Map(); // revision -> response promise: "./" and index.html once
      for (const [url, revision] of revisions) {
        const kept = before?.revisions.get(url) === revision ? await before.cache.match(url) : undefined;
        if (kept) {
          await cache.put(url, kept);
          continue;
        }
        // A computer's file waits for a page to ask, unless the version before had it.
        if (lazy.has(url) && !(before && (await before.cache.match(url)))) continue;
        if (!fetched.has(revision)) fetched.set(revision, download(url));
        await cache.put(url, (await fetched.get(revision)).clone());
      }
      await cache.put(REVISIONS, new Response(JSON.stringify(Object.fromEntries(revisions))));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith("connect-four-") && name !== CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      // The first version takes the page that installed it at once (nothing older to mix
      // with), so a first visit is enough for offline play.
      if (old.length === 0) await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  url.search = "";
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit =
        (await cache.match(url.href)) ??
        (request.mode === "navigate" ? await cache.match(new URL("./", location).href) : undefined);
      if (hit) return hit;
      if (!lazy.has(url.href)) return fetch(request);
      // A computer's file, first asked for: streamed to the page as it comes (the worker
      // shows the book's progress), and kept if it is this version's.
      const response = await fetch(new Request(url.href, { cache: "reload" }));
      if (!response.ok || !response.body) return response;
      const [toPage, toCache] = response.body.tee();
      event.waitUntil(
        (async () => {
          const bytes = await new Response(toCache).arrayBuffer();
          if (!(await isThisVersions(url.href, bytes))) return;
          await cache.put(url.href, new Response(bytes, { headers: response.headers }));
        })().catch(() => {}),
      );
      return new Response(toPage, { status: response.status, statusText: response.statusText, headers: response.headers });
    })(),
  );
});
