// @ts-check
// The lobby: pick a game, its preset and options (as the game declares them), who sits where, a seed; resume a save.
import { accountPanel, signedIn } from "./account.js";
import { api, createTable, games } from "./api.js";
import { clear, h, store } from "./dom.js";
import { keepHost, keepInvites, keepToken, seatTokens } from "./kept.js";
import { seekHow, seekName, seekPanel } from "./seeks.js";
import { tableSummary } from "./table.js";

/**
 * @typedef {import("./contract.js").GameInfo} GameInfo
 * @typedef {import("./contract.js").GameOption} GameOption
 * @typedef {import("./contract.js").TableCreated} TableCreated
 */

const PEOPLE = { human: "You", second: "A second person at this screen", open: "Someone joining by link" };
/** @type {Record<string, string>} How a seat's kind reads in a list of seats. */
const KINDS = { human: "a person", open: "free", computer: "the computer" };
/** @type {[string, {initial: number, increment: number} | null][]} The clocks offered: a game's time and its increment. */
const CLOCKS = [
  ["No clock", null],
  ["3 min + 2 s", { initial: 180, increment: 2 }],
  ["5 min + 3 s", { initial: 300, increment: 3 }],
  ["10 min + 5 s", { initial: 600, increment: 5 }],
  ["15 min + 10 s", { initial: 900, increment: 10 }],
  ["30 min", { initial: 1800, increment: 0 }],
];

/**
 * An option's input, by the type of its default: a checkbox, a number, a comma-separated list, or text.
 * @param {GameOption} option
 * @param {unknown} value The preset's value.
 */
function optionInput(option, value) {
  const id = `opt-${option.name}`;
  let input;
  if (typeof option.default === "boolean") {
    input = h("input", { id, type: "checkbox", checked: Boolean(value), dataset: { kind: "bool" } });
  } else if (typeof option.default === "number") {
    input = h("input", { id, type: "number", value: /** @type {number | null | undefined} */ (value) ?? "", dataset: { kind: "number" } });
  } else if (Array.isArray(option.default)) {
    input = h("input", { id, type: "text", value: (/** @type {string[] | null | undefined} */ (value) || []).join(", "), dataset: { kind: "list" } });
  } else {
    input = h("input", { id, type: "text", value: /** @type {string | null | undefined} */ (value) ?? "", dataset: { kind: "text" } });
  }
  input.dataset.name = option.name;
  return h("label", { for: id }, option.name.replace(/_/g, " "), input, h("span.help", {}, option.help));
}

/**
 * An option's value as its input holds it; undefined for an empty one (the preset's value stands).
 * @param {HTMLInputElement} input
 * @returns {boolean | number | string | string[] | undefined}
 */
function readOption(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind === "number") return input.value === "" ? undefined : Number(input.value);
  if (kind === "list") return input.value.split(",").map((s) => s.trim()).filter(Boolean);
  return input.value === "" ? undefined : input.value;
}

/**
 * Keep the tokens of the seats just taken (the browser returns to them later), then go to the table.
 * @param {string} tableId
 * @param {import("./contract.js").SeatToken[]} seats
 * @param {string} [host]
 * @param {import("./contract.js").Invite[]} [invites]
 */
function sitDown(tableId, seats, host, invites) {
  for (const { seat, token } of seats) keepToken(tableId, seat, token);
  if (host) keepHost(tableId, host);
  if (invites) keepInvites(tableId, invites);
  location.hash = `#/table/${tableId}`;
}

/**
 * An invite link (#/join/ID/SEAT/CODE; at a table listed in the lobby #/join/ID or #/join/ID/SEAT): a name, then
 * the seat. A browser already seated goes straight in.
 * @param {HTMLElement} main
 * @param {string} tableId
 * @param {string} [seat]
 * @param {string} [invite]
 * @returns {Promise<() => void>}
 */
