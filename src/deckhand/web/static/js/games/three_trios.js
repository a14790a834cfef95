// @ts-check
// Three Trios (the Three Trios assignment): the grid with card cells and holes; click a hand card (it lifts), then a yellow cell.
// The hint toggle shows, for the selected card, how many cards it would flip in each empty cell.
import { whose } from "../cards.js";
import { h, store } from "../dom.js";

/**
 * Three Trios' view (perfect information: the whole state): the board as rows of marks ("R", "B" the owner of a
 * card, "." an empty cell, "_" a hole), the card on each cell by name, the hands by name.
 * @typedef {import("../contract.js").View & {
 *   board: string[],
 *   cells: (string | null)[][],
 *   hands: string[][],
 *   undealt: string[],
 *   rules: string[],
 * }} ThreeTriosView
 */
/** @typedef {{card?: string, marks?: Record<string, number>}} ThreeTriosSelection The card lifted; its flips per cell. */

/**
 * @typedef {import("../contract.js").DrawContext<ThreeTriosView, ThreeTriosSelection>} Context
 * @typedef {import("../contract.js").Keeps<import("../contract.js").GameModule<ThreeTriosView, ThreeTriosSelection>, typeof import("./three_trios.js")>} Checked
 *   (this module, checked against the contract)
 */

/** @type {Record<string, number>} */
const OWNERS = { R: 0, B: 1 };
const MARKS = ["R", "B"];

/** @param {number | undefined} v */
function value(v) {
  return v === 10 ? "A" : String(v);
}

/**
 * A card in words: its name, owner and four numbers, then where it lies ("Roc, red (R): north 2, south 6,
 * east 7, west 5, in your hand").
 * @param {string} name
 * @param {number} owner
 * @param {Context} ctx
 * @param {string} [where]
 */
function label(name, owner, ctx, where = "") {
  const p = ctx.pieces[name] || {};
  const numbers = `north ${value(p.n)}, south ${value(p.s)}, east ${value(p.e)}, west ${value(p.w)}`;
  return `${name}, ${ctx.labels[owner] || `seat ${owner}`}: ${numbers}${where ? `, ${where}` : ""}`;
}

/**
 * A card's face: its four numbers, its owner's mark and its name.
 * @param {string} name
 * @param {number} owner
 * @param {Context} ctx
 */
function trio(name, owner, ctx) {
  const p = ctx.pieces[name] || {};
  return [
    h("span.v.n", {}, value(p.n)),
    h("span.v.s", {}, value(p.s)),
    h("span.v.e", {}, value(p.e)),
    h("span.v.w", {}, value(p.w)),
    h("span.who", { "aria-hidden": "true" }, MARKS[owner] || ""),
    h("span.name", {}, name),
  ];
}

/**
 * Whether this seat asked to see the flips of the selected card.
 * @param {Context} ctx
 * @returns {boolean}
 */
function flipsOn(ctx) {
  return store.get(`trios.hints.${ctx.seat}`, false);
}

/** The game's own look (the board and its cards): css/games/three_trios.css. */
export const stylesheet = true;

/** @param {ThreeTriosSelection} sel */
export function hintSelection(sel) {
  return sel.card;
}

export function handles() {
  return true; // every move is a card and a cell: clicked, or typed
}

/**
 * Lift a hand card (or put it back), with its flips per cell in hint mode.
 * @param {Context} ctx
 * @param {string} name
 */
async function select(ctx, name) {
  ctx.sel.card = ctx.sel.card === name ? undefined : name;
  ctx.sel.marks = undefined;
  if (ctx.sel.card && flipsOn(ctx)) {
    try {
      ctx.sel.marks = (await ctx.marks(name)).marks;
    } catch (error) {
      ctx.say(/** @type {Error} */ (error).message, true);
    }
  }
  ctx.redraw();
}

