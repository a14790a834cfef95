// @ts-check
// The fishing games (Basra, Casino): pick a hand card, then the table cards it takes (and, in Casino, builds with).
// The server lists the legal moves that play exactly that selection; a move still ambiguous asks which, and cards
// that make no move are told why, in the game's words. Each game says in its own words what to pick (`controls`).
import { card, cardLabel, cardSpoken, whose } from "../cards.js";
import { SEAT_COLOURS, h } from "../dom.js";

/**
 * @typedef {{hand?: string, table?: string[], choices?: import("../contract.js").MatchedMove[], why?: string}} FishingSelection A hand card, table
 *   cards, the moves they could be; why they make no move (said beside them).
 */

/**
 * What the fishing games' drawing reads (Basra's view or Casino's).
 * @typedef {import("../contract.js").DrawContext<import("../contract.js").View, FishingSelection>} FishingContext
 */

const CARD = /\b(?:[SHDC][A2-9XJQK]|JK)\b/g;

/**
 * The cards a move names, the hand card first.
 * @param {string} move
 * @returns {string[]}
 */
export function cardsOf(move) {
  return move.match(CARD) || [];
}

/**
 * @param {FishingContext} ctx
 * @param {string} code
 */
function toggle(ctx, code) {
  const table = new Set(ctx.sel.table || []);
  if (table.has(code)) table.delete(code);
  else table.add(code);
  ctx.sel.table = [...table];
  ctx.sel.choices = undefined;
  ctx.sel.why = undefined;
  ctx.redraw();
}

/**
 * @param {FishingContext} ctx
 * @param {string} code
 */
function pickHand(ctx, code) {
  if (ctx.sel.hand === code) {
    choose(ctx); // a second click on the lifted card plays it, if that is unambiguous
    return;
  }
  ctx.sel.hand = code;
  ctx.sel.choices = undefined;
  ctx.sel.why = undefined;
  ctx.redraw();
}

/**
 * The selected cards, the hand card first.
 * @param {FishingContext} ctx
 * @returns {string[]}
 */
function pickedCards(ctx) {
  return /** @type {string[]} */ ([ctx.sel.hand, ...(ctx.sel.table || [])].filter(Boolean));
}

/**
 * Play the selected cards: the one move that plays exactly them, or ask which.
 * @param {FishingContext} ctx
 */
async function choose(ctx) {
  const cards = pickedCards(ctx);
  if (!cards.length) return;
  let found;
  try {
    found = await ctx.match(cards);
  } catch (error) {
    refuse(ctx, /** @type {Error} */ (error).message);
    return;
  }
  const exact = found.moves.filter((m) => m.exact);
  if (exact.length === 1) {
    ctx.play(exact[0].move);
    return;
  }
  if (!found.moves.length) {
    const why = found.why ? `${found.why[0].toUpperCase()}${found.why.slice(1)}.` : "";
    refuse(ctx, why || `No legal move plays ${cards.map(cardLabel).join(" ")}.`);
    return;
  }
  ctx.sel.choices = exact.length ? exact : found.moves;
  ctx.say(exact.length ? "That could be several moves: which one?" : "These moves use those cards:");
  ctx.redraw();
}

/**
 * Say why the selection makes no move beside the selection itself, where the player is looking.
 * @param {FishingContext} ctx
 * @param {string} why
 */
function refuse(ctx, why) {
  ctx.sel.why = why;
  ctx.redraw();
}

/**
 * A seat's hand: its cards (the player's own may be picked), or as many backs as `cards` counts.
 * @param {FishingContext} ctx
 * @param {number} seat
 * @param {string[] | number} cards
 * @param {{count?: number | null, note?: string}} [options]
 */
export function hand(ctx, seat, cards, { count = null, note = "" } = {}) {
  const mine = seat === ctx.seat && ctx.legal.length > 0;
  const hinted = ctx.hint ? cardsOf(ctx.hint.move) : [];
  const list = Array.isArray(cards) ? cards : Array.from({ length: count ?? cards }, () => "??");
  return h(
    "div.zone",
    { dataset: { zone: `hand-${seat}` } },
    h("div.title", {}, h("span", { style: `color:${SEAT_COLOURS[seat]}` }, "● "), `${ctx.names[seat]}${seat === ctx.seat && ctx.names[seat] !== "You" ? " (you)" : ""}${note ? ` (${note})` : ""} · ${list.length} in hand`),
    h(
      "div.row",
      {},
      list.map((code, i) =>
        card(code, {
          onclick: mine ? () => pickHand(ctx, code) : undefined,
          selected: mine && ctx.sel.hand === code,
          hinted: mine && hinted[0] === code,
          where: `in ${whose(ctx.names, seat, ctx.seat)} hand, slot ${i + 1}`,
          data: code === "??" ? undefined : { key: code, from: "deck" },
        }),
      ),
    ),
  );
}

/**
 * A pile of won cards as a screen reader says it: "Computer's pile, 12 cards won, face down".
 * @param {FishingContext} ctx
 * @param {number} seat
 * @param {number} count
 * @param {string} verb
 */
export function pileName(ctx, seat, count, verb) {
  const owner = whose(ctx.names, seat, ctx.seat);
  return count ? `${owner} pile, ${count} card${count === 1 ? "" : "s"} ${verb}, face down` : `${owner} pile, empty`;
}