export async function showJoin(main, tableId, seat, invite) {
  if (Object.keys(seatTokens(tableId)).length) {
    location.replace(`#/table/${tableId}`);
    return () => {};
  }
  const summary = await tableSummary(main, tableId);
  if (!summary) return () => {};
  const me = await signedIn().catch(() => null);
  const name = h("input", { id: "name", type: "text", maxlength: 40, required: true, value: me ? me.name : store.get("name", ""), autocomplete: "nickname", readOnly: Boolean(me) });
  const problem = h("p.error", { role: "alert" });
  const free = summary.seats.filter((s) => s.kind === "open");
  const wanted = seat === undefined ? null : Number(seat);
  const form = h(
    "form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        const typed = name.value.trim();
        if (!typed) return;
        if (!me) store.set("name", typed);
        try {
          /** @type {import("./contract.js").Join} */
          const body = wanted === null ? { name: typed } : { name: typed, seat: wanted };
          if (invite) body.invite = invite;
          sitDown(tableId, [await api(`/api/tables/${encodeURIComponent(tableId)}/join`, body)]);
        } catch (error) {
          problem.textContent = /** @type {Error} */ (error).message;
        }
      },
    },
    h("div.form-row", {}, h("label", { for: "name" }, me ? "You sit down as" : "Your name at the table"), name),
    summary.rated && !me ? h("p.muted", {}, "A rated game's seats are for signed-in players: ", h("a", { href: "#/signin" }, "sign in"), " first.") : "",
    problem,
    h("button.primary", { type: "submit", id: "sit-down", disabled: !free.length }, "Sit down"),
    " ",
    h("a", { href: `#/table/${tableId}` }, "Just watch"),
  );
  clear(
    main,
    h(
      "section.panel.join-page",
      {},
      h("h1", {}, `Join a game of ${summary.title}`),
      h("ul.list", {}, summary.seats.map((s) => h("li", {}, `Seat ${s.seat + 1}: `, s.kind === "open" ? h("em", {}, "free") : `${s.name} (${KINDS[s.kind] || s.kind})`))),
      free.length ? form : h("p.muted", {}, "Every seat is taken. ", h("a", { href: `#/table/${tableId}` }, "Watch the game")),
    ),
  );
  name.focus();
  return () => {};
}

/**
 * @param {HTMLElement} main
 * @returns {Promise<() => void>}
 */
export async function showLobby(main) {
  const all = await games();
  const me = await signedIn().catch(() => null);
  const chosen = { name: store.get("lobby.game", all[0].name) };
  if (!all.some((g) => g.name === chosen.name)) chosen.name = all[0].name;
  const picker = h("div.games", { role: "group", "aria-label": "Game" });
  const form = h("div");
  const saves = h("ul.list");
  const open = h("ul.list");
  const seeking = seekPanel(Boolean(me));

  function draw() {
    clear(
      picker,
      all.map((g) =>
        h("button", { type: "button", "aria-pressed": String(g.name === chosen.name), onclick: () => { chosen.name = g.name; store.set("lobby.game", g.name); draw(); } }, g.title),
      ),
    );
    clear(form, gameForm(/** @type {GameInfo} */ (all.find((g) => g.name === chosen.name)), me, seeking));
  }

  draw();
  drawSaves(saves);
  drawOpen(open);
  /** @param {string} title @param {import("./dom.js").Child[]} body */
  const panel = (title, ...body) => h("section.panel", { style: "margin-top:1rem" }, h("h2", {}, title), ...body);
  const more = h("ul.list", {}, h("li", {}, h("a", { href: "#/rules" }, "Rules of every game")), h("li", {}, h("a", { href: "#/stats" }, "Statistics and replays")), h("li", {}, h("a", { href: "#/leaderboard" }, "Leaderboards")));
  clear(
    main,
    h(
      "div.lobby",
      {},
      h("section.panel", {}, h("h1", {}, "Play"), picker, form),
      h("aside", {}, accountPanel(me), seeking.element, panel("Saved games", saves), panel("Open tables", open), panel("More", more)),
    ),
  );
  return () => seeking.close();
}

