// The site's service worker: it keeps the whole site (the page, the glue, the wasm, the AI
// worker and the opening book) in one cache per version, and serves every request from it,
// so the game, the computer and the book work with no network after the first visit.
//
// A new version never mixes with an old one. The build (scripts/stamp-sw.mjs) names the
// version after a hash of every file, so any change makes a new service worker. It
// downloads the whole new version into a cache of its own, then waits: open pages keep
// being served the old version, whole, until the page asks it to take over (the site's
// "Reload" button). Every open page then reloads onto the new files, and the old cache is
// deleted.
const VERSION = "dev";
const FILES = [];
const CACHE = `connect-four-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Past any HTTP cache: the files of this version, not older copies.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))),
    ),
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
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit =
        (await cache.match(request, { ignoreSearch: true })) ??
        (request.mode === "navigate" ? await cache.match("./") : undefined);
      return hit ?? fetch(request);
    })(),
  );
});
