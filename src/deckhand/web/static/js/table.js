// @ts-check
// A table in the browser: the connection(s), the pace of the computer's moves, and the frame around a game's drawing.
// What is drawn on the felt comes from games/<game>.js; the server decides everything (no optimistic updates).
import { Announcer, keepingFocus } from "./announce.js";
import { api, gameModule, games } from "./api.js";
import { Connection, connectSeats } from "./connection.js";
import { clear, h, store } from "./dom.js";
import { endControls, outcomeBody, resultBox } from "./ending.js";
import { carrySeats, hostToken, seatTokens } from "./kept.js";
import { hintLine, logLine, moveButtons } from "./lines.js";
import { landed, measure, travel } from "./motion.js";
import { endLinks, outcomeOverlay } from "./overlay.js";
import { play as sound, soundOf } from "./sound.js";
import { statusLine } from "./status.js";
import { PassTimer, Timekeeper } from "./timekeeping.js";
import { Typing } from "./typing.js";
import { handOverPanel, waitingPanel } from "./waiting.js";

/**
 * @typedef {import("./contract.js").StateMessage} StateMessage
 * @typedef {import("./contract.js").SeatsMessage} SeatsMessage
 * @typedef {import("./contract.js").TableSummary} TableSummary
 * @typedef {import("./contract.js").GameModule} GameModule
 * @typedef {import("./contract.js").GameEvent} GameEvent
 * @typedef {import("./contract.js").HintMessage} HintMessage
 */

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
  passes = new PassTimer();
  buttons = h("div.moves", { "aria-label": "Moves" });
  hintButton = h("button", { type: "button", onclick: () => this.askHint(), title: "Hint (h)" }, "Hint");
  moveBox = h("div.moves.move-box");
  typing = new Typing((move) => this.play(move));
  hintBox = h("div");
  logEl = h("ol.log", { "aria-label": "What happened", tabindex: "0" }); // it scrolls: a keyboard reaches it too
  resultEl = h("div");
  endButtons = h("div.game-actions");
  // the outcome of a deck, a round or the game, over the table until dismissed (draw() leaves it alone)
  overlayHost = h("div.outcome-host");
  // the notice under the felt, the hint's move number
  noticeIsError = false;
  /** Whether the connection on show is down (who is connected is then unknown). */
  offline = false;
  /** @type {number | undefined} */ hintSeq;

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
    /** @type {Connection | null} */
    this.handOver = null;
    this.time = new Timekeeper();
    this.build();
    this.connections = connectSeats(tableId, seatTokens(tableId), summary.seats.length, {
      onState: (message, conn) => this.received(message, conn),
      onSeats: (message) => this.seated(message),
      onRematch: (message) => this.rematch(message.table, message.shift ?? 1),
      onError: (text) => this.say(text, true),
      onClosed: (text) => this.say(text, true),
      onOpen: (conn) => this.reconnected(conn),
      onDrop: (conn) => this.dropped(conn),
    });
    /** @type {Connection | null} */
    this.active = this.connections[0];
    /** @param {KeyboardEvent} event */
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    this.clockTimer = setInterval(() => this.time.tick(this.status), 200);
  }

  close() {
    for (const conn of this.connections) conn.close();
    document.removeEventListener("keydown", this.keys);
    this.passes.stop();
    clearInterval(this.clockTimer);
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
    this.time.seated(message);
    this.names = message.seats.map((s) => s.name);
    this.summary.seats = message.seats;
    this.draw();
    // when a person's grace ends the others may claim the game: draw again then
    clearTimeout(this.graceTimer);
    /** @type {number[]} */
    const lefts = [];
    for (const s of message.seats) {
      const left = this.time.graceLeft(s.seat);
      if (left) lefts.push(left);
    }
    if (lefts.length) this.graceTimer = window.setTimeout(() => this.draw(), Math.min(...lefts) * 1000 + 50);
  }

  /**
   * The table's people play again: this browser's tokens hold the seats `shift` on at the new table.
   * @param {string} tableId
   * @param {number} shift
   */
  rematch(tableId, shift) {
    carrySeats(this.id, tableId, shift, this.summary.seats.length);
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

  // -- messages in, at a pace a person can follow ---------------------------------
  /**
   * @param {StateMessage} message
   * @param {Connection} conn
   */
  received(message, conn) {
    conn.latest = message;
    this.time.clock(message.clock); // the server's time: the newest
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
    sound(first ? "deal" : soundOf(message, this.game.sound));
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
    const outcome = ended && this.game.outcome && !message.ended ? this.game.outcome(this.context(message)) : null;
    const body = outcomeBody(message, ended ? message.result : null, tally, this.names, outcome);
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
    if (event.target === this.typing.input && event.key === "Escape") this.typing.input.blur();
    const target = event.target;
    const typing = target instanceof HTMLInputElement && !["checkbox", "radio", "button"].includes(target.type);
    if (typing || target instanceof HTMLSelectElement) return; // a box that takes the key; a ticked box does not
    if (event.key === "h") {
      event.preventDefault();
      this.askHint();
    } else if (event.key === "/") {
      event.preventDefault();
      this.typing.show(true);
      this.typing.input.focus();
    } else if (event.key === "Escape") {
      this.sel = {};
      this.draw();
    } else if (/^[1-9]$/.test(event.key)) {
      const button = this.buttons.querySelectorAll("button")[Number(event.key) - 1];
      if (button) button.click();
    }
  }

  // -- drawing ----------------------------------------------------------------------------
  build() {
    clear(this.moveBox, this.hintButton, " ", this.typing.toggle, this.typing.form);
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
        h("section.play", {}, this.overlayHost, this.status, this.resultEl, this.felt, this.announcer.el, h("div.controls", {}, this.passes.bar, this.noticeEl, this.buttons, this.moveBox, this.hintBox)),
        h("aside.side", {}, h("div.panel", {}, h("h2", {}, "Log"), this.logEl), this.endButtons, h("div.panel", {}, share, h("p.muted", {}, "Keys: 1–9 pick a move button, h hint, / type a move, Esc clears a selection."))),
      ),
    );
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
    // whose turn and the scores; while a seat is empty the table shows the moves but takes none: nobody's move yet
    const waiting = Boolean(this.time.people ? this.time.people.waiting : this.summary.waiting);
    const mine = message.legal.length > 0 && !waiting;
    clear(
      this.status,
      statusLine({
        title: this.summary.title,
        message,
        names: this.names,
        labels: this.summary.seat_labels || [],
        time: this.time,
        offline: this.offline,
        waiting,
        thinks: (seat) => this.thinks(message, seat),
      }),
    );
    endControls(this.endButtons, message, waiting, this.names, (seat) => this.time.graceLeft(seat), (request) => this.activeConnection().send(request));
    // the felt
    keepingFocus(this.felt, () => clear(this.felt, this.game.draw(ctx)));
    if (waiting && this.time.people) {
      const people = this.time.people;
      this.felt.append(waitingPanel({ id: this.id, people, listed: Boolean(this.summary.public), levels: this.levels || [], start: (level) => this.startNow(level), say: (text) => this.say(text) }));
    }
    if (this.handOver && !waiting) {
      const next = this.handOver;
      this.felt.append(handOverPanel(this.names[/** @type {number} */ (next.seat)], () => {
        this.active = next;
        this.handOver = null;
        this.message = null;
        const latest = /** @type {StateMessage} */ (next.latest);
        this.outcomes(latest, this.show(latest));
      }));
    }
    // moves that are words rather than clicks, and the timer on a pass
    clear(this.buttons, moveButtons(this.game, ctx, waiting ? [] : message.legal, (move) => this.play(move)));
    this.passes.run(message, (seq, pass) => {
      if (this.message && this.message.seq === seq && this.message.legal.includes(pass)) this.play(pass);
    });
    this.hintButton.disabled = !mine;
    // a spectator has no move to type and no hint to ask for, nor has anyone once the game is over
    this.moveBox.hidden = message.seat === null || Boolean(message.result);
    clear(this.hintBox, this.hint ? hintLine(this.hint, (move) => this.play(move)) : "");
    // the log
    clear(
      this.logEl,
      // passes (a stick window nobody used) would drown the moves that matter
      this.log.filter((event) => !event.quiet).slice(-60).map((event) => logLine(event, this.names)),
    );
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.drawResult(message);
    this.say(this.notice, this.noticeIsError);
  }

  /** @param {StateMessage} message */
  drawResult(message) {
    // the result waits, as the outcome does, until the game's last move has been seen
    const result = message.result;
    if (!result || this.endShown !== message.seq) {
      clear(this.resultEl);
      return;
    }
    const rematch = this.overlayHost.querySelector("#rematch") ? "" : this.rematchButton();
    const breakdown = this.game.breakdown && !message.ended ? this.game.breakdown(this.context(message)) : "";
    clear(this.resultEl, resultBox({ message, result, names: this.names, breakdown, replay: this.summary.replay, review: this.summary.review, rematch }));
  }

  /**
   * Whether the computer (or a stand-in) at `seat` is choosing its move now.
   * @param {StateMessage} message
   * @param {number} seat
   */
  thinks(message, seat) {
    if (message.result || message.to_move !== seat || this.isHere(seat)) return false;
    const person = this.time.people && this.time.people.seats[seat];
    if (person) return person.kind === "computer" || Boolean(person.stand_in);
    const listed = this.summary.seats[seat];
    return Boolean(listed) && listed.kind === "computer";
  }

  /** A person's Rematch button (one on the page: in the outcome overlay while it is open). */
  rematchButton() {
    if (!this.active || !this.active.token) return "";
    return h("button.primary", { type: "button", id: "rematch", onclick: () => this.askRematch() }, "Rematch");
  }

}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