/**
 * The form for a table of `game`: its rules and options, who sits where, the table's settings; Play, or find a
 * person to play.
 * @param {GameInfo} game
 * @param {{name: string} | null} me The signed-in person, if any.
 * @param {ReturnType<typeof seekPanel>} seeking
 * @returns {HTMLElement}
 */
function gameForm(game, me, seeking) {
  const problem = h("p.error", { role: "alert" });
  const presets = Object.keys(game.presets);
  /** @param {string} p */
  const info = (p) => (game.preset_info && game.preset_info[p]) || { title: p, about: "" };
  const preset = presets.length ? h("select", { id: "preset", "aria-label": "Rules" }, presets.map((p) => h("option", { value: p, title: info(p).about }, info(p).title))) : null;
  const about = h("p.muted.preset-about", { id: "preset-about" });
  const sayPreset = () => {
    const line = preset ? info(preset.value).about : "";
    about.textContent = line ? `${line[0].toUpperCase()}${line.slice(1)}.` : "";
  };
  const options = h("div.options");
  const seats = h("div");
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "random", "aria-label": "Seed" });
  const spectators = h("input", { type: "checkbox", checked: true, id: "spectators" });
  const listed = h("input", { type: "checkbox", id: "listed" });
  const rated = h("input", { type: "checkbox", id: "rated", disabled: !me });
  const away = h("input", { id: "away", type: "number", min: 0, max: 3600, value: 60, style: "width:5rem", "aria-label": "Seconds before a computer stands in" });
  const clock = h("select", { id: "clock", "aria-label": "Clock" }, CLOCKS.map(([label], i) => h("option", { value: String(i) }, label)));
  const start = h("button.primary", { type: "button", id: "start" }, `Play ${game.title}`);
  const now = h("button", { type: "button", id: "play-now", title: "Join someone waiting for this game, or wait for someone" }, "Find a person to play");

  function fillOptions() {
    /** @type {Record<string, unknown>} */
    const values = preset ? game.presets[preset.value] : Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    clear(options, game.options.map((o) => optionInput(o, values[o.name])));
    options.querySelectorAll("input").forEach((input) => input.addEventListener("change", fillSeats));
  }

  /** The options set apart from the preset's. */
  function currentOptions() {
    /** @type {Record<string, unknown>} */
    const values = preset ? game.presets[preset.value] : {};
    /** @type {Record<string, unknown>} */
    const out = {};
    options.querySelectorAll("input").forEach((input) => {
      const value = readOption(input);
      const name = /** @type {string} */ (input.dataset.name); // optionInput names every input
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(values[name])) out[name] = value;
    });
    return out;
  }

  // Answers can arrive out of order: only the last question's answer redraws the seats,
  // and a redraw keeps what was chosen for each seat that is still there.
  let asked = 0;
  async function fillSeats() {
    problem.textContent = "";
    const mine = ++asked;
    let players = game.players;
    try {
      players = (await api(`/api/games/${game.name}/check`, { preset: preset ? preset.value : null, options: currentOptions() })).players;
      if (mine !== asked) return;
      start.disabled = false;
    } catch (error) {
      if (mine !== asked) return;
      problem.textContent = /** @type {Error} */ (error).message;
      start.disabled = true;
      return;
    }
    const before = [...seats.querySelectorAll(".seat-row")].map((row) =>
      [.../** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */ (row.querySelectorAll("select, input"))].map((el) => el.value),
    );
    clear(seats, Array.from({ length: players }, (_, seat) => seatRow(game, seat, me, before[seat])));
  }

  start.addEventListener("click", async () => {
    problem.textContent = "";
    const { specs, names } = seatsChosen(seats);
    /** @type {import("./contract.js").NewTable} */
    const body = {
      game: game.name,
      preset: preset ? preset.value : null,
      options: currentOptions(),
      seats: specs,
      names,
      spectators: spectators.checked,
      public: listed.checked,
      away: Number(away.value || 0),
    };
    if (seed.value !== "") body.seed = Number(seed.value);
    if (rated.checked) body.rated = true;
    const timed = CLOCKS[Number(clock.value)][1];
    if (timed) body.clock = timed;
    try {
      start.disabled = true;
      /** @type {TableCreated} */
      const made = await createTable(body);
      sitDown(made.table, made.seats, made.host, made.invites);
    } catch (error) {
      problem.textContent = /** @type {Error} */ (error).message;
      start.disabled = false;
    }
  });

  now.addEventListener("click", async () => {
    problem.textContent = "";
    const players = /** @type {number | undefined} */ (currentOptions().players);
    /** @type {import("./contract.js").NewSeek} */
    const request = { game: game.name, preset: preset ? preset.value : null, rated: rated.checked, clock: CLOCKS[Number(clock.value)][1] };
    if (typeof players === "number") request.players = players;
    if (!me) request.name = seekName();
    try {
      now.disabled = true;
      const answer = await api("/api/seeks/quick", request);
      seeking.seek(answer, seekHow(game.title, request), request);
    } catch (error) {
      problem.textContent = /** @type {Error} */ (error).message;
    } finally {
      now.disabled = false;
    }
  });

  if (preset) preset.addEventListener("change", () => { sayPreset(); fillOptions(); fillSeats(); });
  sayPreset();
  fillOptions();
  fillSeats();
  const rules = h("a", { href: `#/rules/${game.name}` }, `How to play ${game.title}`);
  return h(
    "div",
    {},
    preset ? h("div.form-row", {}, h("label", { for: "preset" }, "Rules"), preset, rules) : h("div.form-row", {}, rules),
    preset ? about : "",
    h("details", {}, h("summary", {}, "Options"), options),
    h("h2.form-heading", {}, "Seats"),
    seats,
    h("div.form-row", {}, h("label", { for: "seed" }, "Seed"), seed, h("span.muted", {}, "the same seed deals the same cards: for practice alone (friends' tables are dealt by the server)")),
    h("div.form-row", {}, h("label", {}, "Table"), h("label", {}, spectators, " others may watch"), h("label", {}, listed, " list it in the lobby")),
    h("div.form-row", {}, h("label", { for: "clock" }, "Clock"), clock, h("span.muted", {}, "each person's time for the game, plus seconds after each move")),
    h("div.form-row", {}, h("label", { for: "away" }, "Away"), h("span", {}, "a computer plays for a person away ", away, " s while others wait (0: never)")),
    h(
      "div.form-row",
      {},
      h("label", { for: "rated" }, "Rated"),
      h("label", {}, rated, " the game moves the ratings of the people at it"),
      me ? "" : h("span.muted", {}, " (", h("a", { href: "#/signin" }, "sign in"), " to play rated games)"),
    ),
    problem,
    start,
    " ",
    now,
  );
}

