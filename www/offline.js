// Offline play and installs, loaded by start.js once the page has gone idle: registers the
// service worker (sw.js), and when it has downloaded a new version, offers to reload onto
// it (start.js reloads the page when the new version takes over). `serving()`: the worker
// serving the page now, if any.
export function register(serving) {
  const banner = document.getElementById("update");
  const offer = (waiting) => {
    banner.hidden = false;
    banner.querySelector("button").onclick = () => {
      banner.hidden = true;
      waiting.postMessage({ type: "skip-waiting" });
    };
  };
  navigator.serviceWorker.register("sw.js").then(
    (registration) => {
      if (!registration) return; // blocked (an e2e test's browser)
      if (registration.waiting && serving()) offer(registration.waiting);
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
