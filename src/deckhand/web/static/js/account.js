// @ts-check
// Accounts: signing up, in and out (#/signin), a player's profile (#/player/NAME) and the leaderboards
// (#/leaderboard/GAME). The session is a cookie this page cannot read: who is signed in is asked of /api/me.
import { api, ApiError, games } from "./api.js";
import { clear, h } from "./dom.js";

/**
 * @typedef {import("./contract.js").Me} Me
 * @typedef {import("./contract.js").Profile} Profile
 * @typedef {import("./contract.js").Standing} Standing
 */

/** @type {Promise<Me | null> | null} */
let asked = null;

/** The cookie the server sets beside the session (no secret in it): without it nobody is signed in here. */
const MARK = "deckhand_signed_in";

/** Who is signed in (null: nobody), asked once a page load and again after signing in or out. */
export function signedIn() {
  if (!asked) {
    const marked = document.cookie.split(";").some((part) => part.trim().startsWith(`${MARK}=`));
    asked = !marked ? Promise.resolve(null) : api("/api/me").catch((error) => {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      document.cookie = `${MARK}=; Max-Age=0; path=/; SameSite=Lax`; // the session ended (expired, or signed out elsewhere)
      return null;
    });
  }
  return /** @type {Promise<Me | null>} */ (asked);
}

/** The header's corner: the person's name and Sign out, or Sign in. */
export async function drawAccountBar() {
  const bar = document.getElementById("account");
  if (!bar) return;
  let me = null;
  try {
    me = await signedIn();
  } catch {
    /* the server cannot be reached: the lobby says so */
  }
  if (!me) {
    clear(bar, h("a", { href: "#/signin", id: "sign-in-link" }, "Sign in"));
    return;
  }
  const out = h("button", { type: "button", id: "sign-out" }, "Sign out");
  out.addEventListener("click", signOut);
  clear(bar, h("a", { href: `#/player/${encodeURIComponent(me.name)}`, id: "me" }, me.name), " ", out);
}

/** Sign out (the session ends at the server), then back to the lobby. */
export async function signOut() {
  await api("/api/session", undefined, null, {}, "DELETE");
  asked = null;
  await drawAccountBar();
  if (location.hash === "#/" || location.hash === "") window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = "#/";
}

/**
 * The lobby's account panel (a phone's header has no room for the account): who is signed in, or how to.
 * @param {Me | null} me
 */
export function accountPanel(me) {
  if (!me) {
    return h(
      "section.panel.account-panel",
      {},
      h("h2", {}, "Your account"),
      h("p.muted", {}, "Keep your name from one game to the next, and play rated games."),
      h("a", { href: "#/signin", id: "lobby-sign-in" }, "Sign in or make an account"),
    );
  }
  return h(
    "section.panel.account-panel",
    {},
    h("h2", {}, "Your account"),
    h("p", {}, "Signed in as ", h("a", { href: `#/player/${encodeURIComponent(me.name)}` }, me.name), ". "),
    h("button", { type: "button", id: "lobby-sign-out", onclick: signOut }, "Sign out"),
  );
}

/**
 * A form of a name and a password, sent to `path`; signed in, the page goes where it was going.
 * @param {string} id
 * @param {string} title
 * @param {string} path
 * @param {string} action
 * @param {string} note
 */
function credentialsForm(id, title, path, action, note) {
  const name = h("input", { id: `${id}-name`, type: "text", required: true, maxlength: 20, autocomplete: "username" });
  const password = h("input", {
    id: `${id}-password`,
    type: "password",
    required: true,
    maxlength: 256,
    autocomplete: id === "sign-up" ? "new-password" : "current-password",
  });
  const problem = h("p.error", { role: "alert", id: `${id}-problem` });
  const submit = h("button.primary", { type: "submit", id: `${id}-submit` }, action);
  const form = h(
    "form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        problem.textContent = "";
        submit.disabled = true;
        try {
          await api(path, { name: name.value.trim(), password: password.value });
          password.value = "";
          asked = null;
          await drawAccountBar();
          location.hash = "#/";
        } catch (error) {
          problem.textContent = sentence(/** @type {Error} */ (error).message);
        } finally {
          submit.disabled = false;
        }
      },
    },
    h("h2", {}, title),
    h("div.form-row", {}, h("label", { for: `${id}-name` }, "Name"), name),
    h("div.form-row", {}, h("label", { for: `${id}-password` }, "Password"), password),
    h("p.muted", {}, note),
    problem,
    submit,
  );
  return form;
}

