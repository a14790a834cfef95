// @ts-check
// The rules (the same text as `deckhand rules`), the statistics with a chart, and replays of finished games.
import { api, gameModule, games } from "./api.js";
import { clear, h } from "./dom.js";
import { seatTokens } from "./kept.js";
import { markdown } from "./markdown.js";

/**
 * @param {HTMLElement} main
 * @param {string} [name] The game (by default the first).
 * @returns {Promise<() => void>}
 */
export async function showRules(main, name) {
  const all = await games();
  const game = all.find((g) => g.name === name) || all[0];
  const nav = h("div.games", {}, all.map((g) => h("a", { href: `#/rules/${g.name}` }, h("button", { type: "button", "aria-pressed": String(g.name === game.name) }, g.title))));
  let text;
  try {
    text = /** @type {{game: string, text: string}} */ (await api(`/api/games/${game.name}/rules`)).text;
  } catch (error) {
    clear(main, nav, h("p.error", {}, /** @type {Error} */ (error).message));
    return () => {};
  }
  const module = await gameModule(game.name);
  clear(main, h("section.panel", {}, h("h1", {}, "Rules"), nav, module.rulesDemos ? [h("h2", {}, "The powers, shown"), module.rulesDemos()] : "", markdown(text)));
  return () => {};
}

/**
 * The seats a review may be asked for (a review shows that seat's cards): a person's seat, or every seat of a game
 * of computers; the server checks again.
 * @param {string[]} specs The seats as the record names them (`human` or an agent).
 * @returns {number[]}
 */
function reviewSeats(specs) {
  const people = specs.map((spec, seat) => (spec.split(":")[0] === "human" ? seat : -1)).filter((seat) => seat >= 0);
  return people.length ? people : specs.map((_, seat) => seat);
}

/**
 * A link to a seat's review, shown only once the server says this browser may see that review: a `GET` of the
 * review's state starts nothing, and answers 403 to anyone the review is not for.
 * @param {number} id The stored game's id.
 * @param {number} seat
 * @param {string} text
 * @returns {HTMLElement}
 */
function reviewLink(id, seat, text) {
  const link = h("a", { href: `#/review/${id}?seat=${seat}`, hidden: true }, text);
  fetch(`/api/games/${id}/review?seat=${seat}`).then((r) => { if (r.ok) link.hidden = false; }, () => {});
  return link;
}

/**
 * The computer victory statistic per game and level, as bars.
 * @param {import("./contract.js").LevelStats[]} levels
 * @param {(game: string) => string} title A game's title by its id.
 */
function chart(levels, title) {
  const rows = levels.filter((l) => l.computer_victory !== null);
  if (!rows.length) return h("p.muted", {}, "No games between people and the computer yet.");
  const width = 520;
  const bar = 22;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${rows.length * (bar + 8) + 24}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Computer victory statistic per game and level");
  rows.forEach((row, i) => {
    const y = i * (bar + 8);
    const victory = /** @type {number} */ (row.computer_victory); // the rows without one were left out
    const w = Math.max(2, victory * (width - 200));
    /**
     * @param {string} tag
     * @param {Record<string, string | number>} attrs
     * @param {string} [text]
     */
    const add = (tag, attrs, text) => {
      const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      if (text !== undefined) el.textContent = text;
      svg.append(el);
    };
    add("text", { x: 0, y: y + 15 }, `${title(row.game)} · ${row.level}`);
    add("rect", { x: 150, y, width: w, height: bar, fill: "#1f6b3a", rx: 3 });
    add("text", { x: 156 + w, y: y + 15 }, `${Math.round(victory * 100)}% (${row.played})`);
  });
  const axis = document.createElementNS("http://www.w3.org/2000/svg", "text");
  axis.setAttribute("x", "150");
  axis.setAttribute("y", String(rows.length * (bar + 8) + 16));
  axis.textContent = "computer wins / decided games";
  svg.append(axis);
  return svg;
}

const LEVEL_COLUMNS = ["Game", "Level", "Played", "Computer", "People", "Shared", "Victory", "Practice"];
const PEOPLE_COLUMNS = ["Name", "Game", "Played", "Wins", "Win rate", "Vs people", "Vs computer", "Practice"];

/**
 * A table row whose cells carry their column's name: a narrow screen shows each row as a card of named values.
 * @param {string[]} columns
 * @param {(string | number)[]} values
 */
function row(columns, values) {
  return h("tr", {}, values.map((v, i) => h("td", { dataset: { label: columns[i] } }, String(v))));
}

/**
 * @param {HTMLElement} main
 * @returns {Promise<() => void>}
 */
