// @ts-check
// The outcome of a deck, a round or a whole game, drawn over the table with the cards themselves:
// each side's pile (the cards that score lifted out), what the side made much of, the points and the match's totals. It stays until
// the player dismisses it. Everything in it comes from public events and views: piles are public by the end.
import { card, cardLabel } from "./cards.js";
import { h } from "./dom.js";

/**
 * @typedef {import("./contract.js").Tally} Tally
 * @typedef {import("./contract.js").TallySide} TallySide
 * @typedef {import("./dom.js").Child} Child
 */

/** At most this many of a pile's cards are drawn (the rest are counted). */
const FAN = 30;

/**
 * @param {number} n
 * @returns {string} "no cards", "1 card", "14 cards"
 */
function pileCount(n) {
  return n === 0 ? "no cards" : n === 1 ? "1 card" : `${n} cards`;
}

/**
 * One side's pile as a fan of small cards, the counted ones marked, and what it scored.
 * @param {TallySide} side
 */
function pileOf(side) {
  const counted = new Set(side.counted);
  const shown = [...side.counted, ...side.cards.filter((c) => !counted.has(c))].slice(0, FAN);
  return h(
    "div.tally-side",
    {},
    h("h3", {}, side.name, h("span.tally-points", {}, ` +${side.points}`), h("span.muted", {}, ` · total ${side.total}`)),
    h(
      "div.tally-pile",
      { role: "group", "aria-label": `${side.name}'s pile: ${pileCount(side.cards.length)}` },
      shown.map((code) => {
        const el = card(code, { tiny: true });
        if (counted.has(code)) el.classList.add("counted");
        return el;
      }),
      side.cards.length > FAN ? h("span.muted", {}, `+${side.cards.length - FAN}`) : "",
    ),
    h(
      "ul.tally-notes",
      {},
      side.counted.length ? h("li", {}, `Counted: ${side.counted.map(cardLabel).join(" ")}`) : "",
      side.notes.map((note) => h("li", {}, note)),
      side.feat ? h("li.feat", {}, side.feat) : "",
    ),
  );
}

/**
 * A deck's or round's tally.
 * @param {Tally} tally
 */
export function tallyPicture(tally) {
  return h("div.tally", {}, h("h2", {}, tally.title), h("div.tally-sides", {}, tally.sides.map(pileOf)));
}

/**
 * The overlay: a dialog over the table, with a button that dismisses it (Escape too).
 * @param {object} parts
 * @param {string} parts.kind "tally" (a deck or round) or "end" (the game).
 * @param {Child} parts.body
 * @param {Child} [parts.links] The replay and review links of a finished game.
 * @param {() => void} parts.dismiss
 */
export function outcomeOverlay({ kind, body, links, dismiss }) {
  const close = h("button.primary", { type: "button", onclick: dismiss }, kind === "end" ? "Close" : "Continue");
  const el = h(
    `div.outcome.outcome-${kind}`,
    { role: "dialog", "aria-modal": "false", "aria-label": kind === "end" ? "The game's outcome" : "The score so far", tabindex: "-1" },
    // the links and buttons stay at the card's foot in sight while a long outcome (a phone, three hands) scrolls
    h("div.outcome-card", {}, body, h("div.outcome-foot", {}, links || "", h("p.outcome-actions", {}, close))),
  );
  el.addEventListener("keydown", (event) => {
    if (/** @type {KeyboardEvent} */ (event).key === "Escape") dismiss();
  });
  return el;
}

/**
 * A finished game's links: its replay, and the viewer's review of their own seat when the server offers one
 * (hidden otherwise: until the game is stored, and always for a spectator).
 * @param {string | null | undefined} replay
 * @param {string | null | undefined} review
 */
export function endLinks(replay, review) {
  return h(
    "p.outcome-links",
    {},
    h("a.replay-link", { href: replay || "#/stats", hidden: !replay }, "Watch the replay"),
    " ",
    h("a.review-link", { href: review || "#", hidden: !review }, "Review your game"),
  );
}