/** @param {Context} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const rows = view.board;
  const mine = ctx.legal.length > 0;
  const hinted = ctx.hint ? ctx.hint.move.split(" ") : null;
  const marks = ctx.sel.marks || (ctx.hint && !ctx.sel.card ? ctx.hint.marks : null) || {};
  const before = ctx.previous ? ctx.previous.board : null;
  const grid = h("div.grid", {
    style: `grid-template-columns: repeat(${rows[0].length}, auto)`,
    role: "group", // cells are buttons and pictures, not a data grid's rows
    "aria-label": "The board",
  });
  rows.forEach((row, r) => {
    [...row].forEach((mark, c) => {
      const place = `${r},${c}`;
      const where = cellWords(r, c, rows.length, row.length);
      if (mark === "_") {
        grid.append(h("div.cell.hole", { role: "img", title: "a hole", "aria-label": `${where}: a hole` }));
        return;
      }
      if (mark === ".") {
        const legal = mine && ctx.sel.card && ctx.legal.includes(`${ctx.sel.card} ${place}`);
        const hint = hinted && hinted[1] === place;
        grid.append(
          h(
            `button.cell.empty${legal ? ".playable" : ""}${hint ? ".hinted" : ""}`,
            {
              type: "button",
              "aria-label": `empty cell, ${where}`,
              disabled: !legal,
              onclick: () => ctx.play(`${ctx.sel.card} ${place}`),
            },
            marks[place] !== undefined ? h("span.mark", { title: "cards it would flip" }, String(marks[place])) : "",
          ),
        );
        return;
      }
      const owner = OWNERS[mark];
      const name = /** @type {string} */ (view.cells[r][c]); // a cell with an owner holds a card
      const flipped = before && before[r] && before[r][c] !== mark && before[r][c] !== ".";
      const touched = Boolean(ctx.last && ctx.last.move && ctx.last.move.split(" ")[1] === place);
      grid.append(
        h(
          `div.cell${touched ? ".last-move" : ""}`,
          touched ? { dataset: { lastMove: "" } } : {},
          h(`div.trio.owner${owner}${flipped ? ".flipped" : ""}`, { role: "img", "aria-label": label(name, owner, ctx, `on the board, ${where}`), title: label(name, owner, ctx), dataset: { key: name } }, trio(name, owner, ctx)),
        ),
      );
    });
  });
  const hands = view.hands.map((hand, seat) => {
    const canPick = mine && seat === ctx.seat;
    return h(
      "div.zone",
      {},
      h("div.title", {}, `${ctx.names[seat]} · ${ctx.labels[seat] || ""} · ${hand.length} in hand`),
      h(
        "div.row",
        {},
        hand.map((name) => {
          const selected = ctx.sel.card === name && canPick;
          const hint = hinted && hinted[0] === name && seat === ctx.seat;
          return h(
            `button.trio.hand-card.owner${seat}${selected ? ".selected" : ""}${hint ? ".hinted" : ""}`,
            { type: "button", disabled: !canPick, "aria-pressed": selected ? "true" : "false", "aria-label": label(name, seat, ctx, `in ${whose(ctx.names, seat, ctx.seat)} hand`), title: label(name, seat, ctx), onclick: () => select(ctx, name), dataset: { key: name } },
            trio(name, seat, ctx),
          );
        }),
      ),
    );
  });
  const toggle =
    ctx.seat === null
      ? ""
      : h(
          "label.setting",
          {},
          h("input", {
            type: "checkbox",
            checked: flipsOn(ctx),
            onchange: async (event) => {
              const box = /** @type {HTMLInputElement} */ (event.target);
              store.set(`trios.hints.${ctx.seat}`, box.checked);
              ctx.sel.marks = undefined;
              if (box.checked && ctx.sel.card) {
                try {
                  ctx.sel.marks = (await ctx.marks(ctx.sel.card)).marks;
                } catch (error) {
                  ctx.say(/** @type {Error} */ (error).message, true);
                }
              }
              ctx.redraw();
            },
          }),
          " Hint mode: show how many cards the selected card would flip in each cell",
        );
  const prompt = mine ? h("div.banner", {}, ctx.sel.card ? `Now pick a yellow cell for ${ctx.sel.card}.` : "Pick one of your cards.") : "";
  const [top, bottom] = ctx.seat === 1 ? [hands[0], hands[1]] : [hands[1], hands[0]];
  // the setting on top: the player's hand ends the felt, by the controls
  return h("div", {}, toggle, top, prompt, h("div", { style: "text-align:center" }, grid), bottom);
}

/**
 * Where a cell is, as a player says it (as the server's words do): a corner, the centre, a side's middle on a
 * three by three board; elsewhere its row and column, counted from one.
 * @param {number} r
 * @param {number} c
 * @param {number} rows
 * @param {number} cols
 */
export function cellWords(r, c, rows, cols) {
  const rowNames = rows === 3 ? ["top", "middle", "bottom"] : ["top", null, "bottom"];
  const colNames = cols === 3 ? ["left", "middle", "right"] : ["left", null, "right"];
  const row = r === 0 ? rowNames[0] : r === rows - 1 ? rowNames[2] : rowNames[1];
  const col = c === 0 ? colNames[0] : c === cols - 1 ? colNames[2] : colNames[1];
  if (row === null || col === null) return `row ${r + 1}, column ${c + 1}`;
  if (row === "middle" && col === "middle") return "the centre";
  if (row !== "middle" && col !== "middle") return `the ${row} ${col} corner`;
  return row !== "middle" ? `the ${row} ${col}` : `the middle ${col}`;
}

/**
 * The end: the final board, each card in its owner's colour (the most cards in one's colour, board and hand, wins).
 * @param {Context} ctx
 */
export function outcome(ctx) {
  const felt = /** @type {HTMLElement} */ (draw({ ...ctx, legal: [], hint: null, sel: {}, previous: null }));
  const grid = felt.querySelector(".grid");
  if (grid) grid.querySelectorAll("[data-key]").forEach((el) => el.removeAttribute("data-key")); // no moving copy
  return h(
    "div.trios-outcome",
    {},
    h("p.outcome-rule", {}, "Each card counts for the colour it shows, on the board and in hand: the most wins."),
    grid ? h("div", { style: "text-align:center" }, grid) : "",
  );
}
