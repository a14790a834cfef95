// @ts-check
// The table's lines of words: a move in the log (the server's sentence, the notation as its tooltip), the hint, and
// the buttons of the moves that are words rather than clicks on the felt.
import { h } from "./dom.js";

/**
 * @typedef {import("./contract.js").GameEvent} GameEvent
 * @typedef {import("./contract.js").HintMessage} HintMessage
 */

/**
 * The hint: the move and why in one sentence, a button to play it, the notation and a search's figure as detail.
 * @param {HintMessage} hint
 * @param {(move: string) => void} play
 */
export function hintLine(hint, play) {
  const chance = hint.chance === null || hint.chance === undefined ? "" : `; the search gives it about ${Math.round(hint.chance * 100)}% to win`;
  return h(
    "div.hint-box",
    {},
    h("strong", {}, "Hint: "),
    hint.reason || hint.move,
    " ",
    h("button", { type: "button", onclick: () => play(hint.move) }, "Play it"),
    h("details.hint-detail", {}, h("summary", {}, "Detail"), `Move: ${hint.move}${chance}.`),
  );
}

/**
 * One event in the log: a move told in a sentence that starts with the mover's name (in bold), or what was said.
 * @param {GameEvent} event
 * @param {string[]} names
 */
export function logLine(event, names) {
  if (event.seat === null) return h("li.said", {}, event.said.join(" "));
  const name = names[event.seat] || `Seat ${event.seat + 1}`;
  const told = event.words || `${name} played ${event.move}.`;
  const lead = told.startsWith(name) ? name : "";
  return h(
    "li",
    { title: event.move || "" },
    lead ? h("strong", {}, lead) : "",
    event.by ? h("span.muted", {}, ` (computer ${event.by} standing in)`) : "",
    told.slice(lead.length),
    event.reason ? h("div.reason", {}, event.reason) : "",
    event.said.length ? h("div.said", {}, event.said.join(" ")) : "",
  );
}

/** At most this many move buttons are drawn; past it, the moves are the felt's clicks (or typed). */
const MAX_BUTTONS = 24;

/**
 * A button for each legal move the game's drawing does not make by clicks (the first nine with their key).
 * @param {import("./contract.js").GameModule} game
 * @param {import("./contract.js").DrawContext} ctx
 * @param {string[]} legal
 * @param {(move: string) => void} play
 * @param {object} [how]
 * @param {(move: string) => string} [how.label] The words on a move's button (by default the game's, else the notation).
 * @param {boolean} [how.keys] Whether the keys 1–9 press the first nine (the table's do).
 * @param {boolean} [how.typed] Whether a move may be typed too (said when there are too many to show).
 * @returns {import("./dom.js").Child[]}
 */
export function moveButtons(game, ctx, legal, play, { label, keys = true, typed = true } = {}) {
  /** @type {(move: string, ctx: import("./contract.js").DrawContext) => boolean} */
  const handled = game.handles ? game.handles : () => false;
  const words = legal.filter((m) => !handled(m, ctx));
  if (words.length > MAX_BUTTONS) return [h("span.muted", {}, `${words.length} moves: click the cards${typed ? ", or type one" : ""}.`)];
  const said = label || ((move) => (game.buttonLabel ? game.buttonLabel(move, ctx) : move));
  return words.map((move, i) => h("button", { type: "button", onclick: () => play(move), title: move }, keys && i < 9 ? h("kbd", {}, String(i + 1)) : "", said(move)));
}