/**
 * `#/signin`: sign in, or make an account.
 * @param {HTMLElement} main
 * @returns {Promise<() => void>}
 */
export async function showSignIn(main) {
  const me = await signedIn().catch(() => null);
  clear(
    main,
    h(
      "section.panel.account-page",
      {},
      h("h1", {}, "Your account"),
      me ? h("p", {}, `You are signed in as ${me.name}. `, h("a", { href: `#/player/${encodeURIComponent(me.name)}` }, "Your profile")) : null,
      h("p.muted", {}, "An account keeps your name and your ratings from one game to the next. Playing without one stays as it is."),
      h(
        "div.account-forms",
        {},
        credentialsForm("sign-in", "Sign in", "/api/session", "Sign in", "Too many wrong passwords, and signing in waits a quarter of an hour."),
        credentialsForm(
          "sign-up",
          "Make an account",
          "/api/account",
          "Make the account",
          "A name of 3 to 20 letters, digits, - or _, starting with a letter; a password of 8 characters or more.",
        ),
      ),
    ),
  );
  const first = /** @type {HTMLInputElement | null} */ (main.querySelector("#sign-in-name"));
  if (first) first.focus();
  return () => {};
}

/** @param {string} line */
function sentence(line) {
  return line ? `${line[0].toUpperCase()}${line.slice(1)}.` : "";
}

/** @param {string} pool */
function poolTitle(pool, /** @type {Record<string, string>} */ titles) {
  const [game, preset] = pool.split("/");
  return preset ? `${titles[game] || game} (${preset})` : titles[game] || game;
}

/** @param {Standing} s */
function ratingText(s) {
  return `${s.rating} ±${s.uncertainty}${s.provisional ? " (provisional)" : ""}`;
}

const NS = "http://www.w3.org/2000/svg";

/**
 * A rating over its rated games, as a line: the graph of a profile.
 * @param {string} label
 * @param {{rating: number}[]} points
 */
function graph(label, points) {
  const width = 480;
  const height = 120;
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings, 1500) - 20;
  const high = Math.max(...ratings, 1500) + 20;
  const x = (/** @type {number} */ i) => (points.length === 1 ? width / 2 : 30 + (i * (width - 40)) / (points.length - 1));
  const y = (/** @type {number} */ r) => height - 10 - ((r - low) * (height - 20)) / (high - low);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "chart rating-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${label}: from ${ratings[0]} to ${ratings[ratings.length - 1]} over ${points.length} rated games`);
  const start = document.createElementNS(NS, "line");
  for (const [k, v] of Object.entries({ x1: 0, x2: width, y1: y(1500), y2: y(1500), class: "baseline" })) start.setAttribute(k, String(v));
  svg.append(start);
  const line = document.createElementNS(NS, "polyline");
  line.setAttribute("points", points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "));
  line.setAttribute("class", "rating-line");
  svg.append(line);
  points.forEach((p, i) => {
    const dot = document.createElementNS(NS, "circle");
    for (const [k, v] of Object.entries({ cx: x(i), cy: y(p.rating), r: 3, class: "rating-dot" })) dot.setAttribute(k, String(v));
    svg.append(dot);
  });
  return svg;
}

/**
 * `#/player/NAME`: ratings with their graphs, and the latest games.
 * @param {HTMLElement} main
 * @param {string} name
 * @returns {Promise<() => void>}
 */
