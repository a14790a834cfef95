// @ts-check
// How a game ends at the table: a person's Resign (asked twice), Abort before their first move, Claim the game from
// someone who left; and the result, as a heading and as the box under the table once the game is over.
import { clear, h } from "./dom.js";
import { endLinks, tallyPicture } from "./overlay.js";

/**
 * @typedef {import("./contract.js").StateMessage} StateMessage
 * @typedef {import("./contract.js").GameResult} GameResult
 * @typedef {import("./dom.js").Child} Child
 */

/**
 * Resign (asked twice: a slip of the finger costs nothing), Abort before one's first move, Claim the game from
 * each seat whose person left past their grace.
 * @param {HTMLElement} host Where the controls go.
 * @param {StateMessage} message
 * @param {boolean} waiting Whether the table still waits for its people.
 * @param {string[]} names
 * @param {(seat: number) => number | null} graceLeft
 * @param {(request: import("./contract.js").ClientMessage) => void} send
 */
export function endControls(host, message, waiting, names, graceLeft, send) {
  const on = message.seat !== null && !message.result && !message.ended && !waiting;
  if (!on) {
    clear(host);
    return;
  }
  const claimable = names.map((_, seat) => seat).filter((seat) => seat !== message.seat && graceLeft(seat) === 0);
  const claims = h(
    "div.claims",
    {},
    claimable.map((seat) =>
      h("p", {}, `${names[seat]} has left. `, h("button", { type: "button", dataset: { claim: String(seat) }, onclick: () => send({ type: "claim", seat }) }, "Claim the game")),
    ),
  );
  const drawn = host.querySelector("#abort");
  if (drawn) { // drawn already: a redraw would undo a first click on Resign
    /** @type {HTMLButtonElement} */ (drawn).hidden = !message.abort;
    const before = host.querySelector(".claims");
    if (before) before.replaceWith(claims);
    return;
  }
  const resign = h("button", { type: "button", id: "resign" }, "Resign");
  /** @type {number | undefined} */
  let asked;
  resign.addEventListener("click", () => {
    if (asked === undefined) {
      resign.textContent = "Resign? Click again";
      asked = window.setTimeout(() => { resign.textContent = "Resign"; asked = undefined; }, 3000);
      return;
    }
    window.clearTimeout(asked);
    send({ type: "resign" });
  });
  const abort = h("button", { type: "button", id: "abort", hidden: !message.abort, title: "Call the game off: no result" }, "Abort");
  abort.addEventListener("click", () => send({ type: "abort" }));
  clear(host, h("div.panel", {}, h("h2", {}, "The game"), claims, resign, " ", abort));
}

/**
 * Who won, as a heading.
 * @param {GameResult} result
 * @param {string[]} names
 */
export function resultTitle(result, names) {
  const { returns } = result;
  const best = Math.max(...returns);
  const winners = names.filter((_, i) => returns[i] === best && best > 0);
  const title = winners.length === 1 ? `${winners[0]} ${winners[0] === "You" ? "win" : "wins"}!` : `Shared win: ${winners.join(", ")}`;
  return h("h2", {}, title);
}

/**
 * The result under the table: who won, how it ended, the scores, the game's breakdown, the replay and review, and
 * what to do next.
 * @param {object} parts
 * @param {StateMessage} parts.message
 * @param {GameResult} parts.result
 * @param {string[]} parts.names
 * @param {Child} parts.breakdown The game's own breakdown of the scores ("" for none).
 * @param {string | null | undefined} parts.replay
 * @param {string | null | undefined} parts.review
 * @param {Child} parts.rematch The Rematch button ("" where it is elsewhere or there is none).
 */
export function resultBox({ message, result, names, breakdown, replay, review, rematch }) {
  const { scores } = result;
  return h(
    "div.result",
    {},
    h("h3", {}, resultTitle(result, names).textContent),
    message.ended ? h("p", {}, message.ended.words) : "",
    h("p", {}, message.ended ? "Scores when it ended: " : "Final scores: ", names.map((n, i) => `${n} ${scores[i]}`).join(", ")),
    breakdown,
    endLinks(replay, review),
    h("p", {}, rematch ? [rematch, " · "] : "", h("a", { href: "#/" }, "New game"), " · ", h("a", { href: "#/stats" }, "Statistics")),
  );
}

/**
 * What the outcome over the table says: at the game's end who won and how, a deck's or round's tally, the game's
 * own picture of the end, and the scores.
 * @param {StateMessage} message
 * @param {GameResult | null} result The game's result, when this is its end.
 * @param {import("./contract.js").Tally | null | undefined} tally
 * @param {string[]} names
 * @param {Child} outcome The game's own drawing of the end (null for none).
 * @returns {Child[]}
 */
export function outcomeBody(message, result, tally, names, outcome) {
  return [
    result ? resultTitle(result, names) : null,
    result && message.ended ? h("p.outcome-ended", {}, message.ended.words) : null,
    tally ? tallyPicture(tally) : null,
    outcome,
    result
      ? h("p.outcome-scores", {}, message.ended ? "Scores when it ended: " : "Final scores: ", names.map((n, i) => `${n} ${result.scores[i]}`).join(", "))
      : null,
  ];
}
