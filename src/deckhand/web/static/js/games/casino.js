// @ts-check
// Casino (the Casino course rules): your hand, loose cards and builds (value and owner); pick a card, then what it captures or builds.
import { card } from "../cards.js";
import { h } from "../dom.js";
import { build, controls, hand, lastMove, looseCard, pileName, pileZone, reports } from "./fishing.js";

/**
 * A Casino build: its value, its owner, and the groups of cards that each make the value.
 * @typedef {{value: number, owner: number, parts: string[][]}} CasinoBuild
 */
/**
 * Casino's view (two seats): hands ("??" for the cards the viewer cannot see), loose cards and builds.
 * @typedef {import("../contract.js").View & {
 *   round: number,
 *   phase: string,
 *   seats: string[],
 *   call: string | null,
 *   leader: number,
 *   hands: string[][],
 *   table: {loose: string[], builds: CasinoBuild[]},
 *   piles: string[][],
 *   deck_count: number,
 *   aside: string[],
 *   last_capturer: number | null,
 *   last_round_points: number[] | null,
 *   notes: string[],
 * }} CasinoView
 */

/**
 * @typedef {import("./fishing.js").FishingSelection} FishingSelection
 * @typedef {import("../contract.js").DrawContext<CasinoView, FishingSelection>} Context
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<CasinoView, FishingSelection>, typeof import("./casino.js")>} Checked
 *   (this module, checked against the contract)
 */

/** What to pick, in Casino's terms: loose cards, sets and builds captured, or the cards a build is made with. */
const PROMPT = "Pick a card from your hand, then the loose cards, sets or builds it captures, or the cards it builds with (pick it alone to trail it).";

/** @param {string} move */
export function handles(move) {
  return /^(capture|build|trail|extend|increase) /.test(move);
}

/** @param {string} move */
export function buttonLabel(move) {
  return /** @type {Record<string, string>} */ ({ heads: "Call heads", tails: "Call tails" })[move] || move;
}

/** @param {Context} ctx */
export function breakdown(ctx) {
  const points = ctx.view.last_round_points;
  return h("div", {}, reports(ctx), points ? h("p", {}, `Last round's points: ${points.map((p, i) => `${ctx.names[i]} ${p}`).join(", ")}`) : "");
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const other = 1 - me;
  /** @param {number} seat */
  const pile = (seat) =>
    pileZone(seat, card(view.piles[seat].length ? "??" : "empty", { tiny: true, label: pileName(ctx, seat, view.piles[seat].length, "captured") }), `${ctx.names[seat]}: ${view.piles[seat].length} captured`);
  const table = [...view.table.loose.map((c) => looseCard(ctx, c)), ...view.table.builds.map((b) => build(ctx, b))];
  const calling = view.phase !== "play" && ctx.legal.length ? h("div.banner", {}, "Call the coin toss: the winner of the toss leads.") : "";
  return h(
    "div",
    {},
    h("div.muted", { style: "color:#eee", dataset: { zone: "deck" } }, [`Round ${view.round}`, `deck: ${view.deck_count} cards`, view.call ? `toss called ${view.call}` : ""].filter(Boolean).join(" · ")),
    hand(ctx, other, view.hands[other]),
    h("div.zone", {}, h("div.title", {}, "Table"), h("div.row", {}, table.length ? table : h("span.muted", { style: "color:#ddd" }, "The table is empty."))),
    lastMove(ctx, [...view.table.loose, ...view.table.builds.flatMap((b) => b.parts.flat())]),
    h("div.row", {}, pile(other), pile(me)),
    reports(ctx),
    calling,
    view.phase === "play" ? controls(ctx, PROMPT) : "",
    hand(ctx, me, view.hands[me]),
  );
}
