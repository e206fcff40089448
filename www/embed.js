// Two boards on one page, mounted as an app would: `import init, { mount } from "connect-four-wasm"`.
import init, { mount } from "./index.js";

await init();
window.boards = [
  mount(document.getElementById("left"), { storageKey: "connect-four:left" }),
  mount(document.getElementById("right"), { reducedMotion: true, storageKey: "connect-four:right" }),
];
