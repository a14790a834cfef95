// @ts-check
// Cambio (the app report and the advisor README, docs/sources.md): the 2×2 hands, the piles in the middle; click the cards a move touches.
// Your known cards show face up (or, in memory mode, only when you look); a peek shows its card for a moment.
import { card, cardSpoken, whose } from "../cards.js";
import { h, store } from "../dom.js";

/**
 * Cambio's view: a hand of slots per seat (a card code, "??" face down, null for an empty slot).
 * `known[seat][slot]` lists the seats that have seen that card; places are written "SEAT.SLOT".
 * @typedef {import("../contract.js").View & {
 *   hands: (string | null)[][],
 *   discard: string[],
 *   caller: number | null,
 *   known: number[][][],
 *   shown: boolean[][],
 *   phase: string,
 *   turn: number,
 *   turns_played: number,
 *   drawn: string | null,
 *   drawn_from: "discard" | "deck" | null,
 *   peeked: string | null,
 *   stick_window: {played: number, seat: number, give_to: string | null} | null,
 *   draw_pile: number,
 *   cards_drawn: number,
 *   winners?: number[],
 * }} CambioView
 */
/** @typedef {{first?: string, looking?: string}} CambioSelection The first card of a switch; the card being looked at. */

/**
 * @typedef {import("../contract.js").DrawContext<CambioView, CambioSelection>} Context
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<CambioView, CambioSelection>, typeof import("./cambio.js")>} Checked
 *   (this module, checked against the contract)
 */

const CLICKED = /^(swap|peek|switch|stick|give) /;
const GLIMPSE_MS = 3000;

/** The game's own look (each hand's slots in a grid): css/games/cambio.css. */
export const stylesheet = true;

/** @param {string} move */
export function handles(move) {
  return CLICKED.test(move);
}

/** @param {string} move */
export function buttonLabel(move) {
  return /** @type {Record<string, string>} */ ({ cambio: "Call cambio", pass: "Pass", skip: "Skip the power", keep: "Keep my cards", draw: "Draw", take: "Take the discard", discard: "Discard" })[move] || move;
}

/**
 * Where slot `slot` sits: the first four as a 2×2, extra (penalty) cards growing to the right.
 * @param {number} slot
 */
function gridPlace(slot) {
  if (slot < 4) return `grid-row:${Math.floor(slot / 2) + 1};grid-column:${(slot % 2) + 1}`;
  return `grid-row:${(slot % 2) + 1};grid-column:${Math.floor((slot - 4) / 2) + 3}`;
}

/**
 * The legal moves that click the card at `place` ("SEAT.SLOT").
 * @param {Context} ctx
 * @param {string} place
 */
function movesAt(ctx, place) {
  const [seat, slot] = place.split(".").map(Number);
  return ctx.legal.filter((move) => {
    const words = move.split(" ");
    if (words.slice(1).includes(place)) return true;
    return seat === ctx.seat && (words[0] === "swap" || words[0] === "give") && words[1] === String(slot);
  });
}

/**
 * @param {Context} ctx
 * @param {string} place
 */
function clickSlot(ctx, place) {
  const first = ctx.sel.first;
  if (first) {
    const pair = ctx.legal.find((m) => m === `switch ${first} ${place}` || m === `switch ${place} ${first}`);
    ctx.sel.first = undefined;
    if (pair) {
      ctx.play(pair);
      return;
    }
  }
  const moves = movesAt(ctx, place);
  const single = moves.filter((m) => !m.startsWith("switch "));
  if (single.length === 1) {
    ctx.play(single[0]);
  } else if (moves.some((m) => m.startsWith("switch "))) {
    ctx.sel.first = place;
    ctx.say(`Now click the card to switch with ${spokenPlace(ctx, place)}.`);
    ctx.redraw();
  } else if (ctx.memory && ctx.view.turns_played === 0 && ctx.seat !== null && ctx.view.hands[ctx.seat]) {
    look(ctx, place);
  }
}

