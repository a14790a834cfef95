// @ts-check
// Seeks in the lobby: the open ones to accept, "Find a person to play" (quick pairing), and the wait until a seek
// fills. The seek's token is the seat's token once it does: the browser keeps it and goes to the table.
import { api, createTable } from "./api.js";
import { clear, h, store } from "./dom.js";
import { keepToken } from "./kept.js";

/**
 * @typedef {import("./contract.js").SeekSeat} SeekSeat
 * @typedef {import("./contract.js").OpenSeek} OpenSeek
 * @typedef {import("./contract.js").NewSeek} NewSeek
 * @typedef {import("./contract.js").SeekState} SeekState
 */

/** How long to wait before connecting the lobby again (ms), by attempt. */
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

/**
 * The lobby's websocket: the open seeks as they change, and the seeks this page holds (it posted or accepted them).
 * The server asks after a held seek for the page and says how it stands; when the page goes, so does its place.
 * @param {{onSeeks: (seeks: OpenSeek[]) => void, onSeek: (answer: SeekState) => void, onError: (text: string) => void}} handlers
 * @returns {{hold: (seek: string, token: string) => void, close: () => void}}
 */
export function lobbySocket({ onSeeks, onSeek, onError }) {
  /** @type {Map<string, string>} seek -> token, sent again after a reconnect */
  const held = new Map();
  let closed = false;
  let retries = 0;
  /** @type {WebSocket} */
  let socket;
  /** @param {string} seek @param {string} token */
  function send(seek, token) {
    /** @type {import("./wire.js").HoldRequest} */
    const hold = { type: "hold", seek, token };
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(hold));
  }
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/lobby`, ["deckhand"]);
    socket.onopen = () => {
      retries = 0;
      for (const [seek, token] of held) send(seek, token);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "seeks") onSeeks(message.seeks);
      else if (message.type === "seek") {
        if (message.state !== "open") held.delete(message.seek);
        onSeek(message);
      } else if (message.type === "error") onError(message.message);
    };
    socket.onclose = () => {
      if (closed) return;
      setTimeout(() => closed || open(), RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
    };
  }
  open();
  return {
    hold: (seek, token) => {
      held.set(seek, token);
      send(seek, token);
    },
    close: () => {
      closed = true;
      held.clear();
      socket.close();
    },
  };
}

/**
 * A clock's settings as people say them.
 * @param {{initial: number, increment?: number} | null} clock
 */
export function clockWords(clock) {
  if (!clock) return "no clock";
  const first = clock.initial >= 60 && clock.initial % 30 === 0 ? `${clock.initial / 60} min` : `${clock.initial} s`;
  return clock.increment ? `${first} + ${clock.increment} s` : first;
}

/**
 * One open seek as the lobby lists it: the game, how, who waits, and how many places are taken.
 * @param {OpenSeek} seek
 */
export function seekWords(seek) {
  const who = seek.seekers.map((s) => (s.rating === null ? s.name : `${s.name} (${s.rating})`)).join(", ");
  return `${seekHow(seek.title, seek)} · ${who} · ${seek.seated} of ${seek.players}`;
}

/**
 * What a seek asks for: the game, its rules, rated or casual, the clock.
 * @param {string} title
 * @param {{preset?: string | null, rated?: boolean, clock?: {initial: number, increment?: number} | null}} seek
 */
export function seekHow(title, seek) {
  return [title, seek.preset, seek.rated ? "rated" : "casual", clockWords(seek.clock ?? null)].filter(Boolean).join(" · ");
}

/**
 * How long a seek has waited, as people say it.
 * @param {number} seconds
 */
function waitWords(seconds) {
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The name an anonymous person plays under: the one they typed last, else "Guest". */
export function seekName() {
  return store.get("name", "") || "Guest";
}

/**
 * The lobby's seeks: the list of open ones with Accept, and the wait of the one this page made or joined.
 * @param {boolean} signedIn
 * @returns {{element: HTMLElement, seek: (answer: SeekSeat, words: string, request: NewSeek) => void, close: () => void}}
 */
export function seekPanel(signedIn) {
  const list = h("ul.list", { id: "seeks" });
  const waiting = h("div.seek-wait", { role: "status" });
  const problem = h("p.error", { role: "alert" });
  const name = h("input", { id: "seek-name", type: "text", maxlength: 40, value: seekName(), "aria-label": "Your name for games with others" });
  name.addEventListener("change", () => store.set("name", name.value.trim()));
  /** @type {SeekSeat | null} */
  let mine = null;
  /** @type {NewSeek | null} the seek this page posted: the game the computer may play instead */
  let posted = null;

  /** @type {OpenSeek[]} */
  let shown = [];

  /** @param {OpenSeek[]} seeks */
  function drawList(seeks = shown) {
    shown = seeks;
    clear(
      list,
      seeks.length
        ? seeks.map((seek) =>
            h("li", {}, seekWords(seek), " ", mine && mine.seek === seek.seek ? h("span.muted", {}, "(yours)") : h("button", { type: "button", onclick: () => accept(seek) }, "Accept")),
          )
        : h("li.muted", {}, "Nobody is looking for a game right now."),
    );
  }

  clear(list, h("li.muted", {}, "Reading the open seeks…"));
  const lobby = lobbySocket({ onSeeks: drawList, onSeek: told, onError: (text) => (problem.textContent = text) });

  /** @param {OpenSeek} seek */
  async function accept(seek) {
    problem.textContent = "";
    try {
      const answer = await api(`/api/seeks/${encodeURIComponent(seek.seek)}/accept`, signedIn ? {} : { name: seekName() });
      wait(answer, seekWords(seek));
    } catch (error) {
      problem.textContent = /** @type {Error} */ (error).message;
    }
  }

  /**
   * Wait for a seek to fill (or go straight to the table if it has).
   * @param {SeekSeat} answer
   * @param {string} words
   * @param {NewSeek | null} [request] The seek this page posted (not one it accepted).
   */
  function wait(answer, words, request = null) {
    if (answer.table !== null && answer.table !== undefined && answer.seat !== null && answer.seat !== undefined) {
      keepToken(answer.table, answer.seat, answer.token);
      location.hash = `#/table/${answer.table}`;
      return;
    }
    mine = answer;
    posted = request;
    const cancel = h("button", { type: "button", id: "cancel-seek", onclick: () => withdraw() }, "Cancel");
    clear(waiting, h("p", {}, h("strong", {}, "Looking for players: "), words), h("p.muted", { id: "seek-state" }, "Waiting…"), cancel);
    waiting.scrollIntoView({ block: "nearest" });
    lobby.hold(answer.seek, answer.token);
    drawList();
  }

  /**
   * How the seek this page waits on stands, as the server tells it: filled (go to the table), open or gone.
   * @param {SeekState} answer
   */
  function told(answer) {
    if (!mine || answer.seek !== mine.seek) return;
    if (answer.state === "filled") {
      mine = null;
      keepToken(answer.table, answer.seat, answer.token);
      location.hash = `#/table/${answer.table}`;
      return;
    }
    if (answer.state === "gone") {
      mine = null;
      clear(waiting, h("p.muted", {}, "The seek ended: it was withdrawn or went unanswered."));
      drawList();
      return;
    }
    const state = waiting.querySelector("#seek-state");
    if (state) state.textContent = `${answer.seated} of ${answer.players} seated · waiting ${waitWords(answer.waiting)}`;
    if (answer.computer && posted && !waiting.querySelector("#play-computer")) {
      const instead = h("button", { type: "button", id: "play-computer", onclick: () => playComputer() }, "Play the computer instead");
      waiting.append(h("p", {}, "Nobody has come yet: keep waiting, or ", instead));
    }
  }

  /** Withdraw the seek and play its game against the computer's usual level, on the same clock. */
  async function playComputer() {
    const request = posted;
    await withdraw();
    if (!request) return;
    try {
      /** @type {import("./contract.js").NewTable} */
      const body = { game: request.game, preset: request.preset ?? null, clock: request.clock ?? null };
      if (request.players) body.options = { players: request.players };
      const made = await createTable(body);
      for (const { seat, token } of made.seats) keepToken(made.table, seat, token);
      location.hash = `#/table/${made.table}`;
    } catch (error) {
      problem.textContent = /** @type {Error} */ (error).message;
    }
  }

  async function withdraw() {
    if (mine) {
      const gone = mine;
      mine = null;
      await api(`/api/seeks/${encodeURIComponent(gone.seek)}`, undefined, null, { "X-Seek-Token": gone.token }, "DELETE").catch(() => {});
    }
    clear(waiting);
    drawList();
  }

  const element = h(
    "section.panel",
    { style: "margin-top:1rem" },
    h("h2", {}, "People looking for a game"),
    signedIn ? "" : h("div.form-row", {}, h("label", { for: "seek-name" }, "Your name"), name),
    waiting,
    problem,
    list,
  );
  return {
    element,
    seek: (answer, words, request) => wait(answer, words, request),
    close: () => {
      if (mine) withdraw();
      lobby.close();
    },
  };
}
