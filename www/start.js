// Starts the game on this site's page: the same package entry (index.js) that other pages
// import. No inline script, so the page runs under a strict Content-Security-Policy.
import init, * as bindings from "./index.js";

await init();
// For the console and the end-to-end tests.
window.wasmBindings = bindings;
document.getElementById("loading")?.remove();
window.c4 = bindings.mount(document.getElementById("game"), {});
dispatchEvent(new CustomEvent("TrunkApplicationStarted"));
