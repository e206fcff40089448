// `<connect-four>` in React's JSX (React 19): its attributes, and its events as `onc4-move`
// and friends (React 19 adds a listener for each `on…` property of a custom element). Add
// it once to a TSX project: `import type {} from "connect-four-wasm/jsx";` (or list
// "connect-four-wasm/jsx" in tsconfig's `types`).
import type { ConnectFourAttributes, ConnectFourElement, ConnectFourEventMap } from "./index.js";
import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** `onc4-move`, `onc4-end`, …: a listener for each of the game's events. */
type ConnectFourHandlers = {
  [K in keyof ConnectFourEventMap as `on${K}`]?: (event: ConnectFourEventMap[K]) => void;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "connect-four": DetailedHTMLProps<HTMLAttributes<ConnectFourElement>, ConnectFourElement> &
        ConnectFourAttributes &
        ConnectFourHandlers;
    }
  }
}
