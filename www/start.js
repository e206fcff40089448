// Starts the game on this site's page: the same package entry (index.js) that other pages
// import. No inline script, so the page runs under a strict Content-Security-Policy.
import init, * as bindings from "./index.js";

// Online play needs the game's server (`connect-four-server`, which `make serve` runs). It
// says so in this page itself (`<meta name="connect-four-online">`, which no proxy strips),
// and in the `X-Connect-Four-Online` header of a HEAD of this page: each names the path of
// its WebSocket. A static host or `trunk serve` says neither, and the choice is not
// offered. Offline, nothing is asked.
const said = document.querySelector('meta[name="connect-four-online"]')?.content;
const server = navigator.onLine === false
  ? Promise.resolve(null)
  : said
    ? Promise.resolve(said)
    : fetch(location.href.split("#")[0], { method: "HEAD", cache: "no-store" })
      .then((response) => response.headers.get("x-connect-four-online"), () => null);
await init();
// For the console and the end-to-end tests.
window.wasmBindings = bindings;
document.getElementById("loading")?.remove();
// This site saves the game. A first visit opens against the computer (medium, the visitor
// playing Red, who starts) with the sound on: an embedded board is two players, silent and
// saves nothing unless its page says so. The player's own choices, once saved, are kept:
// these options are given only on a first visit (a share link still names its own players).
const storageKey = "connect-four:game";
let firstVisit = true;
try {
  firstVisit = localStorage.getItem(storageKey) === null;
} catch {}
const path = await server;
const online = path ? { online: new URL(path, location.href).href } : {};
if (!path) {
  console.info(navigator.onLine === false
    ? "connect-four: online play is not offered: this browser is offline"
    : "connect-four: online play is not offered: this page's server is not connect-four-server " +
      "(no <meta name=\"connect-four-online\"> in the page, no X-Connect-Four-Online header)");
}
window.c4 = bindings.mount(document.getElementById("game"), {
  links: true, storageKey, ...online, ...(firstVisit ? { sound: true, yellow: "medium" } : {}),
});
dispatchEvent(new CustomEvent("TrunkApplicationStarted"));

// Offline play and installs: the service worker (sw.js) keeps the site in a cache. A page
// reloads when a new version takes over from the one serving it (every open page then
// reloads together, so none is left half on old files and half on new); the first version
// taking over a page that had none (a first visit) changes nothing it shows. The rest
// (offline.js: registering, offering an update) loads once the page has loaded and gone
// idle: neither its code nor the service worker's downloads compete with the first board.
if ("serviceWorker" in navigator) {
  let serving = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const replaced = serving !== null;
    serving = navigator.serviceWorker.controller;
    if (replaced && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  await new Promise((settled) => {
    const idle = () => (window.requestIdleCallback ? requestIdleCallback(settled, { timeout: 3000 }) : setTimeout(settled, 500));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  });
  import("./offline.js").then(
    ({ register }) => register(() => serving),
    (error) => console.warn("connect-four: offline play is unavailable:", error),
  );
}
