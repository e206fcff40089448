// The package as an app uses it: `import init, { mount } from "connect-four-wasm"` (here the built
// package in ../pkg/).
import init, { mount } from "../pkg/index.js";

const log = document.getElementById("log");
const EVENTS = ["c4-move", "c4-end", "c4-refused", "c4-newgame", "c4-error"];

/** Logs every event that `board` (named `name`) fires. */
function record(name, board) {
  for (const type of EVENTS) {
    board.addEventListener(type, (e) => {
      const item = document.createElement("li");
      item.textContent = `${name} ${type} ${JSON.stringify(e.detail, (key, value) => key === "board" ? undefined : value)}`;
      log.prepend(item);
    });
  }
}

const a = document.getElementById("board-a");
const b = document.getElementById("board-b");
record("A", a);
record("B", b);

await init();
window.boardA = mount(a, { yellow: "hard", theme: "light", analysis: true });

// B is a <connect-four> element: importing the package defined it. Its texts are German.
b.setAttribute("reduced-motion", "");
await b.ready;
b.setOptions({
  texts: {
    red: "Rot", yellow: "Gelb", game: "Vier gewinnt", board: "Spielbrett: Spalte wählen",
    toMove: "{player} ist am Zug", thinking: "{player} denkt nach…", wins: "{player} gewinnt!",
    drawn: "Unentschieden: das Brett ist voll.", movesPlayed: "{n} Züge gespielt", oneMovePlayed: "1 Zug gespielt",
    moved: "{player} in Spalte {column}, Reihe {row}", full: "Spalte {column} ist voll",
    column: "Spalte {column}, {fill}", columnWithPieces: "Spalte {column}, {fill}: {pieces} (von unten nach oben)",
    empty: "leer", columnFull: "voll", filled: "{n} von 6 belegt",
    playAgain: "Noch einmal", newGame: "Neues Spiel", undo: "Zurück", hint: "Tipp", showAnalysis: "Analyse zeigen",
    settings: "Einstellungen", reduceMotion: "Weniger Bewegung", playedBy: "{player} spielt:", human: "Ein Mensch",
    computer: "Computer: {level}", easy: "leicht", medium: "mittel", hard: "schwer", perfect: "perfekt",
    keyHelp: "Tasten: ← → Spalte wählen, Eingabe oder Leertaste wirft ein, 1–7 direkt, U zurück, N neues Spiel, H Tipp, B liest das Brett vor.",
    newGameStarted: "Neues Spiel. {player} ist am Zug.", nothingToUndo: "Nichts zurückzunehmen",
    undid: "Zurückgenommen: {moves}", undoneMove: "{player} in Spalte {column}", and: " und ",
    gameOver: "Das Spiel ist aus. N oder „Neues Spiel“ startet ein neues.",
    winIn: "Sieg in {n}", draw: "Remis", losesIn: "verliert in {n}",
    hintWinNow: "Spiel Spalte {column}: Das gewinnt sofort!", hintWin: "Spiel Spalte {column}: Du kannst den Sieg erzwingen.",
    hintDraw: "Spiel Spalte {column}: Das hält das Remis.",
    hintLoss: "Spiel Spalte {column}: Dein Gegner kann den Sieg erzwingen, aber so hältst du am längsten durch.",
    labelWin: "Sieg", labelLoss: "Niederl.", labelIn: "in {n}",
    lookingForHint: "Suche den besten Zug…", analysing: "analysiere…",
    opponent: "Spielen gegen", vsComputer: "Computer", vsFriend: "Zwei Spieler", levelLegend: "Stufe",
    youPlay: "Du spielst", playsFirst: "{player}, zuerst", playsSecond: "{player}, als Zweiter",
    howToPlay: "So wird gespielt", sound: "Ton", gameEnded: "Spiel vorbei",
    rules: "Werft abwechselnd einen Stein in eine Spalte: Er fällt auf den untersten freien Platz. Wer zuerst vier eigene Steine waagrecht, senkrecht oder diagonal in eine Reihe bringt, gewinnt. Ist das Brett vorher voll, endet es unentschieden.",
    youWin: "Du gewinnst!", computerWins: "Der Computer gewinnt.",
    yourMove: "Du bist am Zug ({player})", computerThinking: "Der Computer denkt nach…",
    newGameUndoable: "Neues Spiel. {player} ist am Zug. „Zurück“ holt das letzte Spiel wieder.",
    broughtBack: "Das letzte Spiel ist wieder da.",
  },
});
window.boardB = b;