export async function showStats(main) {
  /** @type {import("./contract.js").Stats} */
  let data;
  try {
    data = await api("/api/stats");
  } catch (error) {
    clear(main, h("p.error", {}, /** @type {Error} */ (error).message));
    return () => {};
  }
  /** @param {number | null} v */
  const percent = (v) => (v === null ? "–" : `${Math.round(v * 100)}%`);
  /** @param {string} game */
  const title = (game) => (data.titles && data.titles[game]) || game;
  /** @param {import("./contract.js").RecentGame["seats"]} seats */
  const who = (seats) => seats.map((s) => `${s.human ? s.name || "a person" : `Computer (${s.player})`} ${s.score}`).join(" vs ");
  const people = data.people || [];
  clear(
    main,
    h(
      "section.panel",
      {},
      h("h1", {}, "Statistics"),
      h("p.muted", {}, "How often the computer wins: its wins over all decided games against people, per level. Practice games, dealt from a seed or a deck someone chose, are counted apart and not in the results."),
      chart(data.levels, title),
      h(
        "table.stats",
        {},
        h("tr", {}, LEVEL_COLUMNS.map((t) => h("th", { scope: "col" }, t))),
        data.levels.map((l) => row(LEVEL_COLUMNS, [title(l.game), l.level, l.played, l.computer_wins, l.player_wins, l.draws, percent(l.computer_victory), l.practice])),
      ),
      people.length ? h("h2", {}, "People") : null,
      people.length
        ? h(
            "table.stats",
            {},
            h("tr", {}, PEOPLE_COLUMNS.map((t) => h("th", { scope: "col" }, t))),
            people.map((p) => row(PEOPLE_COLUMNS, [p.name, title(p.game), p.played, Math.round(p.wins * 100) / 100, percent(p.win_rate), p.against_people, p.against_computer, p.practice])),
          )
        : null,
      h("h2", {}, "Recent games"),
      data.recent.length
        ? h("ul.list", {}, data.recent.map((g) => h("li", {}, `${g.finished_at.replace("T", " ")} · ${title(g.game)} · ${who(g.seats)} `, h("a", { href: `#/replay/${g.id}` }, "Replay"), " ", reviewLink(g.id, reviewSeats(g.seats.map((x) => (x.human ? "human" : x.player)))[0] ?? 0, "Review"))))
        : h("p.muted", {}, "No finished games yet."),
    ),
  );
  return () => {};
}

/**
 * A finished game step by step, with a player's controls; what it returns stops the playing.
 * @param {HTMLElement} main
 * @param {string} id
 * @param {number} [start] The step shown first (`#/replay/ID?step=N`: after the Nth move, as the review numbers it).
 * @param {URLSearchParams} [params] `seat` (and `table`, whose kept token proves it): the game as that seat saw it,
 *   its own cards face up, for whoever may see its review; else as a spectator saw it.
 * @returns {Promise<() => void>}
 */
export async function showReplay(main, id, start = 0, params = new URLSearchParams()) {
  const asked = params.get("seat");
  const seat = asked === null ? null : Number(asked);
  const table = params.get("table");
  /** @type {Record<string, string>} */
  const tokens = table ? seatTokens(table) : {};
  /** @type {import("./contract.js").Replay} */
  let data;
  try {
    const query = seat === null ? "" : `?seat=${seat}`;
    data = await api(`/api/records/${encodeURIComponent(id)}/replay${query}`, undefined, seat === null ? undefined : tokens[seat]);
  } catch (error) {
    clear(main, h("p.error", {}, /** @type {Error} */ (error).message), h("a", { href: "#/stats" }, "Back"));
    return () => {};
  }
  const module = await gameModule(data.game);
  const names = data.names; // the names the people played under, as the table called them
  /** @type {Partial<import("./contract.js").GameInfo>} */
  const info = (await games()).find((g) => g.name === data.game) || {};
  let step = Math.max(0, Math.min(data.steps.length - 1, Math.floor(start) || 0));
  /** @type {number | null} */
  let timer = null;
  const felt = h("div.felt");
  const caption = h("p", { role: "status" });
  const counter = h("span.muted");
  const draw = () => {
    const current = data.steps[step];
    /** @type {import("./contract.js").DrawContext} */
    const ctx = {
      view: current.view, previous: step ? data.steps[step - 1].view : null, seat: data.viewer, legal: [], quiet: [], toMove: null,
      names, labels: info.seat_labels || [], pieces: data.pieces || {}, sel: {}, hint: null, glimpse: {}, events: [], result: null, memory: false,
      play: () => {}, redraw: draw, say: () => {},
      match: async (cards) => ({ type: "matches", cards, moves: [], why: "" }), marks: async (piece) => ({ type: "marks", piece, marks: {} }),
    };
    clear(felt, module.draw(ctx));
    const what = current.move === null ? "The deal." : current.words || `${names[current.seat]} played ${current.move}.`;
    clear(caption, what, current.said.length ? h("div.said", {}, current.said.join(" ")) : "");
    counter.textContent = `step ${step} of ${data.steps.length - 1}`;
  };
  /** @param {number} to */
  const go = (to) => { step = Math.max(0, Math.min(data.steps.length - 1, to)); draw(); };
  const playButton = h("button", { type: "button", onclick: () => {
    if (timer) { clearInterval(timer); timer = null; playButton.textContent = "Play"; return; }
    playButton.textContent = "Pause";
    timer = setInterval(() => { if (step >= data.steps.length - 1) { clearInterval(/** @type {number} */ (timer)); timer = null; playButton.textContent = "Play"; } else go(step + 1); }, 900);
  } }, "Play");
  clear(
    main,
    h("section", {},
      h("h1", {}, `Replay of game ${data.id}: ${data.title || info.title || data.game}`),
      h("p", {}, data.seat_lines.join(" · ")),
      h("p.muted", {}, data.viewer === null
        ? "What a spectator saw: no hidden card is shown before the end."
        : names[data.viewer] === "You"
          ? "What you saw: your own cards face up, no other hidden card."
          : `What ${names[data.viewer]} saw: their own cards face up, no other hidden card.`),
      h("p.review-links", {}, reviewSeats(data.seats).map((seat, i, all) => [i ? " " : "", reviewLink(data.id, seat,
        all.length === 1 ? "Review this game" : names[seat] === "You" ? "Review your game" : `Review the game of ${names[seat]}`)])),
      h("div.replay-controls", {},
        h("button", { type: "button", onclick: () => go(0) }, "First"),
        h("button", { type: "button", onclick: () => go(step - 1) }, "◀ Back"),
        playButton,
        h("button", { type: "button", onclick: () => go(step + 1) }, "Next ▶"),
        h("button", { type: "button", onclick: () => go(data.steps.length - 1) }, "Last"),
        counter),
      caption, felt),
  );
  draw();
  return () => timer && clearInterval(timer);
}
