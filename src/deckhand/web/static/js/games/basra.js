// Basra (seed 003): your hand, the table, both piles and basras; pick a card, then what it takes.
import { card } from "../cards.js";
import { h } from "../dom.js";
import { controls, hand, looseCard, reports } from "./fishing.js";

export function handles(move) {
  return move.startsWith("play ");
}

export function sound(event) {
  return event.said.some((line) => /basra/i.test(line)) ? "basra" : null;
}

export function breakdown(ctx) {
  return reports(ctx);
}

export function draw(ctx) {
  const view = ctx.view;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const other = 1 - me;
  const side = (seat) =>
    h(
      "div.pile",
      {},
      card(view.piles[seat].length ? "??" : "empty", { tiny: true, label: `${ctx.names[seat]}'s pile` }),
      `${ctx.names[seat]}: ${view.piles[seat].length} won · ${view.basras[seat]} basra${view.basras[seat] === 1 ? "" : "s"}`,
    );
  return h(
    "div",
    {},
    hand(ctx, other, view.hands[other]),
    h(
      "div.zone",
      {},
      h("div.title", {}, `Table · deck ${view.deck_number}: ${view.deck} cards left`),
      h("div.row", {}, view.table.length ? view.table.map((c) => looseCard(ctx, c)) : h("span.muted", { style: "color:#ddd" }, "The table is empty.")),
    ),
    h("div.row", {}, side(other), side(me)),
    reports(ctx),
    controls(ctx),
    hand(ctx, me, view.hands[me]),
  );
}
