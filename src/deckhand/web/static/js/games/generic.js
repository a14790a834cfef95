// @ts-check
// Any game without a drawing of its own: every list of cards in the view, face up or down, and the moves as buttons.
import { card, isCard } from "../cards.js";
import { h } from "../dom.js";

/**
 * @typedef {import("../contract.js").View} View
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<View>, typeof import("./generic.js")>} Checked
 *   (this module, checked against the contract)
 */

/**
 * @param {unknown[]} list
 * @param {string} title Where the cards lie, as the zone's title says it.
 */
function cards(list, title) {
  return h("div.row", {}, list.map((c, i) => card(isCard(c) ? c : "??", { tiny: true, where: `${title}, slot ${i + 1}` })));
}

/**
 * @param {unknown} value
 * @returns {value is string[]}
 */
function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every((c) => c === "??" || isCard(c));
}

/** @param {import("../contract.js").DrawContext} ctx */
export function draw(ctx) {
  /** @type {HTMLElement[]} */
  const zones = [];
  for (const [key, value] of Object.entries(ctx.view)) {
    if (["game", "rules_version", "options", "viewer", "scores", "current_player"].includes(key)) continue;
    if (isCardList(value)) zones.push(h("div.zone", {}, h("div.title", {}, key), cards(value, key)));
    else if (Array.isArray(value) && value.some(isCardList)) {
      value.forEach((item, i) => {
        if (isCardList(item)) zones.push(h("div.zone", {}, h("div.title", {}, `${key}: ${ctx.names[i] || i}`), cards(item, `${key}: ${ctx.names[i] || i}`)));
      });
    } else if (typeof value === "number" || typeof value === "string") {
      zones.push(h("div.zone", {}, h("span.title", {}, `${key}: `), String(value)));
    }
  }
  return h("div", {}, zones);
}