/**
 * One seat's row: who sits there (you, a second person here, someone by link, a computer level or an agent
 * spec) and a name, keeping what was chosen `before` when the seats are drawn again.
 * @param {GameInfo} game
 * @param {number} seat
 * @param {{name: string} | null} me
 * @param {string[] | undefined} before The row's choice, spec and name as they were.
 */
function seatRow(game, seat, me, before) {
  const level = game.levels.includes("medium") ? "medium" : game.levels[0];
  const choice = h(
    "select",
    { "aria-label": `Seat ${seat + 1}`, dataset: { seat } },
    seat === 0 ? h("option", { value: "human" }, PEOPLE.human) : h("option", { value: "second" }, PEOPLE.second),
    h("option", { value: "open" }, PEOPLE.open),
    game.levels.map((l) => h("option", { value: l, selected: seat > 0 && l === level }, `Computer: ${l}`)),
    h("option", { value: "spec" }, "Computer: agent spec…"),
  );
  const spec = h("input", { type: "text", placeholder: "e.g. ismcts:iterations=500", hidden: true, "aria-label": `Agent spec for seat ${seat + 1}` });
  const name = h("input", { type: "text", placeholder: "name (optional)", maxlength: 40, "aria-label": `Name for seat ${seat + 1}` });
  if (me && seat === 0) Object.assign(name, { value: me.name, readOnly: true, title: "You sit as your account" });
  if (before && [...choice.options].some((o) => o.value === before[0])) {
    [choice.value, spec.value] = before;
    if (!name.readOnly) name.value = before[2];
    spec.hidden = choice.value !== "spec";
  }
  choice.addEventListener("change", () => { spec.hidden = choice.value !== "spec"; });
  const label = game.seat_labels[seat] ? ` (${game.seat_labels[seat]})` : "";
  return h("div.form-row.seat-row", {}, h("label", {}, `Seat ${seat + 1}${label}`), choice, spec, name);
}