/**
 * A place as a player says it, counted from one as its label shows: "your card 2", "Computer's card 1".
 * @param {Context} ctx
 * @param {string} place "SEAT.SLOT"
 * @returns {string}
 */
function spokenPlace(ctx, place) {
  const [seat, slot] = place.split(".").map(Number);
  return `${whose(ctx.names, seat, ctx.seat)} card ${slot + 1}`;
}

/**
 * Memory mode: show one of your own cards for a moment.
 * @param {Context} ctx
 * @param {string} place
 */
function look(ctx, place) {
  const [seat, slot] = place.split(".").map(Number);
  const code = ctx.view.hands[seat][slot];
  if (seat !== ctx.seat || !code || code === "??") return;
  ctx.sel.looking = place;
  ctx.redraw();
  setTimeout(() => {
    if (ctx.sel.looking === place) ctx.sel.looking = undefined;
    ctx.redraw();
  }, GLIMPSE_MS);
}

/**
 * @param {Context} ctx
 * @param {number} seat
 * @param {number} slot
 * @param {string | null} code
 */
function slotCard(ctx, seat, slot, code) {
  const place = `${seat}.${slot}`;
  const view = ctx.view;
  const ended = view.phase === "end";
  const glimpsed = ctx.glimpse[place];
  const clickable = movesAt(ctx, place).length > 0 || (ctx.memory && seat === ctx.seat && view.turns_played === 0);
  let face = code === null ? "empty" : code;
  let known = false;
  if (glimpsed) face = glimpsed;
  else if (code && code !== "??" && !ended) {
    known = true;
    if (ctx.memory && seat === ctx.seat && ctx.sel.looking !== place) face = "??"; // you must remember it
  }
  const hinted = ctx.hint && ctx.hint.move.split(" ").slice(1).some((w) => w === place || (seat === ctx.seat && w === String(slot)));
  const who = (view.known[seat][slot] || []).map((q) => ctx.names[q]).join(", ");
  const spoken = spokenPlace(ctx, place);
  const title = face === "??" ? `${spoken}: face down${who ? `; seen by ${who}` : ""}` : undefined;
  const el = card(face, {
    onclick: clickable ? () => clickSlot(ctx, place) : undefined,
    selected: ctx.sel.first === place,
    hinted,
    known: known && face !== "??",
    glimpse: Boolean(glimpsed) || ctx.sel.looking === place,
    title,
    label: `${cardSpoken(face, spoken)}${face === "??" && who ? `; seen by ${who}` : ""}`,
    data: { place, key: place },
  });
  lastTouched(ctx, el, place);
  return h("div.slot", { style: gridPlace(slot) }, h("span.place", { "aria-hidden": "true" }, String(slot + 1)), el);
}

/**
 * Mark `el` when the last move (another seat's) touched `key`: a place, or "deck", "discard".
 * @param {Context} ctx
 * @param {HTMLElement} el
 * @param {string} key
 */
function lastTouched(ctx, el, key) {
  const move = ctx.last && ctx.last.move;
  if (!move) return;
  const words = move.split(" ");
  const seat = String(ctx.last ? ctx.last.seat : "");
  const own = (words[0] === "swap" || words[0] === "give") && key === `${seat}.${words[1]}`;
  const pile = (key === "deck" && words[0] === "draw") || (key === "discard" && ["take", "discard", "swap", "stick"].includes(words[0]));
  if (own || pile || words.slice(1).includes(key)) {
    el.classList.add("last-move");
    el.dataset.lastMove = "";
  }
}

/**
 * `el`, marked when the last move touched `key`.
 * @param {Context} ctx
 * @param {HTMLElement} el
 * @param {string} key
 */
function lastMark(ctx, el, key) {
  lastTouched(ctx, el, key);
  return el;
}

/**
 * The cards a Cambio move sends travelling: places stay put, their cards move.
 * @param {import("../contract.js").GameEvent} event
 * @returns {import("../motion.js").Travel[]}
 */
