// @ts-check
// A table in the browser: the connection(s), the pace of the computer's moves, and the frame around a game's drawing.
// What is drawn on the felt comes from games/<game>.js; the server decides everything (no optimistic updates).
import { Announcer, keepingFocus } from "./announce.js";
import { api, gameModule, games } from "./api.js";
import { Connection } from "./connection.js";
import { SEAT_COLOURS, clear, h, store } from "./dom.js";
import { landed, measure, travel } from "./motion.js";
import { endLinks, outcomeOverlay, tallyPicture } from "./overlay.js";
import { play as sound } from "./sound.js";

/**
 * @typedef {import("./contract.js").StateMessage} StateMessage
 * @typedef {import("./contract.js").SeatsMessage} SeatsMessage
 * @typedef {import("./contract.js").TableSummary} TableSummary
 * @typedef {import("./contract.js").GameModule} GameModule
 * @typedef {import("./contract.js").GameEvent} GameEvent
 * @typedef {import("./contract.js").HintMessage} HintMessage
 * @typedef {import("./contract.js").Invite} Invite
 */

const MAX_BUTTONS = 24;

/**
 * The seats' tokens this browser holds at a table, by seat.
 * @param {string} tableId
 * @returns {Record<string, string>}
 */
export function seatTokens(tableId) {
  return store.get(`tokens.${tableId}`, {});
}

/**
 * @param {string} tableId
 * @param {number} seat
 * @param {string} token
 */
export function keepToken(tableId, seat, token) {
  const tokens = seatTokens(tableId);
  tokens[seat] = token;
  store.set(`tokens.${tableId}`, tokens);
}

/**
 * The host's token (who may start before every seat is taken), kept by the browser that made the table.
 * @param {string} tableId
 * @param {string} token
 */
export function keepHost(tableId, token) {
  store.set(`host.${tableId}`, token);
}

/**
 * @param {string} tableId
 * @returns {string | null}
 */
function hostToken(tableId) {
  return store.get(`host.${tableId}`, null);
}

/**
 * The invite codes of a new table's open seats, kept by the browser that made it (its host).
 * @param {string} tableId
 * @param {Invite[] | undefined} invites
 */
export function keepInvites(tableId, invites) {
  /** @type {Record<number, string>} */
  const kept = {};
  for (const { seat, code } of invites || []) kept[seat] = code;
  store.set(`invites.${tableId}`, kept);
}

/**
 * @param {string} tableId
 * @returns {Record<number, string>}
 */
function inviteCodes(tableId) {
  return store.get(`invites.${tableId}`, {});
}

/**
 * The link that seats a person who opens it: a seat's own (with its invite code after the #, which never
 * reaches a server), or, at a table listed in the lobby, one for the first free seat.
 * @param {string} tableId
 * @param {number} [seat]
 * @param {string} [code]
 */
export function inviteLink(tableId, seat, code) {
  const path = seat === undefined ? "" : code ? `/${seat}/${encodeURIComponent(code)}` : `/${seat}`;
  return `${location.origin}/#/join/${tableId}${path}`;
}

/**
 * The table's public summary, or null after saying on the page why there is none.
 * @param {HTMLElement} main
 * @param {string} tableId
 * @returns {Promise<TableSummary | null>}
 */
