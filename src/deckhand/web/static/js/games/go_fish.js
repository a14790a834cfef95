// @ts-check
// Go Fish: your hand by rank; click one of your cards, then "Ask for …" beside the player to ask for that rank.
// Each seat shows its books as one card each with their count, and what the table knows of its hand, in words.
import { card, rankPlural, whose } from "../cards.js";
import { SEAT_COLOURS, h } from "../dom.js";

/**
 * Go Fish's view: hands ("??" where unseen), the books laid down (four codes each), what each seat is known to hold.
 * @typedef {import("../contract.js").View & {
 *   phase: string,
 *   turn: number,
 *   hands: string[][],
 *   seen: string[][],
 *   holds: string[][],
 *   has_none_of: string[][],
 *   books: string[][],
 *   fishing_for?: string,
 *   stock: number,
 * }} GoFishView
 */
/** @typedef {{rank?: string}} GoFishSelection The rank to ask for. */

/**
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

/**
 * @param {number} n
 * @param {string} what
 */
function count(n, what) {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/**
 * @param {string[]} items
 * @param {string} [word] "and", or "or" after a negative ("has no 5s or jacks").
 */
function and(items, word = "and") {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

/**
 * What the table knows of a seat's hand: the ranks it asked for, the ranks it has none of.
 * @param {GoFishView} view
 * @param {number} seat
 */
export function known(view, seat) {
  const parts = [];
  const asked = (view.holds[seat] || []).map(rankPlural);
  const lacks = (view.has_none_of[seat] || []).map(rankPlural);
  if (asked.length) parts.push(`asked for ${and(asked)}`);
  if (lacks.length) parts.push(`has no ${and(lacks, "or")}`);
  return parts.join(" · ");
}

/**
 * A seat's books: one card for each (the view lists each book's four cards), and how many.
 * @param {string[]} books
 * @param {string} owner Whose books, as a name says it ("your", "Computer's").
 * @param {string} [from] The zone a new book comes from (its owner's hand): it travels from there.
 */
function booksRow(books, owner, from = "") {
  const ranks = books.filter((_, i) => i % 4 === 0);
  return h(
    "div.row.books",
    { "aria-label": count(ranks.length, "book") },
    h("span", { style: "color:#eee;font-size:.8rem;opacity:.85;align-self:center" }, `${count(ranks.length, "book")}${ranks.length ? ":" : ""}`),
    ranks.map((c) => card(c, { tiny: true, title: `a book of ${rankPlural(rankOf(c))}`, label: `a book of ${rankPlural(rankOf(c))}, in ${owner} books`, data: from ? { key: `book-${rankOf(c)}`, from } : undefined })),
  );
}

/**
 * The last ask by another seat (the computer's), while it stands: an ask moves no card the table may see, so the
 * mark is the sentence itself, in the asker's colour, where the player looks before answering it with a move.
 * @param {Context} ctx
 */
function lastAsk(ctx) {
  const last = ctx.last;
  if (!last || !last.move || last.seat === null) return "";
  const ask = /^ask (\d+) (\w)$/.exec(last.move);
  const asked = ask ? Number(ask[1]) : -1;
  const said = ask ? `asks ${asked === ctx.seat ? "you" : ctx.names[asked]} for ${rankPlural(ask[2])}` : last.words || last.move;
  return h(
    "div.last-strip",
    { dataset: { lastMove: "" }, "aria-label": `${ctx.names[last.seat]}'s last move` },
    h("span.title", {}, h("span", { style: `color:${SEAT_COLOURS[last.seat]}` }, "● "), `${ctx.names[last.seat]}: `, said),
  );
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const n = view.hands.length;
  const me = ctx.seat === null ? 0 : ctx.seat;
  const mine = ctx.legal.some((m) => m.startsWith("ask "));
  const seats = Array.from({ length: n }, (_, i) => (me + i) % n);
  const rank = ctx.sel.rank;
  // where a card new in your hand came from: the seat your last ask was answered by, else the stock
  const ask = [...ctx.events].reverse().find((e) => e.seat === ctx.seat && e.move && e.move.startsWith("ask "));
  const [, askedSeat, askedRank] = ask && ask.move ? ask.move.split(" ") : [];
  /** @param {string} code */
  const cameFrom = (code) => (askedRank && rankOf(code) === askedRank ? `hand-${askedSeat}` : "deck");
  /** @param {number} seat */
  const zone = (seat) => {
    const asks = mine && seat !== me && rank && ctx.legal.includes(`ask ${seat} ${rank}`);
    const hand = view.hands[seat];
    const about = seat === ctx.seat ? "" : known(view, seat);
    return h(
      "div.zone",
      {},
      h(
        "div.title",
        {},
        h("span", { style: `color:${SEAT_COLOURS[seat]}` }, "● "),
        `${ctx.names[seat]}${seat === ctx.seat && ctx.names[seat] !== "You" ? " (you)" : ""} · ${count(hand.length, "card")}`,
        asks ? h("button", { type: "button", onclick: () => ctx.play(`ask ${seat} ${rank}`), style: "margin-left:.5rem" }, `Ask for ${rankPlural(/** @type {string} */ (rank))}`) : "",
      ),
      h(
        "div.row",
        { style: seat === ctx.seat ? "padding-top:14px" : "", dataset: { zone: `hand-${seat}` } }, // room for a lifted card
        hand.map((code, i) => {
          const pick = seat === ctx.seat && mine && code !== "??";
          return card(code, {
            tiny: seat !== ctx.seat,
            onclick: pick ? () => { ctx.sel.rank = rankOf(code); ctx.redraw(); } : undefined,
            selected: pick && rank === rankOf(code),
            where: `in ${whose(ctx.names, seat, ctx.seat)} hand, slot ${i + 1}`,
            data: code === "??" ? undefined : { key: code, from: cameFrom(code) }, // a face-up card travels in
          });
        }),
      ),
      about ? h("div.known", { style: "color:#eee;font-size:.8rem;opacity:.85;margin:.2rem 0" }, about) : "",
      booksRow(view.books[seat], whose(ctx.names, seat, ctx.seat), `hand-${seat}`),
    );
  };
  const fishing = view.fishing_for ? ` · ${ctx.names[view.turn]} is fishing for ${rankPlural(view.fishing_for)}` : "";
  return h(
    "div",
    {},
    seats.slice(1).map(zone),
    h("div.zone", {}, h("div.title", {}, view.stock ? `Stock: ${count(view.stock, "card")}${fishing}` : `The stock is empty${fishing}`), card(view.stock ? "??" : "empty", { tiny: true, label: view.stock ? `the stock, ${count(view.stock, "card")}, face down` : "the stock, empty", data: { zone: "deck" } })),
    lastAsk(ctx),
    mine ? h("div.banner", {}, rank ? `Now click "Ask for ${rankPlural(rank)}" beside a player.` : "Click one of your cards to choose the rank to ask for.") : "",
    zone(me),
  );
}

/**
 * The end: every seat's books, the most books winning (what the scores count).
 * @param {Context} ctx
 */
export function outcome(ctx) {
  const view = ctx.view;
  const books = view.books.map((cards) => cards.filter((_, i) => i % 4 === 0));
  const most = Math.max(...books.map((b) => b.length));
  return h(
    "div.gofish-outcome",
    {},
    h("p.outcome-rule", {}, "The most books wins."),
    books.map((ranks, seat) =>
      h(
        `div.outcome-hand${ranks.length === most ? ".lowest" : ""}`,
        {},
        h("h3", {}, `${ctx.names[seat]}: ${count(ranks.length, "book")}`),
        h("div.row", {}, ranks.map((c) => card(c, { tiny: true, label: `a book of ${rankPlural(rankOf(c))}` }))),
      ),
    ),
  );
}
