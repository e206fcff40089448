// The game's stylesheet, as a module: wasm-bindgen ships it beside the page's glue
// (src/web/style.rs imports `gameStyle`), so a change to the styles downloads this file
// again, not the page's wasm. The styles are CSS in a css-tagged template (a raw string): the
// release site and the package minify them (scripts/minify-js.mjs, with esbuild's CSS
// minifier). No backtick or dollar-brace may appear in them.
const css = String.raw;

/** The game's stylesheet (CSS). */
export function gameStyle() {
  return STYLE;
}

const STYLE = css`
/* The game's styles. Hosts theme it with CSS custom properties on the host element or an
   ancestor (PACKAGE.md, "Theming"): every colour here and on the canvas comes from one.
   --c4-text, --c4-muted, --c4-background, --c4-panel, --c4-border, --c4-accent,
   --c4-on-accent, --c4-focus, --c4-red, --c4-yellow, --c4-light, --c4-shadow here;
   the canvas reads the board's (ui::theme::BOARD_PROPERTIES). The game's own variables (--_*)
   read those, with each theme's defaults. style.rs adds a probe for each board property
   (--_probe-board follows --c4-board…): a change from any source (a rule, a class, a
   script) runs a transition, whose end tells the game to read its colours again. */
/* The game lives in its host's shadow root: the page's rules do not reach in, and what it
   would pass down by inheritance (line height, letter spacing, alignment…) is reset. Sizes
   are in px, not rem: the page's root font size is the page's. */
:host { display: block; }
.c4 {
  all: initial;
  visibility: inherit;
  pointer-events: inherit;
  --_fg: var(--c4-text, #14171f);
  --_muted: var(--c4-muted, #4a5163);
  --_bg: var(--c4-background, #f5f7fb);
  --_panel: var(--c4-panel, #ffffff);
  --_border: var(--c4-border, #c9d1e3);
  --_accent: var(--c4-accent, #1d46c9);
  --_on-accent: var(--c4-on-accent, #ffffff);
  --_focus: var(--c4-focus, #b3161f);
  --_red: var(--c4-red, #d21f32);
  --_yellow: var(--c4-yellow, #f2c200);
  --_light: var(--c4-light, #ffffff);
  --_shadow: var(--c4-shadow, #000000);
  color-scheme: light;
  color: var(--_fg);
  background: var(--_bg);
  font: 16px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: block;
  padding: 8px;
  box-sizing: border-box;
  max-width: 100%;
  touch-action: manipulation;
  -webkit-tap-highlight-color: transparent;
  scrollbar-color: var(--_muted) var(--_panel);
  container: c4 / inline-size;
}
.c4[data-theme="dark"] {
  --_fg: var(--c4-text, #eef1f8);
  --_muted: var(--c4-muted, #b7bfd3);
  --_bg: var(--c4-background, #0f1522);
  --_panel: var(--c4-panel, #182034);
  --_border: var(--c4-border, #34405e);
  --_accent: var(--c4-accent, #8fb0ff);
  --_on-accent: var(--c4-on-accent, #0f1522);
  --_focus: var(--c4-focus, #ffd54a);
  --_red: var(--c4-red, #e5364a);
  --_yellow: var(--c4-yellow, #f6cc1a);
  color-scheme: dark;
}
.c4[data-theme="high-contrast"] {
  --_fg: var(--c4-text, #ffffff);
  --_muted: var(--c4-muted, #ffffff);
  --_bg: var(--c4-background, #000000);
  --_panel: var(--c4-panel, #000000);
  --_border: var(--c4-border, #ffffff);
  --_accent: var(--c4-accent, #ffe600);
  --_on-accent: var(--c4-on-accent, #000000);
  --_focus: var(--c4-focus, #00e5ff);
  --_red: var(--c4-red, #ff3347);
  --_yellow: var(--c4-yellow, #ffe600);
  color-scheme: dark;
}
.c4 ::selection { background: var(--_accent); color: var(--_on-accent); }
/* Form controls and drawings take the game's colours, not the browser's. */
.c4 input { color: inherit; background-color: transparent; }
.c4 svg { fill: currentColor; }
.c4 *, .c4 *::before, .c4 *::after { box-sizing: border-box; }

/* The layout: one column, the main choice first; beside the board when there is room. */
.c4-layout {
  display: grid; gap: 8px; align-content: start;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "choice" "bar" "stage" "status" "controls" "more";
}
.c4-choice { grid-area: choice; display: flex; flex-wrap: wrap; gap: 5.6px 14.4px; align-items: end; }
.c4-bar { grid-area: bar; }
.c4-stage { grid-area: stage; }
.c4-status { grid-area: status; }
.c4-dock { grid-area: controls; display: grid; gap: 8px; min-width: 0; }
.c4-more { grid-area: more; }
@container c4 (min-width: 760px) {
  .c4-layout {
    grid-template-columns: minmax(0, 1fr) minmax(240px, 336px);
    grid-template-rows: auto auto auto max-content auto 1fr;
    grid-template-areas: "stage choice" "stage bar" "stage status" "stage controls" "stage more" "stage .";
    column-gap: 20px;
  }
  /* One column that grows with its content: wrapping would start a second column beside
     it, past the page's edge, when the board's height is less than the choice's. */
  .c4-choice { flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
}
/* Short landscape screens (phones, a laptop zoomed in): the controls beside the board. */
@media (orientation: landscape) and (max-height: 560px) {
  .c4-layout {
    grid-template-columns: minmax(0, 1fr) minmax(208px, 288px);
    grid-template-rows: auto auto auto max-content auto 1fr;
    grid-template-areas: "stage choice" "stage bar" "stage status" "stage controls" "stage more" "stage .";
    column-gap: 12px; row-gap: 4.8px;
  }
  .c4-choice { flex-direction: column; flex-wrap: nowrap; align-items: stretch; gap: 4px; }
  .c4 .c4-stage { max-height: calc(100dvh - 16px) !important; }
}
/* A host with a set height (data-c4-fill): the game fills it and the board takes the room
   left. !important wins over the sane size set on the stage for pages without the sheet. */
:host([data-c4-fill]) > .c4 { height: 100%; container-type: size; overflow-y: auto; }
/* In one column, the board's row is as tall as its width asks, or the room left, and never
   so short that a cell is under 28px (unless the width allows no more): on a screen too
   short for all of it (a tall board, or a custom size's extra line, on a small phone), the
   game scrolls rather than shrink the columns under a finger or lay the board over the
   controls. --_tall is the stage's height in cells. The game starts at the top, so nothing
   below the board (the status line, the controls) moves it. The status line's row holds its
   lines (two, on a narrow phone), and keeps its height at the end, when the result says it
   instead, and while the notice, a puzzle's line or the size's question does. */
:host([data-c4-fill]) > .c4 { --_least-board: min(var(--_tall, 6.86) * 28px, 100cqw / var(--_wide, 1.03)); }
.c4[data-over="true"], .c4[data-notice="true"], .c4[data-hides~="turn-line-kept"], .c4[data-asking="true"] { --_status-row: minmax(21.6px, auto); }
:host([data-c4-fill]) > .c4 > .c4-layout { height: 100%; grid-template-rows: max-content auto minmax(var(--_least-board), auto) var(--_status-row, minmax(min-content, auto)) max-content auto; align-content: start; }
:host([data-c4-fill]) > .c4 .c4-stage { max-height: none !important; height: 100%; min-height: var(--_least-board); }
/* Beside the board, the board's column is as wide as the height lets the board be, and the
   two columns sit together in the middle. */
@container c4 (min-width: 760px) {
  /* The side column's rows hold what they show: when it is taller than the board (a big
     board's result with the level's note and online play, say), the game's box scrolls,
     and the board keeps the box's height, instead of the rows running over each other. */
  :host([data-c4-fill]) > .c4 > .c4-layout {
    grid-template-rows: max-content max-content max-content max-content max-content minmax(0, 1fr);
    grid-template-columns: minmax(0, min(100cqw - 368px, 100cqh * var(--_wide, 1.03))) minmax(240px, 336px);
    justify-content: center; align-content: stretch;
  }
  :host([data-c4-fill]) > .c4 .c4-stage { aspect-ratio: auto !important; align-self: start; height: 100cqh; }
}
@media (orientation: landscape) and (max-height: 560px) {
  /* The board's column: the disclosures' panels keep to it too (below). */
  :host([data-c4-fill]) > .c4 { --_board-column: min(100cqw - 304px, 100cqh * var(--_wide, 1.03)); }
  :host([data-c4-fill]) > .c4 > .c4-layout {
    grid-template-rows: auto auto auto max-content auto minmax(0, 1fr);
    grid-template-columns: minmax(0, var(--_board-column)) minmax(208px, 288px);
    justify-content: center; align-content: stretch;
  }
  :host([data-c4-fill]) > .c4 .c4-stage { aspect-ratio: auto !important; }
}

/* The board size: a list of sizes, and a custom width and height; the question before a new
   size replaces a game in progress; why the top level is not offered on the board. */
.c4-size { display: flex; flex-wrap: wrap; align-items: center; gap: 4.8px 6.4px; min-width: 0; }
.c4-size-field { display: inline-flex; align-items: center; gap: 6.4px; }
.c4-size-label { font-size: 12.8px; font-weight: 650; color: var(--_muted); }
.c4-size select { min-height: 32px; font: inherit; font-size: 14.72px; font-weight: 600; color: inherit; background: var(--_panel); border: 2px solid var(--_accent); border-radius: 8.8px; padding: 2.4px 2.4px; }
.c4-size select:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
.c4-size-custom { display: inline-flex; align-items: center; gap: 4px; }
.c4-size-part { display: inline-flex; align-items: center; gap: 4px; }
.c4-size-part-name { font-size: 12.8px; color: var(--_muted); }
.c4-size-custom[hidden], .c4-size-ask[hidden], .c4-online-ask[hidden], .c4-level-note[hidden] { display: none; }
.c4-size-ask, .c4-online-ask { width: 100%; box-sizing: border-box; display: flex; flex-wrap: wrap; align-items: center; gap: 6.4px; padding: 6.4px 8.8px; border: 2px solid var(--_accent); border-radius: 9.6px; background: var(--_panel); }
.c4-size-ask p, .c4-online-ask p { margin: 0; flex-basis: 100%; }
.c4-level-note { width: 100%; margin: 0; font-size: 12.8px; color: var(--_muted); }

/* The main choice: segmented controls made of radio buttons. */
.c4-seg { border: 0; margin: 0; padding: 0; min-width: 0; }
.c4-seg legend { padding: 0; font-size: 12.8px; font-weight: 650; color: var(--_muted); margin-bottom: 2.4px; }
.c4-seg-row { display: inline-flex; flex-wrap: wrap; border: 2px solid var(--_accent); border-radius: 8.8px; overflow: hidden; background: var(--_panel); }
.c4-seg label { position: relative; display: flex; cursor: pointer; }
.c4-seg label + label { border-left: 1px solid var(--_border); }
.c4-seg input { position: absolute; inset: 0; opacity: 0; margin: 0; cursor: pointer; }
.c4-seg span { padding: 4.8px 10.4px; min-height: 32px; display: flex; align-items: center; font-weight: 600; font-size: 14.72px; white-space: nowrap; }
.c4-seg input:checked + span { background: var(--_accent); color: var(--_on-accent); }
/* With two people, the level and the colour are the computer's choice's, not in force:
   their rows are dashed and quiet, with nothing shown as chosen. Choosing one chooses the
   computer. */
.c4[data-mode="friend"] :is(.c4-levels, .c4-sides) .c4-seg-row { border-style: dashed; border-color: var(--_border); }
.c4[data-mode="friend"] :is(.c4-levels, .c4-sides) span { color: var(--_muted); font-weight: 500; }
.c4[data-mode="friend"] :is(.c4-levels, .c4-sides) input:checked + span { background: var(--_panel); color: var(--_muted); }
.c4-seg input:focus-visible + span { outline: 3px solid var(--_focus); outline-offset: -3px; }
.c4-seg label:hover span { text-decoration: underline; }
/* A level the board does not offer (perfect on a big board): struck out and quiet; the
   line under the choice says why. */
.c4-seg input:disabled, .c4-seg label:has(input:disabled) { cursor: not-allowed; }
.c4-seg input:disabled + span { color: var(--_muted); font-weight: 500; text-decoration: line-through; opacity: 0.7; }

.c4-bar, .c4-dock, .c4-choice, .c4-more { min-height: min-content; }
.c4-bar { display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: 8px; min-height: 33.6px; position: relative; }
.c4-turn { font-weight: 650; display: inline-flex; align-items: center; gap: 7.2px; }
.c4-turn[hidden] { display: none; }
.c4-swatch { width: 16.8px; height: 16.8px; border-radius: 50%; border: 2px solid var(--_fg); display: inline-block; flex: none; }
.c4-swatch[data-player="1"] { background: var(--_red); }
.c4-swatch[data-player="2"] { background: var(--_yellow); }
.c4-swatch[hidden] { display: none; }
.c4-count { color: var(--_muted); font-variant-numeric: tabular-nums; font-size: 14.72px; }
.c4[data-over="true"] .c4-count { display: none; }

/* Thinking: three dots that appear once the computer has taken 300 ms. */
.c4-dots { display: inline-flex; gap: 3.2px; visibility: hidden; }
.c4-dots i { width: 6.4px; height: 6.4px; border-radius: 50%; background: currentColor; }
.c4[aria-busy="true"] .c4-dots { animation: c4-appear 0s linear 300ms forwards; }
.c4[aria-busy="true"] .c4-dots i { animation: c4-beat 0.9s ease-in-out infinite; }
.c4[aria-busy="true"] .c4-dots i:nth-child(2) { animation-delay: 0.15s; }
.c4[aria-busy="true"] .c4-dots i:nth-child(3) { animation-delay: 0.3s; }
@keyframes c4-appear { to { visibility: visible; } }
@keyframes c4-beat { 0%, 100% { opacity: 0.25; transform: translateY(0); } 50% { opacity: 1; transform: translateY(-3.2px); } }
@media (prefers-reduced-motion: reduce) { .c4[aria-busy="true"] .c4-dots i { animation: none; opacity: 0.8; } }

.c4-stage { position: relative; width: 100%; aspect-ratio: var(--_ratio, 7.06 / 6.86); max-height: 85vh; min-height: 0; margin: 0 auto; }
.c4-stage canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; filter: drop-shadow(0 4.8px 7.2px color-mix(in srgb, var(--_shadow) 35%, transparent)); }
.c4-columns { position: absolute; display: grid; grid-template-columns: repeat(7, 1fr); }
.c4-col {
  appearance: none; margin: 0; padding: 0; border: 0; background: transparent; cursor: pointer;
  border-radius: 8px; color: transparent; font-size: 1px; touch-action: manipulation;
}
.c4-col[aria-disabled="true"] { cursor: not-allowed; }
.c4-col[hidden], .c4-analysis span[hidden] { display: none; }
.c4-col:focus { outline: none; }
.c4-col:focus-visible { outline: 4px solid var(--_focus); outline-offset: -4px; box-shadow: inset 0 0 0 7px var(--_light); }
.c4-status { min-height: 21.6px; margin: 0; color: var(--_fg); font-size: 15.2px; }
/* The result shows once, in the turn line's place; the live region still says it. */
.c4[data-over="true"] .c4-status { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* The result's words take the room they need; the buttons go below when it is short. In one
   column, the result lies over the turn line's row and the headroom below it, where
   nothing else is shown once the game is over, instead of making that row taller: the board
   does not move when the game ends. */
.c4-result {
  grid-column: 1 / -1; display: flex; flex-wrap: wrap; align-items: center; gap: 6.4px 8px;
  padding: 6.4px 6.4px 6.4px 12.8px; border-radius: 9.6px; background: var(--_panel); border: 2px solid var(--_accent);
  position: absolute; z-index: 3; top: 0; left: 0; right: 0;
}
.c4-result[hidden] { display: none; }
.c4-result-words { flex: 1 1 192px; min-width: 0; }
.c4-result .c4-btn { flex: none; }
.c4-result-text { margin: 0; font-size: 19.2px; font-weight: 750; }
.c4-result-detail { margin: 0; font-size: 13.6px; color: var(--_muted); }
.c4[data-over="true"] .c4-result { animation: c4-rise 0.35s ease-out; }
@keyframes c4-rise { from { opacity: 0; transform: translateY(6.4px); } }
@media (prefers-reduced-motion: reduce) { .c4[data-over="true"] .c4-result { animation: none; } }
.c4-controls { display: flex; gap: 6.4px; flex-wrap: wrap; align-items: center; }
.c4 button.c4-btn {
  font: inherit; font-weight: 600; padding: 6.4px 12.8px; min-height: 40px; min-width: 44px;
  border-radius: 8px; border: 2px solid var(--_accent); background: var(--_panel); color: var(--_fg); cursor: pointer;
}
.c4 button.c4-btn.c4-primary { background: var(--_accent); color: var(--_on-accent); }
.c4 button.c4-btn:disabled, .c4 button.c4-btn[aria-disabled="true"] { opacity: 0.55; cursor: not-allowed; }
.c4 button.c4-sound { display: inline-flex; align-items: center; gap: 5.6px; }
.c4-sound svg { width: 18.4px; height: 18.4px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.c4-sound[aria-pressed="true"] .c4-mute, .c4-sound[aria-pressed="false"] .c4-waves { display: none; }
.c4 button.c4-btn:focus-visible, .c4 select:focus-visible, .c4 input:focus-visible, .c4 summary:focus-visible {
  outline: 3px solid var(--_focus); outline-offset: 2px;
}
/* How to play and the settings: disclosures whose panels float over the game. */
.c4-more { display: flex; gap: 8px; flex-wrap: wrap; position: relative; }
.c4-disclosure summary {
  cursor: pointer; font-weight: 600; min-height: 36px; display: inline-flex; align-items: center; gap: 5.6px;
  padding: 3.2px 11.2px; border: 1px solid var(--_border); border-radius: 8px; background: var(--_panel); list-style: none;
}
.c4-disclosure summary::-webkit-details-marker { display: none; }
.c4-disclosure summary::before { content: "\25B8" / ""; font-size: 0.9em; display: inline-block; transition: transform 0.15s; }
.c4-disclosure[open] summary::before { transform: rotate(90deg); }
.c4-pop {
  position: absolute; z-index: 5; left: 0; right: 0; bottom: calc(100% + 6.4px); max-height: min(70vh, 416px); overflow: auto;
  display: grid; grid-template-columns: minmax(0, 1fr); gap: 9.6px; padding: 12px 14.4px; background: var(--_panel); color: var(--_fg);
  border: 2px solid var(--_accent); border-radius: 9.6px; box-shadow: 0 8px 24px color-mix(in srgb, var(--_shadow) 30%, transparent);
}
.c4-pop p { margin: 0; }
.c4-settings label { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.c4 select { font: inherit; padding: 4.8px 6.4px; min-height: 36px; color: var(--_fg); background: var(--_panel); border: 1px solid var(--_border); border-radius: 5.6px; }
/* Checkboxes and the review's slider are drawn here, so that every colour is the theme's
   (the browser's own pick their tick's and their track's colours). */
.c4 input[type="checkbox"] {
  appearance: none; margin: 0; width: 20px; height: 20px; flex: none; cursor: pointer;
  display: inline-grid; place-content: center; border: 2px solid var(--_accent); border-radius: 4px;
  background: var(--_panel); accent-color: var(--_accent);
}
.c4 input[type="checkbox"]::before {
  content: ""; width: 6px; height: 11px; border: solid var(--_on-accent); border-width: 0 3px 3px 0;
  transform: translateY(-1px) rotate(45deg); visibility: hidden;
}
.c4 input[type="checkbox"]:checked { background: var(--_accent); }
.c4 input[type="checkbox"]:checked::before { visibility: visible; }
.c4-help { color: var(--_muted); font-size: 14.4px; margin: 0; }
.c4-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
/* The analysis: a two-line label over each column, in the lane above the board. */
.c4-analysis { position: absolute; display: grid; grid-template-columns: repeat(7, 1fr); gap: 0.1em; text-align: center; pointer-events: none; line-height: 1.1; color: var(--_fg); }
.c4-analysis[hidden] { display: none; }
.c4-analysis span { display: flex; flex-direction: column; justify-content: center; align-items: center; overflow: hidden; border-radius: 0.4em; background: var(--_panel); border: 1px solid var(--_border); }
.c4-analysis span[data-empty="true"] { visibility: hidden; }
.c4-analysis b { font-weight: 700; }
.c4-analysis small { font-size: 0.88em; }
.c4-analysis span[data-best="true"] { border: 2px solid var(--_accent); }
.c4-analysis span[data-hinted="true"] b { text-decoration: underline; text-decoration-thickness: 2px; }
.c4-analysis[data-busy="true"]::after { content: attr(data-busy-text); position: absolute; left: 0; right: 0; top: 0; color: var(--_muted); font-weight: 400; }
.c4-toggle { display: inline-flex; align-items: center; gap: 6.4px; min-height: 40px; }

/* Little room: the legends are for screen readers only, and everything is tighter. */
@container c4 (max-width: 519px) {
  .c4-choice { flex-direction: row; flex-wrap: wrap; align-items: center; justify-content: start; gap: 4.8px 6.4px; }
  .c4-size-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .c4-size select { min-height: 28.8px; font-size: 14.08px; padding: 0 0 0 2.4px; }
}
@container c4 (max-width: 519px) {
  .c4-seg legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .c4-seg span { padding: 2.4px 8px; font-size: 14.08px; min-height: 28.8px; }
  .c4 button.c4-btn { padding: 4px 8.8px; min-height: 38.4px; }
  .c4-controls, .c4-more { gap: 4.8px; }
  .c4-disclosure summary { padding: 3.2px 8px; }
  .c4-toggle { min-height: 36px; }
  .c4-sound span { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
}
@media (orientation: landscape) and (max-height: 560px) {
  .c4-seg legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .c4-seg span { padding: 3.2px 8px; font-size: 14.08px; min-height: 30.4px; }
  .c4 button.c4-btn { padding: 4.8px 9.6px; min-height: 36px; }
  .c4-disclosure summary { min-height: 32px; }
  /* The result in one line with Play again: where the four is, the live region says. */
  .c4-result-detail { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .c4-result { padding-block: 3.2px; }
  .c4-result-text { font-size: 16.8px; }
}
/* A filled host that is taller than wide keeps the one column, even when wide enough for two. */
@container c4 (min-width: 760px) and (max-aspect-ratio: 5 / 4) {
  :host([data-c4-fill]) > .c4 > .c4-layout {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: max-content auto minmax(0, auto) var(--_status-row, minmax(min-content, auto)) max-content auto;
    grid-template-areas: "choice" "bar" "stage" "status" "controls" "more";
    align-content: start;
  }
  :host([data-c4-fill]) > .c4 .c4-stage { aspect-ratio: var(--_ratio, 7.06 / 6.86) !important; }
  .c4-choice { flex-direction: row; align-items: end; }
}

/* An activity may hide the controls, the main choice, the analysis' switch, the result's
   buttons and the turn line (data-hides, from its declaration in src/ui/activity.rs). A
   review, say, takes the controls' place with its own panel. */
.c4[data-hides~="sound"] .c4-controls, .c4[data-hides~="controls"] .c4-controls > :not(.c4-sound) { display: none; }
.c4-review { position: relative; grid-template-columns: minmax(0, 1fr); }
.c4-puzzle, .c4-online { grid-template-columns: minmax(0, 1fr); }
.c4-review, .c4-puzzle, .c4-online { display: grid; gap: 8px; padding: 8.8px 10.4px; border: 2px solid var(--_accent); border-radius: 9.6px; background: var(--_panel); min-width: 0; }
.c4-review[hidden], .c4-puzzle[hidden], .c4-notice[hidden], .c4-review [hidden] { display: none; }
.c4-online[hidden], .c4-online [hidden], .c4-puzzle [hidden], .c4-seg-row label[hidden] { display: none; }
.c4-online-note, .c4-online-score { margin: 0; font-weight: 650; }
.c4-online-score { font-variant-numeric: tabular-nums; }
.c4-online-setup { display: grid; gap: 8px; justify-items: start; }
.c4-invite { display: flex; flex-wrap: wrap; gap: 6.4px; align-items: end; }
.c4-invite label, .c4-online-name { display: grid; gap: 3.2px; flex: 1 1 14em; min-width: 0; font-size: 14.4px; }
.c4-online-name { max-width: 20em; }
.c4-reactions { display: flex; flex-wrap: wrap; gap: 4.8px; }
.c4 .c4-reaction { min-width: 44px; padding-inline: 6.4px; font-size: 19.2px; line-height: 1; }
.c4-invite input, .c4-online-name input { font: inherit; padding: 6.4px 8px; min-height: 36.8px; box-sizing: border-box; width: 100%; min-width: 0; border: 1px solid var(--_border); border-radius: 6.4px; background: var(--_bg); color: var(--_fg); }
.c4-review-line, .c4-puzzle-line { margin: 0; font-weight: 650; min-height: 2.6em; }
.c4-puzzle-line { white-space: pre-line; }
.c4-puzzle[data-state="solved"] .c4-puzzle-line { color: var(--_accent); }
.c4-steps { display: flex; align-items: center; gap: 4.8px; }
.c4 button.c4-step { min-width: 40px; padding: 4.8px 7.2px; display: inline-flex; align-items: center; justify-content: center; }
.c4-step svg { width: 17.6px; height: 17.6px; fill: currentColor; }
.c4-review .c4-btn { padding-block: 4px; min-height: 36.8px; }
.c4-slider { flex: 1; min-width: 64px; accent-color: var(--_accent); height: 36px; margin: 0; appearance: none; background: transparent; cursor: pointer; }
.c4-slider::-webkit-slider-runnable-track { height: 6px; border-radius: 3px; background: var(--_border); }
.c4-slider::-moz-range-track { height: 6px; border-radius: 3px; background: var(--_border); }
.c4-slider::-webkit-slider-thumb { appearance: none; width: 22px; height: 22px; margin-top: -8px; border-radius: 50%; background: var(--_accent); border: 2px solid var(--_panel); }
.c4-slider::-moz-range-thumb { width: 18px; height: 18px; border-radius: 50%; background: var(--_accent); border: 2px solid var(--_panel); }
.c4-actions { display: flex; flex-wrap: wrap; gap: 6.4px; }
.c4-chart { margin: 0; display: grid; gap: 3.2px; }
.c4-chart svg { width: 100%; height: 57.6px; display: block; cursor: pointer; background: var(--_bg); border-radius: 5.6px; border: 1px solid var(--_border); }
.c4-chart .c4-axis { stroke: var(--_muted); stroke-width: 0.03; vector-effect: non-scaling-stroke; }
.c4-chart .c4-bar-red { fill: var(--_red); }
.c4-chart .c4-bar-yellow { fill: var(--_yellow); }
.c4-chart .c4-bar-draw { fill: var(--_muted); }
.c4-chart .c4-shown { stroke: var(--_fg); stroke-width: 2px; vector-effect: non-scaling-stroke; }
.c4-chart .c4-mistake { fill: var(--_fg); }
.c4-chart figcaption { font-size: 12.8px; }
/* The moves' table rises from the review's bottom edge, over the panel and the board beside
   it; its toggle stays above it (and the table's end clear of it), in reach to close it. */
.c4-moves .c4-pop { bottom: 0; left: auto; right: 0; width: min(544px, calc(100vw - 16px)); padding-bottom: 56px; }
.c4-moves summary { justify-self: start; position: relative; z-index: 6; }
.c4 table { border-collapse: collapse; font-size: 14.08px; width: 100%; }
.c4 th, .c4 td { text-align: left; padding: 3.2px 6.4px; border-bottom: 1px solid var(--_border); vertical-align: top; }
.c4 caption { text-align: left; font-size: 13.6px; color: var(--_muted); padding-bottom: 4.8px; }
.c4-notice { margin: 0; padding: 6.4px 9.6px; border-radius: 8px; border: 2px solid var(--_focus); background: var(--_panel); font-weight: 600; }
.c4-pick { display: grid; gap: 3.2px; }
.c4-pick select { max-width: 100%; }
.c4[data-hides~="choice"] .c4-choice { display: none; }
.c4[data-hides~="analysis-switch"] .c4-toggle { display: none; }
.c4[data-hides~="result-buttons"] .c4-result button { display: none; }
.c4[data-hides~="players"] .c4-players, .c4:not([data-online="true"]) .c4-online-help { display: none; }
/* What the notice, an activity's own line or the size's question shows, the live region
   only says. */
.c4[data-notice="true"] .c4-status, .c4[data-hides~="turn-line"] .c4-status, .c4[data-asking="true"] .c4-status {
  position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}
/* Short landscape screens: the side column may be taller than the game's box, which then
   scrolls, but it never runs over itself, and the board stays whole at the top. */
@media (orientation: landscape) and (max-height: 560px) {
  :host([data-c4-fill]) > .c4 { overflow-y: auto; }
  :host([data-c4-fill]) > .c4 > .c4-layout { grid-template-rows: max-content max-content max-content max-content max-content minmax(0, 1fr); }
  :host([data-c4-fill]) > .c4 .c4-stage { align-self: start; height: calc(100dvh - 48px) !important; max-height: calc(100dvh - 48px) !important; }
  .c4-controls, .c4-more { gap: 4px; }
  .c4 .c4-controls .c4-btn { padding-inline: 7.2px; min-width: 0; }
  .c4-toggle { min-height: 32px; }
}
@container c4 (max-width: 519px) {
  /* Little room: the result's words (where the four is, the live region says) beside Play
     again (Review is in the controls just below the board), wrapping within their own
     column, so the result is never much taller than the turn line. */
  .c4-result { flex-wrap: nowrap; align-items: center; gap: 6.4px; padding: 3.2px 3.2px 3.2px 9.6px; }
  .c4-result .c4-btn:not(.c4-primary) { display: none; }
  .c4-result-words { flex: 1 1 0; }
  .c4-result-text { font-size: 16.8px; line-height: 1.2; overflow-wrap: anywhere; }
  .c4-result-detail { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  /* The record's and the review's five columns (and the note above the record's) within a
     phone's width. */
  .c4-pop table { font-size: 13.12px; }
  .c4-pop th, .c4-pop td { padding-inline: 4px; }
}
/* Beside the board, the result takes its room in the side column; the panels of the
   disclosures float over the board, not over the result and the controls. */
@container c4 (min-width: 760px) {
  .c4-result { position: static; }
  .c4-more .c4-pop { left: auto; right: calc(100% + 20px); bottom: 0; width: min(416px, 70cqw); }
  /* The moves' table too: over the board, clear of the review's steps and buttons. */
  .c4-moves .c4-pop { right: calc(100% + 20px); width: min(544px, 70cqw); padding-bottom: 12px; }
}
@media (orientation: landscape) and (max-height: 560px) {
  .c4-result { position: static; }
  .c4-more .c4-pop { left: auto; right: calc(100% + 12px); bottom: 0; width: min(416px, 60vw); }
  /* No wider than the board's column, so it never runs past the game's left edge. */
  :host([data-c4-fill]) > .c4 .c4-more .c4-pop { width: min(416px, var(--_board-column)); }
  .c4-pop table { font-size: 13.12px; }
  .c4-pop th, .c4-pop td { padding-inline: 4px; }
}
/* A filled host taller than wide keeps the one column (see above). */
@container c4 (min-width: 760px) and (max-aspect-ratio: 5 / 4) {
  :host([data-c4-fill]) > .c4 .c4-result { position: absolute; }
  :host([data-c4-fill]) > .c4 .c4-more .c4-pop { left: 0; right: 0; bottom: calc(100% + 6.4px); width: auto; }
}
/* Three lines for the review's line, so that stepping does not resize the board. */
.c4-review-line { min-height: 4.1em; }
.c4-record-board { margin: 0 0 4px; font-weight: 650; }
.c4-played h3 { margin: 12px 0 4px; font-size: 1em; }
.c4-played ol { display: grid; gap: 4px; margin: 0; padding: 0; list-style: none; }
.c4 button.c4-played-game { width: 100%; text-align: start; font-size: 0.9em; font-weight: 500; }
`;