export function travels(event) {
  if (!event.move || event.seat === null) return [];
  const [verb, a, b] = event.move.split(" ");
  const own = `${event.seat}.${a}`;
  switch (verb) {
    case "draw":
      return [{ key: "drawn", from: "deck" }];
    case "take":
      return [{ key: "drawn", from: "discard" }];
    case "discard":
      return [{ key: "discard", from: "drawn" }];
    case "swap":
      return [{ key: own, from: "drawn" }, { key: "discard", from: own }];
    case "give":
      return [{ key: own, from: own }];
    case "stick":
      return [{ key: "discard", from: a }];
    case "peek":
      return [{ key: a, lift: true }];
    case "switch":
      return [{ key: a, from: b }, { key: b, from: a }];
    default:
      return [];
  }
}

/**
 * The end of the game in the outcome overlay: every hand face up with its total; the lowest total wins.
 * @param {Context} ctx
 */
export function outcome(ctx) {
  const view = ctx.view;
  const totals = view.scores || [];
  const winners = view.winners || [];
  const lowest = winners.map((s) => ctx.names[s]).join(" and ");
  const low = winners.length ? totals[winners[0]] : null;
  return h(
    "div.cambio-outcome",
    {},
    h("p.outcome-rule", {}, winners.length ? `${lowest} ${winners.length > 1 ? "share" : lowest === "You" ? "have" : "has"} the lowest total${low === null ? "" : ` (${low})`}: lowest wins.` : "Lowest total wins."),
    view.hands.map((slots, seat) =>
      h(
        `div.outcome-hand${winners.includes(seat) ? ".lowest" : ""}`,
        {},
        h("h3", {}, `${ctx.names[seat]}: ${totals[seat] ?? "?"}`, view.caller === seat ? h("span.muted", {}, " (called cambio)") : ""),
        h("div.row", {}, slots.filter((c) => c !== null).map((c) => card(c, { tiny: true }))),
      ),
    ),
  );
}

/**
 * @param {Context} ctx
 * @param {number} seat
 */
