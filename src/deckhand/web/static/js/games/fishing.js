// The fishing games (Basra, Casino): pick a hand card, then the table cards or builds it takes or builds with.
// The server lists the legal moves that play exactly that selection; a move still ambiguous asks which.
import { card, cardLabel } from "../cards.js";
import { SEAT_COLOURS, h } from "../dom.js";

const CARD = /\b(?:[SHDC][A2-9XJQK]|JK)\b/g;

export function cardsOf(move) {
  return move.match(CARD) || [];
}

function toggle(ctx, code) {
  const table = new Set(ctx.sel.table || []);
  if (table.has(code)) table.delete(code);
  else table.add(code);
  ctx.sel.table = [...table];
  ctx.sel.choices = undefined;
  ctx.redraw();
}

function pickHand(ctx, code) {
  if (ctx.sel.hand === code) {
    choose(ctx); // a second click on the lifted card plays it, if that is unambiguous
    return;
  }
  ctx.sel.hand = code;
  ctx.sel.choices = undefined;
  ctx.redraw();
}

async function choose(ctx) {
  const cards = [ctx.sel.hand, ...(ctx.sel.table || [])].filter(Boolean);
  if (!cards.length) return;
  let found;
  try {
    found = await ctx.match(cards);
  } catch (error) {
    ctx.say(error.message, true);
    return;
  }
  const exact = found.moves.filter((m) => m.exact);
  if (exact.length === 1) {
    ctx.play(exact[0].move);
    return;
  }
  if (!found.moves.length) {
    ctx.say(`No legal move plays ${cards.map(cardLabel).join(" ")}.`, true);
    return;
  }
  ctx.sel.choices = exact.length ? exact : found.moves;
  ctx.say(exact.length ? "That could be several moves: which one?" : "These moves use those cards:");
  ctx.redraw();
}

export function hand(ctx, seat, cards, { count = null, note = "" } = {}) {
  const mine = seat === ctx.seat && ctx.legal.length > 0;
  const hinted = ctx.hint ? cardsOf(ctx.hint.move) : [];
  const list = Array.isArray(cards) ? cards : Array.from({ length: count ?? cards }, () => "??");
  return h(
    "div.zone",
    {},
    h("div.title", {}, h("span", { style: `color:${SEAT_COLOURS[seat]}` }, "● "), `${ctx.names[seat]}${seat === ctx.seat && ctx.names[seat] !== "You" ? " (you)" : ""}${note ? ` (${note})` : ""} · ${list.length} in hand`),
    h(
      "div.row",
      {},
      list.map((code) =>
        card(code, {
          onclick: mine ? () => pickHand(ctx, code) : undefined,
          selected: mine && ctx.sel.hand === code,
          hinted: mine && hinted[0] === code,
        }),
      ),
    ),
  );
}

export function looseCard(ctx, code) {
  const mine = ctx.legal.length > 0;
  const hinted = ctx.hint ? cardsOf(ctx.hint.move).slice(1) : [];
  return card(code, {
    onclick: mine ? () => toggle(ctx, code) : undefined,
    selected: (ctx.sel.table || []).includes(code),
    hinted: hinted.includes(code),
  });
}

/** A build: its cards as a group with its value and owner; clicking it selects all its cards. */
export function build(ctx, b) {
  const codes = b.parts.flat();
  const selected = codes.every((c) => (ctx.sel.table || []).includes(c));
  const mine = ctx.legal.length > 0;
  const onclick = mine
    ? () => {
        const table = new Set(ctx.sel.table || []);
        for (const c of codes) selected ? table.delete(c) : table.add(c);
        ctx.sel.table = [...table];
        ctx.redraw();
      }
    : undefined;
  return h(
    `${mine ? "button" : "div"}.group${selected ? ".selected" : ""}`,
    { type: mine ? "button" : undefined, onclick, title: `a build of ${b.value}, ${ctx.names[b.owner]}'s`, "aria-pressed": selected ? "true" : undefined },
    h("span.value", { style: `color:${SEAT_COLOURS[b.owner]}` }, `${b.value}`),
    b.parts.map((part, i) => [i ? h("span", {}, "+") : "", part.map((c) => card(c, { tiny: true }))]),
    h("span.muted", { style: "color:#eee" }, ctx.names[b.owner]),
  );
}

export function controls(ctx) {
  if (!ctx.legal.length) return "";
  const picked = [ctx.sel.hand, ...(ctx.sel.table || [])].filter(Boolean);
  const out = [
    h(
      "div.banner",
      {},
      picked.length ? `Selected: ${picked.map(cardLabel).join(" ")} ` : "Pick a card from your hand, then the table cards or builds it takes or builds with. ",
      picked.length ? h("button", { type: "button", onclick: () => choose(ctx) }, "Play") : "",
      " ",
      picked.length
        ? h("button", { type: "button", onclick: () => { ctx.sel.hand = undefined; ctx.sel.table = []; ctx.sel.choices = undefined; ctx.redraw(); } }, "Clear")
        : "",
    ),
  ];
  if (ctx.sel.choices) {
    out.push(
      h(
        "div.moves",
        { "aria-label": "Which move" },
        ctx.sel.choices.map((m) => h("button", { type: "button", onclick: () => ctx.play(m.move) }, m.words && m.words !== m.move ? `${m.move} — ${m.words}` : m.move)),
      ),
    );
  }
  return out;
}

export function reports(ctx) {
  const said = ctx.events.filter((e) => e.said.length).flatMap((e) => e.said);
  return said.length ? h("div.banner.breakdown", { role: "status" }, said.join("\n")) : "";
}
