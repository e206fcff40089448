// Starts the game on this site's page: the same package entry (index.js) that other pages
// import. No inline script, so the page runs under a strict Content-Security-Policy.
import init, * as bindings from "./index.js";

await init();
// For the console and the end-to-end tests.
window.wasmBindings = bindings;
document.getElementById("loading")?.remove();
window.c4 = bindings.mount(document.getElementById("game"), {});
dispatchEvent(new CustomEvent("TrunkApplicationStarted"));

// Offline play and installs: the service worker (sw.js) keeps the site in a cache. When it
// has downloaded a new version, the page offers to reload onto it; every open page then
// reloads together, so none is left half on old files and half on new.
if ("serviceWorker" in navigator) {
  const banner = document.getElementById("update");
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first version takes over a page that had none: nothing to reload.
    if (hadController && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  const offer = (waiting) => {
    banner.hidden = false;
    banner.querySelector("button").onclick = () => waiting.postMessage({ type: "skip-waiting" });
  };
  navigator.serviceWorker.register("sw.js").then(
    (registration) => {
      if (!registration) return; // blocked (an e2e test's browser)
      if (registration.waiting && hadController) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
        });
      });
    },
    (error) => console.warn("connect-four: offline play is unavailable:", error),
  );
}