function hand(ctx, seat) {
  const view = ctx.view;
  const slots = view.hands[seat];
  const total = view.phase === "end" && view.scores ? view.scores[seat] : null;
  const title = [
    ctx.names[seat],
    seat === ctx.seat && ctx.names[seat] !== "You" ? "(you)" : "",
    view.caller === seat ? "· called cambio" : "",
    total !== null ? `· total ${total}` : "",
    ctx.toMove === seat ? "· to play" : "",
  ].join(" ");
  return h(
    "div.zone",
    {},
    h("div.title", {}, title),
    h(`div.cambio-hand${view.caller === seat ? ".caller" : ""}`, {}, slots.map((code, slot) => slotCard(ctx, seat, slot, code))),
  );
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const n = view.hands.length;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const order = Array.from({ length: n }, (_, i) => (me + i) % n);
  const others = order.slice(1).map((seat) => hand(ctx, seat));
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const canDraw = ctx.legal.includes("draw");
  const canTake = ctx.legal.includes("take");
  const canDiscard = ctx.legal.includes("discard");
  const drawPile = h(
    "div.pile",
    {},
    lastMark(
      ctx,
      card(view.draw_pile ? "??" : "empty", {
        onclick: canDraw ? () => ctx.play("draw") : undefined,
        hinted: ctx.hint && ctx.hint.move === "draw",
        label: `the draw pile, ${view.draw_pile} card${view.draw_pile === 1 ? "" : "s"}`,
        data: { key: "deck" },
      }),
      "deck",
    ),
    `Deck: ${view.draw_pile}`,
  );
  const discardAction = canDiscard ? "discard" : canTake ? "take" : null;
  const discardPile = h(
    "div.pile",
    {},
    lastMark(
      ctx,
      card(top || "empty", {
        onclick: discardAction ? () => ctx.play(discardAction) : undefined,
        hinted: ctx.hint && ctx.hint.move === discardAction,
        label: top ? `the discard pile, ${cardSpoken(top)} on top` : "the discard pile, empty",
        data: { pile: "discard", key: "discard" },
      }),
      "discard",
    ),
    `Discard: ${view.discard.length}`,
  );
  const center = [drawPile, discardPile];
  if (view.drawn) {
    const from = view.drawn_from === "discard" ? "taken from the discard" : "drawn";
    const holder = ctx.names[view.turn] || "";
    center.push(h("div.pile", {}, card(view.drawn === "??" ? "??" : view.drawn, { where: `the card ${holder} ${view.drawn_from === "discard" ? "took from the discard" : "drew"}`, data: { key: "drawn" } }), `${holder}: ${from}`));
  }
  /** @type {HTMLElement[]} */
  const prompt = [];
  if (ctx.legal.length) {
    const phase = view.phase;
    const text = /** @type {Record<string, string>} */ ({
      start: "Your turn: draw a card (click the deck)" + (canTake ? ", take the discard" : "") + ", or call cambio.",
      hold: view.drawn_from === "discard" ? "Click one of your cards to swap the taken card in." : "Click one of your cards to swap it in, or click the discard pile to discard it.",
      peek_own: "Power: click one of your cards to look at it (or skip).",
      peek_other: "Power: click another player's card to look at it (or skip).",
      switch: "Power: click two cards to switch them blind (or skip).",
      king_peek: "King: click a card to look at it (or skip).",
      king_switch: "King: click two cards to switch them, or skip.",
      stick: `Stick window on ${top || "the discard"}: click a card of the same rank, or pass.`,
      give: "Right! Click one of your cards to give in its place, or keep.",
    })[phase];
    if (text) prompt.push(h("div.banner", {}, text));
  }
  if (ctx.memory && ctx.seat !== null && view.turns_played === 0) {
    prompt.push(h("div.banner", {}, "Memory mode: click your cards marked as known to look at them; then remember them."));
  }
  const mine = ctx.seat === null ? hand(ctx, 0) : hand(ctx, ctx.seat);
  const last = ctx.events.filter((e) => e.said.length).map((e) => e.said.join(" "));
  // the others and the piles share a row, the setting sits on top: the player's hand ends the felt, by the controls
  return h(
    "div",
    {},
    memoryToggle(ctx),
    h(
      "div.cambio-top",
      {},
      h("div.cambio-seats", {}, ctx.seat === null ? order.slice(1).map((s) => hand(ctx, s)) : others),
      h("div.cambio-center", {}, center),
    ),
    last.length ? h("div.banner", { role: "status" }, last.slice(-2).join(" ")) : "",
    prompt,
    h("div.cambio-seats", {}, mine),
  );
}

/** @param {Context} ctx */
function memoryToggle(ctx) {
  if (ctx.seat === null) return "";
  return h(
    "label.setting",
    {},
    h("input", {
      type: "checkbox",
      checked: ctx.memory,
      onchange: (event) => {
        const box = /** @type {HTMLInputElement} */ (event.target);
        store.set("memory", box.checked);
        ctx.memory = box.checked;
        ctx.redraw();
      },
    }),
    " Memory mode (as at a real table: your known cards stay face down)",
  );
}

/** The powers, each as a short animation on the rules page (the Cambio app report showed videos of them). */
export function rulesDemos() {
  /**
   * @param {string} kind
   * @param {string} title
   * @param {string} text
   * @param {string} a
   * @param {string} b
   */
  const demo = (kind, title, text, a, b) => {
    const stage = h("div.stage", {}, card(a, { title: "" }), card(b, { title: "" }));
    const [first, second] = stage.children;
    first.classList.add("a");
    second.classList.add("b");
    return h(`div.demo.${kind}`, {}, h("strong", {}, title), stage, h("p.muted", { style: "color:#eee" }, text));
  };
  return h(
    "div.demos",
    {},
    demo("peek", "7 or 8: peek at your own card", "The card turns up for you alone, then goes back face down.", "??", "H4"),
    demo("peek", "9 or 10: peek at another's card", "You see one of another player's cards.", "??", "SQ"),
    demo("switch", "Jack or Queen: blind switch", "Two cards change places; nobody sees them.", "??", "??"),
    demo("peek", "Black King: peek, then switch", "Look at a card first, then you may switch it.", "??", "CK"),
  );
}