export async function showPlayer(main, name) {
  /** @type {Profile} */
  let found;
  try {
    found = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    clear(main, h("section.panel", {}, h("p.error", {}, sentence(/** @type {Error} */ (error).message)), h("a", { href: "#/" }, "Back to the lobby")));
    return () => {};
  }
  const titles = Object.fromEntries((await games()).map((g) => [g.name, g.title]));
  const pools = Object.keys(found.ratings).sort();
  const columns = ["Game", "Rating", "Games", "Won", "Lost", "Drawn"];
  const results = { win: "Won", loss: "Lost", draw: "Drawn" };
  const me = await signedIn().catch(() => null);
  const mine = Boolean(me && me.name === found.name); // a review shows the seat's cards: offered to its person only
  clear(
    main,
    h(
      "section.panel.profile",
      {},
      h("h1", {}, found.name),
      h("p.muted", {}, `Playing here since ${found.since}.`),
      h("h2", {}, "Ratings"),
      pools.length
        ? h(
            "table.stats",
            {},
            h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c))),
            pools.map((pool) => {
              const s = found.ratings[pool];
              const cells = [poolTitle(pool, titles), ratingText(s), s.games, s.wins, s.losses, s.draws];
              return h("tr", {}, cells.map((v, i) => h("td", { dataset: { label: columns[i] } }, String(v))));
            }),
          )
        : h("p.muted", {}, "No rated games yet."),
      pools.filter((pool) => (found.graph[pool] || []).length).map((pool) => h("figure", {}, h("figcaption", {}, poolTitle(pool, titles)), graph(poolTitle(pool, titles), found.graph[pool]))),
      h("h2", {}, "Latest games"),
      found.games.length
        ? h(
            "ul.list.player-games",
            {},
            found.games.map((g) =>
              h(
                "li",
                {},
                `${g.title}: ${results[g.result]} against ${g.against.join(" and ") || "nobody"}`,
                g.rated && g.change !== null ? ` (rated, ${g.change >= 0 ? "+" : "−"}${Math.abs(g.change)})` : "",
                ` · ${g.finished.slice(0, 16).replace("T", " ")} `,
                h("a", { href: g.replay }, "Replay"),
                mine ? [" ", h("a", { href: g.review }, "Review")] : "",
              ),
            ),
          )
        : h("p.muted", {}, "No finished games yet."),
    ),
  );
  return () => {};
}

/**
 * `#/leaderboard/GAME`: each pool's best rated accounts, the computer's levels among them.
 * @param {HTMLElement} main
 * @param {string | undefined} game
 * @returns {Promise<() => void>}
 */
export async function showLeaderboard(main, game) {
  const all = await games();
  const chosen = game && all.some((g) => g.name === game) ? game : all[0].name;
  /** @type {import("./contract.js").Leaderboard} */
  const board = await api(`/api/leaderboard/${encodeURIComponent(chosen)}`);
  const titles = Object.fromEntries(all.map((g) => [g.name, g.title]));
  const columns = ["Rank", "Player", "Rating", "Games"];
  const pools = Object.keys(board.pools).sort();
  clear(
    main,
    h(
      "section.panel.leaderboard",
      {},
      h("h1", {}, `Leaderboard: ${board.title}`),
      h("nav.games", { "aria-label": "Game" }, all.map((g) => h("a", { href: `#/leaderboard/${g.name}`, "aria-current": g.name === chosen ? "page" : "false" }, g.title))),
      h("p.muted", {}, "Ratings from rated games, on the chess scale (1500 to start). Provisional ratings, those still uncertain by more than 110, are left out; the computer's levels have fixed ratings, measured by their own games."),
      pools.length
        ? pools.map((pool) => {
            const { players, levels } = board.pools[pool];
            /** @type {{name: string, rating: number, games: string, level: boolean}[]} */
            const rows = [
              ...players.map((p) => ({ name: p.name, rating: p.rating, games: String(p.games), level: false })),
              ...Object.entries(levels).map(([level, rating]) => ({ name: `Computer (${level})`, rating, games: "–", level: true })),
            ].sort((a, b) => b.rating - a.rating);
            return h(
              "div",
              {},
              h("h2", {}, poolTitle(pool, titles)),
              h(
                "table.stats",
                {},
                h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c))),
                rows.map((r, i) =>
                  h(
                    "tr",
                    { class: r.level ? "level-row" : "" },
                    h("td", { dataset: { label: columns[0] } }, String(i + 1)),
                    h("td", { dataset: { label: columns[1] } }, r.level ? r.name : h("a", { href: `#/player/${encodeURIComponent(r.name)}` }, r.name)),
                    h("td", { dataset: { label: columns[2] } }, String(r.rating)),
                    h("td", { dataset: { label: columns[3] } }, r.games),
                  ),
                ),
              ),
            );
          })
        : h("p.muted", {}, "No rated games of this game yet."),
    ),
  );
  return () => {};
}
