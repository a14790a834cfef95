// @ts-check
// Learn from your mistakes (#/learn/GAME_ID?seat=N[&table=TABLE_ID]): each costly position of the seat's review,
// drawn as the seat saw it. The player plays a move on the felt as at the table (or with a button, for a move that
// is a word); the server judges it with the review's figures. Try again, be shown the better move, or go on.
import { api, gameModule, games } from "./api.js";
import { clear, h } from "./dom.js";
import { seatTokens } from "./kept.js";
import { moveButtons } from "./lines.js";
import { outlook } from "./review.js";

/**
 * @param {HTMLElement} main
 * @param {string} id The stored game's id.
 * @param {URLSearchParams} params `seat`, and `table` (whose kept token proves the seat) for a game played here.
 * @returns {Promise<() => void>}
 */
export async function showPractice(main, id, params) {
  const seat = Number(params.get("seat") || 0);
  const table = params.get("table");
  /** @type {Record<string, string>} */
  const tokens = table ? seatTokens(table) : {};
  const token = tokens[seat];
  const path = `/api/games/${encodeURIComponent(id)}/review/practice?seat=${seat}`;
  const seen = `seat=${seat}${table ? `&table=${encodeURIComponent(table)}` : ""}`;
  const back = h("a", { href: `#/review/${encodeURIComponent(id)}?${seen}` }, "Back to the review");
  /** @type {import("./wire.js").Practice} */
  let data;
  try {
    data = await api(path, undefined, token);
  } catch (error) {
    clear(main, h("p.error", {}, /** @type {Error} */ (error).message), back);
    return () => {};
  }
  if (!data.positions.length) {
    clear(main, h("section.panel", {}, h("h1", {}, "Learn from your mistakes"),
      h("p", {}, "No move of yours cost a measurable chance to win: nothing to learn from in this game."), back));
    return () => {};
  }
  const module = await gameModule(data.game);
  /** @type {Partial<import("./contract.js").GameInfo>} */
  const info = (await games()).find((g) => g.name === data.game) || {};
  let left = false;
  let index = 0;
  /** @type {import("./wire.js").PracticeVerdict | null} */
  let verdict = null;
  let shown = false;
  let judging = false;
  /** @type {import("./contract.js").Selection} */
  let sel = {};
  const heading = h("h2");
  const played = h("p");
  const felt = h("div.felt");
  const buttons = h("div.moves");
  const answer = h("div.practice-answer", { role: "status", "aria-live": "polite" });
  const next = h("button", { type: "button", onclick: () => go(index + 1) }, "Next position");
  const show = h("button", { type: "button", onclick: () => { shown = true; draw(); } }, "Show a better move");
  const grades = /** @type {Record<string, string>} */ ({ blunder: "a blunder", mistake: "a mistake", inaccuracy: "an inaccuracy" });

  /** @param {string} move */
  const play = async (move) => {
    if (judging || left) return;
    judging = true;
    clear(answer, "Judging your move…");
    const position = data.positions[index];
    try {
      verdict = await api(path, { number: position.number, move }, token);
    } catch (error) {
      verdict = null;
      clear(answer, h("span.error", {}, /** @type {Error} */ (error).message));
      judging = false;
      return;
    }
    judging = false;
    sel = {};
    draw();
  };

  const draw = () => {
    if (left) return;
    const position = data.positions[index];
    const moves = position.moves.map((m) => m.move);
    const solved = verdict !== null && verdict.kind === "good";
    heading.textContent = `Position ${index + 1} of ${data.positions.length}: move ${position.number}, ${grades[position.grade] || "a loss"}`;
    played.textContent = `${position.played.replace(/\.$/, "")}: ${outlook(position.chance, position.exact, position.error)}.${solved ? "" : " Find a better move."}`;
    /** @type {import("./contract.js").DrawContext} */
    const ctx = {
      view: /** @type {import("./contract.js").View} */ (position.view), previous: null, seat: data.seat, legal: solved || shown ? [] : moves, quiet: [],
      toMove: data.seat, names: data.names, labels: info.seat_labels || [], pieces: /** @type {Record<string, import("./contract.js").Piece>} */ (data.pieces), sel, hint: null,
      glimpse: {}, events: [], result: null, memory: false, play, redraw: draw,
      say: (text, isError) => clear(answer, isError ? h("span.error", {}, text) : text),
      match: async (cards) => ({
        type: "matches", cards, why: "",
        moves: (() => {
          const using = position.moves.filter((m) => cards.every((c) => m.cards.includes(c)));
          const exact = using.filter((m) => m.cards.length === cards.length);
          return (exact.length ? exact : using).map((m) => ({ move: m.move, words: m.words, exact: m.cards.length === cards.length }));
        })(),
      }),
      marks: async (piece) => ({ type: "marks", piece, marks: {} }),
    };
    clear(felt, module.draw(ctx));
    const said = (/** @type {string} */ move) => (position.moves.find((m) => m.move === move)?.words || move).replace(/\.$/, "");
    const offered = moveButtons(module, ctx, ctx.legal, play, { label: said, keys: false, typed: false });
    clear(buttons, offered);
    buttons.hidden = offered.length === 0;
    if (verdict !== null) {
      clear(answer, h("strong", {}, verdict.words, " "), h(verdict.kind === "good" ? "span.good" : "span", {}, verdict.said),
        solved || shown ? "" : h("div.muted", {}, "Try again, or be shown a better move."));
    } else if (!judging) {
      clear(answer, "");
    }
    if (shown) answer.append(...position.better.map((line) => h("p", {}, line)));
    show.hidden = shown || solved;
    next.textContent = index + 1 < data.positions.length ? "Next position" : "Done";
  };

  /** @param {number} to */
  const go = (to) => {
    if (to >= data.positions.length) {
      location.hash = `#/review/${encodeURIComponent(id)}?${seen}`;
      return;
    }
    index = to;
    verdict = null;
    shown = false;
    sel = {};
    draw();
  };

  // what is said and what can be done stay above the felt, in sight whatever the felt's height
  clear(main, h("section.practice", {},
    h("h1", {}, "Learn from your mistakes"),
    heading, played, answer, buttons,
    h("div.replay-controls", {}, show, next, back), felt));
  draw();
  return () => { left = true; };
}
