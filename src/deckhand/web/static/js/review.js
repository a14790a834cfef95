// @ts-check
// The game review page (#/review/GAME_ID?seat=N[&table=TABLE_ID]): a progress line while the server analyses,
// then the chance to win over the game as an SVG line, the summary, and the costliest moves with better ones.
import { clear, h } from "./dom.js";
import { seatTokens } from "./kept.js";

/**
 * One reviewed decision, as `deckhand.review.Decision.to_json` sends it.
 * `number` counts players' moves from 1, as the log and the replay do; `played`/`best` are words, the notation is
 * in `played_move`/`best_move`.
 * @typedef {{number: number, index?: number, played: string, best: string, played_move?: string, best_move?: string,
 *   chance: number, best_chance: number, error: number, loss: number, grade: string, accuracy: number,
 *   advice: string, exact: boolean, line?: string, followed?: string}} ReviewDecision
 * @typedef {{decisions: number, accuracy: number | null, mean_loss?: number | null, mistakes: number[], graded: Record<string, number>,
 *   deal: number | null, fair: number, exact: number}} ReviewSummary
 * @typedef {{game: string, seat: number, engine: string, budget: string, analysis?: string, result: number | null,
 *   summary: ReviewSummary, decisions: ReviewDecision[]}} GameReview
 * @typedef {{status: string, done?: number, total?: number | null, error?: string, review?: GameReview}} ReviewState
 */

const GRADE_COLOURS = /** @type {Record<string, string>} */ ({ blunder: "#b3261e", mistake: "#d9822b", inaccuracy: "#c9a227" });
const NS = "http://www.w3.org/2000/svg";

/**
 * @param {string} method
 * @param {string} path
 * @param {string | undefined} token
 * @returns {Promise<ReviewState>}
 */
async function call(method, path, token) {
  /** @type {Record<string, string>} */
  const headers = token ? { "X-Seat-Token": token } : {};
  let response;
  try {
    response = await fetch(path, { method, headers });
  } catch {
    throw new Error("the server cannot be reached");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

/**
 * @param {number} chance
 */
const percent = (chance) => `${Math.round(chance * 100)}%`;

/**
 * The chance to win after each move played, left to right; graded moves are dots in their grade's colour.
 * @param {ReviewDecision[]} decisions
 * @returns {SVGSVGElement}
 */
export function reviewChart(decisions) {
  const width = 640;
  const height = 200;
  const pad = 28;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height + 20}`);
  svg.setAttribute("class", "chart review-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Your chance to win after each of your moves");
  /**
   * @param {string} tag
   * @param {Record<string, string | number>} attrs
   * @param {string} [text]
   */
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    svg.append(el);
    return el;
  };
  const x = (/** @type {number} */ i) => pad + (decisions.length > 1 ? (i * (width - pad - 8)) / (decisions.length - 1) : (width - pad) / 2);
  const y = (/** @type {number} */ chance) => 8 + (1 - chance) * (height - 16);
  for (const level of [0, 0.5, 1]) {
    add("line", { x1: pad, x2: width - 8, y1: y(level), y2: y(level), stroke: "#999", "stroke-dasharray": level === 0.5 ? "4 4" : "", "stroke-width": 0.5 });
    add("text", { x: 0, y: y(level) + 4, "font-size": 11 }, percent(level));
  }
  const points = decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.chance).toFixed(1)}`).join(" ");
  add("polyline", { points, fill: "none", stroke: "#1f6b3a", "stroke-width": 2 });
  decisions.forEach((d, i) => {
    if (!d.grade) return;
    const dot = add("circle", { cx: x(i), cy: y(d.chance), r: 5, fill: GRADE_COLOURS[d.grade] || "#555", class: `review-mark ${d.grade}` });
    const title = document.createElementNS(NS, "title");
    title.textContent = `Move ${d.number}: ${d.grade}, −${Math.floor(d.loss)}%`;
    dot.append(title);
  });
  if (decisions.length) {
    add("text", { x: pad, y: height + 16, "font-size": 11 }, `move ${decisions[0].number}`);
    add("text", { x: width - 8, y: height + 16, "font-size": 11, "text-anchor": "end" }, `move ${decisions[decisions.length - 1].number}`);
  }
  return svg;
}

/** A solved position's result (its chance to win) in words. */
const EXACT = /** @type {Record<string, string>} */ ({ 1: "a win", 0.5: "a draw", 0: "a loss" });

/**
 * "a draw with best play" where solved exactly, else "42% to win (±8)".
 * @param {number} chance
 * @param {boolean} exact
 * @param {number} [error]
 */
export function outlook(chance, exact, error = 0) {
  if (exact && String(chance) in EXACT) return `${EXACT[String(chance)]} with best play`;
  return `${percent(chance)} to win${error >= 0.01 ? ` (±${Math.round(error * 100)})` : ""}`;
}

/**
 * One costly move: its number links to the replay at that move, from the reviewed seat's view; the notation is the
 * words' tooltip.
 * @param {ReviewDecision} d
 * @param {string} id The stored game's id.
 * @param {string} seen `seat=N` (and `&table=ID`, whose kept token proves the seat): the replay the seat saw.
 */