export async function tableSummary(main, tableId) {
  try {
    return await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (error) {
    clear(main, h("p.error", {}, /** @type {Error} */ (error).message), h("a", { href: "#/" }, "Back to the lobby"));
    return null;
  }
}

/**
 * The table page; what it returns closes the table's connections when the page is left.
 * @param {HTMLElement} main
 * @param {string} tableId
 * @returns {Promise<() => void>}
 */
export async function showTable(main, tableId) {
  const summary = await tableSummary(main, tableId);
  if (!summary) return () => {};
  const game = await gameModule(summary.game);
  const info = (await games()).find((g) => g.name === summary.game);
  const table = new TableView(main, tableId, summary, game, info ? info.levels : []);
  return () => table.close();
}

class TableView {
  // the page's parts that change (build() lays them out)
  status = h("div.status");
  felt = h("div.felt");
  announcer = new Announcer(); // each move's sentence, said politely (the felt is redrawn whole: not live)
  noticeEl = h("p.muted", { role: "status" });
  timerBar = h("div.timer", { hidden: true }, h("div"));
  buttons = h("div.moves", { "aria-label": "Moves" });
  notation = h("input", {
    type: "text",
    placeholder: "Type a move (e.g. the notation in the rules), then Enter",
    "aria-label": "Move in notation",
    autocomplete: "off",
  });
  hintButton = h("button", { type: "button", onclick: () => this.askHint(), title: "Hint (h)" }, "Hint");
  moveBox = h("div.moves.move-box");
  /** @type {HTMLElement | null} the form to type a move in: shown by its toggle */
  notationForm = null;
  /** @type {HTMLElement | null} the toggle that shows the notation form */
  typing = null;
  hintBox = h("div");
  logEl = h("ol.log", { "aria-label": "What happened", tabindex: "0" }); // it scrolls: a keyboard reaches it too
  resultEl = h("div");
  endButtons = h("div.game-actions");
  // the outcome of a deck, a round or the game, over the table until dismissed (draw() leaves it alone)
  overlayHost = h("div.outcome-host");
  // the notice under the felt, the hint's move number, the pass timer
  noticeIsError = false;
  /** Whether the connection on show is down (who is connected is then unknown). */
  offline = false;
  /** @type {number | undefined} */ hintSeq;
  /** @type {StateMessage | undefined} */ timerFor;
  /** @type {number | undefined} */ timer;

  /**
   * @param {HTMLElement} main
   * @param {string} tableId
   * @param {TableSummary} summary
   * @param {GameModule} game
   * @param {string[]} levels
   */
  constructor(main, tableId, summary, game, levels) {
    this.main = main;
    this.levels = levels;
    this.id = tableId;
    this.summary = summary;
    this.game = game;
    this.names = summary.seats.map((s) => s.name);
    /** @type {StateMessage[]} */
    this.queue = [];
    this.pumping = false;
    /** @type {StateMessage | null} the state message on show */
    this.message = null;
    /** @type {StateMessage | null} */
    this.previous = null;
    /** @type {GameEvent[]} */
    this.log = [];
    /** @type {import("./contract.js").Selection} the game's selection, kept across redraws */
    this.sel = {};
    /** @type {HintMessage | null} */
    this.hint = null;
    /** @type {GameEvent | null} the last move by a seat not on this screen, until the next move */
    this.lastMove = null;
    /** when the message on show was shown (ms): the next computer's move waits for the pace */
    this.shownAt = 0;
    /** @type {number | null} the seq of the game's end whose outcome was shown */
    this.endShown = null;
    this.notice = "";
    /** @type {Record<string, string>} */
    this.glimpse = {};
    /** @type {Connection[]} */
    this.connections = [];
    /** @type {Connection | null} */
    this.active = null;
    /** @type {Connection | null} */
    this.handOver = null;
    /** @type {SeatsMessage | null} the latest seats message: who sits where, who is connected */
    this.people = null;
    this.build();
    const tokens = seatTokens(tableId);
    const seats = Object.keys(tokens).map(Number).filter((s) => s < summary.seats.length);
    /** @type {import("./connection.js").Handlers} */
    const handlers = {
      onState: (message, conn) => this.received(message, conn),
      onSeats: (message) => this.seated(message),
      onRematch: (message) => this.rematch(message.table, message.shift ?? 1),
      onError: (text) => this.say(text, true),
      onClosed: (text) => this.say(text, true),
      onOpen: (conn) => this.reconnected(conn),
      onDrop: (conn) => this.dropped(conn),
    };
    if (seats.length === 0) {
      this.active = new Connection(tableId, null, handlers);
      this.connections.push(this.active);
    } else {
      for (const seat of seats.sort()) {
        const conn = new Connection(tableId, tokens[seat], handlers);
        conn.seat = seat;
        this.connections.push(conn);
      }
      this.active = this.connections[0];
    }
    /** @param {KeyboardEvent} event */
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    /** @type {{clock: import("./contract.js").ClockOut, at: number} | null} the newest clock, and when it came */
    this.clockSeen = null;
    this.clockTimer = setInterval(() => this.tickClocks(), 200);
  }

  close() {
    for (const conn of this.connections) conn.close();
    document.removeEventListener("keydown", this.keys);
    clearInterval(this.timer);
    clearInterval(this.clockTimer);
  }

  /**
   * How long a person who left keeps their seat, in their tag: "back within 0:42", then "left".
   * @param {number} seat
   */
  awayTag(seat) {
    const left = this.graceLeft(seat);
    if (left === null) return "";
    return h("span.muted.away-time", { dataset: { seat: String(seat) } }, awayText(left));
  }

  // -- the clocks -------------------------------------------------------------------------------
  /**
   * A seat's seconds left now: the server's figure, less the time since it came if that seat's clock runs.
   * @param {number} seat
   * @returns {number | null}
   */
  secondsLeft(seat) {
    if (!this.clockSeen) return null;
    const { clock, at } = this.clockSeen;
    const left = clock.left[seat];
    if (left === null || left === undefined) return null;
    return clock.running === seat ? Math.max(0, left - (performance.now() - at) / 1000) : left;
  }

  /**
   * A seat's clock in the seat's tag: its time, marked while it runs and when it is short.
   * @param {number} seat
   */
  clockTag(seat) {
    const left = this.secondsLeft(seat);
    if (left === null || !this.clockSeen) return "";
    const { clock } = this.clockSeen;
    const running = clock.running === seat;
    const short = left <= clock.short;
    return h(
      `span.clock${running ? ".running" : ""}${short ? ".short" : ""}`,
      { "data-seat": String(seat), role: "timer", "aria-label": `${this.names[seat]}'s time${running ? ", running" : ""}` },
      clockText(left),
    );
  }

  /** The running clock counts down between messages; time short is marked as it comes; so do the absent's graces. */
  tickClocks() {
    for (const tag of this.status.querySelectorAll(".away-time")) {
      const left = this.graceLeft(Number(/** @type {HTMLElement} */ (tag).dataset.seat));
      if (left !== null) tag.textContent = awayText(left);
    }
    if (!this.clockSeen || this.clockSeen.clock.running === null) return;
    const seat = this.clockSeen.clock.running;
    const tag = this.status.querySelector(`.clock[data-seat="${seat}"]`);
    const left = this.secondsLeft(seat);
    if (!tag || left === null) return;
    tag.textContent = clockText(left);
    tag.classList.toggle("short", left <= this.clockSeen.clock.short);
  }

  // -- the connection going and coming back --------------------------------------------
  /** @param {Connection} conn */
  dropped(conn) {
    if (conn !== this.active) return;
    this.offline = true;
    // the status bar says it in place of whose move it is; before the first message there is no status bar yet
    if (!this.message) this.say("reconnecting…");
    this.draw();
  }

  /** @param {Connection} conn */
  reconnected(conn) {
    this.say("");
    if (conn !== this.active) return;
    this.offline = false;
    this.draw(); // the seats message that follows says who is here
  }

  // -- who sits where -----------------------------------------------------------------
  /** @param {SeatsMessage} message */
  seated(message) {
    this.people = message;
    this.peopleAt = performance.now();
    this.names = message.seats.map((s) => s.name);
    this.summary.seats = message.seats;
    this.draw();
    // when a person's grace ends the others may claim the game: draw again then
    clearTimeout(this.graceTimer);
    /** @type {number[]} */
    const lefts = [];
    for (const s of message.seats) {
      const left = this.graceLeft(s.seat);
      if (left) lefts.push(left);
    }
    if (lefts.length) this.graceTimer = window.setTimeout(() => this.draw(), Math.min(...lefts) * 1000 + 50);
  }

  /**
   * Seconds before the game may be claimed from the person at `seat` who left: 0 once it may; null if they are here,
   * the seat is no person's, or the table keeps it for good.
   * @param {number} seat
   * @returns {number | null}
   */
  graceLeft(seat) {
    const people = this.people;
    const person = people && people.seats[seat];
    if (!people || !person || people.grace === null || people.grace === undefined || person.away === null || person.away === undefined) return null;
    const away = person.away + (performance.now() - (this.peopleAt || 0)) / 1000;
    return Math.max(0, people.grace - away);
  }

  /**
   * The table's people play again: this browser's tokens hold the seats `shift` on at the new table.
   * @param {string} tableId
   * @param {number} shift
   */
  rematch(tableId, shift) {
    const tokens = seatTokens(this.id);
    const seats = this.summary.seats.length;
    for (const [seat, token] of Object.entries(tokens)) keepToken(tableId, (Number(seat) + shift) % seats, token);
    const host = hostToken(this.id);
    if (host) keepHost(tableId, host);
    location.hash = `#/table/${tableId}`;
  }

  async askRematch() {
    const token = this.active && this.active.token;
    if (!token) return;
    try {
      /** @type {import("./contract.js").RematchMade} */
      const made = await api(`/api/tables/${encodeURIComponent(this.id)}/rematch`, { token });
      this.rematch(made.table, made.shift ?? 1);
    } catch (error) {
      this.say(/** @type {Error} */ (error).message, true);
    }
  }

  /** @param {string} [level] The computer's level in the empty seats (by default the table's). */
  async startNow(level) {
    try {
      await api(`/api/tables/${encodeURIComponent(this.id)}/start`, { host: hostToken(this.id), level });
    } catch (error) {
      this.say(/** @type {Error} */ (error).message, true);
    }
  }

  /** @param {SeatsMessage} people */
  waitingPanel(people) {
    const open = people.seats.filter((s) => s.kind === "open");
    const host = hostToken(this.id);
    const codes = inviteCodes(this.id);
    const listed = Boolean(this.summary.public);
    const linked = open.filter((s) => listed || codes[s.seat]);
    /** @type {string[]} */
    const levels = this.levels || [];
    const level = h("select", { "aria-label": "Level for the empty seats" }, levels.map((l) => h("option", { value: l, selected: l === "medium" }, l)));
    return h(
      "div.overlay.waiting",
      {},
      h("h2", {}, `Waiting for ${open.length} more ${open.length === 1 ? "player" : "players"}`),
      linked.length
        ? h("p", {}, "Send each friend the link of a seat. The game starts when every seat is taken.")
        : h("p", {}, "The host has the links that seat the friends invited. The game starts when every seat is taken."),
      h(
        "ul.list.invites",
        {},
        linked.map((s) => {
          const link = inviteLink(this.id, s.seat, codes[s.seat]);
          return h("li", {}, h("span", {}, `${s.name}: `), h("input", { type: "text", readonly: true, value: link, "aria-label": `Invite link for seat ${s.seat + 1}`, onfocus: (e) => /** @type {HTMLInputElement} */ (e.target).select() }), h("button", { type: "button", onclick: () => copy(link, this) }, "Copy"));
        }),
        listed ? h("li.muted", {}, "Or one link for the next free seat: ", h("a", { href: inviteLink(this.id) }, inviteLink(this.id))) : null,
      ),
      host
        ? h("p", {}, h("button.primary", { type: "button", id: "start-now", onclick: () => this.startNow(level.value || undefined) }, "Start now"), " with the computer in the empty seats at ", levels.length ? level : "the usual level")
        : "",
    );
  }

  // -- messages in, at a pace a person can follow ---------------------------------
  /**
   * @param {StateMessage} message
   * @param {Connection} conn
   */
  received(message, conn) {
    conn.latest = message;
    if (message.clock) this.clockSeen = { clock: message.clock, at: performance.now() }; // the server's time: the newest
    if (conn === this.active) {
      this.queue.push(message);
      this.pump();
    }
    this.checkHandOver();
  }

  // Another person at this screen is to move and the one on show is not: hand the screen over.
  // Checked on every message, since the two seats' messages may arrive in either order.
  checkHandOver() {
    if (this.handOver || (this.active && this.active.latest && this.active.latest.legal.length)) return;
    const next = this.connections.find((c) => c !== this.active && c.latest && c.latest.legal.length);
    if (next) {
      this.handOver = next;
      this.draw();
    }
  }

  // Each move by a seat not on this screen (the computer's) waits until the message before it has been on show
  // for the pace: your own move is seen before the reply replaces it, and the computer's moves one by one.
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    while (this.queue.length) {
      const message = /** @type {StateMessage} */ (this.queue[0]);
      if (this.message && this.othersMove(message)) {
        const wait = Number(store.get("pace", 900)) - (Date.now() - this.shownAt);
        if (wait > 0) await sleep(wait);
      }
      this.queue.shift();
      const fresh = this.show(message);
      this.shownAt = Date.now();
      await this.outcomeAfter(message, fresh);
    }
    this.pumping = false;
  }

  /**
   * The outcome a message brings opens once its move has been seen: its cards have landed and the pace has passed.
   * A deck's or round's tally then holds the moves behind it (the felt stays as the deck ended) until dismissed.
   * @param {StateMessage} message
   * @param {GameEvent[]} fresh
   */
  async outcomeAfter(message, fresh) {
    if (!this.ends(message, fresh)) return;
    await landed(this.felt);
    const wait = Number(store.get("pace", 900)) - (Date.now() - this.shownAt);
    if (wait > 0) await sleep(wait);
    if (this.message !== message) return; // the screen was handed over meanwhile
    const dismissed = this.outcomes(message, fresh);
    if (!message.result) await dismissed;
    this.shownAt = Date.now();
  }

  /**
   * Whether a message ends a deck, a round or the game (and so opens an outcome not yet shown).
   * @param {StateMessage} message
   * @param {GameEvent[]} fresh
   */
  ends(message, fresh) {
    return fresh.some((e) => e.tally) || Boolean(message.result && this.endShown !== message.seq);
  }

  /**
   * The seats this screen plays for.
   * @param {number | null} seat
   */
  isHere(seat) {
    return this.connections.some((c) => c.seat === seat);
  }

  /**
   * The move in `message` made by a seat not on this screen, if any (the last such).
   * @param {StateMessage} message
   * @returns {GameEvent | undefined}
   */
  othersMove(message) {
    return message.events.filter((e) => e.seat !== null && !e.quiet && !this.isHere(e.seat)).pop();
  }

  /**
   * Draw a message, its moves travelling; what it returns are its events not seen before.
   * @param {StateMessage} message
   * @returns {GameEvent[]}
   */
  show(message) {
    const first = this.message === null;
    this.previous = this.message;
    this.message = message;
    this.felt.dataset.seq = String(message.seq); // which state the table shows: a paced page may be behind the server
    /** @type {GameEvent[]} */
    const fresh = [];
    for (const event of message.events) {
      if (!this.log.some((e) => e.seq === event.seq && e.move === event.move && e.seat === event.seat)) {
        this.log.push(event);
        if (!first) this.announcer.say(event, this.names);
        fresh.push(event);
      }
    }
    // the last move marked on the felt: another seat's, until the next move (a pass moves nothing)
    for (const event of fresh) {
      if (event.seat === null || event.quiet) continue;
      this.lastMove = this.isHere(event.seat) ? null : event;
    }
    if (message.glimpse) this.glimpse = { ...message.glimpse };
    if (!message.legal.length) this.sel = {};
    if (this.hint && (!message.legal.length || message.seq !== this.hintSeq)) this.hint = null;
    this.sounds(message, first);
    const before = first ? { keys: new Map(), zones: new Map(), cards: new Map() } : measure(this.felt);
    this.draw();
    const moved = fresh.filter((e) => e.seat !== null && !e.quiet).pop();
    const travels = moved && this.game.travels ? this.game.travels(moved, this.context(message)) : [];
    travel(this.felt, before, { mover: moved ? moved.seat : null, travels, deal: true });
    return fresh;
  }

  /**
   * Open the outcome over the table: a deck's or round's tally, or the game's end. It stays until dismissed.
   * @param {StateMessage} message
   * @param {GameEvent[]} fresh The events not seen before.
   * @returns {Promise<void>} Resolves when the outcome is dismissed.
   */
  outcomes(message, fresh) {
    const tally = fresh.map((e) => e.tally).filter(Boolean).pop();
    const ended = message.result && this.endShown !== message.seq;
    if (!tally && !ended) return Promise.resolve();
    /** @type {() => void} */
    let done = () => {};
    const dismissed = new Promise((resolve) => {
      done = () => resolve(undefined);
    });
    /** @type {import("./dom.js").Child[]} */
    const body = [];
    if (ended) body.push(this.resultTitle(/** @type {import("./contract.js").GameResult} */ (message.result)));
    if (ended && message.ended) body.push(h("p.outcome-ended", {}, message.ended.words));
    if (tally) body.push(tallyPicture(tally));
    if (ended && this.game.outcome && !message.ended) body.push(this.game.outcome(this.context(message)));
    if (ended) body.push(h("p.outcome-scores", {}, message.ended ? "Scores when it ended: " : "Final scores: ", this.names.map((n, i) => `${n} ${(/** @type {import("./contract.js").GameResult} */ (message.result)).scores[i]}`).join(", ")));
    const links = ended ? [endLinks(this.summary.replay, this.summary.review), this.rematchButton()] : "";
    if (ended) {
      this.endShown = message.seq;
      this.findLinks();
    }
    const overlay = outcomeOverlay({
      kind: ended ? "end" : "tally",
      body,
      links,
      dismiss: () => {
        overlay.remove();
        this.drawResult(message); // the result under the table takes the Rematch button back
        done();
      },
    });
    clear(this.overlayHost, overlay);
    if (ended) this.drawResult(message);
    overlay.focus({ preventScroll: true });
    return dismissed;
  }

  // A finished game is stored before anyone is told of its end: its summary names the replay, and, asked with a
  // seat's token, that seat's review (a spectator is offered none: a review shows the seat's cards).
  async findLinks() {
    try {
      /** @type {TableSummary} */
      const summary = await api(`/api/tables/${encodeURIComponent(this.id)}`, undefined, this.active && this.active.token);
      this.summary.replay = summary.replay;
      this.summary.review = summary.review;
    } catch {
      return; // the links stay hidden
    }
    for (const link of this.main.querySelectorAll(".outcome-links")) link.replaceWith(endLinks(this.summary.replay, this.summary.review));
  }

  /**
   * @param {StateMessage} message
   * @param {boolean} first
   */
  sounds(message, first) {
    if (first) {
      sound("deal");
      return;
    }
    const special = message.events.map((e) => this.game.sound && this.game.sound(e)).find(Boolean);
    if (special) sound(special);
    else if (message.result) sound("win");
    else if (message.events.some((e) => e.seat !== null)) sound("play");
    else if (message.events.length) sound("deal");
  }

  // -- what the player does -----------------------------------------------------------
  /** @param {string} move */
  play(move) {
    this.sel = {};
    this.glimpse = {};
    this.say("");
    this.activeConnection().send({ type: "move", move });
  }

  async askHint() {
    if (!this.message || !this.message.legal.length) return;
    this.say("Looking for the best move…");
    try {
      const selection = this.game.hintSelection ? this.game.hintSelection(this.sel) : undefined;
      this.hint = await this.activeConnection().ask({ type: "hint", ...(selection ? { selection } : {}) }, "hint");
      this.hintSeq = this.message.seq;
      this.say("");
    } catch (error) {
      this.say(/** @type {Error} */ (error).message, true);
    }
    this.draw();
  }

  /**
   * The notice under the felt: what is going on, or what went wrong.
   * @param {string} text
   * @param {boolean} [isError]
   */
  say(text, isError = false) {
    this.notice = text;
    this.noticeIsError = isError;
    if (this.noticeEl) {
      this.noticeEl.textContent = text;
      this.noticeEl.className = isError ? "error" : "muted";
    }
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.target === this.notation && event.key === "Escape") this.notation.blur();
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "h") {
      event.preventDefault();
      this.askHint();
    } else if (event.key === "/") {
      event.preventDefault();
      this.showTyping(true);
      this.notation.focus();
    } else if (event.key === "Escape") {
      this.sel = {};
      this.draw();
    } else if (/^[1-9]$/.test(event.key)) {
      const button = this.buttons.querySelectorAll("button")[Number(event.key) - 1];
      if (button) button.click();
    }
  }

  /**
   * Show the box to type a move in (kept open for the next tables too), or hide it.
   * @param {boolean} shown
   */
  showTyping(shown) {
    const form = /** @type {HTMLElement} */ (this.notationForm);
    form.hidden = !shown;
    /** @type {HTMLElement} */ (this.typing).setAttribute("aria-expanded", String(shown));
    store.set("typing", shown);
  }

  // -- drawing ----------------------------------------------------------------------------
  build() {
    const form = h(
      "form.notation",
      {
        onsubmit: (event) => {
          event.preventDefault();
          const text = this.notation.value.trim();
          if (text) this.play(text);
          this.notation.value = "";
          this.notation.blur(); // the keys (h, 1–9, /) work again at once
        },
      },
      this.notation,
    );
    // Typing a move is for those who want it: a toggle (or the / key), not a second Play button under the table.
    this.notationForm = form;
    this.typing = h("button.typing", { type: "button", "aria-expanded": "false", title: "Type a move in notation (/)", onclick: () => this.showTyping(form.hidden !== false) }, "Type a move");
    this.showTyping(Boolean(store.get("typing", false)));
    clear(this.moveBox, this.hintButton, " ", this.typing, form);
    const share = h(
      "p.muted.share",
      {},
      "Watch link: ",
      h("a", { href: `#/table/${this.id}` }, `${location.origin}/#/table/${this.id}`),
    );
    clear(
      this.main,
      h(
        "div.table-page",
        {},
        // the result above the felt and the controls right under it (the player's hand is the felt's last row)
        h("section.play", {}, this.overlayHost, this.status, this.resultEl, this.felt, this.announcer.el, h("div.controls", {}, this.timerBar, this.noticeEl, this.buttons, this.moveBox, this.hintBox)),
        h("aside.side", {}, h("div.panel", {}, h("h2", {}, "Log"), this.logEl), this.endButtons, h("div.panel", {}, share, h("p.muted", {}, "Keys: 1–9 pick a move button, h hint, / type a move, Esc clears a selection."))),
      ),
    );
  }

  /**
   * Resign (asked twice: a slip of the finger costs nothing) and, before one's first move, Abort.
   * @param {StateMessage} message
   * @param {boolean} waiting
   */
  drawEndButtons(message, waiting) {
    const on = message.seat !== null && !message.result && !message.ended && !waiting;
    if (!on) {
      clear(this.endButtons);
      return;
    }
    const claimable = this.names.map((_, seat) => seat).filter((seat) => seat !== message.seat && this.graceLeft(seat) === 0);
    const claims = h(
      "div.claims",
      {},
      claimable.map((seat) =>
        h("p", {}, `${this.names[seat]} has left. `, h("button", { type: "button", dataset: { claim: String(seat) }, onclick: () => this.activeConnection().send({ type: "claim", seat }) }, "Claim the game")),
      ),
    );
    const drawn = this.endButtons.querySelector("#abort");
    if (drawn) { // drawn already: a redraw would undo a first click on Resign
      /** @type {HTMLButtonElement} */ (drawn).hidden = !message.abort;
      const before = this.endButtons.querySelector(".claims");
      if (before) before.replaceWith(claims);
      return;
    }
    const resign = h("button", { type: "button", id: "resign" }, "Resign");
    /** @type {number | undefined} */
    let asked;
    resign.addEventListener("click", () => {
      if (asked === undefined) {
        resign.textContent = "Resign? Click again";
        asked = window.setTimeout(() => { resign.textContent = "Resign"; asked = undefined; }, 3000);
        return;
      }
      window.clearTimeout(asked);
      this.activeConnection().send({ type: "resign" });
    });
    const abort = h("button", { type: "button", id: "abort", hidden: !message.abort, title: "Call the game off: no result" }, "Abort");
    abort.addEventListener("click", () => this.activeConnection().send({ type: "abort" }));
    clear(this.endButtons, h("div.panel", {}, h("h2", {}, "The game"), claims, resign, " ", abort));
  }

  /**
   * What the game's module draws from: the message on show, the table's people, and the table's hands.
   * @param {StateMessage} message
   * @returns {import("./contract.js").DrawContext}
   */
  context(message) {
    return {
      view: message.view,
      previous: this.previous && this.previous.view,
      seat: message.seat,
      legal: message.legal,
      quiet: message.quiet || [],
      toMove: message.to_move,
      names: this.names,
      labels: this.summary.seat_labels || [],
      pieces: this.summary.pieces || {},
      sel: this.sel,
      hint: this.hint,
      glimpse: this.glimpse,
      result: message.result,
      events: message.events,
      last: this.lastMove,
      memory: store.get("memory", false),
      play: (move) => this.play(move),
      redraw: () => this.draw(),
      say: (text, isError) => this.say(text, isError),
      match: (cards) => this.activeConnection().ask({ type: "match", cards }, "matches"),
      marks: (selection) => this.activeConnection().ask({ type: "marks", selection }, "marks"),
    };
  }

  /** The connection on show: the constructor sets one before any message can arrive. */
  activeConnection() {
    return /** @type {Connection} */ (this.active);
  }

  draw() {
    const message = this.message;
    if (!message) return;
    const ctx = this.context(message);
    // whose turn and the scores
    const tags = this.names.map((name, seat) => {
      const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
      const label = (this.summary.seat_labels || [])[seat];
      const score = message.view.scores ? message.view.scores[seat] : null;
      const person = this.people && this.people.seats[seat];
      const away = person && person.kind !== "computer" && !person.connected;
      const thinking = this.thinks(message, seat);
      return h(
        `span.seat-tag${message.to_move === seat ? ".to-move" : ""}${away ? ".away" : ""}${thinking ? ".thinking" : ""}`,
        { "aria-busy": thinking ? "true" : undefined },
        h("span.dot", { style: `background:${colour}` }),
        `${name}${seat === message.seat && name !== "You" ? " (you)" : ""}${label ? ` · ${label}` : ""}`,
        score === null || score === undefined ? "" : ` · ${score}`,
        person && person.account ? h("span.account-mark", { title: `${name} is signed in: the name is their account's`, "aria-label": "signed in" }, " ✓") : "",
        person && person.kind === "human" ? presence(this.offline ? null : person.connected) : "",
        this.awayTag(seat),
        person && person.stand_in ? h("span.muted", {}, ` (computer ${person.stand_in} standing in)`) : "",
        thinking ? h("span.thinking-dots", { role: "status" }, " thinking…") : "",
        this.clockTag(seat),
      );
    });
    // while a seat is empty the table shows the moves but takes none: nobody's move yet
    const waiting = Boolean(this.people ? this.people.waiting : this.summary.waiting);
    const mine = message.legal.length > 0 && !waiting;
    const turn = this.offline
      ? "reconnecting…"
      : message.ended
      ? message.ended.words
      : message.result
      ? "Game over"
      : waiting
        ? "Waiting for players"
        : message.to_move === null
        ? "…"
        : mine
          ? "Your move"
          : `${this.names[message.to_move]} to play`;
    clear(
      this.status,
      h("h1.game-title", {}, this.summary.title),
      h(`span.turn${this.offline ? ".offline" : mine ? ".mine" : ""}`, { role: this.offline ? "status" : undefined }, turn),
      message.seat === null ? h("span.muted", {}, "(watching)") : "",
      this.people && this.people.watching ? h("span.muted", {}, `${this.people.watching} watching`) : "",
      h("span.scores", {}, tags),
    );
    this.drawEndButtons(message, waiting);
    // the felt
    keepingFocus(this.felt, () => clear(this.felt, this.game.draw(ctx)));
    if (waiting && this.people) this.felt.append(this.waitingPanel(this.people));
    if (this.handOver && !waiting) {
      const next = this.handOver;
      this.felt.append(
        h(
          "div.overlay",
          {},
          h("h2", {}, `Pass the screen to ${this.names[/** @type {number} */ (next.seat)]}`),
          h("p", {}, "The cards stay hidden until they are ready."),
          h("button.primary", {
            type: "button",
            onclick: () => {
              this.active = next;
              this.handOver = null;
              this.message = null;
              const latest = /** @type {StateMessage} */ (next.latest);
              this.outcomes(latest, this.show(latest));
            },
          }, `I am ${this.names[/** @type {number} */ (next.seat)]}`),
        ),
      );
    }
    // moves that are words rather than clicks, and the timer on a pass
    /** @type {(move: string, ctx: import("./contract.js").DrawContext) => boolean} */
    const handled = this.game.handles ? this.game.handles : () => false;
    const words = waiting ? [] : message.legal.filter((m) => !handled(m, ctx));
    const shown = words.length <= MAX_BUTTONS ? words : [];
    clear(
      this.buttons,
      shown.map((move, i) =>
        h("button", { type: "button", onclick: () => this.play(move), title: move }, i < 9 ? h("kbd", {}, String(i + 1)) : "", this.game.buttonLabel ? this.game.buttonLabel(move, ctx) : move),
      ),
      words.length > MAX_BUTTONS ? h("span.muted", {}, `${words.length} moves: click the cards, or type one.`) : "",
    );
    this.passTimer(message);
    this.hintButton.disabled = !mine;
    // a spectator has no move to type and no hint to ask for, nor has anyone once the game is over
    this.moveBox.hidden = message.seat === null || Boolean(message.result);
    clear(this.hintBox, this.hint ? this.hintLine(this.hint) : "");
    // the log
    clear(
      this.logEl,
      // passes (a stick window nobody used) would drown the moves that matter
      this.log.filter((event) => !event.quiet).slice(-60).map((event) => this.logLine(event)),
    );
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.drawResult(message);
    this.say(this.notice, this.noticeIsError);
  }

  /** @param {StateMessage} message */
  drawResult(message) {
    // the result waits, as the outcome does, until the game's last move has been seen
    clear(this.resultEl, message.result && this.endShown === message.seq ? this.resultBox(message, message.result) : "");
  }

  /**
   * Whether the computer (or a stand-in) at `seat` is choosing its move now.
   * @param {StateMessage} message
   * @param {number} seat
   */
  thinks(message, seat) {
    if (message.result || message.to_move !== seat || this.isHere(seat)) return false;
    const person = this.people && this.people.seats[seat];
    if (person) return person.kind === "computer" || Boolean(person.stand_in);
    const listed = this.summary.seats[seat];
    return Boolean(listed) && listed.kind === "computer";
  }

  /**
   * A pass (a stick window nobody used) plays itself after a few seconds: the bar shows the time left.
   * @param {StateMessage} message
   */
  passTimer(message) {
    if (this.timerFor === message) return; // a redraw of the same message (who is here changed) keeps the clock
    this.timerFor = message;
    clearInterval(this.timer);
    const pass = message.quiet && message.quiet[0];
    const seconds = Number(store.get("passSeconds", 8));
    if (!pass || !message.legal.length || !seconds) {
      this.timerBar.hidden = true;
      return;
    }
    this.timerBar.hidden = false;
    const bar = /** @type {HTMLElement} */ (this.timerBar.firstChild);
    const started = Date.now();
    const seq = message.seq;
    bar.style.width = "100%";
    this.timerBar.title = `${pass} in ${seconds} s unless you act`;
    this.timer = setInterval(() => {
      const left = Math.max(0, 1 - (Date.now() - started) / (seconds * 1000));
      bar.style.width = `${left * 100}%`;
      if (left === 0) {
        clearInterval(this.timer);
        if (this.message && this.message.seq === seq && this.message.legal.includes(pass)) this.play(pass);
      }
    }, 100);
  }

  /** @param {HintMessage} hint */
  hintLine(hint) {
    // The sentence says the move in words; the notation and a search's figures are the detail.
    const chance = hint.chance === null || hint.chance === undefined ? "" : `; the search gives it about ${Math.round(hint.chance * 100)}% to win`;
    return h(
      "div.hint-box",
      {},
      h("strong", {}, "Hint: "),
      hint.reason || hint.move,
      " ",
      h("button", { type: "button", onclick: () => this.play(hint.move) }, "Play it"),
      h("details.hint-detail", {}, h("summary", {}, "Detail"), `Move: ${hint.move}${chance}.`),
    );
  }

  /** @param {GameEvent} event */
  logLine(event) {
    if (event.seat === null) return h("li.said", {}, event.said.join(" "));
    // The server tells the move in a sentence that starts with the mover's name; the notation is the tooltip.
    const name = this.names[event.seat] || `Seat ${event.seat + 1}`;
    const told = event.words || `${name} played ${event.move}.`;
    const lead = told.startsWith(name) ? name : "";
    return h(
      "li",
      { title: event.move || "" },
      lead ? h("strong", {}, lead) : "",
      event.by ? h("span.muted", {}, ` (computer ${event.by} standing in)`) : "",
      told.slice(lead.length),
      event.reason ? h("div.reason", {}, event.reason) : "",
      event.said.length ? h("div.said", {}, event.said.join(" ")) : "",
    );
  }

  /** A person's Rematch button (one on the page: in the outcome overlay while it is open). */
  rematchButton() {
    if (!this.active || !this.active.token) return "";
    return h("button.primary", { type: "button", id: "rematch", onclick: () => this.askRematch() }, "Rematch");
  }

  /**
   * Who won, as a heading.
   * @param {import("./contract.js").GameResult} result
   */
  resultTitle(result) {
    const { returns } = result;
    const best = Math.max(...returns);
    const winners = this.names.filter((_, i) => returns[i] === best && best > 0);
    const title = winners.length === 1 ? `${winners[0]} ${winners[0] === "You" ? "win" : "wins"}!` : `Shared win: ${winners.join(", ")}`;
    return h("h2", {}, title);
  }

  /**
   * @param {StateMessage} message
   * @param {import("./contract.js").GameResult} result
   */
  resultBox(message, result) {
    const { scores } = result;
    return h(
      "div.result",
      {},
      h("h3", {}, this.resultTitle(result).textContent),
      message.ended ? h("p", {}, message.ended.words) : "",
      h("p", {}, message.ended ? "Scores when it ended: " : "Final scores: ", this.names.map((n, i) => `${n} ${scores[i]}`).join(", ")),
      this.game.breakdown && !message.ended ? this.game.breakdown(this.context(message)) : "",
      endLinks(this.summary.replay, this.summary.review),
      h(
        "p",
        {},
        this.overlayHost.querySelector("#rematch") ? "" : [this.rematchButton(), this.active && this.active.token ? " · " : ""],
        h("a", { href: "#/" }, "New game"),
        " · ",
        h("a", { href: "#/stats" }, "Statistics"),
      ),
    );
  }
}

/**
 * A person's presence beside their name: connected, away, or unknown while this page's own connection is down.
 * @param {boolean | null} connected
 */
function presence(connected) {
  if (connected === null) return h("span.presence", { title: "unknown until the connection is back" }, " ? unknown");
  return h("span.presence", { title: connected ? "connected" : "away" }, connected ? " ●" : " ○ away");
}

/**
 * @param {string} text
 * @param {TableView} table
 */
async function copy(text, table) {
  try {
    await navigator.clipboard.writeText(text);
    table.say("Link copied.");
  } catch {
    table.say("Select the link and copy it.");
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Seconds left as a clock shows them: h:mm:ss from an hour, m:ss, and tenths under ten seconds.
 * @param {number} seconds
 * @returns {string}
 */
export function clockText(seconds) {
  if (seconds < 10) return `0:0${seconds.toFixed(1)}`;
  const whole = Math.ceil(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A person who left, in their tag: how long they keep their seat, then that they have left.
 * @param {number} left Seconds of their grace left.
 */
function awayText(left) {
  return left > 0 ? ` · back within ${clockText(left)}` : " · left";
}