/**
 * A card on the table: clicking it adds it to (or takes it from) the selection.
 * @param {FishingContext} ctx
 * @param {string} code
 */
export function looseCard(ctx, code) {
  const mine = ctx.legal.length > 0;
  const hinted = ctx.hint ? cardsOf(ctx.hint.move).slice(1) : [];
  return marked(ctx, card(code, {
    onclick: mine ? () => toggle(ctx, code) : undefined,
    selected: (ctx.sel.table || []).includes(code),
    hinted: hinted.includes(code),
    where: "on the table",
    data: { key: code },
  }), code);
}

/**
 * Mark `el` as touched by the last move (another seat's) when that move named `code`.
 * @param {FishingContext} ctx
 * @param {HTMLElement} el
 * @param {string} code
 */
function marked(ctx, el, code) {
  if (ctx.last && ctx.last.move && cardsOf(ctx.last.move).includes(code)) {
    el.classList.add("last-move");
    el.dataset.lastMove = "";
  }
  return el;
}

/**
 * A seat's pile of won cards, where captured cards sweep to.
 * @param {number} seat
 * @param {import("../dom.js").Child[]} children
 */
export function pileZone(seat, ...children) {
  // the caption (the last child) in its own element, ended for a reader: two piles' captions never run together
  const caption = children.pop();
  return h("div.pile", { dataset: { zone: `pile-${seat}` } }, children, h("span.pile-caption", {}, caption, h("span.sr-only", {}, ".")));
}

/**
 * The last move by another seat (the computer's), while it stands: the cards it played and took, those no
 * longer on the table drawn here (a capture takes them to a pile), the rest marked where they lie.
 * @param {FishingContext} ctx
 * @param {string[]} onTable The cards on the table now.
 */
export function lastMove(ctx, onTable) {
  const last = ctx.last;
  if (!last || !last.move || last.seat === null) return "";
  const cards = cardsOf(last.move);
  const gone = cards.filter((c) => !onTable.includes(c));
  if (!gone.length) return "";
  const [played] = cards;
  const who = ctx.names[last.seat];
  return h(
    "div.last-strip",
    { "aria-label": `${ctx.names[last.seat]}'s last move` },
    h("span.title", {}, h("span", { style: `color:${SEAT_COLOURS[last.seat]}` }, "● "), last.words && last.words.startsWith(who) ? last.words : `${who}: ${last.words || last.move}`),
    gone.map((code) =>
      marked(ctx, card(code, { tiny: true, where: `in ${who}'s last move`, data: code === played ? { key: `last:${code}`, still: "1" } : { key: `last:${code}`, from: code, still: "1" } }), code),
    ),
  );
}

/**
 * A build: its cards as a group with its value and owner; clicking it selects all its cards.
 * @param {FishingContext} ctx
 * @param {import("./casino.js").CasinoBuild} b
 */
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
    {
      type: mine ? "button" : undefined,
      role: mine ? undefined : "group",
      onclick,
      title: `a build of ${b.value}, ${ctx.names[b.owner]}'s`,
      "aria-label": `${whose(ctx.names, b.owner, ctx.seat)} build of ${b.value}: ${codes.map((c) => cardSpoken(c)).join(", ")}`,
      "aria-pressed": selected ? "true" : undefined,
    },
    h("span.value", { style: `color:${SEAT_COLOURS[b.owner]}` }, `${b.value}`),
    b.parts.map((part, i) => [i ? h("span", {}, "+") : "", part.map((c) => marked(ctx, card(c, { tiny: true, where: `in ${whose(ctx.names, b.owner, ctx.seat)} build of ${b.value}`, data: { key: c } }), c))]),
    h("span.muted", { style: "color:#eee" }, ctx.names[b.owner]),
  );
}

/**
 * What is selected, with Play and Clear; the moves to choose from when the cards could make several.
 * @param {FishingContext} ctx
 * @param {string} prompt What to pick, in the game's own terms (Basra has no builds; Casino has).
 * @returns {import("../dom.js").Child}
 */
export function controls(ctx, prompt) {
  if (!ctx.legal.length) return "";
  const picked = pickedCards(ctx);
  const out = [
    h(
      "div.banner",
      {},
      picked.length
        ? `Selected: ${picked.map(cardLabel).join(" ")} `
        : [h("span.prompt-long", {}, `${prompt} `), h("span.prompt-short", {}, "Pick a card from your hand, then what it takes. ")],
      picked.length ? h("button", { type: "button", onclick: () => choose(ctx) }, "Play") : "",
      " ",
      picked.length
        ? h("button", { type: "button", onclick: () => { ctx.sel.hand = undefined; ctx.sel.table = []; ctx.sel.choices = undefined; ctx.sel.why = undefined; ctx.redraw(); } }, "Clear")
        : "",
      ctx.sel.why ? h("p.why", { role: "alert" }, ctx.sel.why) : "",
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

/**
 * What the table announced since the last message (a basra, a round's points).
 * @param {FishingContext} ctx
 */
export function reports(ctx) {
  const said = ctx.events.filter((e) => e.said.length).flatMap((e) => e.said);
  return said.length ? h("div.banner.breakdown", { role: "status" }, said.join("\n")) : "";
}
