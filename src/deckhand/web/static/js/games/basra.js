// @ts-check
// Basra (the Basra design document): your hand, the table, every pile and basra (partners at four); pick a card, then what it takes.
import { card } from "../cards.js";
import { h } from "../dom.js";
import { controls, hand, lastMove, looseCard, pileName, pileZone, reports } from "./fishing.js";

/**
 * Basra's view: the viewer's hand as codes, every other hand as its count; one pile per seat (partners share).
 * @typedef {import("../contract.js").View & {
 *   hands: (string[] | number)[],
 *   table: string[],
 *   piles: string[][],
 *   basras: number[],
 *   dealer: number,
 *   deck_number: number,
 *   deck: number,
 *   set_aside: string[],
 *   last_capturer: number | null,
 *   teams?: number[][],
 *   draws: number,
 *   returns: number[] | null,
 * }} BasraView
 */

/**
 * @typedef {import("./fishing.js").FishingSelection} FishingSelection
 * @typedef {import("../contract.js").DrawContext<BasraView, FishingSelection>} Context
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<BasraView, FishingSelection>, typeof import("./basra.js")>} Checked
 *   (this module, checked against the contract)
 */

/** What to pick, in Basra's terms: a card takes cards of its value or groups adding up to it; a jack takes all. */
const PROMPT = "Pick a card from your hand, then the table cards it takes: cards of its value, or cards that add up to it (a jack takes them all).";

/** @param {string} move */
export function handles(move) {
  return move.startsWith("play ");
}

/**
 * @param {import("../contract.js").GameEvent} event
 * @returns {import("../contract.js").SoundName | null}
 */
export function sound(event) {
  return event.said.some((line) => /basra/i.test(line)) ? "cheer" : null;
}

/** @param {Context} ctx */
export function breakdown(ctx) {
  return reports(ctx);
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const seats = view.hands.length;
  // the others in turn order from the seat after yours (at four, your partner sits opposite: the middle one)
  const others = Array.from({ length: seats - 1 }, (_, i) => (me + 1 + i) % seats);
  const partner = seats === 4 ? (me + 2) % 4 : null;
  /** @param {number} seat */
  const side = (seat) =>
    pileZone(
      seat,
      card(view.piles[seat].length ? "??" : "empty", { tiny: true, label: pileName(ctx, seat, view.piles[seat].length, "won") }),
      `${ctx.names[seat]}${seat === partner ? " (partner)" : ""}: ${view.piles[seat].length} won · ${view.basras[seat]} basra${view.basras[seat] === 1 ? "" : "s"}`,
    );
  return h(
    "div",
    {},
    h("div.row", {}, others.map((seat) => hand(ctx, seat, view.hands[seat], { note: seat === partner ? "partner" : "" }))),
    h(
      "div.zone",
      {},
      h("div.title", { dataset: { zone: "deck" } }, `Table · deck ${view.deck_number}: ${view.deck} cards left`),
      h("div.row", {}, view.table.length ? view.table.map((c) => looseCard(ctx, c)) : h("span.muted", { style: "color:#ddd" }, "The table is empty.")),
    ),
    lastMove(ctx, view.table),
    h("div.row", {}, others.map(side), side(me)),
    reports(ctx),
    controls(ctx, PROMPT),
    hand(ctx, me, view.hands[me]),
  );
}