/**
 * Who sits where, as the seats' rows say: each seat's spec and name (a person's name if typed, else one that
 * reads well at that table).
 * @param {HTMLElement} seats
 * @returns {{specs: string[], names: (string | null)[]}}
 */
function seatsChosen(seats) {
  const rows = [...seats.querySelectorAll(".seat-row")];
  const specs = rows.map((row) => {
    const [choice, spec] = /** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */ (row.querySelectorAll("select, input"));
    if (choice.value === "second") return "human";
    if (choice.value === "spec") return spec.value.trim() || "random";
    return choice.value;
  });
  const names = rows.map((row, seat) => {
    const typed = row.querySelectorAll("input")[1].value.trim();
    if (typed) return typed;
    // "You" reads well against the computer; with friends joining, the others see the name given
    const friends = specs.includes("open");
    if (specs[seat] === "human" && friends) return store.get("name", null) || `Player ${seat + 1}`;
    if (specs[seat] === "human") return specs.filter((s) => s === "human").length === 1 ? "You" : `Player ${seat + 1}`;
    return null;
  });
  return { specs, names };
}

/**
 * The games saved at the terminal, each with Resume (the owner's only: others are told why there are none).
 * @param {HTMLElement} saves
 */
async function drawSaves(saves) {
  try {
    /** @type {import("./contract.js").SavedGame[]} */
    const list = await api("/api/saves");
    clear(
      saves,
      list.length
        ? list.map((s) => {
            const problem = h("span.error", { role: "alert" });
            const resume = async () => {
              try {
                /** @type {import("./contract.js").NewTable} */
                const body = { game: s.game, resume: s.name, names: s.seats.map((spec) => (spec === "human" ? "You" : null)) };
                /** @type {TableCreated} */
                const made = await createTable(body);
                sitDown(made.table, made.seats);
              } catch (error) {
                problem.textContent = ` ${/** @type {Error} */ (error).message}`;
              }
            };
            return h("li", {}, `${s.title || s.game} · ${s.moves} moves · ${s.saved.slice(0, 16).replace("T", " ")} `, h("button", { type: "button", onclick: resume }, "Resume"), problem);
          })
        : h("li.muted", {}, "No saved games. Games left unfinished at the terminal appear here."),
    );
  } catch (error) {
    // Without the owner's token the saves are refused (each holds every hand): a note, not a fault.
    const message = /** @type {Error} */ (error).message;
    clear(saves, h("li.muted", {}, `${message[0].toUpperCase()}${message.slice(1)}.`));
  }
}

/**
 * The tables their hosts listed, to watch or join.
 * @param {HTMLElement} open
 */
async function drawOpen(open) {
  try {
    /** @type {import("./contract.js").ListedTable[]} */
    const list = await api("/api/tables");
    clear(
      open,
      list.length
        ? list.map((t) =>
            h("li", {}, `${t.title}: ${t.seats.map((s) => `${s.name} (${KINDS[s.kind] || s.kind})`).join(", ")}`, " ", h("a", { href: `#/table/${t.table}` }, "Watch"), " ", t.seats.some((s) => s.kind === "open") ? h("a", { href: `#/join/${t.table}` }, "Join") : ""),
          )
        : h("li.muted", {}, "No open tables right now."),
    );
  } catch (error) {
    clear(open, h("li.error", {}, /** @type {Error} */ (error).message));
  }
}