function costly(d, id, seen) {
  const what = { blunder: "A blunder", mistake: "A mistake", inaccuracy: "An inaccuracy" }[d.grade] || "A small loss";
  const solved = d.exact && String(d.chance) in EXACT && String(d.best_chance) in EXACT;
  const cost = solved ? `it turned ${EXACT[String(d.best_chance)]} into ${EXACT[String(d.chance)]}` : `−${Math.floor(d.loss)}%`;
  const best = d.best.replace(/\.$/, "");
  const advised = d.advice.startsWith(best);
  return h("li.review-move", {},
    h("strong", {}, h("a", { href: `#/replay/${encodeURIComponent(id)}?step=${d.number}&${seen}` }, `Move ${d.number}`), `: ${what}: ${cost}`),
    h("div", { title: d.played_move || "" }, `${d.played.replace(/\.$/, "")}: ${outlook(d.chance, d.exact, d.error)}.`),
    d.line && h("div", {}, `With best play from there: ${d.line}`),
    !d.line && d.followed && h("div", {}, `What it led to: ${d.followed}`),
    h("div", { title: d.best_move || "" }, advised
      ? `Better: ${best} (${outlook(d.best_chance, d.exact)})${d.advice.slice(best.length)}`
      : `Better: ${best}: ${outlook(d.best_chance, d.exact)}.`),
    !advised && d.advice && h("div.muted", {}, d.advice));
}

/**
 * @param {GameReview} review
 * @param {string} id The stored game's id.
 * @param {string} seen The reviewed seat, as the replay's query takes it (`seat=N&table=ID`).
 */
function reviewBody(review, id, seen) {
  const s = review.summary;
  const grades = ["blunder", "mistake", "inaccuracy"].map((g) => `${s.graded[g] || 0} ${g}${s.graded[g] === 1 ? "" : g === "inaccuracy" ? "" : "s"}`.replace("inaccuracy", s.graded.inaccuracy === 1 ? "inaccuracy" : "inaccuracies"));
  const worst = s.mistakes.map((n) => review.decisions.find((d) => d.number === n)).filter((d) => d !== undefined);
  const result = review.result === null ? "" : review.result >= 1 ? "You won." : review.result <= 0 ? "You lost." : "A shared win.";
  return h("section.panel.review", {},
    h("h1", {}, "Game review"),
    h("p.review-summary", {},
      s.accuracy === null ? "No decisions to review." : `Accuracy ${Math.round(s.accuracy)}% over ${s.decisions} decisions: ${grades.join(", ")}. `,
      s.mean_loss === null || s.mean_loss === undefined ? "" : `On average ${s.mean_loss.toFixed(1)} points of win chance given up a decision. `, result),
    s.deal !== null && h("p", {}, review.decisions[0]?.exact && String(s.deal) in EXACT
      ? `The deal: ${EXACT[String(s.deal)]} with best play at your first decision.`
      : `The deal: ${percent(s.deal)} to win with good play at your first decision (a fair share is ${percent(s.fair)}).`),
    s.exact ? h("p", {}, `${s.exact} decisions were solved exactly.`) : "",
    h("h3", {}, "Your chance to win after each of your moves"),
    reviewChart(review.decisions),
    h("h3", {}, worst.length ? "The costliest moves" : "No move cost a measurable chance to win"),
    review.decisions.some((d) => d.grade) && h("p", {}, h("a.learn", { href: `#/learn/${encodeURIComponent(id)}?${seen}` }, "Learn from your mistakes"),
      ": find a better move at each costly position, as you saw it."),
    h("ol.review-moves", {}, worst.map((d) => costly(/** @type {ReviewDecision} */ (d), id, seen))),
    h("p.muted", { title: `${review.engine}; ${review.budget}` }, review.analysis || ""));
}

/**
 * The review of a stored game for one seat: started (or read back) at the server, polled until done.
 * @param {HTMLElement} main
 * @param {string} id The stored game's id.
 * @param {URLSearchParams} params `seat`, and `table` (whose kept token proves the seat) for a game played here.
 * @returns {Promise<() => void>}
 */
export async function showReview(main, id, params) {
  const seat = Number(params.get("seat") || 0);
  const table = params.get("table");
  /** @type {Record<string, string>} */
  const tokens = table ? seatTokens(table) : {};
  const token = tokens[seat];
  const path = `/api/games/${encodeURIComponent(id)}/review?seat=${seat}`;
  const seen = `seat=${seat}${table ? `&table=${encodeURIComponent(table)}` : ""}`;
  let left = false;
  let timer = 0;
  const line = h("p.review-progress", { role: "status" }, "Starting the review…");
  const cancel = h("button", { type: "button", onclick: () => { call("DELETE", path, token).catch(() => {}); } }, "Cancel");
  const back = h("a", { href: `#/replay/${encodeURIComponent(id)}?${seen}` }, "Back to the replay");
  clear(main, h("section.panel", {}, h("h1", {}, "Game review"), line, cancel, " ", back));
  /** @param {ReviewState} state */
  const show = (state) => {
    if (left) return;
    if (state.status === "done" && state.review) {
      clear(main, reviewBody(state.review, id, seen), h("p", {}, back));
    } else if (state.status === "running") {
      line.textContent = state.total ? `Reviewing: ${state.done} of ${state.total} decisions…` : "Reviewing…";
      timer = window.setTimeout(() => call("GET", path, token).then(show, fail), 500);
    } else {
      line.textContent = state.error ? `The review stopped: ${state.error}.` : "The review stopped.";
      cancel.replaceWith(h("button", { type: "button", onclick: () => showReview(main, id, params) }, "Review again"));
    }
  };
  /** @param {Error} error */
  const fail = (error) => {
    if (!left) clear(main, h("p.error", {}, error.message), back);
  };
  call("POST", path, token).then(show, fail);
  return () => {
    left = true;
    window.clearTimeout(timer);
  };
}
