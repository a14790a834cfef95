// @ts-check
// Go Fish: your hand by rank; click one of your cards, then the player to ask for that rank.
import { card } from "../cards.js";
import { SEAT_COLOURS, h } from "../dom.js";

/**
 * @typedef {import("../contract.js").GoFishView} GoFishView
 * @typedef {import("../contract.js").GoFishSelection} GoFishSelection
 * @typedef {import("../contract.js").DrawContext<GoFishView, GoFishSelection>} Context
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<GoFishView, GoFishSelection>, typeof import("./go_fish.js")>} Checked
 *   (this module, checked against the contract)
 */

/** @param {string} move */
export function handles(move) {
  return move.startsWith("ask ");
}

/** @param {string} code */
function rankOf(code) {
  return code[1];
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const n = view.hands.length;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const mine = ctx.legal.some((m) => m.startsWith("ask "));
  const seats = Array.from({ length: n }, (_, i) => (me + i) % n);
  /** @param {number} seat */
  const zone = (seat) => {
    const asks = mine && seat !== me && ctx.sel.rank && ctx.legal.includes(`ask ${seat} ${ctx.sel.rank}`);
    const hand = view.hands[seat];
    const books = view.books[seat];
    return h(
      "div.zone",
      {},
      h(
        "div.title",
        {},
        h("span", { style: `color:${SEAT_COLOURS[seat]}` }, "● "),
        `${ctx.names[seat]}${seat === ctx.seat && ctx.names[seat] !== "You" ? " (you)" : ""} · ${hand.length} cards · ${books.length / 4} books`,
        asks ? h("button", { type: "button", onclick: () => ctx.play(`ask ${seat} ${ctx.sel.rank}`), style: "margin-left:.5rem" }, `Ask for ${ctx.sel.rank}s`) : "",
      ),
      h(
        "div.row",
        {},
        hand.map((code) => {
          const pick = seat === ctx.seat && mine && code !== "??";
          return card(code, {
            tiny: seat !== ctx.seat,
            onclick: pick ? () => { ctx.sel.rank = rankOf(code); ctx.redraw(); } : undefined,
            selected: pick && ctx.sel.rank === rankOf(code),
          });
        }),
      ),
      books.length ? h("div.row", { title: "books" }, books.filter((_, i) => i % 4 === 0).map((c) => card(c, { tiny: true }))) : "",
    );
  };
  return h(
    "div",
    {},
    seats.slice(1).map(zone),
    h("div.zone", {}, h("div.title", {}, `Stock: ${view.stock} cards`), card(view.stock ? "??" : "empty", { tiny: true })),
    mine ? h("div.banner", {}, ctx.sel.rank ? `Now click "Ask" beside a player.` : "Click one of your cards to choose the rank to ask for.") : "",
    zone(me),
  );
}
