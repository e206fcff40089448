// Writes pkg/node/texts.mjs: the game's English texts, for Node's `defaultTexts`. They are
// read from the page's wasm module itself (its `__defaultTexts`), so they cannot drift from
// the texts the game speaks. The browser's entry reads the same function once `init()` is done.
import { readFileSync, writeFileSync } from "node:fs";
import { initSync, __defaultTexts } from "../pkg/connect_four.js";

initSync({ module: readFileSync(new URL("../pkg/connect_four_bg.wasm", import.meta.url)) });
const texts = __defaultTexts();
if (Object.keys(texts).length < 100) throw new Error("too few texts: is __defaultTexts right?");
writeFileSync(
  new URL("../pkg/node/texts.mjs", import.meta.url),
  "// The game's English texts (scripts/package-texts.mjs, from the page's wasm module).\n" +
    `export default Object.freeze(${JSON.stringify(texts, null, 2)});\n`,
);
