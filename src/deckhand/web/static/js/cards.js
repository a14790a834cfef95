// @ts-check
// Card faces drawn with CSS and Unicode suits: suit then rank codes (SA H9 DX CK, JK a joker).
import { h } from "./dom.js";

/** @type {Record<string, string>} */
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** @type {Record<string, string>} */
const SUIT_NAMES = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };
/** @type {Record<string, string>} */
const RANKS = { A: "A", X: "10", J: "J", Q: "Q", K: "K" };
/** @type {Record<string, string>} */
const RANK_NAMES = { A: "Ace", X: "10", J: "Jack", Q: "Queen", K: "King" };

/**
 * Whether `code` is a card's face: "??" (face down), "empty" or a name is not.
 * @param {unknown} code
 * @returns {code is string}
 */
export function isCard(code) {
  return typeof code === "string" && (code === "JK" || /^[SHDC][A2-9XJQK]$/.test(code));
}

/** @type {Record<string, string>} */
const RANK_PLURALS = { A: "aces", J: "jacks", Q: "queens", K: "kings" };

/**
 * A rank letter ("X", "A", "7") in the plural as players say it: "10s", "aces", "7s".
 * @param {string} rank
 */
export function rankPlural(rank) {
  return RANK_PLURALS[rank] || `${RANKS[rank] || rank}s`;
}

/** @param {string} code */
export function cardName(code) {
  if (code === "JK") return "Joker";
  if (!isCard(code)) return "a hidden card";
  const rank = code[1];
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[code[0]]}`;
}

/** @param {string} code */
export function cardLabel(code) {
  if (code === "JK") return "🃏";
  if (!isCard(code)) return code;
  return `${RANKS[code[1]] || code[1]}${SUITS[code[0]]}`;
}

/**
 * How a card is shown: clickable (a button) with `onclick`, marked selected, hinted, known or glimpsed, small.
 * @typedef {object} CardOptions
 * @property {((event: MouseEvent) => void) | undefined} [onclick]
 * @property {boolean | null} [selected]
 * @property {boolean | null} [hinted]
 * @property {boolean} [known]
 * @property {boolean} [glimpse]
 * @property {boolean} [tiny]
 * @property {string} [title]
 * @property {string} [label] What a screen reader says (by default the title).
 * @property {Record<string, string>} [data] data-* attributes.
 * @property {string} [caption] A line under the card.
 */

/**
 * A card: face up for a code, a back for "??" (or null), a dashed place for "empty".
 * @param {string | null} code
 * @param {CardOptions} [opts]
 */
export function card(code, opts = {}) {
  const tag = opts.onclick ? "button" : "div";
  const classes = ["card"];
  if (opts.tiny) classes.push("tiny");
  if (opts.selected) classes.push("selected");
  if (opts.hinted) classes.push("hinted");
  if (opts.glimpse) classes.push("glimpse");
  if (opts.onclick) classes.push("clickable");
  /** @type {HTMLElement[]} */
  let body = [];
  let title = opts.title;
  if (code === "empty") {
    classes.push("empty");
    title = title || "an empty place";
  } else if (!isCard(code)) {
    classes.push("back");
    title = title || "a face-down card";
  } else {
    if (code === "JK") {
      body = [h("span.pip", {}, "🃏"), h("span.corner", {}, "JK")];
    } else {
      const suit = SUITS[code[0]];
      const rank = RANKS[code[1]] || code[1];
      if (code[0] === "H" || code[0] === "D") classes.push("red");
      const face = "JQK".includes(code[1]);
      body = [
        h("span.corner", {}, rank, h("small", {}, suit)),
        h(face ? "span.pip.face" : "span.pip", {}, face ? `${rank}${suit}` : suit),
        h("span.corner.bottom", {}, rank, h("small", {}, suit)),
      ];
    }
    if (opts.known) classes.push("known");
    title = title || cardName(code);
  }
  /** @type {import("./dom.js").Attrs} */
  // a card that is not a button is a picture: only then may it carry a name
  const attrs = { title, role: opts.onclick ? undefined : "img", "aria-label": opts.label || title, onclick: opts.onclick };
  if (opts.data) attrs.dataset = opts.data;
  if (opts.onclick) attrs.type = "button";
  if (opts.selected) attrs["aria-pressed"] = "true";
  const el = h(`${tag}.${classes.join(".")}`, attrs, body);
  if (opts.caption) el.append(h("span.label", {}, opts.caption));
  return el;
}

/**
 * A pile drawn as one card with its count under it.
 * @param {string} top
 * @param {number} count
 * @param {string} caption
 * @param {CardOptions} [opts]
 */
export function pile(top, count, caption, opts = {}) {
  return h("div.pile", {}, card(count ? top : "empty", opts), h("span", {}, `${caption}: ${count}`));
}
