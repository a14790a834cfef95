// @ts-check
// One websocket to a table, for one seat (or a spectator): reconnects, and answers requests by type.

/** @typedef {import("./contract.js").ServerMessage} ServerMessage */
/** @typedef {import("./contract.js").ClientMessage} ClientMessage */
/** @typedef {import("./contract.js").Replies} Replies */

/**
 * What a connection tells its table.
 * @typedef {object} Handlers
 * @property {(message: import("./contract.js").StateMessage, conn: Connection) => void} onState
 * @property {((message: import("./contract.js").SeatsMessage, conn: Connection) => void) | undefined} [onSeats]
 * @property {((message: import("./contract.js").RematchMessage, conn: Connection) => void) | undefined} [onRematch]
 * @property {(text: string) => void} onError
 * @property {(text: string) => void} onClosed
 * @property {((conn: Connection) => void) | undefined} [onOpen]
 * @property {((conn: Connection) => void) | undefined} [onDrop] The connection went; it is being tried again.
 */

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export class Connection {
  /**
   * onState(message) for every state message; onSeats(message) when who sits where or who is connected changes;
   * onRematch(message) when the table's people play again elsewhere; onError(text) for refusals;
   * onClosed(text) when it gives up; onDrop when it went and is being tried again, onOpen when it is (back) up.
   * @param {string} tableId
   * @param {string | null} token The seat's token; null for a spectator.
   * @param {Handlers} handlers
   */
  constructor(tableId, token, { onState, onSeats, onRematch, onError, onClosed, onOpen, onDrop }) {
    this.tableId = tableId;
    this.token = token;
    /** @type {Handlers} */
    this.handlers = { onState, onSeats, onRematch, onError, onClosed, onOpen, onDrop };
    /** @type {Map<string, [(message: any) => void, (error: Error) => void]>} reply type -> [resolve, reject] */
    this.waiting = new Map();
    this.retries = 0;
    this.closed = false;
    /** @type {number | undefined} The seat this connection plays, set by its table (undefined: a spectator). */
    this.seat = undefined;
    /** @type {import("./contract.js").StateMessage | undefined} The latest state message, kept by its table. */
    this.latest = undefined;
    /** @type {string | undefined} */
    this.lastError = undefined;
    /** @type {WebSocket} */
    this.socket = this.open();
  }

  /** @returns {WebSocket} */
  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The token goes in the handshake's Sec-WebSocket-Protocol header, never in the URL: URLs land in access logs.
    const protocols = this.token ? ["deckhand", `token.${this.token}`] : ["deckhand"];
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`, protocols);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      if (this.handlers.onOpen) this.handlers.onOpen(this);
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      for (const [, [, reject]] of this.waiting) reject(new Error("the connection closed"));
      this.waiting.clear();
      if (this.closed) return;
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
        this.closed = true;
        this.handlers.onClosed(this.lastError || "the table refused the connection");
        return;
      }
      if (this.handlers.onDrop) this.handlers.onDrop(this); // until it is back, nobody knows who is connected
      const wait = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
      setTimeout(() => this.closed || this.open(), wait); // a reconnect gets a full snapshot
    };
    return socket;
  }

  /** @param {ServerMessage} message */
  receive(message) {
    if (message.type === "state") {
      this.handlers.onState(message, this);
      return;
    }
    if (message.type === "seats") {
      if (this.handlers.onSeats) this.handlers.onSeats(message, this);
      return;
    }
    if (message.type === "rematch") {
      if (this.handlers.onRematch) this.handlers.onRematch(message, this);
      return;
    }
    const reply = message.type === "error" ? [...this.waiting.keys()][0] : message.type;
    const waiter = reply ? this.waiting.get(reply) : undefined;
    if (reply && waiter) {
      const [resolve, reject] = waiter;
      this.waiting.delete(reply);
      if (message.type === "error") reject(new Error(message.message));
      else resolve(message);
      return;
    }
    if (message.type === "error") {
      this.lastError = message.message;
      this.handlers.onError(message.message);
    }
  }

  /**
   * @param {ClientMessage} message
   * @returns {boolean} Whether it went (else the table is told it is not connected yet).
   */
  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) {
      this.handlers.onError("not connected to the table yet; trying again…");
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Send a request and wait for the reply of type `reply` (an error rejects).
   * @template {keyof Replies} R
   * @param {ClientMessage} message
   * @param {R} reply
   * @returns {Promise<Replies[R]>}
   */
  ask(message, reply) {
    return new Promise((resolve, reject) => {
      this.waiting.set(reply, [resolve, reject]);
      if (!this.send(message)) {
        this.waiting.delete(reply);
        reject(new Error("not connected"));
      }
    });
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}

/**
 * A table's connections from this browser: one for each seat it holds a token of (by seat), or a spectator's.
 * @param {string} tableId
 * @param {Record<string, string>} tokens The seats' tokens kept here.
 * @param {number} seats How many seats the table has.
 * @param {Handlers} handlers
 * @returns {Connection[]}
 */
export function connectSeats(tableId, tokens, seats, handlers) {
  const held = Object.keys(tokens).map(Number).filter((s) => s < seats).sort();
  if (held.length === 0) return [new Connection(tableId, null, handlers)];
  return held.map((seat) => {
    const conn = new Connection(tableId, tokens[seat], handlers);
    conn.seat = seat;
    return conn;
  });
}
